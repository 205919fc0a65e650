//===--- RecordTransfer.cpp - gemm-tidy ----------------------------------===//

#include "Analysis/Walker.h"
#include "Analysis/BodyShape.h"
#include "Analysis/Syntax.h"
#include "Models/ApiModel.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::gemm {

namespace {

// The semantic form of an initializer list (where the designators are
// resolved), or null.
const InitListExpr *semanticList(const Expr *E) {
  const auto *List = dyn_cast_or_null<InitListExpr>(E);
  if (!List)
    return nullptr;
  return List->isSemanticForm() ? List : List->getSemanticForm();
}

} // namespace

bool FunctionValues::Walker::modelledField(const FieldDecl *F) {
  return !F->isBitField() && F->getType()->isIntegralOrEnumerationType();
}

void FunctionValues::Walker::setField(const VarDecl *V, const FieldDecl *F, SymbolicValue Val,
              const Expr *At, llvm::StringRef What, Env &E) {
  if (!Val.Alternatives.empty()) {
    llvm::SmallString<96> Text(What);
    Text += " of '";
    Text += V->getName();
    Text += ".";
    Text += F->getName();
    Text += "'";
    const OriginText From(Text.str());
    for (Alternative &A : Val.Alternatives)
      A.From = {At, From};
  }
  E.Fields[{V, F}] = std::move(Val);
}

bool FunctionValues::Walker::hasFields(const VarDecl *V, const Env &E) {
  auto First = E.Fields.lower_bound({V, nullptr});
  return First != E.Fields.end() && First->first.first == V;
}

void FunctionValues::Walker::forgetFields(const VarDecl *V, Env &E) {
  if (!hasFields(V, E))
    return; // none: no copy of a shared map to write
  for (auto It = E.Fields.begin(); It != E.Fields.end();)
    It = It->first.first == V ? E.Fields.erase(It) : std::next(It);
}

template <class Fn>
void FunctionValues::Walker::forEachFieldInit(const RecordDecl *RD,
                                              const InitListExpr *List,
                                              Fn Each) {
  unsigned I = 0;
  for (const FieldDecl *F : RD->fields()) {
    if (F->isBitField() && !F->getIdentifier())
      continue; // an unnamed bit-field takes no initializer
    if (I < List->getNumInits() && modelledField(F))
      Each(F, List->getInit(I));
    ++I;
  }
}

template <class Fn>
void FunctionValues::Walker::forEachField(const VarDecl *Source, const Env &E,
                                          Fn Each) {
  std::vector<std::pair<const FieldDecl *, SymbolicValue>> Held;
  for (const auto &[K, Val] : E.Fields)
    if (K.first == Source)
      Held.push_back({K.second, Val});
  for (auto &[F, Val] : Held)
    Each(F, std::move(Val));
}

void FunctionValues::Walker::copyFields(const VarDecl *To, const Expr *From, Env &E) {
  forgetFields(To, E);
  const VarDecl *Source = referencedVar(From);
  if (!Source || !tracked(Source) ||
      Source->getType().getCanonicalType().getUnqualifiedType() !=
          To->getType().getCanonicalType().getUnqualifiedType())
    return;
  forEachField(Source, E, [&](const FieldDecl *F, SymbolicValue Val) {
    E.Fields[{To, F}] = std::move(Val);
  });
}

void FunctionValues::Walker::returnedFields(const VarDecl *V, const RecordDecl *RD, const CallExpr *Call,
                    Env &E) {
  const Expr *Ret = nullptr;
  const FunctionDecl *Def = singleReturn(Call, Ret);
  if (!Def || Call->getNumArgs() != Def->getNumParams())
    return;
  const InitListExpr *List = semanticList(aggregateOf(Ret));
  if (!List)
    return;
  if (const auto *Class = dyn_cast<CXXRecordDecl>(RD); Class && Class->getNumBases() > 0)
    return;
  Env Inner;
  FV.bindArguments(*Def, {Call->getArgs(), Call->getNumArgs()}, E, 0,
                   ArgumentBinding::IntegersRecords, Inner,
                   [&](const ParmVarDecl *P, const Expr *Arg) {
                     bindRecordArgument(P, Arg, Inner, E);
                   });
  forEachFieldInit(RD, List, [&](const FieldDecl *F, const Expr *Init) {
    SymbolicValue Val = FV.eval(Init, Inner, 0);
    Val.NeedsParams.clear(); // (the callee's parameters are bound here)
    const OriginText From("'" + V->getName().str() + "." + F->getName().str() +
                          "' as '" + Def->getNameAsString() + "' returns it");
    for (Alternative &A : Val.Alternatives)
      A.From = {Call, From};
    E.Fields[{V, F}] = std::move(Val);
  });
}

void FunctionValues::Walker::bindRecordArgument(const ParmVarDecl *P, const Expr *Arg, Env &Inner, const Env &E) {
  const auto *RD = P->getType()->getAsRecordDecl();
  if (!RD || RD->isUnion())
    return;
  const Expr *A = aggregateOf(Arg);
  if (isa_and_nonnull<InitListExpr>(A)) {
    if (const InitListExpr *List = semanticList(A))
      forEachFieldInit(RD, List, [&](const FieldDecl *F, const Expr *Init) {
        Inner.Fields[{P, F}] = FV.eval(Init, E, 0);
      });
    return;
  }
  if (const VarDecl *Source = referencedVar(A); Source && tracked(Source))
    forEachField(Source, E, [&](const FieldDecl *F, SymbolicValue Val) {
      Inner.Fields[{P, F}] = std::move(Val);
    });
}

void FunctionValues::Walker::declareRecord(const VarDecl *V, Env &E) {
  forgetFields(V, E);
  const auto *RD = V->getType()->getAsRecordDecl();
  if (!RD || !RD->getDefinition() || RD->isUnion())
    return; // a union's members share their bytes
  const Expr *Init = V->getInit() ? V->getInit()->IgnoreImplicit() : nullptr;
  // Aggregate and designated initialisers.
  if (isa_and_nonnull<InitListExpr>(Init))
    return aggregateFields(V, RD, Init, E);
  if (Init && constantFields(V, RD, Init, E))
    return;
  // `Plan p = plan(a, b);` where plan only returns an aggregate.
  if (const auto *Call = dyn_cast_or_null<CallExpr>(Init)) {
    returnedFields(V, RD, Call, E);
    return;
  }
  const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
  const CXXConstructorDecl *Ctor =
      Construct ? Construct->getConstructor() : nullptr;
  if (Init && !Construct) {
    copyFields(V, Init, E); // C: `struct shape t = s;`
    return;
  }
  if (Ctor && Ctor->isCopyOrMoveConstructor()) {
    if (Ctor->isTrivial() && Construct->getNumArgs() == 1)
      copyFields(V, Construct->getArg(0)->IgnoreImplicit(), E);
    return;
  }
  constructedFields(V, RD, Init, Construct, E);
}

void FunctionValues::Walker::aggregateFields(const VarDecl *V,
                                             const RecordDecl *RD,
                                             const Expr *Init, Env &E) {
  const InitListExpr *List = semanticList(Init);
  // A C++17 aggregate with bases initialises them first.
  if (const auto *Class = dyn_cast<CXXRecordDecl>(RD);
      !List || (Class && Class->getNumBases() > 0))
    return;
  forEachFieldInit(RD, List, [&](const FieldDecl *F, const Expr *FieldInit) {
    setField(V, F, FV.eval(FieldInit, E, 0), FieldInit, "the initializer", E);
  });
}

// A constant expression (a constexpr constructor, default member
// initialisers of a trivial default construction): whether it was one.
bool FunctionValues::Walker::constantFields(const VarDecl *V,
                                            const RecordDecl *RD,
                                            const Expr *Init, Env &E) {
  Expr::EvalResult R;
  if (Init->isValueDependent() || !Init->EvaluateAsRValue(R, FV.Ctx) ||
      !R.Val.isStruct())
    return false;
  unsigned I = 0;
  for (const FieldDecl *F : RD->fields()) {
    if (I < R.Val.getStructNumFields() && modelledField(F) &&
        R.Val.getStructField(I).isInt())
      setField(V, F,
               SymbolicValue::constant(
                   R.Val.getStructField(I).getInt().getExtValue()),
               Init, "the initializer", E);
    ++I;
  }
  return true;
}

// Default initialization: the default member initialisers hold. A
// constructor whose body is empty: its member initialisers, with its
// parameters bound to the arguments.
void FunctionValues::Walker::constructedFields(const VarDecl *V,
                                               const RecordDecl *RD,
                                               const Expr *Init,
                                               const CXXConstructExpr *Construct,
                                               Env &E) {
  const CXXConstructorDecl *Ctor =
      Construct ? Construct->getConstructor() : nullptr;
  Env Inner;
  llvm::DenseMap<const FieldDecl *, const Expr *> MemberInits;
  if (Ctor && !(Ctor->isDefaultConstructor() && Ctor->isDefaulted())) {
    const FunctionDecl *Def = nullptr;
    if (!Ctor->hasBody(Def) || !Def)
      return;
    const auto *CtorDef = cast<CXXConstructorDecl>(Def);
    const auto *Body = dyn_cast_or_null<CompoundStmt>(CtorDef->getBody());
    if (!Body || !Body->body_empty() ||
        CtorDef->getNumParams() != Construct->getNumArgs())
      return;
    for (const CXXCtorInitializer *CI : CtorDef->inits()) {
      if (!CI->isMemberInitializer())
        return; // a base or delegated constructor: not followed
      MemberInits[CI->getMember()] = CI->getInit();
    }
    FV.bindArguments(*CtorDef, {Construct->getArgs(), Construct->getNumArgs()},
                     E, 0, ArgumentBinding::Values, Inner);
  }
  for (const FieldDecl *F : RD->fields()) {
    if (!modelledField(F))
      continue;
    if (const Expr *MI = MemberInits.lookup(F)) {
      if (!isa<CXXDefaultInitExpr>(MI)) {
        setField(V, F, FV.eval(MI, Inner, 0), Init, "the initializer", E);
        continue;
      }
    }
    if (const Expr *Default = F->getInClassInitializer()) {
      SymbolicValue Val = FV.eval(Default, E, 0);
      for (Alternative &A : Val.Alternatives)
        A.From = {Default, "the default member initializer of '" +
                               F->getName().str() + "'"};
      E.Fields[{V, F}] = Val;
    }
  }
}

} // namespace clang::tidy::gemm
