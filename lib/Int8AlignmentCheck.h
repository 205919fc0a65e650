//===--- Int8AlignmentCheck.h - gemm-tidy ----------------------------*- C++ -*-===//

#ifndef GEMM_TIDY_INT8ALIGNMENTCHECK_H
#define GEMM_TIDY_INT8ALIGNMENTCHECK_H

#include "GemmCallCheck.h"

namespace clang::tidy::gemm {

/// Finds int8 GEMMs (CUBLAS_COMPUTE_32I) whose leading dimensions are not
/// multiples of 4.
///
/// For the user-facing documentation see:
/// docs/checks/gemm-int8-alignment.md
class Int8AlignmentCheck : public GemmCallCheck {
public:
  Int8AlignmentCheck(StringRef Name, ClangTidyContext *Context)
      : GemmCallCheck(Name, Context, rules::Category::Int8Alignment) {}
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_INT8ALIGNMENTCHECK_H
