//===--- UnwrittenStatics.h - gemm-tidy ---------------------------*- C++ -*-===//
//
// Variables of internal linkage at namespace scope (`static int N = 275;`,
// a variable in an anonymous namespace) that no expression of the
// translation unit writes: as constant as a `const int`. No other
// translation unit can name them, so one pass over this one's uses decides.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_ANALYSIS_UNWRITTENSTATICS_H
#define GEMM_TIDY_ANALYSIS_UNWRITTENSTATICS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace clang::tidy::gemm {

/// Whether \p V, an integer variable of internal linkage at namespace
/// scope, keeps the value its initializer gives it: every use in the
/// translation unit reads its value (none assigns, increments, takes its
/// address or binds a reference to it, nor names it unevaluated). The
/// uses are counted once per translation unit, at the first question.
bool keepsInitialValue(const VarDecl *V, ASTContext &Ctx);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_ANALYSIS_UNWRITTENSTATICS_H
