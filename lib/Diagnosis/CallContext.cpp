//===--- CallContext.cpp - gemm-tidy -------------------------------------===//

#include "Diagnosis/CallContext.h"
#include "Analysis/Syntax.h"
#include "ContextCache.h"
#include "Models/ApiModel.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <iterator>
#include <map>
#include <set>

namespace clang::tidy::gemm {

namespace {

constexpr unsigned MaxCallSites = 8;    // calling contexts per function
constexpr unsigned MaxWrapperDepth = 3; // levels of wrappers followed

// Every call in the main file's functions, with the function it sits in
// (recordCallSite), by callee.
using CallSite = std::pair<const CallExpr *, const FunctionDecl *>;

struct CallSites {
  std::map<const FunctionDecl *, std::vector<CallSite>> Callers;
};

CallSites &callSitesOf(ASTContext &Ctx) { return contextCache<CallSites>(Ctx); }

} // namespace

// A literal or an enumerator, perhaps cast: a value the argument spells
// itself, the same in every calling context and template instantiation.
bool isSelfEvident(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus)
      E = U->getSubExpr()->IgnoreParenCasts();
  if (isa<IntegerLiteral, CharacterLiteral>(E))
    return true;
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref && isa<EnumConstantDecl>(Ref->getDecl());
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

std::vector<CallerFrame> framesFor(const FunctionDecl *Fn, ASTContext &Ctx,
                                   unsigned Depth,
                                   llvm::ArrayRef<const ParmVarDecl *> Pointers,
                                   llvm::ArrayRef<ParameterPair> BufferPairs = {}) {
  std::vector<CallerFrame> Out;
  if (!Fn || Depth >= MaxWrapperDepth)
    return Out;
  const CallSites &Cache = callSitesOf(Ctx);
  const auto It = Cache.Callers.find(Fn->getCanonicalDecl());
  if (It == Cache.Callers.end())
    return Out;
  const std::string Name = Fn->getNameAsString();
  const OriginText Passed = "passed to '" + Name + "' here";
  unsigned Sites = 0;
  for (const auto &[Site, Caller] : It->second) {
    if (Sites++ >= MaxCallSites || Out.size() >= 2 * MaxCallSites)
      break;
    if (Site->getNumArgs() != Fn->getNumParams() || Caller == Fn)
      continue;
    // The caller's own frame first (no bindings), then its callers': they
    // bind the caller's pointer parameters that it passes on as wanted ones
    // (`outer(h, alpha)` calling `gemmWith(h, alpha, beta)`).
    llvm::SmallVector<const ParmVarDecl *, 2> PassedOn;
    for (unsigned I = 0; I < Fn->getNumParams(); ++I)
      if (llvm::is_contained(Pointers, Fn->getParamDecl(I)))
        if (const ParmVarDecl *Q = parameterOf(Site->getArg(I), Caller);
            Q && Q->getType()->isPointerType() && !llvm::is_contained(PassedOn, Q))
          PassedOn.push_back(Q);
    std::vector<CallerFrame> CallerFrames(1);
    for (CallerFrame &F : framesFor(Caller, Ctx, Depth + 1, PassedOn))
      CallerFrames.push_back(std::move(F));
    for (const CallerFrame &CF : CallerFrames) {
      std::vector<AtomInfo> Atoms;
      FunctionValues Values(Ctx, Caller, Site, Atoms, CF.Bindings);
      if (!Values.reachable() ||
          reachedOnlyByFlag(Caller, Values.pathToTarget(), Atoms))
        continue; // a call site that never runs binds nothing
      CallerFrame F;
      std::string Text;
      for (unsigned I = 0; I < Fn->getNumParams(); ++I) {
        const ParmVarDecl *P = Fn->getParamDecl(I);
        // A handle in the pointer mode the caller set (cublasCreate's
        // HOST, a setter's), a cuBLASLt object in the state the caller made
        // it; below, the objects a structure holds (`const Setup &s`).
        if (isObjectType(P->getType())) {
          const ObjectRef Bound{P, nullptr};
          if (!bindObject(Values, objectRef(Site->getArg(I)), Bound, F.Bindings))
            continue;
          Text += (Text.empty() ? "" : ", ") + P->getName().str();
          if (isHandleType(P->getType()))
            Text += F.Bindings.Objects[{Bound, HandlePointerMode}]
                            .Alternatives[0]
                            .Value
                        ? " in CUBLAS_POINTER_MODE_DEVICE"
                        : " in CUBLAS_POINTER_MODE_HOST";
          continue;
        }
        // (By value, reference, or pointer: `run(&s)` for `const Setup *`.)
        const bool ByPointer = P->getType()->isPointerType();
        const QualType Held = ByPointer ? P->getType()->getPointeeType()
                                        : P->getType().getNonReferenceType();
        if (const VarDecl *Holder = ByPointer ? addressedVar(Site->getArg(I))
                                              : objectHolder(Site->getArg(I));
            Holder && holdsObjects(Held) && holdsObjects(Holder->getType())) {
          for (const FieldDecl *Field : Held->getAsRecordDecl()->fields())
            if (isObjectType(Field->getType()) &&
                bindObject(Values, {Holder, Field}, {P, Field}, F.Bindings))
              Text += (Text.empty() ? "" : ", ") + P->getName().str() +
                      (ByPointer ? "->" : ".") + Field->getName().str();
        }
        // A structure's fields as the caller's object has them (`const
        // Config &cfg` of a local `const Config cfg;`).
        if (const RecordDecl *RD = P->getType().getNonReferenceType()->getAsRecordDecl()) {
          for (const FieldDecl *Field : RD->fields()) {
            if (!Field->getType()->isIntegralOrEnumerationType())
              continue;
            SymbolicValue V = Values.evaluateField(Site->getArg(I), Field);
            if (!V.isConstant())
              continue;
            V.Alternatives[0].From = {Site->getArg(I), Passed};
            Text += (Text.empty() ? "" : ", ") + P->getName().str() + "." +
                    Field->getName().str() + " = " +
                    std::to_string(V.Alternatives[0].Value);
            F.Bindings.FieldValues[{P, Field}] = std::move(V);
          }
          continue;
        }
        // Where the memory a pointer points to lies, as the caller knows
        // it (`cudaMalloc(&dAlpha, ...)`, `&one`).
        if (P->getType()->isPointerType()) {
          if (!llvm::is_contained(Pointers, P))
            continue;
          const FunctionValues::PointerValue Ptr = Values.evaluatePointer(Site->getArg(I));
          SymbolicValue Where = Ptr.Where;
          if (!Where.isConstant())
            continue;
          Where.Alternatives[0].From = {Site->getArg(I), Passed};
          Text += (Text.empty() ? "" : ", ") + P->getName().str() + " in " +
                  residencyText(Where.Alternatives[0].Value);
          F.Bindings.PointerWhere[P] = std::move(Where);
          // The allocation behind it, where the caller made it (its size
          // and the offset into it, each noted where the caller set it).
          if (Ptr.Size.isConstant() && Ptr.Offset.isConstant()) {
            F.Bindings.PointerSize[P] = Ptr.Size;
            F.Bindings.PointerOffset[P] = Ptr.Offset;
          }
          continue;
        }
        if (!P->getType()->isIntegralOrEnumerationType())
          continue;
        SymbolicValue V = Values.evaluate(Site->getArg(I));
        // Only constants and pitches cross the call: a caller's conditions
        // are its own.
        if (V.PitchFrom) {
          Text += (Text.empty() ? "" : ", ") + P->getName().str() +
                  " = a pitch in bytes";
          F.Bindings[P] = std::move(V);
          continue;
        }
        if (!V.isConstant())
          continue;
        V.Alternatives[0].From = {Site->getArg(I), Passed};
        Text += (Text.empty() ? "" : ", ") + P->getName().str() + " = " +
                std::to_string(V.Alternatives[0].Value);
        F.Bindings[P] = std::move(V);
      }
      // Two pointer parameters given one buffer (C and D in place).
      for (const auto &[P, Q] : BufferPairs)
        if (sameBuffer(Site->getArg(P->getFunctionScopeIndex()),
                       Site->getArg(Q->getFunctionScopeIndex()), Values, Ctx)) {
          F.Bindings.SameBuffer.push_back({P, Q});
          Text += (Text.empty() ? "" : ", ") + P->getName().str() + " and " +
                  Q->getName().str() + " the same buffer";
        }
      if (F.Bindings.bindsNothing())
        continue;
      F.Chain.push_back(
          {Site->getBeginLoc(),
           "'" + Name + "' is called with " + Text + " here"});
      F.Chain.insert(F.Chain.end(), CF.Chain.begin(), CF.Chain.end());
      Out.push_back(std::move(F));
    }
  }
  return Out;
}

} // namespace

std::string whenText(const Guard &G, const std::vector<AtomInfo> &Atoms) {
  std::string S;
  for (const Literal &L : G)
    if (L.Atom < Atoms.size())
      S += std::string(S.empty() ? " when " : " and ") + "'" +
           Atoms[L.Atom].text() + "' is " + (L.Positive ? "true" : "false");
  return S;
}

std::vector<CallerFrame>
callerFrames(const FunctionDecl *Fn, ASTContext &Ctx,
             llvm::ArrayRef<const ParmVarDecl *> Pointers,
             llvm::ArrayRef<ParameterPair> BufferPairs) {
  return framesFor(Fn, Ctx, 0, Pointers, BufferPairs);
}

void recordCallSite(const CallExpr &Site, const FunctionDecl &Caller,
                    ASTContext &Ctx) {
  if (const FunctionDecl *Callee = Site.getDirectCallee())
    callSitesOf(Ctx).Callers[Callee->getCanonicalDecl()].push_back({&Site, &Caller});
}


void noteInstantiation(const FunctionDecl *Enclosing, ASTContext &Ctx,
                       std::vector<DiagnosisNote> &Notes) {
  if (!Enclosing || !Enclosing->isTemplateInstantiation())
    return;
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  Enclosing->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), true);
  OS.flush();
  Notes.push_back({Enclosing->getPointOfInstantiation().isValid()
                       ? Enclosing->getPointOfInstantiation()
                       : Enclosing->getLocation(),
                   "in instantiation of '" + Name + "' requested here"});
}

void noteValue(const Expr &Arg, const std::string &Name,
               const SymbolicValue &V, const std::vector<AtomInfo> &Atoms,
               ASTContext &Ctx, const Preprocessor *PP,
               std::vector<DiagnosisNote> &Notes) {
  if (!V.Known)
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  const Expr *Stripped = strippedArgument(&Arg);

  // A value spelled in the argument itself: a literal, an enumerator, a
  // macro, or a constant variable.
  if (V.isConstant() && V.Alternatives[0].From.At == Stripped->IgnoreParens() &&
      V.Alternatives[0].From.What.empty()) {
    const int64_t Value = V.Alternatives[0].Value;
    SourceLocation At = Arg.getBeginLoc();
    while (At.isMacroID() && SM.isMacroArgExpansion(At))
      At = SM.getImmediateSpellingLoc(At);
    const bool FromMacro = At.isMacroID();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Stripped->IgnoreParens()))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl())) {
        const SourceLocation Origin =
            Var->getInit() ? Var->getInit()->getExprLoc() : Var->getLocation();
        Notes.push_back(
            {Origin, Var->getName() == Name
                         ? "'" + Name + "' is " + std::to_string(Value)
                         : "'" + Name + "' is " + std::to_string(Value) +
                               ", the value of '" + Var->getName().str() +
                               "'"});
        return;
      }
    if (!FromMacro && isSelfEvident(Stripped))
      return;
    if (FromMacro && PP) {
      const llvm::StringRef Macro =
          Lexer::getImmediateMacroName(At, SM, PP->getLangOpts());
      if (const IdentifierInfo *II =
              Macro.empty() ? nullptr : PP->getIdentifierInfo(Macro))
        if (const MacroInfo *MI = PP->getMacroInfo(II)) {
          Notes.push_back({MI->getDefinitionLoc(),
                           "'" + Name + "' is " + std::to_string(Value) +
                               ", from macro '" + Macro.str() + "'"});
          return;
        }
    }
    Notes.push_back({Arg.getExprLoc(),
                     "'" + Name + "' evaluates to " + std::to_string(Value)});
    return;
  }
  // A value that flowed in: one note per place it was written.
  std::set<std::pair<unsigned, std::string>> Seen;
  for (const Alternative &A : V.Alternatives) {
    const SourceLocation Loc =
        A.From.At ? A.From.At->getExprLoc() : Arg.getExprLoc();
    std::string Text = "'" + Name + "' is " + std::to_string(A.Value);
    if (!A.From.What.empty() && A.From.What != "the value of '" + Name + "'")
      Text += ", " + A.From.What.str();
    Text += whenText(A.When, Atoms);
    if (Seen.emplace(Loc.getRawEncoding(), Text).second)
      Notes.push_back({Loc, Text});
  }
}

void readPointer(FunctionValues &FV, const Expr &Arg, PointerRole Role,
                 ASTContext &Ctx, PointerSymbols &Out) {
  if (writtenNull(Arg, Ctx)) {
    Out.Null = true;
    return;
  }
  FunctionValues::PointerValue P = FV.evaluatePointer(&Arg);
  if (Role == PointerRole::Scalar && !P.Type.Known)
    P.Type = std::move(P.CastFrom);
  Out.Type = std::move(P.Type);
  Out.Count = std::move(P.Count);
  Out.ToPointer = std::move(P.ToPointer);
  Out.Where = std::move(P.Where);
  Out.Size = std::move(P.Size);
  Out.Offset = std::move(P.Offset);
  Out.IsZero = std::move(P.IsZero);
}

const char *residencyText(int64_t Where) {
  switch (static_cast<rules::Residency>(Where)) {
  case rules::Residency::Pageable:
    return "host memory";
  case rules::Residency::PinnedHost:
    return "pinned host memory";
  case rules::Residency::Device:
    return "device memory";
  case rules::Residency::Managed:
    return "managed memory";
  default:
    return "memory";
  }
}

void noteAlternatives(const SymbolicValue &V, const Expr &Arg,
                      llvm::function_ref<std::string(int64_t)> Describe,
                      const std::vector<AtomInfo> &Atoms,
                      std::vector<DiagnosisNote> &Notes) {
  if (!V.Known)
    return;
  for (const Alternative &A : V.Alternatives) {
    std::string Text = Describe(A.Value);
    if (!A.From.What.empty())
      Text += ", " + A.From.What.str();
    Text += whenText(A.When, Atoms);
    Notes.push_back(
        {A.From.At ? A.From.At->getExprLoc() : Arg.getExprLoc(), Text});
  }
}

} // namespace clang::tidy::gemm
