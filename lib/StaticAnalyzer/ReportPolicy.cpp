//===--- ReportPolicy.cpp - gemm-tidy ------------------------------------===//
//
// The report policy (docs/deep.md): a finding is reported at a call only when
// every path the analyzer took to that call (in the same calling context)
// makes it -- a finding that holds on some paths only rests on an assumption
// about a value the analyzer does not know -- and no path the analyzer
// stopped before it finished may have reached the call with other values;
// such a call is reported as not judged (gemm.Coverage). The findings wait in
// the checker until the end of the analysis of the top-level function, and
// each report gets bug-path notes where the modes and attributes it rests on
// were set.
//
//===----------------------------------------------------------------------===//

#include "GemmChecker.h"
#include "LoopEffects.h"
#include "ModelState.h"
#include "gemm/rules/functions.h"
#include "gemm/rules/lt_check.h"

#include "clang/AST/ParentMap.h"
#include "clang/Analysis/Analyses/CFGReachabilityAnalysis.h"
#include "clang/Analysis/CFGStmtMap.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugType.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CoreEngine.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/ExprEngine.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/WorkList.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::ento::gemm {

using rules::Role;

namespace {

const char *pointerModeName(int64_t Mode) {
  return Mode == 0 ? "CUBLAS_POINTER_MODE_HOST"
         : Mode == 1 ? "CUBLAS_POINTER_MODE_DEVICE"
                     : "an unknown pointer mode";
}

/// A bug-path note where the state the finding rests on changed: a
/// handle's pointer or math mode, or an attribute of a cuBLASLt object.
class StateChangeVisitor final : public BugReporterVisitor {
public:
  /// \p Attr: model::HandlePointerMode or HandleMathMode for a handle,
  /// else the attribute id of \p Owner's object.
  StateChangeVisitor(SymbolRef Sym, bool Handle, int64_t Attr, lt::Arg Owner)
      : Sym(Sym), Handle(Handle), Attr(Attr), Owner(Owner) {}

  void Profile(llvm::FoldingSetNodeID &ID) const override {
    static int Tag = 0;
    ID.AddPointer(&Tag);
    ID.AddPointer(Sym);
    ID.AddBoolean(Handle);
    ID.AddInteger(Attr);
  }

  PathDiagnosticPieceRef VisitNode(const ExplodedNode *N, BugReporterContext &BRC,
                                   PathSensitiveBugReport &) override {
    const ExplodedNode *Pred = N->getFirstPred();
    if (!Pred)
      return nullptr;
    const Value Now = read(N->getState()), Before = read(Pred->getState());
    if (!Now.Known || sameValue(Now, Before))
      return nullptr;
    const Stmt *S = N->getStmtForDiagnostics();
    if (!S)
      return nullptr;
    PathDiagnosticLocation L(S, BRC.getSourceManager(), N->getLocationContext());
    return std::make_shared<PathDiagnosticEventPiece>(L, describe(Now.V));
  }

private:
  Value read(ProgramStateRef State) const {
    if (Handle) {
      const HandleModes *M = handleState(State, Sym);
      return !M ? Value() : Attr == model::HandlePointerMode ? M->Pointer : M->Math;
    }
    const LtObjectInfo *O = objectState(State, Sym);
    return O ? O->Attrs[Attr] : Value();
  }

  std::string describe(int64_t V) const {
    if (Handle && Attr == model::HandlePointerMode)
      return std::string("the handle's pointer mode is ") + pointerModeName(V) +
             " from here";
    if (Handle)
      return "the handle's math mode is " + std::to_string(V) + " from here";
    const lt::Object Kind = lt::objectOf(Owner);
    const lt::AttrInfo *Info = lt::findAttribute(Kind, Attr);
    std::string Text = "'" + lt::subjectName({Owner, Attr}) + "' is ";
    if (Info && Info->Type == lt::AttrType::Pointer)
      Text += V ? "set" : "NULL";
    else if (Info && Info->Kind != lt::EnumKind::None &&
             Info->Kind != lt::EnumKind::Bool)
      Text += lt::detail::enumText(Info->Kind, V);
    else
      Text += std::to_string(V);
    return Text + " from here";
  }

  SymbolRef Sym;
  bool Handle;
  int64_t Attr;
  lt::Arg Owner;
};

} // namespace

/// Counts a visit of \p Call in its calling context; report() files the
/// visit's findings under it.
void GemmChecker::recordVisit(const CallEvent &Call, CheckerContext &C) const {
  Current = &Visits[{Call.getOriginExpr(), C.getStackFrame()}];
  ++Current->Visits;
}

namespace {

/// What tells one finding from another across the visits of a call: its
/// rule and subject, not its values (two paths may pass two wrong values).
std::string identityOf(const rules::Finding &F) {
  return std::string(F.RuleId ? F.RuleId : "") + "/" +
         std::to_string(static_cast<int>(F.Cat)) + "/" +
         std::to_string(static_cast<int>(F.Param)) + "/" +
         std::to_string(F.Group) + "/" +
         std::to_string(static_cast<int>(F.About.Argument)) + "/" +
         std::to_string(F.About.Attr);
}

} // namespace

// --- reports -----------------------------------------------------------------

// A finding waits for the end of the analysis: it is reported only if
// every visit of its call made it (the report policy, docs/deep.md).
void GemmChecker::report(const rules::Finding &F, const Expr *At,
                         const Evidence &E, CheckerContext &C,
                         ExplodedNode *&Node, bool Certain) const {
  if (!Bugs[static_cast<unsigned>(F.Cat)] || !Current)
    return; // the category's checker is off
  auto [It, New] = Current->Findings.try_emplace(identityOf(F));
  Pending &P = It->second;
  if (!New) {
    if (P.Visits < Current->Visits) // once per visit
      ++P.Visits;
    return;
  }
  // Only a finding of the call's first visits can be made by all of them.
  if (Current->Visits > 1) {
    Current->Findings.erase(It);
    return;
  }
  if (!Node)
    Node = C.generateNonFatalErrorNode();
  if (!Node) {
    Current->Findings.erase(It);
    return;
  }
  P = Pending{F, At, E, Node, 1, Certain};
}

namespace {

/// The block of \p Frame's body that holds \p S, or null.
const CFGBlock *blockOf(const Stmt *S, const StackFrameContext *Frame) {
  const CFGStmtMap *Map = Frame->getAnalysisDeclContext()->getCFGStmtMap();
  return Map ? Map->getBlock(S) : nullptr;
}

bool isCallerOrSelf(const StackFrameContext *Caller,
                    const StackFrameContext *Frame) {
  for (; Frame; Frame = Frame->getParent() ? Frame->getParent()->getStackFrame()
                                           : nullptr)
    if (Frame == Caller)
      return true;
  return false;
}

/// Whether a path the analyzer stopped on entering \p From in \p FromFrame
/// (a loop it unrolled as often as it may) would have gone on to the call
/// \p Call in \p CallFrame: it returns from the frames that are not the
/// call's callers, and in the first that is, the call (or the call site on
/// the way down to it) is reachable from where the path stood.
bool mayReach(const CFGBlock *From, const StackFrameContext *FromFrame,
              const Stmt *Call, const StackFrameContext *CallFrame) {
  while (!isCallerOrSelf(FromFrame, CallFrame)) {
    const Stmt *Site = FromFrame->getCallSite();
    if (!Site || !FromFrame->getParent())
      return false;
    FromFrame = FromFrame->getParent()->getStackFrame();
    From = blockOf(Site, FromFrame);
  }
  const Stmt *To = Call;
  for (const StackFrameContext *F = CallFrame; F != FromFrame;
       F = F->getParent()->getStackFrame())
    To = F->getCallSite();
  const CFGBlock *ToBlock = blockOf(To, FromFrame);
  if (!From || !ToBlock || From == ToBlock)
    return true;
  return FromFrame->getAnalysisDeclContext()
      ->getCFGReachablityAnalysis()
      ->isReachable(From, ToBlock);
}

/// A statement of \p Block that its enclosing loop holds: its terminator,
/// else its first statement.
const Stmt *statementOf(const CFGBlock *Block) {
  if (const Stmt *T = Block->getTerminatorStmt())
    return T;
  for (const CFGElement &E : *Block)
    if (auto CS = E.getAs<CFGStmt>())
      return CS->getStmt();
  return nullptr;
}

/// Whether the analyzer stopped a path on entering \p Block, at \p Cut, in a
/// loop whose bound it does not know: what such a loop writes is unknown
/// after it already (checkBind), so the path it cut would bring nothing
/// new.
bool cutInUnboundedLoop(const CFGBlock *Block, const ExplodedNode *Cut) {
  const LocationContext *LCtx = Cut->getLocationContext();
  const ParentMap &PM = LCtx->getParentMap();
  for (const Stmt *S = statementOf(Block); S; S = PM.getParent(S))
    if (const Expr *Cond = loopCondition(S))
      return hasUnknownBound(Cond, Cut->getState(), LCtx);
  return false;
}

/// The loop statement around the block a path was stopped at, or null.
const Stmt *loopAt(const CFGBlock *Block, const ExplodedNode *Cut) {
  const ParentMap &PM = Cut->getLocationContext()->getParentMap();
  for (const Stmt *S = statementOf(Block); S; S = PM.getParent(S))
    if (loopCondition(S) || isa<CXXForRangeStmt>(S))
      return S;
  return nullptr;
}

} // namespace

/// The first path the analyzer stopped that may have reached \p Call in
/// \p Frame: at a loop it had unrolled as often as it may (and that CFG
/// reachability leads to the call), or anywhere, where it ran out of its
/// budget of steps (Budget, no node).
GemmChecker::Cut GemmChecker::cutBefore(const Expr *Call,
                                        const StackFrameContext *Frame,
                                        const CoreEngine &Core,
                                        bool Judged) const {
  if (Core.getWorkList()->hasWork())
    return Cut{true, nullptr};
  // The loop test reads the judged call's own arguments; a call of a
  // function that makes it may read anything (its object, what escaped).
  for (const auto &[Edge, Node] : Core.exhausted_blocks())
    if (!cutInUnboundedLoop(Edge.getDst(), Node) &&
        mayReach(Edge.getDst(), Node->getStackFrame(), Call, Frame) &&
        !(Judged && Node->getStackFrame() == Frame &&
          loopLeavesCallAlone(
              loopAt(Edge.getDst(), Node), cast<CallExpr>(Call),
              [this](const CallExpr *CE) { return changesNothing(CE); })))
      return Cut{false, Node, Edge.getDst()};
  return Cut{};
}

/// Whether \p CE changes no state the checks read: a GEMM, or a toolkit
/// function without a body here that the table does not model or models as
/// one that only reads (cublasLtMatmul, a Get).
bool GemmChecker::changesNothing(const CallExpr *CE) const {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || FD->hasBody())
    return false;
  const Known &K = lookup(FD->getIdentifier());
  if (K.Gemm)
    return true;
  if (K.Model)
    return K.Model->What == model::Effect::Use ||
           K.Model->What == model::Effect::Get;
  return isToolkitFunction(FD);
}

// The findings every visit of their call made are reported -- unless a
// path the analyzer did not finish could have reached the call too: that
// path's values are not known. Such a call, and a call of the top-level
// function that no finished path reached, is reported as not judged
// (gemm.Coverage): a tier that did not look says so.
void GemmChecker::checkEndAnalysis(ExplodedGraph &G, BugReporter &BR,
                                   ExprEngine &Eng) const {
  const CoreEngine &Core = Eng.getCoreEngine();
  llvm::SmallPtrSet<const Expr *, 16> Visited;
  for (const auto &[Key, Call] : Visits) {
    const auto &[CallExpr, CallFrame] = Key;
    Visited.insert(CallExpr);
    const Cut Why = cutBefore(CallExpr, CallFrame, Core);
    // A finding on values written as constants at the call holds on the
    // paths the analyzer did not finish too.
    std::vector<const Pending *> Uncertain;
    for (const auto &[Id, P] : Call.Findings)
      if (P.Visits == Call.Visits && Why && !P.Certain)
        Uncertain.push_back(&P);
      else if (P.Visits == Call.Visits)
        emit(P.F, P.At, P.E, P.Node, BR);
    if (Why)
      reportUnjudged({cast<clang::CallExpr>(CallExpr), CallExpr, nullptr}, CallFrame,
                     nullptr, Why, /*Reached=*/true, Uncertain, Eng, BR);
  }
  // The judged calls of the top-level function, and of the functions it
  // calls, that no path reached: not judged where a cut path may reach them.
  const ExplodedNode *Root = llvm::GraphTraits<ExplodedGraph *>::getEntryNode(&G);
  const StackFrameContext *Top =
      Root ? Root->getLocationContext()->getStackFrame() : nullptr;
  llvm::SmallPtrSet<const Decl *, 8> Seen;
  if (Top && Top->getDecl()->getBody() &&
      (Core.getWorkList()->hasWork() || !Core.exhausted_blocks().empty()))
    forEachJudgedCall(Top->getDecl()->getBody(), Top->getDecl(), nullptr, 0, Seen,
                      [&](Reach At) {
      if (Visited.contains(At.Call))
        return;
      const bool Direct = At.Site == At.Call;
      if (const Cut Why = cutBefore(At.Site, Top, Core, Direct))
        reportUnjudged(At, Direct ? Top : nullptr, Top->getDecl(), Why,
                       /*Reached=*/false, {}, Eng, BR);
    });
  Visits.clear();
  Current = nullptr;
}

/// Calls \p Fn for each call the checks judge in \p S and in the functions
/// it calls (three deep, each once), outside the bodies of lambdas and
/// blocks (functions of their own, analysed where called). \p Site is the
/// call of the top-level body that leads there, null in that body.
void GemmChecker::forEachJudgedCall(const Stmt *S, const Decl *In,
                                    const Expr *Site, unsigned Depth,
                                    llvm::SmallPtrSetImpl<const Decl *> &Seen,
                                    llvm::function_ref<void(Reach)> Fn) const {
  if (!S || isa<LambdaExpr, BlockExpr>(S))
    return;
  const FunctionDecl *Callee = nullptr;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    Callee = CE->getDirectCallee();
  else if (const auto *Construct = dyn_cast<CXXConstructExpr>(S))
    Callee = Construct->getConstructor();
  const FunctionDecl *Def = nullptr;
  if (Callee && !Callee->hasBody(Def)) {
    const auto *CE = dyn_cast<CallExpr>(S);
    if (CE && judges(lookup(Callee->getIdentifier()), CE->getNumArgs()))
      Fn({CE, Site ? Site : CE, In});
  } else if (Def && Depth < 3 && Seen.insert(Def).second) {
    forEachJudgedCall(Def->getBody(), Def, Site ? Site : cast<Expr>(S),
                      Depth + 1, Seen, Fn);
  }
  for (const Stmt *Child : S->children())
    forEachJudgedCall(Child, In, Site, Depth, Seen, Fn);
}

void GemmChecker::reportUnjudged(Reach At, const LocationContext *Frame,
                                 const Decl *Top, const Cut &Why,
                                 bool Reached,
                                 llvm::ArrayRef<const Pending *> Made,
                                 ExprEngine &Eng, BugReporter &BR) const {
  if (!CoverageBug)
    return; // gemm.Coverage is off
  const SourceManager &SM = BR.getSourceManager();
  const CallExpr *Call = At.Call;
  const FunctionDecl *Callee = Call->getDirectCallee();
  const AnalyzerOptions &Opts = Eng.getAnalysisManager().getAnalyzerOptions();
  for (const LocationContext *L = Frame; L; L = L->getParent())
    Top = L->getDecl(); // the top-level function, where the budget is spent
  const auto *TopName = dyn_cast_or_null<NamedDecl>(Top);
  const bool Through = At.Site != At.Call; // in a function not entered
  std::string Msg;
  llvm::raw_string_ostream OS(Msg);
  OS << "'" << (Callee ? Callee->getName() : "the call") << "' was not judged";
  // Out of budget, any path may be missing: one wording for every call, so
  // that a template's instantiations make one report at the call.
  OS << (Reached && !Why.Budget ? " on every path" : "") << ": ";
  if (Why.Budget) {
    OS << "the analyzer ran out of its budget of "
       << Opts.MaxNodesPerTopLevelFunction << " steps (-analyzer-config "
       << "max-nodes)";
    if (TopName && TopName->getIdentifier())
      OS << " in '" << TopName->getName() << "'";
    OS << " before it finished the paths that may reach it";
  } else {
    OS << (Reached ? "the analyzer stopped a path that may reach it"
                   : "no path the analyzer finished reaches it");
    if (Through && TopName && TopName->getIdentifier())
      OS << " from '" << TopName->getName() << "'";
    OS << (Reached ? "" : "; it stopped one that may")
       << " after unrolling a loop " << Opts.maxBlockVisitOnPath
       << " times (-analyzer-max-loop)";
  }
  // A call in a function the path never entered has no frame of its own.
  AnalysisManager &Mgr = Eng.getAnalysisManager();
  AnalysisDeclContext *Body =
      Frame || !At.In ? nullptr : Mgr.getAnalysisDeclContext(At.In);
  const PathDiagnosticLocation Where =
      Frame ? PathDiagnosticLocation::createBegin(Call, SM, Frame)
            : PathDiagnosticLocation::createBegin(Call, SM, Body);
  auto R = std::make_unique<BasicBugReport>(*CoverageBug, Msg, Where);
  R->addRange(Call->getSourceRange());
  if (Why.Node)
    if (const Stmt *Loop = loopAt(Why.Block, Why.Node))
      R->addNote("the analyzer stopped following this loop here",
                 PathDiagnosticLocation::createBegin(
                     Loop, SM, Why.Node->getLocationContext()));
  if (Through)
    R->addNote("reached through this call",
               PathDiagnosticLocation::createBegin(
                   At.Site, SM, Mgr.getAnalysisDeclContext(Top)));
  for (const Pending *P : Made)
    R->addNote("on every path the analyzer finished: " + P->F.Message, Where);
  BR.emitReport(std::move(R));
}

void GemmChecker::emit(const rules::Finding &F, const Expr *At,
                       const Evidence &E, ExplodedNode *Node,
                       BugReporter &BR) const {
  const BugType &BT = *Bugs[static_cast<unsigned>(F.Cat)];
  auto R = std::make_unique<PathSensitiveBugReport>(BT, F.Message, Node);
  if (At) {
    R->addRange(At->getSourceRange());
    if (!F.Note.empty())
      R->addNote(F.Note, PathDiagnosticLocation::createBegin(
                             At, BR.getSourceManager(),
                             Node->getLocationContext()));
  }
  // The modes and attributes the finding rests on: where they were set.
  if (E.Handle && (F.Cat == rules::Category::ScalarPointerMode ||
                   rules::readsArgument(F, Role::Handle))) {
    R->addVisitor<StateChangeVisitor>(E.Handle, true, model::HandlePointerMode,
                                      lt::Arg::Handle);
    if (F.Cat == rules::Category::PrecisionLoss)
      R->addVisitor<StateChangeVisitor>(E.Handle, true, model::HandleMathMode,
                                        lt::Arg::Handle);
  }
  if (F.About.Attr >= 0)
    if (SymbolRef Obj = E.Objects[static_cast<unsigned>(F.About.Argument)])
      R->addVisitor<StateChangeVisitor>(Obj, false, F.About.Attr,
                                        F.About.Argument);
  BR.emitReport(std::move(R));
}

} // namespace clang::ento::gemm
