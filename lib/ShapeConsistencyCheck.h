//===--- ShapeConsistencyCheck.h - gemm-tidy ----------------------------*- C++ -*-===//

#ifndef GEMM_TIDY_SHAPECONSISTENCYCHECK_H
#define GEMM_TIDY_SHAPECONSISTENCYCHECK_H

#include "GemmCallCheck.h"

namespace clang::tidy::gemm {

/// Finds cublasLtMatmul setups whose layouts disagree on m, n and k
/// (after TRANSA/TRANSB), or whose C and D layouts differ.
///
/// For the user-facing documentation see:
/// docs/checks/gemm-shape-consistency.md
class ShapeConsistencyCheck : public GemmCallCheck {
public:
  ShapeConsistencyCheck(StringRef Name, ClangTidyContext *Context)
      : GemmCallCheck(Name, Context, rules::Category::ShapeConsistency) {}
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_SHAPECONSISTENCYCHECK_H
