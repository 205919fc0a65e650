//===--- GemmDiagnosis.cpp - gemm-tidy -----------------------------------===//

#include "Diagnosis/GemmDiagnosis.h"
#include "Analysis/Syntax.h"
#include "ContextCache.h"
#include "Models/ApiModel.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace clang::tidy::gemm {

using rules::Role;

namespace {

// The arguments the value analysis evaluates: numbers passed by value (the
// grouped APIs' host arrays are folded by analyzeGemmCall).
bool isIntegerRole(const rules::ApiInfo &Api, Role R) {
  return !rules::isPointerRole(R) && !Api.isPerGroup(R);
}

// The diagnoses made, per call and library version.
struct TUCache {
  std::map<std::pair<const CallExpr *, int64_t>, std::vector<Diagnosis>> Done;
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

// One calling context: the values of the integer arguments there, the
// facts of the pointer arguments and the handle's modes.
struct Context : ContextBase {
  SymbolicValue Values[rules::GemmRoleCount];
  PointerSymbols Pointers[NumFacts + 1]; // by factIndex; the last unknown
  // Where not null, the facts the call's first context read (a static's,
  // the same in every context), which stand for Pointers' own.
  const PointerSymbols *Static[NumFacts + 1] = {};
  const PointerSymbols &pointer(unsigned F) const {
    return Static[F] ? *Static[F] : Pointers[F];
  }
  SymbolicValue PointerMode, MathMode;
  // The handle parameter whose mode the callers may know (unknown here).
  const ParmVarDecl *HandleParam = nullptr;
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
  for (const ParmVarDecl *P : C.PointerParams)
    if (std::find(Out.begin(), Out.end(), P) == Out.end())
      Out.push_back(P);
  return Out;
}

// Whether \p Arg names a variable outside any function's frame (a global,
// a static): its pointer facts are the same in every context of a call.
bool namesStatic(const Expr &Arg) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Arg.IgnoreParenImpCasts());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return V && !V->hasLocalStorage();
}

// \p First: the call's first context, whose facts of pointers that name
// statics the later ones read (null while it is made).
void evaluateIn(const GemmCall &Call, const FunctionDecl *Fn, ASTContext &Ctx,
                FunctionValues::Bindings Bindings, const Context *First,
                Context &Out) {
  FunctionValues FV(Ctx, Fn, Out.Atoms, std::move(Bindings));
  FV.walkTo(Call.Call);
  for (unsigned I = 0; I < rules::GemmRoleCount; ++I) {
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
        if (const ParmVarDecl *P = parameterOf(Arg, Fn);
            P && isHandleType(P->getType()))
          Out.HandleParam = P;
      Out.PointerMode = std::move(H.PointerMode);
      Out.MathMode = std::move(H.MathMode);
      continue;
    }
    const unsigned F = factIndex(R);
    if (F == NumFacts)
      continue;
    const bool PointerArray =
        (R == Role::A || R == Role::B || R == Role::C) &&
        (Call.Api->Shape == rules::Form::Batched || Call.Api->isGrouped());
    if (PointerArray) {
      // Arrays of device pointers: nothing to prove statically but NULL.
      Out.Pointers[F].Null = writtenNull(*Arg, Ctx);
      continue;
    }
    const PointerRole Read = R == Role::Alpha || R == Role::Beta
                                 ? PointerRole::Scalar
                                 : PointerRole::Buffer;
    if (First && namesStatic(*Arg))
      Out.Static[F] = &First->pointer(F);
    else
      readPointer(FV, *Arg, Read, Ctx, Out.Pointers[F]);
    if (R == Role::Alpha || R == Role::Beta)
      Out.askCallersWhere(*Arg, Out.pointer(F), Fn);
  }
  // Where alpha and beta lie decides only against a pointer mode.
  if (!Out.HandleParam && !Out.PointerMode.Known)
    Out.PointerParams.clear();
  Out.reachedBy(FV);
}


// Notes for the fact \p In names of a pointer or handle argument: the
// handle's modes, where a pointer points, its type, its allocation. The
// pointer's value itself is in the message.
void noteFacts(const GemmCall &Call, rules::Input In, const Context &C,
               std::vector<DiagnosisNote> &Notes) {
  const Role R = In.Argument;
  const Expr *Arg = Call.argument(R);
  const unsigned I = factIndex(R);
  const std::string Name = rules::paramName(*Call.Api, R);
  auto Add = [&](const SymbolicValue &V,
                 llvm::function_ref<std::string(int64_t)> Describe) {
    noteAlternatives(V, *Arg, Describe, C.Atoms, Notes);
  };
  switch (In.What) {
  case rules::Fact::PointerMode:
    return Add(C.PointerMode, [](int64_t M) {
      return std::string("the handle's pointer mode is ") +
             (M == 0 ? "CUBLAS_POINTER_MODE_HOST"
                     : "CUBLAS_POINTER_MODE_DEVICE");
    });
  case rules::Fact::MathMode:
    return Add(C.MathMode, [](int64_t M) {
      return std::string("the handle's math mode is ") +
             (M == 1   ? "CUBLAS_TENSOR_OP_MATH"
              : M == 0 ? "CUBLAS_DEFAULT_MATH"
                       : std::to_string(M).c_str());
    });
  case rules::Fact::Residency:
  case rules::Fact::Allocation:
    Add(C.pointer(I).Where, [&](int64_t W) {
      return "'" + Name + "' points to " + residencyText(W);
    });
    if (In.What == rules::Fact::Allocation)
      Add(C.pointer(I).Size, [&](int64_t Size) {
        return "'" + Name + "' is an allocation of " + std::to_string(Size) +
               " bytes";
      });
    return;
  case rules::Fact::PointeeType:
    return Add(C.pointer(I).Type, [&](int64_t T) {
      const char *Cxx = rules::cxxTypeName(T);
      return "'" + Name + "' points to '" + (Cxx ? Cxx : "?") + "'";
    });
  default:
    return;
  }
}

// Where the value \p In names came from, as notes.
void noteOrigin(const GemmCall &Call, rules::Input In, const Context &C,
                ASTContext &Ctx, const Preprocessor *PP,
                std::vector<DiagnosisNote> &Notes) {
  const Role R = In.Argument;
  if (!isIntegerRole(*Call.Api, R))
    return noteFacts(Call, In, C, Notes);
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

// The warning of \p F at its argument (the call where it names none), with
// its fix and the notes of where its inputs came from.
Diagnosis diagnosisOf(rules::Finding F, const GemmCall &Call, const Context &C,
                      ASTContext &Ctx, const Preprocessor *PP,
                      const FunctionDecl *Enclosing) {
  const Expr *Arg = Call.argument(F.Param);
  Diagnosis D = diagnosisAt(Arg, *Call.Call);
  if (Arg && !F.Replacement.empty())
    D.Fix = replacementFix(*Arg, F, Enclosing, Ctx);
  for (const rules::Input &In : F.Inputs)
    noteOrigin(Call, In, C, Ctx, PP, D.Notes);
  noteContext(C, Enclosing, Ctx, D.Notes);
  D.Finding = std::move(F);
  return D;
}

void diagnoseContext(const GemmCall &Call, const Context &C, ASTContext &Ctx,
                     const Preprocessor *PP, int64_t Version,
                     const FunctionDecl *Enclosing,
                     std::optional<std::string> &CalledAs,
                     std::vector<Diagnosis> &Out) {
  // One set of values, each field the assignments change rewritten for
  // each (a copy costs more than the rules).
  rules::CallValues Values = Call.Values;
  Values.LibraryVersion = Version;
  llvm::SmallVector<unsigned, rules::GemmRoleCount> IntegerRoles;
  for (unsigned I = 0; I < rules::GemmRoleCount; ++I) {
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
    for (Role R : FactRoles) {
      rules::PointerFacts &P = Values.pointer(R);
      P = Call.Values.pointer(R);
      pickPointerFacts(C.pointer(factIndex(R)), A, Correlated, P);
    }
    Values.BetaIsZero = Pick(C.pointer(factIndex(Role::Beta)).IsZero);
    Values.PointerMode = Pick(C.PointerMode);
    Values.MathMode = Pick(C.MathMode);
    return rules::checkCall(*Call.Api, Values);
  };
  auto KeyOf = [](const rules::Finding &F) {
    return Key{F.RuleId, F.Param, F.Group};
  };
  if (CalledAs)
    Values.CalledAs = *CalledAs;
  std::vector<rules::Finding> Common =
      findingsOnEveryPath(C.Path, C.Atoms.size(), Check, KeyOf);
  // The messages name the function as the caller spelled it: its macro is
  // read once per call, and only for a call with findings (the lexing
  // costs as much as the rules); the rules run again to use it.
  if (!Common.empty() && !CalledAs) {
    CalledAs = spelledName(*Call.Call, *Call.Api, Ctx);
    if (!CalledAs->empty()) {
      Values.CalledAs = *CalledAs;
      Common = findingsOnEveryPath(C.Path, C.Atoms.size(), Check, KeyOf);
    }
  }
  for (rules::Finding &F : Common)
    Out.push_back(diagnosisOf(std::move(F), Call, C, Ctx, PP, Enclosing));
}

} // namespace

const std::vector<Diagnosis> &
diagnoseGemmCall(const CallExpr &CallE, const rules::ApiInfo &Api,
                 const FunctionDecl &Callee, const FunctionDecl *Enclosing,
                 ASTContext &Ctx, const Preprocessor *PP,
                 int64_t LibraryVersion) {
  TUCache &Cache = cacheFor(Ctx);
  auto [It, Inserted] = Cache.Done.try_emplace({&CallE, LibraryVersion});
  if (!Inserted)
    return It->second;
  std::optional<GemmCall> Analyzed = analyzeGemmCall(CallE, Api, Callee, Ctx);
  if (!Analyzed)
    return It->second; // not a call the rules apply to: nothing to say
  GemmCall &Call = *Analyzed;
  std::optional<std::string> CalledAs; // read with the first finding
  const Context *First = nullptr;
  std::vector<Diagnosis> Out = diagnoseEachCallContext<Context>(
      Enclosing, Ctx,
      [&](FunctionValues::Bindings B, Context &C) {
        evaluateIn(Call, Enclosing, Ctx, std::move(B), First, C);
        if (!First)
          First = &C;
      },
      [](const Context &C) { return !neededParams(C).empty(); },
      [&](const Context &C, std::vector<Diagnosis> &Here) {
        diagnoseContext(Call, C, Ctx, PP, LibraryVersion, Enclosing, CalledAs,
                        Here);
      });
  // Cache.Done may have rehashed during the recursion? It is a std::map:
  // references stay valid.
  It->second = std::move(Out);
  return It->second;
}

} // namespace clang::tidy::gemm
