//===--- ObjectRecipes.cpp - gemm-tidy ----------------------------------===//

#include "Analysis/ObjectRecipes.h"
#include "Analysis/Syntax.h"

#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::gemm {

namespace {

// The cuBLAS or cuBLASLt call a statement of a recipe makes, through a
// one-argument status check (`check(cublasLt...SetAttribute(...))`) and a
// `return`; null where it is none.
const CallExpr *madeCall(const Stmt *S) {
  if (const auto *Return = dyn_cast<ReturnStmt>(S))
    S = Return->getRetValue();
  const auto *Ex = dyn_cast_or_null<Expr>(S);
  const auto *Call =
      dyn_cast_or_null<CallExpr>(Ex ? Ex->IgnoreUnlessSpelledInSource() : nullptr);
  if (Call && objectCallOf(Call->getDirectCallee()).What == Effect::None &&
      !keepsObjectState(Call->getDirectCallee()) && Call->getNumArgs() == 1)
    Call = dyn_cast<CallExpr>(Call->getArg(0)->IgnoreUnlessSpelledInSource());
  return Call;
}

// What a recipe makes: one object (a parameter, what a parameter points
// to, or a local it returns), or the objects a structure holds (one a
// parameter points to or refers to, or a local it returns).
struct RecipeObject {
  const VarDecl *Var = nullptr; // null with Record: `this`'s fields
  bool Address = false; // an object parameter's pointee, or `p->f`
  bool Record = false;
  bool Local = false;   // or a constructor's object

  // Whether the recipe may create what it makes, and must before it
  // configures it (a structure it receives may hold objects already).
  bool creates() const { return Local || Address || Record; }
  bool mustCreate() const { return Local || (Address && !Record); }

  // The field \p E names (null: the object itself); false where \p E
  // names nothing this recipe makes.
  bool target(const Expr *E, const FieldDecl *&Field) const {
    Field = nullptr;
    if (Record)
      return (Field = objectFieldOf(E, Var, Address)) != nullptr;
    E = E->IgnoreParenImpCasts();
    if (Address) {
      const auto *Deref = dyn_cast<UnaryOperator>(E);
      if (!Deref || Deref->getOpcode() != UO_Deref)
        return false;
      E = Deref->getSubExpr();
    }
    return referencedVar(E) == Var;
  }

  // The field what a Create receives names: `&s.f`, `&p->f`; for the
  // object itself `&l` of the local, `p` of a pointer parameter.
  bool created(const Expr *E, const FieldDecl *&Field) const {
    Field = nullptr;
    if (!Record && !Local)
      return referencedVar(E) == Var;
    const auto *Addr = dyn_cast<UnaryOperator>(E->IgnoreParenCasts());
    if (!Addr || Addr->getOpcode() != UO_AddrOf)
      return false;
    if (Record)
      return (Field = objectFieldOf(Addr->getSubExpr(), Var, Address)) != nullptr;
    return referencedVar(Addr->getSubExpr()) == Var;
  }
};

// The object of a recipe for argument \p I of \p Def (I < 0: the local
// \p Stmts declares first and returns last, then dropped from them).
std::optional<RecipeObject> recipeObject(const FunctionDecl *Def, int I,
                                         llvm::ArrayRef<Stmt *> &Stmts) {
  RecipeObject O;
  if (I < 0) {
    const auto *D = dyn_cast<DeclStmt>(Stmts.front());
    const auto *Return = dyn_cast<ReturnStmt>(Stmts.back());
    O.Var = D && D->isSingleDecl() ? dyn_cast<VarDecl>(D->getSingleDecl()) : nullptr;
    const Expr *Returned = Return ? Return->getRetValue() : nullptr;
    if (!O.Var || !Returned ||
        referencedVar(Returned->IgnoreUnlessSpelledInSource()) != O.Var)
      return std::nullopt;
    O.Local = true;
    O.Record = holdsObjects(O.Var->getType());
    // An object declared without a value; a structure default-initialised
    // by the implicit constructor (its default member initialisers create
    // no object; a constructor of the program's would be code the recipe
    // skips).
    const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(O.Var->getInit());
    const CXXConstructorDecl *Ctor = Construct ? Construct->getConstructor() : nullptr;
    if (O.Record ? O.Var->hasInit() && (!Ctor || !Ctor->isDefaultConstructor() ||
                                        !Ctor->isDefaulted())
                 : O.Var->hasInit() || !isObjectType(O.Var->getType()))
      return std::nullopt;
    Stmts = Stmts.drop_front().drop_back();
    return O;
  }
  O.Var = Def->getParamDecl(I);
  const QualType T = O.Var->getType();
  const QualType Pointee = T->isPointerType() || T->isReferenceType()
                               ? T->getPointeeType()
                               : QualType();
  if (holdsObjects(Pointee) && !Pointee.isConstQualified()) {
    O.Record = true;
    O.Address = T->isPointerType();
    return O;
  }
  O.Address = T->isPointerType() && isObjectType(Pointee);
  if (!O.Address && !isObjectType(T))
    return std::nullopt;
  return O;
}

constexpr unsigned MaxRecipeStatements = 10;

// The object calls \p Stmts make on \p Object, in order, into \p Out;
// false where a statement does anything else.
bool recipeSteps(llvm::ArrayRef<Stmt *> Stmts, const RecipeObject &Object,
                 ObjectRecipe &Out) {
  // The objects created so far: a structure's fields, or the object (null).
  llvm::SmallVector<const FieldDecl *, 4> Made;
  for (const Stmt *S : Stmts) {
    const CallExpr *Step = madeCall(S);
    if (!Step)
      return false;
    const ApiFunction Info = objectCallOf(Step->getDirectCallee());
    if (Info.What == Effect::None && keepsObjectState(Step->getDirectCallee()))
      continue;
    if (Step->getNumArgs() == 0)
      return false;
    const Expr *Target = Step->getArg(0);
    const FieldDecl *Field = nullptr;
    if (Info.What == Effect::Create && Object.creates() &&
        Object.created(Target, Field)) {
      if (llvm::is_contained(Made, Field))
        return false; // made twice: the first one leaks, not followed
      Made.push_back(Field);
    } else if (Info.What != Effect::Set || !Object.target(Target, Field) ||
               (Object.mustCreate() && !llvm::is_contained(Made, Field))) {
      return false;
    }
    Out.Calls.push_back({Step, Info, Field});
  }
  return !Out.Calls.empty();
}

} // namespace

std::optional<ObjectRecipe> objectRecipe(const CallExpr *Call, int I) {
  ObjectRecipe Out;
  const CompoundStmt *Body = inlinableBody(Call, Out.Def);
  if (!Body || Body->size() > MaxRecipeStatements || Body->body_empty() ||
      I >= static_cast<int>(Out.Def->getNumParams()))
    return std::nullopt;
  llvm::ArrayRef<Stmt *> Stmts(Body->body_begin(), Body->body_end());
  const std::optional<RecipeObject> Object = recipeObject(Out.Def, I, Stmts);
  if (!Object || !recipeSteps(Stmts, *Object, Out))
    return std::nullopt;
  return Out;
}

namespace {

// Whether evaluating \p E calls no function (a default member initialiser
// included): `nullptr`, a parameter, `m * n`.
bool callsNothing(const Expr *E) {
  llvm::SmallVector<const Stmt *, 8> Work{E};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(S)) {
      Work.push_back(Default->getExpr());
      continue;
    }
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(S);
        Construct && !Construct->getConstructor()->isTrivial())
      return false;
    if (isa<CallExpr, LambdaExpr, CXXNewExpr, CXXDeleteExpr, StmtExpr>(S))
      return false;
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return true;
}

// The body of a member function of a class of the file that holds
// objects, where the analysis can bind its parameters to \p NumArgs
// arguments; null otherwise.
const CompoundStmt *memberBody(const CXXMethodDecl *Method, unsigned NumArgs,
                               const FunctionDecl *&Def) {
  Def = nullptr;
  if (!Method || Method->isStatic() || Method->isVirtual() ||
      !holdsObjects(Method->getParent()) ||
      !Method->hasBody(Def) || !Def || Def->getNumParams() != NumArgs)
    return nullptr;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  return Body && Body->size() <= MaxRecipeStatements ? Body : nullptr;
}

} // namespace

std::optional<ObjectRecipe> constructorRecipe(const CXXConstructExpr *Construct) {
  ObjectRecipe Out;
  const CXXConstructorDecl *Ctor = Construct->getConstructor();
  const CompoundStmt *Body =
      memberBody(Ctor, Construct->getNumArgs(), Out.Def);
  if (!Body || Body->body_empty())
    return std::nullopt;
  // Member initialisers that call nothing: the objects are made in the
  // body.
  for (const CXXCtorInitializer *Init : cast<CXXConstructorDecl>(Out.Def)->inits())
    if (!Init->isMemberInitializer() || !callsNothing(Init->getInit()))
      return std::nullopt;
  RecipeObject Object;
  Object.Record = Object.Address = Object.Local = true;
  if (!recipeSteps({Body->body_begin(), Body->body_end()}, Object, Out))
    return std::nullopt;
  return Out;
}

std::optional<ObjectRecipe> memberRecipe(const CXXMemberCallExpr *Call) {
  ObjectRecipe Out;
  const CompoundStmt *Body =
      memberBody(Call->getMethodDecl(), Call->getNumArgs(), Out.Def);
  if (!Body || Body->body_empty())
    return std::nullopt;
  RecipeObject Object;
  Object.Record = Object.Address = true;
  if (!recipeSteps({Body->body_begin(), Body->body_end()}, Object, Out))
    return std::nullopt;
  return Out;
}

const FieldDecl *objectGetter(const CXXMemberCallExpr *Call) {
  const FunctionDecl *Def = nullptr;
  const CompoundStmt *Body =
      memberBody(Call->getMethodDecl(), Call->getNumArgs(), Def);
  const auto *Return =
      Body && Body->size() == 1 ? dyn_cast<ReturnStmt>(Body->body_front()) : nullptr;
  return Return ? objectFieldOf(Return->getRetValue(), nullptr, true) : nullptr;
}

} // namespace clang::tidy::gemm
