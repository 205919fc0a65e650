//===--- GemmDiagnosis.h - gemm-tidy ------------------------------*- C++ -*-===//
//
// From a matched call to the diagnostics every gemm-* check draws from: the
// arguments are evaluated (ValueAnalysis), jointly per assignment of the
// conditions they share, in the call's own function and in the contexts of
// the calls of that function that pass known values; a finding of the rules
// core is kept only when it holds on every feasible path of a context, and
// comes with notes that show where each deciding value came from.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_GEMMDIAGNOSIS_H
#define GEMM_TIDY_GEMMDIAGNOSIS_H

#include "GemmCallAnalysis.h"
#include "Analysis/ValueAnalysis.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::gemm {

struct DiagnosisNote {
  SourceLocation Loc;
  std::string Text;
};

struct Diagnosis {
  rules::Finding Finding;
  SourceLocation Loc;               // the argument the finding is about
  SourceRange Range;                // all of that argument
  std::vector<DiagnosisNote> Notes; // where the deciding values came from
  FixItHint Fix; // the rules' replacement of the argument; null where none
};

/// The diagnostics of \p Call, a call of the GEMM family or of a function
/// that builds cuBLASLt objects (LtObjectCall.h) inside \p Enclosing (null
/// where not known), computed once per call and translation unit and shared
/// by the checks. \p LibraryVersion is CUBLAS_VERSION or 0.
const std::vector<Diagnosis> &diagnoseGemmCall(const CallExpr &Call,
                                               const FunctionDecl &Callee,
                                               const FunctionDecl *Enclosing,
                                               ASTContext &Ctx,
                                               const Preprocessor *PP,
                                               int64_t LibraryVersion);

// --- the pieces every call's diagnosis is made of ----------------------------

/// A way the parameters of a function get constant values: from one of its
/// call sites (and, for that call site's own parameters, one of its caller's
/// frames), with the notes that walk the chain.
struct CallerFrame {
  FunctionValues::Bindings Bindings;
  std::vector<DiagnosisNote> Chain; // innermost call site first
};

/// The frames that bind constants to \p Fn's integer parameters, from the
/// main file's calls of it (recordCallSite), a few levels of wrappers deep.
std::vector<CallerFrame> callerFrames(const FunctionDecl *Fn, ASTContext &Ctx);

/// Records that \p Caller calls \p Site's callee at \p Site, for
/// callerFrames: the check gives every call in the main file's functions as
/// the matchers find it, and diagnoses calls once all are known.
void recordCallSite(const CallExpr &Site, const FunctionDecl &Caller,
                    ASTContext &Ctx);

/// Up to this many conditions a context's findings are decided once per
/// assignment of them (64); beyond, only unconditional values count.
constexpr unsigned MaxCorrelatedAtoms = 6;

/// The value \p V has when each atom I has the value of bit I of
/// \p Assignment (only its unconditional value when not \p Correlated).
rules::Value valueUnder(const SymbolicValue &V, unsigned Assignment,
                        bool Correlated);

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

/// Whether, in a template instantiation \p Fn, \p Path reaches the call only
/// when a bool parameter says so: callers may tie that flag to the template
/// argument, so only the frames of callers that pass it as a constant judge
/// such a call.
bool reachedOnlyByFlag(const FunctionDecl *Fn, const Guard &Path,
                       const std::vector<AtomInfo> &Atoms);

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
  bool NeedsCallers;
  {
    ContextT C;
    Evaluate(FunctionValues::Bindings(), C);
    if (!C.Reached)
      return; // dead code, e.g. a branch of another template instantiation
    const bool Undecided = reachedOnlyByFlag(Fn, C.Path, C.Atoms);
    NeedsCallers = Undecided || NeedsParams(C);
    if (!Undecided)
      Each(C); // what holds whatever the parameters are
  }
  if (!NeedsCallers)
    return;
  for (CallerFrame &F : callerFrames(Fn, Ctx)) {
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

/// "in instantiation of 'f<int>' requested here" where \p Enclosing is a
/// template's instantiation.
void noteInstantiation(const FunctionDecl *Enclosing, ASTContext &Ctx,
                       std::vector<DiagnosisNote> &Notes);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_GEMMDIAGNOSIS_H
