//===--- ScalarTypeCheck.h - gemm-tidy ----------------------------*- C++ -*-===//

#ifndef GEMM_TIDY_SCALARTYPECHECK_H
#define GEMM_TIDY_SCALARTYPECHECK_H

#include "GemmCallCheck.h"

namespace clang::tidy::gemm {

/// Finds 'alpha' and 'beta' arguments that point to another type than the one
/// the compute type makes cuBLAS read them as.
///
/// For the user-facing documentation see:
/// docs/checks/gemm-scalar-type.md
class ScalarTypeCheck : public GemmCallCheck {
public:
  ScalarTypeCheck(StringRef Name, ClangTidyContext *Context)
      : GemmCallCheck(Name, Context, rules::Category::ScalarType) {}
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_SCALARTYPECHECK_H
