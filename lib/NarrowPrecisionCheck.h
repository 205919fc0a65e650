//===--- NarrowPrecisionCheck.h - gemm-tidy ----------------------------*- C++ -*-===//

#ifndef GEMM_TIDY_NARROWPRECISIONCHECK_H
#define GEMM_TIDY_NARROWPRECISIONCHECK_H

#include "GemmCallCheck.h"

namespace clang::tidy::gemm {

/// Finds FP8 and FP4 cublasLtMatmul setups cuBLASLt does not support:
/// compute and scale types, TN layouts, C/D pairs, scale modes, 16-byte
/// dimension rules, and the architectures they need.
///
/// For the user-facing documentation see:
/// docs/checks/gemm-narrow-precision.md
class NarrowPrecisionCheck : public GemmCallCheck {
public:
  NarrowPrecisionCheck(StringRef Name, ClangTidyContext *Context)
      : GemmCallCheck(Name, Context, rules::Category::NarrowPrecision) {}
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_NARROWPRECISIONCHECK_H
