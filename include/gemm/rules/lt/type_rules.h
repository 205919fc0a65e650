// gemm/rules/lt/type_rules.h - cuBLASLt matmul rules: the type tables (section
// 5).
#ifndef GEMM_RULES_LT_TYPE_RULES_H
#define GEMM_RULES_LT_TYPE_RULES_H

#include "gemm/rules/lt/matmul_checker.h"

namespace gemm {
namespace rules {
namespace lt {
namespace detail {

// --- types (section 5) -----------------------------------------------------------------

inline bool MatmulChecker::noEpilogueRow(int64_t AB, int64_t C, int64_t Compute) {
  return AB == dt::R_8I || isComplexDataType(AB) || isComplexDataType(C) ||
         isInt8ComputeType(Compute);
}

// 1 when a layout is planar complex, 0 when none is, -1 when a plane
// offset is unknown (one computed from the planes' pointers).
inline int MatmulChecker::planarity() const {
  int Out = 0;
  for (unsigned M = 0; M < 4; ++M) {
    const Value V = l(M, layout::PLANE_OFFSET);
    if (!V.Known)
      Out = -1;
    else if (V.V != 0)
      return 1;
  }
  return Out;
}

// Whether (Compute, Scale, AB, C) is a row of Table 1 (regular), Table 2
// (IMMA orders) or Table 5 (planar); fills the row's bias type. With the
// planarity unknown, a Table 5 row is one.
inline bool MatmulChecker::regularRow(int64_t CT, int64_t SC, int64_t AB, int64_t C,
                                      int64_t &Bias) const {
  Bias = -1;
  if (const int Planar = planarity()) {
    const bool Ok = (CT == ct::C32F) && SC == dt::C_32F &&
                    ((AB == dt::C_16F && (C == dt::C_16F || C == dt::C_32F)) ||
                     (AB == dt::C_16BF && (C == dt::C_16BF || C == dt::C_32F)));
    if (Ok || Planar == 1)
      return Ok;
  }
  if (anyImmaOrder()) {
    if (!isInt8ComputeType(CT) || AB != dt::R_8I)
      return false;
    if (SC == dt::R_32I && C == dt::R_32I)
      return true;
    if (SC == dt::R_32F && C == dt::R_8I) {
      Bias = dt::R_32F;
      return true;
    }
    return false;
  }
  // Table 1 is cublasGemmEx's table plus int8 -> int8 with float scale.
  if (isInt8ComputeType(CT) && SC == dt::R_32F && AB == dt::R_8I &&
      C == dt::R_8I)
    return true;
  for (const TypeCombo &Row : GemmExCombos)
    if (Row.Compute == CT && Row.Scale == SC && Row.AB == AB && Row.C == C) {
      if (!noEpilogueRow(AB, C, CT))
        Bias = C;
      return true;
    }
  return false;
}

// Whether some scale type makes (Compute, AB, C) a row.
inline bool MatmulChecker::rowForSomeScale(int64_t CT, int64_t AB, int64_t C) const {
  int64_t Bias;
  for (int64_t SC : {dt::R_16F, dt::R_32F, dt::R_32I, dt::R_64F, dt::C_32F,
                     dt::C_64F})
    if (regularRow(CT, SC, AB, C, Bias))
      return true;
  return false;
}

// Whether some row of any table (1, 2, 3-4 narrow, 5 planar) pairs the
// compute type with the scale type, whatever the operands.
inline bool MatmulChecker::scalePairs(int64_t CT, int64_t SC) {
  if (isInt8ComputeType(CT) && (SC == dt::R_32F || SC == dt::R_32I))
    return true;
  if (CT == ct::C32F && (SC == dt::R_32F || SC == dt::C_32F))
    return true;
  for (const TypeCombo &Row : GemmExCombos)
    if (Row.Compute == CT && Row.Scale == SC)
      return true;
  return false;
}

inline void MatmulChecker::checkTypes() {
  const bool Known = T[MatA] >= 0 && T[MatB] >= 0 && T[MatC] >= 0 &&
                     T[MatD] >= 0 && Compute >= 0 && Scale >= 0;
  if (!Known) {
    // The descriptor alone decides (cublasLtMatmulDescCreate(&d,
    // CUBLAS_COMPUTE_16F, CUDA_R_32F)); with the operands known, the
    // rows below say more.
    if (Compute >= 0 && Scale >= 0 && !scalePairs(Compute, Scale))
      addTypeInputs(err(
          Category::TypeCombination, "LT-TYPE-SCALE", da(desc::SCALE_TYPE),
          Scale,
          "scaleType " + typeName(Scale) + " is not supported with " +
              computeName(Compute) + ", whatever the operand types: no row of "
              "cuBLASLt's type tables pairs them",
          ScaleFollowsCompute));
    return;
  }
  if (isNarrow(T[MatA]) || isNarrow(T[MatB]) || isNarrow(T[MatD]))
    return checkNarrowTypes();
  auto Combo = [&] {
    return "computeType " + computeName(Compute) + ", scaleType " +
           typeName(Scale) + ", A " + typeName(T[MatA]) + ", B " +
           typeName(T[MatB]) + ", C " + typeName(T[MatC]) + ", D " +
           typeName(T[MatD]);
  };
  if (T[MatA] != T[MatB]) {
    err(Category::TypeCombination, "LT-TYPE-AB", la(MatB, layout::TYPE),
        T[MatB],
        "A and B types differ (" + typeName(T[MatA]) + ", " +
            typeName(T[MatB]) +
            "); only FP8 E4M3 x E5M2 pairs may mix: " + Combo());
    return;
  }
  if (T[MatC] != T[MatD]) {
    err(Category::TypeCombination, "LT-TYPE-D", la(MatD, layout::TYPE),
        T[MatD],
        "D (" + typeName(T[MatD]) + ") must have C's type (" +
            typeName(T[MatC]) + ") outside the FP8/FP4 tables");
    return;
  }
  int64_t Bias;
  if (regularRow(Compute, Scale, T[MatA], T[MatC], Bias)) {
    BiasType = Bias;
    return;
  }
  if (rowForSomeScale(Compute, T[MatA], T[MatC])) {
    addTypeInputs(err(Category::TypeCombination, "LT-TYPE-SCALE",
                      da(desc::SCALE_TYPE), Scale,
                      "scaleType " + typeName(Scale) +
                          " is not supported with " + computeName(Compute) +
                          ": " + Combo(),
                      ScaleFollowsCompute));
    return;
  }
  if (anyImmaOrder() && planarity() != 1) {
    // Table 2: the types may be a regular row; the order is what is wrong.
    unsigned M = 0;
    while (M < 3 && !isImmaOrder(lv(M, layout::ORDER)))
      ++M;
    const int64_t O = lv(M, layout::ORDER);
    err(Category::TypeCombination, "LT-TYPE-COMBO", la(M, layout::ORDER), O,
        ln(M, layout::ORDER) + " is " + enumText(EnumKind::Order, O) +
            ", an IMMA order, which takes only int8 A and B with an int8 "
            "compute type: " + Combo(),
        "use CUBLASLT_ORDER_COL or CUBLASLT_ORDER_ROW for these types");
    return;
  }
  const bool Fast = Compute == ct::C32F_FAST_16F ||
                    Compute == ct::C32F_FAST_16BF ||
                    Compute == ct::C32F_FAST_TF32 ||
                    Compute == ct::C32F_EMULATED_16BFX9;
  err(Category::TypeCombination,
      Fast ? "LT-TYPE-FAST" : "LT-TYPE-COMBO", la(MatA, layout::TYPE),
      T[MatA],
      "unsupported type combination for cublasLtMatmul: " + Combo(),
      Fast ? "the FAST and EMULATED compute types take only CUDA_R_32F or "
             "CUDA_C_32F data"
           : "");
}

} // namespace detail
} // namespace lt
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_LT_TYPE_RULES_H
