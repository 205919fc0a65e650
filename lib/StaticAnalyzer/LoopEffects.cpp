//===--- LoopEffects.cpp - gemm-tidy -------------------------------------===//
//
// A syntactic question about one loop and one call in it, asked only where
// the analyzer stopped following the loop: what later iterations could
// change is what the loop writes and what the functions it calls do. Any
// write that is not to a plain local variable, and any call the caller does
// not vouch for, is taken to change everything.
//
//===----------------------------------------------------------------------===//

#include "LoopEffects.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace clang::ento::gemm {
namespace {

using VarSet = llvm::SmallPtrSet<const VarDecl *, 16>;

/// The variables \p E reads; false where it reads through a pointer or a
/// reference (what it reads may be written under another name).
bool readsPlainly(const Stmt *E, VarSet &Read) {
  if (!E)
    return true;
  if (isa<ArraySubscriptExpr, CXXThisExpr>(E))
    return false;
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref)
    return false;
  if (const auto *M = dyn_cast<MemberExpr>(E); M && M->isArrow())
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl())) {
      if (VD->getType()->isReferenceType())
        return false;
      Read.insert(VD);
    }
  for (const Stmt *Child : E->children())
    if (!readsPlainly(Child, Read))
      return false;
  return true;
}

/// The local variable \p E names, or null.
const VarDecl *plainLocal(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return VD && VD->hasLocalStorage() && !VD->getType()->isReferenceType()
             ? VD
             : nullptr;
}

/// Whether \p S, inside the loop, leaves the variables \p Read alone: it
/// writes only other local variables and calls only what \p Inert accepts.
bool leavesAlone(const Stmt *S, const CallExpr *Call, const VarSet &Read,
                 llvm::function_ref<bool(const CallExpr *)> Inert) {
  if (!S || S == Call)
    return true;
  auto Writes = [&](const Expr *Target) {
    const VarDecl *VD = plainLocal(Target);
    return !VD || Read.contains(VD);
  };
  if (const auto *B = dyn_cast<BinaryOperator>(S);
      B && B->isAssignmentOp() && Writes(B->getLHS()))
    return false;
  if (const auto *U = dyn_cast<UnaryOperator>(S)) {
    if ((U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
        Writes(U->getSubExpr()))
      return false;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D);
          VD && (Read.contains(VD) || VD->isStaticLocal()))
        return false;
  if (isa<CXXConstructExpr, CXXNewExpr, CXXDeleteExpr, LambdaExpr, GCCAsmStmt,
          CXXOperatorCallExpr, CXXMemberCallExpr>(S))
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(S); CE && CE != Call && !Inert(CE))
    return false;
  for (const Stmt *Child : S->children())
    if (!leavesAlone(Child, Call, Read, Inert))
      return false;
  return true;
}

bool contains(const Stmt *S, const Stmt *Part) {
  if (S == Part)
    return true;
  for (const Stmt *Child : S->children())
    if (Child && contains(Child, Part))
      return true;
  return false;
}

} // namespace

bool loopLeavesCallAlone(const Stmt *Loop, const CallExpr *Call,
                         llvm::function_ref<bool(const CallExpr *)> Inert) {
  if (!Loop || !Call || !contains(Loop, Call))
    return false;
  VarSet Read;
  for (const Expr *Arg : Call->arguments())
    if (!readsPlainly(Arg, Read))
      return false;
  return leavesAlone(Loop, Call, Read, Inert);
}

} // namespace clang::ento::gemm
