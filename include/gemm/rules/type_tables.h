// gemm/rules/type_tables.h - the supported (computeType, scale, A/B, C)
// combinations of each type scheme, in cuBLAS's value space.
//
// Sources: rulebook section 2 (cublasGemmEx, also documented for the batched
// and strided batched forms), 5.2 (cublasSgemmEx / cublasCgemmEx), 5.5
// (cublasGemmGroupedBatchedEx) and 6 (hipBLAS on the rocBLAS back end,
// rocblas_gemm_ex).
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
    // cublasGemmEx table itself does not list it (rulebook section 2).
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

// hipblasGemmEx on the rocBLAS back end (rulebook section 6), translated to
// cuBLAS values. FAST and PEDANTIC compute types have no rocBLAS equivalent.
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

} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_TYPE_TABLES_H
