// gemm/rules/type_tables.h - the supported (computeType, scale, A/B, C)
// combinations of each type scheme, in cuBLAS's value space.
//
// Sources (docs/rules.md, Types, and hipBLAS and rocBLAS, cite them): the
// cuBLAS guide's tables of cublasGemmEx (also documented for the batched and
// strided batched forms), cublasSgemmEx / cublasCgemmEx and
// cublasGemmGroupedBatchedEx, and the rocBLAS and hipBLAS API references
// (hipBLAS on the rocBLAS back end, rocblas_gemm_ex).
#ifndef GEMM_RULES_TYPE_TABLES_H
#define GEMM_RULES_TYPE_TABLES_H

#include "gemm/rules/api.h"
#include "gemm/rules/enums.h"

namespace gemm {
namespace rules {

struct TypeCombo {
  int64_t Compute; // cublasComputeType_t (rocBLAS: a datatype); -1: none
  int64_t Scale;   // cudaDataType of *alpha and *beta
  int64_t AB;      // Atype == Btype
  int64_t C;       // Ctype
};

#define GEMM_COMBO_ALL(CT, SC, AB, C) {CT, SC, AB, C}, {CT##_PEDANTIC, SC, AB, C}

inline constexpr TypeCombo GemmExCombos[] = {
    // clang-format off
    GEMM_COMBO_ALL(ct::C16F, dt::R_16F, dt::R_16F, dt::R_16F),
    GEMM_COMBO_ALL(ct::C32I, dt::R_32I, dt::R_8I, dt::R_32I),
    GEMM_COMBO_ALL(ct::C32F, dt::R_32F, dt::R_16BF, dt::R_16BF),
    GEMM_COMBO_ALL(ct::C32F, dt::R_32F, dt::R_16F, dt::R_16F),
    GEMM_COMBO_ALL(ct::C32F, dt::R_32F, dt::R_8I, dt::R_32F),
    GEMM_COMBO_ALL(ct::C32F, dt::R_32F, dt::R_16BF, dt::R_32F),
    GEMM_COMBO_ALL(ct::C32F, dt::R_32F, dt::R_16F, dt::R_32F),
    GEMM_COMBO_ALL(ct::C32F, dt::R_32F, dt::R_32F, dt::R_32F),
    GEMM_COMBO_ALL(ct::C32F, dt::C_32F, dt::C_8I, dt::C_32F),
    GEMM_COMBO_ALL(ct::C32F, dt::C_32F, dt::C_32F, dt::C_32F),
    {ct::C32F_FAST_16F, dt::R_32F, dt::R_32F, dt::R_32F},
    {ct::C32F_FAST_16BF, dt::R_32F, dt::R_32F, dt::R_32F},
    {ct::C32F_FAST_TF32, dt::R_32F, dt::R_32F, dt::R_32F},
    {ct::C32F_EMULATED_16BFX9, dt::R_32F, dt::R_32F, dt::R_32F},
    {ct::C32F_FAST_16F, dt::C_32F, dt::C_32F, dt::C_32F},
    {ct::C32F_FAST_16BF, dt::C_32F, dt::C_32F, dt::C_32F},
    {ct::C32F_FAST_TF32, dt::C_32F, dt::C_32F, dt::C_32F},
    {ct::C32F_EMULATED_16BFX9, dt::C_32F, dt::C_32F, dt::C_32F},
    GEMM_COMBO_ALL(ct::C64F, dt::R_64F, dt::R_64F, dt::R_64F),
    GEMM_COMBO_ALL(ct::C64F, dt::C_64F, dt::C_64F, dt::C_64F),
    // In the 13.x header and used with cublasGemmEx in public code; the
    // cublasGemmEx table itself does not list it (docs/rules.md, Types).
    {ct::C64F_EMULATED_FIXEDPOINT, dt::R_64F, dt::R_64F, dt::R_64F},
    {ct::C64F_EMULATED_FIXEDPOINT, dt::C_64F, dt::C_64F, dt::C_64F},
    // clang-format on
};

inline constexpr TypeCombo GroupedExCombos[] = {
    {ct::C32F, dt::R_32F, dt::R_16BF, dt::R_16BF},
    {ct::C32F, dt::R_32F, dt::R_16F, dt::R_16F},
    {ct::C32F, dt::R_32F, dt::R_32F, dt::R_32F},
    {ct::C32F_PEDANTIC, dt::R_32F, dt::R_32F, dt::R_32F},
    {ct::C32F_FAST_TF32, dt::R_32F, dt::R_32F, dt::R_32F},
    GEMM_COMBO_ALL(ct::C64F, dt::R_64F, dt::R_64F, dt::R_64F),
};

// cublasSgemmEx: compute and scale are float.
inline constexpr TypeCombo SgemmExCombos[] = {
    {-1, dt::R_32F, dt::R_16BF, dt::R_16BF}, {-1, dt::R_32F, dt::R_16F, dt::R_16F},
    {-1, dt::R_32F, dt::R_8I, dt::R_32F},    {-1, dt::R_32F, dt::R_16BF, dt::R_32F},
    {-1, dt::R_32F, dt::R_16F, dt::R_32F},   {-1, dt::R_32F, dt::R_32F, dt::R_32F},
};

// cublasCgemmEx and cublasCgemm3mEx: compute and scale are cuComplex.
inline constexpr TypeCombo CgemmExCombos[] = {
    {-1, dt::C_32F, dt::C_8I, dt::C_32F},
    {-1, dt::C_32F, dt::C_32F, dt::C_32F},
};

// hipblasGemmEx on the rocBLAS back end (docs/rules.md, hipBLAS and rocBLAS),
// translated to cuBLAS values. FAST and PEDANTIC compute types have no rocBLAS
// equivalent.
inline constexpr TypeCombo HipblasExCombos[] = {
    {ct::C16F, dt::R_16F, dt::R_16F, dt::R_16F},
    {ct::C32F, dt::R_32F, dt::R_16F, dt::R_16F},
    {ct::C32F, dt::R_32F, dt::R_16F, dt::R_32F},
    {ct::C32F, dt::R_32F, dt::R_16BF, dt::R_16BF},
    {ct::C32F, dt::R_32F, dt::R_16BF, dt::R_32F},
    {ct::C32F, dt::R_32F, dt::R_32F, dt::R_32F},
    {ct::C64F, dt::R_64F, dt::R_64F, dt::R_64F},
    {ct::C32I, dt::R_32I, dt::R_8I, dt::R_32I},
    {ct::C32F, dt::C_32F, dt::C_32F, dt::C_32F},
    {ct::C64F, dt::C_64F, dt::C_64F, dt::C_64F},
};

// rocblas_gemm_ex (rocBLAS API reference); C and D share one type. Its
// compute type is a rocblas_datatype, kept here as that datatype (see
// canonicalComputeType), so complex data needs a complex compute type.
inline constexpr TypeCombo RocblasExCombos[] = {
    {dt::R_64F, dt::R_64F, dt::R_64F, dt::R_64F},
    {dt::R_32F, dt::R_32F, dt::R_32F, dt::R_32F},
    {dt::R_16F, dt::R_16F, dt::R_16F, dt::R_16F},
    {dt::R_32F, dt::R_32F, dt::R_16F, dt::R_16F},
    {dt::R_32F, dt::R_32F, dt::R_16F, dt::R_32F},
    {dt::R_32F, dt::R_32F, dt::R_16BF, dt::R_16BF},
    {dt::R_32F, dt::R_32F, dt::R_16BF, dt::R_32F},
    {dt::R_32I, dt::R_32I, dt::R_8I, dt::R_32I},
    {dt::C_32F, dt::C_32F, dt::C_32F, dt::C_32F},
    {dt::C_64F, dt::C_64F, dt::C_64F, dt::C_64F},
};

#undef GEMM_COMBO_ALL

struct ComboTable {
  const TypeCombo *Begin;
  const TypeCombo *End;
  const TypeCombo *begin() const { return Begin; }
  const TypeCombo *end() const { return End; }
};

template <unsigned N> constexpr ComboTable table(const TypeCombo (&T)[N]) {
  return ComboTable{T, T + N};
}

// The combinations an API accepts; empty for TypeScheme::Fixed.
inline ComboTable combosFor(TypeScheme Scheme) {
  switch (Scheme) {
  case TypeScheme::GemmEx: return table(GemmExCombos);
  case TypeScheme::GroupedEx: return table(GroupedExCombos);
  case TypeScheme::SgemmEx: return table(SgemmExCombos);
  case TypeScheme::CgemmEx: return table(CgemmExCombos);
  case TypeScheme::HipblasEx: return table(HipblasExCombos);
  case TypeScheme::RocblasEx: return table(RocblasExCombos);
  case TypeScheme::Fixed: break;
  }
  return ComboTable{nullptr, nullptr};
}

// Bytes per element of a cudaDataType; 0 where the rules do not size it
// (sub-byte and FP8/FP6/FP4 types).
constexpr int64_t elementSize(int64_t DataType) {
  switch (DataType) {
  case dt::R_8I: case dt::R_8U: return 1;
  case dt::R_16F: case dt::R_16BF: case dt::C_8I: case dt::C_8U:
  case dt::R_16I: case dt::R_16U: return 2;
  case dt::R_32F: case dt::R_32I: case dt::R_32U: case dt::C_16F:
  case dt::C_16BF: case dt::C_16I: case dt::C_16U: return 4;
  case dt::R_64F: case dt::C_32F: case dt::C_32I: case dt::C_32U:
  case dt::R_64I: case dt::R_64U: return 8;
  case dt::C_64F: case dt::C_64I: case dt::C_64U: return 16;
  default: return 0;
  }
}

// The C++ type a pointer to data of a cudaDataType points to, for messages.
constexpr const char *cxxTypeName(int64_t DataType) {
  switch (DataType) {
  case dt::R_32F: return "float";
  case dt::R_64F: return "double";
  case dt::R_16F: return "__half";
  case dt::R_16BF: return "__nv_bfloat16";
  case dt::R_8I: return "int8_t";
  case dt::R_8U: return "uint8_t";
  case dt::R_32I: return "int32_t";
  case dt::R_32U: return "uint32_t";
  case dt::C_32F: return "cuComplex";
  case dt::C_64F: return "cuDoubleComplex";
  case dt::R_8F_E4M3: return "__nv_fp8_e4m3";
  case dt::R_8F_E5M2: return "__nv_fp8_e5m2";
  default: return nullptr;
  }
}

// The type alpha and beta point to (docs/rules.md, `scalar.type`): the compute
// type's real type, complex when the data is complex. Compute is a canonical
// cublasComputeType_t; -1 where unknown.
constexpr int64_t scaleTypeOf(int64_t Compute, bool ComplexData) {
  switch (Compute) {
  case ct::C16F: case ct::C16F_PEDANTIC: return dt::R_16F;
  case ct::C32I: case ct::C32I_PEDANTIC: return dt::R_32I;
  case ct::C32F: case ct::C32F_PEDANTIC: case ct::C32F_FAST_16F:
  case ct::C32F_FAST_16BF: case ct::C32F_FAST_TF32:
  case ct::C32F_EMULATED_16BFX9:
    return ComplexData ? dt::C_32F : dt::R_32F;
  case ct::C64F: case ct::C64F_PEDANTIC: case ct::C64F_EMULATED_FIXEDPOINT:
    return ComplexData ? dt::C_64F : dt::R_64F;
  default: return -1;
  }
}

constexpr bool isInt8ComputeType(int64_t Compute) {
  return Compute == ct::C32I || Compute == ct::C32I_PEDANTIC;
}

} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_TYPE_TABLES_H
