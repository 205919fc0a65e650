// RulesTest.cpp - the rules of docs/rules.md, with their sources there,
// walked through gemm::rules::checkCall: sizes, leading dimensions,
// enumerations, the type tables of every scheme, partial knowledge, and the
// promise that an unknown argument never yields a finding.
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace gemm::rules;
using namespace gemm_test;

namespace {

// --- helpers -----------------------------------------------------------------


// One call under construction: the API and what is known of its arguments.
struct Call {
  const ApiInfo *Api;
  CallValues V;

  explicit Call(const char *Name) : Api(&api(Name)) {}

  Call &set(Role R, int64_t X) {
    V[R] = Value::of(X);
    return *this;
  }
  Call &forget(Role R) {
    V[R] = Value::unknown();
    return *this;
  }
  Call &group(Role R, std::vector<int64_t> Xs) {
    V.group(R).clear();
    for (int64_t X : Xs)
      V.group(R).push_back(Value::of(X));
    return *this;
  }
  Call &types(int64_t AB, int64_t C) {
    return set(Role::AType, AB).set(Role::BType, AB).set(Role::CType, C);
  }
  Call &compute(int64_t CT) { return set(Role::ComputeType, CT); }

  bool known(Role R, int Group = -1) const {
    if (Api->isPerGroup(R)) {
      const std::vector<Value> &G = V.group(R);
      return Group >= 0 && static_cast<size_t>(Group) < G.size() &&
             G[Group].Known;
    }
    return V[R].Known;
  }

  std::vector<Finding> run() const { return checkCall(*Api, V); }
};

// cublasGemmEx (or a sibling with the same leading arguments), valid:
// C(64x32) = A(64x16) * B(16x32), fp16 in and out, fp32 compute.
Call gemmEx(const char *Name = "cublasGemmEx") {
  Call C(Name);
  C.set(Role::TransA, op::N).set(Role::TransB, op::N);
  C.set(Role::M, 64).set(Role::N, 32).set(Role::K, 16);
  C.set(Role::Lda, 64).set(Role::Ldb, 16).set(Role::Ldc, 64);
  C.types(dt::R_16F, dt::R_16F).compute(ct::C32F);
  if (C.Api->has(Role::Algo))
    C.set(Role::Algo, algo::Default);
  if (C.Api->has(Role::BatchCount))
    C.set(Role::BatchCount, 4);
  if (C.Api->has(Role::StrideA))
    C.set(Role::StrideA, 64 * 16)
        .set(Role::StrideB, 16 * 32)
        .set(Role::StrideC, 64 * 32);
  return C;
}

// A valid call of any API in the table, every argument known.
Call validCall(const ApiInfo &Api) {
  Call C(Api.Name);
  for (Role R : {Role::Handle, Role::Alpha, Role::A, Role::B, Role::Beta,
                 Role::C, Role::D})
    if (Api.has(R))
      C.set(R, 4096);
  const int64_t OpN = vendorOperation(Api.Vend, op::N);
  if (Api.isGrouped()) {
    C.set(Role::GroupCount, 2);
    C.group(Role::TransA, {OpN, OpN}).group(Role::TransB, {OpN, OpN});
    for (Role R : {Role::M, Role::N, Role::K, Role::Lda, Role::Ldb, Role::Ldc})
      C.group(R, {8, 8});
    C.group(Role::GroupSize, {1, 3});
  } else {
    C.set(Role::TransA, OpN).set(Role::TransB, OpN);
    for (Role R : {Role::M, Role::N, Role::K, Role::Lda, Role::Ldb, Role::Ldc,
                   Role::Ldd})
      if (Api.has(R))
        C.set(R, 8);
  }
  for (Role R : {Role::StrideA, Role::StrideB, Role::StrideC})
    if (Api.has(R))
      C.set(R, 64);
  if (Api.has(Role::BatchCount))
    C.set(Role::BatchCount, 3);
  switch (Api.Types) {
  case TypeScheme::Fixed:
    break;
  case TypeScheme::GemmEx:
  case TypeScheme::GroupedEx:
    C.types(dt::R_32F, dt::R_32F).compute(ct::C32F);
    break;
  case TypeScheme::SgemmEx:
    C.types(dt::R_32F, dt::R_32F);
    break;
  case TypeScheme::CgemmEx:
    C.types(dt::C_32F, dt::C_32F);
    break;
  case TypeScheme::HipblasEx:
    C.types(0 /*HIP_R_32F*/, 0).compute(2 /*HIPBLAS_COMPUTE_32F*/);
    break;
  case TypeScheme::RocblasEx:
    C.types(151, 151).compute(151).set(Role::DType, 151); // f32_r
    break;
  }
  if (Api.has(Role::Algo))
    C.set(Role::Algo, Api.Vend == Vendor::Cublas    ? algo::Default
                      : Api.Vend == Vendor::Hipblas ? 160
                                                    : 0);
  if (Api.has(Role::SolutionIndex))
    C.set(Role::SolutionIndex, 0).set(Role::Flags, 0);
  return C;
}

void expectFinding(const Finding &F, Category Cat, const char *Rule, Role Param,
                   int64_t Value) {
  EXPECT_EQ(F.Cat, Cat) << categoryName(F.Cat);
  EXPECT_STREQ(F.RuleId, Rule);
  EXPECT_EQ(F.Param, Param) << roleName(F.Param);
  EXPECT_EQ(F.Value, Value);
}

// Fs is exactly one types.combination finding, on Blamed = Value, spelled out
// in full.
void expectOnlyCombination(const std::vector<Finding> &Fs, Role Blamed,
                           int64_t Value, const std::string &Message,
                           const std::string &Note,
                           const std::vector<Role> &Inputs) {
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::TypeCombination, "types.combination", Blamed,
                Value);
  EXPECT_EQ(Fs[0].Message, Message);
  EXPECT_EQ(Fs[0].Note, Note);
  EXPECT_EQ(arguments(Fs[0].Inputs), Inputs);
}

// C passes the cudaDataType Type, named TypeName, as computeType where its API
// reads a cublasComputeType_t (docs/rules.md, `enum.compute-type`): exactly one
// finding.
void expectDataTypeAsComputeType(const Call &C, int64_t Type,
                                 const char *TypeName, const char *Note) {
  std::vector<Finding> Fs = C.run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::InvalidEnum, "enum.compute-type",
                Role::ComputeType, Type);
  EXPECT_EQ(Fs[0].Message, std::string("'computeType' is ") + TypeName + " (" +
                               std::to_string(Type) +
                               "), a cudaDataType, where " + C.Api->Name +
                               " reads a cublasComputeType_t");
  EXPECT_EQ(Fs[0].Note, Note);
}

bool hasRule(const std::vector<Finding> &Fs, const char *Rule) {
  return std::any_of(Fs.begin(), Fs.end(), [&](const Finding &F) {
    return std::string(F.RuleId) == Rule;
  });
}

bool contains(const std::string &S, const std::string &Part) {
  return S.find(Part) != std::string::npos;
}

constexpr int64_t IntMax = std::numeric_limits<int32_t>::max();

constexpr int64_t HipOpT = 112; // HIPBLAS_OP_T

} // namespace

// --- bookkeeping -------------------------------------------------------------

TEST(Rules, CategoryNames) {
  EXPECT_STREQ(categoryName(Category::LeadingDimension), "leading-dimension");
  EXPECT_STREQ(categoryName(Category::InvalidSize), "invalid-size");
  EXPECT_STREQ(categoryName(Category::TypeCombination), "type-combination");
  EXPECT_STREQ(categoryName(Category::InvalidEnum), "invalid-enum");
}

TEST(Rules, ParamNames) {
  const ApiInfo &Cu = api("cublasGemmEx");
  EXPECT_EQ(paramName(Cu, Role::TransA), "transa");
  EXPECT_EQ(paramName(Cu, Role::AType), "Atype");
  EXPECT_EQ(paramName(Cu, Role::ComputeType), "computeType");
  const ApiInfo &Roc = api("rocblas_gemm_ex");
  EXPECT_EQ(paramName(Roc, Role::TransA), "transA");
  EXPECT_EQ(paramName(Roc, Role::A), "a");
  EXPECT_EQ(paramName(Roc, Role::AType), "a_type");
  EXPECT_EQ(paramName(Roc, Role::DType), "d_type");
  EXPECT_EQ(paramName(Roc, Role::ComputeType), "compute_type");
  const ApiInfo &Gr = api("cublasGemmGroupedBatchedEx");
  EXPECT_EQ(paramName(Gr, Role::Lda, 2), "lda_array[2]");
  EXPECT_EQ(paramName(Gr, Role::TransB, 0), "transb_array[0]");
  EXPECT_EQ(paramName(Gr, Role::GroupSize, 2), "group_size[2]");
  EXPECT_EQ(paramName(Gr, Role::GroupCount), "group_count");
}

TEST(Rules, EveryApiAcceptsAValidCall) {
  for (const ApiInfo &Info : ApiTable) {
    std::vector<Finding> Fs = validCall(Info).run();
    EXPECT_TRUE(Fs.empty()) << Info.Name << describe(Fs);
  }
  std::vector<Finding> Fs = gemmEx().run();
  EXPECT_TRUE(Fs.empty()) << describe(Fs);
}

TEST(Rules, AllArgumentsUnknownYieldsNothing) {
  for (const ApiInfo &Info : ApiTable) {
    CallValues V;
    EXPECT_TRUE(checkCall(Info, V).empty()) << Info.Name;
    // Nor do the flags on their own.
    V.LegacyComputeType = true;
    V.ComputeTypeIsDataType = true;
    V.HipblasLegacyTypes = true;
    V.LibraryVersion = 110000;
    EXPECT_TRUE(checkCall(Info, V).empty()) << Info.Name;
    // Nor empty or partial group arrays without group_count.
    V.group(Role::M).push_back(Value::unknown());
    V.group(Role::Lda).push_back(Value::of(0));
    EXPECT_TRUE(checkCall(Info, V).empty()) << Info.Name;
  }
}

// --- 1.1 leading dimensions --------------------------------------------------

namespace {

// One operand of gemmEx() (m = 64, n = 32, k = 16) and the bound its leading
// dimension must meet for each transpose operation.
struct OperandLd {
  Role Trans, Ld;
  const char *TransName, *LdName, *Matrix;
};

struct OpBound {
  int64_t Op;
  const char *OpName;
  int64_t Bound;
  const char *Stored;
  const char *DimName;
  Role Dim;
};

// For each op, the leading dimension one below, at and one above the bound:
// below, exactly the one ld.operand finding, spelled out; else none.
void expectOperandLdBounds(const OperandLd &X,
                           std::initializer_list<OpBound> Cases) {
  for (const OpBound &C : Cases) {
    SCOPED_TRACE(C.OpName);
    for (int64_t Ld : {C.Bound - 1, C.Bound, C.Bound + 1}) {
      std::vector<Finding> Fs = gemmEx().set(X.Trans, C.Op).set(X.Ld, Ld).run();
      if (Ld >= C.Bound) {
        EXPECT_TRUE(Fs.empty()) << Ld << describe(Fs);
        continue;
      }
      ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
      const Finding &F = Fs[0];
      expectFinding(F, Category::LeadingDimension, "ld.operand", X.Ld, Ld);
      EXPECT_EQ(F.Bound, C.Bound);
      EXPECT_EQ(F.Group, -1);
      EXPECT_EQ(F.Message,
                std::string("'") + X.LdName + "' (" + std::to_string(Ld) +
                    ") must be at least max(1, " + C.DimName +
                    ") = " + std::to_string(C.Bound) + " because '" +
                    X.TransName + "' is " + C.OpName + " (" + X.Matrix +
                    " is stored " + C.Stored + ", column-major)");
      EXPECT_EQ(F.Note, std::string("set '") + X.LdName +
                            "' to the number of rows of the allocation "
                            "holding " +
                            X.Matrix + ", at least " + std::to_string(C.Bound));
      EXPECT_FALSE(F.RowMajorIdiom);
      EXPECT_EQ(arguments(F.Inputs), (std::vector<Role>{X.Ld, X.Trans, C.Dim}));
    }
  }
}

} // namespace

TEST(Rules, LdaBoundFollowsTransa) {
  // m = 64, k = 16: lda >= max(1, m) for N, max(1, k) for T and C.
  expectOperandLdBounds({Role::TransA, Role::Lda, "transa", "lda", "A"},
                        {{op::N, "CUBLAS_OP_N", 64, "m x k", "m", Role::M},
                         {op::T, "CUBLAS_OP_T", 16, "k x m", "k", Role::K},
                         {op::C, "CUBLAS_OP_C", 16, "k x m", "k", Role::K}});
}

TEST(Rules, LdbBoundFollowsTransb) {
  // k = 16, n = 32: ldb >= max(1, k) for N, max(1, n) for T and C.
  expectOperandLdBounds({Role::TransB, Role::Ldb, "transb", "ldb", "B"},
                        {{op::N, "CUBLAS_OP_N", 16, "k x n", "k", Role::K},
                         {op::T, "CUBLAS_OP_T", 32, "n x k", "n", Role::N},
                         {op::C, "CUBLAS_OP_C", 32, "n x k", "n", Role::N}});
}

TEST(Rules, LdcBoundIgnoresTransposes) {
  for (int64_t OpA : {op::N, op::T, op::C})
    for (int64_t OpB : {op::N, op::T, op::C})
      for (int64_t Ldc : {63, 64, 65}) {
        SCOPED_TRACE(testing::Message() << OpA << OpB << " ldc " << Ldc);
        std::vector<Finding> Fs = gemmEx()
                                      .set(Role::TransA, OpA)
                                      .set(Role::TransB, OpB)
                                      .set(Role::Lda, 64)
                                      .set(Role::Ldb, 64)
                                      .set(Role::Ldc, Ldc)
                                      .run();
        if (Ldc >= 64) {
          EXPECT_TRUE(Fs.empty()) << describe(Fs);
          continue;
        }
        ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
        expectFinding(Fs[0], Category::LeadingDimension, "ld.output", Role::Ldc,
                      63);
        EXPECT_EQ(Fs[0].Bound, 64);
        EXPECT_EQ(Fs[0].Message, "'ldc' (63) must be at least max(1, m) = 64 "
                                 "(C is stored m x n, column-major)");
        EXPECT_EQ(Fs[0].Note, "set 'ldc' to the number of rows of the "
                              "allocation holding C, at least 64");
        EXPECT_EQ(arguments(Fs[0].Inputs), (std::vector<Role>{Role::Ldc, Role::M}));
      }
}

TEST(Rules, RowMajorIdiomNotes) {
  // m = 64, n = 32, k = 16 unless changed.
  const struct {
    const char *Why;
    Call Bad;
    const char *Rule;
    int64_t Bound;
    const char *Note;
  } Cases[] = {
      {"lda == k with OP_N: the row-major buffer passed as is "
       "(docs/rules.md, folk rule a)",
       gemmEx().set(Role::Lda, 16), "ld.operand", 64,
       "'lda' equals 'k', the number of columns of A as stored; for "
       "row-major data, swap the operands (compute C^T = B^T * A^T) or "
       "flip 'transa'"},
      {"ldc == n", gemmEx().set(Role::Ldc, 32), "ld.output", 64,
       "'ldc' equals 'n', the number of columns of C; for a row-major "
       "result, swap A and B and exchange m and n (compute C^T = B^T * "
       "A^T)"},
      {"ldb == n with OP_N, k > n",
       gemmEx().set(Role::K, 40).set(Role::Lda, 64).set(Role::Ldb, 32),
       "ld.operand", 40,
       "'ldb' equals 'n', the number of columns of B as stored; for "
       "row-major data, swap the operands (compute C^T = B^T * A^T) or "
       "flip 'transb'"},
  };
  for (const auto &C : Cases) {
    SCOPED_TRACE(C.Why);
    std::vector<Finding> Fs = C.Bad.run();
    ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
    EXPECT_STREQ(Fs[0].RuleId, C.Rule);
    EXPECT_EQ(Fs[0].Bound, C.Bound);
    EXPECT_TRUE(Fs[0].RowMajorIdiom);
    EXPECT_EQ(Fs[0].Note, C.Note);
  }
}

TEST(Rules, LdZeroWithZeroDimension) {
  // cuBLAS: max(1, m) = 1 even when m == 0 (docs/rules.md, `ld.operand`).
  std::vector<Finding> Fs =
      gemmEx().set(Role::M, 0).set(Role::Lda, 0).set(Role::Ldc, 0).run();
  ASSERT_EQ(Fs.size(), 2u) << describe(Fs);
  expectFinding(Fs[0], Category::LeadingDimension, "ld.operand", Role::Lda, 0);
  EXPECT_EQ(Fs[0].Bound, 1);
  EXPECT_EQ(Fs[0].Message,
            "'lda' (0) must be at least max(1, m) = 1 because 'transa' is "
            "CUBLAS_OP_N (A is stored m x k, column-major)");
  expectFinding(Fs[1], Category::LeadingDimension, "ld.output", Role::Ldc, 0);
  EXPECT_EQ(Fs[1].Bound, 1);
  EXPECT_EQ(Fs[1].Message, "'ldc' (0) must be at least max(1, m) = 1 (C is "
                           "stored m x n, column-major)");
  // ldb with k == 0 under OP_N.
  Fs = gemmEx().set(Role::K, 0).set(Role::Lda, 64).set(Role::Ldb, 0).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::LeadingDimension, "ld.operand", Role::Ldb, 0);
  EXPECT_EQ(Fs[0].Bound, 1);
  // hipBLAS follows cuBLAS.
  Call Hip = validCall(api("hipblasGemmEx"));
  Fs = Hip.set(Role::M, 0).set(Role::Lda, 0).set(Role::Ldc, 0).run();
  EXPECT_EQ(Fs.size(), 2u) << describe(Fs);

  // rocBLAS: ld >= m, without max(1, .) (docs/rules.md, hipBLAS and rocBLAS).
  Call Roc = validCall(api("rocblas_gemm_ex"));
  Roc.set(Role::M, 0).set(Role::Lda, 0).set(Role::Ldc, 0).set(Role::Ldd, 0);
  Fs = Roc.run();
  EXPECT_TRUE(Fs.empty()) << describe(Fs);
  Roc = validCall(api("rocblas_gemm_ex"));
  Fs = Roc.set(Role::K, 0).set(Role::Ldb, 0).run();
  EXPECT_TRUE(Fs.empty()) << describe(Fs);
  // ...but still ld >= m.
  Fs = validCall(api("rocblas_gemm_ex")).set(Role::Lda, 7).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::LeadingDimension, "ld.operand", Role::Lda, 7);
  EXPECT_EQ(Fs[0].Bound, 8);
  EXPECT_EQ(Fs[0].Message,
            "'lda' (7) must be at least m = 8 because 'transA' is "
            "rocblas_operation_none (A is stored m x k, column-major)");
  // A negative ld is below even m == 0.
  Roc = validCall(api("rocblas_gemm_ex"));
  Fs = Roc.set(Role::M, 0)
           .set(Role::Lda, 0)
           .set(Role::Ldc, -1)
           .set(Role::Ldd, 0)
           .run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::LeadingDimension, "ld.output", Role::Ldc, -1);
  EXPECT_EQ(Fs[0].Bound, 0);
}

TEST(Rules, PitchInBytesAsLeadingDimension) {
  // cudaMallocPitch's pitch is in bytes; the leading dimension in elements.
  // The value itself is not known (it comes from the allocation at run time).
  auto Pitched = [](Call C, Role Ld) {
    C.forget(Ld);
    C.V.PitchBytes[static_cast<unsigned>(Ld)] = true;
    return C;
  };
  std::vector<Finding> Fs =
      Pitched(validCall(api("cublasSgemm_v2")), Role::Lda).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::LeadingDimension, "ld.pitch-bytes", Role::Lda,
                0);
  EXPECT_EQ(Fs[0].Message,
            "'lda' is a pitch in bytes from cudaMallocPitch, but cuBLAS counts "
            "leading dimensions in elements of A (CUDA_R_32F, 4 bytes each)");
  EXPECT_EQ(Fs[0].Note, "divide the pitch by sizeof(float) to pass it as 'lda'");
  EXPECT_EQ(arguments(Fs[0].Inputs), (std::vector<Role>{Role::Lda}));

  // The element type from the arguments: 2-byte halves for B, 16-byte
  // complex doubles for C.
  Fs = Pitched(gemmEx(), Role::Ldb).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::LeadingDimension, "ld.pitch-bytes", Role::Ldb,
                0);
  EXPECT_TRUE(contains(Fs[0].Message, "elements of B (CUDA_R_16F, 2 bytes each)"))
      << Fs[0].Message;
  EXPECT_EQ(Fs[0].Note, "divide the pitch by sizeof(__half) to pass it as 'ldb'");
  EXPECT_EQ(arguments(Fs[0].Inputs), (std::vector<Role>{Role::Ldb, Role::BType}));
  Fs = Pitched(validCall(api("cublasZgemm_v2")), Role::Ldc).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_TRUE(contains(Fs[0].Message, "elements of C (CUDA_C_64F, 16 bytes each)"))
      << Fs[0].Message;

  // One-byte elements: bytes are elements. An unknown type: no size.
  Call Int8 = Pitched(gemmEx(), Role::Lda);
  Int8.types(dt::R_8I, dt::R_32I).compute(ct::C32I);
  Fs = Int8.run();
  EXPECT_FALSE(hasRule(Fs, "ld.pitch-bytes")) << describe(Fs);
  Fs = Pitched(gemmEx(), Role::Lda).forget(Role::AType).run();
  EXPECT_FALSE(hasRule(Fs, "ld.pitch-bytes")) << describe(Fs);
  // Without the fact, the same unknown leading dimension says nothing.
  Fs = validCall(api("cublasSgemm_v2")).forget(Role::Lda).run();
  EXPECT_TRUE(Fs.empty()) << describe(Fs);
  // The grouped APIs take leading dimensions from host arrays: not a pitch.
  Call Grouped = validCall(api("cublasSgemmGroupedBatched"));
  Grouped.V.PitchBytes[static_cast<unsigned>(Role::Lda)] = true;
  Fs = Grouped.run();
  EXPECT_TRUE(Fs.empty()) << describe(Fs);
}

TEST(Rules, RocblasLdd) {
  std::vector<Finding> Fs =
      validCall(api("rocblas_gemm_ex")).set(Role::Ldd, 7).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::LeadingDimension, "ld.output", Role::Ldd, 7);
  EXPECT_EQ(Fs[0].Bound, 8);
  EXPECT_EQ(Fs[0].Message,
            "'ldd' (7) must be at least m = 8 (D is stored m x n, "
            "column-major)");
  EXPECT_EQ(arguments(Fs[0].Inputs), (std::vector<Role>{Role::Ldd, Role::M}));
  // ldc and ldd are judged separately.
  Fs = validCall(api("rocblas_gemm_ex"))
           .set(Role::Ldc, 2)
           .set(Role::Ldd, 3)
           .run();
  ASSERT_EQ(Fs.size(), 2u) << describe(Fs);
  EXPECT_EQ(Fs[0].Param, Role::Ldc);
  EXPECT_EQ(Fs[1].Param, Role::Ldd);
}

TEST(Rules, UnknownTransUsesTheSmallerBound) {
  // m = 64, k = 16: the valid ops need lda >= 64 (N) or lda >= 16 (T, C).
  std::vector<Finding> Fs =
      gemmEx().forget(Role::TransA).set(Role::Lda, 15).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::LeadingDimension, "ld.operand", Role::Lda, 15);
  EXPECT_EQ(Fs[0].Bound, 16);
  EXPECT_EQ(Fs[0].Message,
            "'lda' (15) must be at least max(1, m) = 64 when 'transa' is "
            "CUBLAS_OP_N and at least max(1, k) = 16 otherwise");
  EXPECT_EQ(arguments(Fs[0].Inputs), (std::vector<Role>{Role::Lda, Role::M, Role::K}));
  // Between the bounds: valid for some op, so silent.
  for (int64_t Lda : {16, 40, 63, 64})
    EXPECT_TRUE(gemmEx().forget(Role::TransA).set(Role::Lda, Lda).run().empty())
        << Lda;
  // Same for B: k = 16, n = 32.
  Fs = gemmEx().forget(Role::TransB).set(Role::Ldb, 15).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Bound, 16);
  EXPECT_EQ(Fs[0].Message,
            "'ldb' (15) must be at least max(1, k) = 16 when 'transb' is "
            "CUBLAS_OP_N and at least max(1, n) = 32 otherwise");
  EXPECT_TRUE(gemmEx().forget(Role::TransB).set(Role::Ldb, 20).run().empty());
  // One of the two dimensions unknown: no bound at all.
  EXPECT_TRUE(gemmEx()
                  .forget(Role::TransA)
                  .forget(Role::K)
                  .set(Role::Lda, 1)
                  .run()
                  .empty());
  // hipBLAS names its own N.
  Call Hip = validCall(api("hipblasGemmEx"));
  Fs = Hip.forget(Role::TransA)
           .set(Role::M, 10)
           .set(Role::K, 12)
           .set(Role::Lda, 9)
           .set(Role::Ldb, 12)
           .set(Role::Ldc, 10)
           .run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Message,
            "'lda' (9) must be at least max(1, m) = 10 when 'transa' is "
            "HIPBLAS_OP_N and at least max(1, k) = 12 otherwise");
}

TEST(Rules, LdNeedsTheDimensionItDependsOn) {
  // transa = N: lda depends on m alone.
  EXPECT_TRUE(gemmEx()
                  .forget(Role::M)
                  .set(Role::Lda, 1)
                  .set(Role::Ldc, 1)
                  .run()
                  .empty());
  // transa = T: lda depends on k, which is known.
  std::vector<Finding> Fs =
      gemmEx().forget(Role::M).set(Role::TransA, op::T).set(Role::Lda, 1).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Bound, 16);
  EXPECT_EQ(arguments(Fs[0].Inputs),
            (std::vector<Role>{Role::Lda, Role::TransA, Role::K}));
}

// --- 1.2 sizes ---------------------------------------------------------------

TEST(Rules, NegativeSizes) {
  for (Role R : {Role::M, Role::N, Role::K}) {
    SCOPED_TRACE(roleName(R));
    std::vector<Finding> Fs = gemmEx().set(R, -1).run();
    // The ld rules that read the negative size stay silent.
    ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
    expectFinding(Fs[0], Category::InvalidSize, "size.negative", R, -1);
    EXPECT_EQ(Fs[0].Message, "'" + paramName(api("cublasGemmEx"), R) +
                                 "' (-1) must not be negative");
    EXPECT_EQ(arguments(Fs[0].Inputs), std::vector<Role>{R});
    EXPECT_EQ(Fs[0].Note, "");
  }
  // All three at once, in order.
  std::vector<Finding> Fs =
      gemmEx().set(Role::M, -3).set(Role::N, -4).set(Role::K, -5).run();
  ASSERT_EQ(Fs.size(), 3u) << describe(Fs);
  EXPECT_EQ(Fs[0].Param, Role::M);
  EXPECT_EQ(Fs[1].Param, Role::N);
  EXPECT_EQ(Fs[2].Param, Role::K);
  // Zero is fine.
  EXPECT_TRUE(gemmEx().set(Role::N, 0).run().empty());
}

TEST(Rules, NegativeBatchCount) {
  for (const char *Name :
       {"cublasGemmBatchedEx", "cublasGemmStridedBatchedEx",
        "cublasGemmBatchedEx_64", "cublasSgemmBatched",
        "cublasHgemmStridedBatched", "hipblasGemmStridedBatchedEx"}) {
    SCOPED_TRACE(Name);
    std::vector<Finding> Fs =
        validCall(api(Name)).set(Role::BatchCount, -1).run();
    ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
    expectFinding(Fs[0], Category::InvalidSize, "size.negative",
                  Role::BatchCount, -1);
    EXPECT_EQ(Fs[0].Message, "'batchCount' (-1) must not be negative");
    EXPECT_TRUE(validCall(api(Name)).set(Role::BatchCount, 0).run().empty());
  }
}

TEST(Rules, NegativeGroupCountAndSize) {
  Call C = validCall(api("cublasGemmGroupedBatchedEx"));
  std::vector<Finding> Fs = C.set(Role::GroupCount, -1).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::InvalidSize, "size.negative", Role::GroupCount,
                -1);
  EXPECT_EQ(Fs[0].Message, "'group_count' (-1) must not be negative");
  EXPECT_EQ(Fs[0].Group, -1);

  C = validCall(api("cublasGemmGroupedBatchedEx"));
  Fs = C.group(Role::GroupSize, {1, -2}).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::InvalidSize, "size.negative", Role::GroupSize,
                -2);
  EXPECT_EQ(Fs[0].Group, 1);
  EXPECT_EQ(Fs[0].Message, "'group_size[1]' (-2) must not be negative");

  C = validCall(api("cublasSgemmGroupedBatched"));
  Fs = C.group(Role::M, {-3, 8}).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::InvalidSize, "size.negative", Role::M, -3);
  EXPECT_EQ(Fs[0].Group, 0);
  EXPECT_EQ(Fs[0].Message, "'m_array[0]' (-3) must not be negative");

  // group_count == 0: the arrays are not read.
  C = validCall(api("cublasGemmGroupedBatchedEx"));
  EXPECT_TRUE(C.set(Role::GroupCount, 0).group(Role::M, {-1}).run().empty());
}

TEST(Rules, GroupedLeadingDimensions) {
  Call C = validCall(api("cublasGemmGroupedBatchedEx"));
  C.group(Role::TransA, {op::N, op::T});
  C.group(Role::M, {64, 8}).group(Role::K, {16, 32});
  C.group(Role::Lda, {64, 16}).group(Role::Ldb, {16, 32});
  C.group(Role::Ldc, {64, 8});
  std::vector<Finding> Fs = C.run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::LeadingDimension, "ld.operand", Role::Lda, 16);
  EXPECT_EQ(Fs[0].Group, 1);
  EXPECT_EQ(Fs[0].Bound, 32);
  EXPECT_EQ(Fs[0].Message,
            "'lda_array[1]' (16) must be at least max(1, k_array[1]) = 32 "
            "because 'transa_array[1]' is CUBLAS_OP_T (A is stored "
            "k_array[1] x m_array[1], column-major)");
  EXPECT_EQ(Fs[0].Note, "set 'lda_array[1]' to the number of rows of the "
                        "allocation holding A, at least 32");

  // Only group_count groups are read.
  C.set(Role::GroupCount, 1);
  EXPECT_TRUE(C.run().empty()) << describe(C.run());
  // An unknown group_count reads none.
  C.forget(Role::GroupCount);
  EXPECT_TRUE(C.run().empty()) << describe(C.run());
  // Arrays shorter than group_count: the missing entries are unknown.
  C.set(Role::GroupCount, 1000000000);
  Fs = C.run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Group, 1);

  // Per-group trans and ldc, on the typed grouped API.
  Call S = validCall(api("cublasDgemmGroupedBatched"));
  S.set(Role::GroupCount, 3);
  S.group(Role::TransB, {op::N, 3, 9});
  S.group(Role::M, {8, 8, 8}).group(Role::Ldc, {8, 8, 4});
  Fs = S.run();
  ASSERT_EQ(Fs.size(), 3u) << describe(Fs);
  expectFinding(Fs[0], Category::InvalidEnum, "enum.trans", Role::TransB, 3);
  EXPECT_EQ(Fs[0].Group, 1);
  EXPECT_EQ(Fs[0].Message,
            "'transb_array[1]' is CUBLAS_OP_CONJG, a placeholder that cuBLAS "
            "does not support; use CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C");
  expectFinding(Fs[1], Category::InvalidEnum, "enum.trans", Role::TransB, 9);
  EXPECT_EQ(Fs[1].Group, 2);
  expectFinding(Fs[2], Category::LeadingDimension, "ld.output", Role::Ldc, 4);
  EXPECT_EQ(Fs[2].Group, 2);
  EXPECT_EQ(Fs[2].Message, "'ldc_array[2]' (4) must be at least max(1, "
                           "m_array[2]) = 8 (C is stored m_array[2] x "
                           "n_array[2], column-major)");
}

// --- 1.3 integer width -------------------------------------------------------

TEST(Rules, Int32Narrowing) {
  std::vector<Finding> Fs = gemmEx().set(Role::Lda, 3000000000LL).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  const Finding &F = Fs[0];
  expectFinding(F, Category::InvalidSize, "size.int32", Role::Lda,
                3000000000LL);
  EXPECT_EQ(F.Bound, IntMax);
  EXPECT_EQ(F.Message, "'lda' (3000000000) does not fit the 32-bit 'int' "
                       "parameter of cublasGemmEx and becomes -1294967296");
  EXPECT_EQ(F.Note, "call cublasGemmEx_64, which takes 64-bit sizes and "
                    "leading dimensions");
  EXPECT_TRUE(contains(F.Note, "cublasGemmEx_64"));
  EXPECT_EQ(arguments(F.Inputs), std::vector<Role>{Role::Lda});

  // The same value in the _64 API is a fine leading dimension.
  EXPECT_TRUE(
      gemmEx("cublasGemmEx_64").set(Role::Lda, 3000000000LL).run().empty());
}

TEST(Rules, Int32NarrowingDoesNotDuplicateLdFindings) {
  // m wraps, so cuBLAS never sees m = 3000000000: no ld finding may be
  // derived from it, although lda and ldc are far below it.
  std::vector<Finding> Fs = gemmEx()
                                .set(Role::M, 3000000000LL)
                                .set(Role::Lda, 10)
                                .set(Role::Ldc, 10)
                                .run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::InvalidSize, "size.int32", Role::M,
                3000000000LL);
  EXPECT_TRUE(contains(Fs[0].Note, "cublasGemmEx_64"));
  EXPECT_FALSE(hasRule(Fs, "ld.operand"));
  EXPECT_FALSE(hasRule(Fs, "ld.output"));

  // A wrapped ld is not also an ld finding.
  Fs = gemmEx().set(Role::Ldc, 4294967296LL + 5).run(); // wraps to 5
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "size.int32");
  EXPECT_TRUE(contains(Fs[0].Message, "and becomes 5"));

  // With _64 the size is real and the ld rules apply.
  Fs = gemmEx("cublasGemmEx_64")
           .set(Role::M, 3000000000LL)
           .set(Role::Lda, 10)
           .set(Role::Ldc, 10)
           .run();
  ASSERT_EQ(Fs.size(), 2u) << describe(Fs);
  EXPECT_FALSE(hasRule(Fs, "size.int32"));
  expectFinding(Fs[0], Category::LeadingDimension, "ld.operand", Role::Lda, 10);
  EXPECT_EQ(Fs[0].Bound, 3000000000LL);
  EXPECT_EQ(Fs[0].Message,
            "'lda' (10) must be at least max(1, m) = 3000000000 because "
            "'transa' is CUBLAS_OP_N (A is stored m x k, column-major)");
  expectFinding(Fs[1], Category::LeadingDimension, "ld.output", Role::Ldc, 10);
}

TEST(Rules, Int32NarrowingEdges) {
  EXPECT_TRUE(gemmEx().set(Role::Ldc, IntMax).run().empty());
  std::vector<Finding> Fs = gemmEx().set(Role::Ldc, IntMax + 1).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Message, "'ldc' (2147483648) does not fit the 32-bit 'int' "
                           "parameter of cublasGemmEx and becomes "
                           "-2147483648");
  // Below INT_MIN: a narrowing finding, not a negative-size one.
  Fs = gemmEx().set(Role::K, -3000000000LL).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::InvalidSize, "size.int32", Role::K,
                -3000000000LL);
  EXPECT_TRUE(contains(Fs[0].Message, "becomes 1294967296"));
  // INT_MIN itself fits (and is negative).
  Fs = gemmEx().set(Role::K, std::numeric_limits<int32_t>::min()).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "size.negative");
  // batchCount and group_count are int in the 32-bit APIs.
  Fs = gemmEx("cublasGemmBatchedEx").set(Role::BatchCount, IntMax + 1).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::InvalidSize, "size.int32", Role::BatchCount,
                IntMax + 1);
  EXPECT_EQ(Fs[0].Note, "call cublasGemmBatchedEx_64, which takes 64-bit "
                        "sizes and leading dimensions");
  Call G = validCall(api("cublasGemmGroupedBatchedEx"));
  Fs = G.set(Role::GroupCount, 5000000000LL).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::InvalidSize, "size.int32", Role::GroupCount,
                5000000000LL);
  // ...and int64_t in the _64 ones.
  EXPECT_TRUE(gemmEx("cublasGemmBatchedEx_64")
                  .set(Role::BatchCount, IntMax + 1)
                  .run()
                  .empty());
  // Typed and vendor APIs narrow too.
  Fs = validCall(api("cublasSgemm_v2")).set(Role::N, IntMax + 1).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_TRUE(contains(Fs[0].Note, "cublasSgemm_v2_64"));
  Fs = validCall(api("rocblas_gemm_ex")).set(Role::Ldd, IntMax + 1).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::InvalidSize, "size.int32", Role::Ldd,
                IntMax + 1);
  EXPECT_TRUE(contains(Fs[0].Message, "of rocblas_gemm_ex and becomes"));
  for (const ApiInfo &Info : ApiTable)
    if (Info.Int64Dims) {
      Call C = validCall(Info);
      if (!Info.isGrouped())
        C.set(Role::M, 5000000000LL)
            .set(Role::Lda, 5000000000LL)
            .set(Role::Ldc, 5000000000LL);
      else
        C.set(Role::GroupCount, 5000000000LL);
      if (Info.has(Role::Ldd))
        C.set(Role::Ldd, 5000000000LL);
      std::vector<Finding> Wide = C.run();
      EXPECT_FALSE(hasRule(Wide, "size.int32")) << Info.Name;
    }
}

// --- 1.2 / 7 enumerations ----------------------------------------------------

TEST(Rules, InvalidTrans) {
  std::vector<Finding> Fs =
      gemmEx().set(Role::TransA, op::CONJG).set(Role::Lda, 1).run();
  // The ld of an operand with an invalid op is not judged.
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::InvalidEnum, "enum.trans", Role::TransA, 3);
  EXPECT_EQ(Fs[0].Message,
            "'transa' is CUBLAS_OP_CONJG, a placeholder that cuBLAS does not "
            "support; use CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C");
  EXPECT_EQ(arguments(Fs[0].Inputs), std::vector<Role>{Role::TransA});

  Fs = gemmEx().set(Role::TransB, 7).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::InvalidEnum, "enum.trans", Role::TransB, 7);
  EXPECT_EQ(Fs[0].Message, "'transb' (7) is not a valid operation; use "
                           "CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C");

  for (int64_t Bad : {-1, 4, 111}) {
    Fs = gemmEx().set(Role::TransA, Bad).run();
    ASSERT_EQ(Fs.size(), 1u) << Bad << describe(Fs);
    EXPECT_STREQ(Fs[0].RuleId, "enum.trans");
  }
  // An invalid transb does not hide ldc.
  Fs = gemmEx().set(Role::TransB, 7).set(Role::Ldc, 1).run();
  ASSERT_EQ(Fs.size(), 2u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "enum.trans");
  EXPECT_STREQ(Fs[1].RuleId, "ld.output");
}

TEST(Rules, AlgoValidity) {
  for (int64_t Ok : {-1, 0, 1, 18, 23, 99, 100, 107, 115, 999})
    EXPECT_TRUE(gemmEx().set(Role::Algo, Ok).run().empty()) << Ok;
  for (int64_t Bad : {-2, 24, 50, 98, 116, 998, 1000}) {
    SCOPED_TRACE(Bad);
    std::vector<Finding> Fs = gemmEx().set(Role::Algo, Bad).run();
    ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
    expectFinding(Fs[0], Category::InvalidEnum, "enum.algo", Role::Algo, Bad);
    EXPECT_EQ(Fs[0].Message, "'algo' (" + std::to_string(Bad) +
                                 ") is not a cublasGemmAlgo_t enumerator");
    EXPECT_EQ(arguments(Fs[0].Inputs), std::vector<Role>{Role::Algo});
  }
  // Batched forms too.
  std::vector<Finding> Fs =
      gemmEx("cublasGemmStridedBatchedEx_64").set(Role::Algo, 24).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "enum.algo");
}

TEST(Rules, EveryComputeTypeIsAccepted) {
  // Each with a row of its own in the GemmEx table.
  for (const EnumName &E : ComputeTypeNames) {
    SCOPED_TRACE(E.Name);
    const TypeCombo *Row = nullptr;
    for (const TypeCombo &T : GemmExCombos)
      if (T.Compute == E.Value) {
        Row = &T;
        break;
      }
    ASSERT_NE(Row, nullptr);
    for (const char *Name : {"cublasGemmEx", "cublasGemmBatchedEx_64",
                             "cublasGemmStridedBatchedEx"}) {
      std::vector<Finding> Fs =
          gemmEx(Name).types(Row->AB, Row->C).compute(E.Value).run();
      EXPECT_TRUE(Fs.empty()) << Name << describe(Fs);
    }
    // Whatever the data, a valid compute type is never an enum finding.
    std::vector<Finding> Fs =
        gemmEx().types(dt::R_8I, dt::R_8I).compute(E.Value).run();
    EXPECT_FALSE(hasRule(Fs, "enum.compute-type")) << describe(Fs);
  }
}

TEST(Rules, InvalidComputeTypes) {
  for (int64_t Bad : {66, 67, 76, 63, 80, -1}) {
    SCOPED_TRACE(Bad);
    std::vector<Finding> Fs = gemmEx().compute(Bad).run();
    ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
    expectFinding(Fs[0], Category::InvalidEnum, "enum.compute-type",
                  Role::ComputeType, Bad);
    EXPECT_EQ(Fs[0].Message, "'computeType' (" + std::to_string(Bad) +
                                 ") is not a cublasComputeType_t value");
    EXPECT_EQ(Fs[0].Note, "");
  }
  // 0 is CUDA_R_32F, a cudaDataType (docs/rules.md, `enum.compute-type`).
  expectDataTypeAsComputeType(gemmEx().compute(0), 0, "CUDA_R_32F",
                              "pass CUBLAS_COMPUTE_32F");
  // No combination finding on top of the invalid compute type.
  std::vector<Finding> Fs =
      gemmEx().types(dt::R_8U, dt::R_8U).compute(66).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
}

TEST(Rules, DataTypeAsComputeTypeOnApisWithoutOverload) {
  // Neither cublasGemmEx_64 nor the grouped API has a cudaDataType overload
  // (docs/rules.md, `types.legacy-compute`).
  const struct {
    Call Base;
    int64_t Type;
    const char *TypeName, *Note;
  } Cases[] = {
      {gemmEx("cublasGemmEx_64"), dt::R_32F, "CUDA_R_32F",
       "pass CUBLAS_COMPUTE_32F"},
      {validCall(api("cublasGemmGroupedBatchedEx")), dt::C_64F, "CUDA_C_64F",
       "pass CUBLAS_COMPUTE_64F"},
      {validCall(api("cublasGemmGroupedBatchedEx")), dt::R_16F, "CUDA_R_16F",
       "pass CUBLAS_COMPUTE_16F"},
      {validCall(api("cublasGemmGroupedBatchedEx")), dt::R_32I, "CUDA_R_32I",
       "pass CUBLAS_COMPUTE_32I"},
      {validCall(api("cublasGemmGroupedBatchedEx")), dt::R_16BF, "CUDA_R_16BF",
       "pass a cublasComputeType_t such as CUBLAS_COMPUTE_32F"},
  };
  for (const auto &Case : Cases) {
    SCOPED_TRACE(Case.TypeName);
    Call C = Case.Base;
    C.compute(Case.Type);
    C.V.ComputeTypeIsDataType = true;
    expectDataTypeAsComputeType(C, Case.Type, Case.TypeName, Case.Note);
  }
  // A cudaDataType-typed expression holding a real compute type is fine.
  Call C = gemmEx("cublasGemmEx_64").compute(ct::C32F);
  C.V.ComputeTypeIsDataType = true;
  EXPECT_TRUE(C.run().empty());
  // A cudaDataType expression holding no cudaDataType enumerator is named
  // by its value only.
  C = gemmEx("cublasGemmEx_64").compute(50);
  C.V.ComputeTypeIsDataType = true;
  std::vector<Finding> Fs = C.run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Message,
            "'computeType' (50) is not a cublasComputeType_t value");
}

// --- 2 version notes ---------------------------------------------------------

TEST(Rules, ComputeTypeVersionGate) {
  // Each emulated compute type, with a library just too old for it and with
  // versions that have it (0: unknown).
  const struct {
    int64_t Type, Compute, Raw, TooOld;
    const char *Message;
    std::vector<int64_t> Fine;
  } Gates[] = {
      {dt::R_32F,
       ct::C32F_EMULATED_16BFX9,
       78,
       120800,
       "'computeType' CUBLAS_COMPUTE_32F_EMULATED_16BFX9 needs cuBLAS "
       "12.9 or newer, but CUBLAS_VERSION is 120800",
       {120900, 0}},
      {dt::C_64F,
       ct::C64F_EMULATED_FIXEDPOINT,
       79,
       120900,
       "'computeType' CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT needs "
       "cuBLAS 13.0 or newer, but CUBLAS_VERSION is 120900",
       {0, 130000, 130100}},
  };
  for (const auto &G : Gates) {
    SCOPED_TRACE(G.Raw);
    Call C = gemmEx().types(G.Type, G.Type).compute(G.Compute);
    C.V.LibraryVersion = G.TooOld;
    std::vector<Finding> Fs = C.run();
    ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
    expectFinding(Fs[0], Category::InvalidEnum, "enum.version",
                  Role::ComputeType, G.Raw);
    EXPECT_EQ(Fs[0].Message, G.Message);
    for (int64_t Ok : G.Fine) {
      C.V.LibraryVersion = Ok;
      EXPECT_TRUE(C.run().empty()) << Ok;
    }
  }
  // The version gate does not concern the older compute types.
  Call C = gemmEx();
  C.V.LibraryVersion = 110000;
  EXPECT_TRUE(C.run().empty());
  // Nor silences a bad combination once the version is fine.
  C = gemmEx().types(dt::R_16F, dt::R_16F).compute(ct::C32F_EMULATED_16BFX9);
  C.V.LibraryVersion = 130100;
  std::vector<Finding> Fs = C.run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "types.combination");
}

// --- 2 the GemmEx table ------------------------------------------------------

namespace {

struct Combo {
  int64_t Compute, AB, C;
  bool operator<(const Combo &O) const {
    return std::tie(Compute, AB, C) < std::tie(O.Compute, O.AB, O.C);
  }
  bool operator==(const Combo &O) const {
    return std::tie(Compute, AB, C) == std::tie(O.Compute, O.AB, O.C);
  }
};

// Rulebook section 2, re-typed from the table (not from type_tables.h),
// plus CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT on R_64F/C_64F (version note).
std::set<Combo> rulebookGemmEx() {
  std::set<Combo> S;
  for (int64_t CT : {ct::C16F, ct::C16F_PEDANTIC})
    S.insert({CT, dt::R_16F, dt::R_16F});
  for (int64_t CT : {ct::C32I, ct::C32I_PEDANTIC})
    S.insert({CT, dt::R_8I, dt::R_32I});
  for (int64_t CT : {ct::C32F, ct::C32F_PEDANTIC}) {
    S.insert({CT, dt::R_16BF, dt::R_16BF});
    S.insert({CT, dt::R_16F, dt::R_16F});
    S.insert({CT, dt::R_8I, dt::R_32F});
    S.insert({CT, dt::R_16BF, dt::R_32F});
    S.insert({CT, dt::R_16F, dt::R_32F});
    S.insert({CT, dt::R_32F, dt::R_32F});
    S.insert({CT, dt::C_8I, dt::C_32F});
    S.insert({CT, dt::C_32F, dt::C_32F});
  }
  for (int64_t CT : {ct::C32F_FAST_16F, ct::C32F_FAST_16BF, ct::C32F_FAST_TF32,
                     ct::C32F_EMULATED_16BFX9}) {
    S.insert({CT, dt::R_32F, dt::R_32F});
    S.insert({CT, dt::C_32F, dt::C_32F});
  }
  for (int64_t CT :
       {ct::C64F, ct::C64F_PEDANTIC, ct::C64F_EMULATED_FIXEDPOINT}) {
    S.insert({CT, dt::R_64F, dt::R_64F});
    S.insert({CT, dt::C_64F, dt::C_64F});
  }
  return S;
}

// Every (compute, A = B, C) over the given value sets, against Expected.
// Narrow floats must give narrow-float findings, any other miss exactly one
// combination finding.
void checkExhaustively(Call Base, const std::vector<int64_t> &Computes,
                       const std::vector<int64_t> &Types,
                       const std::set<Combo> &Expected,
                       int64_t (*Canon)(int64_t) = nullptr) {
  unsigned Accepted = 0;
  for (int64_t CT : Computes)
    for (int64_t AB : Types)
      for (int64_t C : Types) {
        Call Cur = Base;
        Cur.types(AB, C);
        if (Base.Api->has(Role::DType))
          Cur.set(Role::DType, C);
        if (CT != -1)
          Cur.compute(CT);
        std::vector<Finding> Fs = Cur.run();
        SCOPED_TRACE(testing::Message() << Base.Api->Name << " compute " << CT
                                        << " A/B " << AB << " C " << C);
        const int64_t CAB = Canon ? Canon(AB) : AB;
        const int64_t CC = Canon ? Canon(C) : C;
        if (Expected.count({CT, AB, C})) {
          EXPECT_TRUE(Fs.empty()) << describe(Fs);
          ++Accepted;
        } else if (isNarrowFloatDataType(CAB) || isNarrowFloatDataType(CC)) {
          ASSERT_EQ(Fs.size(), (isNarrowFloatDataType(CAB) ? 2u : 0u) +
                                   (isNarrowFloatDataType(CC) ? 1u : 0u))
              << describe(Fs);
          for (const Finding &F : Fs) {
            EXPECT_STREQ(F.RuleId, "types.narrow-float");
            EXPECT_EQ(F.Cat, Category::TypeCombination);
            EXPECT_EQ(F.Message,
                      "'" + paramName(*Base.Api, F.Param) + "' is " +
                          dataTypeName(Base.Api->Vend,
                                       F.Param == Role::CType ? CC : CAB) +
                          ": " + Base.Api->Name +
                          " does not accept FP8, FP6 or FP4 data");
            EXPECT_EQ(F.Note, "FP8 and FP4 GEMMs go through cublasLtMatmul");
          }
        } else {
          ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
          EXPECT_STREQ(Fs[0].RuleId, "types.combination");
          EXPECT_EQ(Fs[0].Cat, Category::TypeCombination);
          EXPECT_TRUE(contains(
              Fs[0].Message, std::string("unsupported type combination for ") +
                                 Base.Api->Name + ": "))
              << Fs[0].Message;
        }
      }
  // Every expected row was visited.
  unsigned Wanted = 0;
  for (const Combo &E : Expected)
    Wanted += std::count(Computes.begin(), Computes.end(), E.Compute) &&
              std::count(Types.begin(), Types.end(), E.AB) &&
              std::count(Types.begin(), Types.end(), E.C);
  EXPECT_EQ(Accepted, Wanted);
}

// The scale type of a GemmEx row (docs/rules.md, `scalar.type`): the compute
// type's precision, complex when C is.
int64_t rulebookScale(int64_t Compute, int64_t C) {
  switch (Compute) {
  case ct::C16F:
  case ct::C16F_PEDANTIC:
    return dt::R_16F;
  case ct::C32I:
  case ct::C32I_PEDANTIC:
    return dt::R_32I;
  case ct::C64F:
  case ct::C64F_PEDANTIC:
  case ct::C64F_EMULATED_FIXEDPOINT:
    return isComplexDataType(C) ? dt::C_64F : dt::R_64F;
  default:
    return isComplexDataType(C) ? dt::C_32F : dt::R_32F;
  }
}

template <unsigned N>
std::vector<int64_t> valuesOf(const EnumName (&Table)[N]) {
  std::vector<int64_t> V;
  for (const EnumName &E : Table)
    V.push_back(E.Value);
  return V;
}

std::vector<int64_t> allDataTypes() { return valuesOf(DataTypeNames); }
std::vector<int64_t> allComputeTypes() { return valuesOf(ComputeTypeNames); }

} // namespace

TEST(Rules, GemmExTableRowsAreAccepted) {
  for (const char *Name :
       {"cublasGemmEx", "cublasGemmEx_64", "cublasGemmBatchedEx",
        "cublasGemmBatchedEx_64", "cublasGemmStridedBatchedEx",
        "cublasGemmStridedBatchedEx_64"})
    for (const TypeCombo &Row : GemmExCombos) {
      std::vector<Finding> Fs =
          gemmEx(Name).types(Row.AB, Row.C).compute(Row.Compute).run();
      EXPECT_TRUE(Fs.empty()) << Name << " " << Row.Compute << "/" << Row.AB
                              << "/" << Row.C << describe(Fs);
    }
  // And the core's table is the rulebook's, row for row, scale type
  // included.
  std::set<Combo> Core;
  for (const TypeCombo &Row : GemmExCombos) {
    EXPECT_EQ(Row.Scale, rulebookScale(Row.Compute, Row.C))
        << Row.Compute << "/" << Row.AB << "/" << Row.C;
    Core.insert({Row.Compute, Row.AB, Row.C});
  }
  const std::set<Combo> Book = rulebookGemmEx();
  EXPECT_TRUE(Core == Book) << Core.size() << " vs " << Book.size();
}

TEST(Rules, GemmExTableExhaustive) {
  checkExhaustively(gemmEx(), allComputeTypes(), allDataTypes(),
                    rulebookGemmEx());
  checkExhaustively(gemmEx("cublasGemmStridedBatchedEx_64"),
                    {ct::C32F, ct::C32I, ct::C64F_EMULATED_FIXEDPOINT},
                    allDataTypes(), rulebookGemmEx());
}

TEST(Rules, GemmExInvalidCombinations) {
  const struct {
    const char *Why;
    int64_t AB, C, Compute;
    Role Blamed;
    int64_t Value;
    const char *Message, *Note;
  } Cases[] = {
      {"fp16 input, COMPUTE_32F, bf16 output: Ctype is to blame", dt::R_16F,
       dt::R_16BF, ct::C32F, Role::CType, dt::R_16BF,
       "unsupported type combination for cublasGemmEx: computeType "
       "CUBLAS_COMPUTE_32F, Atype/Btype CUDA_R_16F, Ctype CUDA_R_16BF",
       "with CUBLAS_COMPUTE_32F and Atype CUDA_R_16F, Ctype must be "
       "CUDA_R_16F or CUDA_R_32F"},
      {"bf16 with COMPUTE_16F: there is no COMPUTE_16BF", dt::R_16BF,
       dt::R_16BF, ct::C16F, Role::AType, dt::R_16BF,
       "unsupported type combination for cublasGemmEx: computeType "
       "CUBLAS_COMPUTE_16F, Atype/Btype CUDA_R_16BF, Ctype CUDA_R_16BF",
       "with CUBLAS_COMPUTE_16F, Atype/Btype must be CUDA_R_16F"},
      {"fp16 data with FAST_16F: FAST_* take fp32 data only", dt::R_16F,
       dt::R_16F, ct::C32F_FAST_16F, Role::AType, dt::R_16F,
       "unsupported type combination for cublasGemmEx: computeType "
       "CUBLAS_COMPUTE_32F_FAST_16F, Atype/Btype CUDA_R_16F, Ctype "
       "CUDA_R_16F",
       "with CUBLAS_COMPUTE_32F_FAST_16F, Atype/Btype must be CUDA_R_32F or "
       "CUDA_C_32F"},
      {"int8 -> int8 exists only in cuBLASLt", dt::R_8I, dt::R_8I, ct::C32I,
       Role::CType, dt::R_8I,
       "unsupported type combination for cublasGemmEx: computeType "
       "CUBLAS_COMPUTE_32I, Atype/Btype CUDA_R_8I, Ctype CUDA_R_8I",
       "with CUBLAS_COMPUTE_32I and Atype CUDA_R_8I, Ctype must be "
       "CUDA_R_32I"},
  };
  for (const auto &Case : Cases) {
    SCOPED_TRACE(Case.Why);
    expectOnlyCombination(
        gemmEx().types(Case.AB, Case.C).compute(Case.Compute).run(),
        Case.Blamed, Case.Value, Case.Message, Case.Note,
        {Role::ComputeType, Role::AType, Role::CType});
  }

  // Absent from every row: C_16F, R_8U (and friends).
  for (int64_t T : {dt::C_16F, dt::R_8U, dt::R_4I, dt::R_16I, dt::C_16BF}) {
    SCOPED_TRACE(T);
    std::vector<Finding> Fs = gemmEx().types(T, T).compute(ct::C32F).run();
    ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
    expectFinding(Fs[0], Category::TypeCombination, "types.combination",
                  Role::AType, T);
    EXPECT_EQ(Fs[0].Note,
              "with CUBLAS_COMPUTE_32F, Atype/Btype must be one of "
              "CUDA_R_16BF, CUDA_R_16F, CUDA_R_8I, CUDA_R_32F, CUDA_C_8I or "
              "CUDA_C_32F");
  }

  // A compute type the table has no row for at all (grouped has no 32I).
  Call G = validCall(api("cublasGemmGroupedBatchedEx"));
  std::vector<Finding> Fs =
      G.types(dt::R_8I, dt::R_32I).compute(ct::C32I).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::TypeCombination, "types.combination",
                Role::ComputeType, ct::C32I);
  EXPECT_EQ(Fs[0].Note, "");
}

TEST(Rules, MixedAB) {
  std::vector<Finding> Fs = gemmEx()
                                .set(Role::AType, dt::R_16F)
                                .set(Role::BType, dt::R_16BF)
                                .set(Role::CType, dt::R_32F)
                                .run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::TypeCombination, "types.mixed-ab", Role::BType,
                dt::R_16BF);
  EXPECT_EQ(Fs[0].Message,
            "'Btype' (CUDA_R_16BF) must equal 'Atype' (CUDA_R_16F): "
            "cublasGemmEx has no mixed-type A and B inputs");
  EXPECT_EQ(Fs[0].Note, "convert one operand so both have the same type");
  EXPECT_EQ(arguments(Fs[0].Inputs), (std::vector<Role>{Role::AType, Role::BType}));
  // Every pair of distinct, non-narrow types.
  for (int64_t A : allDataTypes())
    for (int64_t B : allDataTypes()) {
      if (A == B || isNarrowFloatDataType(A) || isNarrowFloatDataType(B))
        continue;
      Fs = gemmEx()
               .set(Role::AType, A)
               .set(Role::BType, B)
               .set(Role::CType, dt::R_32F)
               .run();
      ASSERT_EQ(Fs.size(), 1u) << A << "/" << B << describe(Fs);
      EXPECT_STREQ(Fs[0].RuleId, "types.mixed-ab");
    }
  // Other schemes.
  Call Roc = validCall(api("rocblas_gemm_ex"));
  Fs = Roc.set(Role::BType, RocF16R).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Message,
            "'b_type' (rocblas_datatype_f16_r) must equal 'a_type' "
            "(rocblas_datatype_f32_r): rocblas_gemm_ex has no mixed-type A "
            "and B inputs");
}

TEST(Rules, NarrowFloats) {
  for (int64_t T = dt::R_8F_E4M3; T <= dt::R_4F_E2M1; ++T) {
    SCOPED_TRACE(T);
    std::vector<Finding> Fs = gemmEx().types(T, dt::R_16F).run();
    ASSERT_EQ(Fs.size(), 2u) << describe(Fs);
    expectFinding(Fs[0], Category::TypeCombination, "types.narrow-float",
                  Role::AType, T);
    expectFinding(Fs[1], Category::TypeCombination, "types.narrow-float",
                  Role::BType, T);
    EXPECT_EQ(Fs[0].Message, "'Atype' is " + dataTypeName(Vendor::Cublas, T) +
                                 ": cublasGemmEx does not accept FP8, FP6 or "
                                 "FP4 data");
    EXPECT_EQ(Fs[0].Note, "FP8 and FP4 GEMMs go through cublasLtMatmul");
    EXPECT_EQ(arguments(Fs[0].Inputs), std::vector<Role>{Role::AType});
  }
  std::vector<Finding> Fs = gemmEx().types(dt::R_16F, dt::R_8F_E5M2).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::TypeCombination, "types.narrow-float",
                Role::CType, dt::R_8F_E5M2);
  EXPECT_EQ(Fs[0].Message, "'Ctype' is CUDA_R_8F_E5M2: cublasGemmEx does not "
                           "accept FP8, FP6 or FP4 data");
  // Mixed FP8 inputs: the narrow-float findings, not a mixed-ab one.
  Fs = gemmEx()
           .set(Role::AType, dt::R_8F_E4M3)
           .set(Role::BType, dt::R_8F_E5M2)
           .run();
  ASSERT_EQ(Fs.size(), 2u) << describe(Fs);
  EXPECT_FALSE(hasRule(Fs, "types.mixed-ab"));
  // Every Ex scheme of cuBLAS.
  for (const char *Name :
       {"cublasSgemmEx", "cublasCgemmEx", "cublasGemmGroupedBatchedEx_64"}) {
    Call C = validCall(api(Name));
    Fs = C.set(Role::BType, dt::R_4F_E2M1).run();
    ASSERT_EQ(Fs.size(), 1u) << Name << describe(Fs);
    EXPECT_STREQ(Fs[0].RuleId, "types.narrow-float");
    EXPECT_TRUE(contains(Fs[0].Message, std::string(": ") + Name + " does"));
  }
}

// --- 2.1 the cudaDataType computeType overload -------------------------------

TEST(Rules, LegacyComputeType) {
  for (int64_t Bad : {dt::R_16BF, dt::R_8I, dt::C_16F}) {
    SCOPED_TRACE(Bad);
    Call C = gemmEx().compute(Bad);
    C.V.LegacyComputeType = true;
    std::vector<Finding> Fs = C.run();
    ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
    expectFinding(Fs[0], Category::TypeCombination, "types.legacy-compute",
                  Role::ComputeType, Bad);
    EXPECT_EQ(Fs[0].Message,
              "'computeType' " + dataTypeName(Vendor::Cublas, Bad) +
                  " is a cudaDataType that the C++ compatibility overload of "
                  "cublasGemmEx cannot map to a compute type; it returns "
                  "CUBLAS_STATUS_NOT_SUPPORTED without calling cuBLAS");
    EXPECT_EQ(Fs[0].Note,
              "the overload maps only CUDA_R_16F, CUDA_R_32F, CUDA_R_64F, "
              "CUDA_R_32I, CUDA_C_32F and CUDA_C_64F; pass a "
              "cublasComputeType_t such as CUBLAS_COMPUTE_32F");
  }
  // CUDA_R_32F maps to COMPUTE_32F: fp16 in, fp16 out is fine.
  Call C = gemmEx().types(dt::R_16F, dt::R_16F).compute(dt::R_32F);
  C.V.LegacyComputeType = true;
  EXPECT_TRUE(C.run().empty()) << describe(C.run());
  // Every mapped type, on the batched overloads too.
  const std::tuple<int64_t, int64_t, int64_t> Ok[] = {
      {dt::C_32F, dt::C_32F, dt::C_32F},
      {dt::R_64F, dt::R_64F, dt::R_64F},
      {dt::C_64F, dt::C_64F, dt::C_64F},
      {dt::R_16F, dt::R_16F, dt::R_16F},
      {dt::R_32I, dt::R_8I, dt::R_32I}};
  for (const auto &O : Ok)
    for (const char *Name :
         {"cublasGemmBatchedEx", "cublasGemmStridedBatchedEx"}) {
      Call B = gemmEx(Name)
                   .types(std::get<1>(O), std::get<2>(O))
                   .compute(std::get<0>(O));
      B.V.LegacyComputeType = true;
      EXPECT_TRUE(B.run().empty()) << Name << describe(B.run());
    }
  // CUDA_R_16F maps to COMPUTE_16F, which does not take bf16.
  C = gemmEx().types(dt::R_16BF, dt::R_16BF).compute(dt::R_16F);
  C.V.LegacyComputeType = true;
  std::vector<Finding> Fs = C.run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::TypeCombination, "types.combination",
                Role::AType, dt::R_16BF);
  EXPECT_EQ(Fs[0].Message,
            "unsupported type combination for cublasGemmEx: computeType "
            "CUBLAS_COMPUTE_16F, Atype/Btype CUDA_R_16BF, Ctype CUDA_R_16BF");
  // The legacy form never yields FAST_*: CUDA_R_32F with fp32 is 32F.
  C = gemmEx().types(dt::R_32F, dt::R_32F).compute(dt::R_32F);
  C.V.LegacyComputeType = true;
  EXPECT_TRUE(C.run().empty());
}

// --- 5.5 grouped -------------------------------------------------------------

TEST(Rules, GroupedTable) {
  std::set<Combo> Book = {{ct::C32F, dt::R_16BF, dt::R_16BF},
                          {ct::C32F, dt::R_16F, dt::R_16F},
                          {ct::C32F, dt::R_32F, dt::R_32F},
                          {ct::C32F_PEDANTIC, dt::R_32F, dt::R_32F},
                          {ct::C32F_FAST_TF32, dt::R_32F, dt::R_32F},
                          {ct::C64F, dt::R_64F, dt::R_64F},
                          {ct::C64F_PEDANTIC, dt::R_64F, dt::R_64F}};
  checkExhaustively(validCall(api("cublasGemmGroupedBatchedEx")),
                    allComputeTypes(), allDataTypes(), Book);

  // int8: none.
  Call G = validCall(api("cublasGemmGroupedBatchedEx"));
  expectOnlyCombination(
      G.types(dt::R_8I, dt::R_32F).run(), Role::AType, dt::R_8I,
      "unsupported type combination for cublasGemmGroupedBatchedEx: "
      "computeType CUBLAS_COMPUTE_32F, Atype/Btype CUDA_R_8I, Ctype "
      "CUDA_R_32F",
      "with CUBLAS_COMPUTE_32F, Atype/Btype must be one of CUDA_R_16BF, "
      "CUDA_R_16F or CUDA_R_32F",
      {Role::ComputeType, Role::AType, Role::CType});
  // fp16 -> fp32: none.
  expectOnlyCombination(
      G.types(dt::R_16F, dt::R_32F).run(), Role::CType, dt::R_32F,
      "unsupported type combination for cublasGemmGroupedBatchedEx: "
      "computeType CUBLAS_COMPUTE_32F, Atype/Btype CUDA_R_16F, Ctype "
      "CUDA_R_32F",
      "with CUBLAS_COMPUTE_32F and Atype CUDA_R_16F, Ctype must be CUDA_R_16F",
      {Role::ComputeType, Role::AType, Role::CType});
  // FAST_TF32 on fp32: accepted.
  EXPECT_TRUE(
      G.types(dt::R_32F, dt::R_32F).compute(ct::C32F_FAST_TF32).run().empty());
  // Complex: none.
  std::vector<Finding> Fs =
      G.types(dt::C_32F, dt::C_32F).compute(ct::C32F).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "types.combination");
}

// --- 5.2 SgemmEx / CgemmEx ---------------------------------------------------

TEST(Rules, SgemmExTable) {
  std::set<Combo> Book = {
      {-1, dt::R_16BF, dt::R_16BF}, {-1, dt::R_16F, dt::R_16F},
      {-1, dt::R_8I, dt::R_32F},    {-1, dt::R_16BF, dt::R_32F},
      {-1, dt::R_16F, dt::R_32F},   {-1, dt::R_32F, dt::R_32F}};
  checkExhaustively(validCall(api("cublasSgemmEx")), {-1}, allDataTypes(),
                    Book);
  checkExhaustively(validCall(api("cublasSgemmEx_64")), {-1}, allDataTypes(),
                    Book);

  Call S = validCall(api("cublasSgemmEx"));
  expectOnlyCombination(
      S.types(dt::R_16F, dt::R_16BF).run(), Role::CType, dt::R_16BF,
      "unsupported type combination for cublasSgemmEx: Atype/Btype "
      "CUDA_R_16F, Ctype CUDA_R_16BF",
      "with Atype CUDA_R_16F, Ctype must be CUDA_R_16F or CUDA_R_32F",
      {Role::AType, Role::CType});
  expectOnlyCombination(
      S.types(dt::R_64F, dt::R_64F).run(), Role::AType, dt::R_64F,
      "unsupported type combination for cublasSgemmEx: Atype/Btype "
      "CUDA_R_64F, Ctype CUDA_R_64F",
      "Atype/Btype must be one of CUDA_R_16BF, CUDA_R_16F, CUDA_R_8I or "
      "CUDA_R_32F",
      {Role::AType, Role::CType});
}

TEST(Rules, CgemmExTable) {
  std::set<Combo> Book = {{-1, dt::C_8I, dt::C_32F},
                          {-1, dt::C_32F, dt::C_32F}};
  checkExhaustively(validCall(api("cublasCgemmEx")), {-1}, allDataTypes(),
                    Book);
  Call C = validCall(api("cublasCgemmEx_64"));
  expectOnlyCombination(C.types(dt::R_32F, dt::R_32F).run(), Role::AType,
                        dt::R_32F,
                        "unsupported type combination for cublasCgemmEx_64: "
                        "Atype/Btype CUDA_R_32F, Ctype CUDA_R_32F",
                        "Atype/Btype must be CUDA_C_8I or CUDA_C_32F",
                        {Role::AType, Role::CType});
  expectOnlyCombination(C.types(dt::C_8I, dt::C_8I).run(), Role::CType,
                        dt::C_8I,
                        "unsupported type combination for cublasCgemmEx_64: "
                        "Atype/Btype CUDA_C_8I, Ctype CUDA_C_8I",
                        "with Atype CUDA_C_8I, Ctype must be CUDA_C_32F",
                        {Role::AType, Role::CType});
}

TEST(Rules, TypedGemmsHaveNoTypeRules) {
  // The name fixes the types; sizes and ld still apply.
  for (const char *Name :
       {"cublasHgemm", "cublasZgemm3m_64", "cublasCgemmStridedBatched"}) {
    Call C = validCall(api(Name));
    std::vector<Finding> Fs = C.set(Role::Lda, 4).run();
    ASSERT_EQ(Fs.size(), 1u) << Name << describe(Fs);
    expectFinding(Fs[0], Category::LeadingDimension, "ld.operand", Role::Lda,
                  4);
    // Values in roles the API does not have are ignored.
    C = validCall(api(Name));
    C.types(dt::R_8U, dt::R_8F_E4M3).compute(66).set(Role::Algo, 12345);
    EXPECT_TRUE(C.run().empty()) << Name << describe(C.run());
  }
}

// --- 6 hipBLAS ---------------------------------------------------------------

TEST(Rules, HipblasGemmEx) {
  Call H = validCall(api("hipblasGemmEx"));
  // cuBLAS's CUBLAS_OP_N (0) is not a hipblasOperation_t.
  std::vector<Finding> Fs = H.set(Role::TransA, 0).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::InvalidEnum, "enum.trans", Role::TransA, 0);
  EXPECT_EQ(Fs[0].Message, "'transa' (0) is not a valid operation; use "
                           "HIPBLAS_OP_N, HIPBLAS_OP_T or HIPBLAS_OP_C");
  // HIPBLAS_OP_T: lda >= max(1, k).
  H = validCall(api("hipblasGemmEx"));
  Fs = H.set(Role::TransA, HipOpT)
           .set(Role::K, 12)
           .set(Role::Lda, 11)
           .set(Role::Ldb, 12)
           .run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::LeadingDimension, "ld.operand", Role::Lda, 11);
  EXPECT_EQ(Fs[0].Message,
            "'lda' (11) must be at least max(1, k) = 12 because 'transa' is "
            "HIPBLAS_OP_T (A is stored k x m, column-major)");
  // algo: HIPBLAS_GEMM_DEFAULT (160) only.
  H = validCall(api("hipblasGemmEx"));
  EXPECT_TRUE(H.set(Role::Algo, 160).run().empty());
  Fs = H.set(Role::Algo, -1).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::InvalidEnum, "enum.algo", Role::Algo, -1);
  EXPECT_EQ(Fs[0].Message, "'algo' (-1) is not a hipblasGemmAlgo_t "
                           "enumerator");
  // FAST_TF32 has no rocBLAS equivalent (hipBLAS #753).
  H = validCall(api("hipblasGemmEx"));
  Fs = H.compute(6).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::TypeCombination, "types.combination",
                Role::ComputeType, 6);
  EXPECT_EQ(Fs[0].Message,
            "unsupported type combination for hipblasGemmEx: computeType "
            "HIPBLAS_COMPUTE_32F_FAST_TF32, Atype/Btype HIP_R_32F, Ctype "
            "HIP_R_32F");
  // Type names are hipBLAS's.
  H = validCall(api("hipblasGemmEx_v2"));
  Fs = H.types(dt::R_16F, dt::R_16BF).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Param, Role::CType);
  EXPECT_EQ(Fs[0].Note, "with HIPBLAS_COMPUTE_32F and Atype HIP_R_16F, Ctype "
                        "must be HIP_R_16F or HIP_R_32F");
}

TEST(Rules, HipblasTableExhaustive) {
  // Rulebook section 6, rocBLAS back end, in hipblasComputeType_t numbers:
  // 16F = 0, 32F = 2, 64F = 7, 32I = 9.
  std::set<Combo> Book = {
      {0, dt::R_16F, dt::R_16F},  {2, dt::R_16F, dt::R_16F},
      {2, dt::R_16F, dt::R_32F},  {2, dt::R_16BF, dt::R_16BF},
      {2, dt::R_16BF, dt::R_32F}, {2, dt::R_32F, dt::R_32F},
      {7, dt::R_64F, dt::R_64F},  {9, dt::R_8I, dt::R_32I},
      {2, dt::C_32F, dt::C_32F},  {7, dt::C_64F, dt::C_64F}};
  std::vector<int64_t> Types;
  for (const EnumName &E : DataTypeNames)
    if (!isNarrowFloatDataType(E.Value)) // unmodelled on ROCm
      Types.push_back(E.Value);
  std::vector<int64_t> Computes;
  for (int64_t CT = 0; CT <= 10; ++CT)
    Computes.push_back(CT);
  checkExhaustively(validCall(api("hipblasGemmEx")), Computes, Types, Book);
  checkExhaustively(validCall(api("hipblasGemmStridedBatchedEx_v2_64")), {2, 4},
                    Types, Book);
}

// --- 6 rocBLAS ---------------------------------------------------------------

TEST(Rules, RocblasCAndDMustAgree) {
  Call R = validCall(api("rocblas_gemm_ex"));
  std::vector<Finding> Fs =
      R.types(RocF16R, RocF16R).set(Role::DType, RocF32R).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::TypeCombination, "types.c-d", Role::DType,
                RocF32R);
  EXPECT_EQ(Fs[0].Message, "'d_type' (rocblas_datatype_f32_r) must equal "
                           "'c_type' (rocblas_datatype_f16_r)");
  EXPECT_EQ(arguments(Fs[0].Inputs), (std::vector<Role>{Role::CType, Role::DType}));
  // Unknown c_type: d_type alone is judged against the table.
  R = validCall(api("rocblas_gemm_ex"));
  R.types(RocF16R, RocF16R).forget(Role::CType).set(Role::DType, RocF32R);
  EXPECT_TRUE(R.run().empty()) << describe(R.run());
}

TEST(Rules, RocblasEnums) {
  Call R = validCall(api("rocblas_gemm_ex"));
  EXPECT_TRUE(R.set(Role::Algo, 1).run().empty());
  std::vector<Finding> Fs = R.set(Role::Algo, 2).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Message, "'algo' (2) is not a rocblas_gemm_algo enumerator");
  R = validCall(api("rocblas_gemm_ex"));
  Fs = R.set(Role::TransB, 114).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Message,
            "'transB' (114) is not a valid operation; use "
            "rocblas_operation_none, rocblas_operation_transpose or "
            "rocblas_operation_conjugate_transpose");
  // rocblas_operation_transpose: ldb >= n.
  R = validCall(api("rocblas_gemm_ex"));
  Fs = R.set(Role::TransB, 112).set(Role::N, 9).set(Role::Ldb, 8).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Message,
            "'ldb' (8) must be at least n = 9 because 'transB' is "
            "rocblas_operation_transpose (B is stored n x k, column-major)");
}

namespace {
int64_t rocToCuda(int64_t Raw) {
  return canonicalDataType(Vendor::Rocblas, Raw, false);
}
} // namespace

TEST(Rules, RocblasTableExhaustive) {
  // Rulebook section 6 ("rocBLAS-supported types"); compute_type is a
  // rocblas_datatype and C and D share one type.
  std::set<Combo> Book = {
      {RocF64R, RocF64R, RocF64R},  {RocF32R, RocF32R, RocF32R},
      {RocF16R, RocF16R, RocF16R},  {RocF32R, RocF16R, RocF16R},
      {RocF32R, RocF16R, RocF32R},  {RocF32R, RocBF16R, RocBF16R},
      {RocF32R, RocBF16R, RocF32R}, {RocI32R, RocI8R, RocI32R},
      {RocF32C, RocF32C, RocF32C},  {RocF64C, RocF64C, RocF64C}};
  std::vector<int64_t> Types;
  for (int64_t Raw = 150; Raw <= 169; ++Raw)
    if (rocToCuda(Raw) != NotAnEnumerator)
      Types.push_back(Raw);
  ASSERT_EQ(Types.size(), 16u);
  checkExhaustively(validCall(api("rocblas_gemm_ex")), Types, Types, Book,
                    rocToCuda);
}

// --- partial knowledge -------------------------------------------------------

TEST(Rules, PartialKnowledgeTypes) {
  // Only Ctype: no row writes int8.
  Call C("cublasGemmEx");
  C.set(Role::CType, dt::R_8I);
  std::vector<Finding> Fs = C.run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::TypeCombination, "types.combination",
                Role::CType, dt::R_8I);
  EXPECT_EQ(Fs[0].Message,
            "unsupported type combination for cublasGemmEx: Ctype CUDA_R_8I");
  EXPECT_EQ(arguments(Fs[0].Inputs), std::vector<Role>{Role::CType});
  EXPECT_TRUE(contains(Fs[0].Note, "Ctype must be one of ")) << Fs[0].Note;
  EXPECT_TRUE(contains(Fs[0].Note, "CUDA_R_32I")) << Fs[0].Note;
  // Every Ctype some row produces is silent alone.
  for (int64_t T : {dt::R_16F, dt::R_32I, dt::R_16BF, dt::R_32F, dt::C_32F,
                    dt::R_64F, dt::C_64F}) {
    Call Only("cublasGemmEx");
    EXPECT_TRUE(Only.set(Role::CType, T).run().empty()) << T;
  }

  // Atype and compute that share a row: silent whatever the rest.
  Call D("cublasGemmEx");
  EXPECT_TRUE(D.set(Role::AType, dt::R_16F).compute(ct::C16F).run().empty());

  // Compute and Ctype without inputs.
  Call E("cublasGemmEx");
  Fs = E.compute(ct::C32F_FAST_16F).set(Role::CType, dt::R_16F).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::TypeCombination, "types.combination",
                Role::CType, dt::R_16F);
  EXPECT_EQ(Fs[0].Note, "with CUBLAS_COMPUTE_32F_FAST_16F, Ctype must be "
                        "CUDA_R_32F or CUDA_C_32F");
  EXPECT_EQ(arguments(Fs[0].Inputs), (std::vector<Role>{Role::ComputeType, Role::CType}));

  // Input and output without compute.
  Call F("cublasGemmEx");
  Fs = F.set(Role::AType, dt::R_8I).set(Role::CType, dt::R_16F).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::TypeCombination, "types.combination",
                Role::CType, dt::R_16F);
  EXPECT_EQ(Fs[0].Note,
            "with Atype CUDA_R_8I, Ctype must be CUDA_R_32I or CUDA_R_32F");
  EXPECT_EQ(arguments(Fs[0].Inputs), (std::vector<Role>{Role::AType, Role::CType}));
  Call G("cublasGemmEx");
  EXPECT_TRUE(
      G.set(Role::AType, dt::R_8I).set(Role::CType, dt::R_32F).run().empty());

  // Btype alone stands for both inputs and is the one blamed.
  Call H("cublasGemmEx");
  Fs = H.set(Role::BType, dt::R_8U).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  expectFinding(Fs[0], Category::TypeCombination, "types.combination",
                Role::BType, dt::R_8U);
  EXPECT_EQ(arguments(Fs[0].Inputs), std::vector<Role>{Role::BType});
  Call I("cublasGemmEx");
  Fs = I.set(Role::BType, dt::R_16F).compute(ct::C32I).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Param, Role::BType);
  EXPECT_EQ(Fs[0].Message, "unsupported type combination for cublasGemmEx: "
                           "computeType CUBLAS_COMPUTE_32I, Atype/Btype "
                           "CUDA_R_16F");
}

TEST(Rules, PartialKnowledgeSizes) {
  // lda known, m unknown (OP_N): nothing to compare with.
  Call C("cublasGemmEx");
  EXPECT_TRUE(C.set(Role::TransA, op::N).set(Role::Lda, 1).run().empty());
  // m known, lda unknown.
  Call D("cublasGemmEx");
  EXPECT_TRUE(D.set(Role::M, 100).set(Role::TransA, op::N).run().empty());
  // ldc needs m only.
  Call E("cublasGemmEx");
  std::vector<Finding> Fs = E.set(Role::M, 100).set(Role::Ldc, 99).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "ld.output");
  EXPECT_EQ(Fs[0].Note, "set 'ldc' to the number of rows of the allocation "
                        "holding C, at least 100");
}

// --- an unknown argument never yields a finding ------------------------------

namespace {

// Values tried for an argument made unknown: enumerators of every vendor,
// sizes, and junk.
// clang-format off
const int64_t Candidates[] = {
    -3000000000LL, -1000, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 16,
    24, 28, 30, 33, 64, 65, 66, 68, 69, 70, 72, 74, 75, 77, 78, 79, 99, 100,
    111, 112, 113, 150, 151, 152, 153, 154, 155, 160, 162, 168, 999, 1000000,
    3000000000LL};
// clang-format on

// Is X, in role R, a real enumerator the rulebook leaves unmodelled? Every
// rule that would need it stays silent, so it is not a counterexample.
bool isUnmodelled(const Call &C, Role R, int64_t X) {
  switch (R) {
  case Role::AType:
  case Role::BType:
  case Role::CType:
  case Role::DType:
    return canonicalDataType(C.Api->Vend, X, C.V.HipblasLegacyTypes) ==
           Unmodelled;
  case Role::ComputeType:
    return !C.V.LegacyComputeType &&
           canonicalComputeType(C.Api->Vend, X, C.V.HipblasLegacyTypes) ==
               Unmodelled;
  default:
    return false;
  }
}

// Every finding names a known argument and depends on known ones only.
void expectOnlyKnownInputs(const Call &C, const std::vector<Finding> &Fs) {
  for (const Finding &F : Fs) {
    SCOPED_TRACE(describe({F}));
    EXPECT_TRUE(C.known(F.Param, F.Group)) << "param " << roleName(F.Param);
    for (Role In : arguments(F.Inputs))
      EXPECT_TRUE(C.known(In, F.Group)) << "input " << roleName(In);
  }
}

// The scalar argument R, or entry Slot of its host array in grouped APIs.
Value &slot(Call &C, Role R, size_t Slot) {
  if (C.Api->isPerGroup(R))
    return C.V.group(R)[Slot];
  return C.V[R];
}

// Makes each known argument of Base unknown in turn. What is reported then
// must involve known arguments only, and must hold for every value the
// unknown argument could take.
void checkUnknownsStaySilent(const Call &Base) {
  ASSERT_FALSE(Base.run().empty()) << "not an invalid call";
  expectOnlyKnownInputs(Base, Base.run());
  for (unsigned I = 0; I < GemmRoleCount; ++I) {
    const Role R = static_cast<Role>(I);
    const bool PerGroup = Base.Api->isPerGroup(R);
    const size_t Slots = PerGroup ? Base.V.group(R).size() : 1;
    for (size_t Slot = 0; Slot < Slots; ++Slot) {
      Call Forgotten = Base;
      if (!slot(Forgotten, R, Slot).Known)
        continue;
      SCOPED_TRACE(testing::Message() << Base.Api->Name << ": " << roleName(R)
                                      << "[" << Slot << "] unknown");
      slot(Forgotten, R, Slot) = Value::unknown();
      const std::vector<Finding> Fs = Forgotten.run();
      expectOnlyKnownInputs(Forgotten, Fs);
      if (Fs.empty())
        continue;
      // "It stands for every value": each filled-in call is invalid too.
      for (int64_t X : Candidates) {
        if (isUnmodelled(Base, R, X))
          continue;
        Call Filled = Forgotten;
        slot(Filled, R, Slot) = Value::of(X);
        EXPECT_FALSE(Filled.run().empty())
            << roleName(R) << " = " << X
            << " is valid, but with it unknown:" << describe(Fs);
      }
    }
  }
}

std::vector<Call> invalidCalls() {
  std::vector<Call> Calls;
  Calls.push_back(gemmEx().set(Role::Lda, 63).set(Role::Ldc, 10));
  Calls.push_back(gemmEx()
                      .set(Role::TransA, op::T)
                      .set(Role::Lda, 8)
                      .set(Role::TransB, op::C)
                      .set(Role::Ldb, 31));
  Calls.push_back(gemmEx().set(Role::Lda, 15).set(Role::Ldb, 15));
  Calls.push_back(gemmEx().types(dt::R_16F, dt::R_16BF));
  Calls.push_back(gemmEx().types(dt::R_16BF, dt::R_16BF).compute(ct::C16F));
  Calls.push_back(
      gemmEx().types(dt::R_16F, dt::R_16F).compute(ct::C32F_FAST_16F));
  Calls.push_back(
      gemmEx().set(Role::AType, dt::R_16F).set(Role::BType, dt::R_16BF));
  Calls.push_back(gemmEx().types(dt::R_8F_E4M3, dt::R_16F));
  Calls.push_back(gemmEx().types(dt::C_16F, dt::C_16F));
  Calls.push_back(gemmEx().compute(66));
  Calls.push_back(gemmEx().set(Role::Algo, 24).set(Role::TransA, 3));
  Calls.push_back(gemmEx().set(Role::M, -1).set(Role::Ldb, 2));
  Calls.push_back(gemmEx()
                      .set(Role::Lda, 3000000000LL)
                      .set(Role::M, 3000000000LL)
                      .set(Role::Ldc, 1));
  Calls.push_back(gemmEx("cublasGemmStridedBatchedEx")
                      .set(Role::BatchCount, -1)
                      .types(dt::R_8I, dt::R_8I)
                      .compute(ct::C32I));
  Calls.push_back(
      gemmEx("cublasGemmBatchedEx_64").set(Role::Ldb, 0).set(Role::K, 0));
  {
    Call C = gemmEx("cublasGemmEx_64").compute(dt::R_32F);
    C.V.ComputeTypeIsDataType = true;
    Calls.push_back(C);
  }
  {
    Call C = gemmEx().compute(dt::R_16BF);
    C.V.LegacyComputeType = true;
    Calls.push_back(C);
  }
  {
    Call C = gemmEx().types(dt::R_16BF, dt::R_16BF).compute(dt::R_16F);
    C.V.LegacyComputeType = true;
    Calls.push_back(C);
  }
  {
    Call C =
        gemmEx().types(dt::R_32F, dt::R_32F).compute(ct::C32F_EMULATED_16BFX9);
    C.V.LibraryVersion = 120800;
    Calls.push_back(C);
  }
  {
    Call G = validCall(api("cublasGemmGroupedBatchedEx"));
    G.group(Role::TransA, {op::N, op::T})
        .group(Role::Lda, {8, 4})
        .group(Role::K, {8, 9})
        .group(Role::GroupSize, {2, -1});
    G.types(dt::R_16F, dt::R_32F);
    Calls.push_back(G);
  }
  {
    Call G = validCall(api("cublasSgemmGroupedBatched_64"));
    G.group(Role::Ldc, {8, 7}).group(Role::TransB, {7, op::N});
    Calls.push_back(G);
  }
  Calls.push_back(validCall(api("cublasSgemmEx")).types(dt::R_16F, dt::R_16BF));
  Calls.push_back(validCall(api("cublasCgemmEx")).types(dt::R_32F, dt::R_32F));
  Calls.push_back(
      validCall(api("cublasHgemm")).set(Role::Lda, 1).set(Role::TransB, 3));
  Calls.push_back(validCall(api("hipblasGemmEx")).compute(6));
  Calls.push_back(
      validCall(api("hipblasGemmEx")).set(Role::TransA, 0).set(Role::Algo, -1));
  Calls.push_back(validCall(api("hipblasGemmBatchedEx"))
                      .types(dt::R_16BF, dt::R_16BF)
                      .compute(0)
                      .set(Role::Ldc, 1));
  {
    Call H = validCall(api("hipblasGemmEx"));
    H.V.HipblasLegacyTypes = true;
    H.types(RocF16R, RocF32R).compute(RocF16R);
    Calls.push_back(H);
  }
  Calls.push_back(validCall(api("rocblas_gemm_ex"))
                      .types(RocF16R, RocF16R)
                      .set(Role::DType, RocF32R));
  Calls.push_back(validCall(api("rocblas_gemm_ex"))
                      .set(Role::Ldd, 3)
                      .set(Role::Algo, 5)
                      .set(Role::TransA, 0));
  Calls.push_back(validCall(api("rocblas_gemm_ex"))
                      .types(RocBF16R, RocBF16R)
                      .set(Role::DType, RocBF16R)
                      .compute(RocF16R));
  Calls.push_back(validCall(api("rocblas_gemm_ex")).set(Role::AType, 3));
  return Calls;
}

} // namespace

TEST(Rules, UnknownArgumentNeverYieldsAFinding) {
  for (const Call &C : invalidCalls()) {
    SCOPED_TRACE(C.Api->Name);
    checkUnknownsStaySilent(C);
  }
}

// --- regressions: defects these tests found in the core ----------------------

// Was a bug: rocblas_gemm_ex with c_type unknown judged d_type in c_type's
// place and names c_type, an unknown argument, in the finding: as Param (with
// the unknown's placeholder Value 0), in Inputs, and in the message ("c_type
// rocblas_datatype_i8_r"). The verdicts are right (c_type must equal d_type,
// and neither row exists) but the findings must rest on d_type, which is
// known (check.h: "An unknown argument never yields a finding").
TEST(RulesRegression, RocblasUnknownCTypeBlamesDType) {
  // Output type to blame: int8 -> int8 with int32 compute.
  Call R = validCall(api("rocblas_gemm_ex"));
  R.types(RocI8R, RocI8R)
      .forget(Role::CType)
      .set(Role::DType, RocI8R)
      .compute(RocI32R);
  std::vector<Finding> Fs = R.run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "types.combination");
  EXPECT_EQ(Fs[0].Param, Role::DType);
  EXPECT_EQ(Fs[0].Value, RocI8R);
  expectOnlyKnownInputs(R, Fs);
  EXPECT_FALSE(contains(Fs[0].Message, "c_type")) << Fs[0].Message;
  EXPECT_TRUE(contains(Fs[0].Message, "d_type rocblas_datatype_i8_r"))
      << Fs[0].Message;

  // Input type to blame: bf16 with f16 compute; c_type is still listed.
  R = validCall(api("rocblas_gemm_ex"));
  R.types(RocBF16R, RocBF16R)
      .forget(Role::CType)
      .set(Role::DType, RocBF16R)
      .compute(RocF16R);
  Fs = R.run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Param, Role::AType);
  expectOnlyKnownInputs(R, Fs);
  EXPECT_FALSE(contains(Fs[0].Message, "c_type")) << Fs[0].Message;
}

// Was a bug: rocBLAS's table (docs/rules.md, hipBLAS and rocBLAS) lists c32 and
// c64 "all-same" and f32/f64 "all-same" for rocblas_gemm_ex: the compute_type
// of complex data is rocblas_datatype_f32_c / f64_c, and of real data f32_r /
// f64_r. The core maps f32_c and f32_r both to CUBLAS_COMPUTE_32F, so a real
// compute type with complex data (or the reverse) passes unreported.
TEST(RulesRegression, RocblasComputeTypeMustMatchRealOrComplex) {
  Call R = validCall(api("rocblas_gemm_ex"));
  R.types(RocF32C, RocF32C).set(Role::DType, RocF32C).compute(RocF32R);
  std::vector<Finding> Fs = R.run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "types.combination");

  R = validCall(api("rocblas_gemm_ex"));
  R.types(RocF64R, RocF64R).set(Role::DType, RocF64R).compute(RocF64C);
  Fs = R.run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "types.combination");
}

// Was a bug: a rocblas_datatype that rocBLAS never computes in (i8_r, bf16_r,
// f16_c, ...) passed as compute_type is treated as unmodelled and silences
// every type rule, although rocBLAS's table (docs/rules.md, hipBLAS and
// rocBLAS) has no row for it and rocblas_gemm_ex rejects it.
TEST(RulesRegression, RocblasNonComputeDatatypeAsComputeType) {
  for (int64_t Bad : {RocI8R, RocBF16R, RocF16C}) {
    Call R = validCall(api("rocblas_gemm_ex"));
    R.types(RocI8R, RocI32R).set(Role::DType, RocI32R).compute(Bad);
    std::vector<Finding> Fs = R.run();
    ASSERT_EQ(Fs.size(), 1u) << Bad << describe(Fs);
    EXPECT_EQ(Fs[0].Param, Role::ComputeType);
  }
}

// --- replacements (the fix-its) and the name as called ------------------------

TEST(Rules, ConjugateReplacementFollowsTheLayout) {
  auto Replacement = [](const Call &C) {
    const std::vector<Finding> Fs = C.run();
    EXPECT_EQ(Fs.size(), 1u) << describe(Fs);
    return Fs.empty() ? std::string("?") : Fs[0].Replacement;
  };
  // gemmEx: A is m x k = 64 x 16 as stored, 16 x 64 transposed; real data.
  const Call Conj = gemmEx().set(Role::TransA, op::CONJG);
  EXPECT_EQ(Replacement(Call(Conj).set(Role::Lda, 32)), "CUBLAS_OP_T");
  EXPECT_EQ(Replacement(Call(Conj).set(Role::Lda, 64)), "") << "both fit";
  EXPECT_EQ(Replacement(Call(Conj).set(Role::Lda, 8)), "") << "neither fits";
  EXPECT_EQ(Replacement(Call(Conj).forget(Role::Lda)), "");
  EXPECT_EQ(Replacement(Call(Conj).forget(Role::K)), "");
  EXPECT_EQ(Replacement(Call(Conj).set(Role::Lda, 32).forget(Role::AType)), "");
  // B is k x n = 16 x 32 as stored: ldb = 16 fits it, not 32 x 16.
  EXPECT_EQ(Replacement(gemmEx().set(Role::TransB, op::CONJG)), "CUBLAS_OP_N");
  // The typed routines' names fix the data type.
  Call S("cublasSgemm_v2");
  S.set(Role::TransA, op::CONJG).set(Role::TransB, op::N);
  S.set(Role::M, 512).set(Role::N, 128).set(Role::K, 256);
  S.set(Role::Lda, 256).set(Role::Ldb, 256).set(Role::Ldc, 512);
  EXPECT_EQ(Replacement(S), "CUBLAS_OP_T");
  // Complex data: conjugation needs the transpose to be expressible.
  Call Z("cublasZgemm_v2");
  Z.V = S.V;
  EXPECT_EQ(Replacement(Z), "CUBLAS_OP_C");
  Z.set(Role::Lda, 512);
  EXPECT_EQ(Replacement(Z), "") << "complex data stored as is";
}

TEST(Rules, DataTypeComputeTypeReplacement) {
  Call C = gemmEx("cublasGemmEx_64").compute(dt::R_16F);
  C.V.ComputeTypeIsDataType = true;
  std::vector<Finding> Fs = C.run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Replacement, "CUBLAS_COMPUTE_16F");
  // No counterpart, no replacement.
  C.compute(dt::R_8I);
  Fs = C.run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Replacement, "");
  // Nor for other defects.
  Fs = gemmEx().set(Role::Lda, 1).run();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Replacement, "");
}

TEST(Rules, MessagesNameTheFunctionAsCalled) {
  // Not told: the API's own name; told: the name the call spells, such as
  // cublas_v2.h's cublasSgemm for cublasSgemm_v2.
  for (const char *CalledAs : {"", "cublasSgemm"}) {
    const std::string Name = *CalledAs ? CalledAs : "cublasSgemm_v2";
    Call S = validCall(api("cublasSgemm_v2"));
    S.set(Role::K, 3000000000LL);
    S.V.CalledAs = CalledAs;
    const std::vector<Finding> Fs = S.run();
    ASSERT_FALSE(Fs.empty());
    EXPECT_TRUE(contains(Fs[0].Message, "'int' parameter of " + Name + " "))
        << Fs[0].Message;
    EXPECT_EQ(Fs[0].Note, "call " + Name +
                              "_64, which takes 64-bit sizes and leading "
                              "dimensions");
  }
}

// The rule ids GEMM_GUARD_IGNORE accepts are those the rule headers report:
// every id literal of the headers is listed, and every listed id is used.
TEST(RuleIds, ListMatchesTheRuleHeaders) {
  std::set<std::string> Used;
  const std::string Include = std::string(GEMM_TEST_DATA_DIR) + "/../../include/gemm/";
  // The rules, one family a header (gemm/rules/gemm/*.h, gemm/rules/lt/*.h),
  // and the guard's parts (gemm/guard/*.h), which report a few ids of their
  // own. rule_ids.h is the list itself.
  std::vector<std::string> Headers;
  for (const char *Dir : {"rules/gemm", "rules/lt", "guard"})
    for (const auto &Part : std::filesystem::directory_iterator(Include + Dir))
      Headers.push_back(std::string(Dir) + "/" + Part.path().filename().string());
  ASSERT_GT(Headers.size(), 20u);
  for (const std::string &Header : Headers) {
    std::ifstream In(Include + Header);
    ASSERT_TRUE(In) << Header;
    const std::string Text((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
    const std::regex Id(R"re("([a-z][a-z0-9]*(\.[a-z0-9-]+)+|LT-[A-Z0-9-]+)")re");
    for (std::sregex_iterator I(Text.begin(), Text.end(), Id), E; I != E; ++I)
      Used.insert((*I)[1]);
  }
  std::set<std::string> Listed;
  for (const gemm::rules::RuleInfo &R : gemm::rules::RuleTable)
    Listed.insert(R.Id);
  EXPECT_EQ(Used, Listed);
  EXPECT_TRUE(gemm::rules::isKnownCheckOrRule("leading-dimension"));
  EXPECT_TRUE(gemm::rules::isKnownCheckOrRule("LT-EPI-BIASPTR"));
  EXPECT_FALSE(gemm::rules::isKnownCheckOrRule("ld.operant"));
  EXPECT_EQ(gemm::rules::nearestCheckOrRule("ld.operant"), "ld.operand");
  EXPECT_EQ(gemm::rules::nearestCheckOrRule("Leading-Dimension"), "leading-dimension");
  EXPECT_EQ(gemm::rules::nearestCheckOrRule("nothing-like-it"), "");
}
