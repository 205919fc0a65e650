//===--- ModelState.cpp - gemm-tidy --------------------------------------===//
//
// The program-state maps of gemm.ApiModeling, registered here and nowhere
// else (ModelState.h says why), the functions through which the checker's
// files read and write them, and the reading of values off the path.
//
//===----------------------------------------------------------------------===//

#include "ModelState.h"
#include "AnalyzerCompat.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/ProgramStateTrait.h"

REGISTER_MAP_WITH_PROGRAMSTATE(HandleModeMap, clang::ento::SymbolRef,
                               clang::ento::gemm::HandleModes)
REGISTER_MAP_WITH_PROGRAMSTATE(LtObjectMap, clang::ento::SymbolRef,
                               clang::ento::gemm::LtObjectInfo)
REGISTER_MAP_WITH_PROGRAMSTATE(AllocationMap, clang::ento::SymbolRef,
                               clang::ento::gemm::Allocation)
// The variables written in a loop whose bound the analyzer does not know:
// their value after it depends on how often it ran.
REGISTER_SET_WITH_PROGRAMSTATE(LoopWritten, const clang::ento::MemRegion *)

namespace clang::ento::gemm {

const HandleModes *handleState(ProgramStateRef State, SymbolRef Sym) {
  return Sym ? State->get<HandleModeMap>(Sym) : nullptr;
}
const LtObjectInfo *objectState(ProgramStateRef State, SymbolRef Sym) {
  return Sym ? State->get<LtObjectMap>(Sym) : nullptr;
}
const Allocation *allocationOf(ProgramStateRef State, SymbolRef Sym) {
  return Sym ? State->get<AllocationMap>(Sym) : nullptr;
}

ProgramStateRef setHandleState(ProgramStateRef State, SymbolRef Sym,
                               const HandleModes &M) {
  return State->set<HandleModeMap>(Sym, M);
}
ProgramStateRef removeHandleState(ProgramStateRef State, SymbolRef Sym) {
  return State->remove<HandleModeMap>(Sym);
}
ProgramStateRef setObjectState(ProgramStateRef State, SymbolRef Sym,
                               const LtObjectInfo &O) {
  return State->set<LtObjectMap>(Sym, O);
}
ProgramStateRef setAllocation(ProgramStateRef State, SymbolRef Sym,
                              const Allocation &A) {
  return State->set<AllocationMap>(Sym, A);
}
ProgramStateRef removeAllocation(ProgramStateRef State, SymbolRef Sym) {
  return State->remove<AllocationMap>(Sym);
}

ProgramStateRef markLoopWritten(ProgramStateRef State, const MemRegion *R,
                                bool Written) {
  return Written ? State->add<LoopWritten>(R) : State->remove<LoopWritten>(R);
}

bool readsLoopWritten(const Expr *E, CheckerContext &C) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!VD)
    return false;
  const MemRegion *R =
      C.getState()->getLValue(VD, C.getLocationContext()).getAsRegion();
  return R && C.getState()->contains<LoopWritten>(R);
}

ProgramStateRef removeDeadSymbols(ProgramStateRef State, SymbolReaper &SR) {
  for (const auto &E : State->get<HandleModeMap>())
    if (SR.isDead(E.first))
      State = State->remove<HandleModeMap>(E.first);
  for (const auto &E : State->get<LtObjectMap>())
    if (SR.isDead(E.first))
      State = State->remove<LtObjectMap>(E.first);
  for (const auto &E : State->get<AllocationMap>())
    if (SR.isDead(E.first))
      State = State->remove<AllocationMap>(E.first);
  return State;
}

Value concrete(SVal V) {
  const llvm::APSInt *I = nullptr;
  if (auto CI = V.getAs<nonloc::ConcreteInt>())
    I = &compat::valueOf(*CI);
  else if (auto LI = V.getAs<loc::ConcreteInt>())
    I = &compat::valueOf(*LI);
  if (!I)
    return Value::unknown();
  // A 64-bit unsigned value keeps its bits: cuBLASLt's uint64_t sizes are
  // what a negative int becomes (-1 is 2^64 - 1), as the rules expect.
  if (I->isUnsigned() && I->getBitWidth() == 64)
    return Value::of(static_cast<int64_t>(I->getZExtValue()));
  if (I->getSignificantBits() > 64 ||
      (I->isUnsigned() && I->getActiveBits() > 63))
    return Value::unknown();
  return Value::of(I->getExtValue());
}

SymbolRef symbolOf(SVal V) { return V.getAsSymbol(/*IncludeBaseRegions=*/false); }

Value readAttribute(ProgramStateRef State, const MemRegion *Buf,
                    const lt::AttrInfo &Info, ASTContext &Ctx) {
  QualType T;
  switch (Info.Type) {
  case lt::AttrType::Int8: T = Ctx.SignedCharTy; break;
  case lt::AttrType::UInt16: T = Ctx.UnsignedShortTy; break;
  case lt::AttrType::Int32: T = Ctx.IntTy; break;
  case lt::AttrType::UInt32: T = Ctx.UnsignedIntTy; break;
  case lt::AttrType::Int64: T = Ctx.LongLongTy; break;
  case lt::AttrType::UInt64: T = Ctx.UnsignedLongLongTy; break;
  case lt::AttrType::Float: return Value(); // floats are not modelled
  case lt::AttrType::Pointer: T = Ctx.VoidPtrTy; break;
  }
  return concrete(State->getSVal(loc::MemRegionVal(Buf), T));
}

const Expr *loopCondition(const Stmt *S) {
  if (const auto *F = dyn_cast<ForStmt>(S))
    return F->getCond();
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return W->getCond();
  if (const auto *D = dyn_cast<DoStmt>(S))
    return D->getCond();
  return nullptr;
}

bool hasUnknownBound(const Stmt *Cond, ProgramStateRef State,
                     const LocationContext *LCtx) {
  if (isa<CallExpr, MemberExpr, CXXMemberCallExpr>(Cond))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Cond))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      return !State->getSVal(State->getLValue(VD, LCtx), VD->getType())
                  .isConstant();
  for (const Stmt *Child : Cond->children())
    if (Child && hasUnknownBound(Child, State, LCtx))
      return true;
  return false;
}

} // namespace clang::ento::gemm
