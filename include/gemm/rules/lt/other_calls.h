// gemm/rules/lt/other_calls.h - the rules of cublasLtMatrixTransform,
// cublasLtMatmulAlgoGetIds and cublasLtMatmulAlgoInit.
#ifndef GEMM_RULES_LT_OTHER_CALLS_H
#define GEMM_RULES_LT_OTHER_CALLS_H

#include "gemm/rules/lt/attribute_rules.h"

namespace gemm {
namespace rules {
namespace lt {

// --- cublasLtMatrixTransform ------------------------------------------------------

// What is known at cublasLtMatrixTransform(lightHandle, transformDesc,
// alpha, A, Adesc, beta, B, Bdesc, C, Cdesc, stream): which arguments are
// NULL, and which objects were destroyed before the call.
struct TransformValues {
  Value Null[ArgCount];      // A, Adesc, B, Bdesc, C, Cdesc: 1 where NULL
  Value Destroyed[ArgCount]; // transformDesc, Adesc, Bdesc, Cdesc
  Value &isNull(Arg A) { return Null[static_cast<unsigned>(A)]; }
  const Value &isNull(Arg A) const { return Null[static_cast<unsigned>(A)]; }
  Value &destroyed(Arg A) { return Destroyed[static_cast<unsigned>(A)]; }
  const Value &destroyed(Arg A) const {
    return Destroyed[static_cast<unsigned>(A)];
  }
};

// LT-OBJ-LIFE for the objects, LT-OBJ-XFORM: a matrix needs its layout
// ("Adesc or Bdesc can be NULL if the corresponding pointer is NULL and the
// corresponding scalar is zero"; INVALID_VALUE "when A is not NULL, but
// Adesc is NULL").
inline std::vector<Finding> checkTransform(const TransformValues &In) {
  Sink S;
  for (Arg A : {Arg::TransformDesc, Arg::Adesc, Arg::Bdesc, Arg::Cdesc})
    if (In.destroyed(A).Known && In.destroyed(A).V)
      detail::reportDestroyed(S, A);
  const Arg Pairs[3][2] = {{Arg::A, Arg::Adesc}, {Arg::B, Arg::Bdesc},
                           {Arg::C, Arg::Cdesc}};
  for (const auto &P : Pairs) {
    const Value &Matrix = In.isNull(P[0]), &Layout = In.isNull(P[1]);
    if (Matrix.Known && !Matrix.V && Layout.Known && Layout.V)
      S.add(Category::InvalidEnum, "LT-OBJ-XFORM", Subject{P[1], -1}, 0,
            detail::q(argName(P[0])) + " is not NULL but " +
                detail::q(argName(P[1])) +
                " is NULL: cuBLASLt needs the layout of every matrix it "
                "reads or writes and returns CUBLAS_STATUS_INVALID_VALUE");
  }
  return S.Out;
}

// --- cublasLtMatmulAlgoGetIds and cublasLtMatmulAlgoInit ----------------------------

struct AlgoSetupValues {
  Value RequestedAlgoCount; // AlgoGetIds
  Value AlgoIsNull;         // AlgoInit: 1 where 'algo' is NULL
};

// LT-ALGO-INIT: the arguments the header calls INVALID_VALUE.
inline std::vector<Finding> checkAlgoSetup(const AlgoSetupValues &In) {
  Sink S;
  detail::checkRequestedCount(S, "LT-ALGO-INIT", In.RequestedAlgoCount);
  if (In.AlgoIsNull.Known && In.AlgoIsNull.V)
    S.add(Category::InvalidEnum, "LT-ALGO-INIT", Subject{Arg::Algo, -1}, 0,
          "'algo' must not be NULL: cublasLtMatmulAlgoInit writes the algo there");
  return S.Out;
}

} // namespace lt
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_LT_OTHER_CALLS_H
