//===--- BodyShape.cpp - gemm-tidy ---------------------------------------===//

#include "Analysis/BodyShape.h"
#include "Analysis/Syntax.h"
#include "Models/ApiModel.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

namespace clang::tidy::gemm {

// The locals (or locals' fields) one CFG element writes. Every
// subexpression that writes is an element of its own (graphOptions), so
// nothing here recurses.
void writesOf(const Stmt *S, llvm::SmallPtrSetImpl<const VarDecl *> &Out) {
  if (const auto *B = dyn_cast<BinaryOperator>(S)) {
    if (B->isAssignmentOp())
      if (const VarDecl *V = lvalueTarget(B->getLHS()).first)
        Out.insert(V);
  } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
    if (U->isIncrementDecrementOp())
      if (const VarDecl *V = lvalueTarget(U->getSubExpr()).first)
        Out.insert(V);
  } else if (const auto *D = dyn_cast<DeclStmt>(S)) {
    for (const Decl *Dl : D->decls())
      if (const auto *V = dyn_cast<VarDecl>(Dl))
        Out.insert(V);
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S)) {
    if (Op->isAssignmentOp() && Op->getNumArgs() > 0)
      if (const VarDecl *V = lvalueTarget(Op->getArg(0)).first)
        Out.insert(V);
  } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
    // A call that receives a pointer or handle may change what it knows.
    if (!keepsObjectState(Call->getDirectCallee()))
      for (const Expr *Arg : Call->arguments()) {
        if (const VarDecl *V = referencedVar(Arg))
          if (V->getType()->isPointerType())
            Out.insert(V);
        if (const VarDecl *V = opaqueObject(Arg))
          Out.insert(V);
        if (const ObjectRef R = objectAddress(Arg))
          Out.insert(R.Var);
        if (const ObjectRef R = objectRef(Arg); R.Field)
          Out.insert(R.Var); // `s.a`: an object the structure holds
        if (const VarDecl *V = objectHolder(Arg))
          Out.insert(V);
        if (const VarDecl *V = addressedVar(Arg); V && holdsObjects(V->getType()))
          Out.insert(V);
      }
    if (storesThroughAddress(Call)) {
      if (const VarDecl *V = allocatedVar(Call))
        Out.insert(V);
      if (const ObjectRef R = objectAddress(Call->getArg(0)))
        Out.insert(R.Var);
    }
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
      if (const VarDecl *V = objectHolder(Member->getImplicitObjectArgument()))
        Out.insert(V);
    if (const VarDecl *Pitch = pitchVar(Call))
      Out.insert(Pitch);
  }
}

// An expression whose evaluation has no effect the walk acts on and
// branches only where eval() follows both ways: no call, assignment,
// increment, comma, && ||, lambda, unevaluated operand or default argument;
// a ?: of plain operands (eval() gives it the value of each arm under its
// condition's literal, as the CFG's join of the two arms would). Within
// such expressions a CFG has no element that transfer() would execute.
bool plainExpr(const Stmt *S) {
  if (const auto *U = dyn_cast<UnaryOperator>(S))
    return !U->isIncrementDecrementOp() && U->getOpcode() != UO_Coawait;
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return !B->isAssignmentOp() && !B->isLogicalOp() &&
           B->getOpcode() != BO_Comma;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    return isa<VarDecl, EnumConstantDecl, FunctionDecl,
               NonTypeTemplateParmDecl>(Ref->getDecl());
  // sizeof(T) and alignof(T) of a type whose size is fixed: no operand is
  // evaluated, and the CFG builder adds nothing for them (it does for a
  // variable-length array's size). Templates compute sizes so.
  if (const auto *Trait = dyn_cast<UnaryExprOrTypeTraitExpr>(S))
    return Trait->isArgumentType() &&
           !Trait->getArgumentType()->isVariablyModifiedType();
  return isa<IntegerLiteral, FloatingLiteral, CharacterLiteral,
             CXXBoolLiteralExpr, CXXNullPtrLiteralExpr, GNUNullExpr,
             CXXThisExpr, ImplicitCastExpr, CStyleCastExpr, CXXStaticCastExpr,
             CXXReinterpretCastExpr, CXXConstCastExpr, ParenExpr, MemberExpr,
             ArraySubscriptExpr, InitListExpr, ImplicitValueInitExpr,
             ConstantExpr, SubstNonTypeTemplateParmExpr, ConditionalOperator>(
      S);
}

namespace {

// A call the CFG builder leaves in the block it is in: a plain call, a
// member function's, or an object's called as a function (a lambda, a
// functor: its operands the object, then the arguments, as written), of a
// function that returns (a noreturn one ends the block) and is no builtin
// (__builtin_assume and __builtin_object_size are built otherwise). (Other
// overloaded operators are left out: C++17 orders an assignment's operands
// right to left.)
bool straightCall(const Stmt *S) {
  switch (S->getStmtClass()) {
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
    break;
  case Stmt::CXXOperatorCallExprClass:
    if (cast<CXXOperatorCallExpr>(S)->getOperator() == OO_Call)
      break;
    return false;
  default:
    return false;
  }
  const FunctionDecl *Callee = cast<CallExpr>(S)->getDirectCallee();
  return Callee && !Callee->isNoReturn() && !Callee->getBuiltinID() &&
         !Callee->hasAttr<AnalyzerNoReturnAttr>();
}

} // namespace

// The elements of a straight run in the order they run, as the CFG
// builder orders them: a call's callee and arguments left to right, then
// the call; an assignment's right side, then its left, then itself; an
// operator's operands, then the operator; an initializer, then its
// declaration. Starts[I] is where the nodes of Elements[I]'s subtree begin
// (they run before it, in one piece).
bool StraightRun::statement(const Stmt *S, bool Last, unsigned Level) {
  if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
    if (!Last)
      return false;
    S = Ret->getRetValue();
    if (!S)
      return true;
  }
  const unsigned Start = Elements.size();
  if (const auto *D = dyn_cast<DeclStmt>(S)) {
    const unsigned ActsBefore = Calls + Made;
    for (const Decl *Dl : D->decls()) {
      const auto *V = dyn_cast<VarDecl>(Dl);
      if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
          V->getType()->isVariablyModifiedType() ||
          !expression(V->getInit(), Level + 1, false))
        return false;
    }
    // (The CFG declares each of several variables after its own
    // initializer: a call in a later one runs after the first is made.)
    return (D->isSingleDecl() || Calls + Made == ActsBefore) && add(S, Start);
  }
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
    return expression(B->getRHS(), Level + 1, false) &&
           expression(B->getLHS(), Level + 1, false) && add(S, Start);
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && U->isIncrementDecrementOp())
    return expression(U->getSubExpr(), Level + 1, false) && add(S, Start);
  // A call, or an expression statement.
  return isa<NullStmt>(S) || expression(S, Level, false);
}

// An operand: a call (none under a ?:, whose arms the CFG splits), or a
// plain expression, whose operators are elements too.
bool StraightRun::expression(const Stmt *S, unsigned Level, bool UnderBranch) {
  if (!S)
    return true;
  if (Level > MaxNesting || ++Visited > MaxElements)
    return false;
  // The commonest nodes of arguments, as the general case below would
  // take them: a literal or a name has no operand and is no element; an
  // implicit conversion is its operand.
  switch (S->getStmtClass()) {
  case Stmt::IntegerLiteralClass:
  case Stmt::FloatingLiteralClass:
  case Stmt::CharacterLiteralClass:
  case Stmt::CXXBoolLiteralExprClass:
  case Stmt::CXXNullPtrLiteralExprClass:
  case Stmt::GNUNullExprClass:
    return true;
  case Stmt::DeclRefExprClass:
    return plainExpr(S);
  case Stmt::CXXThisExprClass:
    return true;
  case Stmt::ImplicitCastExprClass:
    return expression(cast<ImplicitCastExpr>(S)->getSubExpr(), Level + 1,
                      UnderBranch);
  // (A member access or parentheses: its one operand, no element.)
  case Stmt::MemberExprClass:
    return expression(cast<MemberExpr>(S)->getBase(), Level + 1,
                      UnderBranch);
  case Stmt::ParenExprClass:
    return expression(cast<ParenExpr>(S)->getSubExpr(), Level + 1,
                      UnderBranch);
  default:
    break;
  }
  const unsigned Start = Elements.size();
  if (straightCall(S))
    return !UnderBranch && ++Calls <= MaxCalls &&
           operands(S, Level + 1, false) && add(S, Start);
  // An object made by its constructor (`Gemm g(h);`): the arguments, then
  // the construction, an element of its own (a copy made for a by-value
  // argument included).
  if (S->getStmtClass() == Stmt::CXXConstructExprClass)
    return !UnderBranch && ++Made && operands(S, Level + 1, false) &&
           add(S, Start);
  if (const auto *Lambda = dyn_cast<LambdaExpr>(S))
    return !UnderBranch && ++Made && lambda(Lambda, Level) && add(S, Start);
  const bool Conditional = isa<AbstractConditionalOperator>(S);
  if (!plainExpr(S) || (Conditional && !Conditionals) ||
      !operands(S, Level + 1, UnderBranch || Conditional))
    return false;
  return !isa<UnaryOperator, BinaryOperator>(S) || add(S, Start);
}

bool StraightRun::operands(const Stmt *S, unsigned Level, bool UnderBranch) {
  for (const Stmt *Child : S->children())
    if (!expression(Child, Level, UnderBranch))
      return false;
  return true;
}

// A lambda's captures: each a name, `this` or a scalar's copy, which add
// no element (the CFG builder visits them in reverse, so that a capture's
// initializer that calls a function, or copies an object, would run in
// another order).
bool StraightRun::lambda(const LambdaExpr *L, unsigned Level) {
  const size_t Before = Elements.size();
  for (const Expr *Init : L->capture_inits())
    if (Init && (!expression(Init, Level + 1, false) ||
                 Elements.size() != Before))
      return false;
  return true;
}

bool StraightRun::add(const Stmt *S, unsigned Start) {
  Elements.push_back(S);
  Starts.push_back(Start);
  return true;
}

// Whether \p Body is one straight run of statements: local declarations,
// assignments and calls of plain expressions, the last of them perhaps
// returned. Its CFG would be one block whose elements are \p Elements in
// order, so a walk to any of its first MaxStraightCalls calls needs no
// graph. (Computed once per function.)
bool straightRun(const Stmt *Body, std::vector<const Stmt *> &Elements,
                 std::vector<unsigned> &Starts) {
  const auto *Block = dyn_cast<CompoundStmt>(Body);
  if (!Block)
    return false;
  // (Room for a body's elements made once: a call's arguments are a few
  // dozen, each appended.)
  Elements.reserve(64);
  Starts.reserve(64);
  StraightRun Run(Elements, Starts);
  for (const Stmt *S : Block->body())
    if (!Run.statement(S, S == Block->body_back()))
      return false;
  return true;
}

// Whether the constant evaluator cannot fold \p E: evaluating it must read
// a variable that is neither const nor constexpr, or call a function that
// is neither constexpr nor a builtin (operands that are always evaluated,
// not the right of && || , nor a ternary's arms).
bool cannotFold(const Expr *E, unsigned Depth) {
  if (!E || Depth > 32)
    return false;
  E = E->IgnoreParens();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    // (A reference initialised with a constant is usable as one.)
    if (!V || V->isConstexpr() || V->getType()->isReferenceType())
      return false;
    if (isa<ParmVarDecl>(V))
      return true; // const or not: a run's value
    if (!V->getType().isConstQualified())
      return true;
    // A const variable folds where its initializer does.
    const Expr *Init = V->getAnyInitializer();
    return !Init || cannotFold(Init, Depth + 1);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = Call->getDirectCallee();
    return F && !F->isConstexpr() && !F->getBuiltinID();
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return cannotFold(Cast->getSubExpr(), Depth + 1);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_Minus: case UO_Plus: case UO_Not: case UO_LNot:
      return cannotFold(U->getSubExpr(), Depth + 1);
    default:
      return false;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp() || B->getOpcode() == BO_Comma)
      return false;
    if (B->isLogicalOp())
      return cannotFold(B->getLHS(), Depth + 1);
    return cannotFold(B->getLHS(), Depth + 1) ||
           cannotFold(B->getRHS(), Depth + 1);
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) // (a static member: no read
    return isa<FieldDecl>(M->getMemberDecl()) && // of the object; a field
           (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()) || // of
            cannotFold(M->getBase(), Depth + 1)); // the method's, a run's)
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return cannotFold(C->getCond(), Depth + 1);
  return false;
}

// An integer literal, perhaps negated or complemented: what the CFG
// builder reads as the constant side of a comparison it judges by shape.
static bool literalSide(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Not ||
        U->getOpcode() == UO_LNot)
      E = U->getSubExpr()->IgnoreParenImpCasts();
  return isa<IntegerLiteral>(E);
}

// Whether Clang's CFG builder could decide \p Cond without running it
// (PruneTriviallyFalseEdges): unless the constant evaluator must read a
// value of the run to fold it (cannotFold()), and it has none of the
// shapes the builder judges by their form, whatever the values: && and ||
// on comparisons of one variable (m < 0 && m > 100), x * 0, x & 0, a
// boolean compared with another integer (!x == 2, (x < 3) < 4), a bitwise
// and or or compared with one ((x & 8) == 4, (x | 8) != -1). (Other
// operators compared with a literal, (x % 3) == 0, it leaves to the run.)
bool decidableCondition(const Expr *Cond) {
  if (!Cond)
    return true; // (if consteval: decided by its form)
  const Expr *E = Cond->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isLogicalOp() || B->getOpcode() == BO_Mul ||
        B->getOpcode() == BO_And)
      return true;
    if (B->isComparisonOp())
      for (const auto &[Side, Other] : {std::pair(B->getLHS(), B->getRHS()),
                                        std::pair(B->getRHS(), B->getLHS())}) {
        const auto *Bits = dyn_cast<BinaryOperator>(Other->IgnoreParenImpCasts());
        if (literalSide(Side) &&
            ((Bits && (Bits->getOpcode() == BO_And || Bits->getOpcode() == BO_Or)) ||
             Other->isKnownToHaveBooleanValue()))
          return true;
      }
  }
  return !cannotFold(Cond, 0);
}

// Whether the CFG builder makes \p S a branch whose edges it may prune,
// with the condition it would try in \p Cond (null where the form decides:
// && and ||, if consteval).
namespace {
// The condition of \p S, a \p T that branches on it.
template <class T> bool conditionOf(const Stmt *S, const Expr *&Cond) {
  Cond = cast<T>(S)->getCond();
  return true;
}
} // namespace

bool branchesOn(const Stmt *S, const Expr *&Cond) {
  // (One jump on the class: shapeOf() asks for every node of a body.)
  Cond = nullptr;
  switch (S->getStmtClass()) {
  case Stmt::IfStmtClass:
    return conditionOf<IfStmt>(S, Cond);
  case Stmt::WhileStmtClass:
    return conditionOf<WhileStmt>(S, Cond);
  case Stmt::DoStmtClass:
    return conditionOf<DoStmt>(S, Cond);
  case Stmt::ForStmtClass: // for (;;) loops for ever
    return conditionOf<ForStmt>(S, Cond) && Cond;
  case Stmt::CXXForRangeStmtClass:
    return conditionOf<CXXForRangeStmt>(S, Cond);
  case Stmt::SwitchStmtClass:
    return conditionOf<SwitchStmt>(S, Cond);
  case Stmt::ConditionalOperatorClass:
  case Stmt::BinaryConditionalOperatorClass:
    return conditionOf<AbstractConditionalOperator>(S, Cond);
  case Stmt::BinaryOperatorClass:
    return cast<BinaryOperator>(S)->isLogicalOp();
  default:
    return false; // (a compound assignment among them)
  }
}

BodyShape shapeOf(const Stmt *Body) {
  BodyShape Out;
  llvm::SmallVector<std::pair<const Stmt *, unsigned>, 64> Stack;
  Stack.push_back({Body, 0});
  unsigned Visited = 0;
  while (!Stack.empty()) {
    auto [S, Level] = Stack.pop_back_val();
    if (Level > MaxNesting || ++Visited > 4 * MaxElements) {
      Out.TooDeep = true;
      return Out;
    }
    if (const Expr *Cond; !Out.Prunable && branchesOn(S, Cond))
      Out.Prunable = decidableCondition(Cond);
    for (const Stmt *Child : S->children())
      if (Child)
        Stack.push_back({Child, Level + 1});
  }
  return Out;
}

// The CFG's elements are the full expressions and conditions, and within
// them every subexpression that can change what the walk knows, in the
// order it runs: the kinds transfer(), scanEscapes() and writesOf() act on.
// (Every subexpression would be an element of its own with all of them
// added: three times the elements, none of which does anything here.)
CFG::BuildOptions graphOptions(bool Prune) {
  CFG::BuildOptions Options;
  Options.PruneTriviallyFalseEdges = Prune;
  for (Stmt::StmtClass Effect :
       {Stmt::BinaryOperatorClass, Stmt::CompoundAssignOperatorClass,
        Stmt::UnaryOperatorClass, Stmt::DeclStmtClass, Stmt::CallExprClass,
        Stmt::CXXMemberCallExprClass, Stmt::CXXOperatorCallExprClass,
        Stmt::CUDAKernelCallExprClass, Stmt::UserDefinedLiteralClass,
        Stmt::LambdaExprClass, Stmt::GCCAsmStmtClass, Stmt::MSAsmStmtClass})
    Options.setAlwaysAdd(Effect);
  return Options;
}
} // namespace clang::tidy::gemm
