//===--- StructuredGraph.cpp - gemm-tidy ---------------------------------===//
//
// Clang's builder runs backwards from the end of a body; this one runs
// forwards and so must lay down what the other's order makes: a block's
// elements are kept last first (CFGBlock's list), and a join's
// predecessors come in the order the backward build adds them: an if's
// else before its then, then the condition where there is no else; a
// switch's ways out from the last case to the first, its cases as its
// successors from the last to the first, the default (or the way past the
// switch) last of all; a loop's header from the way back first, then from
// before the loop.
//
//===----------------------------------------------------------------------===//

#include "Analysis/StructuredGraph.h"
#include "Analysis/BodyShape.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "clang/AST/StmtCXX.h"
#include <algorithm>

namespace clang::tidy::gemm {
namespace {

// Whether Clang's builder makes no block of \p S (a branch of nothing goes
// straight to what follows it).
bool makesNothing(const Stmt *S) {
  if (isa<NullStmt>(S))
    return true;
  const auto *Block = dyn_cast<CompoundStmt>(S);
  return Block && llvm::all_of(Block->body(), makesNothing);
}

class GraphBuilder {
public:
  std::unique_ptr<CFG> build(const Stmt *Body);

private:
  using Edges = llvm::SmallVector<CFGBlock *, 4>;

  // The statements of a switch from one label to the next: the label's
  // and those up to the next label (Body[Begin, End)).
  struct Case {
    const SwitchCase *Label;
    unsigned Begin, End;
    CFGBlock *Entry = nullptr;
    llvm::SmallVector<CFGBlock *, 1> Out; // the ways out of the switch
  };

  bool statement(const Stmt *S, unsigned Level);
  bool straight(const Stmt *S, unsigned Level, bool Return);
  bool ifStatement(const IfStmt *If, unsigned Level);
  bool switchStatement(const SwitchStmt *Switch, unsigned Level);
  bool cases(const SwitchStmt *Switch, llvm::SmallVectorImpl<Case> &Out,
             bool &HasDefault);
  bool loop(const Stmt *Loop, const Stmt *Init, const Expr *Cond,
            const Stmt *Body, const Stmt *Inc, unsigned Level);
  // \p Cond's elements, itself last, in \p B (the open block where none
  // is given), ended by \p Branch; null where Clang's builder must build.
  CFGBlock *condition(const Expr *Cond, const Stmt *Branch, unsigned Level,
                      CFGBlock *B = nullptr);

  CFGBlock *newBlock() { return G->createBlock(); }
  void link(CFGBlock *From, CFGBlock *To) {
    From->addSuccessor(CFGBlock::AdjacentBlock(To, true),
                       G->getBumpVectorContext());
  }
  // The block statements go to: the open one, or one the pending edges
  // enter (none: code after a return, which nothing reaches).
  CFGBlock *current() {
    if (!Open) {
      Open = newBlock();
      for (CFGBlock *From : Pending)
        link(From, Open);
      Pending.clear();
    }
    return Open;
  }
  // The ways out of where the build is, which the next block takes in.
  Edges leave() {
    Edges Out = Open ? Edges{Open} : Pending;
    Open = nullptr;
    Pending.clear();
    return Out;
  }
  void add(CFGBlock *B, llvm::ArrayRef<const Stmt *> Nodes) {
    for (const Stmt *S : Nodes)
      Elements.push_back({B, S});
  }

  std::unique_ptr<CFG> G = std::make_unique<CFG>();
  CFGBlock *Exit = nullptr;
  CFGBlock *Open = nullptr;
  Edges Pending;
  // Each block's elements in the order they run, block by block (a
  // block's list is kept last first: appended from the end, each block's
  // come in order).
  std::vector<std::pair<CFGBlock *, const Stmt *>> Elements;
  std::vector<const Stmt *> Nodes;
  std::vector<unsigned> Starts;
  StraightRun Run{Nodes, Starts, ~0u, /*Conditionals=*/false};
};

std::unique_ptr<CFG> GraphBuilder::build(const Stmt *Body) {
  if (!isa_and_nonnull<CompoundStmt>(Body))
    return nullptr;
  Exit = newBlock(); // (the first block made is the exit)
  CFGBlock *Entry = newBlock();
  Pending = {Entry};
  // (Near the walk's limit on blocks, Clang's graph decides whether the
  // walk gives up.)
  if (!statement(Body, 0) || G->getNumBlockIDs() > MaxBlocks / 2)
    return nullptr;
  for (CFGBlock *From : leave())
    link(From, Exit);
  G->setEntry(Entry);
  for (const auto &[B, S] : llvm::reverse(Elements))
    B->appendStmt(const_cast<Stmt *>(S), G->getBumpVectorContext());
  return std::move(G);
}

bool GraphBuilder::statement(const Stmt *S, unsigned Level) {
  if (Level > MaxNesting)
    return false;
  switch (S->getStmtClass()) {
  case Stmt::CompoundStmtClass:
    return llvm::all_of(cast<CompoundStmt>(S)->body(), [&](const Stmt *Sub) {
      return statement(Sub, Level + 1);
    });
  case Stmt::NullStmtClass:
    return true;
  case Stmt::IfStmtClass:
    return ifStatement(cast<IfStmt>(S), Level);
  case Stmt::SwitchStmtClass:
    return switchStatement(cast<SwitchStmt>(S), Level);
  case Stmt::ForStmtClass: {
    const auto *For = cast<ForStmt>(S);
    return !For->getConditionVariable() &&
           loop(For, For->getInit(), For->getCond(), For->getBody(),
                For->getInc(), Level);
  }
  case Stmt::WhileStmtClass: {
    const auto *While = cast<WhileStmt>(S);
    return !While->getConditionVariable() &&
           loop(While, nullptr, While->getCond(), While->getBody(), nullptr,
                Level);
  }
  case Stmt::ReturnStmtClass:
    if (!straight(S, Level, true))
      return false;
    link(current(), Exit);
    Open = nullptr;
    return true;
  default:
    return straight(S, Level, false);
  }
}

bool GraphBuilder::straight(const Stmt *S, unsigned Level, bool Return) {
  Nodes.clear();
  if (!Run.statement(S, Return, Level))
    return false;
  add(current(), Nodes);
  return true;
}

CFGBlock *GraphBuilder::condition(const Expr *Cond, const Stmt *Branch,
                                  unsigned Level, CFGBlock *B) {
  // (A condition Clang's builder could decide is pruned there: its graph.)
  if (!Cond || decidableCondition(Cond))
    return nullptr;
  Nodes.clear();
  if (!Run.expression(Cond, Level + 1, false))
    return nullptr;
  // (Clang's builder adds the condition inside its parentheses, the
  // element a macro's `(cc >= X)` ends with.)
  const Expr *Last = Cond->IgnoreParens();
  if (Nodes.empty() || Nodes.back() != Last)
    Nodes.push_back(Last);
  if (!B)
    B = current();
  add(B, Nodes);
  B->setTerminator(CFGTerminator(const_cast<Stmt *>(Branch)));
  Open = nullptr;
  return B;
}

bool GraphBuilder::ifStatement(const IfStmt *If, unsigned Level) {
  if (If->getInit() || If->getConditionVariable() || If->isConstexpr() ||
      If->isConsteval())
    return false;
  CFGBlock *Branch = condition(If->getCond(), If, Level);
  if (!Branch)
    return false;
  const Stmt *Else = If->getElse();
  if (Else && makesNothing(Else))
    Else = nullptr;
  CFGBlock *Then = newBlock();
  link(Branch, Then);
  CFGBlock *ElseEntry = Else ? newBlock() : nullptr;
  if (ElseEntry)
    link(Branch, ElseEntry);
  Open = Then;
  if (!statement(If->getThen(), Level + 1))
    return false;
  const Edges ThenOut = leave();
  Edges Out;
  if (ElseEntry) {
    Open = ElseEntry;
    if (!statement(Else, Level + 1))
      return false;
    Out = leave();
  }
  Out.append(ThenOut.begin(), ThenOut.end());
  if (!ElseEntry)
    Out.push_back(Branch);
  Pending = std::move(Out);
  return true;
}

// A for or while loop: its initializer where the build is; a header
// block of its condition, entered first from the way back (a block after
// the body, which holds the increment) and then from before the loop; the
// body between them. What follows leaves from the header.
bool GraphBuilder::loop(const Stmt *Loop, const Stmt *Init, const Expr *Cond,
                        const Stmt *Body, const Stmt *Inc, unsigned Level) {
  if (makesNothing(Body) || (Init && !straight(Init, Level + 1, false)))
    return false;
  const Edges Before = leave();
  CFGBlock *Header = newBlock();
  if (!condition(Cond, Loop, Level, Header))
    return false;
  CFGBlock *Entry = newBlock();
  link(Header, Entry);
  Open = Entry;
  if (!statement(Body, Level + 1))
    return false;
  const Edges BodyOut = leave();
  CFGBlock *Back = newBlock();
  for (CFGBlock *From : BodyOut)
    link(From, Back);
  Open = Back;
  if (Inc && !straight(Inc, Level + 1, false))
    return false;
  link(Back, Header);
  for (CFGBlock *From : Before)
    link(From, Header);
  Open = nullptr;
  Pending = {Header};
  return true;
}

// The cases of a switch whose body is a list of labelled statements, each
// label on its own (no `case 1: case 2:`, no GNU range) and none nested.
bool GraphBuilder::cases(const SwitchStmt *Switch,
                         llvm::SmallVectorImpl<Case> &Out, bool &HasDefault) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Switch->getBody());
  if (!Body || Body->body_empty() || !isa<SwitchCase>(Body->body_front()) ||
      Switch->isAllEnumCasesCovered())
    return false; // (covered: Clang's graph never takes the default way)
  unsigned I = 0;
  for (const Stmt *S : Body->body()) {
    if (const auto *Label = dyn_cast<SwitchCase>(S)) {
      const auto *Case = dyn_cast<CaseStmt>(Label);
      if (isa<SwitchCase>(Label->getSubStmt()) ||
          (Case && Case->caseStmtIsGNURange()))
        return false;
      HasDefault |= isa<DefaultStmt>(Label);
      if (!Out.empty())
        Out.back().End = I;
      Out.push_back({Label, I, 0});
    }
    ++I;
  }
  Out.back().End = I;
  return true;
}

bool GraphBuilder::switchStatement(const SwitchStmt *Switch, unsigned Level) {
  llvm::SmallVector<Case, 16> Cases;
  bool HasDefault = false;
  if (Switch->getInit() || Switch->getConditionVariable() ||
      !cases(Switch, Cases, HasDefault))
    return false;
  CFGBlock *Branch = condition(Switch->getCond(), Switch, Level);
  if (!Branch)
    return false;
  for (Case &C : Cases) {
    C.Entry = newBlock();
    C.Entry->setLabel(const_cast<SwitchCase *>(C.Label));
  }
  for (Case &C : llvm::reverse(Cases))
    if (!isa<DefaultStmt>(C.Label))
      link(Branch, C.Entry);
  const Stmt *const *Body = cast<CompoundStmt>(Switch->getBody())->body_begin();
  Edges Fall;
  for (Case &C : Cases) {
    for (CFGBlock *From : Fall) // (after the switch's way in)
      link(From, C.Entry);
    Open = C.Entry;
    for (unsigned I = C.Begin; I < C.End; ++I) {
      const Stmt *S = I == C.Begin ? C.Label->getSubStmt() : Body[I];
      if (isa<BreakStmt>(S)) {
        CFGBlock *B = current();
        B->setTerminator(CFGTerminator(const_cast<Stmt *>(S)));
        C.Out.push_back(B);
        Open = nullptr;
      } else if (!statement(S, Level + 1)) {
        return false;
      }
    }
    Fall = leave();
  }
  Cases.back().Out.insert(Cases.back().Out.begin(), Fall.begin(), Fall.end());
  Edges Out;
  for (Case &C : llvm::reverse(Cases)) {
    Out.append(C.Out.begin(), C.Out.end());
    if (isa<DefaultStmt>(C.Label))
      link(Branch, C.Entry);
  }
  if (!HasDefault)
    Out.push_back(Branch);
  Pending = std::move(Out);
  return true;
}

} // namespace

std::vector<const CFGBlock *> walkOrder(const CFG &G) {
  std::vector<const CFGBlock *> Post;
  std::vector<bool> Seen(G.getNumBlockIDs());
  llvm::SmallVector<std::pair<const CFGBlock *, unsigned>, 32> Stack;
  auto Visit = [&](const CFGBlock *Root) {
    if (Seen[Root->getBlockID()])
      return;
    Seen[Root->getBlockID()] = true;
    Stack.push_back({Root, 0});
    while (!Stack.empty()) {
      auto &[B, Next] = Stack.back();
      if (Next < B->succ_size()) {
        const CFGBlock *S = *(B->succ_begin() + Next++);
        if (S && !Seen[S->getBlockID()]) {
          Seen[S->getBlockID()] = true;
          Stack.push_back({S, 0});
        }
        continue;
      }
      Post.push_back(B);
      Stack.pop_back();
    }
  };
  Visit(&G.getEntry());
  for (const CFGBlock *B : G)
    if (isa_and_nonnull<CXXCatchStmt>(B->getLabel()))
      Visit(B);
  std::reverse(Post.begin(), Post.end());
  return Post;
}

namespace {

// A block's elements the walk acts on (the kinds graphOptions() adds) and
// its condition: those that change the state in order (a declaration of
// several variables as its variables: Clang's builder splits it), the
// others as a set (what scanElement() learns from them has no order).
std::pair<std::vector<const void *>, std::vector<const void *>>
actingElements(const CFGBlock &B) {
  std::vector<const void *> Ordered, Others;
  const Expr *Cond = B.getLastCondition();
  for (const CFGElement &El : B) {
    std::optional<CFGStmt> CS = El.getAs<CFGStmt>();
    if (!CS)
      continue;
    const Stmt *S = CS->getStmt();
    if (const auto *D = dyn_cast<DeclStmt>(S))
      Ordered.insert(Ordered.end(), D->decl_begin(), D->decl_end());
    else if (isa<CallExpr, CXXConstructExpr, LambdaExpr, AsmStmt>(S) ||
             (isa<BinaryOperator>(S) && cast<BinaryOperator>(S)->isAssignmentOp()) ||
             (isa<UnaryOperator>(S) &&
              cast<UnaryOperator>(S)->isIncrementDecrementOp()))
      Ordered.push_back(S);
    else if (isa<BinaryOperator, UnaryOperator>(S) ||
             (isa<Expr>(S) && cast<Expr>(S)->IgnoreParens() == Cond))
      Others.push_back(S);
  }
  llvm::sort(Others);
  return {Ordered, Others};
}

} // namespace

std::unique_ptr<CFG> structuredGraph(const Stmt *Body) {
  return GraphBuilder().build(Body);
}

bool sameWalk(const CFG &A, const CFG &B, std::string &Why) {
  const std::vector<const CFGBlock *> OrderA = walkOrder(A), OrderB = walkOrder(B);
  if (OrderA.size() != OrderB.size()) {
    Why = "reachable blocks: " + std::to_string(OrderA.size()) + " and " +
          std::to_string(OrderB.size());
    return false;
  }
  std::vector<int> RankA(A.getNumBlockIDs(), -1), RankB(B.getNumBlockIDs(), -1);
  for (unsigned I = 0; I < OrderA.size(); ++I) {
    RankA[OrderA[I]->getBlockID()] = I;
    RankB[OrderB[I]->getBlockID()] = I;
  }
  // The ranks of a block's neighbours, in order; unreachable predecessors
  // left out (the walk never enters from them).
  auto Ranks = [](const std::vector<int> &Rank, auto Range, bool Succs) {
    std::vector<int> Out;
    for (const CFGBlock *N : Range)
      if (Succs || (N && Rank[N->getBlockID()] >= 0))
        Out.push_back(N ? Rank[N->getBlockID()] : -1);
    return Out;
  };
  for (unsigned I = 0; I < OrderA.size(); ++I) {
    const CFGBlock &X = *OrderA[I], &Y = *OrderB[I];
    const std::string At = "block " + std::to_string(I) + " of the walk: ";
    if (actingElements(X) != actingElements(Y))
      Why = At + "elements";
    else if (X.getTerminatorStmt() != Y.getTerminatorStmt())
      Why = At + "terminator";
    else if (X.getLabel() != Y.getLabel())
      Why = At + "label";
    else if (Ranks(RankA, X.succs(), true) != Ranks(RankB, Y.succs(), true))
      Why = At + "successors";
    else if (&X != &A.getExit() && // (never entered: no call is there)
             Ranks(RankA, X.preds(), false) != Ranks(RankB, Y.preds(), false))
      Why = At + "predecessors";
    else
      continue;
    return false;
  }
  return true;
}

} // namespace clang::tidy::gemm
