//===--- GemmDiagnosis.cpp - gemm-tidy -----------------------------------===//

#include "GemmDiagnosis.h"
#include "ContextCache.h"
#include "LtObjectCall.h"
#include "Analysis/ValueAnalysis.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <iterator>
#include <map>
#include <set>

namespace clang::tidy::gemm {

using rules::Role;

namespace {

constexpr unsigned MaxCallSites = 8;    // calling contexts per function
constexpr unsigned MaxWrapperDepth = 3; // levels of wrappers followed

// The arguments the value analysis evaluates: numbers passed by value (the
// grouped APIs' host arrays are folded by analyzeGemmCall).
bool isIntegerRole(const rules::ApiInfo &Api, Role R) {
  return !rules::isPointerRole(R) && !Api.isPerGroup(R);
}

// Every call in the main file's functions, with the function it sits in
// (recordCallSite), by callee.
using CallSite = std::pair<const CallExpr *, const FunctionDecl *>;

struct TUCache {
  std::map<std::pair<const CallExpr *, int64_t>, std::vector<Diagnosis>> Done;
  std::map<const FunctionDecl *, std::vector<CallSite>> Callers;
};

TUCache &cacheFor(ASTContext &Ctx) { return contextCache<TUCache>(Ctx); }

// The pointer arguments whose facts the rules read.
constexpr Role FactRoles[] = {Role::Alpha, Role::Beta, Role::A, Role::B,
                              Role::C};
constexpr unsigned NumFacts = std::size(FactRoles);

// R's index among FactRoles; NumFacts, a slot that stays unknown, for the
// other roles.
unsigned factIndex(Role R) {
  return static_cast<unsigned>(std::find(std::begin(FactRoles),
                                         std::end(FactRoles), R) -
                               std::begin(FactRoles));
}

// One calling context: the values of the integer arguments there, and the
// chain of call sites (outermost last) that bound the wrapper's parameters.
struct Context {
  SymbolicValue Values[rules::RoleCount];
  // Facts about the pointer arguments (by factIndex) and the handle.
  SymbolicValue PointeeType[NumFacts + 1], PointeeCount[NumFacts + 1],
      ToPointer[NumFacts + 1],
      Where[NumFacts + 1], AllocSize[NumFacts + 1], Offset[NumFacts + 1];
  SymbolicValue BetaIsZero;
  bool Null[rules::RoleCount] = {};
  SymbolicValue PointerMode, MathMode;
  // The handle parameter whose mode the callers may know (unknown here).
  const ParmVarDecl *HandleParam = nullptr;
  Guard Path; // under which the call is reached
  bool Reached = true; // false: no path of this context reaches the call
  std::vector<AtomInfo> Atoms;
  std::vector<DiagnosisNote> Chain;
};

// Parameters (of the function the call is in) some argument needs.
std::vector<const ParmVarDecl *> neededParams(const Context &C) {
  std::vector<const ParmVarDecl *> Out;
  for (const SymbolicValue &V : C.Values)
    if (!V.Known)
      for (const ParmVarDecl *P : V.NeedsParams)
        if (std::find(Out.begin(), Out.end(), P) == Out.end())
          Out.push_back(P);
  if (C.HandleParam && std::find(Out.begin(), Out.end(), C.HandleParam) == Out.end())
    Out.push_back(C.HandleParam);
  return Out;
}

void evaluateIn(const GemmCall &Call, const FunctionDecl *Fn, ASTContext &Ctx,
                FunctionValues::Bindings Bindings, Context &Out) {
  FunctionValues FV(Ctx, Fn, Call.Call, Out.Atoms, std::move(Bindings));
  for (unsigned I = 0; I < rules::RoleCount; ++I) {
    const Role R = static_cast<Role>(I);
    const Expr *Arg = Call.argument(R);
    if (!Arg)
      continue;
    if (isIntegerRole(*Call.Api, R)) {
      Out.Values[I] = FV.evaluate(strippedArgument(Arg));
      continue;
    }
    if (R == Role::Handle) {
      FunctionValues::HandleValue H = FV.evaluateHandle(Arg);
      if (!H.PointerMode.Known)
        if (const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts()))
          if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl());
              P && P->getDeclContext() == Fn && isHandleType(P->getType()))
            Out.HandleParam = P;
      Out.PointerMode = std::move(H.PointerMode);
      Out.MathMode = std::move(H.MathMode);
      continue;
    }
    if (Arg->IgnoreParenImpCasts()->isNullPointerConstant(
            Ctx, Expr::NPC_ValueDependentIsNotNull)) {
      Out.Null[I] = true;
      continue;
    }
    const bool PointerArray =
        (R == Role::A || R == Role::B || R == Role::C) &&
        (Call.Api->Shape == rules::Form::Batched || Call.Api->isGrouped());
    const unsigned F = factIndex(R);
    if (PointerArray || F == NumFacts)
      continue; // arrays of device pointers: nothing to prove statically
    FunctionValues::PointerValue P = FV.evaluatePointer(Arg);
    // A scalar read through a cast to another floating-point type is read
    // as the scalar it is.
    if ((R == Role::Alpha || R == Role::Beta) && !P.Type.Known)
      P.Type = std::move(P.CastFrom);
    Out.PointeeType[F] = std::move(P.Type);
    Out.PointeeCount[F] = std::move(P.Count);
    Out.ToPointer[F] = std::move(P.ToPointer);
    Out.Where[F] = std::move(P.Where);
    Out.AllocSize[F] = std::move(P.Size);
    Out.Offset[F] = std::move(P.Offset);
    if (R == Role::Beta)
      Out.BetaIsZero = std::move(P.IsZero);
  }
  Out.Path = FV.pathToTarget();
  Out.Reached = FV.reachable();
}

bool isInstantiated(const FunctionDecl &Fn);

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

// Whether code in a template instantiation is reached only when a flag its
// function is passed says so. The callers may tie the flag to the template
// argument, so that the branch runs only in other instantiations: MXNet's
// gemm_switch_fp32accum<DType>(..., bool using_fp16) passes a *_TENSOR_OP
// algorithm when using_fp16 is true, and each caller computes
// using_fp16 = (type == kFloat16) in the float case of a switch on type.
// What holds in such a branch is not proven for this instantiation. (Only
// a flag tested as such: `FT_CHECK(head_num % tp == 0)` on parameters is an
// assertion that the call follows, not a choice between instantiations.)
} // namespace

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

std::vector<CallerFrame> framesFor(const FunctionDecl *Fn, ASTContext &Ctx,
                             unsigned Depth) {
  std::vector<CallerFrame> Out;
  if (!Fn || Depth >= MaxWrapperDepth)
    return Out;
  const TUCache &Cache = cacheFor(Ctx);
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
    // The caller's own frame first (no bindings), then its callers'.
    std::vector<CallerFrame> CallerFrames(1);
    for (CallerFrame &F : framesFor(Caller, Ctx, Depth + 1))
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
        if (isHandleType(P->getType())) {
          // The handle's pointer mode at the call (cublasCreate's HOST, a
          // setter's), where the caller knows it.
          SymbolicValue Mode = Values.evaluateHandle(Site->getArg(I)).PointerMode;
          if (!Mode.isConstant())
            continue;
          Text += (Text.empty() ? "" : ", ") + P->getName().str() + " in " +
                  (Mode.Alternatives[0].Value ? "CUBLAS_POINTER_MODE_DEVICE"
                                              : "CUBLAS_POINTER_MODE_HOST");
          F.Bindings.HandleModes[P] = std::move(Mode);
          continue;
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

// --- notes
// -----------------------------------------------------------------------

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

} // namespace

std::string whenText(const Guard &G, const std::vector<AtomInfo> &Atoms) {
  std::string S;
  for (const Literal &L : G)
    if (L.Atom < Atoms.size())
      S += std::string(S.empty() ? " when " : " and ") + "'" +
           Atoms[L.Atom].text() + "' is " + (L.Positive ? "true" : "false");
  return S;
}

namespace {

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

// Notes for the facts behind a pointer or handle argument.
void noteFacts(const GemmCall &Call, Role R, const Context &C,
               llvm::StringRef Rule, std::vector<DiagnosisNote> &Notes) {
  // Only the facts the rule rests on.
  const bool Types = Rule.ends_with(".type");
  const bool Places =
      Rule.starts_with("pointer.") || Rule == "scalar.alignment";
  const bool Sizes = Rule == "buffer.extent";
  const Expr *Arg = Call.argument(R);
  const unsigned I = factIndex(R);
  const std::string Name = rules::paramName(*Call.Api, R);
  auto Add = [&](const SymbolicValue &V, auto Describe) {
    if (!V.Known)
      return;
    for (const Alternative &A : V.Alternatives) {
      std::string Text = Describe(A.Value);
      if (!A.From.What.empty())
        Text += ", " + A.From.What.str();
      Text += whenText(A.When, C.Atoms);
      Notes.push_back(
          {A.From.At ? A.From.At->getExprLoc() : Arg->getExprLoc(), Text});
    }
  };
  if (R == Role::Handle) {
    if (Places)
      Add(C.PointerMode, [](int64_t M) {
        return std::string("the handle's pointer mode is ") +
               (M == 0 ? "CUBLAS_POINTER_MODE_HOST"
                       : "CUBLAS_POINTER_MODE_DEVICE");
      });
    if (Rule.starts_with("precision."))
      Add(C.MathMode, [](int64_t M) {
        return std::string("the handle's math mode is ") +
               (M == 1   ? "CUBLAS_TENSOR_OP_MATH"
                : M == 0 ? "CUBLAS_DEFAULT_MATH"
                         : std::to_string(M).c_str());
      });
    return;
  }
  if (Places || Sizes)
    Add(C.Where[I], [&](int64_t W) {
      return "'" + Name + "' points to " + residencyText(W);
    });
  if (Types)
    Add(C.PointeeType[I], [&](int64_t T) {
      const char *Cxx = rules::cxxTypeName(T);
      return "'" + Name + "' points to '" + (Cxx ? Cxx : "?") + "'";
    });
  if (Sizes)
    Add(C.AllocSize[I], [&](int64_t Size) {
      return "'" + Name + "' is an allocation of " + std::to_string(Size) +
             " bytes";
    });
}

// Where the value of role R came from, as notes.
void noteOrigin(const GemmCall &Call, Role R, const Context &C,
                llvm::StringRef Rule, ASTContext &Ctx, const Preprocessor *PP,
                std::vector<DiagnosisNote> &Notes) {
  if (!isIntegerRole(*Call.Api, R))
    return noteFacts(Call, R, C, Rule, Notes);
  const Expr *Arg = Call.argument(R);
  const SymbolicValue &V = C.Values[static_cast<unsigned>(R)];
  const std::string Name = rules::paramName(*Call.Api, R);
  if (Arg && V.PitchFrom) {
    Notes.push_back({V.PitchFrom->getBeginLoc(),
                     "'" + Name + "' is the pitch in bytes set by " +
                         V.PitchFrom->getDirectCallee()->getName().str() +
                         " here"});
    return;
  }
  if (Arg)
    noteValue(*Arg, Name, V, C.Atoms, Ctx, PP, Notes);
}


// --- the verdict per context
// -------------------------------------------------------

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

// The fix-it that replaces \p Arg by the rules' replacement, or a null one:
// only an argument of a call in the main file's own code (not a template's
// instantiation) that spells the value itself, written in the file or in a
// macro's argument (never in a macro's body), gets one.
FixItHint replacementFix(const Expr &Arg, const rules::Finding &F,
                         const FunctionDecl *Enclosing, ASTContext &Ctx) {
  if (!Enclosing || isInstantiated(*Enclosing))
    return FixItHint();
  const Expr *E = strippedArgument(&Arg);
  Expr::EvalResult Result;
  if (!isSelfEvident(E) || E->isValueDependent() ||
      !E->EvaluateAsInt(Result, Ctx) ||
      !Result.Val.getInt().isRepresentableByInt64() ||
      Result.Val.getInt().getExtValue() != F.Value)
    return FixItHint();
  const SourceManager &SM = Ctx.getSourceManager();
  for (const SourceLocation L : {Arg.getBeginLoc(), Arg.getEndLoc()})
    if (L.isMacroID() && !SM.isMacroArgExpansion(L))
      return FixItHint();
  const CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Arg.getSourceRange()), SM,
      Ctx.getLangOpts());
  if (Range.isInvalid())
    return FixItHint();
  return FixItHint::CreateReplacement(Range, F.Replacement);
}

// The name the caller wrote for the function: object-like macros whose
// whole body is the name and that keep the vendor's prefix (cublas_v2.h's
// cublasSgemm for cublasSgemm_v2, not a port's cublasGemmEx for
// hipblasGemmEx) are followed outwards, through macro arguments, to the
// outermost one; empty where the call spells the function's own name.
std::string spelledName(const CallExpr &Call, const rules::ApiInfo &Api,
                        ASTContext &Ctx) {
  const llvm::StringRef Prefix = llvm::StringRef(Api.Name).take_while(
      [](char C) { return C >= 'a' && C <= 'z'; }); // cublas, hipblas, rocblas
  const auto *Ref =
      dyn_cast_or_null<DeclRefExpr>(Call.getCallee()->IgnoreParenImpCasts());
  if (!Ref)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LangOpts = Ctx.getLangOpts();
  std::string Name;
  SourceLocation Loc = Ref->getLocation();
  while (Loc.isMacroID()) {
    if (SM.isMacroArgExpansion(Loc)) {
      Loc = SM.getImmediateSpellingLoc(Loc);
      continue;
    }
    const CharSourceRange Expansion = SM.getImmediateExpansionRange(Loc);
    const unsigned Length =
        Lexer::MeasureTokenLength(SM.getSpellingLoc(Loc), SM, LangOpts);
    if (Length == 0 || !SM.isAtStartOfImmediateMacroExpansion(Loc) ||
        !SM.isAtEndOfImmediateMacroExpansion(Loc.getLocWithOffset(Length)) ||
        Expansion.getBegin() != Expansion.getEnd())
      break; // more than an alias of the name, or a function-like macro
    const llvm::StringRef Alias =
        Lexer::getImmediateMacroName(Loc, SM, LangOpts);
    if (!Alias.starts_with(Prefix))
      break;
    Name = Alias.str();
    Loc = Expansion.getBegin();
  }
  return Name;
}

struct Key {
  std::string Rule;
  Role Param;
  int Group;
  bool operator<(const Key &O) const {
    return std::tie(Rule, Param, Group) < std::tie(O.Rule, O.Param, O.Group);
  }
};

void diagnoseContext(const GemmCall &Call, const Context &C, ASTContext &Ctx,
                     const Preprocessor *PP, int64_t Version,
                     const FunctionDecl *Enclosing,
                     std::vector<Diagnosis> &Out) {
  // One set of values, each field the assignments change rewritten for
  // each (a copy costs more than the rules).
  rules::CallValues Values = Call.Values;
  Values.LibraryVersion = Version;
  llvm::SmallVector<unsigned, rules::RoleCount> IntegerRoles;
  for (unsigned I = 0; I < rules::RoleCount; ++I) {
    const Role R = static_cast<Role>(I);
    if (isIntegerRole(*Call.Api, R) && Call.argument(R)) {
      IntegerRoles.push_back(I);
      Values.PitchBytes[I] = C.Values[I].PitchFrom != nullptr;
    }
  }
  auto Check = [&](unsigned A, bool Correlated) {
    for (unsigned I : IntegerRoles)
      Values.Scalar[I] = valueUnder(C.Values[I], A, Correlated);
    // Pointer facts: each value that holds on this assignment.
    auto Pick = [&](const SymbolicValue &V) {
      return valueUnder(V, A, Correlated);
    };
    constexpr int64_t FakeBase = FunctionValues::AllocationBase;
    for (Role R : FactRoles) {
      const unsigned I = factIndex(R);
      rules::PointerFacts &P = Values.pointer(R);
      P = Call.Values.pointer(R);
      if (C.Null[static_cast<unsigned>(R)]) {
        P.Address = rules::Value::of(0);
        continue;
      }
      P.PointeeType = Pick(C.PointeeType[I]);
      P.PointeeCount = Pick(C.PointeeCount[I]);
      P.PointeeIsPointer = Pick(C.ToPointer[I]);
      const rules::Value Where = Pick(C.Where[I]);
      if (Where.Known)
        P.Where = static_cast<rules::Residency>(Where.V);
      // A cudaMalloc'd allocation starts 256-byte aligned: an offset into it
      // is an address as good as any for alignment and extents.
      const rules::Value Offset = Pick(C.Offset[I]);
      if (Offset.Known && Offset.V >= 0)
        P.Address = rules::Value::of(FakeBase + Offset.V);
      const rules::Value Size = Pick(C.AllocSize[I]);
      if (Offset.Known && Offset.V >= 0 && Size.Known && Size.V > 0) {
        P.AllocBegin = rules::Value::of(FakeBase);
        P.AllocEnd = rules::Value::of(FakeBase + Size.V);
      }
    }
    Values.BetaIsZero = Pick(C.BetaIsZero);
    Values.PointerMode = Pick(C.PointerMode);
    Values.MathMode = Pick(C.MathMode);
    return rules::checkCall(*Call.Api, Values);
  };
  auto FindingsOnEveryPath = [&] {
    return findingsOnEveryPath(
        C.Path, C.Atoms.size(), Check, [](const rules::Finding &F) {
          return Key{F.RuleId, F.Param, F.Group};
        });
  };
  std::vector<rules::Finding> Common = FindingsOnEveryPath();
  // The messages name the function as the caller spelled it: worth the
  // lexer's time only where there is something to say.
  if (!Common.empty()) {
    Values.CalledAs = spelledName(*Call.Call, *Call.Api, Ctx);
    if (!Values.CalledAs.empty())
      Common = FindingsOnEveryPath();
  }
  for (rules::Finding &F : Common) {
    Diagnosis D;
    const Expr *Arg = Call.argument(F.Param);
    D.Loc = Arg ? Arg->getExprLoc() : Call.Call->getBeginLoc();
    D.Range = Arg ? Arg->getSourceRange() : Call.Call->getSourceRange();
    if (Arg && !F.Replacement.empty())
      D.Fix = replacementFix(*Arg, F, Enclosing, Ctx);
    std::vector<Role> Roles = F.Inputs;
    for (Role R : Roles)
      noteOrigin(Call, R, C, F.RuleId, Ctx, PP, D.Notes);
    D.Notes.insert(D.Notes.end(), C.Chain.begin(), C.Chain.end());
    noteInstantiation(Enclosing, Ctx, D.Notes);
    D.Finding = std::move(F);
    Out.push_back(std::move(D));
  }
}

} // namespace

std::vector<CallerFrame> callerFrames(const FunctionDecl *Fn, ASTContext &Ctx) {
  return framesFor(Fn, Ctx, 0);
}

void recordCallSite(const CallExpr &Site, const FunctionDecl &Caller,
                    ASTContext &Ctx) {
  if (const FunctionDecl *Callee = Site.getDirectCallee())
    cacheFor(Ctx).Callers[Callee->getCanonicalDecl()].push_back({&Site, &Caller});
}

rules::Value valueUnder(const SymbolicValue &V, unsigned Assignment,
                        bool Correlated) {
  if (!V.Known)
    return rules::Value::unknown();
  for (const Alternative &Alt : V.Alternatives)
    if ((Correlated && holds(Alt.When, Assignment)) ||
        (!Correlated && Alt.When.empty()))
      return rules::Value::of(Alt.Value);
  return rules::Value::unknown();
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

const std::vector<Diagnosis> &
diagnoseGemmCall(const CallExpr &CallE, const FunctionDecl &Callee,
                 const FunctionDecl *Enclosing, ASTContext &Ctx,
                 const Preprocessor *PP, int64_t LibraryVersion) {
  TUCache &Cache = cacheFor(Ctx);
  auto [It, Inserted] = Cache.Done.try_emplace({&CallE, LibraryVersion});
  if (!Inserted)
    return It->second;
  if (const IdentifierInfo *Id = Callee.getIdentifier())
    if (const ApiFunction *Lt = ltObjectFunctionNamed(Id->getName())) {
      It->second = diagnoseLtObjectCall(CallE, *Lt, Enclosing, Ctx, PP,
                                        LibraryVersion);
      return It->second;
    }
  std::optional<GemmCall> Analyzed = analyzeGemmCall(CallE, Callee, Ctx);
  if (!Analyzed)
    return It->second; // not a call the rules apply to: nothing to say
  GemmCall &Call = *Analyzed;
  std::vector<Diagnosis> Out = diagnoseEachCallContext<Context>(
      Enclosing, Ctx,
      [&](FunctionValues::Bindings B, Context &C) {
        evaluateIn(Call, Enclosing, Ctx, std::move(B), C);
      },
      [](const Context &C) { return !neededParams(C).empty(); },
      [&](const Context &C, std::vector<Diagnosis> &Here) {
        diagnoseContext(Call, C, Ctx, PP, LibraryVersion, Enclosing, Here);
      });
  // Cache.Done may have rehashed during the recursion? It is a std::map:
  // references stay valid.
  It->second = std::move(Out);
  return It->second;
}

} // namespace clang::tidy::gemm
