//===--- PrecisionLossCheck.h - gemm-tidy ----------------------------*- C++ -*-===//

#ifndef GEMM_TIDY_PRECISIONLOSSCHECK_H
#define GEMM_TIDY_PRECISIONLOSSCHECK_H

#include "GemmCallCheck.h"

namespace clang::tidy::gemm {

/// Finds fp32 GEMMs that silently compute in half precision: a deprecated
/// *_TENSOR_OP algorithm, or the deprecated CUBLAS_TENSOR_OP_MATH mode.
///
/// For the user-facing documentation see:
/// docs/checks/gemm-precision-loss.md
class PrecisionLossCheck : public GemmCallCheck {
public:
  PrecisionLossCheck(StringRef Name, ClangTidyContext *Context)
      : GemmCallCheck(Name, Context, rules::Category::PrecisionLoss) {}
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_PRECISIONLOSSCHECK_H
