//===--- ApiModeling.cpp - gemm-tidy -------------------------------------===//
//
// The model, gemm.ApiModeling: evalCall summaries of the API table's
// functions, which bind what each writes through its out-parameters, return
// success and leave every other piece of memory alone (an opaque call would
// invalidate the whole object that holds the handle), and keep each handle's
// modes, each cuBLASLt object's attributes and each allocation's residency
// and size in the maps of ModelState.h. Besides them, what the analyzer's own
// modelling would get wrong for the values the checks read: handles and
// objects that reach unseen code, bit-fields, function-scope statics and the
// variables written in a loop of unknown bound.
//
//===----------------------------------------------------------------------===//

#include "AnalyzerCompat.h"
#include "GemmChecker.h"
#include "ModelState.h"
#include "gemm/rules/functions.h"

#include "clang/AST/ParentMap.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h"
#include <optional>

namespace clang::ento::gemm {

namespace {

// Tags that tell apart the symbols one call conjures.
const char OutTag = 0, ExtraTag = 0;

} // namespace

// --- the model ---------------------------------------------------------------

bool GemmChecker::evalCall(const CallEvent &Call, CheckerContext &C) const {
  const Known &K = lookup(Call);
  if ((!K.Model && !K.Gemm) || !opaqueCallee(Call))
    return false;
  if (K.Gemm) {
    if (Call.getNumArgs() != K.Gemm->NumArgs)
      return false;
  } else if (K.Model->NumArgs && Call.getNumArgs() != K.Model->NumArgs) {
    return false; // a K&R call or another function of the same name
  }
  if (K.Model && !evalModelled(*K.Model, Call, C))
    return false;
  if (K.Gemm)
    C.addTransition(writeThroughPointers(C.getState(), Call, C));
  return true;
}

namespace {

/// Binds the status every modelled function returns: success (0 is
/// CUBLAS_STATUS_SUCCESS and cudaSuccess). The failure paths are not the
/// rules' concern, and a conjured status would split every path in two.
ProgramStateRef bindSuccess(ProgramStateRef State, const CallEvent &Call,
                            CheckerContext &C) {
  const QualType T = Call.getResultType();
  if (T->isVoidType())
    return State;
  return State->BindExpr(Call.getOriginExpr(), C.getLocationContext(),
                         C.getSValBuilder().makeZeroVal(T));
}

} // namespace

ProgramStateRef GemmChecker::bindOut(ProgramStateRef State,
                                     const CallEvent &Call, unsigned Arg,
                                     CheckerContext &C, SymbolRef &Sym) const {
  Sym = nullptr;
  const MemRegion *R = Call.getArgSVal(Arg).getAsRegion();
  if (!R)
    return State;
  R = R->StripCasts();
  QualType T;
  if (const auto *TR = dyn_cast<TypedValueRegion>(R))
    T = TR->getValueType();
  if ((T.isNull() || T->isVoidType()) && Arg < Call.parameters().size())
    T = Call.parameters()[Arg]->getType()->getPointeeType();
  if (T.isNull() || T->isVoidType() || T->isRecordType() || T->isArrayType())
    return State;
  const SVal V = compat::conjure(Call, C, T, Arg == 0 ? &OutTag : &ExtraTag);
  Sym = symbolOf(V);
  return State->bindLoc(loc::MemRegionVal(R), V, C.getLocationContext());
}

// The library writes through each argument whose pointee is not const (the
// GEMM's C, the matmul's D, the heuristic's results): those contents are
// forgotten, and nothing else.
ProgramStateRef GemmChecker::writeThroughPointers(ProgramStateRef State,
                                                  const CallEvent &Call,
                                                  CheckerContext &C) const {
  llvm::SmallVector<const MemRegion *, 4> Written;
  for (unsigned I = 0; I < Call.getNumArgs() && I < Call.parameters().size();
       ++I) {
    const QualType T = Call.parameters()[I]->getType();
    if (!T->isPointerType() || T->getPointeeType().isConstQualified())
      continue;
    if (const MemRegion *R = Call.getArgSVal(I).getAsRegion())
      Written.push_back(R);
  }
  State = bindSuccess(State, Call, C);
  return Written.empty() ? State : compat::invalidate(State, Written, Call, C);
}

// What each kind of API function does to the state, one transfer function
// per effect; each returns the state after the call (its status aside).

namespace {

/// What the state knows of the object \p Sym, or an object of kind \p Kind
/// the path did not create (its attributes unknown).
LtObjectInfo knownObject(ProgramStateRef State, SymbolRef Sym,
                         lt::Object Kind) {
  if (const LtObjectInfo *Old = objectState(State, Sym))
    return *Old;
  LtObjectInfo O;
  O.Kind = Kind;
  return O;
}

} // namespace

ProgramStateRef GemmChecker::transferCreate(const model::ApiFunction &F,
                                            ProgramStateRef State,
                                            const CallEvent &Call,
                                            CheckerContext &C) const {
  SymbolRef Sym = nullptr;
  State = bindOut(State, Call, 0, C, Sym);
  if (!Sym)
    return State;
  if (F.Handle) // a new handle: CUBLAS_POINTER_MODE_HOST, CUBLAS_DEFAULT_MATH
    return setHandleState(State, Sym, {Value::of(0), Value::of(0)});
  llvm::SmallVector<Value, 4> Args;
  for (unsigned I = F.FirstValue; I < Call.getNumArgs(); ++I)
    Args.push_back(concrete(Call.getArgSVal(I)));
  LtObjectInfo O;
  O.Kind = F.Obj;
  O.Destroyed = Value::of(0);
  O.Attrs = lt::createdState(F.Obj, Args.data(), Args.size());
  return setObjectState(State, Sym, O);
}

ProgramStateRef GemmChecker::transferSet(const model::ApiFunction &F,
                                         ProgramStateRef State,
                                         const CallEvent &Call,
                                         CheckerContext &C) const {
  const SymbolRef Sym = symbolOf(Call.getArgSVal(0));
  if (!Sym)
    return State;
  if (F.Handle) {
    HandleModes M;
    if (const HandleModes *Old = handleState(State, Sym))
      M = *Old;
    (F.Sets == model::HandlePointerMode ? M.Pointer : M.Math) =
        concrete(Call.getArgSVal(1));
    return setHandleState(State, Sym, M);
  }
  LtObjectInfo O = knownObject(State, Sym, F.Obj);
  const Value Attr = concrete(Call.getArgSVal(model::AttrPos));
  const Value Size = concrete(Call.getArgSVal(model::SizePos));
  const lt::AttrInfo *Info =
      Attr.Known ? lt::findAttribute(F.Obj, Attr.V) : nullptr;
  if (!Info) {
    O.Attrs = lt::ObjectState(); // which attribute changed is not known
  } else if (!Size.Known || Size.V == lt::attrTypeSize(Info->Type)) {
    // cuBLASLt keeps the old value when the size does not match.
    O.Attrs[Attr.V] = Value();
    if (const MemRegion *Buf = Call.getArgSVal(model::BufPos).getAsRegion())
      O.Attrs[Attr.V] = readAttribute(State, Buf, *Info, C.getASTContext());
  }
  return setObjectState(State, Sym, O);
}

ProgramStateRef GemmChecker::transferGet(const model::ApiFunction &F,
                                         ProgramStateRef State,
                                         const CallEvent &Call,
                                         CheckerContext &C) const {
  if (!F.Handle)
    return writeThroughPointers(State, Call, C);
  // cublasGetPointerMode(handle, &mode): the mode the state holds.
  SymbolRef Out = nullptr;
  State = bindOut(State, Call, 1, C, Out);
  const HandleModes *M = handleState(State, symbolOf(Call.getArgSVal(0)));
  const Value Mode = !M ? Value()
                     : F.Sets == model::HandlePointerMode ? M->Pointer
                                                          : M->Math;
  const MemRegion *R = Call.getArgSVal(1).getAsRegion();
  if (!Mode.Known || !R)
    return State;
  return State->bindLoc(
      loc::MemRegionVal(R->StripCasts()),
      C.getSValBuilder().makeIntVal(
          Mode.V, Call.parameters()[1]->getType()->getPointeeType()),
      C.getLocationContext());
}

ProgramStateRef GemmChecker::transferDestroy(const model::ApiFunction &F,
                                             ProgramStateRef State,
                                             const CallEvent &Call) const {
  const SymbolRef Sym = symbolOf(Call.getArgSVal(0));
  if (!Sym)
    return State;
  if (F.Handle)
    return removeHandleState(State, Sym);
  LtObjectInfo O = knownObject(State, Sym, F.Obj);
  O.Destroyed = Value::of(1);
  return setObjectState(State, Sym, O);
}

ProgramStateRef GemmChecker::transferAllocate(const model::ApiFunction &F,
                                              ProgramStateRef State,
                                              const CallEvent &Call,
                                              CheckerContext &C) const {
  SymbolRef Sym = nullptr;
  State = bindOut(State, Call, 0, C, Sym);
  if (F.PitchArg >= 0) {
    SymbolRef Pitch = nullptr;
    State = bindOut(State, Call, F.PitchArg, C, Pitch);
  }
  if (!Sym)
    return State;
  Allocation A;
  A.Where = F.Where;
  if (F.SizeArg >= 0 && static_cast<unsigned>(F.SizeArg) < Call.getNumArgs())
    A.Bytes = concrete(Call.getArgSVal(F.SizeArg));
  return setAllocation(State, Sym, A);
}

bool GemmChecker::evalModelled(const model::ApiFunction &F,
                               const CallEvent &Call, CheckerContext &C) const {
  using model::Effect;
  ProgramStateRef State = C.getState();
  switch (F.What) {
  case Effect::None:
  case Effect::Register: // (the model has no such rows)
  case Effect::Init: // the object is storage the caller owns: not followed
    return false;
  case Effect::Use:
    State = writeThroughPointers(State, Call, C);
    break;
  case Effect::Create:
    State = transferCreate(F, State, Call, C);
    break;
  case Effect::Set:
    State = transferSet(F, State, Call, C);
    break;
  case Effect::Get:
    State = transferGet(F, State, Call, C);
    break;
  case Effect::Destroy:
    State = transferDestroy(F, State, Call);
    break;
  case Effect::Allocate:
    State = transferAllocate(F, State, Call, C);
    break;
  case Effect::Free:
    if (const SymbolRef Sym = symbolOf(Call.getArgSVal(0)))
      State = removeAllocation(State, Sym);
    break;
  }
  if (F.What != Effect::Use && !(F.What == Effect::Get && !F.Handle))
    State = bindSuccess(State, Call, C);
  C.addTransition(State);
  return true;
}

bool isToolkitFunction(const FunctionDecl *FD) {
  if (!FD || FD->hasBody() || !FD->getIdentifier())
    return false;
  const StringRef Name = FD->getName();
  return rules::isToolkitFunctionName({Name.data(), Name.size()});
}

// A handle or cuBLASLt object that reaches code the analyzer does not see
// (a function without a body, by value or inside a structure, even through
// a pointer to const: the object behind the handle is not const) may have
// its mode or attributes changed there: they become unknown.
ProgramStateRef GemmChecker::checkPointerEscape(ProgramStateRef State,
                                                const InvalidatedSymbols &Escaped,
                                                const CallEvent *Call,
                                                PointerEscapeKind Kind) const {
  // Stored somewhere (a global, a field of unknown memory): nothing has
  // changed yet; unknown code that later reaches it escapes it again.
  if (Kind == PSK_EscapeOnBind ||
      (Call && isToolkitFunction(
                   dyn_cast_or_null<FunctionDecl>(Call->getDecl()))))
    return State;
  for (SymbolRef Sym : Escaped) {
    if (handleState(State, Sym))
      State = setHandleState(State, Sym, HandleModes());
    if (const LtObjectInfo *O = objectState(State, Sym)) {
      LtObjectInfo Unknown;
      Unknown.Kind = O->Kind;
      State = setObjectState(State, Sym, Unknown);
    }
  }
  return State;
}

namespace {

/// \p V as the bit-field \p FD holds it: truncated to its width, with its
/// signedness.
std::optional<llvm::APSInt> asBitField(const llvm::APSInt &V,
                                       const FieldDecl *FD,
                                       const ASTContext &Ctx) {
  const unsigned Width = compat::bitWidth(FD, Ctx);
  if (Width == 0 || Width >= V.getBitWidth())
    return std::nullopt;
  const bool Unsigned = FD->getType()->isUnsignedIntegerOrEnumerationType();
  llvm::APInt Bits = V.trunc(Width);
  llvm::APSInt Held(Unsigned ? Bits.zext(V.getBitWidth())
                             : Bits.sext(V.getBitWidth()),
                    V.isUnsigned());
  return Held;
}

} // namespace

// The analyzer stores a value into a bit-field whole (`b.rows = 17` in four
// bits reads back 17): a read of a bit-field gets the bits the field holds.
void GemmChecker::checkPostStmt(const ImplicitCastExpr *Cast,
                                CheckerContext &C) const {
  if (Cast->getCastKind() != CK_LValueToRValue)
    return;
  // A volatile object may change between the write the analyzer saw and
  // this read.
  if (Cast->getSubExpr()->getType().isVolatileQualified()) {
    if (!C.getSVal(Cast).isUnknown())
      C.addTransition(C.getState()->BindExpr(Cast, C.getLocationContext(),
                                             UnknownVal()));
    return;
  }
  const auto *ME = dyn_cast<MemberExpr>(Cast->getSubExpr()->IgnoreParens());
  const auto *FD = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  if (!FD || !FD->isBitField())
    return;
  const auto CI = C.getSVal(Cast).getAs<nonloc::ConcreteInt>();
  if (!CI)
    return;
  const llvm::APSInt &V = compat::valueOf(*CI);
  const std::optional<llvm::APSInt> Held = asBitField(V, FD, C.getASTContext());
  if (!Held || *Held == V)
    return;
  C.addTransition(C.getState()->BindExpr(
      Cast, C.getLocationContext(), C.getSValBuilder().makeIntVal(*Held)));
}

// A variable written in the body of a loop whose bound the analyzer does not
// know holds, after it, a value that depends on how often it ran -- and the
// analyzer follows only its first iterations (LLVM 22: two where the
// condition is unknown). A later write outside such a loop makes it known
// again.
void GemmChecker::checkBind(SVal Loc, SVal, const Stmt *S,
                            CheckerContext &C) const {
  const MemRegion *R = Loc.getAsRegion();
  if (!R || !S)
    return;
  ProgramStateRef State = C.getState();
  const ParentMap &PM = C.getLocationContext()->getParentMap();
  bool InLoop = false;
  for (const Stmt *P = PM.getParent(S); P && !InLoop; P = PM.getParent(P))
    if (const Expr *Cond = loopCondition(P))
      InLoop = hasUnknownBound(Cond, State, C.getLocationContext());
  const ProgramStateRef Next = markLoopWritten(State, R, InLoop);
  if (Next != State)
    C.addTransition(Next);
}

namespace {

/// Whether \p E reads something that may differ from one call of its
/// function to the next: a parameter, a local, `this`, a mutable global.
bool readsVaryingValue(const Stmt *E) {
  if (!E)
    return false;
  if (isa<CXXThisExpr>(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      if (isa<ParmVarDecl>(VD) || VD->hasLocalStorage() ||
          !VD->getType().isConstQualified())
        return true;
  for (const Stmt *Child : E->children())
    if (readsVaryingValue(Child))
      return true;
  return false;
}

} // namespace

// A function-scope static is initialised by the first call of its function
// that reaches it. The analyzer initialises it on each path it explores,
// with that path's values; where the initializer reads values a call
// receives, the first call's are not known, and neither is the static.
void GemmChecker::checkPostStmt(const DeclStmt *DS, CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  bool Changed = false;
  for (const Decl *D : DS->decls()) {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || !VD->isStaticLocal() || !readsVaryingValue(VD->getInit()))
      continue;
    State = State->bindLoc(State->getLValue(VD, C.getLocationContext()),
                           UnknownVal(), C.getLocationContext());
    Changed = true;
  }
  if (Changed)
    C.addTransition(State);
}

void GemmChecker::checkDeadSymbols(SymbolReaper &SR, CheckerContext &C) const {
  C.addTransition(removeDeadSymbols(C.getState(), SR));
}

} // namespace clang::ento::gemm
