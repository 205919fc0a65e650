// gemm/rules/enums.h - the cuBLAS enumerations the rules reason about.
//
// Values mirror the CUDA 13 toolkit headers (library_types.h, cublas_api.h);
// see docs/rules.md section "Enum values". They are plain integers here so
// that this header needs neither CUDA nor LLVM. The unit test
// EnumMirror.MatchesCudaHeaders compares every value below with the real
// headers whenever they are installed.
#ifndef GEMM_RULES_ENUMS_H
#define GEMM_RULES_ENUMS_H

#include <cstdint>

namespace gemm {
namespace rules {

// cudaDataType_t (library_types.h).
namespace dt {
constexpr int64_t R_32F = 0, R_64F = 1, R_16F = 2, R_8I = 3, C_32F = 4,
                  C_64F = 5, C_16F = 6, C_8I = 7, R_8U = 8, C_8U = 9,
                  R_32I = 10, C_32I = 11, R_32U = 12, C_32U = 13,
                  R_16BF = 14, C_16BF = 15, R_4I = 16, C_4I = 17, R_4U = 18,
                  C_4U = 19, R_16I = 20, C_16I = 21, R_16U = 22, C_16U = 23,
                  R_64I = 24, C_64I = 25, R_64U = 26, C_64U = 27,
                  R_8F_E4M3 = 28, R_8F_E5M2 = 29, R_8F_UE8M0 = 30,
                  R_6F_E2M3 = 31, R_6F_E3M2 = 32, R_4F_E2M1 = 33;
} // namespace dt

// cublasComputeType_t.
namespace ct {
constexpr int64_t C16F = 64, C16F_PEDANTIC = 65, C32F = 68, C32F_PEDANTIC = 69,
                  C64F = 70, C64F_PEDANTIC = 71, C32I = 72, C32I_PEDANTIC = 73,
                  C32F_FAST_16F = 74, C32F_FAST_16BF = 75, C32F_FAST_TF32 = 77,
                  C32F_EMULATED_16BFX9 = 78, C64F_EMULATED_FIXEDPOINT = 79;
} // namespace ct

// cublasOperation_t.
namespace op {
constexpr int64_t N = 0, T = 1, C = 2, CONJG = 3;
} // namespace op

// cublasGemmAlgo_t.
namespace algo {
constexpr int64_t Default = -1, Algo0 = 0, Algo23 = 23, DefaultTensorOp = 99,
                  Algo0TensorOp = 100, Algo15TensorOp = 115, Autotune = 999;
} // namespace algo

// cublasPointerMode_t and cublasMath_t, for the checks that track handles.
namespace pointer_mode {
constexpr int64_t Host = 0, Device = 1;
} // namespace pointer_mode

// cuBLAS versions (CUBLAS_VERSION = major * 10000 + minor * 100 + patch) at
// which newer enumerators appeared.
namespace version {
constexpr int64_t Emulated16BFx9 = 120900;
constexpr int64_t Emulated64FFixedPoint = 130000;
} // namespace version

struct EnumName {
  int64_t Value;
  const char *Name;
};

// First-listed name wins when a value has aliases (CUDA_R_8F_UE4M3,
// CUBLAS_OP_HERMITAN, CUBLAS_GEMM_DFALT).
inline constexpr EnumName DataTypeNames[] = {
    {dt::R_32F, "CUDA_R_32F"},       {dt::R_64F, "CUDA_R_64F"},
    {dt::R_16F, "CUDA_R_16F"},       {dt::R_8I, "CUDA_R_8I"},
    {dt::C_32F, "CUDA_C_32F"},       {dt::C_64F, "CUDA_C_64F"},
    {dt::C_16F, "CUDA_C_16F"},       {dt::C_8I, "CUDA_C_8I"},
    {dt::R_8U, "CUDA_R_8U"},         {dt::C_8U, "CUDA_C_8U"},
    {dt::R_32I, "CUDA_R_32I"},       {dt::C_32I, "CUDA_C_32I"},
    {dt::R_32U, "CUDA_R_32U"},       {dt::C_32U, "CUDA_C_32U"},
    {dt::R_16BF, "CUDA_R_16BF"},     {dt::C_16BF, "CUDA_C_16BF"},
    {dt::R_4I, "CUDA_R_4I"},         {dt::C_4I, "CUDA_C_4I"},
    {dt::R_4U, "CUDA_R_4U"},         {dt::C_4U, "CUDA_C_4U"},
    {dt::R_16I, "CUDA_R_16I"},       {dt::C_16I, "CUDA_C_16I"},
    {dt::R_16U, "CUDA_R_16U"},       {dt::C_16U, "CUDA_C_16U"},
    {dt::R_64I, "CUDA_R_64I"},       {dt::C_64I, "CUDA_C_64I"},
    {dt::R_64U, "CUDA_R_64U"},       {dt::C_64U, "CUDA_C_64U"},
    {dt::R_8F_E4M3, "CUDA_R_8F_E4M3"}, {dt::R_8F_E5M2, "CUDA_R_8F_E5M2"},
    {dt::R_8F_UE8M0, "CUDA_R_8F_UE8M0"}, {dt::R_6F_E2M3, "CUDA_R_6F_E2M3"},
    {dt::R_6F_E3M2, "CUDA_R_6F_E3M2"}, {dt::R_4F_E2M1, "CUDA_R_4F_E2M1"},
};

inline constexpr EnumName ComputeTypeNames[] = {
    {ct::C16F, "CUBLAS_COMPUTE_16F"},
    {ct::C16F_PEDANTIC, "CUBLAS_COMPUTE_16F_PEDANTIC"},
    {ct::C32F, "CUBLAS_COMPUTE_32F"},
    {ct::C32F_PEDANTIC, "CUBLAS_COMPUTE_32F_PEDANTIC"},
    {ct::C64F, "CUBLAS_COMPUTE_64F"},
    {ct::C64F_PEDANTIC, "CUBLAS_COMPUTE_64F_PEDANTIC"},
    {ct::C32I, "CUBLAS_COMPUTE_32I"},
    {ct::C32I_PEDANTIC, "CUBLAS_COMPUTE_32I_PEDANTIC"},
    {ct::C32F_FAST_16F, "CUBLAS_COMPUTE_32F_FAST_16F"},
    {ct::C32F_FAST_16BF, "CUBLAS_COMPUTE_32F_FAST_16BF"},
    {ct::C32F_FAST_TF32, "CUBLAS_COMPUTE_32F_FAST_TF32"},
    {ct::C32F_EMULATED_16BFX9, "CUBLAS_COMPUTE_32F_EMULATED_16BFX9"},
    {ct::C64F_EMULATED_FIXEDPOINT, "CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT"},
};

inline constexpr EnumName OperationNames[] = {
    {op::N, "CUBLAS_OP_N"},
    {op::T, "CUBLAS_OP_T"},
    {op::C, "CUBLAS_OP_C"},
    {op::CONJG, "CUBLAS_OP_CONJG"},
};

template <unsigned N>
constexpr const char *lookupName(const EnumName (&Table)[N], int64_t Value) {
  for (const EnumName &E : Table)
    if (E.Value == Value)
      return E.Name;
  return nullptr;
}

constexpr bool isKnownDataType(int64_t V) {
  return lookupName(DataTypeNames, V) != nullptr;
}

constexpr bool isComplexDataType(int64_t V) {
  switch (V) {
  case dt::C_32F: case dt::C_64F: case dt::C_16F: case dt::C_8I:
  case dt::C_8U: case dt::C_32I: case dt::C_32U: case dt::C_16BF:
  case dt::C_4I: case dt::C_4U: case dt::C_16I: case dt::C_16U:
  case dt::C_64I: case dt::C_64U:
    return true;
  default:
    return false;
  }
}

// FP8, FP6 and FP4 exist only for cublasLtMatmul (docs/rules.md,
// `types.narrow-float`).
constexpr bool isNarrowFloatDataType(int64_t V) {
  return V >= dt::R_8F_E4M3 && V <= dt::R_4F_E2M1;
}

constexpr bool isValidOperation(int64_t V) {
  return V == op::N || V == op::T || V == op::C;
}

constexpr bool isValidAlgo(int64_t V) {
  return V == algo::Default || (V >= algo::Algo0 && V <= algo::Algo23) ||
         V == algo::DefaultTensorOp ||
         (V >= algo::Algo0TensorOp && V <= algo::Algo15TensorOp) ||
         V == algo::Autotune;
}

// The cuBLAS version that introduced a compute type; 0 for "always there".
constexpr int64_t computeTypeSinceVersion(int64_t V) {
  if (V == ct::C32F_EMULATED_16BFX9)
    return version::Emulated16BFx9;
  if (V == ct::C64F_EMULATED_FIXEDPOINT)
    return version::Emulated64FFixedPoint;
  return 0;
}

constexpr bool isKnownComputeType(int64_t V) {
  return lookupName(ComputeTypeNames, V) != nullptr;
}

// The compute type the C++ compatibility overloads of cublasGemmEx,
// cublasGemmBatchedEx and cublasGemmStridedBatchedEx (cublas_api.h,
// cublasMigrateComputeType) derive from a cudaDataType, or -1 where that
// overload returns CUBLAS_STATUS_NOT_SUPPORTED without calling cuBLAS.
// The _PEDANTIC variant chosen under CUBLAS_PEDANTIC_MATH accepts the same
// types, so the non-pedantic one stands for both.
constexpr int64_t migrateLegacyComputeType(int64_t DataType) {
  switch (DataType) {
  case dt::R_32F: case dt::C_32F: return ct::C32F;
  case dt::R_64F: case dt::C_64F: return ct::C64F;
  case dt::R_16F: return ct::C16F;
  case dt::R_32I: return ct::C32I;
  default: return -1;
  }
}

} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_ENUMS_H
