// Unit tests of the rules that need facts about pointers: scalar and buffer
// types, pointer modes, int8 alignment, batch overlap and buffer extents
// (docs/rules.md, Rules that need run-time facts). The runtime guard gathers
// these facts on a real run; here they are set by hand.
#include "TestSupport.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace gemm::rules;
using gemm_test::describe;

namespace {

// A valid cublasGemmEx call: fp16 A/B, fp32 C, COMPUTE_32F; m=64 n=32 k=16.
CallValues validGemmEx() {
  CallValues V;
  V[Role::TransA] = Value::of(op::N);
  V[Role::TransB] = Value::of(op::N);
  V[Role::M] = Value::of(64);
  V[Role::N] = Value::of(32);
  V[Role::K] = Value::of(16);
  V[Role::Lda] = Value::of(64);
  V[Role::Ldb] = Value::of(16);
  V[Role::Ldc] = Value::of(64);
  V[Role::AType] = Value::of(dt::R_16F);
  V[Role::BType] = Value::of(dt::R_16F);
  V[Role::CType] = Value::of(dt::R_32F);
  V[Role::ComputeType] = Value::of(ct::C32F);
  V[Role::Algo] = Value::of(algo::Default);
  return V;
}

std::vector<Finding> run(const char *Api, const CallValues &V) {
  return checkCall(*findApi(Api), V);
}

// The single finding of a call (by value: callers pass temporaries).
Finding only(const std::vector<Finding> &Fs) {
  EXPECT_EQ(Fs.size(), 1u) << describe(Fs);
  return Fs.empty() ? Finding{} : Fs.front();
}

TEST(MemoryRules, ValidCallWithAllFactsIsClean) {
  CallValues V = validGemmEx();
  V.PointerMode = Value::of(pointer_mode::Host);
  V.BetaIsZero = Value::of(1);
  for (Role R : {Role::Alpha, Role::Beta}) {
    V.pointer(R).Address = Value::of(0x7ffc1000);
    V.pointer(R).Where = Residency::Pageable;
    V.pointer(R).PointeeType = Value::of(dt::R_32F);
  }
  const int64_t Base[] = {0x10000000, 0x20000000, 0x30000000};
  const int64_t Bytes[] = {64 * 16 * 2, 16 * 32 * 2, 64 * 32 * 4};
  const int64_t Types[] = {dt::R_16F, dt::R_16F, dt::R_32F};
  int I = 0;
  for (Role R : {Role::A, Role::B, Role::C}) {
    PointerFacts &P = V.pointer(R);
    P.Address = Value::of(Base[I]);
    P.Where = Residency::Device;
    P.AllocBegin = Value::of(Base[I]);
    P.AllocEnd = Value::of(Base[I] + Bytes[I]); // exactly large enough
    P.PointeeType = Value::of(Types[I]);
    ++I;
  }
  EXPECT_TRUE(run("cublasGemmEx", V).empty()) << describe(run("cublasGemmEx", V));
}

// --- scalar types (docs/rules.md, `scalar.type`) -----------------------------

TEST(MemoryRules, ScalarTypeFollowsComputeType) {
  struct Case {
    int64_t Compute, AB, C, Pointee, Expected;
    const char *Message;
  };
  const Case Cases[] = {
      {ct::C16F, dt::R_16F, dt::R_16F, dt::R_32F, dt::R_16F,
       "'alpha' points to 'float' but 'computeType' CUBLAS_COMPUTE_16F reads "
       "alpha as '__half'"},
      {ct::C32I, dt::R_8I, dt::R_32I, dt::R_32F, dt::R_32I,
       "'alpha' points to 'float' but 'computeType' CUBLAS_COMPUTE_32I reads "
       "alpha as 'int32_t'"},
      {ct::C32F, dt::C_32F, dt::C_32F, dt::R_32F, dt::C_32F,
       "'alpha' points to 'float' but 'computeType' CUBLAS_COMPUTE_32F reads "
       "alpha as 'cuComplex'"},
      {ct::C64F, dt::R_64F, dt::R_64F, dt::R_32F, dt::R_64F,
       "'alpha' points to 'float' but 'computeType' CUBLAS_COMPUTE_64F reads "
       "alpha as 'double'"},
  };
  for (const Case &C : Cases) {
    CallValues V = validGemmEx();
    V[Role::AType] = V[Role::BType] = Value::of(C.AB);
    V[Role::CType] = Value::of(C.C);
    V[Role::ComputeType] = Value::of(C.Compute);
    V.pointer(Role::Alpha).PointeeType = Value::of(C.Pointee);
    const Finding &F = only(run("cublasGemmEx", V));
    EXPECT_STREQ(F.RuleId, "scalar.type");
    EXPECT_EQ(F.Cat, Category::ScalarType);
    EXPECT_EQ(F.Param, Role::Alpha);
    EXPECT_EQ(F.Bound, C.Expected);
    EXPECT_EQ(F.Message, C.Message);
    // The matching pointee is fine.
    V.pointer(Role::Alpha).PointeeType = Value::of(C.Expected);
    EXPECT_TRUE(run("cublasGemmEx", V).empty());
  }
}

TEST(MemoryRules, ComplexScalarKeptAsAnArrayOfItsParts) {
  // `const float alpha[2] = {1, 0}` decayed: two floats are a cuComplex.
  CallValues V = validGemmEx();
  V[Role::AType] = V[Role::BType] = V[Role::CType] = Value::of(dt::C_32F);
  V.pointer(Role::Alpha).PointeeType = Value::of(dt::R_32F);
  V.pointer(Role::Alpha).PointeeCount = Value::of(2);
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
  // One float is too short, and two doubles are not float parts.
  V.pointer(Role::Alpha).PointeeCount = Value::of(1);
  EXPECT_STREQ(only(run("cublasGemmEx", V)).RuleId, "scalar.type");
  V.pointer(Role::Alpha).PointeeType = Value::of(dt::R_64F);
  V.pointer(Role::Alpha).PointeeCount = Value::of(2);
  EXPECT_STREQ(only(run("cublasGemmEx", V)).RuleId, "scalar.type");
  // Two doubles for cuDoubleComplex, but not two floats for a real scale.
  V[Role::AType] = V[Role::BType] = V[Role::CType] = Value::of(dt::C_64F);
  V[Role::ComputeType] = Value::of(ct::C64F);
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
  V = validGemmEx();
  V.pointer(Role::Alpha).PointeeType = Value::of(dt::R_64F);
  V.pointer(Role::Alpha).PointeeCount = Value::of(2);
  EXPECT_STREQ(only(run("cublasGemmEx", V)).RuleId, "scalar.type");
}

TEST(MemoryRules, ScalarThatIsAPointersAddress) {
  // `&beta` where beta is a `const float *`: the pointer's bytes are read.
  CallValues V = validGemmEx();
  V.pointer(Role::Beta).PointeeIsPointer = Value::of(1);
  const Finding &F = only(run("cublasGemmEx", V));
  EXPECT_STREQ(F.RuleId, "scalar.type");
  EXPECT_EQ(F.Param, Role::Beta);
  EXPECT_EQ(F.Message, "'beta' points to a pointer, not to a scalar: cuBLAS reads the "
                       "pointer's bytes as 'float'");
  V.pointer(Role::Beta).PointeeIsPointer = Value::of(0);
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
}

TEST(MemoryRules, LegacyComputeTypeScalesLikeItsMapping) {
  // CUDA_R_32F through the C++ overload is COMPUTE_32F: fp16 data with a
  // float alpha is right (a valid look-alike the issue names).
  CallValues V = validGemmEx();
  V[Role::CType] = Value::of(dt::R_16F);
  V[Role::ComputeType] = Value::of(dt::R_32F);
  V.LegacyComputeType = true;
  V.pointer(Role::Alpha).PointeeType = Value::of(dt::R_32F);
  V.pointer(Role::Beta).PointeeType = Value::of(dt::R_32F);
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
  // CUDA_R_16F maps to COMPUTE_16F, which reads alpha and beta as __half.
  V[Role::ComputeType] = Value::of(dt::R_16F);
  const std::vector<Finding> Fs = run("cublasGemmEx", V);
  ASSERT_EQ(Fs.size(), 2u) << describe(Fs);
  for (const Finding &F : Fs) {
    EXPECT_STREQ(F.RuleId, "scalar.type");
    EXPECT_EQ(F.Bound, dt::R_16F);
  }
  EXPECT_EQ(Fs[0].Param, Role::Alpha);
  EXPECT_EQ(Fs[1].Param, Role::Beta);
}

TEST(MemoryRules, UnknownScaleStaysSilent) {
  CallValues V = validGemmEx();
  V[Role::ComputeType] = Value::unknown();
  V.pointer(Role::Alpha).PointeeType = Value::of(dt::R_64F);
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
  // COMPUTE_32F with every data type unknown: real or complex is open.
  V = validGemmEx();
  V[Role::AType] = V[Role::BType] = V[Role::CType] = Value::unknown();
  V.pointer(Role::Alpha).PointeeType = Value::of(dt::C_32F);
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
  // An unknown pointee (a void pointer) never yields a finding.
  V = validGemmEx();
  V[Role::ComputeType] = Value::of(ct::C16F);
  V[Role::AType] = V[Role::BType] = V[Role::CType] = Value::of(dt::R_16F);
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
}

TEST(MemoryRules, TypedRoutinesHaveFixedScales) {
  CallValues V = validGemmEx();
  V.pointer(Role::Alpha).PointeeType = Value::of(dt::R_64F);
  const Finding &F = only(run("cublasSgemm_v2", V));
  EXPECT_EQ(F.Message,
            "'alpha' points to 'double' but cublasSgemm_v2 reads alpha as 'float'");
  // cublasCgemmEx reads cuComplex scalars whatever its data types.
  V[Role::AType] = V[Role::BType] = V[Role::CType] = Value::of(dt::C_32F);
  V.pointer(Role::Alpha).PointeeType = Value::of(dt::R_32F);
  const Finding C = only(run("cublasCgemmEx", V));
  EXPECT_STREQ(C.RuleId, "scalar.type");
  EXPECT_EQ(C.Bound, dt::C_32F);
}

// --- buffer types --------------------------------------------------------------

TEST(MemoryRules, BufferTypeMustMatchDataType) {
  CallValues V = validGemmEx();
  V.pointer(Role::A).PointeeType = Value::of(dt::R_32F);
  const Finding &F = only(run("cublasGemmEx", V));
  EXPECT_STREQ(F.RuleId, "buffer.type");
  EXPECT_EQ(F.Cat, Category::BufferType);
  EXPECT_EQ(F.Param, Role::A);
  EXPECT_EQ(F.Message,
            "'A' points to 'float' but 'Atype' is CUDA_R_16F ('__half')");
  V.pointer(Role::A).PointeeType = Value::of(dt::R_16F);
  V.pointer(Role::C).PointeeType = Value::of(dt::R_32F);
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
}

// --- pointer modes (docs/rules.md, `pointer.mode`) ---------------------------

TEST(MemoryRules, PointerModeAgainstResidency) {
  struct Case {
    int64_t Mode;
    Residency Where;
    bool Bad;
  };
  const Case Cases[] = {
      {pointer_mode::Host, Residency::Pageable, false},
      {pointer_mode::Host, Residency::PinnedHost, false},
      {pointer_mode::Host, Residency::Device, true},
      {pointer_mode::Host, Residency::Managed, true},
      {pointer_mode::Device, Residency::Device, false},
      {pointer_mode::Device, Residency::Managed, false},
      {pointer_mode::Device, Residency::PinnedHost, false},
      {pointer_mode::Device, Residency::Pageable, true},
  };
  for (const Case &C : Cases) {
    CallValues V = validGemmEx();
    V.PointerMode = Value::of(C.Mode);
    V.pointer(Role::Beta).Address = Value::of(0x1000);
    V.pointer(Role::Beta).Where = C.Where;
    std::vector<Finding> Fs = run("cublasGemmEx", V);
    SCOPED_TRACE(static_cast<int>(C.Where));
    if (!C.Bad) {
      EXPECT_TRUE(Fs.empty()) << describe(Fs);
      continue;
    }
    const Finding &F = only(Fs);
    EXPECT_STREQ(F.RuleId, "pointer.mode");
    EXPECT_EQ(F.Param, Role::Beta);
  }
  // Unknown mode or unknown residency: silent.
  CallValues V = validGemmEx();
  V.pointer(Role::Alpha).Where = Residency::Device;
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
  V.PointerMode = Value::of(pointer_mode::Host);
  V.pointer(Role::Alpha).Where = Residency::Unknown;
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
}

TEST(MemoryRules, DeviceAlphaInHostModeMessage) {
  CallValues V = validGemmEx();
  V.PointerMode = Value::of(pointer_mode::Host);
  V.pointer(Role::Alpha).Address = Value::of(0x7f0000000000);
  V.pointer(Role::Alpha).Where = Residency::Device;
  const Finding &F = only(run("cublasGemmEx", V));
  EXPECT_EQ(F.Message,
            "'alpha' points to device memory but the handle's pointer mode is "
            "CUBLAS_POINTER_MODE_HOST, where cuBLAS reads it on the host");
  EXPECT_EQ(F.Note, "pass a host scalar, or call cublasSetPointerMode(handle, "
                    "CUBLAS_POINTER_MODE_DEVICE) first");
}

TEST(MemoryRules, NullScalarsAndNullC) {
  CallValues V = validGemmEx();
  V.pointer(Role::Alpha).Address = Value::of(0);
  const Finding &F = only(run("cublasGemmEx", V));
  EXPECT_STREQ(F.RuleId, "pointer.null");
  EXPECT_EQ(F.Message, "'alpha' is null; cuBLAS reads it on every call");

  V = validGemmEx();
  V.pointer(Role::C).Address = Value::of(0);
  EXPECT_TRUE(run("cublasGemmEx", V).empty()) << "beta unknown";
  V.BetaIsZero = Value::of(1);
  EXPECT_TRUE(run("cublasGemmEx", V).empty()) << "beta == 0: C is not read";
  V.BetaIsZero = Value::of(0);
  EXPECT_STREQ(only(run("cublasGemmEx", V)).RuleId, "pointer.null-c");
}

TEST(MemoryRules, GroupedNeedsHostMode) {
  CallValues V;
  V[Role::GroupCount] = Value::of(0);
  V.PointerMode = Value::of(pointer_mode::Device);
  EXPECT_STREQ(only(run("cublasGemmGroupedBatchedEx", V)).RuleId,
               "pointer.mode-grouped");
  V.PointerMode = Value::of(pointer_mode::Host);
  EXPECT_TRUE(run("cublasGemmGroupedBatchedEx", V).empty());
}

TEST(MemoryRules, HostScalarAlignment) {
  CallValues V = validGemmEx();
  V[Role::AType] = V[Role::BType] = V[Role::CType] = Value::of(dt::C_64F);
  V[Role::ComputeType] = Value::of(ct::C64F);
  V[Role::Lda] = Value::of(64);
  V.PointerMode = Value::of(pointer_mode::Host);
  V.pointer(Role::Alpha).Address = Value::of(0x1008); // 8-byte aligned only
  V.pointer(Role::Alpha).Where = Residency::Pageable;
  const Finding &F = only(run("cublasGemmEx", V));
  EXPECT_STREQ(F.RuleId, "scalar.alignment");
  EXPECT_EQ(F.Bound, 16);
  EXPECT_EQ(F.Message, "'alpha' (0x1008) is not aligned to 16 bytes, the "
                       "alignment of 'cuDoubleComplex'");
  V.pointer(Role::Alpha).Address = Value::of(0x1010);
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
}

// --- int8 (docs/rules.md, `int8.ld`, `int8.pointer`) -------------------------

TEST(MemoryRules, Int8LeadingDimensionsAndPointers) {
  CallValues V = validGemmEx();
  V[Role::AType] = V[Role::BType] = Value::of(dt::R_8I);
  V[Role::CType] = Value::of(dt::R_32I);
  V[Role::ComputeType] = Value::of(ct::C32I);
  V[Role::TransA] = Value::of(op::T);
  V[Role::Lda] = Value::of(18); // >= k = 16 but not a multiple of 4
  V[Role::Ldb] = Value::of(16);
  const Finding &F = only(run("cublasGemmEx", V));
  EXPECT_STREQ(F.RuleId, "int8.ld");
  EXPECT_EQ(F.Cat, Category::Int8Alignment);
  EXPECT_EQ(F.Message,
            "'lda' (18) must be a multiple of 4 with CUBLAS_COMPUTE_32I");
  EXPECT_EQ(F.Note, "pad the leading dimension to 20");
  V[Role::Lda] = Value::of(20);
  V.pointer(Role::B).Address = Value::of(0x10002);
  const Finding &P = only(run("cublasGemmEx", V));
  EXPECT_STREQ(P.RuleId, "int8.pointer");
  EXPECT_EQ(P.Param, Role::B);
  V.pointer(Role::B).Address = Value::of(0x10004);
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
  // The legacy CUDA_R_32I compute type is COMPUTE_32I too.
  V[Role::Ldb] = Value::of(17);
  V[Role::ComputeType] = Value::of(dt::R_32I);
  V.LegacyComputeType = true;
  EXPECT_STREQ(only(run("cublasGemmEx", V)).RuleId, "int8.ld");
  // int8 data with COMPUTE_32F has no such rule.
  V.LegacyComputeType = false;
  V[Role::ComputeType] = Value::of(ct::C32F);
  V[Role::CType] = Value::of(dt::R_32F);
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
}

// --- strided batches (docs/rules.md, `batch.overlap`) ------------------------

CallValues validStrided() {
  CallValues V = validGemmEx();
  V[Role::StrideA] = Value::of(64 * 16);
  V[Role::StrideB] = Value::of(16 * 32);
  V[Role::StrideC] = Value::of(64 * 32);
  V[Role::BatchCount] = Value::of(4);
  return V;
}

// Interleaved batches: spans overlap, elements do not (the call:
// gemm_rules.check("cublasSgemmStridedBatched", m=4, n=8, ldc=16,
// strideC=4, batchCount=4) was reported).
TEST(MemoryRules, InterleavedBatchesAreValid) {
  CallValues V = validStrided();
  V[Role::M] = V[Role::Lda] = Value::of(4);
  V[Role::N] = Value::of(8);
  V[Role::K] = V[Role::Ldb] = Value::of(4);
  V[Role::StrideA] = V[Role::StrideB] = Value::of(32);
  V[Role::Ldc] = Value::of(16);
  V[Role::StrideC] = Value::of(4);
  V[Role::BatchCount] = Value::of(4);
  EXPECT_TRUE(run("cublasSgemmStridedBatched", V).empty());
  V[Role::StrideC] = Value::of(-4);
  EXPECT_TRUE(run("cublasSgemmStridedBatched", V).empty());
  // A fifth batch wraps to row 0 of column 1: shared with C[0].
  V[Role::StrideC] = Value::of(4);
  V[Role::BatchCount] = Value::of(5);
  EXPECT_EQ(only(run("cublasSgemmStridedBatched", V)).Message,
            "'strideC' (4) makes the 5 C matrices overlap: row 0, column 1 of "
            "C[0] is row 0, column 0 of C[4]");
  // One row too close: C[1]'s first row is C[0]'s last.
  V[Role::StrideC] = Value::of(3);
  V[Role::BatchCount] = Value::of(4);
  EXPECT_EQ(only(run("cublasSgemmStridedBatched", V)).Message,
            "'strideC' (3) makes the 4 C matrices overlap: row 3, column 0 of "
            "C[0] is row 0, column 0 of C[1]");
  // Starting inside a column's gap and running into the next column.
  V[Role::StrideC] = Value::of(14);
  V[Role::BatchCount] = Value::of(2);
  EXPECT_EQ(only(run("cublasSgemmStridedBatched", V)).Message,
            "'strideC' (14) makes the 2 C matrices overlap: row 0, column 1 of "
            "C[0] is row 2, column 0 of C[1]");
  V[Role::StrideC] = Value::of(8); // rows 8..11 of each column: free
  EXPECT_TRUE(run("cublasSgemmStridedBatched", V).empty());
}

// The exact test against brute force over small shapes: every element of
// every batch marked in a grid.
TEST(MemoryRules, OverlapMatchesBruteForce) {
  for (int64_t M = 1; M <= 4; ++M)
    for (int64_t N = 1; N <= 3; ++N)
      for (int64_t Ld = M; Ld <= 6; ++Ld)
        for (int64_t Stride = -20; Stride <= 20; ++Stride)
          for (int64_t Batch = 2; Batch <= 4; ++Batch) {
            std::vector<int> Owner(200, -1);
            bool Shared = false;
            for (int64_t I = 0; I < Batch; ++I)
              for (int64_t J = 0; J < N; ++J)
                for (int64_t R = 0; R < M; ++R) {
                  int &O = Owner[100 + I * Stride + J * Ld + R];
                  Shared |= O >= 0 && O != I;
                  O = static_cast<int>(I);
                }
            const SharedElement S =
                firstSharedElement(M, N, Ld, Stride, Batch);
            ASSERT_EQ(S.Found, Shared)
                << "m " << M << " n " << N << " ld " << Ld << " stride "
                << Stride << " batches " << Batch;
            if (!S.Found)
              continue;
            // The element named is in both matrices, at the same address.
            const int64_t Low = S.Low * Stride + S.Col * Ld + S.Row;
            const int64_t High = S.High * Stride + S.HighCol * Ld + S.HighRow;
            EXPECT_EQ(Low, High);
            EXPECT_TRUE(S.Row < M && S.Col < N && S.HighRow < M &&
                        S.HighCol < N && S.Low != S.High);
          }
}

TEST(MemoryRules, StridedBatchedCMustNotOverlap) {
  CallValues V = validStrided();
  EXPECT_TRUE(run("cublasGemmStridedBatchedEx", V).empty());
  // ldc * (n - 1) + m = 64 * 31 + 64 = 2048: exactly enough.
  V[Role::StrideC] = Value::of(2048);
  EXPECT_TRUE(run("cublasGemmStridedBatchedEx", V).empty());
  V[Role::StrideC] = Value::of(2047);
  const Finding &F = only(run("cublasGemmStridedBatchedEx", V));
  EXPECT_STREQ(F.RuleId, "batch.overlap");
  EXPECT_EQ(F.Bound, 2048);
  EXPECT_EQ(F.Message, "'strideC' (2047) makes the 4 C matrices overlap: row "
                       "63, column 31 of C[0] is row 0, column 0 of C[1]");
  V[Role::StrideC] = Value::of(0);
  EXPECT_STREQ(only(run("cublasGemmStridedBatchedEx", V)).RuleId,
               "batch.overlap");
  // A negative stride puts C[1] first.
  V[Role::StrideC] = Value::of(-2047);
  EXPECT_EQ(only(run("cublasGemmStridedBatchedEx", V)).Message,
            "'strideC' (-2047) makes the 4 C matrices overlap: row 63, column "
            "31 of C[1] is row 0, column 0 of C[0]");
  // One matrix cannot overlap itself; a stride of 0 on A or B broadcasts.
  V[Role::BatchCount] = Value::of(1);
  EXPECT_TRUE(run("cublasGemmStridedBatchedEx", V).empty());
  V = validStrided();
  V[Role::StrideA] = Value::of(0);
  V[Role::StrideB] = Value::of(0);
  EXPECT_TRUE(run("cublasGemmStridedBatchedEx", V).empty());
  // Unknown n: silent.
  V[Role::StrideC] = Value::of(1);
  V[Role::N] = Value::unknown();
  EXPECT_TRUE(run("cublasGemmStridedBatchedEx", V).empty());
}

// --- extents -------------------------------------------------------------------------

TEST(MemoryRules, BufferExtentAgainstAllocation) {
  CallValues V = validGemmEx();
  PointerFacts &A = V.pointer(Role::A);
  A.Address = Value::of(0x10000);
  A.AllocBegin = Value::of(0x10000);
  // lda * (k - 1) + m = 64 * 15 + 64 = 1024 halfs = 2048 bytes.
  A.AllocEnd = Value::of(0x10000 + 2048);
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
  A.AllocEnd = Value::of(0x10000 + 2047);
  const Finding &F = only(run("cublasGemmEx", V));
  EXPECT_STREQ(F.RuleId, "buffer.extent");
  EXPECT_EQ(F.Value, 2048);
  EXPECT_EQ(F.Bound, 2047);
  EXPECT_EQ(F.Message, "'A' needs 2048 bytes (lda * (k - 1) + m = 1024 "
                       "elements of CUDA_R_16F) but only 2047 remain in its "
                       "allocation");
  // A transposed A is stored k x m: lda * (m - 1) + k.
  V[Role::TransA] = Value::of(op::T);
  V[Role::Lda] = Value::of(16);
  A.AllocEnd = Value::of(0x10000 + (16 * 63 + 16) * 2);
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
  A.AllocEnd = Value::of(0x10000 + (16 * 63 + 16) * 2 - 1);
  EXPECT_STREQ(only(run("cublasGemmEx", V)).RuleId, "buffer.extent");
}

TEST(MemoryRules, StridedExtentCountsEveryBatch) {
  CallValues V = validStrided();
  PointerFacts &C = V.pointer(Role::C);
  C.Address = Value::of(0x20000);
  // ldc * (n - 1) + m + strideC * 3 = 2048 + 6144 floats.
  C.AllocEnd = Value::of(0x20000 + (2048 + 3 * 2048) * 4);
  EXPECT_TRUE(run("cublasGemmStridedBatchedEx", V).empty());
  C.AllocEnd = Value::of(0x20000 + (2048 + 2 * 2048) * 4);
  const Finding &F = only(run("cublasGemmStridedBatchedEx", V));
  EXPECT_STREQ(F.RuleId, "buffer.extent");
  EXPECT_EQ(F.Param, Role::C);
}

TEST(MemoryRules, UnknownFactsNeverReport) {
  // Every fact of a broken call, one unknown at a time: what stays must not
  // rest on the unknown.
  CallValues Bad = validStrided();
  Bad[Role::StrideC] = Value::of(5);
  Bad.PointerMode = Value::of(pointer_mode::Host);
  Bad.pointer(Role::Alpha).Where = Residency::Device;
  Bad.pointer(Role::Alpha).Address = Value::of(0x5000);
  Bad.pointer(Role::Beta).PointeeType = Value::of(dt::R_64F);
  Bad.pointer(Role::A).PointeeType = Value::of(dt::R_32F);
  Bad.pointer(Role::B).Address = Value::of(0x8000);
  Bad.pointer(Role::B).AllocEnd = Value::of(0x8001);
  const std::vector<Finding> All = run("cublasGemmStridedBatchedEx", Bad);
  EXPECT_EQ(All.size(), 5u) << describe(All);

  CallValues V = Bad;
  V.PointerMode = Value::unknown();
  for (const Finding &F : run("cublasGemmStridedBatchedEx", V))
    EXPECT_STRNE(F.RuleId, "pointer.mode");
  V = Bad;
  V.pointer(Role::Beta).PointeeType = Value::unknown();
  V.pointer(Role::A).PointeeType = Value::unknown();
  V.pointer(Role::B).AllocEnd = Value::unknown();
  V[Role::StrideC] = Value::unknown();
  const std::vector<Finding> Left = run("cublasGemmStridedBatchedEx", V);
  ASSERT_EQ(Left.size(), 1u) << describe(Left);
  EXPECT_STREQ(Left[0].RuleId, "pointer.mode");
}

} // namespace

namespace {

// --- precision (docs/rules.md, `precision.*`) --------------------------------

TEST(MemoryRules, TensorOpAlgorithmsOnFp32) {
  CallValues V = validGemmEx();
  V[Role::AType] = V[Role::BType] = V[Role::CType] = Value::of(dt::R_32F);
  for (int64_t Algo : {99, 100, 115}) {
    V[Role::Algo] = Value::of(Algo);
    const Finding F = only(run("cublasGemmEx", V));
    EXPECT_STREQ(F.RuleId, "precision.tensor-op-algo");
    EXPECT_EQ(F.Cat, Category::PrecisionLoss);
    EXPECT_EQ(F.Value, Algo);
    // Only CUBLAS_GEMM_DEFAULT_TENSOR_OP has a certain replacement.
    EXPECT_EQ(F.Replacement, Algo == 99 ? "CUBLAS_GEMM_DEFAULT" : "");
  }
  // Not fp32, an explicit FAST compute type, or no tensor-op algorithm.
  V[Role::Algo] = Value::of(algo::Default);
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
  V[Role::Algo] = Value::of(99);
  V[Role::ComputeType] = Value::of(ct::C32F_FAST_16F);
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
  V = validGemmEx(); // fp16 data
  V[Role::Algo] = Value::of(99);
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
}

TEST(MemoryRules, TensorOpAlgorithmsOverrideFastTf32) {
  CallValues V = validGemmEx();
  V[Role::AType] = V[Role::BType] = V[Role::CType] = Value::of(dt::R_32F);
  V[Role::ComputeType] = Value::of(ct::C32F_FAST_TF32);
  EXPECT_TRUE(run("cublasGemmEx", V).empty()) << "TF32 with the default algo";
  V[Role::Algo] = Value::of(algo::DefaultTensorOp);
  const Finding F = only(run("cublasGemmEx", V));
  EXPECT_STREQ(F.RuleId, "precision.tensor-op-algo");
  EXPECT_EQ(F.Value, algo::DefaultTensorOp);
  V[Role::ComputeType] = Value::of(ct::C32F_FAST_16BF); // bf16 was asked for
  EXPECT_TRUE(run("cublasGemmEx", V).empty());
}

TEST(MemoryRules, TensorOpMathOnFp32) {
  CallValues V = validGemmEx();
  V.MathMode = Value::of(1); // CUBLAS_TENSOR_OP_MATH
  EXPECT_TRUE(run("cublasGemmEx", V).empty()) << "fp16 data: no loss";
  EXPECT_STREQ(only(run("cublasSgemm_v2", V)).RuleId,
               "precision.tensor-op-math");
  V.MathMode = Value::of(3); // CUBLAS_TF32_TENSOR_OP_MATH: asked for
  EXPECT_TRUE(run("cublasSgemm_v2", V).empty());
  V.MathMode = Value::unknown();
  EXPECT_TRUE(run("cublasSgemm_v2", V).empty());
}

} // namespace
