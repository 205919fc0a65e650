//===--- ScalarPointerModeCheck.h - gemm-tidy ----------------------------*- C++ -*-===//

#ifndef GEMM_TIDY_SCALARPOINTERMODECHECK_H
#define GEMM_TIDY_SCALARPOINTERMODECHECK_H

#include "GemmCallCheck.h"

namespace clang::tidy::gemm {

/// Finds 'alpha' and 'beta' in device memory while the handle is in host pointer
/// mode (and the reverse), and null scalars.
///
/// For the user-facing documentation see:
/// docs/checks/gemm-scalar-pointer-mode.md
class ScalarPointerModeCheck : public GemmCallCheck {
public:
  ScalarPointerModeCheck(StringRef Name, ClangTidyContext *Context)
      : GemmCallCheck(Name, Context, rules::Category::ScalarPointerMode) {}
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_SCALARPOINTERMODECHECK_H
