// gemm/rules/gemm/types.h - GEMM-family rules: the (A, B, C, compute, scale)
// type combination.
#ifndef GEMM_RULES_GEMM_TYPES_H
#define GEMM_RULES_GEMM_TYPES_H

#include "gemm/rules/gemm/checker.h"

namespace gemm {
namespace rules {
namespace detail {

// --- types --------------------------------------------------------------

inline void Checker::checkTypes() {
  if (Api.Types == TypeScheme::Fixed) {
    DataA = DataB = DataC = Api.FixedType;
    return;
  }
  // Canonical (cuBLAS) values; -1 for unknown, detail::NotAnEnumerator
  // once reported as invalid.
  int64_t AB[2] = {-1, -1};
  int64_t CT = -1;
  bool Valid = true;
  const Role DataRoles[] = {Role::AType, Role::BType, Role::CType, Role::DType};
  int64_t Canon[4] = {-1, -1, -1, -1};
  for (int I = 0; I < 4; ++I) {
    Value V = get(DataRoles[I]);
    if (!V.Known)
      continue;
    Canon[I] = canonicalDataType(Api.Vend, V.V, In.HipblasLegacyTypes);
    if (Canon[I] == Unmodelled) {
      Canon[I] = -1; // a real enumerator outside the rulebook: stay silent
      continue;
    }
    if (!isKnownDataType(Canon[I])) {
      add(Category::InvalidEnum, "enum.data-type", DataRoles[I], -1, V.V,
          quote(name(DataRoles[I])) + " (" + std::to_string(V.V) +
              ") is not a " + dataTypeTypeName(Api.Vend, In.HipblasLegacyTypes) +
              " value",
          "", {DataRoles[I]});
      Valid = false;
    }
  }
  AB[0] = Canon[0];
  AB[1] = Canon[1];
  auto Usable = [](int64_t V) { return V >= 0 ? V : -1; };
  DataA = Usable(Canon[0]);
  DataB = Usable(Canon[1]);
  DataC = Canon[2] >= 0 ? Canon[2] : Usable(Canon[3]);

  bool ComputeKnown = false;
  Value ComputeArg = get(Role::ComputeType);
  if (ComputeArg.Known) {
    if (In.LegacyComputeType) {
      CT = migrateLegacyComputeType(ComputeArg.V);
      if (CT < 0) {
        legacyComputeFinding(ComputeArg.V);
        return;
      }
    } else {
      CT = canonicalComputeType(Api.Vend, ComputeArg.V, In.HipblasLegacyTypes);
      if (CT == Unmodelled)
        return;
      if (!checkComputeTypeValue(ComputeArg.V, CT))
        return;
    }
    ComputeKnown = true;
    Compute = CT;
  }
  if (!Valid)
    return;

  // FP8 / FP6 / FP4 belong to cublasLtMatmul only.
  bool Narrow = false;
  for (int I = 0; I < 4; ++I)
    if (Canon[I] >= 0 && isNarrowFloatDataType(Canon[I])) {
      add(Category::TypeCombination, "types.narrow-float", DataRoles[I], -1,
          get(DataRoles[I]).V,
          quote(name(DataRoles[I])) + " is " + dataTypeName(Api.Vend, Canon[I]) +
              ": " + fn() + " does not accept FP8, FP6 or FP4 data",
          "FP8 and FP4 GEMMs go through cublasLtMatmul", {DataRoles[I]});
      Narrow = true;
    }
  if (Narrow)
    return;

  if (AB[0] >= 0 && AB[1] >= 0 && AB[0] != AB[1]) {
    add(Category::TypeCombination, "types.mixed-ab", Role::BType, -1,
        get(Role::BType).V,
        quote(name(Role::BType)) + " (" + dataTypeName(Api.Vend, AB[1]) +
            ") must equal " + quote(name(Role::AType)) + " (" +
            dataTypeName(Api.Vend, AB[0]) + "): " + fn() +
            " has no mixed-type A and B inputs",
        "convert one operand so both have the same type",
        {Role::AType, Role::BType});
    return;
  }
  const int64_t ABType = AB[0] >= 0 ? AB[0] : AB[1];
  const Role ABRole = AB[0] >= 0 ? Role::AType : Role::BType;
  int64_t CType = Canon[2];
  Role CRole = Role::CType;
  // rocblas_gemm_ex writes D; C and D must agree (docs/rules.md, `types.c-d`).
  if (Canon[3] >= 0 && CType >= 0 && Canon[3] != CType) {
    add(Category::TypeCombination, "types.c-d", Role::DType, -1,
        get(Role::DType).V,
        quote(name(Role::DType)) + " (" + dataTypeName(Api.Vend, Canon[3]) +
            ") must equal " + quote(name(Role::CType)) + " (" +
            dataTypeName(Api.Vend, CType) + ")",
        "", {Role::CType, Role::DType});
    return;
  }
  if (CType < 0 && Canon[3] >= 0) {
    CType = Canon[3]; // the output type, known through d_type
    CRole = Role::DType;
  }
  checkCombination(ComputeKnown ? CT : -1, ABType, ABRole, CType, CRole);
}

} // namespace detail
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_GEMM_TYPES_H
