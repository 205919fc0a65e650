//===--- GemmChecker.cpp - gemm-tidy -------------------------------------===//
//
// The model: evalCall summaries of the API table's functions, which bind
// what each writes through its out-parameters, return success and leave
// every other piece of memory alone (an opaque call would invalidate the
// whole object that holds the handle); program-state maps, keyed by the
// symbols those summaries conjure, for each handle's modes, each cuBLASLt
// object's attributes and each allocation's residency and size.
//
// The checks: at each call of the GEMM family, cublasLtMatmul and the
// cuBLASLt attribute functions, the arguments' values go to the rules core,
// and each finding is reported under its category's checker in the rules
// core's words. Report policy (docs/deep.md): an argument counts only where
// its SVal is a concrete constant on the path; a symbol the constraint
// manager has pinned to one value by a branch on an unknown input stays
// unknown, so no finding rests on an assumption the analyzer made.
//
//===----------------------------------------------------------------------===//

#include "GemmChecker.h"
#include "AnalyzerCompat.h"
#include "Models/ApiModel.h"
#include "Models/LibraryVersion.h"
#include "Models/LtValueFindings.h"
#include "gemm/rules/check.h"
#include "gemm/rules/lt_check.h"

#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugType.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/ProgramStateTrait.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <set>

using namespace clang;
using namespace clang::ento;
namespace compat = clang::ento::gemm::compat;
using clang::ento::gemm::NumCategories;

namespace model = clang::tidy::gemm;
namespace rules = ::gemm::rules;
namespace lt = ::gemm::rules::lt;
using rules::Role;
using rules::Value;

namespace {

void profileValue(llvm::FoldingSetNodeID &ID, const Value &V) {
  ID.AddBoolean(V.Known);
  ID.AddInteger(V.Known ? V.V : 0);
}

bool sameValue(const Value &A, const Value &B) {
  return A.Known == B.Known && (!A.Known || A.V == B.V);
}

/// A cuBLAS handle's modes; unknown for a handle the path did not create
/// or set.
struct HandleModes {
  Value Pointer, Math;
  bool operator==(const HandleModes &O) const {
    return sameValue(Pointer, O.Pointer) && sameValue(Math, O.Math);
  }
  void Profile(llvm::FoldingSetNodeID &ID) const {
    profileValue(ID, Pointer);
    profileValue(ID, Math);
  }
};

/// A cuBLASLt object: its kind, whether it was destroyed, its attributes.
struct LtObjectInfo {
  lt::Object Kind = lt::Object::MatmulDesc;
  Value Destroyed;
  lt::ObjectState Attrs;
  bool operator==(const LtObjectInfo &O) const {
    if (Kind != O.Kind || !sameValue(Destroyed, O.Destroyed))
      return false;
    for (int64_t Id = 0; Id < lt::MaxAttributes; ++Id)
      if (!sameValue(Attrs[Id], O.Attrs[Id]))
        return false;
    return true;
  }
  void Profile(llvm::FoldingSetNodeID &ID) const {
    ID.AddInteger(static_cast<unsigned>(Kind));
    profileValue(ID, Destroyed);
    for (int64_t Id = 0; Id < lt::MaxAttributes; ++Id)
      profileValue(ID, Attrs[Id]);
  }
};

/// Memory an allocator of the table returned.
struct Allocation {
  rules::Residency Where = rules::Residency::Unknown;
  Value Bytes;
  bool operator==(const Allocation &O) const {
    return Where == O.Where && sameValue(Bytes, O.Bytes);
  }
  void Profile(llvm::FoldingSetNodeID &ID) const {
    ID.AddInteger(static_cast<unsigned>(Where));
    profileValue(ID, Bytes);
  }
};

} // namespace

REGISTER_MAP_WITH_PROGRAMSTATE(HandleModeMap, SymbolRef, HandleModes)
REGISTER_MAP_WITH_PROGRAMSTATE(LtObjectMap, SymbolRef, LtObjectInfo)
REGISTER_MAP_WITH_PROGRAMSTATE(AllocationMap, SymbolRef, Allocation)
// The inputs (parameters, globals, fields: symbols of a region's initial
// value) that a branch on this path pinned to one value. The analyzer loads
// such a symbol as the constant; the report policy must not count it.
REGISTER_MAP_WITH_PROGRAMSTATE(PinnedInputs, SymbolRef, int64_t)

namespace {

// The state of a symbol, or null (also for no symbol: an argument that is
// the address of storage, not a conjured object).
const HandleModes *handleState(ProgramStateRef State, SymbolRef Sym) {
  return Sym ? State->get<HandleModeMap>(Sym) : nullptr;
}
const LtObjectInfo *objectState(ProgramStateRef State, SymbolRef Sym) {
  return Sym ? State->get<LtObjectMap>(Sym) : nullptr;
}

// Tags that tell apart the symbols one call conjures.
const char OutTag = 0, ExtraTag = 0;

/// The value of \p V where it is a concrete constant; unknown otherwise,
/// however tightly the constraints pin it (the report policy).
Value concrete(SVal V) {
  const llvm::APSInt *I = nullptr;
  if (auto CI = V.getAs<nonloc::ConcreteInt>())
    I = &compat::valueOf(*CI);
  else if (auto LI = V.getAs<loc::ConcreteInt>())
    I = &compat::valueOf(*LI);
  if (!I || I->getSignificantBits() > 64 ||
      (I->isUnsigned() && I->getActiveBits() > 63))
    return Value::unknown();
  return Value::of(I->getExtValue());
}

/// The symbol a handle, object or allocation argument holds, or null.
SymbolRef symbolOf(SVal V) { return V.getAsSymbol(/*IncludeBaseRegions=*/false); }

const char *pointerModeName(int64_t Mode) {
  return Mode == 0 ? "CUBLAS_POINTER_MODE_HOST"
         : Mode == 1 ? "CUBLAS_POINTER_MODE_DEVICE"
                     : "an unknown pointer mode";
}

/// A bug-path note where the state the finding rests on changed: a
/// handle's pointer or math mode, or an attribute of a cuBLASLt object.
class StateChangeVisitor final : public BugReporterVisitor {
public:
  /// \p Attr: model::HandlePointerMode or HandleMathMode for a handle,
  /// else the attribute id of \p Owner's object.
  StateChangeVisitor(SymbolRef Sym, bool Handle, int64_t Attr, lt::Arg Owner)
      : Sym(Sym), Handle(Handle), Attr(Attr), Owner(Owner) {}

  void Profile(llvm::FoldingSetNodeID &ID) const override {
    static int Tag = 0;
    ID.AddPointer(&Tag);
    ID.AddPointer(Sym);
    ID.AddBoolean(Handle);
    ID.AddInteger(Attr);
  }

  PathDiagnosticPieceRef VisitNode(const ExplodedNode *N, BugReporterContext &BRC,
                                   PathSensitiveBugReport &) override {
    const ExplodedNode *Pred = N->getFirstPred();
    if (!Pred)
      return nullptr;
    const Value Now = read(N->getState()), Before = read(Pred->getState());
    if (!Now.Known || sameValue(Now, Before))
      return nullptr;
    const Stmt *S = N->getStmtForDiagnostics();
    if (!S)
      return nullptr;
    PathDiagnosticLocation L(S, BRC.getSourceManager(), N->getLocationContext());
    return std::make_shared<PathDiagnosticEventPiece>(L, describe(Now.V));
  }

private:
  Value read(ProgramStateRef State) const {
    if (Handle) {
      const HandleModes *M = handleState(State, Sym);
      return !M ? Value() : Attr == model::HandlePointerMode ? M->Pointer : M->Math;
    }
    const LtObjectInfo *O = objectState(State, Sym);
    return O ? O->Attrs[Attr] : Value();
  }

  std::string describe(int64_t V) const {
    if (Handle && Attr == model::HandlePointerMode)
      return std::string("the handle's pointer mode is ") + pointerModeName(V) +
             " from here";
    if (Handle)
      return "the handle's math mode is " + std::to_string(V) + " from here";
    const lt::Object Kind = lt::objectOf(Owner);
    const lt::AttrInfo *Info = lt::findAttribute(Kind, Attr);
    std::string Text = "'" + lt::subjectName({Owner, Attr}) + "' is ";
    if (Info && Info->Type == lt::AttrType::Pointer)
      Text += V ? "set" : "NULL";
    else if (Info && Info->Kind != lt::EnumKind::None &&
             Info->Kind != lt::EnumKind::Bool)
      Text += lt::detail::enumText(Info->Kind, V);
    else
      Text += std::to_string(V);
    return Text + " from here";
  }

  SymbolRef Sym;
  bool Handle;
  int64_t Attr;
  lt::Arg Owner;
};

class GemmChecker : public Checker<eval::Call, eval::Assume, check::PreCall,
                                   check::DeadSymbols> {
public:
  ProgramStateRef evalAssume(ProgramStateRef State, SVal Cond,
                             bool Assumption) const;
  bool evalCall(const CallEvent &Call, CheckerContext &C) const;
  void checkPreCall(const CallEvent &Call, CheckerContext &C) const;
  void checkDeadSymbols(SymbolReaper &SR, CheckerContext &C) const;

  void enableCategory(rules::Category Cat, CheckerNameRef Name) {
    const unsigned I = static_cast<unsigned>(Cat);
    Bugs[I] = std::make_unique<BugType>(Name, rules::categoryName(Cat),
                                        "cuBLAS API misuse");
  }

private:
  /// What the tables say of a callee, by name.
  struct Known {
    const model::ApiFunction *Model = nullptr;
    const rules::ApiInfo *Gemm = nullptr;
  };
  const Known &lookup(const CallEvent &Call) const;

  bool evalModelled(const model::ApiFunction &F, const CallEvent &Call,
                    CheckerContext &C) const;
  ProgramStateRef bindOut(ProgramStateRef State, const CallEvent &Call,
                          unsigned Arg, CheckerContext &C, SymbolRef &Sym) const;
  ProgramStateRef writeThroughPointers(ProgramStateRef State,
                                       const CallEvent &Call,
                                       CheckerContext &C) const;

  void checkGemm(const rules::ApiInfo &Api, const CallEvent &Call,
                 CheckerContext &C) const;
  void checkLtMatmul(const model::ApiFunction &F, const CallEvent &Call,
                     CheckerContext &C) const;
  void checkLtObjectCall(const model::ApiFunction &F, const CallEvent &Call,
                         CheckerContext &C) const;

  rules::PointerFacts pointerFacts(SVal V, ProgramStateRef State) const;
  int64_t libraryVersion(CheckerContext &C) const;

  /// The state a finding rests on, for its notes.
  struct Evidence {
    SymbolRef Handle = nullptr;             // the handle (GEMM family)
    SymbolRef Objects[rules::lt::ArgCount] = {}; // the Lt objects, by role
  };
  void report(const rules::Finding &F, const Expr *At, const Evidence &E,
              CheckerContext &C, ExplodedNode *&Node) const;

  std::unique_ptr<BugType> Bugs[NumCategories];
  mutable llvm::DenseMap<const IdentifierInfo *, Known> Cache;
  mutable std::optional<int64_t> Version;
};

const GemmChecker::Known &GemmChecker::lookup(const CallEvent &Call) const {
  static const Known None;
  const IdentifierInfo *Id = Call.getCalleeIdentifier();
  if (!Id)
    return None;
  auto [It, Inserted] = Cache.try_emplace(Id);
  if (Inserted) {
    It->second.Model = model::apiFunctionNamed(Id->getName());
    It->second.Gemm = rules::findApi(Id->getNameStart());
  }
  return It->second;
}

/// The function \p Call is, where it is a declaration the analyzer cannot
/// inline: the entry points themselves, not the headers' inline wrappers.
const FunctionDecl *opaqueCallee(const CallEvent &Call) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(Call.getDecl());
  if (!FD || FD->hasBody() || !isa_and_nonnull<CallExpr>(Call.getOriginExpr()))
    return nullptr;
  return FD;
}

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

/// The value of attribute \p Info the store holds at \p Buf, read as the
/// attribute's type, where it is a constant.
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

bool GemmChecker::evalModelled(const model::ApiFunction &F,
                               const CallEvent &Call, CheckerContext &C) const {
  using model::Effect;
  ProgramStateRef State = C.getState();
  SymbolRef Sym = nullptr;
  switch (F.What) {
  case Effect::None:
  case Effect::Register: // (the model has no such rows)
  case Effect::Init: // the object is storage the caller owns: not followed
    return false;
  case Effect::Use:
    State = writeThroughPointers(State, Call, C);
    break;
  case Effect::Create: {
    State = bindOut(State, Call, 0, C, Sym);
    if (!Sym)
      break;
    if (F.Handle) {
      // A new handle: CUBLAS_POINTER_MODE_HOST, CUBLAS_DEFAULT_MATH.
      State = State->set<HandleModeMap>(Sym, {Value::of(0), Value::of(0)});
      break;
    }
    llvm::SmallVector<Value, 4> Args;
    for (unsigned I = F.FirstValue; I < Call.getNumArgs(); ++I)
      Args.push_back(concrete(Call.getArgSVal(I)));
    LtObjectInfo O;
    O.Kind = F.Obj;
    O.Destroyed = Value::of(0);
    O.Attrs = lt::createdState(F.Obj, Args.data(), Args.size());
    State = State->set<LtObjectMap>(Sym, O);
    break;
  }
  case Effect::Set: {
    Sym = symbolOf(Call.getArgSVal(0));
    if (!Sym)
      break;
    if (F.Handle) {
      HandleModes M;
      if (const HandleModes *Old = handleState(State, Sym))
        M = *Old;
      (F.Sets == model::HandlePointerMode ? M.Pointer : M.Math) =
          concrete(Call.getArgSVal(1));
      State = State->set<HandleModeMap>(Sym, M);
      break;
    }
    LtObjectInfo O;
    O.Kind = F.Obj;
    if (const LtObjectInfo *Old = objectState(State, Sym))
      O = *Old;
    const Value Attr = concrete(Call.getArgSVal(model::AttrPos));
    const Value Size = concrete(Call.getArgSVal(model::SizePos));
    const lt::AttrInfo *Info =
        Attr.Known ? lt::findAttribute(F.Obj, Attr.V) : nullptr;
    if (!Info) {
      O.Attrs = lt::ObjectState(); // which attribute changed is not known
    } else if (!Size.Known || Size.V == lt::attrTypeSize(Info->Type)) {
      // cuBLASLt keeps the old value when the size does not match.
      O.Attrs[Attr.V] = Value();
      if (const MemRegion *Buf = Call.getArgSVal(model::BufPos).getAsRegion()) {
        O.Attrs[Attr.V] = readAttribute(State, Buf, *Info, C.getASTContext());
      }
    }
    State = State->set<LtObjectMap>(Sym, O);
    break;
  }
  case Effect::Get: {
    if (F.Handle) {
      // cublasGetPointerMode(handle, &mode): the mode the state holds.
      SymbolRef Out = nullptr;
      State = bindOut(State, Call, 1, C, Out);
      const HandleModes *M =
          handleState(State, symbolOf(Call.getArgSVal(0)));
      const Value Mode = !M ? Value()
                         : F.Sets == model::HandlePointerMode ? M->Pointer
                                                              : M->Math;
      const MemRegion *R = Call.getArgSVal(1).getAsRegion();
      if (Mode.Known && R)
        State = State->bindLoc(
            loc::MemRegionVal(R->StripCasts()),
            C.getSValBuilder().makeIntVal(
                Mode.V, Call.parameters()[1]->getType()->getPointeeType()),
            C.getLocationContext());
      break;
    }
    State = writeThroughPointers(State, Call, C);
    break;
  }
  case Effect::Destroy: {
    Sym = symbolOf(Call.getArgSVal(0));
    if (!Sym)
      break;
    if (F.Handle) {
      State = State->remove<HandleModeMap>(Sym);
      break;
    }
    LtObjectInfo O;
    O.Kind = F.Obj;
    if (const LtObjectInfo *Old = objectState(State, Sym))
      O = *Old;
    O.Destroyed = Value::of(1);
    State = State->set<LtObjectMap>(Sym, O);
    break;
  }
  case Effect::Allocate: {
    State = bindOut(State, Call, 0, C, Sym);
    if (F.PitchArg >= 0) {
      SymbolRef Pitch = nullptr;
      State = bindOut(State, Call, F.PitchArg, C, Pitch);
    }
    if (!Sym)
      break;
    Allocation A;
    A.Where = F.Where;
    if (F.SizeArg >= 0 && static_cast<unsigned>(F.SizeArg) < Call.getNumArgs())
      A.Bytes = concrete(Call.getArgSVal(F.SizeArg));
    State = State->set<AllocationMap>(Sym, A);
    break;
  }
  case Effect::Free:
    if ((Sym = symbolOf(Call.getArgSVal(0))))
      State = State->remove<AllocationMap>(Sym);
    break;
  }
  if (F.What != Effect::Use && !(F.What == Effect::Get && !F.Handle))
    State = bindSuccess(State, Call, C);
  C.addTransition(State);
  return true;
}

// Status codes and other values the program computed are not inputs: a
// branch on them (`if (err != cudaSuccess)`) pins nothing the policy minds,
// and neither does a bool (`cond ? 64 : 128` passes a constant written in
// the code).
ProgramStateRef GemmChecker::evalAssume(ProgramStateRef State, SVal Cond,
                                        bool) const {
  SymbolRef Root = Cond.getAsSymbol();
  if (!Root)
    return State;
  for (SymbolRef Sym : Root->symbols()) {
    if (!isa<SymbolRegionValue, SymbolDerived>(Sym))
      continue;
    const QualType T = Sym->getType();
    if (!T->isIntegralOrEnumerationType() || T->isBooleanType())
      continue;
    if (const llvm::APSInt *V =
            State->getConstraintManager().getSymVal(State, Sym);
        V && V->getSignificantBits() <= 64)
      State = State->set<PinnedInputs>(Sym, V->getExtValue());
  }
  return State;
}

/// The values the path's branches pinned inputs to.
std::set<int64_t> assumedValues(ProgramStateRef State) {
  std::set<int64_t> Out;
  // Kept after the symbol dies: the constant it was loaded as lives on.
  for (const auto &E : State->get<PinnedInputs>())
    Out.insert(E.second);
  return Out;
}

void GemmChecker::checkDeadSymbols(SymbolReaper &SR, CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  for (const auto &E : State->get<HandleModeMap>())
    if (SR.isDead(E.first))
      State = State->remove<HandleModeMap>(E.first);
  for (const auto &E : State->get<LtObjectMap>())
    if (SR.isDead(E.first))
      State = State->remove<LtObjectMap>(E.first);
  for (const auto &E : State->get<AllocationMap>())
    if (SR.isDead(E.first))
      State = State->remove<AllocationMap>(E.first);
  C.addTransition(State);
}

// --- the values at a call ------------------------------------------------------

/// An address for an allocation, made up: a distinct 2^40-byte window per
/// allocation symbol, aligned as CUDA's allocators align (256 bytes and
/// more), so that offsets, extents and overlaps can be computed.
int64_t madeUpBase(SymbolRef Sym) {
  return (static_cast<int64_t>(compat::symbolId(Sym)) + 1) << 40;
}

rules::PointerFacts GemmChecker::pointerFacts(SVal V,
                                              ProgramStateRef State) const {
  rules::PointerFacts P;
  if (const Value Null = concrete(V); Null.Known) {
    P.Address = Null;
    return P;
  }
  const MemRegion *R = V.getAsRegion();
  if (!R)
    return P;
  // What it points to, by the region's own type (not the `const void *`
  // a wrapper passes it as).
  QualType Pointee;
  const MemRegion *Stripped = R->StripCasts();
  if (const auto *TR = dyn_cast<TypedValueRegion>(Stripped))
    Pointee = TR->getValueType();
  else if (const auto *SR = dyn_cast<SymbolicRegion>(Stripped))
    Pointee = SR->getPointeeStaticType();
  if (!Pointee.isNull() && !Pointee->isVoidType()) {
    ASTContext &Ctx = State->getStateManager().getContext();
    if (const int64_t T = model::dataTypeCode(Pointee, Ctx); T >= 0)
      P.PointeeType = Value::of(T);
    P.PointeeIsPointer = Value::of(Pointee->isPointerType());
    if (isa<VarRegion, FieldRegion>(Stripped) && !Pointee->isArrayType())
      P.PointeeCount = Value::of(1);
  }
  // Where it lies: the program's own memory is the host's; an allocation
  // of the table's allocators is what it says.
  const MemRegion *Base = R->getBaseRegion();
  if (const auto *SR = dyn_cast<SymbolicRegion>(Base)) {
    SymbolRef Sym = SR->getSymbol();
    if (const Allocation *A = State->get<AllocationMap>(Sym)) {
      P.Where = A->Where;
      const RegionOffset Off = R->getAsOffset();
      if (Off.isValid() && !Off.hasSymbolicOffset() &&
          Off.getRegion() == Base && Off.getOffset() % 8 == 0) {
        P.AllocBegin = Value::of(madeUpBase(Sym));
        P.Address = Value::of(madeUpBase(Sym) + Off.getOffset() / 8);
        if (A->Bytes.Known)
          P.AllocEnd = Value::of(madeUpBase(Sym) + A->Bytes.V);
      }
      return P;
    }
  }
  const MemSpaceRegion *Space = compat::memorySpace(R, State);
  if (isa<StackSpaceRegion, GlobalsSpaceRegion, HeapSpaceRegion>(Space))
    P.Where = rules::Residency::Pageable;
  return P;
}

int64_t GemmChecker::libraryVersion(CheckerContext &C) const {
  if (!Version)
    Version = model::cublasVersion(&C.getPreprocessor());
  return *Version;
}

/// Whether \p T is the cudaDataType enumeration.
bool isCudaDataType(QualType T) {
  const auto *ET = T.isNull() ? nullptr : T.getCanonicalType()->getAs<EnumType>();
  return ET && ET->getDecl()->getIdentifier() &&
         ET->getDecl()->getName() == "cudaDataType_t";
}

/// Whether the call is made inside an inline overload of a GEMM function
/// (cublas_api.h's C++ cublasGemmEx that takes a cudaDataType compute type
/// and calls the real one): the user's call, outside, is the one checked.
bool insideGemmFunction(CheckerContext &C) {
  const auto *Fn =
      dyn_cast_or_null<FunctionDecl>(C.getLocationContext()->getDecl());
  return Fn && Fn->getIdentifier() && rules::findApi(Fn->getNameAsString().c_str());
}

/// The name the caller wrote where a macro of the vendor's prefix renames
/// the function (cublas_v2.h's cublasSgemm for cublasSgemm_v2); empty
/// otherwise.
std::string spelledName(const CallEvent &Call, CheckerContext &C) {
  const auto *CE = dyn_cast<CallExpr>(Call.getOriginExpr());
  const auto *Ref =
      CE ? dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreParenImpCasts()) : nullptr;
  if (!Ref || !Ref->getLocation().isMacroID())
    return "";
  const SourceManager &SM = C.getSourceManager();
  SourceLocation Loc = Ref->getLocation();
  while (SM.isMacroArgExpansion(Loc))
    Loc = SM.getImmediateSpellingLoc(Loc);
  const StringRef Name =
      Lexer::getImmediateMacroName(Loc, SM, C.getLangOpts());
  return Name.starts_with("cublas") ? Name.str() : "";
}

void GemmChecker::checkGemm(const rules::ApiInfo &Api, const CallEvent &Call,
                            CheckerContext &C) const {
  if (Call.getNumArgs() != Api.NumArgs || insideGemmFunction(C))
    return;
  ProgramStateRef State = C.getState();
  const std::set<int64_t> Assumed = assumedValues(State);
  rules::CallValues Values;
  Evidence E;
  for (unsigned I = 0; I < rules::GemmRoleCount; ++I) {
    const Role R = static_cast<Role>(I);
    if (!Api.has(R) || Api.isPerGroup(R))
      continue;
    const SVal V = Call.getArgSVal(Api.position(R));
    if (R == Role::Handle) {
      E.Handle = symbolOf(V);
      if (const HandleModes *M = handleState(State, E.Handle)) {
        Values.PointerMode = M->Pointer;
        Values.MathMode = M->Math;
      }
    } else if (rules::isPointerRole(R)) {
      const bool PointerArray = R != Role::Alpha && R != Role::Beta &&
                                (Api.Shape == rules::Form::Batched ||
                                 Api.isGrouped());
      rules::PointerFacts P = pointerFacts(V, State);
      if (PointerArray) // arrays of device pointers: only NULL is known
        P = rules::PointerFacts{P.Address.Known && P.Address.V == 0
                                    ? P.Address
                                    : Value()};
      Values.pointer(R) = P;
    } else {
      Values[R] = concrete(V);
      if (Values[R].Known && Assumed.count(Values[R].V))
        Values[R] = Value(); // perhaps an input the path assumed equal to it
    }
  }
  if (Api.has(Role::ComputeType)) {
    const unsigned Pos = Api.position(Role::ComputeType);
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(Call.getDecl());
        FD && Pos < FD->getNumParams())
      Values.LegacyComputeType = Api.Vend == rules::Vendor::Cublas &&
                                 isCudaDataType(FD->getParamDecl(Pos)->getType());
    Values.ComputeTypeIsDataType = isCudaDataType(
        Call.getArgExpr(Pos)->IgnoreParenImpCasts()->getType());
  }
  Values.LibraryVersion = libraryVersion(C);
  std::vector<rules::Finding> Findings = rules::checkCall(Api, Values);
  if (Findings.empty())
    return;
  Values.CalledAs = spelledName(Call, C);
  if (!Values.CalledAs.empty())
    Findings = rules::checkCall(Api, Values);
  ExplodedNode *Node = nullptr;
  for (const rules::Finding &F : Findings)
    report(F,
           Api.has(F.Param) ? Call.getArgExpr(Api.position(F.Param))
                            : Call.getOriginExpr(),
           E, C, Node);
}

void GemmChecker::checkLtMatmul(const model::ApiFunction &F,
                                const CallEvent &Call, CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  lt::MatmulValues M;
  Evidence E;
  auto ArgOf = [&](lt::Arg A) -> std::optional<unsigned> {
    for (unsigned I = 0; I < F.NumArgs; ++I)
      if (F.Roles[I] == A)
        return I;
    return std::nullopt;
  };
  M.Heuristic = ArgOf(lt::Arg::HeuristicResults).has_value();
  M.LibraryVersion = libraryVersion(C);
  // The objects: their attributes where the path created or set them.
  auto Object = [&](lt::Arg A, lt::ObjectState &Out) -> std::optional<bool> {
    const auto I = ArgOf(A);
    if (!I)
      return std::nullopt;
    const SVal V = Call.getArgSVal(*I);
    if (const Value Null = concrete(V); Null.Known)
      return Null.V == 0; // NULL
    E.Objects[static_cast<unsigned>(A)] = symbolOf(V);
    if (const LtObjectInfo *O = objectState(State, symbolOf(V))) {
      Out = O->Attrs;
      M.destroyed(A) = O->Destroyed;
    }
    return false;
  };
  Object(lt::Arg::ComputeDesc, M.Desc);
  Object(lt::Arg::Preference, M.Pref);
  const std::optional<bool> CdescNull =
      Object(lt::Arg::Cdesc, M.Layout[lt::MatC]);
  for (unsigned L : {lt::MatA, lt::MatB, lt::MatD})
    Object(lt::layoutArg(L), M.Layout[L]);
  const SymbolRef CSym = E.Objects[static_cast<unsigned>(lt::Arg::Cdesc)];
  const SymbolRef DSym = E.Objects[static_cast<unsigned>(lt::Arg::Ddesc)];
  if (CdescNull && *CdescNull) {
    M.CdescIsNull = M.CdescIsDdesc = Value::of(1);
    M.Layout[lt::MatC] = M.Layout[lt::MatD];
  } else if (CSym && objectState(State, CSym)) {
    M.CdescIsNull = Value::of(0);
    if (CSym == DSym)
      M.CdescIsDdesc = Value::of(1);
    else if (DSym && objectState(State, DSym))
      M.CdescIsDdesc = Value::of(0);
  }
  for (lt::Arg A : {lt::Arg::Alpha, lt::Arg::Beta, lt::Arg::A, lt::Arg::B,
                    lt::Arg::C, lt::Arg::D, lt::Arg::Workspace})
    if (const auto I = ArgOf(A))
      M.pointer(A) = pointerFacts(Call.getArgSVal(*I), State);
  if (const auto IC = ArgOf(lt::Arg::C), ID = ArgOf(lt::Arg::D); IC && ID) {
    const MemRegion *RC = Call.getArgSVal(*IC).getAsRegion();
    if (RC && RC == Call.getArgSVal(*ID).getAsRegion())
      M.CIsD = Value::of(1);
  }
  if (const auto I = ArgOf(lt::Arg::WorkspaceSize))
    M.WorkspaceSize = concrete(Call.getArgSVal(*I));
  if (const auto I = ArgOf(lt::Arg::RequestedAlgoCount))
    M.RequestedAlgoCount = concrete(Call.getArgSVal(*I));
  ExplodedNode *Node = nullptr;
  for (const rules::Finding &Fd : lt::checkMatmul(M)) {
    if (model::isSetterValueFinding(Fd))
      continue; // reported at the call that wrote the value
    const auto I = ArgOf(Fd.About.Argument);
    report(Fd, I ? Call.getArgExpr(*I) : Call.getOriginExpr(), E, C, Node);
  }
}

void GemmChecker::checkLtObjectCall(const model::ApiFunction &F,
                                    const CallEvent &Call,
                                    CheckerContext &C) const {
  using model::Effect;
  ProgramStateRef State = C.getState();
  const lt::Arg Owner = lt::ownerOf(F.Obj) == lt::Arg::None
                            ? lt::Arg::Adesc
                            : lt::ownerOf(F.Obj);
  std::vector<rules::Finding> Findings;
  Evidence E;
  if (F.What == Effect::Create) {
    llvm::SmallVector<Value, 4> Args;
    for (unsigned I = F.FirstValue; I < Call.getNumArgs(); ++I)
      Args.push_back(concrete(Call.getArgSVal(I)));
    Findings = lt::checkCreate(
        F.Obj, lt::createdState(F.Obj, Args.data(), Args.size()),
        libraryVersion(C));
  } else {
    lt::AttributeCall A;
    A.Obj = F.Obj;
    A.Owner = Owner;
    A.Attr = concrete(Call.getArgSVal(model::AttrPos));
    A.SizeInBytes = concrete(Call.getArgSVal(model::SizePos));
    A.LibraryVersion = libraryVersion(C);
    const SVal Buf = Call.getArgSVal(model::BufPos);
    if (const Value Null = concrete(Buf); Null.Known)
      A.BufIsNull = Value::of(Null.V == 0);
    else if (Buf.getAsRegion())
      A.BufIsNull = Value::of(0);
    // What the buffer's static type says, before any cast to void *.
    const QualType BufType = Call.getArgExpr(model::BufPos)
                                 ->IgnoreParenImpCasts()
                                 ->getType();
    if (BufType->isPointerType()) {
      const QualType Pointee = BufType->getPointeeType();
      if (!Pointee->isVoidType() && !Pointee->isCharType() &&
          !Pointee->isIncompleteType()) {
        A.PointeeSize = Value::of(
            C.getASTContext().getTypeSizeInChars(Pointee).getQuantity());
        A.PointeeIsPointer = Value::of(Pointee->isPointerType());
        A.PointeeIsFloat = Value::of(Pointee->isRealFloatingType());
      }
    }
    const SymbolRef Sym = symbolOf(Call.getArgSVal(0));
    if (const LtObjectInfo *O = objectState(State, Sym))
      A.ObjectDestroyed = O->Destroyed;
    // The value set, where the buffer holds the attribute's type.
    if (F.What == Effect::Set && A.Attr.Known && Buf.getAsRegion())
      if (const lt::AttrInfo *Info = lt::findAttribute(F.Obj, A.Attr.V);
          Info && (!A.PointeeSize.Known ||
                   A.PointeeSize.V == lt::attrTypeSize(Info->Type)))
        A.Contents = readAttribute(State, Buf.getAsRegion(), *Info,
                                   C.getASTContext());
    Findings = lt::checkAttributeCall(A, F.What == Effect::Get);
  }
  ExplodedNode *Node = nullptr;
  for (const rules::Finding &Fd : Findings) {
    const Expr *At = Call.getOriginExpr();
    if (Fd.About.Argument == lt::Arg::Buf)
      At = Call.getArgExpr(model::BufPos);
    else if (Fd.About.Argument == lt::Arg::SizeInBytes)
      At = Call.getArgExpr(model::SizePos);
    report(Fd, At, E, C, Node);
  }
}

void GemmChecker::checkPreCall(const CallEvent &Call, CheckerContext &C) const {
  const Known &K = lookup(Call);
  if (K.Gemm) {
    checkGemm(*K.Gemm, Call, C);
    return;
  }
  if (!K.Model || !opaqueCallee(Call) || Call.getNumArgs() != K.Model->NumArgs)
    return;
  const model::ApiFunction &F = *K.Model;
  using model::Effect;
  if (F.Handle)
    return;
  if (F.What == Effect::Use && F.Obj == lt::Object::MatmulDesc)
    checkLtMatmul(F, Call, C);
  else if (F.What == Effect::Set || F.What == Effect::Get ||
           (F.What == Effect::Create &&
            lt::createdAttributes(F.Obj).Count > 0))
    checkLtObjectCall(F, Call, C);
}

// --- reports -----------------------------------------------------------------

void GemmChecker::report(const rules::Finding &F, const Expr *At,
                         const Evidence &E, CheckerContext &C,
                         ExplodedNode *&Node) const {
  const BugType *BT = Bugs[static_cast<unsigned>(F.Cat)].get();
  if (!BT)
    return; // the category's checker is off
  if (!Node)
    Node = C.generateNonFatalErrorNode();
  if (!Node)
    return;
  auto R = std::make_unique<PathSensitiveBugReport>(*BT, F.Message, Node);
  if (At) {
    R->addRange(At->getSourceRange());
    if (!F.Note.empty())
      R->addNote(F.Note, PathDiagnosticLocation::createBegin(
                             At, C.getSourceManager(), C.getLocationContext()));
  }
  // The modes and attributes the finding rests on: where they were set.
  if (E.Handle && (F.Cat == rules::Category::ScalarPointerMode ||
                   llvm::is_contained(F.Inputs, Role::Handle))) {
    R->addVisitor<StateChangeVisitor>(E.Handle, true, model::HandlePointerMode,
                                      lt::Arg::Handle);
    if (F.Cat == rules::Category::PrecisionLoss)
      R->addVisitor<StateChangeVisitor>(E.Handle, true, model::HandleMathMode,
                                        lt::Arg::Handle);
  }
  if (F.About.Attr >= 0)
    if (SymbolRef Obj = E.Objects[static_cast<unsigned>(F.About.Argument)])
      R->addVisitor<StateChangeVisitor>(Obj, false, F.About.Attr,
                                        F.About.Argument);
  C.emitReport(std::move(R));
}

} // namespace

namespace clang::ento::gemm {

std::string checkerNameOf(rules::Category Cat) {
  std::string Name;
  bool Upper = true;
  for (const char *P = rules::categoryName(Cat); *P; ++P) {
    if (*P == '-') {
      Upper = true;
      continue;
    }
    Name += Upper ? static_cast<char>(*P - 'a' + 'A') : *P;
    Upper = false;
  }
  return Name;
}

void registerApiModeling(CheckerManager &Mgr) {
  Mgr.registerChecker<GemmChecker>();
}

void registerCategory(CheckerManager &Mgr, rules::Category Cat) {
  Mgr.getChecker<GemmChecker>()->enableCategory(Cat,
                                                Mgr.getCurrentCheckerName());
}

} // namespace clang::ento::gemm
