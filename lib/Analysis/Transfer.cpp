//===--- Transfer.cpp - gemm-tidy ----------------------------------------===//

#include "Analysis/Walker.h"
#include "Analysis/BodyShape.h"
#include "Analysis/Syntax.h"
#include "Models/ApiModel.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::gemm {

bool FunctionValues::Walker::tracked(const VarDecl *V) const {
  return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
         !F->Escapes.lookup(V) && !V->getType()->isReferenceType() &&
         (isTrackableType(V->getType()) ||
          (V->getType()->isPointerType() &&
           !V->getType().isVolatileQualified()));
}

void FunctionValues::Walker::setPointer(const VarDecl *V, const PointerValue &P, Env &E) {
  E.PtrType[V] = P.Type;
  E.PtrWhere[V] = P.Where;
  E.PtrSize[V] = P.Size;
  E.PtrOffset[V] = P.Offset;
  // An object variable given another value is no longer followed.
  forgetObject({V, nullptr}, E);
}

bool FunctionValues::Walker::hasEffects(const Stmt *S) {
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return B->isAssignmentOp();
  if (const auto *U = dyn_cast<UnaryOperator>(S))
    return U->isIncrementDecrementOp();
  return isa<DeclStmt, CallExpr, CXXConstructExpr>(S);
}

void FunctionValues::Walker::transfer(const Stmt *S, Env &E) {
  if (const auto *D = dyn_cast<DeclStmt>(S)) {
    for (const Decl *Dl : D->decls())
      if (const auto *V = dyn_cast<VarDecl>(Dl))
        declare(V, E);
    return;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(S)) {
    if (B->getOpcode() == BO_Assign) {
      assign(B->getLHS(), FV.eval(B->getRHS(), E, 0), B->getRHS(), E);
    } else if (B->isCompoundAssignmentOp()) {
      const SymbolicValue Old = FV.eval(B->getLHS(), E, 0);
      const SymbolicValue Rhs = FV.eval(B->getRHS(), E, 0);
      SymbolicValue New;
      if (Old.isConstant() && Rhs.isConstant())
        if (std::optional<int64_t> V = checkedOp(
                BinaryOperator::getOpForCompoundAssignment(B->getOpcode()),
                Old.Alternatives[0].Value, Rhs.Alternatives[0].Value))
          New = SymbolicValue::constant(
              convert(*V, B->getLHS()->getType(), FV.Ctx));
      assign(B->getLHS(), New, B, E);
    }
    return;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && U->isIncrementDecrementOp()) {
    const SymbolicValue Old = FV.eval(U->getSubExpr(), E, 0);
    SymbolicValue New;
    if (Old.isConstant())
      New = SymbolicValue::constant(convert(
          Old.Alternatives[0].Value + (U->isIncrementOp() ? 1 : -1),
          U->getSubExpr()->getType(), FV.Ctx));
    assign(U->getSubExpr(), New, U, E);
    return;
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
      Op && Op->isAssignmentOp()) {
    llvm::SmallPtrSet<const VarDecl *, 2> Written;
    writesOf(Op, Written);
    havoc(Written, E);
    return;
  }
  if (const auto *Call = dyn_cast<CallExpr>(S))
    callEffects(Call, E);
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(S))
    constructEffects(Construct, E);
}

void FunctionValues::Walker::constructEffects(const CXXConstructExpr *Construct, Env &E) {
  const CXXConstructorDecl *Ctor = Construct->getConstructor();
  if (!Ctor || Ctor->isTrivial())
    return;
  if (std::as_const(E).Objects.get().empty())
    return; // (no object followed: the commonest case)
  for (const Expr *Arg : Construct->arguments()) {
    if (const ObjectRef H = objectRef(Arg); H && hasObject(H, E))
      forgetAttributes(H, E);
    if (const VarDecl *Holder = objectHolder(Arg))
      forgetHeldObjects(Holder, E, /*Erase=*/false);
  }
  if (!onlyNumbersAndMessages(Construct->arguments()))
    forgetBorrowed(E);
}

void FunctionValues::Walker::callEffects(const CallExpr *Call, Env &E) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  forgetBorrowedReachedBy(Call, E);
  if (const VarDecl *Pitch = pitchVar(Call); tracked(Pitch)) {
    SymbolicValue P; // a number of the run's, but known to be a pitch
    P.PitchFrom = Call;
    E.Locals[Pitch] = std::move(P);
  }
  if (deallocatorOf(Callee) && Call->getNumArgs() > 0)
    return freeMemory(Call, E);
  if (storesThroughAddress(Call))
    return storeThroughAddress(Call, E);
  // The objects the call receives.
  const ApiFunction Info = objectCallOf(Callee);
  // *Init fills `&opaque` in place; through a pointer variable, the
  // structure it points to could be reached by another name: unknown.
  if (Info.What == Effect::Init && Call->getNumArgs() > 0)
    if (const VarDecl *V = opaqueObject(Call->getArg(0)); V && tracked(V))
      return createObject({V, nullptr}, Call, Info, E, E);
  // A member function of a structure that holds objects may configure
  // them (a const one too: the objects are pointers), unless it only does
  // so as a recipe, or only returns one (a getter).
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    memberCallEffects(Member, E);
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    argumentEffects(Call, I, Info, E);
}

void FunctionValues::Walker::forgetBorrowedReachedBy(const CallExpr *Call,
                                                     Env &E) {
  // A handle this function did not create may be reached by another
  // name (the caller's, a structure's): a call that could reach it
  // could change it unseen.
  if (hasBorrowed(E) && !leavesHandlesAlone(Call))
    forgetBorrowed(E);
  if (hasBorrowed(E) && Call->getNumArgs() > 0)
    if (const ApiFunction Lt = objectCallOf(Call->getDirectCallee());
        !Lt.Handle && (Lt.What == Effect::Set || Lt.What == Effect::Destroy))
      if (const ObjectRef Target = objectRef(Call->getArg(0)))
        forgetBorrowedLike(Target, E);
}

// Freed memory: no allocation lies behind the pointer any more (its address
// is still one of that memory's kind, and what the program still reads
// there, a use after free, is no rule's).
void FunctionValues::Walker::freeMemory(const CallExpr *Call, Env &E) {
  if (const VarDecl *V = referencedVar(Call->getArg(0)->IgnoreParenCasts());
      tracked(V) && E.PtrSize.count(V)) {
    E.PtrSize[V] = SymbolicValue::unknown();
    E.PtrOffset[V] = SymbolicValue::unknown();
  }
}

// A call that stores through the address it is given: an allocation, or
// an object's Create.
void FunctionValues::Walker::storeThroughAddress(const CallExpr *Call, Env &E) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  const ApiFunction *Alloc = allocatorOf(Callee);
  if (!Alloc) {
    // `cublasLtMatrixLayoutCreate(&a, ...)`, `(&s.a, ...)` of a field.
    ObjectRef Made = objectAddress(Call->getArg(0));
    if (!Made)
      Made = {allocatedVar(Call), nullptr};
    if (tracked(Made.Var))
      createObject(Made, Call, objectCallOf(Callee), E, E);
    return;
  }
  const VarDecl *V = allocatedVar(Call);
  if (!tracked(V))
    return;
  PointerValue P;
  P.Where = SymbolicValue::constant(static_cast<int64_t>(Alloc->Where),
                                    {Call, "allocated here"});
  P.Offset = SymbolicValue::constant(0, {Call, ""});
  if (V->getType()->isPointerType())
    if (int64_t T = dataTypeCode(V->getType()->getPointeeType(), FV.Ctx); T >= 0)
      P.Type = SymbolicValue::constant(T, {Call, ""});
  if (Alloc->SizeArg >= 0 && Call->getNumArgs() > unsigned(Alloc->SizeArg))
    P.Size = FV.eval(Call->getArg(Alloc->SizeArg), E, 0);
  E.Locals.erase(V);
  setPointer(V, P, E);
}

void FunctionValues::Walker::memberCallEffects(const CXXMemberCallExpr *Member,
                                               Env &E) {
  if (const VarDecl *Holder = objectHolder(Member->getImplicitObjectArgument())) {
    if (const std::optional<ObjectRecipe> Recipe = memberRecipe(Member);
        Recipe && tracked(Holder))
      replayRecipe(*Recipe, {Member->getArgs(), Member->getNumArgs()},
                   Member, {Holder, nullptr}, E);
    else if (!objectGetter(Member))
      forgetHeldObjects(Holder, E, /*Erase=*/false);
  }
}

// What the call does to what its argument \p I names: an object it creates
// or configures, a structure of objects, a borrowed handle.
void FunctionValues::Walker::argumentEffects(const CallExpr *Call, unsigned I,
                                             const ApiFunction &Info, Env &E) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  // `makeLayout(&a, rows, cols, ld)`: a function of the file that
  // creates the object through its address.
  if (const ObjectRef Made = objectAddress(Call->getArg(I));
      Made && tracked(Made.Var)) {
    if (!inlineObjectCalls(Call, I, Made, E))
      forgetObject(Made, E);
    return;
  }
  // `initSetup(&s, m, n, k)`: a function of the file that makes the
  // objects a structure holds, through its address or a reference.
  const ParmVarDecl *Param =
      Callee && I < Callee->getNumParams() ? Callee->getParamDecl(I) : nullptr;
  if (const VarDecl *Holder = objectRecord(Call->getArg(I), Param);
      Holder && tracked(Holder)) {
    if (!inlineObjectCalls(Call, I, {Holder, nullptr}, E))
      forgetHeldObjects(Holder, E, /*Erase=*/true);
    return;
  }
  // A structure given by value, const reference or pointer to const: the
  // objects it holds reach the callee.
  const VarDecl *Holder = objectHolder(Call->getArg(I));
  if (!Holder)
    Holder = readOnlyHolder(Call->getArg(I), Param);
  if (Holder && !keepsObjectState(Callee)) {
    forgetHeldObjects(Holder, E, /*Erase=*/false);
    return;
  }
  const ObjectRef H = objectRef(Call->getArg(I));
  const bool Variable = H && !H.Field; // (a borrowed handle's: a variable)
  if (Variable && I == 0 && Info.What == Effect::Set && Info.Handle &&
      !hasObject(H, E))
    borrowHandle(H.Var, E);
  // A helper that sets the modes of the handle it receives (and leaves
  // them so): what it sets, on a handle received here too.
  if (Variable && Info.What == Effect::None &&
      isHandleType(H.Var->getType()) && !hasObject(H, E)) {
    borrowHandle(H.Var, E);
    if (hasObject(H, E) && !inlineObjectCalls(Call, I, H, E))
      forgetObject(H, E);
    return;
  }
  if (!H || !hasObject(H, E))
    return;
  if (I == 0 && Info.What == Effect::Set)
    setAttribute(H, Call, Info, E, E);
  else if (I == 0 && Info.What == Effect::Destroy)
    destroyObject(H, Call, E);
  else if (!keepsObjectState(Callee) && !inlineObjectCalls(Call, I, H, E))
    forgetAttributes(H, E);
}

void FunctionValues::Walker::declare(const VarDecl *V, Env &E) {
  if (!tracked(V))
    return;
  const Expr *Init = V->getInit();
  // `cublasLtMatrixLayout_t a = makeLayout(rows, cols, ld);`
  if (Init && isObjectType(V->getType()))
    if (const auto *Made = dyn_cast<CallExpr>(Init->IgnoreUnlessSpelledInSource());
        Made && inlineObjectCalls(Made, -1, {V, nullptr}, E))
      return;
  if (V->getType()->isPointerType()) {
    setPointer(V, Init ? FV.evalPointer(Init, E, 0) : PointerValue(), E);
    return;
  }
  if (!V->getType()->isRecordType()) {
    if (Init) {
      SymbolicValue Val = FV.eval(Init, E, 0);
      OriginText Text;
      for (Alternative &A : Val.Alternatives)
        if (!A.From.At || A.From.At == Init->IgnoreParenImpCasts() ||
            A.From.What.empty()) {
          if (Text.empty())
            Text = OriginText::quoting("the value of", V->getName());
          A.From = {Init, Text};
        }
      E.Locals[V] = std::move(Val);
    } else {
      E.Locals[V] = SymbolicValue::unknown(); // indeterminate
    }
    return;
  }
  declareRecord(V, E);
  // `Setup s = makeSetup(m, n, k);`: the objects it returns in s's fields;
  // `Layout a(CUDA_R_32F, m, k, lda);`: those its constructor makes.
  forgetHeldObjects(V, E, /*Erase=*/true);
  if (!Init || !holdsObjects(V->getType()))
    return;
  if (const auto *Made = dyn_cast<CallExpr>(Init->IgnoreUnlessSpelledInSource()))
    inlineObjectCalls(Made, -1, {V, nullptr}, E);
  else if (const auto *Construct = dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit()))
    if (const std::optional<ObjectRecipe> Recipe = constructorRecipe(Construct))
      replayRecipe(*Recipe, {Construct->getArgs(), Construct->getNumArgs()},
                   Construct, {V, nullptr}, E);
}

void FunctionValues::Walker::assign(const Expr *LHS, SymbolicValue Val, const Expr *At, Env &E) {
  auto [V, F] = lvalueTarget(LHS);
  if (!tracked(V)) {
    if (V)
      forgetObject({V, F}, E); // a borrowed handle's variable given another one
    return;
  }
  if (F)
    forgetObject({V, F}, E); // `s.a = other`: s.a names another object
  if (!F && V->getType()->isPointerType()) {
    setPointer(V, At ? FV.evalPointer(At, E, 0) : PointerValue(), E);
    return;
  }
  if (!F && V->getType()->isRecordType()) {
    copyFields(V, At ? At->IgnoreImplicit() : nullptr, E); // C struct copy
    forgetHeldObjects(V, E, /*Erase=*/true);
    return;
  }
  if (F && (!modelledField(F) || F->getParent()->isUnion())) {
    forgetFields(V, E);
    return;
  }
  if (!Val.Alternatives.empty()) {
    const OriginText What = assignedText(V, F);
    for (Alternative &A : Val.Alternatives)
      A.From = {At, What};
  }
  if (F)
    E.Fields[{V, F}] = std::move(Val);
  else
    E.Locals[V] = std::move(Val);
}

OriginText FunctionValues::Walker::assignedText(const VarDecl *V,
                                               const FieldDecl *F) {
  auto [It, New] = AssignedTexts.try_emplace({V, F});
  if (New)
    It->second = "assigned to '" +
                 (F ? V->getName().str() + "." + F->getName().str()
                    : V->getName().str()) +
                 "' here";
  return It->second;
}

void FunctionValues::Walker::havoc(const llvm::SmallPtrSetImpl<const VarDecl *> &Written, Env &E) {
  for (const VarDecl *V : Written) {
    if (E.Locals.count(V))
      E.Locals[V] = SymbolicValue::unknown();
    for (auto *Map : {&E.PtrType, &E.PtrWhere, &E.PtrSize, &E.PtrOffset})
      if (Map->count(V))
        (*Map)[V] = SymbolicValue::unknown();
    forgetHeldObjects(V, E, /*Erase=*/false);
    if (hasFields(V, E)) // (most written variables have none)
      for (auto &[K, Val] : E.Fields)
        if (K.first == V)
          Val = SymbolicValue::unknown();
  }
}

} // namespace clang::tidy::gemm
