//===--- AlgoSource.cpp - gemm-tidy -------------------------------------===//

#include "Diagnosis/AlgoSource.h"
#include "Analysis/Syntax.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::gemm {

namespace {

using ::gemm::rules::Role;

// What to do after visiting a statement: go into its children, pass over
// them, or stop the walk.
enum class Walk { Into, Over, Stop };

// Visits \p Body and the statements under it, depth first, as \p Visit
// says; true where it stopped.
template <class VisitFn> bool walkStatements(const Stmt *Body, VisitFn Visit) {
  llvm::SmallVector<const Stmt *, 64> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    const Walk Next = Visit(S);
    if (Next == Walk::Stop)
      return true;
    if (Next == Walk::Into)
      for (const Stmt *Child : S->children())
        if (Child)
          Stack.push_back(Child);
  }
  return false;
}

// The results a member access reads: `r.x`, `r[i].x`.
const VarDecl *resultsOf(const MemberExpr *M) {
  const Expr *Base = M->getBase()->IgnoreParenImpCasts();
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(Base))
    Base = Sub->getBase();
  return referencedVar(Base);
}

// The argument of \p Call that plays \p R, by its row of the API table;
// null where it has none.
const Expr *playing(const CallExpr &Call, Role R) {
  const ApiFunction *Row = apiFunctionOf(Call.getDirectCallee());
  return Row ? argumentPlaying(Call, *Row, R) : nullptr;
}

// \p E without the copy or move of a structure around it (`return r;`,
// `T r = f();`).
const Expr *withoutCopy(const Expr *E) {
  E = E ? E->IgnoreImplicit() : nullptr;
  if (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(E);
      Construct && Construct->getNumArgs() == 1 &&
      Construct->getConstructor()->isCopyOrMoveConstructor())
    E = Construct->getArg(0)->IgnoreImplicit();
  return E;
}

// Whether \p Body may check what a heuristic query gave: it names
// \p Count (returnAlgoCount), or \p Results other than through members
// other than `state` (`r.algo` reads the algo, `r.state` is the query's
// status) -- except in \p Query's own arguments and, where \p HandsOn,
// in a `return r;` that hands the results to the caller, who then checks
// them or not.
bool mayCheck(const Stmt *Body, const VarDecl *Results, const VarDecl *Count,
              const CallExpr *Query, bool HandsOn) {
  return walkStatements(Body, [&](const Stmt *S) {
    if (const auto *M = dyn_cast<MemberExpr>(S); M && resultsOf(M) == Results) {
      const IdentifierInfo *Id = M->getMemberDecl()->getIdentifier();
      return !Id || Id->getName() == "state" ? Walk::Stop : Walk::Over;
    }
    if (Query && (S == playing(*Query, Role::HeuristicResults) ||
                  S == playing(*Query, Role::ReturnedAlgoCount)))
      return Walk::Over; // what the query fills
    if (const auto *Return = dyn_cast<ReturnStmt>(S);
        HandsOn && Return && Return->getRetValue() &&
        referencedVar(withoutCopy(Return->getRetValue())) == Results)
      return Walk::Over;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S);
        Ref && (Ref->getDecl() == Results || (Count && Ref->getDecl() == Count)))
      return Walk::Stop;
    return Walk::Into;
  });
}

// Whether the one \p Query of \p Fn, which fills \p Results, is never
// checked there (AlgoSource::Unchecked; \p HandsOn: Fn returns the
// results, which its caller may check).
bool isUnchecked(const CallExpr &Query, const VarDecl *Results,
                 const FunctionDecl &Fn, bool HandsOn = false) {
  const VarDecl *Count =
      addressedVar(playing(Query, Role::ReturnedAlgoCount));
  if (!Count || !Count->hasLocalStorage() || isa<ParmVarDecl>(Count) ||
      Query.getBeginLoc().isMacroID())
    return false;
  // A statement of its own.
  const bool Alone = walkStatements(Fn.getBody(), [&](const Stmt *S) {
    const auto *Block = dyn_cast<CompoundStmt>(S);
    return Block && llvm::is_contained(Block->body(), &Query) ? Walk::Stop
                                                              : Walk::Into;
  });
  return Alone && !mayCheck(Fn.getBody(), Results, Count, &Query, HandsOn);
}

// The one heuristic query of \p Fn that fills \p Results, where it comes
// before \p Before (when given); null otherwise.
const CallExpr *onlyQueryFilling(const VarDecl *Results, const FunctionDecl &Fn,
                                 const Expr *Before) {
  const CallExpr *Query = nullptr;
  unsigned Queries = 0;
  walkStatements(Fn.getBody(), [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    const Expr *Filled =
        Call ? playing(*Call, Role::HeuristicResults) : nullptr;
    if (Filled && (referencedVar(Filled) == Results ||
                   addressedVar(Filled) == Results))
      ++Queries, Query = Call;
    return Walk::Into;
  });
  if (Queries != 1 ||
      (Before && !Fn.getASTContext().getSourceManager().isBeforeInTranslationUnit(
                     Query->getBeginLoc(), Before->getBeginLoc())))
    return nullptr;
  return Query;
}

// `r = pickAlgo(...)`: where \p Results is initialised with what a
// function of the translation unit returns, and that function's one
// unchecked query fills the local it returns, the query; null otherwise.
const CallExpr *uncheckedQueryReturnedBy(const VarDecl *Results,
                                         const CallExpr *&Via) {
  const auto *Call = dyn_cast_or_null<CallExpr>(withoutCopy(Results->getInit()));
  const FunctionDecl *Helper = Call ? Call->getDirectCallee() : nullptr;
  if (!Helper || !(Helper = Helper->getDefinition()) || !Helper->getBody() ||
      Call->getBeginLoc().isMacroID())
    return nullptr;
  // The local every return statement of the helper returns.
  const VarDecl *Returned = nullptr;
  bool OneLocal = true;
  walkStatements(Helper->getBody(), [&](const Stmt *S) {
    if (isa<LambdaExpr>(S))
      return Walk::Over; // its returns are its own
    if (const auto *Return = dyn_cast<ReturnStmt>(S)) {
      const VarDecl *V = referencedVar(withoutCopy(Return->getRetValue()));
      OneLocal &= V && (!Returned || V == Returned);
      Returned = V;
    }
    return Walk::Into;
  });
  if (!OneLocal || !Returned || !Returned->hasLocalStorage() ||
      isa<ParmVarDecl>(Returned))
    return nullptr;
  const CallExpr *Query = onlyQueryFilling(Returned, *Helper, nullptr);
  if (!Query || !isUnchecked(*Query, Returned, *Helper, /*HandsOn=*/true))
    return nullptr;
  Via = Call;
  return Query;
}

} // namespace

AlgoSource algoSourceOf(const Expr *Algo, const FunctionDecl *Fn) {
  const auto *Addr =
      dyn_cast_or_null<UnaryOperator>(Algo ? Algo->IgnoreParenImpCasts() : nullptr);
  const auto *Member =
      Addr && Addr->getOpcode() == UO_AddrOf
          ? dyn_cast<MemberExpr>(Addr->getSubExpr()->IgnoreParens())
          : nullptr;
  if (!Member || Member->isArrow() || !Member->getMemberDecl()->getIdentifier() ||
      Member->getMemberDecl()->getName() != "algo" || !Fn || !Fn->getBody())
    return {};
  const VarDecl *Results = resultsOf(Member);
  if (!Results || !Results->hasLocalStorage() || isa<ParmVarDecl>(Results))
    return {};
  // The query: the one filling the results, wherever it is written (a status
  // check or a macro around it).
  if (const CallExpr *Query = onlyQueryFilling(Results, *Fn, Algo))
    return {Query, nullptr, isUnchecked(*Query, Results, *Fn)};
  // Or in the helper whose result initialises them, and nothing here reads
  // them but for the algo.
  AlgoSource Source;
  Source.Query = uncheckedQueryReturnedBy(Results, Source.Via);
  if (!Source.Query || mayCheck(Fn->getBody(), Results, nullptr, nullptr, false))
    return {};
  Source.Unchecked = true;
  return Source;
}

} // namespace clang::tidy::gemm
