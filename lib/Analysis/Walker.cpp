//===--- Walker.cpp - gemm-tidy ------------------------------------------===//

#include "Analysis/Walker.h"
#include "Analysis/BodyShape.h"
#include "Analysis/StructuredGraph.h"
#include "Analysis/Syntax.h"
#include "Models/ApiModel.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::gemm {

bool FunctionValues::Walker::runStraight(FunctionEntry &Entry,
                                         const CallExpr *Target) {
  const std::vector<const Stmt *> &Elements = Entry.StraightElements;
  const auto At = llvm::find(Elements, Target);
  if (At == Elements.end())
    return false;
  if (!Entry.StraightFacts)
    Entry.StraightFacts = straightFacts(Elements);
  F = Entry.StraightFacts.get();
  FV.Known = Entry.StraightFacts;
  // (The target's arguments run before it: not before the call judged.)
  const unsigned Before = Entry.StraightStarts[At - Elements.begin()];
  // A walk with these bindings that stopped before here goes on from where
  // it stopped (a wrapper's call sites, one after the other; a function's
  // calls), as keptWalk() does on a graph; one is kept only where a later
  // call may want it.
  FunctionEntry::StraightWalk *Kept = nullptr;
  auto &Walks = Entry.StraightWalks;
  if (FV.Atoms.empty() && Before > 0) {
    auto It = findKept(Walks, FV.Params);
    if (It != Walks.end() && It->Done <= Before) {
      Kept = &*It;
    } else if (std::any_of(At + 1, Elements.end(), [](const Stmt *S) {
                 return isa<CallExpr>(S);
               })) {
      if (It != Walks.end()) { // (it went past here: it starts again)
        *It = FunctionEntry::StraightWalk();
        It->Params = FV.Params;
        Kept = &*It;
      } else {
        Kept = &newKept(Walks, FV.Params);
      }
    }
  }
  Env Vars;
  unsigned From = 0;
  if (Kept && Kept->Done > 0) {
    Vars = Kept->At.Vars;
    From = Kept->Done;
    FV.Atoms = Kept->Atoms;
    FV.ConditionAtoms = Kept->ConditionAtoms;
  } else {
    seedObjects(Vars);
  }
  FV.ReadParams = Kept ? &Kept->ReadParams : nullptr;
  for (unsigned I = From; I < Before; ++I)
    if (hasEffects(Elements[I]))
      transfer(Elements[I], Vars);
  FV.ReadParams = nullptr;
  if (Kept) {
    Kept->Done = Before;
    Kept->At.Vars = Vars;
    Kept->Atoms = FV.Atoms;
    Kept->ConditionAtoms = FV.ConditionAtoms;
  }
  FV.AtTarget = std::make_unique<Env>(std::move(Vars));
  return true;
}

void FunctionValues::Walker::run(const CFG &G, FunctionEntry &Entry, const CallExpr *Target) {
  if (!Entry.Facts)
    Entry.Facts = facts(G);
  F = Entry.Facts.get();
  FV.Known = Entry.Facts; // shared: the FunctionValues may outlive the entry
  if (F->GaveUp) {
    FV.GaveUp = true;
    return;
  }
  auto Found = F->Where.find(Target);
  if (Found == F->Where.end())
    return judgeOutsideGraph(Target);
  const auto [TargetBlock, TargetIndex] = Found->second;
  const unsigned TargetRank = F->Rank[TargetBlock->getBlockID()];
  if (TargetRank == ~0u) {
    FV.Dead = true; // not reachable from the entry
    return;
  }
  Walk Local;
  W = &Local;
  if (FV.Atoms.empty())
    W = &keptWalk(Entry, TargetRank);
  if (W->Out.empty())
    startWalk(G);
  FV.Atoms = W->Atoms;
  FV.ConditionAtoms = W->ConditionAtoms;
  FV.ReadParams = W != &Local ? &W->ReadParams : nullptr;
  while (W->Next < TargetRank)
    execute(F->Order[W->Next++]);
  FV.ReadParams = nullptr;
  W->Atoms = FV.Atoms;
  W->ConditionAtoms = FV.ConditionAtoms;

  std::optional<State> In;
  entryState(G, TargetBlock, false, In);
  if (!In) {
    FV.Dead = true;
    return;
  }
  executeBefore(Target, *TargetBlock, TargetIndex, In->Vars);
  FV.AtTarget = std::make_unique<Env>(std::move(In->Vars));
  FV.TargetPath = commonLiterals(In->Paths); // what every way agrees on
}

// A target that is no element of the graph: in the body, an unevaluated
// operand (sizeof, decltype, noexcept), which never runs; outside it (a
// constructor's initialisers), judged on constants only.
void FunctionValues::Walker::judgeOutsideGraph(const CallExpr *Target) {
  const SourceManager &SM = FV.Ctx.getSourceManager();
  const SourceRange Body = SM.getExpansionRange(
      FV.Fn->getBody()->getSourceRange()).getAsRange();
  if (SM.isPointWithin(SM.getExpansionLoc(Target->getBeginLoc()),
                       Body.getBegin(), Body.getEnd()))
    FV.Dead = true;
  else
    FV.GaveUp = true;
}

// One walk for the calls of a function analysed one after the other with
// the same bindings, restarted for a call it has gone past.
FunctionValues::Walk &
FunctionValues::Walker::keptWalk(FunctionEntry &Entry, unsigned TargetRank) {
  auto Found = findKept(Entry.Walks, FV.Params);
  FunctionEntry::SharedWalk &Kept = Found != Entry.Walks.end()
                                        ? *Found
                                        : newKept(Entry.Walks, FV.Params);
  if (!Kept.Walk || Kept.Walk->Next > TargetRank)
    Kept.Walk = std::make_unique<Walk>();
  return *Kept.Walk;
}

// A new walk of \p G: no block's state yet, and each block waiting for the
// predecessors it is reached from in reverse post-order.
void FunctionValues::Walker::startWalk(const CFG &G) {
  const unsigned N = G.getNumBlockIDs();
  W->Out.resize(N);
  W->Cond.assign(N, std::nullopt);
  W->CondLit.resize(N);
  W->Pending.assign(N, 0);
  for (const CFGBlock *B : F->Order)
    for (const CFGBlock *S : B->succs())
      if (S && rank(S) > rank(B) && rank(S) != ~0u)
        ++W->Pending[B->getBlockID()];
}

// The elements of \p Block before the target's, at \p TargetIndex. Those
// that are part of the target call (its arguments) are not executed before
// it; those with effects are collected when one is met (a tree: each part
// is reached once).
void FunctionValues::Walker::executeBefore(const CallExpr *Target,
                                           const CFGBlock &Block,
                                           unsigned TargetIndex, Env &Vars) {
  llvm::SmallPtrSet<const Stmt *, 8> InTarget;
  bool Collected = false;
  auto PartOfTarget = [&](const Stmt *S) {
    if (!Collected) {
      Collected = true;
      llvm::SmallVector<const Stmt *, 32> Work{Target};
      unsigned Parts = 0;
      while (!Work.empty() && ++Parts < MaxElements) {
        const Stmt *Part = Work.pop_back_val();
        if (!Part)
          continue;
        if (Part != Target && hasEffects(Part))
          InTarget.insert(Part);
        for (const Stmt *Child : Part->children())
          Work.push_back(Child);
      }
    }
    return InTarget.count(S) != 0;
  };
  unsigned I = 0;
  for (const CFGElement &El : Block) {
    if (I++ == TargetIndex)
      break;
    if (std::optional<CFGStmt> CS = El.getAs<CFGStmt>())
      if (hasEffects(CS->getStmt()) && !PartOfTarget(CS->getStmt()))
        transfer(CS->getStmt(), Vars);
  }
}

void FunctionValues::Walker::scanElement(const Stmt *S, AddressScan &Scan) {
  // A constant assigned to a local, the commonest element of a switch's
  // cases, writes no parameter, takes no address and copies nothing.
  if (const auto *B = dyn_cast<BinaryOperator>(S);
      B && B->getOpcode() == BO_Assign &&
      isa<IntegerLiteral, CharacterLiteral>(B->getRHS()->IgnoreParenCasts()))
    if (const auto *Ref = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens());
        Ref && !isa<ParmVarDecl>(Ref->getDecl()))
      return;
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    // A GEMM entry point takes numbers, pointers to numbers and a handle
    // by value (no reference, structure or object): its arguments tell
    // nothing (an address taken in one is an element of its own).
    if (const FunctionDecl *Callee = Call->getDirectCallee();
        Callee && classify(*Callee).K == CalleeRow::Gemm)
      return;
    if (storesThroughAddress(Call))
      Scan.SetterAddresses.insert(Call->getArg(0)->IgnoreParenCasts());
    // A cuBLASLt attribute setter only reads its buffer.
    const ApiFunction Info = objectCallOf(Call->getDirectCallee());
    if (Info.What == Effect::Set && !Info.Handle &&
        Call->getNumArgs() == Info.NumArgs)
      Scan.SetterAddresses.insert(Call->getArg(BufPos)->IgnoreParenCasts());
    // Nor does cuBLASLt keep the address of a structure it fills in
    // place (*Init) or reads as an object.
    if (const FunctionDecl *F = Call->getDirectCallee();
        F && F->getIdentifier() && F->getName().starts_with("cublasLt"))
      for (const Expr *Arg : Call->arguments())
        if (opaqueObject(Arg))
          Scan.SetterAddresses.insert(Arg->IgnoreParenCasts());
    if (pitchVar(Call))
      Scan.SetterAddresses.insert(Call->getArg(1)->IgnoreParenCasts());
    // Nor a function of the file that only makes the object through it.
    const FunctionDecl *Callee = Call->getDirectCallee();
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      if ((objectAddress(Call->getArg(I)) ||
           makesHeldObjects(Call, I, Callee)) &&
          objectRecipe(Call, I))
        Scan.SetterAddresses.insert(Call->getArg(I)->IgnoreParenCasts());
      // Nor a structure of objects given as a pointer to const (its
      // objects' state is forgotten at the call, Transfer.cpp).
      if (Callee && I < Callee->getNumParams() &&
          readOnlyHolder(Call->getArg(I), Callee->getParamDecl(I)))
        Scan.SetterAddresses.insert(Call->getArg(I)->IgnoreParenCasts());
    }
  }
  scanEscapes(S, Scan.AddressesTaken);
}

auto FunctionValues::Walker::straightFacts(llvm::ArrayRef<const Stmt *> Elements) -> std::shared_ptr<const Facts> {
  auto Out = std::make_shared<Facts>();
  F = Out.get();
  Building = Out.get();
  AddressScan Scan;
  for (const Stmt *S : Elements)
    scanElement(S, Scan);
  Scan.escapeAddresses(*this);
  return Out;
}

auto FunctionValues::Walker::facts(const CFG &G) -> std::shared_ptr<const Facts> {
  auto Out = std::make_shared<Facts>();
  F = Out.get();
  Building = Out.get();
  if (G.getNumBlockIDs() > MaxBlocks) {
    Out->GaveUp = true;
    return Out;
  }
  unsigned Elements = 0;
  AddressScan Scan;
  for (const CFGBlock *B : G) {
    unsigned I = 0;
    for (const CFGElement &El : *B) {
      ++I;
      std::optional<CFGStmt> CS = El.getAs<CFGStmt>();
      if (!CS)
        continue;
      if (++Elements > MaxElements) {
        Out->GaveUp = true;
        return Out;
      }
      const Stmt *S = CS->getStmt();
      if (isa<CallExpr>(S))
        Out->Where.try_emplace(S, B, I - 1); // the targets are calls
      scanElement(S, Scan);
    }
  }
  Scan.escapeAddresses(*this);
  // Blocks in reverse post-order from the entry; catch handlers, which
  // the CFG reaches only from explicit throws, are roots of their own.
  for (const CFGBlock *B : G)
    if (B->succ_size() > 2)
      for (const CFGBlock *S : B->succs())
        if (S)
          ++Out->ManyWays[{B, S}];
  Out->Order = walkOrder(G);
  Out->Rank.assign(G.getNumBlockIDs(), ~0u);
  for (unsigned I = 0; I < Out->Order.size(); ++I)
    Out->Rank[Out->Order[I]->getBlockID()] = I;
  if (!Out->ManyWays.empty())
    findConstantCases(G, *Out);
  return Out;
}

// An expression of constants: literals and enumerators, through casts and
// arithmetic (no read, call, condition or assignment: its value needs no
// parameter, and evaluating it makes no condition).
static bool ofConstants(const Expr *E, unsigned Depth) {
  if (!E || Depth > 16)
    return false;
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr>(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return isa<EnumConstantDecl>(Ref->getDecl());
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return Cast->getCastKind() != CK_LValueToRValue &&
           ofConstants(Cast->getSubExpr(), Depth + 1);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus ||
            U->getOpcode() == UO_Not) &&
           ofConstants(U->getSubExpr(), Depth + 1);
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return (B->isAdditiveOp() || B->isMultiplicativeOp() ||
            B->isShiftOp() || B->isBitwiseOp()) &&
           ofConstants(B->getLHS(), Depth + 1) &&
           ofConstants(B->getRHS(), Depth + 1);
  return false;
}

bool FunctionValues::Walker::assignsConstant(
    const Stmt *S, const VarDecl *&Assigned,
    llvm::SmallDenseMap<const VarDecl *, bool, 4> &Tracked) const {
  Assigned = nullptr;
  if (!hasEffects(S))
    return true; // (transfer() does nothing with it)
  const auto *B = dyn_cast<BinaryOperator>(S);
  if (!B || B->getOpcode() != BO_Assign || !ofConstants(B->getRHS(), 0))
    return false;
  const auto *Ref = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || !V->getType()->isIntegralOrEnumerationType())
    return false;
  auto [It, New] = Tracked.try_emplace(V);
  if (New) // (a switch assigns one variable in every case)
    It->second = tracked(V);
  Assigned = V;
  return It->second;
}

void FunctionValues::Walker::findConstantCases(const CFG &G, Facts &Out) {
  Out.SwitchOf.assign(G.getNumBlockIDs(), nullptr);
  Out.CaseAssigns.resize(G.getNumBlockIDs());
  llvm::SmallDenseMap<const VarDecl *, bool, 4> Tracked;
  llvm::SmallVector<const VarDecl *, 1> Assigns;
  for (const CFGBlock *B : Out.Order) {
    if (B->pred_size() != 1 || B->succ_size() != 1)
      continue;
    const CFGBlock *Switch = *B->pred_begin();
    const CFGBlock *Next = *B->succ_begin();
    // (One way in: the switch's one edge to it.)
    if (!Switch || !Next || Switch->succ_size() <= 2 ||
        Out.Rank[Switch->getBlockID()] >= Out.Rank[B->getBlockID()] ||
        Out.Rank[Next->getBlockID()] <= Out.Rank[B->getBlockID()] ||
        Out.Rank[Next->getBlockID()] == ~0u)
      continue;
    Assigns.clear();
    if (llvm::all_of(*B, [&](const CFGElement &El) {
          std::optional<CFGStmt> CS = El.getAs<CFGStmt>();
          const VarDecl *V = nullptr;
          if (!CS || !assignsConstant(CS->getStmt(), V, Tracked))
            return false;
          if (V)
            Assigns.push_back(V);
          return true;
        })) {
      Out.SwitchOf[B->getBlockID()] = Switch;
      Out.CaseAssigns[B->getBlockID()] = Assigns;
    }
  }
}

void FunctionValues::Walker::wayOut(const CFGBlock *P, unsigned Index,
                                    bool Consume, std::optional<State> &Out) {
  const CFGBlock *Switch = deferredSwitch(P);
  if (!Switch)
    return edgeState(P, Index, Consume, Out);
  // What execute() would have made of P: its switch's state (no branch:
  // the way in adds no condition), then P's assignments.
  const std::optional<State> &From = W->Out[Switch->getBlockID()];
  if (!From)
    return;
  Out.emplace(*From);
  for (const CFGElement &El : *P)
    if (std::optional<CFGStmt> CS = El.getAs<CFGStmt>())
      transfer(CS->getStmt(), Out->Vars);
}

void FunctionValues::Walker::absorbing(const State &Acc,
                                       const std::optional<State> &From,
                                       Absorbing &Out) const {
  Out.Plain.clear();
  Out.Differ.clear();
  // (A way of From's that Acc has: unite() drops it again, and no
  // condition separates the two, so values merge with none.)
  Out.Keeps =
      From && !From->Paths.empty() &&
      llvm::all_of(From->Paths,
                   [&](const Guard &G) {
                     return llvm::is_contained(Acc.Paths, G);
                   }) &&
      joinKeeps(Acc.Vars.Fields, From->Vars.Fields) &&
      joinKeeps(Acc.Vars.PtrType, From->Vars.PtrType) &&
      joinKeeps(Acc.Vars.PtrWhere, From->Vars.PtrWhere) &&
      joinKeeps(Acc.Vars.PtrSize, From->Vars.PtrSize) &&
      joinKeeps(Acc.Vars.PtrOffset, From->Vars.PtrOffset) &&
      joinKeeps(Acc.Vars.Objects, From->Vars.Objects);
  if (!Out.Keeps)
    return;
  // (Both maps are sorted by key: one pass.)
  const auto &Mine = Acc.Vars.Locals.get(), &Theirs = From->Vars.Locals.get();
  auto It = Theirs.begin();
  for (const auto &[K, V] : Mine) {
    if (It != Theirs.end() && std::less<const VarDecl *>()(It->first, K)) {
      Out.Keeps = false; // one From holds, Acc does not
      return;
    }
    const bool InFrom = It != Theirs.end() && It->first == K;
    if (V.isPlainUnknown())
      Out.Plain.push_back(K);
    if (InFrom ? !mergeKeeps(V, It->second) : !V.isPlainUnknown())
      Out.Differ.push_back(K);
    if (InFrom)
      ++It;
  }
  Out.Keeps = It == Theirs.end();
}

bool FunctionValues::Walker::absorbs(const CFGBlock &P,
                                     const Absorbing &A) const {
  // The way's locals are From's with P's assignments, each a constant or an
  // unknown that needs nothing: those P assigns must be Acc's unknowns that
  // need nothing, and those it does not must keep their values against
  // From's.
  const llvm::SmallVector<const VarDecl *, 1> &Assigned =
      F->CaseAssigns[P.getBlockID()];
  return A.Keeps &&
         llvm::all_of(Assigned,
                      [&](const VarDecl *V) {
                        return llvm::is_contained(A.Plain, V);
                      }) &&
         llvm::all_of(A.Differ, [&](const VarDecl *V) {
           return llvm::is_contained(Assigned, V);
         });
}

void FunctionValues::Walker::execute(const CFGBlock *B) {
  if (deferredSwitch(B))
    return; // made where it joins the others (wayOut())
  std::optional<State> &In = W->Out[B->getBlockID()];
  In.reset(); // (each block is executed once per walk: nothing to drop)
  entryState(*B->getParent(), B, true, In);
  // The predecessors' states are no longer needed once all their
  // successors have been entered (a deferred case's switch's, once the
  // case's way has been).
  for (const CFGBlock *P : B->preds()) {
    if (!P || rank(P) >= rank(B))
      continue;
    const CFGBlock *Held = deferredSwitch(P) ? deferredSwitch(P) : P;
    if (--W->Pending[Held->getBlockID()] == 0)
      W->Out[Held->getBlockID()].reset();
  }
  if (!In)
    return;
  for (const CFGElement &El : *B)
    if (std::optional<CFGStmt> CS = El.getAs<CFGStmt>())
      transfer(CS->getStmt(), In->Vars);
  leave(B, *In);
}

bool FunctionValues::Walker::isBranch(const CFGBlock *B) {
  const Stmt *T = B->getTerminatorStmt();
  if (!T || B->succ_size() != 2)
    return false;
  if (const auto *Op = dyn_cast<BinaryOperator>(T))
    return Op->isLogicalOp();
  return isa<IfStmt, ForStmt, WhileStmt, DoStmt, CXXForRangeStmt,
             AbstractConditionalOperator>(T);
}

void FunctionValues::Walker::leave(const CFGBlock *B, const State &S) {
  if (!isBranch(B))
    return;
  const Expr *C = B->getLastCondition();
  if (!C)
    return;
  W->Cond[B->getBlockID()] = FV.eval(C, S.Vars, 0);
  if (!W->Cond[B->getBlockID()]->isConstant())
    W->CondLit[B->getBlockID()] = FV.atomFor(C);
}

void FunctionValues::Walker::edgeState(const CFGBlock *P, unsigned Index,
                                       bool Consume, std::optional<State> &Out) {
  std::optional<State> &From = W->Out[P->getBlockID()];
  // The last successor to enter takes the state instead of a copy.
  auto Take = [&] {
    if (!From)
      return;
    if (Consume && W->Pending[P->getBlockID()] == 1)
      Out.emplace(std::move(*From));
    else
      Out.emplace(*From);
  };
  if (!From || !isBranch(P))
    return Take();
  const bool Taken = Index == 0;
  static const SymbolicValue Unknown;
  const std::optional<SymbolicValue> &Known = W->Cond[P->getBlockID()];
  const SymbolicValue &C = Known ? *Known : Unknown;
  if (C.isConstant()) {
    if ((C.Alternatives[0].Value != 0) == Taken)
      Take();
    return;
  }
  if (C.Known) {
    // Some value on some way here must send the branch this way.
    bool Feasible = false;
    for (const Alternative &A : C.Alternatives)
      for (const Guard &Way : From->Paths)
        Feasible |= (A.Value != 0) == Taken && conjoin(A.When, Way);
    if (!Feasible)
      return;
  }
  const std::optional<Literal> &L = W->CondLit[P->getBlockID()];
  if (!L)
    return Take();
  const Literal Cond{L->Atom, Taken == static_cast<bool>(L->Positive)};
  llvm::SmallVector<Guard, 2> Ways;
  for (const Guard &Way : From->Paths)
    if (std::optional<Guard> G = conjoin(Way, {Cond}))
      Ways.push_back(std::move(*G));
  if (Ways.empty())
    return; // contradicts the conditions taken on every way
  Take();
  Out->Paths = std::move(Ways);
}

Guard FunctionValues::Walker::commonLiterals(llvm::ArrayRef<Guard> Ways) {
  Guard Out = Ways.empty() ? Guard() : Ways[0];
  for (const Guard &Way : Ways.drop_front())
    Out = Out.common(Way);
  return Out;
}

std::optional<Literal> FunctionValues::Walker::separating(llvm::ArrayRef<Guard> A,
                                         llvm::ArrayRef<Guard> B) {
  for (const Literal &X : A.front()) {
    const Literal NotX{X.Atom, !X.Positive};
    if (llvm::all_of(A, [&](const Guard &G) { return G.contains(X); }) &&
        llvm::all_of(B, [&](const Guard &G) { return G.contains(NotX); }))
      return X;
  }
  return std::nullopt;
}

void FunctionValues::Walker::unite(llvm::SmallVector<Guard, 2> &Into,
                  llvm::ArrayRef<Guard> Other) {
  Into.append(Other.begin(), Other.end());
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (unsigned I = 0; I < Into.size() && !Changed; ++I)
      for (unsigned J = 0; J < Into.size() && !Changed; ++J) {
        if (I == J)
          continue;
        if (Into[I].differsInOne(Into[J])) { // one condition taken both ways
          Into[I] = commonLiterals({Into[I], Into[J]});
          Into.erase(Into.begin() + J);
          Changed = true;
        } else if (Into[J].includes(Into[I])) {
          Into.erase(Into.begin() + J); // Into[J] implies Into[I]
          Changed = true;
        }
      }
  }
  if (Into.size() > 8)
    Into = {commonLiterals(Into)};
}

void FunctionValues::Walker::join(State &Into, const State &Other) {
  const std::optional<Literal> L = separating(Into.Paths, Other.Paths);
  Env &E = Into.Vars;
  const Env &O = Other.Vars;
  joinMaps(E.Locals, O.Locals, L);
  joinMaps(E.Fields, O.Fields, L);
  joinMaps(E.PtrType, O.PtrType, L);
  joinMaps(E.PtrWhere, O.PtrWhere, L);
  joinMaps(E.PtrSize, O.PtrSize, L);
  joinMaps(E.PtrOffset, O.PtrOffset, L);
  joinMaps(E.Objects, O.Objects, L);
  unite(Into.Paths, Other.Paths);
}

void FunctionValues::Walker::entryState(const CFG &G, const CFGBlock *B,
                                        bool Consume, std::optional<State> &In) {
  if (B == &G.getEntry()) {
    In.emplace();
    seedObjects(In->Vars);
    return;
  }
  if (isa_and_nonnull<CXXCatchStmt>(B->getLabel())) {
    In.emplace(); // nothing known (a handler: wherever it was thrown)
    return;
  }
  // The first way in is made in place (most blocks have one way in); with
  // a second, all are collected to be joined, in the order they came.
  // Past PairedJoins ways, joinAll() joins them one after the other in
  // that order: so does this, as they come (a switch's end has a way in
  // from every case).
  WaysIn Ways{In};
  bool LoopHeader = false;
  for (const CFGBlock *P : B->preds()) {
    if (!P)
      continue;
    if (rank(P) >= rank(B)) {
      LoopHeader |= rank(P) != ~0u;
      continue; // a back edge: its writes are havocked below
    }
    if (P->succ_size() > 2) { // no branch: which way it is does not matter
      for (unsigned K = F->ManyWays.lookup({P, B}); K > 0; --K)
        enterWay(P, 0, Consume, Ways);
      continue;
    }
    unsigned Index = 0;
    for (const CFGBlock *S : P->succs()) {
      if (S == B)
        enterWay(P, Index, Consume, Ways);
      ++Index;
    }
  }
  if (!In)
    return;
  if (!Ways.Incoming.empty())
    *In = joinAll(Ways.Incoming);
  if (LoopHeader)
    havocLoop(B, In->Vars);
}

void FunctionValues::Walker::enterWay(const CFGBlock *P, unsigned Index,
                                      bool Consume, WaysIn &Ways) {
  // (A deferred case's way whose join would change nothing is not made.)
  if (const CFGBlock *Switch = deferredSwitch(P); Switch && Ways.Streaming) {
    if (Ways.Cache.Switch != Switch) {
      absorbing(Ways.Incoming[0], W->Out[Switch->getBlockID()], Ways.Cache);
      Ways.Cache.Switch = Switch;
    }
    if (absorbs(*P, Ways.Cache))
      return;
  }
  if (!Ways.In)
    return wayOut(P, Index, Consume, Ways.In);
  std::optional<State> E;
  wayOut(P, Index, Consume, E);
  if (!E)
    return;
  if (Ways.Streaming) {
    Ways.Cache.Switch = nullptr; // (the ways joined change)
    return join(Ways.Incoming[0], *E);
  }
  if (Ways.Incoming.empty())
    Ways.Incoming.push_back(std::move(*Ways.In));
  Ways.Incoming.push_back(std::move(*E));
  if (Ways.Incoming.size() > PairedJoins) {
    for (unsigned I = 1; I < Ways.Incoming.size(); ++I)
      join(Ways.Incoming[0], Ways.Incoming[I]);
    Ways.Incoming.truncate(1);
    Ways.Streaming = true;
  }
}

// The join of the states that come into a block: the paths that differ by
// one condition first (an else-if chain ends in one block), then the rest.
auto FunctionValues::Walker::joinAll(llvm::SmallVectorImpl<State> &Incoming)
    -> State {
  bool Merged = true;
  while (Incoming.size() > 1 && Merged && Incoming.size() <= PairedJoins) {
    Merged = false;
    for (unsigned I = 0; I < Incoming.size() && !Merged; ++I)
      for (unsigned J = I + 1; J < Incoming.size() && !Merged; ++J)
        if (Incoming[I].Paths.size() == 1 && Incoming[J].Paths.size() == 1 &&
            Incoming[I].Paths[0].differsInOne(Incoming[J].Paths[0])) {
          join(Incoming[I], Incoming[J]);
          Incoming.erase(Incoming.begin() + J);
          Merged = true;
        }
  }
  State In = std::move(Incoming[0]);
  for (unsigned I = 1; I < Incoming.size(); ++I)
    join(In, Incoming[I]);
  return In;
}

void FunctionValues::Walker::havocLoop(const CFGBlock *Header, Env &E) {
  llvm::SmallPtrSet<const CFGBlock *, 16> Loop{Header};
  llvm::SmallVector<const CFGBlock *, 16> Work;
  for (const CFGBlock *P : Header->preds())
    if (P && rank(P) >= rank(Header) && rank(P) != ~0u)
      Work.push_back(P);
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    if (!Loop.insert(B).second)
      continue;
    for (const CFGBlock *P : B->preds())
      if (P)
        Work.push_back(P);
  }
  llvm::SmallPtrSet<const VarDecl *, 8> Written;
  for (const CFGBlock *B : Loop)
    for (const CFGElement &El : *B)
      if (std::optional<CFGStmt> CS = El.getAs<CFGStmt>())
        writesOf(CS->getStmt(), Written);
  havoc(Written, E);
}

void FunctionValues::Walker::scanEscapes(const Stmt *S, llvm::SmallVectorImpl<const Expr *> &Addresses) {
  if (isa<GCCAsmStmt, MSAsmStmt>(S))
    Building->GaveUp = true;
  if (const auto *U = dyn_cast<UnaryOperator>(S)) {
    if (U->getOpcode() == UO_AddrOf)
      Addresses.push_back(U); // unless a setter receives it
    if (U->isIncrementDecrementOp())
      writeParam(U->getSubExpr());
  }
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp()) {
    writeParam(B->getLHS());
    // A copy of a handle can change its modes behind the analysis.
    if (const VarDecl *From = referencedVar(B->getRHS()))
      if (From->getType()->isPointerType())
        Building->Aliased[From] = true;
    aliasHeldObjects(B->getRHS());
  }
  if (const auto *D = dyn_cast<DeclStmt>(S))
    for (const Decl *Dl : D->decls())
      if (const auto *V = dyn_cast<VarDecl>(Dl)) {
        if (V->getType()->isReferenceType() && V->getInit() &&
            !V->getType()->getPointeeType().isConstQualified())
          escape(V->getInit());
        if (const VarDecl *From = referencedVar(V->getInit()))
          if (From->getType()->isPointerType() &&
              !From->getType()->getPointeeType()->isVoidType())
            Building->Aliased[From] = true;
        aliasHeldObjects(V->getInit());
      }
  if (const auto *Call = dyn_cast<CallExpr>(S))
    scanCallEscapes(Call);
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S))
    if (Op->getNumArgs() > 0)
      escape(Op->getArg(0));
  if (const auto *Lambda = dyn_cast<LambdaExpr>(S))
    for (const LambdaCapture &C : Lambda->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
          Building->Escapes[V] = true;
}

// The arguments a call may write (a non-const reference; any, where the
// callee is not known), and the object a member function may change.
void FunctionValues::Walker::scanCallEscapes(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  const unsigned First = storesThroughAddress(Call) ? 1 : 0;
  for (unsigned I = First; I < Call->getNumArgs(); ++I) {
    // (A lambda's or functor's call: its first argument is the object,
    // which escapes below; the others are its parameters'.)
    QualType ParamTy;
    if (const ParmVarDecl *Param = parameterFor(*Call, Callee, I))
      ParamTy = Param->getType();
    // Unknown callee or a non-const reference parameter may write it
    // (unless it only makes the objects a structure holds).
    if (ParamTy.isNull() ||
        (ParamTy->isReferenceType() &&
         !ParamTy->getPointeeType().isConstQualified() &&
         !(makesHeldObjects(Call, I, Callee) && objectRecipe(Call, I))))
      escape(Call->getArg(I));
  }
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    if (const CXXMethodDecl *M = Member->getMethodDecl())
      // A const member function can still write a mutable field; one
      // that only configures or returns the objects its class holds
      // writes nothing else.
      if ((!M->isConst() || (M->getParent() && M->getParent()->hasDefinition() &&
                             M->getParent()->hasMutableFields())) &&
          !objectGetter(Member) && !memberRecipe(Member))
        escape(Member->getImplicitObjectArgument());
}

bool FunctionValues::Walker::makesHeldObjects(const CallExpr *Call, unsigned I,
                                              const FunctionDecl *Callee) {
  return Callee && I < Callee->getNumParams() &&
         objectRecord(Call->getArg(I), Callee->getParamDecl(I));
}

void FunctionValues::Walker::aliasHeldObjects(const Expr *Copied) {
  // (A literal or an operator names no object: `ld = 16` in every case of
  // a switch need not ask.)
  if (!Copied || isa<IntegerLiteral, FloatingLiteral, CharacterLiteral,
                     CXXBoolLiteralExpr, CXXNullPtrLiteralExpr, BinaryOperator>(
                     Copied->IgnoreParenCasts()))
    return;
  if (const ObjectRef R = objectRef(Copied); R.Field)
    Building->Aliased[R.Var] = true; // `x = s.a`
  else if (const VarDecl *Holder = objectHolder(Copied))
    Building->Aliased[Holder] = true; // `Setup t = s;`
}

void FunctionValues::Walker::escape(const Expr *E) {
  if (!E)
    return;
  if (const VarDecl *V = lvalueTarget(E).first)
    Building->Escapes[V] = true;
  else if (const VarDecl *V2 = referencedVar(E))
    Building->Escapes[V2] = true;
}

void FunctionValues::Walker::writeParam(const Expr *E) {
  if (const auto *P = dyn_cast_or_null<ParmVarDecl>(lvalueTarget(E).first))
    Building->WrittenParams[P] = true;
}

} // namespace clang::tidy::gemm
