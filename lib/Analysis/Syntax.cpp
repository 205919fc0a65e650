//===--- Syntax.cpp - gemm-tidy ------------------------------------------===//

#include "Analysis/Syntax.h"
#include "Analysis/ObjectRecipes.h"
#include "Models/ApiModel.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include <cmath>

namespace clang::tidy::gemm {

bool isTrackableType(QualType T) {
  T = T.getCanonicalType();
  return (T->isIntegralOrEnumerationType() || T->isRecordType()) &&
         !T.isVolatileQualified();
}

const VarDecl *referencedVar(const Expr *E) {
  if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr))
    return dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

const ParmVarDecl *parameterOf(const Expr *E, const FunctionDecl *Fn) {
  const auto *P = dyn_cast_or_null<ParmVarDecl>(referencedVar(E));
  return P && P->getDeclContext() == Fn ? P : nullptr;
}

// The local variable an lvalue names, directly or through a field access
// (`s.lda`), and the field.
std::pair<const VarDecl *, const FieldDecl *> lvalueTarget(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const VarDecl *V = referencedVar(E))
    return {V, nullptr};
  if (const auto *M = dyn_cast<MemberExpr>(E))
    if (const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl()))
      if (!M->isArrow())
        if (const VarDecl *V = referencedVar(M->getBase()))
          return {V, F};
  return {nullptr, nullptr};
}

std::optional<int64_t> checkedOp(BinaryOperatorKind Op, int64_t L, int64_t R) {
  __int128 V;
  switch (Op) {
  case BO_Add: V = static_cast<__int128>(L) + R; break;
  case BO_Sub: V = static_cast<__int128>(L) - R; break;
  case BO_Mul: V = static_cast<__int128>(L) * R; break;
  case BO_Div:
    if (R == 0 || (L == INT64_MIN && R == -1)) return std::nullopt;
    V = L / R; break;
  case BO_Rem:
    if (R == 0 || (L == INT64_MIN && R == -1)) return std::nullopt;
    V = L % R; break;
  case BO_Shl:
    if (R < 0 || R > 62) return std::nullopt;
    V = static_cast<__int128>(L) << R; break;
  case BO_Shr:
    if (R < 0 || R > 63) return std::nullopt;
    V = L >> R; break;
  case BO_And: V = L & R; break;
  case BO_Or: V = L | R; break;
  case BO_Xor: V = L ^ R; break;
  case BO_LT: V = L < R; break;
  case BO_GT: V = L > R; break;
  case BO_LE: V = L <= R; break;
  case BO_GE: V = L >= R; break;
  case BO_EQ: V = L == R; break;
  case BO_NE: V = L != R; break;
  case BO_LAnd: V = L && R; break;
  case BO_LOr: V = L || R; break;
  default: return std::nullopt;
  }
  if (V > INT64_MAX || V < INT64_MIN)
    return std::nullopt;
  return static_cast<int64_t>(V);
}

// What an integer conversion to T does to V.
int64_t convert(int64_t V, QualType T, const ASTContext &Ctx) {
  T = T.getCanonicalType();
  if (T->isBooleanType())
    return V != 0;
  if (const auto *ET = T->getAs<EnumType>())
    if (ET->getDecl()->isComplete())
      T = ET->getDecl()->getIntegerType();
  if (!T->isIntegerType())
    return V;
  const uint64_t Width = Ctx.getIntWidth(T);
  if (Width >= 64)
    return V;
  const uint64_t Mask = (uint64_t{1} << Width) - 1;
  uint64_t U = static_cast<uint64_t>(V) & Mask;
  if (T->isSignedIntegerOrEnumerationType() && (U >> (Width - 1)))
    U |= ~Mask;
  return static_cast<int64_t>(U);
}

const VarDecl *addressedVar(const Expr *E) {
  const auto *Addr =
      dyn_cast_or_null<UnaryOperator>(E ? E->IgnoreParenCasts() : nullptr);
  return Addr && Addr->getOpcode() == UO_AddrOf
             ? referencedVar(Addr->getSubExpr())
             : nullptr;
}

// `&opaque` for a structure cuBLASLt's *Init functions fill in place
// (cublasLtMatrixLayoutOpaque_t and the like): the variable, else null.
const VarDecl *opaqueObject(const Expr *E) {
  const VarDecl *V = addressedVar(E);
  const auto *Typedef = V ? V->getType()->getAs<TypedefType>() : nullptr;
  return Typedef && Typedef->getDecl()->getName().starts_with("cublasLt") &&
                 Typedef->getDecl()->getName().ends_with("Opaque_t")
             ? V
             : nullptr;
}

ObjectRef objectRef(const Expr *E) {
  if (const VarDecl *V = opaqueObject(E))
    return {V, nullptr};
  if (const VarDecl *V = referencedVar(E))
    return V->getType()->isPointerType() ? ObjectRef{V, nullptr} : ObjectRef();
  const auto *M = dyn_cast_or_null<MemberExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  const VarDecl *Record = M && !M->isArrow() ? referencedVar(M->getBase()) : nullptr;
  if (const FieldDecl *F = Record ? objectFieldOf(M, Record, false) : nullptr)
    return {Record, F};
  // `s->a` of a pointer parameter (`void run(const Setup *s)`): what its
  // callers pass binds it (a local pointer could be one of several names).
  if (const auto *P = M && M->isArrow()
                          ? dyn_cast_or_null<ParmVarDecl>(referencedVar(M->getBase()))
                          : nullptr)
    if (const FieldDecl *F = objectFieldOf(M, P, true))
      return {P, F};
  // `a.get()` of a class that holds the object: the field its getter returns.
  if (const auto *Get = dyn_cast_or_null<CXXMemberCallExpr>(
          E ? E->IgnoreParenImpCasts() : nullptr)) {
    const auto *Callee = dyn_cast<MemberExpr>(Get->getCallee()->IgnoreParens());
    const VarDecl *Holder = Callee && !Callee->isArrow()
                                ? referencedVar(Get->getImplicitObjectArgument())
                                : nullptr;
    if (const FieldDecl *F = Holder ? objectGetter(Get) : nullptr)
      return {Holder, F};
  }
  return {};
}

const FieldDecl *objectFieldOf(const Expr *E, const VarDecl *Record,
                               bool Through) {
  const auto *M = dyn_cast_or_null<MemberExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!M || M->isArrow() != Through)
    return nullptr;
  // Null: a member of the object a member function runs on (`l_`,
  // `this->l_`).
  if (Record ? referencedVar(M->getBase()) != Record
             : !isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
  return F && !F->isBitField() && isObjectType(F->getType()) &&
                 !F->getParent()->isUnion()
             ? F
             : nullptr;
}

bool holdsObjects(QualType T) {
  return holdsObjects(T.isNull() ? nullptr : T->getAsRecordDecl());
}

bool holdsObjects(const RecordDecl *RD) {
  if (!RD || !RD->getDefinition() || RD->isUnion())
    return false;
  return llvm::any_of(RD->getDefinition()->fields(), [](const FieldDecl *F) {
    return isObjectType(F->getType());
  });
}

// The variable whose address a setter receives: `cudaMalloc(&p, n)` and
// the C forms `cudaMalloc((void **)&p, n)`, `reinterpret_cast<void **>(&p)`.
const VarDecl *allocatedVar(const CallExpr *Call, unsigned Arg) {
  return addressedVar(Call->getArg(Arg));
}

const VarDecl *pitchVar(const CallExpr *Call) {
  const ApiFunction *Alloc = Call ? allocatorOf(Call->getDirectCallee()) : nullptr;
  return Alloc && Alloc->PitchArg >= 0 &&
                 Call->getNumArgs() > unsigned(Alloc->PitchArg)
             ? allocatedVar(Call, Alloc->PitchArg)
             : nullptr;
}

unsigned objectArguments(const CallExpr &Call, const FunctionDecl &Fn) {
  const auto *Method = dyn_cast<CXXMethodDecl>(&Fn);
  return isa<CXXOperatorCallExpr>(Call) && Method &&
                 Method->isImplicitObjectMemberFunction()
             ? 1
             : 0;
}

const ParmVarDecl *parameterFor(const CallExpr &Call,
                                const FunctionDecl *Callee, unsigned I) {
  if (!Callee)
    return nullptr;
  const unsigned Object = objectArguments(Call, *Callee);
  return I >= Object && I - Object < Callee->getNumParams()
             ? Callee->getParamDecl(I - Object)
             : nullptr;
}

bool storesThroughAddress(const CallExpr *Call) {
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  return Callee && Call->getNumArgs() > 0 &&
         (allocatorOf(Callee) || objectCallOf(Callee).What == Effect::Create);
}

// The body of the function a call runs, where the analysis can bind its
// parameters to the call's arguments: a definition whose parameters match
// the arguments; member functions other than static ones read their
// object, which is not followed. Null otherwise.
const CompoundStmt *inlinableBody(const CallExpr *Call,
                                  const FunctionDecl *&Def) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  Def = nullptr;
  if (!Callee || !Callee->hasBody(Def) || !Def ||
      Def->getNumParams() != Call->getNumArgs() ||
      (isa<CXXMethodDecl>(Def) && !cast<CXXMethodDecl>(Def)->isStatic()) ||
      isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Call))
    return nullptr;
  return dyn_cast_or_null<CompoundStmt>(Def->getBody());
}

// The definition of a function whose body only returns an expression
// (`{ return <expr>; }`), with that expression; null otherwise.
const FunctionDecl *singleReturn(const CallExpr *Call, const Expr *&Ret) {
  const FunctionDecl *Def = nullptr;
  const CompoundStmt *Body = inlinableBody(Call, Def);
  if (!Body || Body->body_empty())
    return nullptr;
  // Constants the return may name first (`static const float one = 1.f;
  // return &one;`, a trait's getter): they change nothing.
  for (const Stmt *S : llvm::drop_end(Body->body())) {
    const auto *D = dyn_cast<DeclStmt>(S);
    if (!D)
      return nullptr;
    for (const Decl *Dl : D->decls()) {
      const auto *V = dyn_cast<VarDecl>(Dl);
      if (!V || !V->isStaticLocal() || !V->getType().isConstQualified() ||
          V->getType().isVolatileQualified())
        return nullptr;
    }
  }
  const auto *Return = dyn_cast<ReturnStmt>(Body->body_back());
  Ret = Return ? Return->getRetValue() : nullptr;
  return Ret ? Def : nullptr;
}

// Whether a scalar's initializer is zero: numbers, and the struct scalars
// cuBLAS reads as alpha and beta (`cuComplex beta = {1, 0}`, `__half beta =
// 1.0f`, whose constructors are not constexpr). Unknown where not proven.
std::optional<bool> isZeroScalar(const Expr *Init, const ASTContext &Ctx) {
  if (!Init || Init->isValueDependent() || Init->containsErrors())
    return std::nullopt;
  Expr::EvalResult R;
  if (Init->EvaluateAsRValue(R, Ctx)) {
    if (R.Val.isFloat())
      return R.Val.getFloat().isZero();
    if (R.Val.isInt())
      return R.Val.getInt().isZero();
    if (R.Val.isStruct()) { // cuComplex {x, y}
      bool Zero = true;
      for (unsigned I = 0; I < R.Val.getStructNumFields(); ++I) {
        const APValue &F = R.Val.getStructField(I);
        if (F.isFloat())
          Zero &= F.getFloat().isZero();
        else if (F.isInt())
          Zero &= F.getInt().isZero();
        else
          return std::nullopt;
      }
      return Zero;
    }
    return std::nullopt;
  }
  // `__half beta = 1.0f`: a converting constructor from one number. A
  // number too small for a 16-bit float would round to zero: unknown.
  const auto *Construct = dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit());
  if (!Construct || Construct->getNumArgs() != 1 ||
      dataTypeCode(Init->getType(), Ctx) < 0)
    return std::nullopt;
  const Expr *Arg = Construct->getArg(0);
  if (!Arg->getType()->isArithmeticType() || Arg->isValueDependent())
    return std::nullopt;
  llvm::APFloat F(0.0);
  if (!Arg->EvaluateAsFloat(F, Ctx)) {
    Expr::EvalResult I;
    if (!Arg->EvaluateAsInt(I, Ctx))
      return std::nullopt;
    return I.Val.getInt().isZero();
  }
  if (F.isZero())
    return true;
  bool Lost = false;
  F.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &Lost);
  const double D = F.convertToDouble();
  return std::abs(D) >= 1e-7 || std::isnan(D) ? std::optional<bool>(false)
                                              : std::nullopt;
}


std::string describe(const Expr *E, const ASTContext &Ctx) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  E->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  OS.flush();
  if (S.size() > 40)
    S = S.substr(0, 37) + "...";
  return S;
}
const Expr *aggregateOf(const Expr *E) {
  E = E ? E->IgnoreImplicit() : nullptr;
  if (const auto *Cast = dyn_cast_or_null<CXXFunctionalCastExpr>(E))
    E = Cast->getSubExpr()->IgnoreImplicit();
  if (const auto *Copy = dyn_cast_or_null<CXXConstructExpr>(E);
      Copy && Copy->getNumArgs() == 1 && Copy->getConstructor() &&
      Copy->getConstructor()->isCopyOrMoveConstructor())
    return aggregateOf(Copy->getArg(0));
  return E;
}

const VarDecl *readOnlyHolder(const Expr *E, const ParmVarDecl *Param) {
  if (!Param || !Param->getType()->isPointerType() ||
      !Param->getType()->getPointeeType().isConstQualified())
    return nullptr;
  const VarDecl *V = addressedVar(E);
  const auto *Class = V ? V->getType()->getAsCXXRecordDecl() : nullptr;
  if (Class && Class->hasDefinition() && Class->hasMutableFields())
    return nullptr; // a mutable field can be written through it
  return V && holdsObjects(V->getType()) ? V : nullptr;
}

const VarDecl *objectHolder(const Expr *E) {
  const VarDecl *V = referencedVar(E ? E->IgnoreUnlessSpelledInSource() : nullptr);
  return V && holdsObjects(V->getType()) ? V : nullptr;
}

ObjectRef objectAddress(const Expr *E) {
  const auto *Addr =
      dyn_cast_or_null<UnaryOperator>(E ? E->IgnoreParenCasts() : nullptr);
  if (!Addr || Addr->getOpcode() != UO_AddrOf)
    return {};
  const ObjectRef Ref = objectRef(Addr->getSubExpr());
  const QualType T = Ref.Field ? Ref.Field->getType()
                     : Ref     ? Ref.Var->getType()
                               : QualType();
  return Ref && isObjectType(T) ? Ref : ObjectRef();
}

const VarDecl *objectRecord(const Expr *E, const ParmVarDecl *Param) {
  if (!Param)
    return nullptr;
  const QualType T = Param->getType();
  const VarDecl *V = nullptr;
  if (T->isPointerType())
    V = addressedVar(E);
  else if (T->isReferenceType() && !T->getPointeeType().isConstQualified())
    V = referencedVar(E);
  return V && holdsObjects(V->getType()) ? V : nullptr;
}

} // namespace clang::tidy::gemm
