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
  explicit GraphBuilder(bool LeaveOutCases) : LeaveOutCases(LeaveOutCases) {}
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
  void leaveOutCases(const SwitchStmt *Switch,
                     llvm::SmallVectorImpl<Case> &Cases);
  static unsigned casesToKeep(const Stmt *const *Body,
                              llvm::ArrayRef<Case> Cases,
                              llvm::ArrayRef<unsigned> Constant);
  static bool constantCases(const Stmt *const *Body, llvm::ArrayRef<Case> Cases,
                            llvm::SmallVectorImpl<unsigned> &Out,
                            llvm::SmallVectorImpl<int64_t> &Values,
                            unsigned &NumVars);
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
  // Cases left out (leaveOutCases()), and the blocks and elements they
  // would have made: the limits are the full graph's.
  const bool LeaveOutCases;
  unsigned LeftOutBlocks = 0, LeftOutElements = 0;
};

std::unique_ptr<CFG> GraphBuilder::build(const Stmt *Body) {
  if (!isa_and_nonnull<CompoundStmt>(Body))
    return nullptr;
  Exit = newBlock(); // (the first block made is the exit)
  CFGBlock *Entry = newBlock();
  Pending = {Entry};
  // (Near the walk's limit on blocks, Clang's graph decides whether the
  // walk gives up.)
  if (!statement(Body, 0) ||
      G->getNumBlockIDs() + LeftOutBlocks > MaxBlocks / 2 ||
      (LeftOutBlocks && Elements.size() + LeftOutElements > MaxElements / 2))
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
  Out.reserve(Body->size()); // (at most a case per statement)
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

// What a case may assign a constant to: a local integer (no parameter,
// nothing volatile), with the range of its type; asked once per variable.
struct ConstantTarget {
  const VarDecl *Var = nullptr;
  bool Fits = false;
  unsigned Width = 0;
  bool Signed = false;

  bool accepts(const VarDecl *V) {
    if (V == Var)
      return Fits;
    Var = V;
    const QualType T = V->getType();
    Fits = !isa<ParmVarDecl>(V) && V->hasLocalStorage() &&
           !T.isVolatileQualified() && T->isIntegralOrEnumerationType() &&
           !T->isBooleanType();
    if (Fits) {
      Width = V->getASTContext().getIntWidth(T);
      Signed = T->isSignedIntegerOrEnumerationType();
      Fits = Width <= 64;
    }
    return Fits;
  }

  // The value \p E gives the variable where it is an integer literal or an
  // enumerator, as written or converted (no other expression: the walk may
  // fold others otherwise), that the variable's type holds unchanged.
  std::optional<int64_t> value(const Expr *E) const {
    while (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
      if (Cast->getCastKind() != CK_IntegralCast &&
          Cast->getCastKind() != CK_NoOp)
        return std::nullopt;
      E = Cast->getSubExpr();
    }
    // (A literal is never negative: its minus is an operator.)
    if (const auto *Literal = dyn_cast<IntegerLiteral>(E))
      return held(Literal->getValue(), /*Negative=*/false);
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    const auto *Enumerator =
        Ref ? dyn_cast<EnumConstantDecl>(Ref->getDecl()) : nullptr;
    if (!Enumerator)
      return std::nullopt;
    const llvm::APSInt Init = Enumerator->getInitVal();
    return held(Init, Init.isNegative());
  }

  // \p Bits as the variable holds it, where its type holds it unchanged.
  std::optional<int64_t> held(const llvm::APInt &Bits, bool Negative) const {
    if (Negative ? !Signed || Bits.getSignificantBits() > Width
                 : Bits.getActiveBits() > Width - (Signed ? 1 : 0))
      return std::nullopt;
    return Negative ? Bits.getSExtValue()
                    : static_cast<int64_t>(Bits.getZExtValue());
  }
};

// A case whose statements only assign a constant to each of some local
// integers and break (`case 7: ld = 23; break;`): the variables it
// assigns, each with its value, in \p Assigns.
static bool assignsConstants(
    const SwitchCase &Label, const Stmt *const *Body, unsigned Begin,
    unsigned End, ConstantTarget &Target,
    llvm::SmallVectorImpl<std::pair<const VarDecl *, int64_t>> &Assigns) {
  if (!isa<CaseStmt>(Label) || End - Begin < 2 ||
      !isa<BreakStmt>(Body[End - 1]))
    return false;
  for (unsigned I = Begin; I + 1 < End; ++I) {
    const auto *B = dyn_cast<BinaryOperator>(
        I == Begin ? Label.getSubStmt() : Body[I]);
    const auto *Ref =
        B && B->getOpcode() == BO_Assign
            ? dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens())
            : nullptr;
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V || !Target.accepts(V))
      return false;
    const std::optional<int64_t> Value = Target.value(B->getRHS());
    if (!Value ||
        llvm::any_of(Assigns, [&](const auto &A) { return A.first == V; }))
      return false;
    Assigns.push_back({V, *Value});
  }
  return true;
}

// Whether \p S, a statement of a switch's case, branches (a way out of it
// would add a condition to the switch's paths).
static bool branches(const Stmt *S) {
  if (const auto *Block = dyn_cast<CompoundStmt>(S))
    return llvm::any_of(Block->body(), branches);
  return isa<IfStmt, SwitchStmt, ForStmt, WhileStmt, DoStmt, CXXForRangeStmt,
             ReturnStmt, GotoStmt, LabelStmt, SwitchCase>(S);
}

// How many of a switch's constant cases the walk must meet: where no case
// branches, every way into the switch's end has the switch's own paths,
// and the walk joins them one after the other in the order they come,
// however many (joinAll() pairs only ways that differ in one condition):
// two that disagree are enough. Else as many as make the walk join the
// ways so (past PairedJoins). \p Constant: the indexes of the cases
// constantCases() found, in order.
unsigned GraphBuilder::casesToKeep(const Stmt *const *Body,
                                   llvm::ArrayRef<Case> Cases,
                                   llvm::ArrayRef<unsigned> Constant) {
  // (A case of \p Constant, assignments and a break, never branches.)
  unsigned Next = 0;
  for (unsigned C = 0; C < Cases.size(); ++C) {
    if (Next < Constant.size() && Constant[Next] == C) {
      ++Next;
      continue;
    }
    for (unsigned I = Cases[C].Begin; I < Cases[C].End; ++I)
      if (branches(I == Cases[C].Begin ? Cases[C].Label->getSubStmt()
                                       : Body[I]))
        return PairedJoins + 1;
  }
  return 2;
}

// The cases of \p Cases that only assign constants to the same variables
// (assignsConstants()), entered from the switch alone: each by its index
// in \p Out, with its value of each of the \p NumVars variables in
// \p Values; false where cases assign different variables.
bool GraphBuilder::constantCases(const Stmt *const *Body,
                                 llvm::ArrayRef<Case> Cases,
                                 llvm::SmallVectorImpl<unsigned> &Out,
                                 llvm::SmallVectorImpl<int64_t> &Values,
                                 unsigned &NumVars) {
  llvm::SmallVector<std::pair<const VarDecl *, int64_t>, 2> Assigns;
  llvm::SmallVector<const VarDecl *, 2> Vars;
  ConstantTarget Target;
  for (unsigned I = 0; I < Cases.size(); ++I) {
    const Case &C = Cases[I];
    Assigns.clear();
    // (Entered from the switch alone: the case before it ends in a break.)
    if ((I > 0 && !isa<BreakStmt>(Body[Cases[I - 1].End - 1])) ||
        !assignsConstants(*C.Label, Body, C.Begin, C.End, Target, Assigns))
      continue;
    if (Assigns.size() > 1)
      llvm::sort(Assigns);
    if (Vars.empty())
      for (const auto &A : Assigns)
        Vars.push_back(A.first);
    if (Assigns.size() != Vars.size())
      return false;
    for (unsigned V = 0; V < Vars.size(); ++V)
      if (Assigns[V].first != Vars[V])
        return false;
    Out.push_back(I);
    for (const auto &A : Assigns)
      Values.push_back(A.second);
  }
  NumVars = Vars.size();
  return true;
}

// Leaves out of \p Cases those whose ways out the walk's join of the
// switch's ways could not change: cases that only assign constants to the
// same variables (constantCases()), past the last few of them
// (casesToKeep()), where those already give each variable two values. The
// join of the cases' ways (no condition between them) then makes each such
// variable an unknown, which a constant joined after it leaves as it is
// (mergeInto()), and the rest of a left-out case's way is the switch's own
// state, which the kept cases' ways carry too; so the walk joins what it
// joined before, in the same order. (A switch's cases are never told apart
// by its condition's value: the walk sends its state to every case.)
void GraphBuilder::leaveOutCases(const SwitchStmt *Switch,
                                 llvm::SmallVectorImpl<Case> &Cases) {
  const Stmt *const *Body = cast<CompoundStmt>(Switch->getBody())->body_begin();
  llvm::SmallVector<unsigned, 64> Candidates;
  llvm::SmallVector<int64_t, 64> Values;
  unsigned NumVars = 0;
  if (Cases.size() <= 3 || // (casesToKeep() keeps two at least)
      !constantCases(Body, Cases, Candidates, Values, NumVars))
    return; // (none left out)
  const unsigned Kept = casesToKeep(Body, Cases, Candidates);
  if (Cases.size() <= Kept + 1 || Candidates.size() <= Kept)
    return;
  // The last Kept candidates are kept (the first ways into the switch's
  // end: its ways come in from the last case to the first), and those
  // back to where each variable has had two values.
  const unsigned N = Candidates.size();
  unsigned First = N - Kept;
  for (unsigned V = 0; V < NumVars; ++V) {
    const int64_t Last = Values[(N - 1) * NumVars + V];
    unsigned C = N - 1;
    while (C > 0 && Values[(C - 1) * NumVars + V] == Last)
      --C;
    if (C == 0)
      return; // (one value in every case: none left out)
    First = std::min(First, C - 1);
  }
  // (Candidates are in order: the cases before Candidates[First] that are
  // candidates go.)
  unsigned Staying = 0, Next = 0;
  for (unsigned I = 0; I < Cases.size(); ++I) {
    if (Next < First && Candidates[Next] == I) {
      ++Next;
      // (What it would have made counts against the limits, as in the
      // graph with every case: a block, an element per assignment.)
      LeftOutElements += Cases[I].End - Cases[I].Begin - 1;
      ++LeftOutBlocks;
      continue;
    }
    if (Staying != I) { // (no block made yet: the label and the range)
      Cases[Staying].Label = Cases[I].Label;
      Cases[Staying].Begin = Cases[I].Begin;
      Cases[Staying].End = Cases[I].End;
    }
    ++Staying;
  }
  Cases.truncate(Staying);
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
  if (LeaveOutCases)
    leaveOutCases(Switch, Cases);
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

std::unique_ptr<CFG> structuredGraph(const Stmt *Body, bool LeaveOutCases) {
  return GraphBuilder(LeaveOutCases).build(Body);
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
