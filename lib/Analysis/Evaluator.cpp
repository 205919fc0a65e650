//===--- Evaluator.cpp - gemm-tidy ---------------------------------------===//

#include "Analysis/Walker.h"
#include "Analysis/BodyShape.h"
#include "Analysis/Syntax.h"
#include "Analysis/UnwrittenStatics.h"
#include "GemmCallAnalysis.h"
#include "Models/ApiModel.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::gemm {

bool FunctionValues::stableCondition(const Expr *Cond) const {
  if (!Cond)
    return false;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Cond)) {
    if (isa<EnumConstantDecl>(Ref->getDecl()))
      return true;
    if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl()))
      return !(Known && Known->WrittenParams.lookup(P));
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      return V->getType().isConstQualified() && !V->getType().isVolatileQualified();
    return false;
  }
  if (isa<IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr>(Cond))
    return true;
  if (isa<UnaryOperator, BinaryOperator, CastExpr>(Cond)) {
    for (const Stmt *Child : Cond->children())
      if (!stableCondition(dyn_cast_or_null<Expr>(Child)))
        return false;
    if (const auto *B = dyn_cast<BinaryOperator>(Cond))
      return !B->isAssignmentOp();
    if (const auto *U = dyn_cast<UnaryOperator>(Cond))
      return !U->isIncrementDecrementOp();
    return true;
  }
  return false;
}

std::optional<Literal> FunctionValues::atomFor(const Expr *Cond) {
  if (!Cond)
    return std::nullopt;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Cond); U && U->getOpcode() == UO_LNot) {
    std::optional<Literal> Inner = atomFor(U->getSubExpr());
    if (Inner)
      Inner->Positive = !Inner->Positive;
    return Inner;
  }
  // The same branch seen again (a loop) is the same atom.
  if (auto It = ConditionAtoms.find(Cond); It != ConditionAtoms.end())
    return It->second;
  // Conditions on values nothing can change are one atom wherever they
  // appear; any other condition is an atom of its own, uncorrelated.
  unsigned Hash = 0;
  if (stableCondition(Cond)) {
    // A variable or parameter alone (`if (trans)`, the commonest) is the
    // same condition as another read of it: no need to profile either.
    const auto *Read = dyn_cast<DeclRefExpr>(Cond);
    const Decl *Var = Read ? Read->getDecl()->getCanonicalDecl() : nullptr;
    llvm::FoldingSetNodeID ID;
    if (Var) {
      Hash = static_cast<unsigned>(llvm::hash_value(Var)) | 1; // never 0
    } else {
      Cond->Profile(ID, Ctx, /*Canonical=*/true);
      Hash = ID.ComputeHash() | 1;
    }
    for (unsigned I = 0; I < Atoms.size(); ++I) {
      if (Atoms[I].StableHash != Hash)
        continue;
      const auto *OtherRead = dyn_cast<DeclRefExpr>(Atoms[I].Cond);
      bool Same;
      if (Var || OtherRead) {
        Same = Var && OtherRead &&
               OtherRead->getDecl()->getCanonicalDecl() == Var;
      } else {
        llvm::FoldingSetNodeID Other;
        Atoms[I].Cond->Profile(Other, Ctx, true);
        Same = Other == ID;
      }
      if (Same)
        return ConditionAtoms[Cond] = Literal{I, true};
    }
  }
  // Conditions beyond the first 64 of a function are not tracked (more
  // than six already make the arguments be judged path by path, not per
  // assignment; the atoms still prune paths that cannot be taken).
  if (Atoms.size() >= MaxAtoms)
    return std::nullopt;
  Atoms.push_back({Cond, &Ctx, Hash});
  const Literal L{static_cast<unsigned>(Atoms.size() - 1), true};
  ConditionAtoms[Cond] = L;
  return L;
}

SymbolicValue FunctionValues::evalVar(const VarDecl *V, const Env &Vars,
                                      unsigned Depth) {
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    if (Vars.Callee)
      if (auto It = Vars.Callee->Params.find(P); It != Vars.Callee->Params.end())
        return It->second;
    if (Known && Known->WrittenParams.lookup(P))
      return SymbolicValue::unknown();
    if (ReadParams && P->getDeclContext() == Fn &&
        !llvm::is_contained(*ReadParams, P))
      ReadParams->push_back(P);
    auto Bound = Params.find(P);
    if (Bound != Params.end())
      return Bound->second;
    SymbolicValue U;
    if (P->getDeclContext() == Fn)
      U.NeedsParams.push_back(P);
    return U;
  }
  auto It = Vars.Locals.find(V);
  if (It != Vars.Locals.end())
    return It->second;
  // A function-scope static is initialised once, by whichever call came
  // first: only a constant initializer (folded by eval) says its value.
  if (V->isStaticLocal())
    return SymbolicValue::unknown();
  // A const variable whose initializer is not a constant expression but
  // can be followed (`const int ld = t ? k : m;` at namespace scope), or a
  // file-scope static that nothing in the translation unit writes.
  const bool Constant =
      V->getType().isConstQualified() && !V->getType().isVolatileQualified();
  if (!V->hasLocalStorage() && V->getInit() && Depth < MaxDepth &&
      (Constant || keepsInitialValue(V, Ctx))) {
    SymbolicValue Val = eval(V->getInit(), Env(), Depth + 1);
    const OriginText Text = OriginText::quoting("the value of", V->getName());
    for (Alternative &A : Val.Alternatives)
      A.From = {V->getInit(), Text};
    return Val;
  }
  return SymbolicValue::unknown();
}

SymbolicValue FunctionValues::evalCall(const CallExpr *Call, const Env &Vars,
                                       unsigned Depth) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || Depth >= MaxDepth)
    return SymbolicValue::unknown();
  // std::min and std::max.
  if (Callee->isInStdNamespace() && Call->getNumArgs() == 2 &&
      Callee->getIdentifier() &&
      (Callee->getName() == "min" || Callee->getName() == "max")) {
    const SymbolicValue A = eval(Call->getArg(0), Vars, Depth + 1);
    const SymbolicValue B = eval(Call->getArg(1), Vars, Depth + 1);
    if (!A.Known || !B.Known)
      return SymbolicValue::unknown();
    SymbolicValue Out;
    Out.Known = true;
    const bool Min = Callee->getName() == "min";
    for (const Alternative &X : A.Alternatives)
      for (const Alternative &Y : B.Alternatives)
        if (std::optional<Guard> G = conjoin(X.When, Y.When))
          Out.Alternatives.push_back(
              {*G, Min ? std::min(X.Value, Y.Value) : std::max(X.Value, Y.Value),
               {Call, ""}});
    return Out.Alternatives.size() > MaxAlternatives ? SymbolicValue::unknown()
                                                     : Out;
  }
  // A function whose body only returns an expression: evaluate it with the
  // arguments bound to its parameters.
  const Expr *Ret = nullptr;
  const FunctionDecl *Def = singleReturn(Call, Ret);
  if (!Def)
    return SymbolicValue::unknown();
  Env Inner;
  bindArguments(*Def, {Call->getArgs(), Call->getNumArgs()}, Vars, Depth + 1,
                ArgumentBinding::Values, Inner);
  SymbolicValue V = eval(Ret, Inner, Depth + 1);
  if (!V.Known)
    return V;
  for (Alternative &A : V.Alternatives) {
    A.Value = convert(A.Value, Def->getReturnType(), Ctx);
    A.From = {Call, "returned by '" + Def->getNameAsString() + "'"};
  }
  return V;
}

SymbolicValue FunctionValues::eval(const Expr *E, const Env &Vars,
                                   unsigned Depth) {
  if (!E || Depth > MaxDepth || E->isValueDependent() || E->isTypeDependent() ||
      E->containsErrors())
    return SymbolicValue::unknown();
  E = E->IgnoreParens();
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    return eval(Cleanups->getSubExpr(), Vars, Depth + 1);
  if (const auto *Temporary = dyn_cast<MaterializeTemporaryExpr>(E))
    return eval(Temporary->getSubExpr(), Vars, Depth + 1);
  // A template argument in an instantiation (`int ld = Ld;`): its value.
  if (const auto *Subst = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return eval(Subst->getReplacement(), Vars, Depth + 1);
  if (SymbolicValue Folded = folded(E); Folded.Known)
    return Folded;
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return valueThroughCast(Cast, Vars, Depth);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *EC = dyn_cast<EnumConstantDecl>(Ref->getDecl()))
      return SymbolicValue::constant(integerAsReceived(EC->getInitVal()),
                                     {E, ""});
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      return evalVar(V, Vars, Depth);
    return SymbolicValue::unknown();
  }
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return valueOfMember(M, Vars);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return valueOfUnary(U, Vars, Depth);
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return valueOfBinary(B, Vars, Depth);
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return valueOfConditional(C, Vars, Depth);
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return evalCall(Call, Vars, Depth);
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(E))
    return eval(Default->getExpr(), Vars, Depth + 1);
  return SymbolicValue::unknown();
}

namespace {

// The range of an integer type of at most 64 bits (not bool, no enum).
std::optional<std::pair<__int128, __int128>> rangeOf(QualType T,
                                                     const ASTContext &Ctx) {
  const auto *Builtin = T->getAs<BuiltinType>();
  if (!Builtin || !Builtin->isInteger() || Builtin->isBooleanType())
    return std::nullopt;
  const unsigned Width = Ctx.getIntWidth(T);
  if (Width == 0 || Width > 64)
    return std::nullopt;
  if (T->isSignedIntegerType())
    return std::make_pair(-(static_cast<__int128>(1) << (Width - 1)),
                          (static_cast<__int128>(1) << (Width - 1)) - 1);
  return std::make_pair(static_cast<__int128>(0),
                        (static_cast<__int128>(1) << Width) - 1);
}

// `sizeof(T)` of a complete type of constant size; none for any other trait
// or operand.
std::optional<__int128> sizeOfType(const UnaryExprOrTypeTraitExpr &Trait,
                                   const ASTContext &Ctx) {
  if (Trait.getKind() != UETT_SizeOf || !Trait.isArgumentType())
    return std::nullopt;
  const QualType T = Trait.getArgumentType();
  if (T->isDependentType() || T->isIncompleteType() || T->isReferenceType() ||
      T->isFunctionType() || T->isVoidType() || !T->isConstantSizeType())
    return std::nullopt;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

// The value of \p E, computed without the constant evaluator where it is
// made only of integer literals, template arguments, sizeof of a type,
// integer conversions and + - * that keep every value in its type's range
// (a template's `M * (int)sizeof(T)`): then the evaluator would give the
// same, at many times the cost. None otherwise (the evaluator decides).
std::optional<__int128> quickFold(const Expr *E, const ASTContext &Ctx,
                                  unsigned Depth = 0) {
  if (!E || Depth > 16)
    return std::nullopt;
  E = E->IgnoreParens();
  const auto Range = rangeOf(E->getType(), Ctx);
  if (!Range)
    return std::nullopt;
  std::optional<__int128> V;
  if (const auto *Literal = dyn_cast<IntegerLiteral>(E)) {
    const llvm::APInt &I = Literal->getValue();
    if (I.getBitWidth() > 64)
      return std::nullopt;
    V = E->getType()->isSignedIntegerType()
            ? static_cast<__int128>(I.getSExtValue())
            : static_cast<__int128>(I.getZExtValue());
  } else if (const auto *Subst = dyn_cast<SubstNonTypeTemplateParmExpr>(E)) {
    const Expr *R = Subst->getReplacement();
    if (!Ctx.hasSameType(R->getType(), E->getType()))
      return std::nullopt;
    V = quickFold(R, Ctx, Depth + 1);
  } else if (const auto *Trait = dyn_cast<UnaryExprOrTypeTraitExpr>(E)) {
    V = sizeOfType(*Trait, Ctx);
  } else if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    if ((Cast->getCastKind() != CK_IntegralCast &&
         Cast->getCastKind() != CK_NoOp) ||
        !isa<ImplicitCastExpr, CStyleCastExpr, CXXStaticCastExpr,
             CXXFunctionalCastExpr>(Cast))
      return std::nullopt;
    V = quickFold(Cast->getSubExpr(), Ctx, Depth + 1);
  } else if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() != UO_Minus && U->getOpcode() != UO_Plus)
      return std::nullopt;
    V = quickFold(U->getSubExpr(), Ctx, Depth + 1);
    if (V && U->getOpcode() == UO_Minus)
      V = -*V;
  } else if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    const BinaryOperatorKind Op = B->getOpcode();
    if (Op != BO_Add && Op != BO_Sub && Op != BO_Mul)
      return std::nullopt;
    const std::optional<__int128> L = quickFold(B->getLHS(), Ctx, Depth + 1);
    const std::optional<__int128> R =
        L ? quickFold(B->getRHS(), Ctx, Depth + 1) : std::nullopt;
    if (!L || !R)
      return std::nullopt;
    // (Each is within 64 bits: no operation overflows 128.)
    V = Op == BO_Add ? *L + *R : Op == BO_Sub ? *L - *R : *L * *R;
  }
  // (Out of range, the evaluator gives up on a signed type and wraps an
  // unsigned one: either way, it decides.)
  if (!V || *V < Range->first || *V > Range->second)
    return std::nullopt;
  return V;
}

} // namespace

// A literal, or an integer expression the constant evaluator folds; unknown
// otherwise.
SymbolicValue FunctionValues::folded(const Expr *E) {
  // Literals and enumerators, the commonest arguments, need no evaluator
  // (the implicit conversions above them are the casts below).
  if (const auto *Literal = dyn_cast<IntegerLiteral>(E))
    return SymbolicValue::constant(
        integerAsReceived(llvm::APSInt(
            Literal->getValue(), Literal->getType()->isUnsignedIntegerType())),
        {E, ""});
  // An expression that must read a variable neither const nor constexpr,
  // or call a function that is not constexpr, never folds: spare the
  // constant evaluator (it is most of what arguments and branch conditions
  // cost).
  const Expr *Bare = E->IgnoreParenImpCasts();
  const auto *Read = dyn_cast<DeclRefExpr>(Bare);
  const bool Trivial =
      isa<IntegerLiteral>(Bare) ||
      (Read && isa<EnumConstantDecl>(Read->getDecl()));
  if (E->getType()->isIntegralOrEnumerationType() && !Trivial &&
      !cannotFold(E, 0)) {
    // (What integerAsReceived() makes of the evaluator's value: the value,
    // an unsigned one past INT64_MAX wrapped.)
    if (const std::optional<__int128> V = quickFold(E, Ctx))
      return SymbolicValue::constant(
          static_cast<int64_t>(static_cast<uint64_t>(*V)), {E, ""});
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx)) {
      return SymbolicValue::constant(integerAsReceived(R.Val.getInt()), {E, ""});
    }
  }
  return SymbolicValue::unknown();
}

// Through an integer conversion (or a read): the value converted.
SymbolicValue FunctionValues::valueThroughCast(const CastExpr *Cast,
                                               const Env &Vars, unsigned Depth) {
  switch (Cast->getCastKind()) {
  case CK_LValueToRValue: case CK_NoOp: case CK_IntegralCast:
  case CK_IntegralToBoolean: case CK_BooleanToSignedIntegral:
  case CK_UserDefinedConversion: case CK_ConstructorConversion: {
    SymbolicValue V = eval(Cast->getSubExpr(), Vars, Depth + 1);
    if (Cast->getType()->isIntegralOrEnumerationType())
      for (Alternative &A : V.Alternatives)
        A.Value = convert(A.Value, Cast->getType(), Ctx);
    // A pitch read or converted to another integer type is still one.
    if (Cast->getCastKind() != CK_LValueToRValue &&
        Cast->getCastKind() != CK_NoOp && Cast->getCastKind() != CK_IntegralCast)
      V.PitchFrom = nullptr;
    return V;
  }
  default:
    return SymbolicValue::unknown();
  }
}

// `s.f`: the field as the walk followed it, or as the callers bound a
// structure parameter's.
SymbolicValue FunctionValues::valueOfMember(const MemberExpr *M,
                                            const Env &Vars) {
  auto [V, F] = lvalueTarget(M);
  if (V && F) {
    auto It = Vars.Fields.find({V, F});
    if (It != Vars.Fields.end())
      return It->second;
    if (const auto *P = dyn_cast<ParmVarDecl>(V))
      return paramField(P, F);
  }
  return SymbolicValue::unknown();
}

// `-x`, `~x`, `!x`: each alternative's.
SymbolicValue FunctionValues::valueOfUnary(const UnaryOperator *U,
                                           const Env &Vars, unsigned Depth) {
  SymbolicValue V = eval(U->getSubExpr(), Vars, Depth + 1);
  V.PitchFrom = nullptr; // -pitch is no pitch
  if (!V.Known)
    return V;
  for (Alternative &A : V.Alternatives) {
    switch (U->getOpcode()) {
    case UO_Minus:
      if (A.Value == INT64_MIN) return SymbolicValue::unknown();
      A.Value = -A.Value; break;
    case UO_Plus: break;
    case UO_Not: A.Value = ~A.Value; break;
    case UO_LNot: A.Value = !A.Value; break;
    default: return SymbolicValue::unknown();
    }
    A.Value = convert(A.Value, U->getType(), Ctx);
  }
  return V;
}

// `x op y`: each pair of alternatives that can hold together, where no
// operation overflows.
SymbolicValue FunctionValues::valueOfBinary(const BinaryOperator *B,
                                            const Env &Vars, unsigned Depth) {
  if (B->isAssignmentOp() || B->getOpcode() == BO_Comma)
    return SymbolicValue::unknown();
  const SymbolicValue L = eval(B->getLHS(), Vars, Depth + 1);
  const SymbolicValue R = eval(B->getRHS(), Vars, Depth + 1);
  if (!L.Known || !R.Known)
    return unknownOf({&L, &R});
  SymbolicValue Out;
  Out.Known = true;
  for (const Alternative &X : L.Alternatives)
    for (const Alternative &Y : R.Alternatives) {
      std::optional<Guard> G = conjoin(X.When, Y.When);
      if (!G)
        continue;
      std::optional<int64_t> V = checkedOp(B->getOpcode(), X.Value, Y.Value);
      if (!V)
        return SymbolicValue::unknown();
      Out.Alternatives.push_back(
          {*G, convert(*V, B->getType(), Ctx), X.From.At ? X.From : Y.From});
    }
  if (Out.Alternatives.size() > MaxAlternatives)
    return SymbolicValue::unknown();
  return Out;
}

// `c ? x : y`: each branch's alternatives, under the condition's.
SymbolicValue FunctionValues::valueOfConditional(const ConditionalOperator *C,
                                                 const Env &Vars,
                                                 unsigned Depth) {
  const SymbolicValue Cond = eval(C->getCond(), Vars, Depth + 1);
  const SymbolicValue T = eval(C->getTrueExpr(), Vars, Depth + 1);
  const SymbolicValue F = eval(C->getFalseExpr(), Vars, Depth + 1);
  SymbolicValue Out;
  Out.Known = true;
  auto Add = [&](const SymbolicValue &Branch, const Guard &When) {
    if (!Branch.Known)
      return false;
    for (const Alternative &A : Branch.Alternatives)
      if (std::optional<Guard> G = conjoin(A.When, When))
        Out.Alternatives.push_back({*G, A.Value, A.From});
    return true;
  };
  bool Ok = true;
  if (Cond.Known) {
    for (const Alternative &A : Cond.Alternatives)
      Ok &= Add(A.Value ? T : F, A.When);
  } else if (std::optional<Literal> L = atomFor(C->getCond())) {
    Ok = Add(T, {*L}) && Add(F, {Literal{L->Atom, !L->Positive}});
  } else {
    Ok = false;
  }
  if (!Ok || Out.Alternatives.size() > MaxAlternatives)
    return unknownOf({&Cond, &T, &F});
  for (Alternative &A : Out.Alternatives)
    A.Value = convert(A.Value, C->getType(), Ctx);
  return Out;
}

// Field F of this function's structure parameter P: what its callers bound
// (the caller's object, unchanged here: P is never written and, by const
// reference, nothing but P names it here), else unknown until they do.
SymbolicValue FunctionValues::paramField(const ParmVarDecl *P, const FieldDecl *F) {
  const QualType T = P->getType();
  const bool ByConstRef = T->isReferenceType() && T.getNonReferenceType().isConstQualified();
  if (P->getDeclContext() != Fn || (T->isReferenceType() && !ByConstRef) ||
      !T.getNonReferenceType()->isRecordType() || F->isBitField() ||
      F->getParent()->isUnion() || (Known && Known->WrittenParams.lookup(P)))
    return SymbolicValue::unknown();
  auto It = Params.FieldValues.find({P, F});
  if (It != Params.FieldValues.end())
    return It->second;
  SymbolicValue U;
  U.NeedsParams.push_back(P);
  return U;
}

} // namespace clang::tidy::gemm
