//===--- BufferTypeCheck.h - gemm-tidy ----------------------------*- C++ -*-===//

#ifndef GEMM_TIDY_BUFFERTYPECHECK_H
#define GEMM_TIDY_BUFFERTYPECHECK_H

#include "GemmCallCheck.h"

namespace clang::tidy::gemm {

/// Finds 'A', 'B' and 'C' arguments that point to another type than
/// 'Atype', 'Btype' and 'Ctype' say.
///
/// For the user-facing documentation see:
/// docs/checks/gemm-buffer-type.md
class BufferTypeCheck : public GemmCallCheck {
public:
  BufferTypeCheck(StringRef Name, ClangTidyContext *Context)
      : GemmCallCheck(Name, Context, rules::Category::BufferType) {}
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_BUFFERTYPECHECK_H
