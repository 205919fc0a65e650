//===--- AlgoSource.h - gemm-tidy ---------------------------------*- C++ -*-===//
//
// Where the 'algo' a cublasLtMatmul receives comes from, as the source
// says: the heuristic query whose results it reads (in the same function,
// or in a helper that returns them), and whether anything can have checked
// that the query found an algorithm (LT-ALGO-RESULT). The matmul's
// diagnosis reads the query's preference and bias there (LT-ALIGN-PREF,
// LT-EPI-ALIGN).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_ALGOSOURCE_H
#define GEMM_TIDY_ALGOSOURCE_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace clang::tidy::gemm {

/// The heuristic query 'algo' of a cublasLtMatmul comes from, as far as the
/// enclosing function's text says: a fact of the call, whatever the context.
struct AlgoSource {
  // The one query in the function, before the matmul, whose results
  // \p Algo (`&result.algo`, `&results[0].algo`) reads; null otherwise.
  const CallExpr *Query = nullptr;
  // Where the query is in a helper whose returned results initialise
  // 'algo''s (`auto r = pickAlgo(...)`), the call of that helper; the
  // query then tells nothing about this function's objects.
  const CallExpr *Via = nullptr;
  // Nothing in the function can have checked that the query found an
  // algorithm: the query is a statement of its own (its status discarded,
  // not wrapped in a check), its returnAlgoCount is `&n` of a local that
  // nothing else names, and the results are named only by the query and by
  // member accesses other than `state`.
  bool Unchecked = false;
};

/// The source of \p Algo, the 'algo' argument of a cublasLtMatmul in
/// \p Fn (`&r.algo`, `&r[0].algo`); empty where none is proven.
AlgoSource algoSourceOf(const Expr *Algo, const FunctionDecl *Fn);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_ALGOSOURCE_H
