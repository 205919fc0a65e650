// VendorTest.cpp - hipBLAS and rocBLAS spellings of the cuBLAS enumerations
// (gemm/rules/vendor.h) and how checkCall treats values the rules do not
// model (docs/rules.md, hipBLAS and rocBLAS).
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

using namespace gemm::rules;
using namespace gemm_test;

namespace {

// HIP_R_* (hipDataType) shares cudaDataType's numbering.
constexpr int64_t HipR16F = 2, HipR32F = 0, HipR16BF = 14;
constexpr int64_t HipR8FE4M3Fnuz = 1000, HipR8FE5M2Fnuz = 1001;
// hipblasComputeType_t.
constexpr int64_t HipCompute32F = 2;

// Both operands as they are (HIPBLAS_OP_N, rocblas_operation_none: 111) and
// every size and leading dimension 8: a valid shape for hipBLAS and rocBLAS.
CallValues squareCall(std::initializer_list<Role> LeadingDims) {
  CallValues V;
  V[Role::TransA] = V[Role::TransB] = Value::of(111);
  for (Role R : {Role::M, Role::N, Role::K})
    V[R] = Value::of(8);
  for (Role R : LeadingDims)
    V[R] = Value::of(8);
  return V;
}

// A valid hipblasGemmEx call: fp32 everywhere, HIPBLAS_OP_N.
CallValues hipblasCall() {
  CallValues V = squareCall({Role::Lda, Role::Ldb, Role::Ldc});
  for (Role R : {Role::AType, Role::BType, Role::CType})
    V[R] = Value::of(HipR32F);
  V[Role::ComputeType] = Value::of(HipCompute32F);
  V[Role::Algo] = Value::of(160);
  return V;
}

// A valid rocblas_gemm_ex call: fp32 everywhere.
CallValues rocblasCall() {
  CallValues V = squareCall({Role::Lda, Role::Ldb, Role::Ldc, Role::Ldd});
  for (Role R :
       {Role::AType, Role::BType, Role::CType, Role::DType, Role::ComputeType})
    V[R] = Value::of(RocF32R);
  for (Role R : {Role::Algo, Role::SolutionIndex, Role::Flags})
    V[R] = Value::of(0);
  return V;
}

// How a naming function of vendor.h spells each value for each vendor.
struct Spelling {
  Vendor V;
  int64_t Value;
  const char *Text;
};

void expectSpellings(std::string (*Name)(Vendor, int64_t),
                     std::initializer_list<Spelling> Table) {
  for (const Spelling &S : Table)
    EXPECT_EQ(Name(S.V, S.Value), S.Text) << S.Value;
}

} // namespace

TEST(Vendor, OperationRoundTrip) {
  for (Vendor V : {Vendor::Cublas, Vendor::Hipblas, Vendor::Rocblas})
    for (int64_t Op : {op::N, op::T, op::C}) {
      const int64_t Raw = vendorOperation(V, Op);
      EXPECT_EQ(canonicalOperation(V, Raw), Op);
    }
  // HIPBLAS_OP_N/T/C and rocblas_operation_* are 111..113.
  EXPECT_EQ(vendorOperation(Vendor::Hipblas, op::N), 111);
  EXPECT_EQ(vendorOperation(Vendor::Hipblas, op::T), 112);
  EXPECT_EQ(vendorOperation(Vendor::Rocblas, op::C), 113);
  EXPECT_EQ(vendorOperation(Vendor::Cublas, op::T), 1);
  // cuBLAS values pass through untouched, even invalid ones.
  for (int64_t Raw : {-1, 0, 1, 2, 3, 7, 111})
    EXPECT_EQ(canonicalOperation(Vendor::Cublas, Raw), Raw);
  // Anything outside 111..113 is no hipBLAS/rocBLAS operation, including the
  // cuBLAS numbers.
  for (Vendor V : {Vendor::Hipblas, Vendor::Rocblas})
    for (int64_t Raw : {0, 1, 2, 3, 110, 114, -111})
      EXPECT_EQ(canonicalOperation(V, Raw), NotAnEnumerator) << Raw;
}

TEST(Vendor, OperationNames) {
  expectSpellings(
      operationName,
      {{Vendor::Cublas, 0, "CUBLAS_OP_N"},
       {Vendor::Cublas, 2, "CUBLAS_OP_C"},
       {Vendor::Cublas, 3, "CUBLAS_OP_CONJG"},
       {Vendor::Cublas, 7, "7"},
       {Vendor::Hipblas, 111, "HIPBLAS_OP_N"},
       {Vendor::Hipblas, 112, "HIPBLAS_OP_T"},
       {Vendor::Hipblas, 113, "HIPBLAS_OP_C"},
       {Vendor::Hipblas, 0, "0"},
       {Vendor::Rocblas, 111, "rocblas_operation_none"},
       {Vendor::Rocblas, 112, "rocblas_operation_transpose"},
       {Vendor::Rocblas, 113, "rocblas_operation_conjugate_transpose"},
       {Vendor::Rocblas, 114, "114"}});
  EXPECT_EQ(validOperationList(Vendor::Cublas),
            "CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C");
  EXPECT_EQ(validOperationList(Vendor::Hipblas),
            "HIPBLAS_OP_N, HIPBLAS_OP_T or HIPBLAS_OP_C");
  EXPECT_EQ(validOperationList(Vendor::Rocblas),
            "rocblas_operation_none, rocblas_operation_transpose or "
            "rocblas_operation_conjugate_transpose");
}

TEST(Vendor, AlgoValidity) {
  EXPECT_TRUE(isValidAlgoFor(Vendor::Hipblas, 160)); // HIPBLAS_GEMM_DEFAULT
  for (int64_t Raw : {-1, 0, 99, 159, 161, 999})
    EXPECT_FALSE(isValidAlgoFor(Vendor::Hipblas, Raw)) << Raw;
  // rocblas_gemm_algo_standard, rocblas_gemm_algo_solution_index.
  EXPECT_TRUE(isValidAlgoFor(Vendor::Rocblas, 0));
  EXPECT_TRUE(isValidAlgoFor(Vendor::Rocblas, 1));
  for (int64_t Raw : {-1, 2, 160})
    EXPECT_FALSE(isValidAlgoFor(Vendor::Rocblas, Raw)) << Raw;
  for (int64_t Raw = -3; Raw < 1100; ++Raw)
    EXPECT_EQ(isValidAlgoFor(Vendor::Cublas, Raw), isValidAlgo(Raw)) << Raw;
  EXPECT_STREQ(algoTypeName(Vendor::Cublas), "cublasGemmAlgo_t");
  EXPECT_STREQ(algoTypeName(Vendor::Hipblas), "hipblasGemmAlgo_t");
  EXPECT_STREQ(algoTypeName(Vendor::Rocblas), "rocblas_gemm_algo");
}

TEST(Vendor, DataTypeTranslation) {
  // cuBLAS and hipDataType: the value itself.
  for (const EnumName &E : DataTypeNames)
    EXPECT_EQ(canonicalDataType(Vendor::Cublas, E.Value, false), E.Value)
        << E.Name;
  EXPECT_EQ(canonicalDataType(Vendor::Hipblas, HipR16F, false), dt::R_16F);
  EXPECT_EQ(canonicalDataType(Vendor::Hipblas, HipR16BF, false), dt::R_16BF);
  EXPECT_EQ(canonicalDataType(Vendor::Hipblas, dt::C_64F, false), dt::C_64F);
  // FNUZ FP8 and the OCP narrow floats are real hipDataType values that the
  // rulebook does not model.
  EXPECT_EQ(canonicalDataType(Vendor::Hipblas, HipR8FE4M3Fnuz, false),
            Unmodelled);
  EXPECT_EQ(canonicalDataType(Vendor::Hipblas, HipR8FE5M2Fnuz, false),
            Unmodelled);
  for (int64_t V = dt::R_8F_E4M3; V <= dt::R_4F_E2M1; ++V)
    EXPECT_EQ(canonicalDataType(Vendor::Hipblas, V, false), Unmodelled) << V;
  // ...but cuBLAS knows them (and rejects them later, as narrow floats).
  EXPECT_EQ(canonicalDataType(Vendor::Cublas, dt::R_8F_E4M3, false),
            dt::R_8F_E4M3);
  EXPECT_EQ(canonicalDataType(Vendor::Cublas, 1000, false), NotAnEnumerator);
  for (int64_t Raw : {-1, 34, 99, 1002, 150})
    EXPECT_EQ(canonicalDataType(Vendor::Hipblas, Raw, false), NotAnEnumerator)
        << Raw;

  // rocblas_datatype, and hipblasDatatype_t (same numbering).
  const std::pair<int64_t, int64_t> Roc[] = {
      {RocF16R, dt::R_16F},  {RocF32R, dt::R_32F}, {RocF64R, dt::R_64F},
      {RocF16C, dt::C_16F},  {RocF32C, dt::C_32F}, {RocF64C, dt::C_64F},
      {RocI8R, dt::R_8I},    {RocU8R, dt::R_8U},   {RocI32R, dt::R_32I},
      {RocU32R, dt::R_32U},  {RocI8C, dt::C_8I},   {RocU8C, dt::C_8U},
      {RocI32C, dt::C_32I},  {RocU32C, dt::C_32U}, {RocBF16R, dt::R_16BF},
      {RocBF16C, dt::C_16BF}};
  for (const auto &P : Roc) {
    EXPECT_EQ(canonicalDataType(Vendor::Rocblas, P.first, false), P.second)
        << P.first;
    EXPECT_EQ(canonicalDataType(Vendor::Rocblas, P.first, true), P.second);
    EXPECT_EQ(canonicalDataType(Vendor::Hipblas, P.first, true), P.second);
  }
  EXPECT_EQ(canonicalDataType(Vendor::Rocblas, RocF8R, false), Unmodelled);
  EXPECT_EQ(canonicalDataType(Vendor::Rocblas, RocBF8R, false), Unmodelled);
  for (int64_t Raw : {0, 2, 149, 156, 159, 172, 255})
    EXPECT_EQ(canonicalDataType(Vendor::Rocblas, Raw, false), NotAnEnumerator)
        << Raw;
  // With legacy types, hipBLAS reads 0 as garbage, not as HIP_R_32F.
  EXPECT_EQ(canonicalDataType(Vendor::Hipblas, HipR32F, true), NotAnEnumerator);
}

TEST(Vendor, DataTypeNames) {
  expectSpellings(dataTypeName,
                  {{Vendor::Cublas, dt::R_16F, "CUDA_R_16F"},
                   {Vendor::Hipblas, dt::R_16F, "HIP_R_16F"},
                   {Vendor::Hipblas, dt::C_16BF, "HIP_C_16BF"},
                   {Vendor::Hipblas, dt::R_8F_E5M2, "HIP_R_8F_E5M2"},
                   {Vendor::Rocblas, dt::R_16F, "rocblas_datatype_f16_r"},
                   {Vendor::Rocblas, dt::R_16BF, "rocblas_datatype_bf16_r"},
                   {Vendor::Rocblas, dt::C_32F, "rocblas_datatype_f32_c"},
                   {Vendor::Rocblas, dt::R_8I, "rocblas_datatype_i8_r"},
                   // rocBLAS has no name for this; the CUDA one is the
                   // fallback.
                   {Vendor::Rocblas, dt::R_4I, "CUDA_R_4I"},
                   // Unknown values print as numbers.
                   {Vendor::Cublas, 77, "77"},
                   {Vendor::Hipblas, -1, "-1"}});
  // Every rocblas_datatype name round-trips through the translation.
  for (const EnumName &E : detail::RocblasDataTypeNames) {
    bool Found = false;
    for (int64_t Raw = 150; Raw <= 169; ++Raw)
      Found |= canonicalDataType(Vendor::Rocblas, Raw, false) == E.Value;
    EXPECT_TRUE(Found) << E.Name;
  }
  EXPECT_STREQ(dataTypeTypeName(Vendor::Cublas, false), "cudaDataType");
  EXPECT_STREQ(dataTypeTypeName(Vendor::Hipblas, false), "hipDataType");
  EXPECT_STREQ(dataTypeTypeName(Vendor::Hipblas, true), "hipblasDatatype_t");
  EXPECT_STREQ(dataTypeTypeName(Vendor::Rocblas, false), "rocblas_datatype");
}

TEST(Vendor, ComputeTypeTranslation) {
  // hipblasComputeType_t 0..10, in hipblas-common.h order.
  const int64_t Hip[] = {
      ct::C16F,           ct::C16F_PEDANTIC, ct::C32F,
      ct::C32F_PEDANTIC,  ct::C32F_FAST_16F, ct::C32F_FAST_16BF,
      ct::C32F_FAST_TF32, ct::C64F,          ct::C64F_PEDANTIC,
      ct::C32I,           ct::C32I_PEDANTIC};
  for (int64_t Raw = 0; Raw <= 10; ++Raw)
    EXPECT_EQ(canonicalComputeType(Vendor::Hipblas, Raw, false), Hip[Raw])
        << Raw;
  for (int64_t Raw = 100; Raw <= 103; ++Raw) // *_FAST_8F*_FNUZ
    EXPECT_EQ(canonicalComputeType(Vendor::Hipblas, Raw, false), Unmodelled)
        << Raw;
  for (int64_t Raw : {-1, 11, 68, 99, 104})
    EXPECT_EQ(canonicalComputeType(Vendor::Hipblas, Raw, false),
              NotAnEnumerator)
        << Raw;
  // cuBLAS: the value itself, when it is an enumerator.
  for (const EnumName &E : ComputeTypeNames)
    EXPECT_EQ(canonicalComputeType(Vendor::Cublas, E.Value, false), E.Value);
  for (int64_t Raw : {0, 66, 67, 76, 80})
    EXPECT_EQ(canonicalComputeType(Vendor::Cublas, Raw, false), NotAnEnumerator)
        << Raw;
  // rocBLAS: a rocblas_datatype names the compute type and stays one, so
  // that real and complex compute types remain apart.
  EXPECT_EQ(canonicalComputeType(Vendor::Rocblas, RocF16R, false), dt::R_16F);
  EXPECT_EQ(canonicalComputeType(Vendor::Rocblas, RocF32R, false), dt::R_32F);
  EXPECT_EQ(canonicalComputeType(Vendor::Rocblas, RocF32C, false), dt::C_32F);
  EXPECT_EQ(canonicalComputeType(Vendor::Rocblas, RocF64R, false), dt::R_64F);
  EXPECT_EQ(canonicalComputeType(Vendor::Rocblas, RocF64C, false), dt::C_64F);
  EXPECT_EQ(canonicalComputeType(Vendor::Rocblas, RocI32R, false), dt::R_32I);
  EXPECT_EQ(canonicalComputeType(Vendor::Rocblas, RocI8R, false), dt::R_8I);
  EXPECT_TRUE(isValidComputeTypeFor(Vendor::Rocblas, dt::R_8I));
  EXPECT_FALSE(isValidComputeTypeFor(Vendor::Rocblas, NotAnEnumerator));
  // hipBLAS before HIPBLAS_V2 names compute types with hipblasDatatype_t.
  EXPECT_EQ(canonicalComputeType(Vendor::Hipblas, RocF32R, true), ct::C32F);
  EXPECT_EQ(canonicalComputeType(Vendor::Hipblas, RocI8R, true), Unmodelled);
  // FP8 (rocBLAS 4.x): real but unmodelled.
  EXPECT_EQ(canonicalComputeType(Vendor::Rocblas, RocF8R, false), Unmodelled);
  EXPECT_EQ(canonicalComputeType(Vendor::Rocblas, 2, false), NotAnEnumerator);
}

TEST(Vendor, ComputeTypeNames) {
  expectSpellings(
      computeTypeName,
      {{Vendor::Cublas, ct::C32F, "CUBLAS_COMPUTE_32F"},
       {Vendor::Hipblas, ct::C32F, "HIPBLAS_COMPUTE_32F"},
       {Vendor::Hipblas, ct::C32F_FAST_TF32, "HIPBLAS_COMPUTE_32F_FAST_TF32"},
       {Vendor::Rocblas, dt::R_16F, "rocblas_datatype_f16_r"},
       {Vendor::Rocblas, dt::R_32F, "rocblas_datatype_f32_r"},
       {Vendor::Rocblas, dt::R_64F, "rocblas_datatype_f64_r"},
       {Vendor::Rocblas, dt::R_32I, "rocblas_datatype_i32_r"},
       {Vendor::Rocblas, dt::C_32F, "rocblas_datatype_f32_c"},
       {Vendor::Cublas, 66, "66"}});
  EXPECT_STREQ(computeTypeTypeName(Vendor::Cublas), "cublasComputeType_t");
  EXPECT_STREQ(computeTypeTypeName(Vendor::Hipblas), "hipblasComputeType_t");
  EXPECT_STREQ(computeTypeTypeName(Vendor::Rocblas), "rocblas_datatype");
}

TEST(Vendor, BaselineCallsAreClean) {
  EXPECT_TRUE(checkCall(api("hipblasGemmEx"), hipblasCall()).empty())
      << describe(checkCall(api("hipblasGemmEx"), hipblasCall()));
  EXPECT_TRUE(checkCall(api("rocblas_gemm_ex"), rocblasCall()).empty())
      << describe(checkCall(api("rocblas_gemm_ex"), rocblasCall()));
}

TEST(Vendor, UnmodelledHipDataTypesStaySilent) {
  for (int64_t Fp8 : {HipR8FE4M3Fnuz, HipR8FE5M2Fnuz, dt::R_8F_E4M3,
                      dt::R_8F_E5M2, dt::R_4F_E2M1}) {
    SCOPED_TRACE(Fp8);
    // In every type position, alone or together.
    for (Role R : {Role::AType, Role::BType, Role::CType}) {
      CallValues V = hipblasCall();
      V[R] = Value::of(Fp8);
      std::vector<Finding> Fs = checkCall(api("hipblasGemmEx"), V);
      EXPECT_TRUE(Fs.empty()) << describe(Fs);
    }
    CallValues V = hipblasCall();
    V[Role::AType] = V[Role::BType] = Value::of(Fp8);
    std::vector<Finding> Fs = checkCall(api("hipblasGemmEx_64"), V);
    EXPECT_TRUE(Fs.empty()) << describe(Fs);
  }
}

TEST(Vendor, UnmodelledValuesDoNotHideOtherFindings) {
  // An FNUZ A type says nothing about the (invalid) leading dimension.
  CallValues V = hipblasCall();
  V[Role::AType] = Value::of(HipR8FE4M3Fnuz);
  V[Role::Ldc] = Value::of(4);
  std::vector<Finding> Fs = checkCall(api("hipblasGemmEx"), V);
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "ld.output");
  // Unmodelled A with a known B still lets B and C be judged: fp32 B with
  // an int8 C matches no row whatever A is.
  V = hipblasCall();
  V[Role::AType] = Value::of(HipR8FE4M3Fnuz);
  V[Role::CType] = Value::of(dt::R_8I);
  Fs = checkCall(api("hipblasGemmEx"), V);
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "types.combination");
  EXPECT_EQ(Fs[0].Param, Role::CType);
  EXPECT_EQ(Fs[0].Message,
            "unsupported type combination for hipblasGemmEx: computeType "
            "HIPBLAS_COMPUTE_32F, Atype/Btype HIP_R_32F, Ctype HIP_R_8I");
}

TEST(Vendor, UnmodelledHipComputeTypesStaySilent) {
  for (int64_t Raw = 100; Raw <= 103; ++Raw) {
    CallValues V = hipblasCall();
    V[Role::ComputeType] = Value::of(Raw);
    // Even with fp16 data the FNUZ compute types are left alone.
    V[Role::AType] = V[Role::BType] = Value::of(HipR16F);
    std::vector<Finding> Fs = checkCall(api("hipblasGemmEx"), V);
    EXPECT_TRUE(Fs.empty()) << Raw << describe(Fs);
  }
}

TEST(Vendor, UnmodelledRocblasTypesStaySilent) {
  for (int64_t Raw : {RocF8R, RocBF8R}) {
    SCOPED_TRACE(Raw);
    for (Role R : {Role::AType, Role::BType, Role::CType, Role::DType,
                   Role::ComputeType}) {
      CallValues V = rocblasCall();
      V[R] = Value::of(Raw);
      std::vector<Finding> Fs = checkCall(api("rocblas_gemm_ex"), V);
      EXPECT_TRUE(Fs.empty()) << int(R) << describe(Fs);
    }
    // hipBLAS before HIPBLAS_V2 spells types the rocBLAS way.
    CallValues V = hipblasCall();
    V.HipblasLegacyTypes = true;
    for (Role R : {Role::AType, Role::BType, Role::CType})
      V[R] = Value::of(RocF32R);
    V[Role::ComputeType] = Value::of(RocF32R);
    EXPECT_TRUE(checkCall(api("hipblasGemmEx"), V).empty());
    V[Role::AType] = Value::of(Raw);
    std::vector<Finding> Fs = checkCall(api("hipblasGemmEx"), V);
    EXPECT_TRUE(Fs.empty()) << describe(Fs);
  }
}

TEST(Vendor, NotAnEnumeratorIsADataTypeFinding) {
  // hipDataType 150 is a rocblas_datatype number, not a hipDataType.
  CallValues V = hipblasCall();
  V[Role::AType] = Value::of(150);
  std::vector<Finding> Fs = checkCall(api("hipblasGemmEx"), V);
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Cat, Category::InvalidEnum);
  EXPECT_STREQ(Fs[0].RuleId, "enum.data-type");
  EXPECT_EQ(Fs[0].Param, Role::AType);
  EXPECT_EQ(Fs[0].Value, 150);
  EXPECT_EQ(Fs[0].Message, "'Atype' (150) is not a hipDataType value");
  EXPECT_EQ(arguments(Fs[0].Inputs), std::vector<Role>{Role::AType});

  // And the other way round under HIPBLAS_V2-less hipBLAS.
  V = hipblasCall();
  V.HipblasLegacyTypes = true;
  V[Role::AType] = V[Role::BType] = V[Role::CType] = Value::of(RocF32R);
  V[Role::ComputeType] = Value::of(RocF32R);
  V[Role::CType] = Value::of(HipR32F);
  Fs = checkCall(api("hipblasGemmEx"), V);
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "enum.data-type");
  EXPECT_EQ(Fs[0].Param, Role::CType);
  EXPECT_EQ(Fs[0].Message, "'Ctype' (0) is not a hipblasDatatype_t value");

  // rocblas_gemm_ex: a cudaDataType number in d_type.
  CallValues R = rocblasCall();
  R[Role::DType] = Value::of(dt::R_32F);
  Fs = checkCall(api("rocblas_gemm_ex"), R);
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "enum.data-type");
  EXPECT_EQ(Fs[0].Param, Role::DType);
  EXPECT_EQ(Fs[0].Value, 0);
  EXPECT_EQ(Fs[0].Message, "'d_type' (0) is not a rocblas_datatype value");

  // Two bad types give two findings and no combination finding.
  R = rocblasCall();
  R[Role::AType] = Value::of(1);
  R[Role::CType] = Value::of(300);
  Fs = checkCall(api("rocblas_gemm_ex"), R);
  ASSERT_EQ(Fs.size(), 2u) << describe(Fs);
  EXPECT_EQ(Fs[0].Param, Role::AType);
  EXPECT_EQ(Fs[0].Message, "'a_type' (1) is not a rocblas_datatype value");
  EXPECT_EQ(Fs[1].Param, Role::CType);
  EXPECT_EQ(Fs[1].Message, "'c_type' (300) is not a rocblas_datatype value");
}

TEST(Vendor, NotAnEnumeratorComputeType) {
  CallValues V = hipblasCall();
  V[Role::ComputeType] = Value::of(68); // CUBLAS_COMPUTE_32F, not hipBLAS's
  std::vector<Finding> Fs = checkCall(api("hipblasGemmEx"), V);
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "enum.compute-type");
  EXPECT_EQ(Fs[0].Param, Role::ComputeType);
  EXPECT_EQ(Fs[0].Message,
            "'computeType' (68) is not a hipblasComputeType_t value");
  // The cudaDataType wording is cuBLAS's alone.
  EXPECT_EQ(Fs[0].Note, "");

  CallValues R = rocblasCall();
  R[Role::ComputeType] = Value::of(3);
  Fs = checkCall(api("rocblas_gemm_ex"), R);
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Message,
            "'compute_type' (3) is not a rocblas_datatype value");
}
