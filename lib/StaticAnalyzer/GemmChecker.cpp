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
// its SVal is a concrete constant on the path, and a finding is reported at
// a call only when every path the analyzer took to that call (in the same
// calling context) makes it: a finding that holds on some paths only rests
// on an assumption about a value the analyzer does not know.
//
//===----------------------------------------------------------------------===//

#include "GemmChecker.h"
#include "AnalyzerCompat.h"
#include "Models/ApiModel.h"
#include "Models/LibraryVersion.h"
#include "gemm/rules/check.h"
#include "gemm/rules/lt_check.h"

#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugType.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CoreEngine.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/ExprEngine.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/WorkList.h"
#include "clang/Analysis/Analyses/CFGReachabilityAnalysis.h"
#include "clang/Analysis/CFGStmtMap.h"
#include "clang/AST/ParentMap.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/ProgramStateTrait.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <map>

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
// The variables written in a loop whose bound the analyzer does not know:
// their value after it depends on how often it ran.
REGISTER_SET_WITH_PROGRAMSTATE(LoopWritten, const MemRegion *)

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

class GemmChecker
    : public Checker<eval::Call, check::PreCall, check::DeadSymbols,
                     check::PointerEscape, check::ConstPointerEscape,
                     check::PostStmt<ImplicitCastExpr>,
                     check::PostStmt<DeclStmt>, check::EndAnalysis,
                     check::Bind> {
public:
  bool evalCall(const CallEvent &Call, CheckerContext &C) const;
  void checkPreCall(const CallEvent &Call, CheckerContext &C) const;
  void checkDeadSymbols(SymbolReaper &SR, CheckerContext &C) const;
  ProgramStateRef checkPointerEscape(ProgramStateRef State,
                                     const InvalidatedSymbols &Escaped,
                                     const CallEvent *Call,
                                     PointerEscapeKind Kind) const;
  ProgramStateRef checkConstPointerEscape(ProgramStateRef State,
                                          const InvalidatedSymbols &Escaped,
                                          const CallEvent *Call,
                                          PointerEscapeKind Kind) const {
    return checkPointerEscape(State, Escaped, Call, Kind);
  }
  void checkPostStmt(const ImplicitCastExpr *Cast, CheckerContext &C) const;
  void checkPostStmt(const DeclStmt *DS, CheckerContext &C) const;
  void checkEndAnalysis(ExplodedGraph &G, BugReporter &BR,
                        ExprEngine &Eng) const;
  // LLVM 22 passes whether the bind initialises a declaration; 19 does not.
  void checkBind(SVal Loc, SVal Val, const Stmt *S, bool,
                 CheckerContext &C) const {
    checkBind(Loc, Val, S, C);
  }
  void checkBind(SVal Loc, SVal Val, const Stmt *S, CheckerContext &C) const;

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

  rules::PointerFacts pointerFacts(SVal V, ProgramStateRef State,
                                   bool Scalar) const;
  int64_t libraryVersion(CheckerContext &C) const;

  /// The state a finding rests on, for its notes.
  struct Evidence {
    SymbolRef Handle = nullptr;             // the handle (GEMM family)
    SymbolRef Objects[rules::lt::ArgCount] = {}; // the Lt objects, by role
  };
  void report(const rules::Finding &F, const Expr *At, const Evidence &E,
              CheckerContext &C, ExplodedNode *&Node) const;
  void recordVisit(const CallEvent &Call, CheckerContext &C) const;
  void emit(const rules::Finding &F, const Expr *At, const Evidence &E,
            ExplodedNode *Node, BugReporter &BR) const;

  /// A finding made at one visit of a call, waiting for the others.
  struct Pending {
    rules::Finding F;
    const Expr *At;
    Evidence E;
    ExplodedNode *Node;
    unsigned Visits; // how many visits of the call made it
  };
  /// The visits of one call in one calling context during the analysis of
  /// one top-level function, and the findings they made, by identity.
  struct CallVisits {
    unsigned Visits = 0;
    std::map<std::string, Pending> Findings;
  };
  using CallKey = std::pair<const Expr *, const StackFrameContext *>;
  mutable std::map<CallKey, CallVisits> Visits;
  /// The call whose findings report() collects.
  mutable CallVisits *Current = nullptr;

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

/// Whether \p Call is a function of the CUDA toolkit (cuBLAS, cuBLASLt,
/// the runtime) that the table does not model: none of them changes a
/// handle's modes or a cuBLASLt object's attributes -- the functions that
/// do are all in the table.
bool isToolkitFunction(const CallEvent *Call) {
  const FunctionDecl *FD =
      Call ? dyn_cast_or_null<FunctionDecl>(Call->getDecl()) : nullptr;
  if (!FD || FD->hasBody() || !FD->getIdentifier())
    return false;
  const StringRef Name = FD->getName();
  return Name.starts_with("cublas") || Name.starts_with("cuda");
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
  if (Kind == PSK_EscapeOnBind || isToolkitFunction(Call))
    return State;
  for (SymbolRef Sym : Escaped) {
    if (State->get<HandleModeMap>(Sym))
      State = State->set<HandleModeMap>(Sym, HandleModes());
    if (const LtObjectInfo *O = State->get<LtObjectMap>(Sym)) {
      LtObjectInfo Unknown;
      Unknown.Kind = O->Kind;
      State = State->set<LtObjectMap>(Sym, Unknown);
    }
  }
  return State;
}

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

/// The condition of \p S where it is a loop, or null.
const Expr *loopCondition(const Stmt *S) {
  if (const auto *F = dyn_cast<ForStmt>(S))
    return F->getCond();
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return W->getCond();
  if (const auto *D = dyn_cast<DoStmt>(S))
    return D->getCond();
  return nullptr;
}

/// Whether \p Cond, a loop's condition, reads a value the analyzer does not
/// know on this path (a parameter, a field, a call's result): the loop may
/// run more often than the analyzer follows it.
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
  const ProgramStateRef Next =
      InLoop ? State->add<LoopWritten>(R) : State->remove<LoopWritten>(R);
  if (Next != State)
    C.addTransition(Next);
}

/// Whether \p E reads a variable a loop of unknown bound wrote.
bool readsLoopWritten(const Expr *E, CheckerContext &C) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!VD)
    return false;
  const MemRegion *R =
      C.getState()->getLValue(VD, C.getLocationContext()).getAsRegion();
  return R && C.getState()->contains<LoopWritten>(R);
}

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

/// The type of the values region \p R holds, or null.
QualType valueTypeOf(const MemRegion *R) {
  if (const auto *TR = dyn_cast<TypedValueRegion>(R))
    return TR->getValueType();
  if (const auto *SR = dyn_cast<SymbolicRegion>(R))
    return SR->getPointeeStaticType();
  return QualType();
}

/// Whether \p T is a real floating-point type cuBLAS scalars come in.
bool isFloatingScalar(QualType T, ASTContext &Ctx) {
  const int64_t Code = model::dataTypeCode(T, Ctx);
  return Code == rules::dt::R_32F || Code == rules::dt::R_64F ||
         Code == rules::dt::R_16F || Code == rules::dt::R_16BF;
}

/// The type of the object \p R points to, where the memory is of that type;
/// null where \p R views other memory through a pointer cast: a byte
/// workspace read as float, an int's bits read as float, a `void *`
/// parameter read as T -- what such memory holds is not known. For a
/// \p Scalar, a floating-point object of unknown extent read as another
/// floating-point type (a bf16 scalar cast to `const float *`) is the
/// object's type: cuBLAS reads its bytes and the ones after it.
QualType objectTypeOf(const MemRegion *R, bool Scalar, ASTContext &Ctx) {
  for (const MemRegion *Cur = R; const auto *ER = dyn_cast<ElementRegion>(Cur);
       Cur = ER->getSuperRegion()) {
    QualType Super = valueTypeOf(ER->getSuperRegion());
    if (!Super.isNull())
      if (const ArrayType *AT = Ctx.getAsArrayType(Super))
        Super = AT->getElementType();
    if (!Super.isNull() &&
        Ctx.hasSameUnqualifiedType(Super, ER->getElementType()))
      continue;
    if (Scalar && !Super.isNull() &&
        isa<SymbolicRegion>(ER->getSuperRegion()) &&
        isFloatingScalar(Super, Ctx) &&
        isFloatingScalar(ER->getElementType(), Ctx))
      return Super;
    return QualType();
  }
  return valueTypeOf(R->StripCasts());
}

/// What a pointer to an object of type \p T says: its type, whether it is
/// a pointer, and how many elements a variable or field (\p Whole) holds --
/// `const float alpha[2] = {1, 0}` holds the bytes of a cuComplex.
void describePointee(rules::PointerFacts &P, QualType T, bool Whole,
                     ASTContext &Ctx) {
  int64_t Count = 1;
  if (const ConstantArrayType *AT = Ctx.getAsConstantArrayType(T)) {
    Count = static_cast<int64_t>(AT->getSize().getLimitedValue(INT64_MAX));
    T = AT->getElementType();
  }
  if (const int64_t Code = model::dataTypeCode(T, Ctx); Code >= 0)
    P.PointeeType = Value::of(Code);
  P.PointeeIsPointer = Value::of(T->isPointerType());
  if (Whole && !T->isArrayType())
    P.PointeeCount = Value::of(Count);
}

rules::PointerFacts GemmChecker::pointerFacts(SVal V, ProgramStateRef State,
                                              bool Scalar) const {
  rules::PointerFacts P;
  if (const Value Null = concrete(V); Null.Known) {
    P.Address = Null;
    return P;
  }
  const MemRegion *R = V.getAsRegion();
  if (!R)
    return P;
  // What it points to, by the memory's own type (not the `const void *` a
  // wrapper passes it as).
  const MemRegion *Stripped = R->StripCasts();
  const QualType Pointee =
      objectTypeOf(R, Scalar, State->getStateManager().getContext());
  if (!Pointee.isNull() && !Pointee->isVoidType())
    describePointee(P, Pointee, isa<VarRegion, FieldRegion>(Stripped),
                    State->getStateManager().getContext());
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
      rules::PointerFacts P =
          pointerFacts(V, State, R == Role::Alpha || R == Role::Beta);
      if (PointerArray) // arrays of device pointers: only NULL is known
        P = rules::PointerFacts{P.Address.Known && P.Address.V == 0
                                    ? P.Address
                                    : Value()};
      Values.pointer(R) = P;
    } else if (!readsLoopWritten(Call.getArgExpr(Api.position(R)), C)) {
      Values[R] = concrete(V);
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
  Values.CalledAs = spelledName(Call, C);
  std::vector<rules::Finding> Findings = rules::checkCall(Api, Values);
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
      M.pointer(A) = pointerFacts(Call.getArgSVal(*I), State,
                                  A == lt::Arg::Alpha || A == lt::Arg::Beta);
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
    if (Fd.Where == rules::Reported::AtSetter)
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
          !Pointee->isStdByteType() && !Pointee->isIncompleteType()) {
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
    recordVisit(Call, C);
    checkGemm(*K.Gemm, Call, C);
    return;
  }
  if (!K.Model || !opaqueCallee(Call) || Call.getNumArgs() != K.Model->NumArgs)
    return;
  const model::ApiFunction &F = *K.Model;
  using model::Effect;
  if (F.Handle)
    return;
  if (F.What == Effect::Use && F.Obj == lt::Object::MatmulDesc) {
    recordVisit(Call, C);
    checkLtMatmul(F, Call, C);
  } else if (F.What == Effect::Set || F.What == Effect::Get ||
             (F.What == Effect::Create &&
              lt::createdAttributes(F.Obj).Count > 0)) {
    recordVisit(Call, C);
    checkLtObjectCall(F, Call, C);
  }
}

/// Counts a visit of \p Call in its calling context; report() files the
/// visit's findings under it.
void GemmChecker::recordVisit(const CallEvent &Call, CheckerContext &C) const {
  Current = &Visits[{Call.getOriginExpr(), C.getStackFrame()}];
  ++Current->Visits;
}

/// What tells one finding from another across the visits of a call: its
/// rule and subject, not its values (two paths may pass two wrong values).
std::string identityOf(const rules::Finding &F) {
  return std::string(F.RuleId ? F.RuleId : "") + "/" +
         std::to_string(static_cast<int>(F.Cat)) + "/" +
         std::to_string(static_cast<int>(F.Param)) + "/" +
         std::to_string(F.Group) + "/" +
         std::to_string(static_cast<int>(F.About.Argument)) + "/" +
         std::to_string(F.About.Attr);
}

// --- reports -----------------------------------------------------------------

// A finding waits for the end of the analysis: it is reported only if
// every visit of its call made it (the report policy, docs/deep.md).
void GemmChecker::report(const rules::Finding &F, const Expr *At,
                         const Evidence &E, CheckerContext &C,
                         ExplodedNode *&Node) const {
  if (!Bugs[static_cast<unsigned>(F.Cat)] || !Current)
    return; // the category's checker is off
  auto [It, New] = Current->Findings.try_emplace(identityOf(F));
  Pending &P = It->second;
  if (!New) {
    if (P.Visits < Current->Visits) // once per visit
      ++P.Visits;
    return;
  }
  // Only a finding of the call's first visits can be made by all of them.
  if (Current->Visits > 1) {
    Current->Findings.erase(It);
    return;
  }
  if (!Node)
    Node = C.generateNonFatalErrorNode();
  if (!Node) {
    Current->Findings.erase(It);
    return;
  }
  P = Pending{F, At, E, Node, 1};
}

/// The block of \p Frame's body that holds \p S, or null.
const CFGBlock *blockOf(const Stmt *S, const StackFrameContext *Frame) {
  const CFGStmtMap *Map = Frame->getAnalysisDeclContext()->getCFGStmtMap();
  return Map ? Map->getBlock(S) : nullptr;
}

bool isCallerOrSelf(const StackFrameContext *Caller,
                    const StackFrameContext *Frame) {
  for (; Frame; Frame = Frame->getParent() ? Frame->getParent()->getStackFrame()
                                           : nullptr)
    if (Frame == Caller)
      return true;
  return false;
}

/// Whether a path the analyzer stopped on entering \p From in \p FromFrame
/// (a loop it unrolled as often as it may) would have gone on to the call
/// \p Call in \p CallFrame: it returns from the frames that are not the
/// call's callers, and in the first that is, the call (or the call site on
/// the way down to it) is reachable from where the path stood.
bool mayReach(const CFGBlock *From, const StackFrameContext *FromFrame,
              const Stmt *Call, const StackFrameContext *CallFrame) {
  while (!isCallerOrSelf(FromFrame, CallFrame)) {
    const Stmt *Site = FromFrame->getCallSite();
    if (!Site || !FromFrame->getParent())
      return false;
    FromFrame = FromFrame->getParent()->getStackFrame();
    From = blockOf(Site, FromFrame);
  }
  const Stmt *To = Call;
  for (const StackFrameContext *F = CallFrame; F != FromFrame;
       F = F->getParent()->getStackFrame())
    To = F->getCallSite();
  const CFGBlock *ToBlock = blockOf(To, FromFrame);
  if (!From || !ToBlock || From == ToBlock)
    return true;
  return FromFrame->getAnalysisDeclContext()
      ->getCFGReachablityAnalysis()
      ->isReachable(From, ToBlock);
}

/// Whether the analyzer stopped a path on entering \p Block, at \p Cut, in a
/// loop whose bound it does not know: what such a loop writes is unknown
/// after it already (checkBind), so the path it cut would bring nothing
/// new.
bool cutInUnboundedLoop(const CFGBlock *Block, const ExplodedNode *Cut) {
  const LocationContext *LCtx = Cut->getLocationContext();
  const ParentMap &PM = LCtx->getParentMap();
  const Stmt *S = Block->getTerminatorStmt();
  for (const CFGElement &E : *Block)
    if (!S)
      if (auto CS = E.getAs<CFGStmt>())
        S = CS->getStmt();
  for (; S; S = PM.getParent(S))
    if (const Expr *Cond = loopCondition(S))
      return hasUnknownBound(Cond, Cut->getState(), LCtx);
  return false;
}

// The findings every visit of their call made are reported -- unless a
// path the analyzer did not finish could have reached the call too: one
// it stopped at a loop it had unrolled as often as it may, or any, where
// it ran out of its budget of steps. That path's values are not known.
void GemmChecker::checkEndAnalysis(ExplodedGraph &, BugReporter &BR,
                                   ExprEngine &Eng) const {
  const CoreEngine &Core = Eng.getCoreEngine();
  const bool OutOfBudget = Core.getWorkList()->hasWork();
  for (const auto &[Key, Call] : Visits) {
    if (OutOfBudget)
      break;
    const auto &[CallExpr, CallFrame] = Key;
    const bool Unfinished = llvm::any_of(
        Core.exhausted_blocks(), [&, CallExpr = CallExpr,
                                  CallFrame = CallFrame](const auto &Cut) {
          return !cutInUnboundedLoop(Cut.first.getDst(), Cut.second) &&
                 mayReach(Cut.first.getDst(), Cut.second->getStackFrame(),
                          CallExpr, CallFrame);
        });
    if (Unfinished)
      continue;
    for (const auto &[Id, P] : Call.Findings)
      if (P.Visits == Call.Visits)
        emit(P.F, P.At, P.E, P.Node, BR);
  }
  Visits.clear();
  Current = nullptr;
}

void GemmChecker::emit(const rules::Finding &F, const Expr *At,
                       const Evidence &E, ExplodedNode *Node,
                       BugReporter &BR) const {
  const BugType &BT = *Bugs[static_cast<unsigned>(F.Cat)];
  auto R = std::make_unique<PathSensitiveBugReport>(BT, F.Message, Node);
  if (At) {
    R->addRange(At->getSourceRange());
    if (!F.Note.empty())
      R->addNote(F.Note, PathDiagnosticLocation::createBegin(
                             At, BR.getSourceManager(),
                             Node->getLocationContext()));
  }
  // The modes and attributes the finding rests on: where they were set.
  if (E.Handle && (F.Cat == rules::Category::ScalarPointerMode ||
                   rules::readsArgument(F, Role::Handle))) {
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
  BR.emitReport(std::move(R));
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
