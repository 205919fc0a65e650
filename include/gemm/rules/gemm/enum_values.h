// gemm/rules/gemm/enum_values.h - GEMM-family rules: enumerations: the algo and
// the compute type.
#ifndef GEMM_RULES_GEMM_ENUM_VALUES_H
#define GEMM_RULES_GEMM_ENUM_VALUES_H

#include "gemm/rules/gemm/checker.h"

namespace gemm {
namespace rules {
namespace detail {

// --- enums --------------------------------------------------------------

// Returns false when the value is known to be invalid.
inline bool Checker::checkTrans(Role R, int Group) {
  Value V = get(R, Group);
  if (!V.Known)
    return true;
  const int64_t Canon = canonicalOperation(Api.Vend, V.V);
  if (isValidOperation(Canon))
    return true;
  std::string Msg;
  if (Canon == op::CONJG)
    Msg = quote(name(R, Group)) + " is " + operationName(Api.Vend, V.V) +
          ", a placeholder that cuBLAS does not support; use " +
          validOperationList(Api.Vend);
  else
    Msg = quote(name(R, Group)) + " (" + std::to_string(V.V) +
          ") is not a valid operation; use " + validOperationList(Api.Vend);
  Finding &F =
      add(Category::InvalidEnum, "enum.trans", R, Group, V.V, Msg, "", {R});
  if (Canon == op::CONJG && !isPerGroup(R)) {
    const int64_t Op = conjugateIntent(R);
    if (Op >= 0)
      F.Replacement = operationName(Api.Vend, vendorOperation(Api.Vend, Op));
  }
  return false;
}

// What CUBLAS_OP_CONJG (conjugate, no transpose) can only have meant, or
// -1: the leading dimension fits the operand stored as is or transposed,
// not both; on real data conjugation changes nothing (N, or T), on
// complex data the transposed storage makes it CUBLAS_OP_C.
inline int64_t Checker::conjugateIntent(Role Trans) const {
  const bool IsA = Trans == Role::TransA;
  const Value Ld = get(IsA ? Role::Lda : Role::Ldb);
  const Value Rows = get(IsA ? Role::M : Role::K);
  const Value Cols = get(IsA ? Role::K : Role::N);
  int64_t Data = -1;
  if (Api.Types == TypeScheme::Fixed)
    Data = Api.FixedType;
  else if (const Value T = get(IsA ? Role::AType : Role::BType); T.Known)
    Data = canonicalDataType(Api.Vend, T.V, In.HipblasLegacyTypes);
  if (!Ld.Known || !Rows.Known || !Cols.Known || !isKnownDataType(Data))
    return -1;
  const bool AsStored = Ld.V >= lowerBound(Rows.V);
  const bool Transposed = Ld.V >= lowerBound(Cols.V);
  if (AsStored == Transposed)
    return -1;
  if (isComplexDataType(Data))
    return Transposed ? op::C : -1;
  return AsStored ? op::N : op::T;
}

inline void Checker::checkAlgo() {
  Value V = get(Role::Algo);
  if (!V.Known || isValidAlgoFor(Api.Vend, V.V))
    return;
  add(Category::InvalidEnum, "enum.algo", Role::Algo, -1, V.V,
      quote(name(Role::Algo)) + " (" + std::to_string(V.V) + ") is not a " +
          algoTypeName(Api.Vend) + " enumerator",
      "", {Role::Algo});
}

} // namespace detail
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_GEMM_ENUM_VALUES_H
