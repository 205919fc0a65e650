//===--- WorkspaceCheck.h - gemm-tidy ----------------------------*- C++ -*-===//

#ifndef GEMM_TIDY_WORKSPACECHECK_H
#define GEMM_TIDY_WORKSPACECHECK_H

#include "GemmCallCheck.h"

namespace clang::tidy::gemm {

/// Finds cublasLtMatmul workspaces that are NULL with a size, too small
/// or misaligned.
///
/// For the user-facing documentation see:
/// docs/checks/gemm-workspace.md
class WorkspaceCheck : public GemmCallCheck {
public:
  WorkspaceCheck(StringRef Name, ClangTidyContext *Context)
      : GemmCallCheck(Name, Context, rules::Category::Workspace) {}
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_WORKSPACECHECK_H
