//===--- CallContext.h - gemm-tidy --------------------------------*- C++ -*-===//
//
// What every diagnosis of a call is made of, for the GEMM family and
// cuBLASLt alike: the contexts a call is judged in (its own function's,
// and each frame of callers that binds the parameters its values need, a
// few levels of wrappers deep: Analysis/CallerFrames.h), the values its
// arguments have in one (ContextBase, which each diagnosis's context
// extends with its integers, a handle's modes and an object's attributes;
// PointerSymbols, a pointer's facts, read the one way for both APIs), the
// findings that hold on every feasible path of a context, the notes that
// say where each deciding value came from, and one diagnosis per location
// and message.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_DIAGNOSIS_CALLCONTEXT_H
#define GEMM_TIDY_DIAGNOSIS_CALLCONTEXT_H

#include "Analysis/CallerFrames.h"
#include "Analysis/Syntax.h"
#include "Analysis/FunctionValues.h"
#include "GemmCallAnalysis.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::gemm {

struct Diagnosis {
  rules::Finding Finding;
  SourceLocation Loc;               // the argument the finding is about
  SourceRange Range;                // all of that argument
  std::vector<DiagnosisNote> Notes; // where the deciding values came from
  FixItHint Fix; // the rules' replacement of the argument; null where none
};

// --- the pieces every call's diagnosis is made of ----------------------------

/// Up to this many conditions a context's findings are decided once per
/// assignment of them (64); beyond, only unconditional values count.
constexpr unsigned MaxCorrelatedAtoms = 6;

/// The value \p V has when each atom I has the value of bit I of
/// \p Assignment (only its unconditional value when not \p Correlated).
inline rules::Value valueUnder(const SymbolicValue &V, unsigned Assignment,
                        bool Correlated) {
  if (!V.Known)
    return rules::Value::unknown();
  for (const Alternative &Alt : V.Alternatives)
    if ((Correlated && holds(Alt.When, Assignment)) ||
        (!Correlated && Alt.When.empty()))
      return rules::Value::of(Alt.Value);
  return rules::Value::unknown();
}

/// The findings \p Check gives on every assignment of a context's
/// \p NumAtoms conditions on which \p Path holds, in the order of their
/// keys: \p Check(Assignment, Correlated) gives one assignment's findings,
/// \p KeyOf says which findings of two assignments are the same.
template <class CheckFn, class KeyFn>
auto findingsOnEveryPath(const Guard &Path, size_t NumAtoms, CheckFn Check,
                         KeyFn KeyOf) {
  using FindingT = typename decltype(Check(0u, true))::value_type;
  using KeyT = decltype(KeyOf(std::declval<const FindingT &>()));
  const bool Correlated = NumAtoms <= MaxCorrelatedAtoms;
  const unsigned Assignments = Correlated ? 1u << NumAtoms : 1u;
  std::map<KeyT, FindingT> Common;
  bool First = true;
  for (unsigned A = 0; A < Assignments; ++A) {
    if (Correlated && !holds(Path, A))
      continue;
    std::map<KeyT, FindingT> Here;
    for (FindingT &F : Check(A, Correlated)) {
      KeyT K = KeyOf(F);
      Here.emplace(std::move(K), std::move(F));
    }
    if (First) {
      Common = std::move(Here);
      First = false;
    } else {
      for (auto It = Common.begin(); It != Common.end();)
        It = Here.count(It->first) ? std::next(It) : Common.erase(It);
    }
    if (Common.empty())
      break; // nothing any later assignment could keep
  }
  std::vector<FindingT> Out;
  for (auto &Entry : Common)
    Out.push_back(std::move(Entry.second));
  return Out;
}

/// Notes that say where \p V, the value of the argument \p Arg called
/// \p Name, came from: the macro, variable or assignments that gave it
/// (none for a literal or an enumerator spelled in the argument itself).
void noteValue(const Expr &Arg, const std::string &Name,
               const SymbolicValue &V, const std::vector<AtomInfo> &Atoms,
               ASTContext &Ctx, const Preprocessor *PP,
               std::vector<DiagnosisNote> &Notes);

/// The contexts a call is judged in, each handed to \p Each as it is made
/// (one at a time: a context is large): its own function's, and, where its
/// values need \p Fn's parameters (or only a flag parameter decides whether
/// it runs), each frame of callers that binds them. \p Evaluate(Bindings,
/// Context) fills a context, which has Reached, Path, Atoms and Chain;
/// \p NeedsParams(Context) says whether a value waits for a parameter.
template <class ContextT, class EvaluateFn, class NeedsParamsFn, class EachFn>
void forEachCallContext(const FunctionDecl *Fn, ASTContext &Ctx,
                        EvaluateFn Evaluate, NeedsParamsFn NeedsParams,
                        EachFn Each) {
  // (The first context lives while the frames' are made: what they share
  // with it, they may read there.)
  ContextT C;
  Evaluate(FunctionValues::Bindings(), C);
  if (!C.Reached)
    return; // dead code, e.g. a branch of another template instantiation
  const bool Undecided = reachedOnlyByFlag(Fn, C.Path, C.Atoms);
  if (!Undecided)
    Each(C); // what holds whatever the parameters are
  if (!Undecided && !NeedsParams(C))
    return;
  for (CallerFrame &F : callerFrames(Fn, Ctx, C.PointerParams, C.BufferPairs)) {
    ContextT Bound;
    Bound.Chain = std::move(F.Chain);
    Evaluate(std::move(F.Bindings), Bound);
    // `if (m == 0) return;` with m = 0 from this caller
    if (Bound.Reached && !reachedOnlyByFlag(Fn, Bound.Path, Bound.Atoms))
      Each(Bound);
  }
}

/// The diagnoses of a call over the contexts forEachCallContext makes, one
/// per location and message: \p Diagnose(Context, Out) appends a context's,
/// and a later context's repeat of one already there is left out.
template <class ContextT, class EvaluateFn, class NeedsParamsFn,
          class DiagnoseFn>
std::vector<Diagnosis> diagnoseEachCallContext(const FunctionDecl *Fn,
                                               ASTContext &Ctx,
                                               EvaluateFn Evaluate,
                                               NeedsParamsFn NeedsParams,
                                               DiagnoseFn Diagnose) {
  std::vector<Diagnosis> Out;
  std::set<std::pair<unsigned, std::string>> Seen;
  forEachCallContext<ContextT>(
      Fn, Ctx, std::move(Evaluate), std::move(NeedsParams),
      [&](const ContextT &C) {
        std::vector<Diagnosis> Here;
        Diagnose(C, Here);
        for (Diagnosis &D : Here)
          if (Seen.emplace(D.Loc.getRawEncoding(), D.Finding.Message).second)
            Out.push_back(std::move(D));
      });
  return Out;
}

/// " when 'c' is true and 'd' is false": the conditions of \p G, for notes.
std::string whenText(const Guard &G, const std::vector<AtomInfo> &Atoms);


// --- one context's values, read the one way for both APIs --------------------

/// What the rules read of a pointer argument in one context, each fact
/// unknown where not proven.
struct PointerSymbols {
  bool Null = false; // a null pointer constant, as written
  SymbolicValue Type, Count, ToPointer, Where, Size, Offset, IsZero;
};

/// What every calling context has, whatever the API: the guard under which
/// the call is reached, whether it is reached at all, the conditions the
/// values depend on, and the chain of call sites (outermost last) that
/// bound the enclosing function's parameters.
struct ContextBase {
  Guard Path;
  bool Reached = true; // false: no path of this context reaches the call
  std::vector<AtomInfo> Atoms;
  std::vector<ChainLink> Chain;
  /// Pointer parameters whose memory the rules want to know where this
  /// function alone does not say (alpha and beta against a pointer mode):
  /// the callers' frames bind where what they pass lies.
  llvm::SmallVector<const ParmVarDecl *, 2> PointerParams;
  /// Pairs of pointer parameters whose being one buffer the rules want (C
  /// and D, in place): the callers' frames bind the pairs they pass so.
  llvm::SmallVector<ParameterPair, 1> BufferPairs;

  /// Records where \p FV's walk reached the call.
  void reachedBy(const FunctionValues &FV) {
    Path = FV.pathToTarget();
    Reached = FV.reachable();
  }

  /// Asks the callers where the scalar argument \p Arg (alpha, beta) lies,
  /// read as \p P here, when this function does not say and it is one of
  /// \p Fn's parameters.
  void askCallersWhere(const Expr &Arg, const PointerSymbols &P,
                       const FunctionDecl *Fn) {
    if (!P.Null && !P.Where.Known)
      if (const ParmVarDecl *Param = parameterOf(&Arg, Fn))
        PointerParams.push_back(Param);
  }

  /// Asks the callers the allocation behind the buffer argument \p Arg (a
  /// workspace), read as \p P here, when this function does not say and it
  /// is one of \p Fn's parameters.
  void askCallersAbout(const Expr &Arg, const PointerSymbols &P,
                       const FunctionDecl *Fn) {
    if (!P.Null && !P.Size.Known)
      if (const ParmVarDecl *Param = parameterOf(&Arg, Fn);
          Param && !llvm::is_contained(PointerParams, Param))
        PointerParams.push_back(Param);
  }
};

/// A diagnosis placed at \p Arg, the argument its finding is about
/// (\p Call where it is about none); the caller adds the finding and notes.
Diagnosis diagnosisAt(const Expr *Arg, const CallExpr &Call);

/// Appends the notes that end each diagnosis of context \p C, after those
/// of its inputs: the call sites that bound its values, then "in
/// instantiation of 'f<int>' requested here" where \p Enclosing is a
/// template's instantiation.
void noteContext(const ContextBase &C, const FunctionDecl *Enclosing,
                 ASTContext &Ctx, std::vector<DiagnosisNote> &Notes);

/// How a pointer argument is read: a buffer, or a scalar (alpha, beta),
/// which a cast between floating-point types does not hide: cuBLAS reads
/// the scalar that is there (`reinterpret_cast<const float *>(bf16)`). A
/// buffer of one type reused for another is common, a scalar read as
/// another is not.
enum class PointerRole { Buffer, Scalar };

/// Whether \p E is written as a null pointer (NULL, nullptr, 0).
inline bool writtenNull(const Expr &E, ASTContext &Ctx) {
  const Expr *Bare = E.IgnoreParenImpCasts();
  // (A pointer variable or field, the commonest argument, never is one: no
  // integer constant, no std::nullptr_t.)
  if (isa<DeclRefExpr, MemberExpr>(Bare) && Bare->getType()->isPointerType())
    return false;
  return Bare->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull);
}

/// The facts of pointer argument \p Arg where \p FV's walk reached the
/// call, into \p Out (a fresh one).
void readPointer(FunctionValues &FV, const Expr &Arg, PointerRole Role,
                 ASTContext &Ctx, PointerSymbols &Out);

/// \p S on one assignment of the context's conditions, into the rules
/// core's facts \p P (which keep what the call itself says where the
/// analysis knows nothing). An offset into a whole allocation is an address
/// as good as any for alignment and extents: the allocation starts 256-byte
/// aligned, at FunctionValues::AllocationBase.
inline void pickPointerFacts(const PointerSymbols &S, unsigned Assignment,
                      bool Correlated, rules::PointerFacts &P) {
  if (S.Null) {
    P.Address = rules::Value::of(0);
    return;
  }
  auto Pick = [&](const SymbolicValue &V) {
    return valueUnder(V, Assignment, Correlated);
  };
  P.PointeeType = Pick(S.Type);
  P.PointeeCount = Pick(S.Count);
  P.PointeeIsPointer = Pick(S.ToPointer);
  if (const rules::Value Where = Pick(S.Where); Where.Known)
    P.Where = static_cast<rules::Residency>(Where.V);
  constexpr int64_t Base = FunctionValues::AllocationBase;
  const rules::Value Offset = Pick(S.Offset), Size = Pick(S.Size);
  if (Offset.Known && Offset.V >= 0) {
    P.Address = rules::Value::of(Base + Offset.V);
    if (Size.Known && Size.V > 0) {
      P.AllocBegin = rules::Value::of(Base);
      P.AllocEnd = rules::Value::of(Base + Size.V);
    }
  }
}

/// One note per alternative of \p V, at the expression that gave it (else
/// at \p Arg): \p Describe(value), then where it came from and when.
void noteAlternatives(const SymbolicValue &V, const Expr &Arg,
                      llvm::function_ref<std::string(int64_t)> Describe,
                      const std::vector<AtomInfo> &Atoms,
                      std::vector<DiagnosisNote> &Notes);

/// A literal or an enumerator, perhaps cast: a value the argument spells
/// itself, the same in every calling context and template instantiation.
bool isSelfEvident(const Expr *E);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_DIAGNOSIS_CALLCONTEXT_H
