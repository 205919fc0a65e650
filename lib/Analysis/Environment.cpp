//===--- Environment.cpp - gemm-tidy -------------------------------------===//

#include "Analysis/Environment.h"
#include "Analysis/Syntax.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include <mutex>

namespace clang::tidy::gemm {

llvm::StringRef OriginText::intern(llvm::StringRef S) {
  if (S.empty())
    return {};
  // Never destroyed: clangd's workers may still be analysing at exit.
  static std::mutex *Lock = new std::mutex;
  static llvm::StringSet<> *Texts = new llvm::StringSet<>;
  std::lock_guard<std::mutex> Hold(*Lock);
  return Texts->insert(S).first->getKey();
}

OriginText OriginText::quoting(llvm::StringRef Lead, llvm::StringRef Name) {
  llvm::SmallString<96> S(Lead);
  S += " '";
  S += Name;
  S += "'";
  return OriginText(S.str());
}

std::string AtomInfo::text() const { return describe(Cond, *Ctx); }

SymbolicValue withGuard(const SymbolicValue &V, const Guard &G) {
  if (!V.Known)
    return V;
  SymbolicValue Out;
  Out.Known = true;
  Out.NeedsParams = V.NeedsParams;
  for (const Alternative &A : V.Alternatives)
    if (std::optional<Guard> Both = conjoin(A.When, G))
      Out.Alternatives.push_back({*Both, A.Value, A.From});
  return Out;
}

// The unknown value of an expression over \p Parts: it needs every
// parameter one of them needs, each once (appended, a value joined at each
// branch of a long function doubled its list at every join: 23 GB for
// TransformerEngine's cublas_gemm).
SymbolicValue unknownOf(std::initializer_list<const SymbolicValue *> Parts) {
  SymbolicValue U;
  for (const SymbolicValue *Part : Parts)
    for (const ParmVarDecl *P : Part->NeedsParams)
      if (!llvm::is_contained(U.NeedsParams, P))
        U.NeedsParams.push_back(P);
  return U;
}

void mergeInto(SymbolicValue &A, const SymbolicValue &B,
               std::optional<Literal> L) {
  if (sameValue(A, B))
    return;
  if (!A.Known || !B.Known || !L) {
    // An unknown that needs nothing stays so against a value that needs
    // nothing either.
    if (A.isPlainUnknown() && B.NeedsParams.empty())
      return;
    SymbolicValue U = unknownOf({&A, &B});
    if (!A.Known && !B.Known && A.PitchFrom == B.PitchFrom)
      U.PitchFrom = A.PitchFrom; // the same pitch on both paths
    A = std::move(U);
    return;
  }
  SymbolicValue Other = withGuard(B, {Literal{L->Atom, !L->Positive}});
  A = withGuard(A, {*L});
  A.Alternatives.append(Other.Alternatives.begin(), Other.Alternatives.end());
  if (A.Alternatives.size() > MaxAlternatives)
    A = SymbolicValue::unknown();
}

bool mergeKeeps(const SymbolicValue &A, const SymbolicValue &B) {
  // (mergeInto()'s two ways out that leave A as it is.)
  return sameValue(A, B) || (A.isPlainUnknown() && B.NeedsParams.empty());
}

bool sameValue(const SymbolicValue &A, const SymbolicValue &B) {
  if (!A.Known || !B.Known || A.Alternatives.size() != B.Alternatives.size())
    return false;
  for (unsigned I = 0; I < A.Alternatives.size(); ++I)
    if (A.Alternatives[I].Value != B.Alternatives[I].Value ||
        A.Alternatives[I].When != B.Alternatives[I].When)
      return false;
  return true;
}

// Whether two values are the same, where each came from included (a walk
// with one caller's bindings notes that caller's arguments).
bool identical(const SymbolicValue &A, const SymbolicValue &B) {
  if (A.Known != B.Known || A.PitchFrom != B.PitchFrom ||
      A.NeedsParams != B.NeedsParams ||
      A.Alternatives.size() != B.Alternatives.size())
    return false;
  for (unsigned I = 0; I < A.Alternatives.size(); ++I) {
    const Alternative &X = A.Alternatives[I], &Y = B.Alternatives[I];
    if (X.Value != Y.Value || X.When != Y.When || X.From.At != Y.From.At ||
        X.From.What != Y.From.What)
      return false;
  }
  return true;
}
} // namespace clang::tidy::gemm
