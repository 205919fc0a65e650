//===--- CallerFrames.cpp - gemm-tidy ------------------------------------===//

#include "Analysis/CallerFrames.h"
#include "Analysis/BodyShape.h"
#include "Analysis/FunctionCache.h"
#include "Analysis/Syntax.h"
#include "ContextCache.h"
#include "Models/ApiModel.h"

#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <algorithm>
#include <functional>
#include <optional>

namespace clang::tidy::gemm {

namespace {

constexpr unsigned MaxCallSites = 8;    // calling contexts per function
constexpr unsigned MaxWrapperDepth = 3; // levels of wrappers followed

// Every call in the main file's functions, with the function it sits in
// (recordCallSite), as the matchers found them; ordered by callee (the
// calls of each in the order found) when first asked: one array, where a
// tree node per callee and a vector each cost an allocation or more per
// call recorded.
struct CallSites {
  struct Site {
    const FunctionDecl *Callee; // canonical
    unsigned Found;             // its place in the order found
    const CallExpr *Call;
    const FunctionDecl *Caller;
  };
  std::vector<Site> All;
  bool Sorted = true;

  llvm::ArrayRef<Site> of(const FunctionDecl *Callee) {
    auto ByCallee = [](const Site &A, const Site &B) {
      return std::less<const FunctionDecl *>()(A.Callee, B.Callee);
    };
    if (!Sorted) {
      llvm::sort(All, [&](const Site &A, const Site &B) {
        return ByCallee(A, B) || (A.Callee == B.Callee && A.Found < B.Found);
      });
      Sorted = true;
    }
    const auto [Begin, End] = std::equal_range(
        All.begin(), All.end(), Site{Callee, 0, nullptr, nullptr}, ByCallee);
    return llvm::ArrayRef<Site>(All.data() + (Begin - All.begin()),
                                End - Begin);
  }
};

CallSites &callSitesOf(ASTContext &Ctx) { return contextCache<CallSites>(Ctx); }

// The argument \p Site passes to \p Fn's parameter \p I.
const Expr *argumentOf(const CallExpr &Site, const FunctionDecl &Fn,
                       unsigned I) {
  return Site.getArg(objectArguments(Site, Fn) + I);
}

// Whether \p Site passes each of \p Fn's parameters an argument of its own
// (none through a default, none to a C variadic's ...).
bool passesEachParameter(const CallExpr &Site, const FunctionDecl &Fn) {
  return Site.getNumArgs() == objectArguments(Site, Fn) + Fn.getNumParams();
}

// The name notes give the function \p Site calls: an object called as a
// function (a lambda, a functor) by the name the call spells it with.
std::string calledName(const CallExpr &Site, const FunctionDecl &Fn) {
  if (objectArguments(Site, Fn))
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(Site.getArg(0)->IgnoreParenImpCasts()))
      return Ref->getDecl()->getNameAsString();
  return Fn.getNameAsString();
}

// The structure whose objects \p P receives, where it holds some
// (`const Setup &s`; by value, reference, or pointer).
QualType heldBy(const ParmVarDecl *P) {
  const QualType T = P->getType();
  return T->isPointerType() ? T->getPointeeType() : T.getNonReferenceType();
}

// "passed to 'f' here", by function.
struct PassedTexts {
  PassedTexts() {} // (value-initialised by contextCache)
  llvm::DenseMap<const FunctionDecl *, OriginText> Texts;
};

} // namespace

void recordCallSite(const CallExpr &Site, const FunctionDecl &Caller,
                    ASTContext &Ctx) {
  if (const FunctionDecl *Callee = Site.getDirectCallee()) {
    CallSites &Sites = callSitesOf(Ctx);
    Sites.All.push_back({Callee->getCanonicalDecl(),
                         static_cast<unsigned>(Sites.All.size()), &Site,
                         &Caller});
    Sites.Sorted = false;
  }
}

// Whether code in \p Fn stands for more than one body: a template's
// instantiation (of a function or of a class it is a member of, at any
// level), whose other instantiations may need another replacement.
bool isInstantiated(const FunctionDecl &Fn) {
  for (const DeclContext *DC = &Fn; DC; DC = DC->getParent()) {
    if (const auto *F = dyn_cast<FunctionDecl>(DC);
        F && (F->isTemplated() || F->isTemplateInstantiation()))
      return true;
    if (const auto *R = dyn_cast<CXXRecordDecl>(DC);
        R && (R->isTemplated() ||
              isTemplateInstantiation(R->getTemplateSpecializationKind())))
      return true;
  }
  return false;
}

namespace {

// Whether \p E is a flag parameter of \p Fn, or its negation.
bool isFlagParameter(const Expr *E, const FunctionDecl &Fn) {
  if (!E)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_LNot)
    E = U->getSubExpr()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  return P && P->getDeclContext() == &Fn && P->getType()->isBooleanType();
}

} // namespace

// Whether code in a template instantiation is reached only when a flag its
// function is passed says so. The callers may tie the flag to the template
// argument, so that the branch runs only in other instantiations: MXNet's
// gemm_switch_fp32accum<DType>(..., bool using_fp16) passes a *_TENSOR_OP
// algorithm when using_fp16 is true, and each caller computes
// using_fp16 = (type == kFloat16) in the float case of a switch on type.
// What holds in such a branch is not proven for this instantiation. (Only
// a flag tested as such: `FT_CHECK(head_num % tp == 0)` on parameters is an
// assertion that the call follows, not a choice between instantiations.)
bool reachedOnlyByFlag(const FunctionDecl *Fn, const Guard &Path,
                       const std::vector<AtomInfo> &Atoms) {
  if (!Fn || !isInstantiated(*Fn))
    return false;
  for (const Literal &L : Path)
    if (L.Atom < Atoms.size() && isFlagParameter(Atoms[L.Atom].Cond, *Fn))
      return true;
  return false;
}

namespace {

// Where in memory a pointer argument points: a pointer variable and a
// constant offset in bytes from it (`p`, `p + 64`, `&p[64]`, `p - k` with k
// known), through casts; none otherwise.
struct BufferAt {
  const VarDecl *Base = nullptr;
  int64_t Bytes = 0;
  bool operator==(const BufferAt &O) const {
    return Base == O.Base && Bytes == O.Bytes;
  }
};
std::optional<BufferAt> bufferAt(const Expr *E, FunctionValues &FV,
                                 ASTContext &Ctx) {
  E = E ? E->IgnoreParenCasts() : nullptr;
  if (!E)
    return std::nullopt;
  if (const VarDecl *V = referencedVar(E))
    return V->getType()->isPointerType() ? std::optional(BufferAt{V, 0})
                                         : std::nullopt;
  const Expr *Pointer = nullptr, *Index = nullptr;
  bool Minus = false;
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub)) {
    const bool LeftIsPointer = B->getLHS()->getType()->isPointerType();
    Pointer = LeftIsPointer ? B->getLHS() : B->getRHS();
    Index = LeftIsPointer ? B->getRHS() : B->getLHS();
    Minus = B->getOpcode() == BO_Sub;
    if (Minus && !LeftIsPointer)
      return std::nullopt;
  } else if (const auto *Addr = dyn_cast<UnaryOperator>(E);
             Addr && Addr->getOpcode() == UO_AddrOf) {
    const auto *Sub =
        dyn_cast<ArraySubscriptExpr>(Addr->getSubExpr()->IgnoreParens());
    if (!Sub)
      return std::nullopt;
    Pointer = Sub->getBase();
    Index = Sub->getIdx();
  }
  const VarDecl *Base = Pointer ? referencedVar(Pointer) : nullptr;
  if (!Base || !Base->getType()->isPointerType() ||
      !Index->getType()->isIntegerType())
    return std::nullopt;
  const QualType Element = Pointer->getType()->getPointeeType();
  const SymbolicValue K = FV.evaluate(Index);
  if (!K.isConstant() || Element->isIncompleteType() ||
      !Element->isConstantSizeType())
    return std::nullopt;
  const int64_t Size =
      Element->isVoidType() ? 1 : Ctx.getTypeSizeInChars(Element).getQuantity();
  const std::optional<int64_t> Bytes =
      checkedOp(BO_Mul, K.Alternatives[0].Value, Size);
  if (!Bytes)
    return std::nullopt;
  return BufferAt{Base, Minus ? -*Bytes : *Bytes};
}

} // namespace

bool sameBuffer(const Expr *A, const Expr *B, FunctionValues &FV,
                ASTContext &Ctx) {
  const std::optional<BufferAt> X = bufferAt(A, FV, Ctx);
  return X && X == bufferAt(B, FV, Ctx);
}

const char *residencyText(int64_t Where) {
  using ::gemm::rules::Residency;
  switch (static_cast<Residency>(Where)) {
  case Residency::Pageable:
    return "host memory";
  case Residency::PinnedHost:
    return "pinned host memory";
  case Residency::Device:
    return "device memory";
  case Residency::Managed:
    return "managed memory";
  default:
    return "memory";
  }
}

namespace {

// The state the caller's object \p InCaller has at the call, bound to the
// callee's \p InCallee: a handle's pointer mode; a cuBLASLt object's
// attributes, where the caller followed it (created there, or bound in
// turn). Constants only; each keeps where the caller set it.
bool bindObject(FunctionValues &Values, ObjectRef InCaller, ObjectRef InCallee,
                FunctionValues::Bindings &Out) {
  if (!InCaller)
    return false;
  const QualType T = InCallee.Field ? InCallee.Field->getType()
                                    : InCallee.Var->getType();
  if (isHandleType(T)) {
    SymbolicValue Mode = Values.evaluateAttribute(InCaller, HandlePointerMode);
    if (!Mode.isConstant())
      return false;
    Out.Objects[{InCallee, HandlePointerMode}] = std::move(Mode);
    return true;
  }
  SymbolicValue Destroyed =
      Values.evaluateAttribute(InCaller, FunctionValues::DestroyedAttribute);
  if (!Destroyed.isConstant())
    return false;
  Out.Objects[{InCallee, FunctionValues::DestroyedAttribute}] = std::move(Destroyed);
  for (int64_t Id = 0; Id < lt::MaxAttributes; ++Id)
    if (SymbolicValue V = Values.evaluateAttribute(InCaller, Id); V.isConstant())
      Out.Objects[{InCallee, Id}] = std::move(V);
  return true;
}

// The bindings of one call site as they are made, and the text of the note
// that says them.
class SiteBinder {
public:
  SiteBinder(const CallExpr &Site, FunctionValues &Caller,
             const FunctionDecl &Fn)
      : Site(Site), Caller(Caller), Fn(Fn) {}

  // A handle in the pointer mode the caller set (cublasCreate's HOST, a
  // setter's), a cuBLASLt object in the state the caller made it.
  void bindObjectParameter(const ParmVarDecl *P, const Expr *Arg) {
    const ObjectRef Bound{P, nullptr};
    if (!bindObject(Caller, objectRef(Arg), Bound, Out.Bindings))
      return;
    if (!isHandleType(P->getType()))
      return say(P->getName().str());
    say(P->getName().str() +
        (Out.Bindings.Objects[{Bound, HandlePointerMode}].Alternatives[0].Value
             ? " in CUBLAS_POINTER_MODE_DEVICE"
             : " in CUBLAS_POINTER_MODE_HOST"));
  }

  // The objects a structure holds (`const Setup &s`; by value, reference,
  // or pointer: `run(&s)` for `const Setup *`).
  void bindHeldObjects(const ParmVarDecl *P, const Expr *Arg) {
    const bool ByPointer = P->getType()->isPointerType();
    const QualType Held = heldBy(P);
    const VarDecl *Holder = ByPointer ? addressedVar(Arg) : objectHolder(Arg);
    if (!Holder || !holdsObjects(Held) || !holdsObjects(Holder->getType()))
      return;
    for (const FieldDecl *Field : Held->getAsRecordDecl()->fields())
      if (isObjectType(Field->getType()) &&
          bindObject(Caller, {Holder, Field}, {P, Field}, Out.Bindings))
        say(P->getName().str() + (ByPointer ? "->" : ".") +
            Field->getName().str());
  }

  // A structure's fields as the caller's object has them (`const Config
  // &cfg` of a local `const Config cfg;`).
  void bindFields(const ParmVarDecl *P, const RecordDecl &RD, const Expr *Arg) {
    for (const FieldDecl *Field : RD.fields()) {
      if (!Field->getType()->isIntegralOrEnumerationType())
        continue;
      SymbolicValue V = Caller.evaluateField(Arg, Field);
      if (!V.isConstant())
        continue;
      V.Alternatives[0].From = {Arg, passed()};
      say(P->getName().str() + "." + Field->getName().str() + " = " +
          std::to_string(V.Alternatives[0].Value));
      Out.Bindings.FieldValues[{P, Field}] = std::move(V);
    }
  }

  // Where the memory a pointer points to lies, as the caller knows it
  // (`cudaMalloc(&dAlpha, ...)`, `&one`), and the allocation behind it,
  // where the caller made it (its size and the offset into it, each noted
  // where the caller set it).
  void bindPointer(const ParmVarDecl *P, const Expr *Arg) {
    const FunctionValues::PointerValue Ptr = Caller.evaluatePointer(Arg);
    SymbolicValue Where = Ptr.Where;
    if (!Where.isConstant())
      return;
    Where.Alternatives[0].From = {Arg, passed()};
    say(P->getName().str() + " in " +
        residencyText(Where.Alternatives[0].Value));
    Out.Bindings.PointerWhere[P] = std::move(Where);
    if (Ptr.Size.isConstant() && Ptr.Offset.isConstant()) {
      Out.Bindings.PointerSize[P] = Ptr.Size;
      Out.Bindings.PointerOffset[P] = Ptr.Offset;
    }
  }

  // An integer: only constants and pitches cross the call, a caller's
  // conditions are its own.
  void bindInteger(const ParmVarDecl *P, const Expr *Arg) {
    SymbolicValue V = Caller.evaluate(Arg);
    if (V.PitchFrom) {
      say(P->getName().str() + " = a pitch in bytes");
      Out.Bindings[P] = std::move(V);
      return;
    }
    if (!V.isConstant())
      return;
    V.Alternatives[0].From = {Arg, passed()};
    say(P->getName().str() + " = " + std::to_string(V.Alternatives[0].Value));
    Out.Bindings[P] = std::move(V);
  }

  // Two pointer parameters given one buffer (C and D in place).
  void bindSameBuffer(const ParameterPair &Pair, ASTContext &Ctx) {
    const auto [P, Q] = Pair;
    if (!sameBuffer(argumentOf(Site, Fn, P->getFunctionScopeIndex()),
                    argumentOf(Site, Fn, Q->getFunctionScopeIndex()), Caller,
                    Ctx))
      return;
    Out.Bindings.SameBuffer.push_back({P, Q});
    say(P->getName().str() + " and " + Q->getName().str() + " the same buffer");
  }

  SiteBindings take() { return std::move(Out); }

private:
  void say(const std::string &What) {
    Out.Text += (Out.Text.empty() ? "" : ", ") + What;
  }

  // Where a bound value came from, made once per function and translation
  // unit (the text is interned, not free; a wrapper is bound at each of its
  // call sites, for each call it makes).
  const OriginText &passed() {
    if (!Passed.empty())
      return Passed;
    auto Make = [&] { return "passed to '" + calledName(Site, Fn) + "' here"; };
    if (objectArguments(Site, Fn)) // (named as this call spells it)
      return Passed = Make();
    OriginText &Text = contextCache<PassedTexts>(Fn.getASTContext()).Texts[&Fn];
    if (Text.empty())
      Text = Make();
    return Passed = Text;
  }

  const CallExpr &Site;
  FunctionValues &Caller;
  const FunctionDecl &Fn;
  OriginText Passed;
  SiteBindings Out;
};

// The frames \p Fn's parameters are bound in, \p Depth levels of callers
// up from the function whose call is judged; \p Below: the functions
// between, that one first. A caller among them (or \p Fn itself) closes a
// cycle of calls: its frames would be the recursion's deeper levels, each
// its own constants, for as many levels as the depth allows. The callers
// are followed out of a cycle, never around it.
std::vector<CallerFrame> framesFor(const FunctionDecl *Fn, ASTContext &Ctx,
                                   unsigned Depth,
                                   llvm::ArrayRef<const ParmVarDecl *> Pointers,
                                   llvm::ArrayRef<ParameterPair> BufferPairs = {},
                                   llvm::ArrayRef<const FunctionDecl *> Below = {});

// The frames \p Caller is judged in at \p Site, a call of \p Fn, besides its
// own (no bindings): its callers', which bind the caller's pointer
// parameters that it passes on as wanted ones (`outer(h, alpha)` calling
// `gemmWith(h, alpha, beta)`).
std::vector<CallerFrame>
framesOfCaller(const FunctionDecl &Fn, const CallExpr &Site,
               const FunctionDecl &Caller, ASTContext &Ctx, unsigned Depth,
               llvm::ArrayRef<const ParmVarDecl *> Pointers,
               llvm::ArrayRef<const FunctionDecl *> Below) {
  llvm::SmallVector<const ParmVarDecl *, 2> PassedOn;
  for (unsigned I = 0; I < Fn.getNumParams(); ++I)
    if (llvm::is_contained(Pointers, Fn.getParamDecl(I)))
      if (const ParmVarDecl *Q = parameterOf(argumentOf(Site, Fn, I), &Caller);
          Q && Q->getType()->isPointerType() && !llvm::is_contained(PassedOn, Q))
        PassedOn.push_back(Q);
  llvm::SmallVector<const FunctionDecl *, MaxWrapperDepth> Chain(Below);
  Chain.push_back(Fn.getCanonicalDecl());
  return framesFor(&Caller, Ctx, Depth + 1, PassedOn, {}, Chain);
}

// What the bindings a call site makes depend on (whatTheSiteBinds).
enum class SiteBinds { Nothing, WithoutTheWalk, AfterTheWalk };
SiteBinds whatTheSiteBinds(const CallExpr &Site, const FunctionDecl &Fn,
                           const FunctionValues::Bindings &Bound,
                           llvm::ArrayRef<const ParmVarDecl *> Pointers,
                           llvm::ArrayRef<ParameterPair> BufferPairs,
                           const FunctionDecl *Caller = nullptr);

// Whether every walk of \p Caller reaches \p Site, with no condition on
// the way: a call of its body's straight run (whose walk neither branches
// nor stops).
bool reachedWhateverTheWalk(const CallExpr &Site, const FunctionDecl &Caller,
                            ASTContext &Ctx) {
  Stmt *Body = Caller.getBody();
  if (!Body)
    return false;
  const FunctionEntry &Entry = entryOf(&Caller, Body, Ctx);
  return Entry.Straight && llvm::is_contained(Entry.StraightElements, &Site);
}

// The frame \p Site binds \p Fn's parameters in, where \p Caller, in its
// frame \p Outer, reaches it; none where it never runs or binds nothing.
std::optional<CallerFrame>
frameAt(const FunctionDecl &Fn, const CallExpr &Site, const FunctionDecl &Caller,
        const CallerFrame &Outer, ASTContext &Ctx,
        llvm::ArrayRef<const ParmVarDecl *> Pointers,
        llvm::ArrayRef<ParameterPair> BufferPairs) {
  const SiteBinds Binds = whatTheSiteBinds(Site, Fn, Outer.Bindings, Pointers,
                                          BufferPairs, &Caller);
  if (Binds == SiteBinds::Nothing)
    return std::nullopt; // (no walk: what it reaches binds nothing anyway)
  std::vector<AtomInfo> Atoms;
  FunctionValues Values(Ctx, &Caller, Atoms, Outer.Bindings);
  // Constants written in the call (`even(16, 16, d)`) are bound alike
  // wherever the walk stops: where it surely reaches the call, it is spared
  // (the values then fold as they would at its end).
  if (Binds == SiteBinds::AfterTheWalk ||
      !reachedWhateverTheWalk(Site, Caller, Ctx)) {
    Values.walkTo(&Site);
    if (!Values.reachable() ||
        reachedOnlyByFlag(&Caller, Values.pathToTarget(), Atoms))
      return std::nullopt; // a call site that never runs binds nothing
  }
  SiteBindings Bound = bindArguments(Site, Fn, Values, Ctx, Pointers, BufferPairs);
  if (Bound.Bindings.bindsNothing())
    return std::nullopt;
  CallerFrame F;
  F.Bindings = std::move(Bound.Bindings);
  F.Chain.push_back({&Site, &Fn, std::move(Bound.Text)});
  F.Chain.insert(F.Chain.end(), Outer.Chain.begin(), Outer.Chain.end());
  return F;
}

std::vector<CallerFrame> framesFor(const FunctionDecl *Fn, ASTContext &Ctx,
                                   unsigned Depth,
                                   llvm::ArrayRef<const ParmVarDecl *> Pointers,
                                   llvm::ArrayRef<ParameterPair> BufferPairs,
                                   llvm::ArrayRef<const FunctionDecl *> Below) {
  std::vector<CallerFrame> Out;
  if (!Fn || Depth >= MaxWrapperDepth)
    return Out;
  unsigned Sites = 0;
  for (const CallSites::Site &S : callSitesOf(Ctx).of(Fn->getCanonicalDecl())) {
    const CallExpr *Site = S.Call;
    const FunctionDecl *Caller = S.Caller;
    if (Sites++ >= MaxCallSites || Out.size() >= 2 * MaxCallSites)
      break;
    if (!passesEachParameter(*Site, *Fn) || Caller == Fn ||
        llvm::is_contained(Below, Caller->getCanonicalDecl()))
      continue;
    auto Add = [&](const CallerFrame &Outer) {
      if (std::optional<CallerFrame> F = frameAt(*Fn, *Site, *Caller, Outer,
                                                 Ctx, Pointers, BufferPairs)) {
        if (Out.empty())
          Out.reserve(4); // (a frame is large: grown one by one, moved)
        Out.push_back(std::move(*F));
      }
    };
    Add(CallerFrame()); // the caller's own frame
    for (const CallerFrame &Outer :
         framesOfCaller(*Fn, *Site, *Caller, Ctx, Depth, Pointers, Below))
      Add(Outer);
  }
  return Out;
}
} // namespace

namespace {

// What a call site may bind to parameter \p P (bindArguments): besides the
// objects a structure holds (holdsObjects), one of these.
enum class ParamBinding { Object, Fields, Pointer, Integer, None };
ParamBinding bindingOf(const ParmVarDecl *P,
                       llvm::ArrayRef<const ParmVarDecl *> Pointers) {
  const QualType T = P->getType();
  if (isObjectType(T))
    return ParamBinding::Object;
  if (T.getNonReferenceType()->getAsRecordDecl())
    return ParamBinding::Fields;
  if (T->isPointerType() && llvm::is_contained(Pointers, P))
    return ParamBinding::Pointer;
  if (T->isIntegralOrEnumerationType())
    return ParamBinding::Integer;
  return ParamBinding::None;
}

// Whether \p E, an integer argument, is unknown however the walk of the
// function it is in goes: it reads a name \p Unknown says is unknown there
// through operators and integer conversions that keep an unknown operand
// unknown (no short circuit, no `?:`, no call). Its call site then binds
// it nothing.
bool unknownWhateverTheWalk(
    const Expr *E, llvm::function_ref<bool(const DeclRefExpr &)> Unknown,
    unsigned Depth = 0) {
  if (!E || Depth > 32)
    return false;
  E = E->IgnoreParens();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Unknown(*Ref);
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_LValueToRValue: case CK_NoOp: case CK_IntegralCast:
    case CK_IntegralToBoolean:
      return unknownWhateverTheWalk(Cast->getSubExpr(), Unknown, Depth + 1);
    default:
      return false;
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_Minus: case UO_Plus: case UO_Not: case UO_LNot:
      return unknownWhateverTheWalk(U->getSubExpr(), Unknown, Depth + 1);
    default:
      return false;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp() || B->isLogicalOp() || B->getOpcode() == BO_Comma)
      return false;
    return unknownWhateverTheWalk(B->getLHS(), Unknown, Depth + 1) ||
           unknownWhateverTheWalk(B->getRHS(), Unknown, Depth + 1);
  }
  return false;
}

// The loop a call site sits in, where the walk makes what the loop writes
// unknown at its head (havocLoop) and nothing on the way from there to the
// call can make such a variable known again: the innermost `for` or `while`
// whose body holds the call, in a function with no label (no jump into the
// loop past its head). rewritten(V): whether \p V, a local integer, is one
// of those: the loop writes it and does not declare it, and in its
// condition and body before the call nothing names it, calls anything (a
// lambda's effects) or is a case label, and the call's arguments change
// nothing.
class LoopAround {
public:
  LoopAround(const CallExpr &Site, const FunctionDecl &Caller) : Site(Site) {
    const Stmt *Body = Caller.getBody();
    if (!Body || !find(Body, nullptr) || !Found ||
        !isa_and_nonnull<ForStmt, WhileStmt>(Loop))
      Loop = nullptr;
  }

  bool rewritten(const VarDecl *V) const {
    if (!Loop || !V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
        V->isStaticLocal() || V->getType()->isReferenceType() ||
        !V->getType()->isIntegralOrEnumerationType())
      return false;
    const auto *For = dyn_cast<ForStmt>(Loop);
    const auto *While = dyn_cast<WhileStmt>(Loop);
    const Stmt *Cond = For ? For->getCond() : While->getCond();
    const Stmt *Body = For ? For->getBody() : While->getBody();
    // (What the loop writes, as havocLoop() reads it from each element.)
    llvm::SmallPtrSet<const VarDecl *, 8> Written;
    // (Pre-order, in source order: what is met before the call runs before
    // it in the iteration that reaches it; the increment runs after.)
    llvm::SmallVector<std::pair<const Stmt *, bool>, 32> Work;
    if (For && For->getInc())
      Work.push_back({For->getInc(), false});
    Work.push_back({Body, true});
    Work.push_back({Cond, true});
    bool PastSite = false;
    while (!Work.empty()) {
      auto [N, Before] = Work.pop_back_val();
      if (!N)
        continue;
      if (N == &Site) {
        PastSite = true;
        for (const Stmt *Arg : Site.children())
          if (Arg && changesSomething(Arg))
            return false;
        continue;
      }
      if (isa<SwitchCase>(N))
        return false; // (a switch's way in may skip the loop's head)
      if (const auto *D = dyn_cast<DeclStmt>(N))
        for (const Decl *Dl : D->decls())
          if (Dl == V)
            return false; // (declared in the loop: made at each iteration)
      if (Before && !PastSite &&
          (isa<CallExpr, CXXConstructExpr, LambdaExpr>(N) ||
           (isa<DeclRefExpr>(N) && cast<DeclRefExpr>(N)->getDecl() == V)))
        return false;
      writesOf(N, Written);
      llvm::SmallVector<const Stmt *, 4> Children(N->children());
      for (const Stmt *Child : llvm::reverse(Children))
        Work.push_back({Child, Before});
    }
    return PastSite && Written.count(V);
  }

private:
  // Finds the site under \p S, \p Around the innermost loop whose body
  // holds S; false where the function has a label (or is too large to
  // look at here).
  bool find(const Stmt *S, const Stmt *Around) {
    if (!S)
      return true;
    if (++Visited > MaxVisited || isa<LabelStmt, GotoStmt, IndirectGotoStmt>(S))
      return false;
    if (S == &Site) {
      Loop = Around;
      Found = true;
    }
    if (const auto *For = dyn_cast<ForStmt>(S))
      return find(For->getInit(), Around) && find(For->getCond(), Around) &&
             find(For->getInc(), Around) && find(For->getBody(), For);
    if (const auto *While = dyn_cast<WhileStmt>(S))
      return find(While->getCond(), Around) && find(While->getBody(), While);
    // (A call in another loop's body: that loop, which rewritten() refuses.)
    const Stmt *Inner = isa<DoStmt, CXXForRangeStmt>(S) ? S : Around;
    for (const Stmt *Child : S->children())
      if (!find(Child, Inner))
        return false;
    return true;
  }

  static bool changesSomething(const Stmt *S) {
    if (isa<CallExpr, CXXConstructExpr, LambdaExpr>(S))
      return true;
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
      return true;
    if (const auto *U = dyn_cast<UnaryOperator>(S);
        U && U->isIncrementDecrementOp())
      return true;
    for (const Stmt *Child : S->children())
      if (Child && changesSomething(Child))
        return true;
    return false;
  }

  static constexpr unsigned MaxVisited = 4096;
  const CallExpr &Site;
  const Stmt *Loop = nullptr;
  bool Found = false;
  unsigned Visited = 0;
};

// Whether \p E, an integer argument, has one value whatever the walk of
// the function it is in: it reads no variable but a constant one outside
// any function (FunctionValues::evalVar reads those alike in every
// environment), calls nothing and changes nothing.
bool sameWhateverTheWalk(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 32)
    return false;
  E = E->IgnoreParens();
  switch (E->getStmtClass()) {
  case Stmt::IntegerLiteralClass:
  case Stmt::CharacterLiteralClass:
  case Stmt::CXXBoolLiteralExprClass:
  case Stmt::UnaryExprOrTypeTraitExprClass: // (its operand is not run)
    return true;
  case Stmt::DeclRefExprClass: {
    const ValueDecl *D = cast<DeclRefExpr>(E)->getDecl();
    if (isa<EnumConstantDecl>(D))
      return true;
    const auto *V = dyn_cast<VarDecl>(D);
    return V && !V->hasLocalStorage() && !V->isStaticLocal() &&
           V->getType().isConstQualified() &&
           !V->getType().isVolatileQualified();
  }
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CXXFunctionalCastExprClass:
    return cast<CastExpr>(E)->getType()->isIntegralOrEnumerationType() &&
           sameWhateverTheWalk(cast<CastExpr>(E)->getSubExpr(), Depth + 1);
  case Stmt::UnaryOperatorClass:
    switch (cast<UnaryOperator>(E)->getOpcode()) {
    case UO_Minus: case UO_Plus: case UO_Not: case UO_LNot:
      return sameWhateverTheWalk(cast<UnaryOperator>(E)->getSubExpr(),
                                 Depth + 1);
    default:
      return false;
    }
  case Stmt::BinaryOperatorClass: {
    const auto *B = cast<BinaryOperator>(E);
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma &&
           sameWhateverTheWalk(B->getLHS(), Depth + 1) &&
           sameWhateverTheWalk(B->getRHS(), Depth + 1);
  }
  case Stmt::SubstNonTypeTemplateParmExprClass:
    return sameWhateverTheWalk(
        cast<SubstNonTypeTemplateParmExpr>(E)->getReplacement(), Depth + 1);
  case Stmt::ConstantExprClass:
    return sameWhateverTheWalk(cast<ConstantExpr>(E)->getSubExpr(), Depth + 1);
  default:
    return false;
  }
}

SiteBinds whatTheSiteBinds(const CallExpr &Site, const FunctionDecl &Fn,
                           const FunctionValues::Bindings &Bound,
                           llvm::ArrayRef<const ParmVarDecl *> Pointers,
                           llvm::ArrayRef<ParameterPair> BufferPairs,
                           const FunctionDecl *Caller) {
  if (!BufferPairs.empty() || !passesEachParameter(Site, Fn))
    return SiteBinds::AfterTheWalk;
  SiteBinds Out = SiteBinds::Nothing;
  // A parameter the frame leaves unbound (FunctionValues::evalVar makes it
  // unknown, written or not), or a local the loop around the call rewrites.
  std::optional<LoopAround> Loop;
  auto Unknown = [&](const DeclRefExpr &Ref) {
    if (const auto *P = dyn_cast<ParmVarDecl>(Ref.getDecl()))
      return !Bound.count(P);
    const auto *V = dyn_cast<VarDecl>(Ref.getDecl());
    if (!V || !Caller)
      return false;
    if (!Loop)
      Loop.emplace(Site, *Caller);
    return Loop->rewritten(V);
  };
  for (unsigned I = 0; I < Fn.getNumParams(); ++I) {
    const ParmVarDecl *P = Fn.getParamDecl(I);
    switch (bindingOf(P, Pointers)) {
    case ParamBinding::Object:
    case ParamBinding::Fields:
    case ParamBinding::Pointer:
      return SiteBinds::AfterTheWalk;
    case ParamBinding::Integer: {
      const Expr *Arg = argumentOf(Site, Fn, I);
      if (unknownWhateverTheWalk(Arg, Unknown))
        break;
      if (!sameWhateverTheWalk(Arg))
        return SiteBinds::AfterTheWalk;
      Out = SiteBinds::WithoutTheWalk;
      break;
    }
    case ParamBinding::None:
      break;
    }
    if (holdsObjects(heldBy(P)))
      return SiteBinds::AfterTheWalk;
  }
  return Out;
}

} // namespace

SiteBindings bindArguments(const CallExpr &Site, const FunctionDecl &Fn,
                           FunctionValues &Caller, ASTContext &Ctx,
                           llvm::ArrayRef<const ParmVarDecl *> Pointers,
                           llvm::ArrayRef<ParameterPair> BufferPairs) {
  SiteBinder B(Site, Caller, Fn);
  for (unsigned I = 0; I < Fn.getNumParams(); ++I) {
    const ParmVarDecl *P = Fn.getParamDecl(I);
    const Expr *Arg = argumentOf(Site, Fn, I);
    const ParamBinding How = bindingOf(P, Pointers);
    if (How == ParamBinding::Object) {
      B.bindObjectParameter(P, Arg);
      continue;
    }
    B.bindHeldObjects(P, Arg);
    if (How == ParamBinding::Fields)
      B.bindFields(P, *P->getType().getNonReferenceType()->getAsRecordDecl(),
                   Arg);
    else if (How == ParamBinding::Pointer)
      B.bindPointer(P, Arg);
    else if (How == ParamBinding::Integer)
      B.bindInteger(P, Arg);
  }
  for (const ParameterPair &Pair : BufferPairs)
    B.bindSameBuffer(Pair, Ctx);
  return B.take();
}

DiagnosisNote ChainLink::note() const {
  // (An object's call begins where the object is named, not at its `(`.)
  const SourceLocation Start = objectArguments(*Site, *Fn)
                                   ? Site->getArg(0)->getBeginLoc()
                                   : Site->getBeginLoc();
  return {Start, "'" + calledName(*Site, *Fn) + "' is called with " + Bound +
                     " here"};
}

void noteChain(llvm::ArrayRef<ChainLink> Chain,
               std::vector<DiagnosisNote> &Notes) {
  for (const ChainLink &L : Chain)
    Notes.push_back(L.note());
}

std::vector<CallerFrame>
callerFrames(const FunctionDecl *Fn, ASTContext &Ctx,
             llvm::ArrayRef<const ParmVarDecl *> Pointers,
             llvm::ArrayRef<ParameterPair> BufferPairs) {
  return framesFor(Fn, Ctx, 0, Pointers, BufferPairs);
}
} // namespace clang::tidy::gemm
