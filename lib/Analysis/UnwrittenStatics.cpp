//===--- UnwrittenStatics.cpp - gemm-tidy --------------------------------===//

#include "Analysis/UnwrittenStatics.h"
#include "ContextCache.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"

namespace clang::tidy::gemm {
namespace {

// The variables the question is asked of: integers of internal linkage at
// namespace scope, not volatile, with an initializer.
const VarDecl *candidate(const Decl *D) {
  const auto *V = dyn_cast_or_null<VarDecl>(D);
  if (!V || !V->getDeclContext()->getRedeclContext()->isFileContext() ||
      V->isExternallyVisible() || V->getType().isVolatileQualified() ||
      !V->getType()->isIntegralOrEnumerationType())
    return nullptr;
  return V->getCanonicalDecl();
}

struct Uses {
  bool Counted = false;
  llvm::DenseMap<const VarDecl *, unsigned> Named{}, Read{};
};

// Counts each candidate's names and, of those, the ones whose value is
// read (the operand of an lvalue-to-rvalue conversion). A name that is not
// read is a write, an address, a reference or an unevaluated operand.
class UseCounter : public RecursiveASTVisitor<UseCounter> {
public:
  explicit UseCounter(Uses &U) : U(U) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const VarDecl *V = candidate(E->getDecl()))
      ++U.Named[V];
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() != CK_LValueToRValue)
      return true;
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(C->getSubExpr()->IgnoreParens()))
      if (const VarDecl *V = candidate(Ref->getDecl()))
        ++U.Read[V];
    return true;
  }

private:
  Uses &U;
};

} // namespace

bool keepsInitialValue(const VarDecl *V, ASTContext &Ctx) {
  V = candidate(V);
  if (!V || !V->getAnyInitializer())
    return false;
  Uses &U = contextCache<Uses>(Ctx);
  if (!U.Counted) {
    U.Counted = true;
    UseCounter(U).TraverseAST(Ctx);
  }
  return U.Named.lookup(V) == U.Read.lookup(V);
}

} // namespace clang::tidy::gemm
