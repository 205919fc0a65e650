//===--- FunctionValues.h - gemm-tidy -----------------------------*- C++ -*-===//
//
// The evaluator every gemm-* check shares: FunctionValues walks one
// function up to a matched call (walkTo) and, for an argument there,
// computes a value, a few values each tied to the conditions that select
// it, or "unknown". It sees through locals assigned before the call, fields
// of local aggregates, trait constants, small functions that return a value,
// arithmetic, casts and ternaries; the function's parameters take what its
// callers bind (CallerFrames.h). Statements are executed along Clang's CFG
// of the function, so returns, throws, noreturn calls, goto, switch, loops
// and dead branches are followed as they run. It never guesses: what it
// cannot follow is unknown, and unknown values never yield findings.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_ANALYSIS_FUNCTIONVALUES_H
#define GEMM_TIDY_ANALYSIS_FUNCTIONVALUES_H

#include "Analysis/Syntax.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"
#include <cstdint>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace clang::tidy::gemm {

/// A condition a value depends on, and which way it went: atom Id is true
/// (Positive) or false. Atoms with the same Id are the same condition on
/// values that cannot change between its occurrences.
struct Literal {
  unsigned Atom : 31;
  unsigned Positive : 1;
};

/// A conjunction of literals, at most one per atom: a bit per atom for
/// whether it occurs and one for which way (a function has at most
/// MaxAtoms atoms). Sixteen bytes copied as they are, as guards are with
/// every value; its literals iterate by atom.
class Guard {
public:
  static constexpr unsigned MaxAtoms = 64;

  Guard() = default;
  Guard(Literal L)
      : Mask(uint64_t(1) << L.Atom),
        Pos(static_cast<uint64_t>(L.Positive) << L.Atom) {}
  bool empty() const { return Mask == 0; }
  unsigned size() const { return llvm::popcount(Mask); }
  bool contains(Literal L) const {
    return (Mask >> L.Atom & 1) && (Pos >> L.Atom & 1) == L.Positive;
  }
  /// The literals this guard shares with \p O.
  Guard common(const Guard &O) const {
    const uint64_t Same = Mask & O.Mask & ~(Pos ^ O.Pos);
    return Guard(Same, Pos & Same);
  }
  /// Whether every literal of \p O is one of this guard's.
  bool includes(const Guard &O) const {
    return (O.Mask & ~Mask) == 0 && ((Pos ^ O.Pos) & O.Mask) == 0;
  }
  /// Whether the two have the same atoms and differ in exactly one's way.
  bool differsInOne(const Guard &O) const {
    return Mask == O.Mask && llvm::popcount(Pos ^ O.Pos) == 1;
  }
  /// The conjunction of \p A and \p B; nullopt where they contradict each
  /// other.
  friend std::optional<Guard> conjoin(const Guard &A, const Guard &B) {
    if ((A.Mask & B.Mask & (A.Pos ^ B.Pos)) != 0)
      return std::nullopt;
    return Guard(A.Mask | B.Mask, A.Pos | B.Pos);
  }
  /// Whether \p G holds when each atom I has the value of bit I of
  /// \p Assignment.
  friend bool holds(const Guard &G, uint64_t Assignment) {
    return ((Assignment ^ G.Pos) & G.Mask) == 0;
  }
  bool operator==(const Guard &O) const {
    return Mask == O.Mask && Pos == O.Pos;
  }
  bool operator!=(const Guard &O) const { return !(*this == O); }

  class iterator {
  public:
    using value_type = Literal;
    using difference_type = std::ptrdiff_t;
    using pointer = const Literal *;
    using reference = Literal;
    using iterator_category = std::forward_iterator_tag;
    iterator(uint64_t Rest, uint64_t Pos) : Rest(Rest), Pos(Pos) {}
    Literal operator*() const {
      const unsigned Atom = llvm::countr_zero(Rest);
      return Literal{Atom, static_cast<unsigned>(Pos >> Atom & 1)};
    }
    iterator &operator++() {
      Rest &= Rest - 1;
      return *this;
    }
    bool operator==(const iterator &O) const { return Rest == O.Rest; }
    bool operator!=(const iterator &O) const { return Rest != O.Rest; }

  private:
    uint64_t Rest, Pos;
  };
  iterator begin() const { return iterator(Mask, Pos); }
  iterator end() const { return iterator(0, Pos); }

private:
  Guard(uint64_t Mask, uint64_t Pos) : Mask(Mask), Pos(Pos) {}
  uint64_t Mask = 0, Pos = 0;
};

/// What to call where a value was written, in a note ("the value of 'ld'",
/// "assigned here"). Values are copied at every read of a variable, so the
/// text is kept once, interned for the process, and a copy is a pointer and
/// a length (texts are made of the names in the code analysed: as many as
/// those names, however many translation units are analysed).
class OriginText {
public:
  OriginText() = default;
  OriginText(llvm::StringRef S) : Text(S.empty() ? S : intern(S)) {}
  OriginText(const char *S) : OriginText(llvm::StringRef(S)) {}
  OriginText(const std::string &S) : OriginText(llvm::StringRef(S)) {}
  /// "Lead 'Name'", the commonest form ("the value of 'ld'").
  static OriginText quoting(llvm::StringRef Lead, llvm::StringRef Name);
  llvm::StringRef ref() const { return Text; }
  operator llvm::StringRef() const { return Text; }
  std::string str() const { return Text.str(); }
  bool empty() const { return Text.empty(); }
  bool operator==(llvm::StringRef Other) const { return Text == Other; }
  bool operator!=(llvm::StringRef Other) const { return Text != Other; }

private:
  static llvm::StringRef intern(llvm::StringRef S);
  llvm::StringRef Text;
};

/// Where a value was written: the expression that produced it, and what to
/// call it in a note.
struct Origin {
  const Expr *At = nullptr;
  OriginText What;
};

/// One value an expression can have, under a guard.
struct Alternative {
  Guard When;
  int64_t Value = 0;
  Origin From;
};

// Copied as bytes: values are copied and moved at every step.
static_assert(std::is_trivially_copyable_v<Alternative>);

/// The result of evaluating an expression: unknown, or alternatives whose
/// guards cover every feasible path.
struct SymbolicValue {
  bool Known = false;
  llvm::SmallVector<Alternative, 2> Alternatives;
  /// Parameters of the analysed function the value would need.
  llvm::SmallVector<const ParmVarDecl *, 2> NeedsParams;
  /// An unknown value that is, unchanged, the pitch in bytes a
  /// cudaMallocPitch call returned: that call; null otherwise.
  const CallExpr *PitchFrom = nullptr;

  static SymbolicValue unknown() { return {}; }
  static SymbolicValue constant(int64_t V, Origin From = {}) {
    SymbolicValue S;
    S.Known = true;
    S.Alternatives.push_back({{}, V, std::move(From)});
    return S;
  }
  bool isConstant() const {
    return Known && Alternatives.size() == 1 && Alternatives[0].When.empty();
  }
  /// Unknown and needing nothing: what unknown() makes.
  bool isPlainUnknown() const {
    return !Known && Alternatives.empty() && NeedsParams.empty() && !PitchFrom;
  }
};

/// The condition behind an atom, for notes ("when 't' is true").
struct AtomInfo {
  const Expr *Cond;
  const ASTContext *Ctx;
  /// For a condition on values nothing can change: the hash of its
  /// profile (the same condition written again is the same atom); else 0.
  unsigned StableHash = 0;
  /// The condition as written (shortened), made only for a note.
  std::string text() const;
};

/// A small map kept as a vector sorted by key: the environment's maps hold
/// a few entries each and are copied whole at every write after a branch,
/// so one allocation per copy (and none for a lookup) beats a tree's node
/// per entry; a caller's bindings, copied, moved and dropped for every
/// frame a wrapper is analysed in, hold a function's few parameters (a
/// hash map's 64 buckets cost more to walk). Inserting or erasing moves
/// the later entries: iterators and references do not survive either.
template <class Key, class Value, unsigned Inline = 2> class FlatMap {
public:
  using value_type = std::pair<Key, Value>;
  using Storage = llvm::SmallVector<value_type, Inline>;
  using iterator = typename Storage::iterator;
  using const_iterator = typename Storage::const_iterator;

  iterator begin() { return Entries.begin(); }
  iterator end() { return Entries.end(); }
  const_iterator begin() const { return Entries.begin(); }
  const_iterator end() const { return Entries.end(); }
  bool empty() const { return Entries.empty(); }
  size_t size() const { return Entries.size(); }

  iterator lower_bound(const Key &K) {
    return std::lower_bound(begin(), end(), K, less);
  }
  const_iterator lower_bound(const Key &K) const {
    return std::lower_bound(begin(), end(), K, less);
  }
  iterator find(const Key &K) {
    iterator It = lower_bound(K);
    return It != end() && !std::less<Key>()(K, It->first) ? It : end();
  }
  const_iterator find(const Key &K) const {
    const_iterator It = lower_bound(K);
    return It != end() && !std::less<Key>()(K, It->first) ? It : end();
  }
  size_t count(const Key &K) const { return find(K) != end(); }
  Value lookup(const Key &K) const {
    const_iterator It = find(K);
    return It == end() ? Value() : It->second;
  }
  Value &operator[](const Key &K) {
    iterator It = lower_bound(K);
    if (It == end() || std::less<Key>()(K, It->first))
      It = Entries.insert(It, value_type(K, Value()));
    return It->second;
  }
  size_t erase(const Key &K) {
    iterator It = find(K);
    if (It == end())
      return 0;
    Entries.erase(It);
    return 1;
  }
  iterator erase(iterator It) { return Entries.erase(It); }
  iterator erase(iterator From, iterator To) { return Entries.erase(From, To); }

private:
  static bool less(const value_type &E, const Key &K) {
    return std::less<Key>()(E.first, K);
  }
  Storage Entries;
};

/// Evaluates expressions inside one function, at one call in its body.
class FunctionValues {
public:
  struct State;
  /// Parameter values from a call site (the wrapper analysis): integer
  /// parameters by value; in Objects, the attributes of the handle or
  /// cuBLASLt object a parameter (or a field of a structure parameter)
  /// receives there -- a handle's pointer mode, a layout's rows -- followed
  /// from the function's entry as objects the function did not create.
  /// In FieldValues, the fields of a structure parameter (by value or
  /// const reference: a `const Config &cfg`) as the caller's object has them.
  /// In PointerWhere, where the memory a pointer parameter receives lies
  /// (gemm::rules::Residency), where the caller knows it.
  struct Bindings : FlatMap<const ParmVarDecl *, SymbolicValue, 0> {
    std::map<std::pair<ObjectRef, int64_t>, SymbolicValue> Objects;
    std::map<std::pair<const ParmVarDecl *, const FieldDecl *>, SymbolicValue> FieldValues;
    FlatMap<const ParmVarDecl *, SymbolicValue, 0> PointerWhere;
    /// And, where the caller allocated it, the allocation's size and the
    /// offset into it the parameter receives.
    FlatMap<const ParmVarDecl *, SymbolicValue, 0> PointerSize, PointerOffset;
    /// Pointer parameters the caller gives one buffer (the same pointer at
    /// the same offset): `gemm(x, x)` for `gemm(const T *c, T *d)`.
    llvm::SmallVector<std::pair<const ParmVarDecl *, const ParmVarDecl *>, 1>
        SameBuffer;
    bool bindsNothing() const {
      return empty() && Objects.empty() && FieldValues.empty() &&
             PointerWhere.empty() && SameBuffer.empty();
    }
  };

  /// The values of \p Fn's code, its parameters bound as \p Params says,
  /// with the conditions they depend on in \p Atoms; nothing is known until
  /// walkTo() has run (constants still fold).
  FunctionValues(ASTContext &Ctx, const FunctionDecl *Fn,
                 std::vector<AtomInfo> &Atoms, Bindings Params = Bindings());
  ~FunctionValues();

  /// Walks \p Fn's body up to \p Target, a call in it: what the values
  /// are there, and under which conditions it is reached.
  void walkTo(const CallExpr *Target);

  /// The value of \p E where the walk reached the target statement.
  SymbolicValue evaluate(const Expr *E);

  /// What a pointer argument points to, where the walk reached the target:
  /// the cudaDataType of the object it was taken from, its residency
  /// (gemm::rules::Residency) and, for a whole cudaMalloc'd allocation,
  /// its size in bytes. Each is unknown where not proven.
  struct PointerValue {
    SymbolicValue Type, Where, Size;
    SymbolicValue Offset; // bytes from the start of a whole allocation
    SymbolicValue IsZero; // 1 when it points to a constant zero, 0 if not
    /// Elements of Type known to lie from the pointer on: an array's
    /// length, where it decays to a pointer to its first element.
    SymbolicValue Count;
    /// Where a cast between pointers to two floating-point types hides it
    /// (`reinterpret_cast<const float *>(bf16_alpha)`), the type of the
    /// scalar behind the cast; Type is then unknown. The diagnoses read it
    /// for alpha and beta only: a buffer of one type reused for another is
    /// common, a scalar of one type read as another is not.
    SymbolicValue CastFrom;
    /// 1 where it points to a pointer (`&beta` of a `const float *beta`).
    SymbolicValue ToPointer;
  };
  PointerValue evaluatePointer(const Expr *E);

  /// The objects whose state the analysis follows: a cuBLAS handle and the
  /// cuBLASLt matmul descriptor, matrix layout and matmul preference, as
  /// the functions of Models/ApiModel.h create, set and end them. Each is a
  /// local variable created in this function (cublasCreate,
  /// cublasLt*Create) and not exposed to anything that could change it
  /// unseen; its state is one value per attribute: a Lt object's
  /// attributes by their cublasLt.h ids, a handle's pointer and math modes
  /// by Models/ApiModel.h's HandleAttribute, and whether it was destroyed.
  static constexpr int64_t DestroyedAttribute = -1;
  /// Pointer-valued attributes hold a made-up address: this base plus the
  /// offset into a whole allocation, when both are known.
  static constexpr int64_t AllocationBase = 0x100000;

  /// Attribute \p Id of the object \p E names where the walk reached the
  /// target, with where each value was set; unknown where not followed.
  SymbolicValue evaluateAttribute(const Expr *E, int64_t Id);

  /// Attribute \p Id of the object \p O (a variable, or a structure's
  /// field): as evaluateAttribute(); for an object parameter not bound,
  /// unknown and needing it.
  SymbolicValue evaluateAttribute(ObjectRef O, int64_t Id);

  /// The pointer mode and math mode of a handle variable (two attributes).
  struct HandleValue {
    SymbolicValue PointerMode, MathMode;
  };
  HandleValue evaluateHandle(const Expr *E);

  /// Field \p F of the structure \p Base names (a local, or a parameter
  /// whose callers bound its fields) where the walk reached the target.
  SymbolicValue evaluateField(const Expr *Base, const FieldDecl *F);

  /// The guard under which the target is reached at all.
  const Guard &pathToTarget() const { return TargetPath; }

  struct Facts;
  struct Walk;

  /// False when no path of the function reaches the target: it follows a
  /// return, throw or noreturn call, or sits in a branch that cannot be
  /// taken with the values known here (a constant condition of a template
  /// instantiation, a parameter bound by a caller).
  bool reachable() const { return !Dead; }

  /// Whether the function assigns its parameter \p P (then what its
  /// callers pass is not what \p P holds everywhere).
  bool writesParameter(const ParmVarDecl *P) const;

private:
  struct Env;
  class Walker;
  SymbolicValue eval(const Expr *E, const Env &Vars, unsigned Depth);
  // eval's steps, by the form of the expression (Evaluator.cpp).
  SymbolicValue folded(const Expr *E);
  SymbolicValue valueThroughCast(const CastExpr *Cast, const Env &Vars,
                                 unsigned Depth);
  SymbolicValue valueOfMember(const MemberExpr *M, const Env &Vars);
  SymbolicValue valueOfUnary(const UnaryOperator *U, const Env &Vars,
                             unsigned Depth);
  SymbolicValue valueOfBinary(const BinaryOperator *B, const Env &Vars,
                              unsigned Depth);
  SymbolicValue valueOfConditional(const ConditionalOperator *C,
                                   const Env &Vars, unsigned Depth);
  SymbolicValue evalVar(const VarDecl *V, const Env &Vars, unsigned Depth);
  SymbolicValue evalCall(const CallExpr *Call, const Env &Vars,
                         unsigned Depth);
  PointerValue evalPointer(const Expr *E, const Env &Vars, unsigned Depth);
  // evalPointer's steps, by the form of the expression (PointerEvaluator.cpp).
  PointerValue pointerThroughCast(const CastExpr *Cast, const Env &Vars,
                                  unsigned Depth);
  PointerValue pointerToObject(const UnaryOperator *AddrOf);
  PointerValue pointerOfVariable(const DeclRefExpr *E, const VarDecl *V,
                                 const Env &Vars);
  PointerValue pointerOfConditional(const ConditionalOperator *C,
                                    const Env &Vars, unsigned Depth);
  PointerValue pointerReturnedBy(const CallExpr *Call, const Env &Vars,
                                 unsigned Depth);
  PointerValue pointerAfterArithmetic(const BinaryOperator *B, const Env &Vars,
                                      unsigned Depth);
  /// How a callee's parameters take the arguments of a call the evaluation
  /// follows into it.
  enum class ArgumentBinding {
    Values,          ///< every parameter a value (eval), whatever its type
    PointersApart,   ///< pointer parameters a pointer (evalPointer)
    IntegersRecords, ///< integers a value, structures \p BindRecord's
  };
  /// Binds \p Args, evaluated in \p Vars at \p Depth, to \p Def's
  /// parameters in \p Inner's callee frame, as \p How says.
  void bindArguments(
      const FunctionDecl &Def, llvm::ArrayRef<const Expr *> Args,
      const Env &Vars, unsigned Depth, ArgumentBinding How, Env &Inner,
      llvm::function_ref<void(const ParmVarDecl *, const Expr *)> BindRecord =
          nullptr);
  SymbolicValue paramField(const ParmVarDecl *P, const FieldDecl *F);
  std::optional<Literal> atomFor(const Expr *Cond);
  bool stableCondition(const Expr *Cond) const;

  ASTContext &Ctx;
  const FunctionDecl *Fn;
  std::vector<AtomInfo> &Atoms;
  Bindings Params;
  std::unique_ptr<Env> AtTarget;
  Guard TargetPath;
  bool GaveUp = false;
  bool Dead = false;
  llvm::DenseMap<const Expr *, Literal> ConditionAtoms;
  /// Where not null, the walk being kept: the parameters its steps read
  /// (evalVar), whose bindings another walk must share to go on from it.
  llvm::SmallVectorImpl<const ParmVarDecl *> *ReadParams = nullptr;
  /// What the function does to its variables (what escapes, the written
  /// parameters, the pointers copied elsewhere), shared with its CFG's
  /// cache entry; null where the walk did not start.
  std::shared_ptr<const Facts> Known;
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_ANALYSIS_FUNCTIONVALUES_H
