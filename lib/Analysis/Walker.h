//===--- Walker.h - gemm-tidy -------------------------------------*- C++ -*-===//
//
// The walk of one function's CFG up to a target call: the blocks before it
// are executed in reverse post-order on an environment of the locals (and
// fields of local aggregates) that nothing can modify behind the
// analysis' back, i.e. whose address never escapes. A branch on an unknown
// condition sends each successor the condition as a literal of its path;
// where paths that differ by one condition meet, the values they disagree
// on are kept under that condition, so values chosen by one flag stay
// correlated. A branch whose condition is known sends the state one way
// only, so dead code (after return, throw, noreturn calls, under constant
// conditions) never reaches the target. At a loop's header what the loop
// writes is unknown; each block is visited once. A switch's case that only
// assigns constants is made where the cases join, and not at all where
// that join would change nothing (absorbs()).
//
// The solver (Walker.cpp) drives the walk and computes what escapes; the
// transfer functions are split by what they act on: statements, calls and
// allocations (Transfer.cpp), handles and cuBLASLt objects
// (ObjectTransfer.cpp), structures (RecordTransfer.cpp). Expressions are
// evaluated by FunctionValues (FunctionValues.h; Evaluator.cpp,
// PointerEvaluator.cpp), whose walkTo() runs the walk.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_ANALYSIS_WALKER_H
#define GEMM_TIDY_ANALYSIS_WALKER_H

#include "Analysis/Environment.h"
#include "Analysis/FunctionCache.h"
#include "Analysis/ObjectRecipes.h"
#include "Models/ApiModel.h"

#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <memory>
#include <optional>
#include <vector>

namespace clang::tidy::gemm {

class FunctionValues::Walker {
public:
  Walker(FunctionValues &FV) : FV(FV) {}

  // The walk of a straight-line body (straightRun()) to \p Target, one of
  // its elements: the elements before the target's arguments, in order,
  // from an empty state; every path reaches it. False where \p Target is
  // not one of them.
  bool runStraight(FunctionEntry &Entry, const CallExpr *Target);

  void run(const CFG &G, FunctionEntry &Entry, const CallExpr *Target);

private:
  // run()'s steps: a target the graph does not hold, the walk kept for
  // these bindings, a new walk's state, the target block's elements before
  // the target.
  void judgeOutsideGraph(const CallExpr *Target);
  Walk &keptWalk(FunctionEntry &Entry, unsigned TargetRank);
  void startWalk(const CFG &G);
  void executeBefore(const CallExpr *Target, const CFGBlock &Block,
                     unsigned TargetIndex, Env &Vars);

  FunctionValues &FV;
  const Facts *F = nullptr;
  Facts *Building = nullptr; // while facts() fills it in
  Walk *W = nullptr;
  // "assigned to 'x' here" per variable and field, made once per walk (a
  // switch assigns one variable in every case).
  llvm::DenseMap<std::pair<const VarDecl *, const FieldDecl *>, OriginText>
      AssignedTexts;
  OriginText assignedText(const VarDecl *V, const FieldDecl *F);

  unsigned rank(const CFGBlock *B) const { return F->Rank[B->getBlockID()]; }

  // The addresses of locals an element takes, and those of them only a
  // function that fills in or reads the object receives (which do not let
  // the local escape).
  struct AddressScan {
    llvm::SmallPtrSet<const Expr *, 8> SetterAddresses;
    llvm::SmallVector<const Expr *, 8> AddressesTaken;
    void escapeAddresses(Walker &W) {
      for (const Expr *Addr : AddressesTaken)
        if (!SetterAddresses.count(Addr))
          W.escape(cast<UnaryOperator>(Addr)->getSubExpr());
    }
  };

  // --- the solver (Walker.cpp) ---

  // What one element tells about the whole function: the locals whose
  // address it takes or that it lets a callee write, the parameters it
  // writes, the pointers it copies.
  void scanElement(const Stmt *S, AddressScan &Scan);

  // The facts of a straight-line body from the nodes straightRun() found
  // would be its CFG's elements (the others, names, literals, casts and
  // member accesses, tell scanElement() nothing).
  std::shared_ptr<const Facts>
  straightFacts(llvm::ArrayRef<const Stmt *> Elements);

  // Where the elements are, and what escapes (one pass over the elements).
  std::shared_ptr<const Facts> facts(const CFG &G);

  void execute(const CFGBlock *B);

  static bool isBranch(const CFGBlock *B);

  // The branch condition of B, evaluated where B ends.
  void leave(const CFGBlock *B, const State &S);

  // The state along the edge P -> its Index'th successor, made in \p Out
  // (empty on entry; left empty where the edge cannot be taken).
  void edgeState(const CFGBlock *P, unsigned Index, bool Consume,
                 std::optional<State> &Out);

  static Guard commonLiterals(llvm::ArrayRef<Guard> Ways);

  // A condition true on every way of A and false on every way of B.
  static std::optional<Literal> separating(llvm::ArrayRef<Guard> A,
                                           llvm::ArrayRef<Guard> B);

  // The ways of two states together, simplified: two ways that differ in
  // one condition are one way without it; a way that implies another is
  // dropped. Beyond eight ways, what they all share.
  static void unite(llvm::SmallVector<Guard, 2> &Into,
                    llvm::ArrayRef<Guard> Other);

  static void join(State &Into, const State &Other);

  // The state on entry to B, made in \p In (empty on entry; left empty
  // where no way reaches B); Consume: B is being executed, and a
  // predecessor's state it is the last to need may be moved from. (States
  // are made where they are kept: a move costs as much as a block's
  // assignment.)
  void entryState(const CFG &G, const CFGBlock *B, bool Consume,
                  std::optional<State> &In);
  State joinAll(llvm::SmallVectorImpl<State> &Incoming);
  // The ways into a block met so far (entryState()).
  struct WaysIn;
  // Adds the way out of \p P (its successor \p Index) to \p Ways.
  void enterWay(const CFGBlock *P, unsigned Index, bool Consume,
                WaysIn &Ways);

  // --- a switch's cases that only assign constants (Facts::SwitchOf) ---

  // The switch whose case \p B is made where it joins (null: made in order).
  const CFGBlock *deferredSwitch(const CFGBlock *B) const {
    return F->SwitchOf.empty() ? nullptr : F->SwitchOf[B->getBlockID()];
  }
  // Which such cases facts() finds: each assignment one to a tracked integer
  // of an expression of constants, all else nothing transfer() acts on.
  void findConstantCases(const CFG &G, Facts &Out);
  // The variable \p S assigns a constant to (null where it assigns none),
  // false where it does something else; \p Tracked remembers tracked().
  bool
  assignsConstant(const Stmt *S, const VarDecl *&Assigned,
                  llvm::SmallDenseMap<const VarDecl *, bool, 4> &Tracked) const;
  // The way out of \p P into its successor, made in \p Out (left empty
  // where none comes): a deferred case's from its switch's state.
  void wayOut(const CFGBlock *P, unsigned Index, bool Consume,
              std::optional<State> &Out);
  // What joining a deferred case's way (its switch's state \p From, with
  // the case's constants) into the ways joined so far, \p Acc, would
  // change, the same for each case of that switch until another way is
  // joined: Keeps, whether the ways, the maps and the locals From holds
  // stay; Plain, Acc's unknowns that need nothing (an assignment of a
  // constant leaves them so); Differ, Acc's locals that From's value would
  // change (a case must assign them).
  struct Absorbing {
    const CFGBlock *Switch = nullptr; // (null: to be made)
    bool Keeps = false;
    llvm::SmallVector<const VarDecl *, 4> Plain;
    llvm::SmallVector<const VarDecl *, 2> Differ;
  };
  struct WaysIn {
    std::optional<State> &In;
    llvm::SmallVector<State, 2> Incoming;
    bool Streaming = false;
    Absorbing Cache; // (for a switch's deferred cases, while Streaming)
  };
  void absorbing(const State &Acc, const std::optional<State> &From,
                 Absorbing &Out) const;
  // Whether joining the deferred case \p P's way would change nothing.
  bool absorbs(const CFGBlock &P, const Absorbing &A) const;
  // A loop's header: what any block of the loop writes is unknown.
  void havocLoop(const CFGBlock *Header, Env &E);

  void scanEscapes(const Stmt *S, llvm::SmallVectorImpl<const Expr *> &Addresses);
  void scanCallEscapes(const CallExpr *Call);

  void escape(const Expr *E);

  // Whether argument \p I of \p Call is a structure that holds objects
  // given to be filled in (by address or non-const reference).
  static bool makesHeldObjects(const CallExpr *Call, unsigned I,
                               const FunctionDecl *Callee);

  // A copy of an object a structure holds (`x = s.a`), or of the structure
  // (`Setup t = s;`): its objects can change behind the analysis.
  void aliasHeldObjects(const Expr *Copied);

  void writeParam(const Expr *E);

  // --- statements and calls (Transfer.cpp) ---

  bool tracked(const VarDecl *V) const;

  void setPointer(const VarDecl *V, const PointerValue &P, Env &E);

  // Whether transfer() can change anything for \p S.
  static bool hasEffects(const Stmt *S);

  // What one element of the CFG does to the environment.
  void transfer(const Stmt *S, Env &E);

  // An object built from a handle (an RAII guard whose destructor sets the
  // mode back) may change it, then or at the end of its scope; one built
  // from anything but numbers and messages may reach a borrowed handle.
  void constructEffects(const CXXConstructExpr *Construct, Env &E);

  // cudaMalloc(&p, size) and its cast forms, cublasCreate(&h),
  // cublasSetPointerMode(h, m), and anything else that receives a handle.
  void callEffects(const CallExpr *Call, Env &E);
  // callEffects' steps: borrowed handles the call may reach, freed memory,
  // what a call stores through an address (an allocation, a Create), a
  // member call on a structure of objects, and what each argument names.
  void forgetBorrowedReachedBy(const CallExpr *Call, Env &E);
  void freeMemory(const CallExpr *Call, Env &E);
  void storeThroughAddress(const CallExpr *Call, Env &E);
  void memberCallEffects(const CXXMemberCallExpr *Member, Env &E);
  void argumentEffects(const CallExpr *Call, unsigned I,
                       const ApiFunction &Info, Env &E);

  void declare(const VarDecl *V, Env &E);

  void assign(const Expr *LHS, SymbolicValue Val, const Expr *At, Env &E);

  void havoc(const llvm::SmallPtrSetImpl<const VarDecl *> &Written, Env &E);
  // --- objects: handles and cuBLASLt descriptors, layouts, preferences
  // (ObjectTransfer.cpp) ---

  // cublasSetPointerMode(handle, mode) on a handle this function received
  // (a parameter, a local copied from elsewhere): from here on its modes
  // are followed as set, marked borrowed, until a call that could reach it
  // by another name (forgetBorrowed) or a write to the variable.
  void borrowHandle(const VarDecl *V, Env &E);

  // An object this function did not create, followed from here on (a
  // parameter, a field of a structure parameter) until something could
  // reach it by another name.
  void borrowObject(ObjectRef O, Env &E);

  // The handles and cuBLASLt objects the callers pass, with the attributes
  // they have there (a handle's pointer mode, a layout's rows): borrowed
  // from the entry on.
  void seedObjects(Env &E);

  // A cuBLASLt setter or destroy on \p Target: the other borrowed objects
  // of its type may be the same object under another name (a caller passed
  // one layout as two parameters).
  static void forgetBorrowedLike(ObjectRef Target, Env &E);

  static bool hasBorrowed(const Env &E);

  static void forgetBorrowed(Env &E);

  static bool hasObject(ObjectRef V, const Env &E);

  static void forgetObject(ObjectRef V, Env &E);

  // Something the analysis does not follow received the object: its state
  // is unknown from here on, until it is created again.
  static void forgetAttributes(ObjectRef V, Env &E);

  // Whether objects are followed in \p V itself or in its fields.
  static bool holdsFollowedObjects(const VarDecl *V, const Env &E);

  // The objects \p V holds (itself, or in its fields) are no longer
  // followed (\p Erase) or their state is unknown.
  static void forgetHeldObjects(const VarDecl *V, Env &E, bool Erase);

  // The name as the code spells it: cublas_v2.h's cublasCreate for
  // cublasCreate_v2.
  static std::string calleeName(const Expr *Site);

  // cublasCreate(&h), cublasLtMatmulDescCreate(&d, compute, scale),
  // cublasLtMatrixLayoutCreate(&l, type, rows, cols, ld),
  // cublasLtMatmulPreferenceCreate(&p) and the *Init forms: every attribute
  // at its default, the arguments as given.
  // \p Args and \p Site as for setAttribute().
  void createObject(ObjectRef V, const CallExpr *Call,
                    const ApiFunction &Info, Env &E, const Env &Args,
                    const Expr *Site = nullptr);

  void destroyObject(ObjectRef V, const CallExpr *Call, Env &E);

  // cublasSetPointerMode(h, mode), cublasSetMathMode(h, mode), and
  // cublasLt*SetAttribute(obj, ATTR, &value, sizeof(value)), whose
  // arguments are evaluated in \p Args (the caller's environment, or a
  // setter wrapper's parameters); \p Site is the call notes name (the
  // wrapper's, where one is inlined).
  void setAttribute(ObjectRef V, const CallExpr *Call,
                    const ApiFunction &Info, Env &E, const Env &Args,
                    const Expr *Site = nullptr);

  // What `buf` holds, read as the attribute's type: the value of the
  // variable `&value` names when `sizeInBytes` is the attribute's size and
  // the variable is an integer of that size; for a pointer attribute, the
  // made-up address of a whole allocation plus a known offset. Otherwise
  // unknown (gemm-attribute-encoding's findings, or a value not followed).
  SymbolicValue attributeValue(const lt::AttrInfo &Info, const Expr *Buf,
                               const Expr *Size, const Env &Args);

  // A function of the file that only makes and configures one object
  // (objectRecipe()): argument \p I of \p Call (the object, or its
  // address), or the object it returns (\p I = -1), becomes \p V, with
  // the recipe's calls replayed with its parameters bound to this call's
  // arguments; where the recipe makes a structure's objects, \p V names
  // the caller's structure and each field's object is followed in it.
  // False where \p Call is no such function.
  bool inlineObjectCalls(const CallExpr *Call, int I, ObjectRef V, Env &E);

  // \p Recipe's calls on \p V, its parameters bound to \p Args; notes name
  // \p Site (a helper's call, a constructor, a member function's call).
  void replayRecipe(const ObjectRecipe &Recipe, llvm::ArrayRef<const Expr *> Args,
                    const Expr *Site, ObjectRef V, Env &E);

  // --- structures (RecordTransfer.cpp) ---

  static bool modelledField(const FieldDecl *F);

  void setField(const VarDecl *V, const FieldDecl *F, SymbolicValue Val,
                const Expr *At, llvm::StringRef What, Env &E);

  void forgetFields(const VarDecl *V, Env &E);

  // Whether \p E holds a field of the local \p V (a read: asked before a
  // write, which would take a copy of a shared map).
  static bool hasFields(const VarDecl *V, const Env &E);

  // `T t = s;`: t holds what s holds.
  void copyFields(const VarDecl *To, const Expr *From, Env &E);

  // The fields of what a function whose body is `return Plan{...};` (or
  // `return {...};`) returns: each initializer evaluated with the
  // parameters bound to the call's arguments, a structure argument's
  // fields included (`Shape{64, 8}`, a local's). Unknown otherwise.
  void returnedFields(const VarDecl *V, const RecordDecl *RD, const CallExpr *Call,
                      Env &E);

  // Each(F, Init) for each field of \p RD the walk models that \p List
  // initialises.
  template <class Fn>
  static void forEachFieldInit(const RecordDecl *RD, const InitListExpr *List,
                               Fn Each);

  // Each(F, Value) for each field of the local \p Source \p E holds.
  template <class Fn>
  static void forEachField(const VarDecl *Source, const Env &E, Fn Each);

  // A structure argument's fields, as parameter P's in Inner.
  void bindRecordArgument(const ParmVarDecl *P, const Expr *Arg, Env &Inner, const Env &E);

  void declareRecord(const VarDecl *V, Env &E);
  // declareRecord's steps, by the initializer: an aggregate's list, a
  // constant, a constructor (or none: the default member initializers).
  void aggregateFields(const VarDecl *V, const RecordDecl *RD,
                       const Expr *Init, Env &E);
  bool constantFields(const VarDecl *V, const RecordDecl *RD,
                      const Expr *Init, Env &E);
  void constructedFields(const VarDecl *V, const RecordDecl *RD,
                         const Expr *Init, const CXXConstructExpr *Construct,
                         Env &E);

};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_ANALYSIS_WALKER_H
