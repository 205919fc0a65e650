// gemm/rules/vendor.h - hipBLAS and rocBLAS spell the same enumerations with
// other numbers. The rules reason in cuBLAS values; these functions translate
// a vendor's raw value into that space and name values in the vendor's words.
//
// Sources: hipblas-common.h / hipblas.h (hipBLAS 2.x and 3.x), HIP
// library_types.h, rocblas-types.h (rocBLAS 4.x and 5.x); docs/rules.md,
// hipBLAS and rocBLAS.
#ifndef GEMM_RULES_VENDOR_H
#define GEMM_RULES_VENDOR_H

#include "gemm/rules/api.h"
#include "gemm/rules/enums.h"

#include <string>

namespace gemm {
namespace rules {

// A raw value that is no enumerator of the vendor's type.
constexpr int64_t NotAnEnumerator = -1000;
// A real enumerator that the rulebook does not model (FNUZ FP8 on ROCm, for
// example): every rule that would need it stays silent.
constexpr int64_t Unmodelled = -2000;

namespace detail {
// hipblasDatatype_t (hipBLAS before HIPBLAS_V2) and rocblas_datatype share
// their numbering.
constexpr int64_t rocDataTypeToCuda(int64_t Raw) {
  switch (Raw) {
  case 150: return dt::R_16F;  case 151: return dt::R_32F;
  case 152: return dt::R_64F;  case 153: return dt::C_16F;
  case 154: return dt::C_32F;  case 155: return dt::C_64F;
  case 160: return dt::R_8I;   case 161: return dt::R_8U;
  case 162: return dt::R_32I;  case 163: return dt::R_32U;
  case 164: return dt::C_8I;   case 165: return dt::C_8U;
  case 166: return dt::C_32I;  case 167: return dt::C_32U;
  case 168: return dt::R_16BF; case 169: return dt::C_16BF;
  case 170: case 171: return Unmodelled; // rocBLAS 4.x f8_r, bf8_r
  default: return NotAnEnumerator;
  }
}

constexpr int64_t rocComputeTypeToCuda(int64_t Raw) {
  switch (rocDataTypeToCuda(Raw)) {
  case dt::R_16F: return ct::C16F;
  case dt::R_32F: case dt::C_32F: return ct::C32F;
  case dt::R_64F: case dt::C_64F: return ct::C64F;
  case dt::R_32I: return ct::C32I;
  case Unmodelled: return Unmodelled;
  case NotAnEnumerator: return NotAnEnumerator;
  default: return Unmodelled; // a datatype, but not one rocBLAS computes in
  }
}

inline constexpr EnumName RocblasDataTypeNames[] = {
    {dt::R_16F, "rocblas_datatype_f16_r"},  {dt::R_32F, "rocblas_datatype_f32_r"},
    {dt::R_64F, "rocblas_datatype_f64_r"},  {dt::C_16F, "rocblas_datatype_f16_c"},
    {dt::C_32F, "rocblas_datatype_f32_c"},  {dt::C_64F, "rocblas_datatype_f64_c"},
    {dt::R_8I, "rocblas_datatype_i8_r"},    {dt::R_8U, "rocblas_datatype_u8_r"},
    {dt::R_32I, "rocblas_datatype_i32_r"},  {dt::R_32U, "rocblas_datatype_u32_r"},
    {dt::C_8I, "rocblas_datatype_i8_c"},    {dt::C_8U, "rocblas_datatype_u8_c"},
    {dt::C_32I, "rocblas_datatype_i32_c"},  {dt::C_32U, "rocblas_datatype_u32_c"},
    {dt::R_16BF, "rocblas_datatype_bf16_r"}, {dt::C_16BF, "rocblas_datatype_bf16_c"},
};

// hipblasComputeType_t 0..10 in hipblas-common.h order.
inline constexpr int64_t HipComputeTypes[] = {
    ct::C16F, ct::C16F_PEDANTIC, ct::C32F, ct::C32F_PEDANTIC,
    ct::C32F_FAST_16F, ct::C32F_FAST_16BF, ct::C32F_FAST_TF32,
    ct::C64F, ct::C64F_PEDANTIC, ct::C32I, ct::C32I_PEDANTIC,
};
} // namespace detail

// --- cublasOperation_t ------------------------------------------------------

constexpr int64_t canonicalOperation(Vendor V, int64_t Raw) {
  if (V == Vendor::Cublas)
    return Raw;
  // HIPBLAS_OP_N/T/C and rocblas_operation_none/transpose/conjugate_transpose.
  return (Raw >= 111 && Raw <= 113) ? Raw - 111 : NotAnEnumerator;
}

constexpr int64_t vendorOperation(Vendor V, int64_t Canonical) {
  return V == Vendor::Cublas ? Canonical : Canonical + 111;
}

inline std::string operationName(Vendor V, int64_t Raw) {
  const int64_t C = canonicalOperation(V, Raw);
  static constexpr const char *Hip[] = {"HIPBLAS_OP_N", "HIPBLAS_OP_T",
                                        "HIPBLAS_OP_C"};
  static constexpr const char *Roc[] = {"rocblas_operation_none",
                                        "rocblas_operation_transpose",
                                        "rocblas_operation_conjugate_transpose"};
  if (V == Vendor::Cublas) {
    if (const char *N = lookupName(OperationNames, C))
      return N;
  } else if (C >= 0 && C <= 2) {
    return V == Vendor::Hipblas ? Hip[C] : Roc[C];
  }
  return std::to_string(Raw);
}

inline std::string validOperationList(Vendor V) {
  return operationName(V, vendorOperation(V, op::N)) + ", " +
         operationName(V, vendorOperation(V, op::T)) + " or " +
         operationName(V, vendorOperation(V, op::C));
}

// --- algo -------------------------------------------------------------------

constexpr bool isValidAlgoFor(Vendor V, int64_t Raw) {
  switch (V) {
  case Vendor::Cublas: return isValidAlgo(Raw);
  case Vendor::Hipblas: return Raw == 160; // HIPBLAS_GEMM_DEFAULT
  case Vendor::Rocblas: return Raw == 0 || Raw == 1;
  }
  return true;
}

constexpr const char *algoTypeName(Vendor V) {
  return V == Vendor::Cublas    ? "cublasGemmAlgo_t"
         : V == Vendor::Hipblas ? "hipblasGemmAlgo_t"
                                : "rocblas_gemm_algo";
}

// --- data types ---------------------------------------------------------------

constexpr int64_t canonicalDataType(Vendor V, int64_t Raw, bool HipLegacy) {
  if (V == Vendor::Rocblas || (V == Vendor::Hipblas && HipLegacy))
    return detail::rocDataTypeToCuda(Raw);
  if (V == Vendor::Hipblas) {
    if (Raw == 1000 || Raw == 1001)
      return Unmodelled; // HIP_R_8F_E4M3_FNUZ, HIP_R_8F_E5M2_FNUZ
    if (isNarrowFloatDataType(Raw))
      return Unmodelled; // hipBLAS back ends differ on FP8
  }
  return isKnownDataType(Raw) ? Raw : NotAnEnumerator;
}

inline std::string dataTypeName(Vendor V, int64_t Canonical) {
  const char *Cuda = lookupName(DataTypeNames, Canonical);
  if (!Cuda)
    return std::to_string(Canonical);
  if (V == Vendor::Hipblas)
    return std::string("HIP_") + (Cuda + 5); // CUDA_R_16F -> HIP_R_16F
  if (V == Vendor::Rocblas) {
    if (const char *R = lookupName(detail::RocblasDataTypeNames, Canonical))
      return R;
  }
  return Cuda;
}

constexpr const char *dataTypeTypeName(Vendor V, bool HipLegacy) {
  return V == Vendor::Cublas    ? "cudaDataType"
         : V == Vendor::Rocblas ? "rocblas_datatype"
         : HipLegacy            ? "hipblasDatatype_t"
                                : "hipDataType";
}

// --- compute types ------------------------------------------------------------

// rocBLAS names its compute type with a rocblas_datatype, complex or real,
// and its table pairs each with data of the same kind: for rocBLAS the
// canonical compute type is that datatype in cudaDataType terms.
constexpr int64_t canonicalComputeType(Vendor V, int64_t Raw, bool HipLegacy) {
  if (V == Vendor::Rocblas)
    return detail::rocDataTypeToCuda(Raw);
  if (V == Vendor::Hipblas && HipLegacy)
    return detail::rocComputeTypeToCuda(Raw);
  if (V == Vendor::Hipblas) {
    if (Raw >= 0 && Raw <= 10)
      return detail::HipComputeTypes[Raw];
    if (Raw >= 100 && Raw <= 103)
      return Unmodelled; // HIPBLAS_COMPUTE_32F_FAST_8F*_FNUZ
    return NotAnEnumerator;
  }
  return isKnownComputeType(Raw) ? Raw : NotAnEnumerator;
}

constexpr bool isValidComputeTypeFor(Vendor V, int64_t Canonical) {
  return V == Vendor::Rocblas ? isKnownDataType(Canonical)
                              : isKnownComputeType(Canonical);
}

inline std::string computeTypeName(Vendor V, int64_t Canonical) {
  if (V == Vendor::Rocblas)
    return dataTypeName(V, Canonical);
  const char *Cuda = lookupName(ComputeTypeNames, Canonical);
  if (!Cuda)
    return std::to_string(Canonical);
  if (V == Vendor::Hipblas)
    return std::string("HIPBLAS_") + (Cuda + 7); // CUBLAS_COMPUTE_32F -> HIPBLAS_COMPUTE_32F
  return Cuda;
}

constexpr const char *computeTypeTypeName(Vendor V) {
  return V == Vendor::Cublas    ? "cublasComputeType_t"
         : V == Vendor::Hipblas ? "hipblasComputeType_t"
                                : "rocblas_datatype";
}

} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_VENDOR_H
