//===--- FunctionCache.h - gemm-tidy ------------------------------*- C++ -*-===//
//
// The CFGs of the functions analysed last and what the walks learnt about
// them, kept per translation unit: a function with many calls, or a
// wrapper analysed for each of its callers, is built and walked once.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_ANALYSIS_FUNCTIONCACHE_H
#define GEMM_TIDY_ANALYSIS_FUNCTIONCACHE_H

#include "Analysis/Environment.h"

#include "clang/Analysis/CFG.h"
#include <memory>
#include <vector>

namespace clang::tidy::gemm {

struct FunctionEntry {
  const Stmt *Body = nullptr;
  std::unique_ptr<CFG> Graph;
  bool GraphTried = false;
  std::shared_ptr<const FunctionValues::Facts> Facts;
  /// Whether the body is one straight run (straightRun()), the nodes its
  /// graph's elements would be, in order, where each one's subtree starts,
  /// and the body's facts for its walks, which need no graph.
  bool Straight = false;
  std::vector<const Stmt *> StraightElements;
  std::vector<unsigned> StraightStarts;
  std::shared_ptr<const FunctionValues::Facts> StraightFacts;
  /// Walks kept for the calls analysed next, one per set of parameter
  /// bindings (none: the function on its own; a caller's constants).
  struct SharedWalk {
    FunctionValues::Bindings Params;
    std::unique_ptr<FunctionValues::Walk> Walk;
  };
  std::vector<SharedWalk> Walks; // the newest last
  /// The same for a straight run: the state after its first Done
  /// elements, and the conditions met on the way.
  struct StraightWalk {
    FunctionValues::Bindings Params;
    unsigned Done = 0;
    FunctionValues::State At; // (its Vars)
    std::vector<AtomInfo> Atoms;
    llvm::DenseMap<const Expr *, Literal> ConditionAtoms;
    llvm::SmallVector<const ParmVarDecl *, 4> ReadParams; // (findKept)
  };
  std::vector<StraightWalk> StraightWalks; // the newest last

  /// Empty again for another function, its vectors' room kept (entries are
  /// reused as they are evicted).
  void clear() {
    Body = nullptr;
    Graph.reset();
    GraphTried = false;
    Facts.reset();
    Straight = false;
    StraightElements.clear();
    StraightStarts.clear();
    StraightFacts.reset();
    Walks.clear();
    StraightWalks.clear();
  }
};

// Walks kept per function: its own and those of a few callers' bindings.
constexpr unsigned KeptWalks = 4;


/// Whether two sets of bindings bind each of \p Read alike (walks are kept
/// only for integer bindings).
bool sameBindingsOf(llvm::ArrayRef<const ParmVarDecl *> Read,
                    const FunctionValues::Bindings &A,
                    const FunctionValues::Bindings &B);

/// The walk of \p Walks (Entry.Walks, Entry.StraightWalks) that stands for
/// \p Params: one whose steps read no parameter these bind otherwise (a
/// walk is a function of the bindings it reads: a wrapper's callers that
/// bind what the wrapper only passes on share its own walk); end() where
/// none is. One kept for other bindings is taken over: it goes on with
/// these.
inline llvm::ArrayRef<const ParmVarDecl *>
readParams(const FunctionEntry::SharedWalk &K) {
  if (!K.Walk)
    return {};
  return K.Walk->ReadParams;
}
inline llvm::ArrayRef<const ParmVarDecl *>
readParams(const FunctionEntry::StraightWalk &K) {
  return K.ReadParams;
}
template <class KeptT>
typename std::vector<KeptT>::iterator
findKept(std::vector<KeptT> &Walks, const FunctionValues::Bindings &Params) {
  auto It = llvm::find_if(Walks, [&](const KeptT &K) {
    return sameBindingsOf(readParams(K), K.Params, Params);
  });
  if (It != Walks.end())
    It->Params = Params;
  return It;
}

/// A new walk for \p Params, the newest of \p Walks; the oldest is dropped
/// past KeptWalks.
template <class KeptT>
KeptT &newKept(std::vector<KeptT> &Walks,
               const FunctionValues::Bindings &Params) {
  if (Walks.size() >= KeptWalks)
    Walks.erase(Walks.begin());
  Walks.emplace_back();
  Walks.back().Params = Params;
  return Walks.back();
}

/// The entry of \p Fn, made at its first use; it lives until a later call
/// evicts it.
FunctionEntry &entryOf(const FunctionDecl *Fn, Stmt *Body, ASTContext &Ctx);

/// The CFG of the function of \p Entry, built at its first use; null
/// where the function is too deep.
const CFG *graphOf(FunctionEntry &Entry, const FunctionDecl *Fn,
                   ASTContext &Ctx);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_ANALYSIS_FUNCTIONCACHE_H
