//===--- Environment.h - gemm-tidy --------------------------------*- C++ -*-===//
//
// The lattice the walk computes over and the states it carries: a value
// is unknown or a few alternatives, each under a guard (the conditions of
// its path); the environment maps locals, fields of local aggregates,
// pointers' facts and objects' attributes to values, each map shared
// between states until written; a state is an environment and the ways
// to reach it. Joining two states keeps what they agree on and, where
// they differ by one condition, both values under it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_ANALYSIS_ENVIRONMENT_H
#define GEMM_TIDY_ANALYSIS_ENVIRONMENT_H

#include "Analysis/Syntax.h"
#include "Analysis/FunctionValues.h"

#include "clang/Analysis/CFG.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/STLExtras.h"
#include <initializer_list>
#include <memory>
#include <optional>
#include <vector>

namespace clang::tidy::gemm {

constexpr unsigned MaxAlternatives = 16;
constexpr unsigned MaxAtoms = Guard::MaxAtoms; // conditions tracked per function
constexpr unsigned MaxDepth = 8;

// The key under which a handle the analysed function did not create is
// marked (FunctionValues::DestroyedAttribute's neighbour).
constexpr int64_t BorrowedAttribute = -2;

/// A map shared between the states that hold it until one of them writes
/// it (copy on write): the walk copies a state at every branch and joins
/// two at every merge, and most maps are the same on both sides. Reads of
/// a const map share; any non-const access takes a copy of its own first.
/// (The count of holders is not atomic: a walk's states live and die in
/// the thread analysing its translation unit.)
template <class Key> class SharedMap {
public:
  using Map = FlatMap<Key, SymbolicValue>;
  using iterator = typename Map::iterator;
  using const_iterator = typename Map::const_iterator;

  const Map &get() const { return Data ? Data->Entries : empty(); }
  Map &mut() {
    if (!Data)
      Data = llvm::makeIntrusiveRefCnt<Shared>();
    else if (Data.useCount() > 1)
      Data = llvm::makeIntrusiveRefCnt<Shared>(*Data);
    return Data->Entries;
  }
  /// The same map, unwritten since one state was copied from the other.
  bool sameAs(const SharedMap &O) const { return Data == O.Data; }

  const_iterator find(const Key &K) const { return get().find(K); }
  const_iterator begin() const { return get().begin(); }
  const_iterator end() const { return get().end(); }
  const_iterator lower_bound(const Key &K) const { return get().lower_bound(K); }
  size_t count(const Key &K) const { return get().count(K); }
  // (Iterators of a non-const map all come from its own copy.)
  iterator find(const Key &K) { return mut().find(K); }
  iterator begin() { return mut().begin(); }
  iterator end() { return mut().end(); }
  iterator lower_bound(const Key &K) { return mut().lower_bound(K); }
  SymbolicValue &operator[](const Key &K) { return mut()[K]; }
  size_t erase(const Key &K) { return get().count(K) ? mut().erase(K) : 0; }
  iterator erase(iterator It) { return mut().erase(It); }
  iterator erase(iterator From, iterator To) { return mut().erase(From, To); }

private:
  struct Shared : llvm::RefCountedBase<Shared> {
    Map Entries;
  };
  static const Map &empty() {
    static const Map Empty;
    return Empty;
  }
  llvm::IntrusiveRefCntPtr<Shared> Data;
};

struct FunctionValues::Env {
  SharedMap<const VarDecl *> Locals;
  SharedMap<std::pair<const VarDecl *, const FieldDecl *>> Fields;
  /// Local pointers: what they point to, where, and the allocation size.
  SharedMap<const VarDecl *> PtrType, PtrWhere, PtrSize, PtrOffset;
  /// Local cuBLAS handles and cuBLASLt objects (variables, and fields of
  /// local structures): their attributes by id (Models/ApiModel.h).
  SharedMap<std::pair<ObjectRef, int64_t>> Objects;
  /// The arguments of a callee being evaluated inline (a getter's body):
  /// its parameters' values, and what its pointer parameters point to.
  /// (Apart, and only there: the walk's states, moved at every block, do
  /// not carry them.)
  struct CalleeArgs {
    FlatMap<const ParmVarDecl *, SymbolicValue, 0> Params;
    FlatMap<const ParmVarDecl *, PointerValue, 0> Pointers;
  };
  std::shared_ptr<CalleeArgs> Callee;
  CalleeArgs &callee() {
    if (!Callee)
      Callee = std::make_shared<CalleeArgs>();
    return *Callee;
  }
};

/// \p V, each alternative under \p G as well (those it contradicts
/// dropped).
SymbolicValue withGuard(const SymbolicValue &V, const Guard &G);

/// The unknown value of an expression over \p Parts: it needs every
/// parameter one of them needs, each once.
SymbolicValue unknownOf(std::initializer_list<const SymbolicValue *> Parts);

/// \p A becomes itself where \p L holds and \p B where it does not: the
/// same where the two agree; unknown where either is, where no literal
/// tells the two paths apart (a switch's cases), or where the alternatives
/// grow past MaxAlternatives. (Left untouched where that is what it is
/// already: at a switch's end, once per case after the first.)
void mergeInto(SymbolicValue &A, const SymbolicValue &B,
               std::optional<Literal> L);

/// Whether mergeInto(A, B, no condition) leaves \p A as it is.
bool mergeKeeps(const SymbolicValue &A, const SymbolicValue &B);

/// Whether two values have the same alternatives under the same guards.
bool sameValue(const SymbolicValue &A, const SymbolicValue &B);

/// Whether two values are the same, where each came from included.
bool identical(const SymbolicValue &A, const SymbolicValue &B);

// Joins what holds on two paths: a value both agree on stays; values that
// differ are kept under \p L where the paths differ by one condition (the
// first path's values hold when L does), and are unknown otherwise.
template <class Key>
void joinMaps(SharedMap<Key> &IntoMap, const SharedMap<Key> &OtherMap,
              std::optional<Literal> L) {
  if (IntoMap.sameAs(OtherMap))
    return; // nothing written on either path since they parted
  auto &Into = IntoMap.mut();
  const auto &Other = OtherMap.get();
  for (auto &[K, V] : Into) {
    auto It = Other.find(K);
    if (It == Other.end())
      V = SymbolicValue::unknown();
    else
      mergeInto(V, It->second, L);
  }
  for (const auto &[K, V] : Other)
    if (!Into.count(K))
      Into[K] = SymbolicValue::unknown();
}

// Whether joinMaps(Into, Other, no condition) leaves \p IntoMap as it is:
// every key of Other's is Into's, and each of Into's keeps its value
// against Other's (or, where Other lacks it, is already the unknown that
// joinMaps() writes).
template <class Key>
bool joinKeeps(const SharedMap<Key> &IntoMap, const SharedMap<Key> &OtherMap) {
  if (IntoMap.sameAs(OtherMap))
    return true;
  for (const auto &[K, V] : IntoMap.get()) {
    auto It = OtherMap.find(K);
    const bool Kept =
        It == OtherMap.end() ? V.isPlainUnknown() : mergeKeeps(V, It->second);
    if (!Kept)
      return false;
  }
  return llvm::all_of(OtherMap.get(),
                      [&](const auto &KV) { return IntoMap.count(KV.first); });
}

// --- the walk over the CFG ----------------------------------------------------------

/// What holds on entry to a block or edge: the values, and the ways to get
/// there: a disjunction of the conjunctions of conditions taken (one, with
/// no condition, at the entry).
struct FunctionValues::State {
  Env Vars;
  llvm::SmallVector<Guard, 2> Paths{Guard()};
};

/// What holds for a whole function, whatever its parameters: where each
/// element is, which locals escape, and the order of the blocks.
struct FunctionValues::Facts {
  /// Where each call is (the analysis stops at calls).
  llvm::DenseMap<const Stmt *, std::pair<const CFGBlock *, unsigned>> Where;
  llvm::DenseMap<const VarDecl *, bool> Escapes;
  llvm::DenseMap<const ParmVarDecl *, bool> WrittenParams;
  llvm::DenseMap<const VarDecl *, bool> Aliased;
  bool GaveUp = false;
  std::vector<const CFGBlock *> Order; // reverse post-order
  std::vector<unsigned> Rank;          // by block ID; ~0u: unreachable
  /// How many edges lead from a block with more than two successors (a
  /// switch) to each of them: the ways into a case, counted once, not
  /// looked up among every case for every case.
  llvm::DenseMap<std::pair<const CFGBlock *, const CFGBlock *>, unsigned>
      ManyWays;
  /// By block ID, for a switch's case that only assigns constants to
  /// tracked integers and goes on to one later block: that switch's block
  /// (null for the others; empty where there is none). The walk makes such
  /// a case's way where it joins the others, and not at all where the ways
  /// joined before it already forget all it would say (Walker::absorbs).
  std::vector<const CFGBlock *> SwitchOf;
  /// By block ID, for those cases: the variables each assigns.
  std::vector<llvm::SmallVector<const VarDecl *, 1>> CaseAssigns;
};

/// The walk through a function's blocks: the states at their ends, kept
/// between the calls in one function while no parameter is bound, so that
/// each block is executed once for all of them. A state is dropped once
/// every successor has been entered.
struct FunctionValues::Walk {
  std::vector<std::optional<State>> Out;
  // A branch's condition (none: unknown; most blocks are no branch).
  std::vector<std::optional<SymbolicValue>> Cond;
  std::vector<std::optional<Literal>> CondLit; // and its atom
  std::vector<unsigned> Pending;               // successors not entered
  unsigned Next = 0;                           // blocks of Order done
  std::vector<AtomInfo> Atoms;
  llvm::DenseMap<const Expr *, Literal> ConditionAtoms;
  llvm::SmallVector<const ParmVarDecl *, 4> ReadParams; // (findKept)
};


} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_ANALYSIS_ENVIRONMENT_H
