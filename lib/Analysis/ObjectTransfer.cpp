//===--- ObjectTransfer.cpp - gemm-tidy ----------------------------------===//

#include "Analysis/Walker.h"
#include "Analysis/BodyShape.h"
#include "Analysis/Syntax.h"
#include "Models/ApiModel.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::gemm {

void FunctionValues::Walker::borrowHandle(const VarDecl *V, Env &E) {
  if (!V->getType()->isPointerType())
    return;
  borrowObject({V, nullptr}, E);
  const ObjectRef H{V, nullptr};
  if (hasObject(H, E)) {
    E.Objects[{H, HandlePointerMode}] = SymbolicValue::unknown();
    E.Objects[{H, HandleMathMode}] = SymbolicValue::unknown();
  }
}

void FunctionValues::Walker::borrowObject(ObjectRef O, Env &E) {
  const VarDecl *V = O.Var;
  if (V->getType().isVolatileQualified() || !V->hasLocalStorage() ||
      F->Escapes.lookup(V) || F->Aliased.lookup(V))
    return;
  E.Objects[{O, DestroyedAttribute}] = SymbolicValue::unknown();
  E.Objects[{O, BorrowedAttribute}] = SymbolicValue::constant(1);
}

void FunctionValues::Walker::seedObjects(Env &E) {
  for (const auto &[Key, Val] : FV.Params.Objects) {
    const ObjectRef O = Key.first;
    if (F->WrittenParams.lookup(cast<ParmVarDecl>(O.Var)))
      continue;
    if (!hasObject(O, E))
      borrowObject(O, E);
    if (hasObject(O, E))
      E.Objects[Key] = Val;
  }
}

void FunctionValues::Walker::forgetBorrowedLike(ObjectRef Target, Env &E) {
  const auto TypeOf = [](ObjectRef O) {
    return (O.Field ? O.Field->getType() : O.Var->getType()).getCanonicalType();
  };
  llvm::SmallVector<ObjectRef, 2> Others;
  for (const auto &[Key, Val] : std::as_const(E).Objects)
    if (Key.second == BorrowedAttribute && Key.first != Target &&
        TypeOf(Key.first) == TypeOf(Target))
      Others.push_back(Key.first);
  for (ObjectRef O : Others)
    forgetObject(O, E);
}

bool FunctionValues::Walker::hasBorrowed(const Env &E) {
  for (const auto &Entry : E.Objects)
    if (Entry.first.second == BorrowedAttribute)
      return true;
  return false;
}

void FunctionValues::Walker::forgetBorrowed(Env &E) {
  llvm::SmallVector<ObjectRef, 2> Borrowed;
  for (const auto &[Key, Val] : std::as_const(E).Objects)
    if (Key.second == BorrowedAttribute)
      Borrowed.push_back(Key.first);
  for (ObjectRef V : Borrowed)
    forgetObject(V, E);
}

bool FunctionValues::Walker::hasObject(ObjectRef V, const Env &E) {
  return hasAttributesOf(E.Objects, V);
}

void FunctionValues::Walker::forgetObject(ObjectRef V, Env &E) {
  if (!hasObject(V, E))
    return; // (a write would copy a shared map)
  E.Objects.erase(E.Objects.lower_bound({V, INT64_MIN}),
                  E.Objects.lower_bound({V, INT64_MAX}));
}

void FunctionValues::Walker::forgetAttributes(ObjectRef V, Env &E) {
  if (!hasObject(V, E))
    return;
  for (auto It = E.Objects.lower_bound({V, INT64_MIN});
       It != E.Objects.end() && It->first.first == V; ++It)
    It->second = SymbolicValue::unknown();
}

bool FunctionValues::Walker::holdsFollowedObjects(const VarDecl *V,
                                                  const Env &E) {
  auto It = E.Objects.lower_bound({{V, nullptr}, INT64_MIN});
  return It != E.Objects.end() && It->first.first.Var == V;
}

void FunctionValues::Walker::forgetHeldObjects(const VarDecl *V, Env &E,
                                               bool Erase) {
  if (!holdsFollowedObjects(V, E))
    return;
  auto It = E.Objects.lower_bound({{V, nullptr}, INT64_MIN});
  while (It != E.Objects.end() && It->first.first.Var == V) {
    if (Erase) {
      It = E.Objects.erase(It);
    } else {
      It->second = SymbolicValue::unknown();
      ++It;
    }
  }
}

std::string FunctionValues::Walker::calleeName(const Expr *Site) {
  const FunctionDecl *F = nullptr;
  if (const auto *Call = dyn_cast<CallExpr>(Site))
    F = Call->getDirectCallee();
  else if (const auto *Construct = dyn_cast<CXXConstructExpr>(Site))
    F = Construct->getConstructor();
  if (const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(F))
    return Ctor->getParent()->getNameAsString();
  if (!F || !F->getIdentifier())
    return "the call";
  llvm::StringRef Name = F->getName();
  if (Name.starts_with("cublas"))
    Name.consume_back("_v2");
  return Name.str();
}

void FunctionValues::Walker::createObject(ObjectRef V, const CallExpr *Call,
                                          const ApiFunction &Info, Env &E,
                                          const Env &Args,
                                          const Expr *Site) {
  forgetObject(V, E);
  if (F->Aliased.lookup(V.Var))
    return; // a copy of it could be changed behind the analysis
  if (!Site)
    Site = Call;
  const std::string Name = calleeName(Site);
  const Origin Set{Site, "set by " + Name + " here"};
  E.Objects[{V, DestroyedAttribute}] = SymbolicValue::constant(0, Set);
  if (Info.Handle) {
    E.Objects[{V, HandlePointerMode}] = SymbolicValue::constant(0, Set);
    E.Objects[{V, HandleMathMode}] = SymbolicValue::constant(0, Set);
    return;
  }
  const lt::Object O = Info.Obj;
  const Origin Default{Site, "the default after " + Name + " here"};
  for (int64_t Id = 0; Id < lt::MaxAttributes; ++Id) {
    const lt::AttrInfo *A = lt::findAttribute(O, Id);
    if (A && A->UntilVersion == 0 && A->Default != lt::FromCreate)
      E.Objects[{V, Id}] = SymbolicValue::constant(A->Default, Default);
  }
  // The Create arguments, in the core's order (type, rows, cols, ld;
  // compute type, scale type).
  unsigned Arg = Info.FirstValue;
  for (int64_t Id : lt::createdAttributes(O)) {
    SymbolicValue Val = Arg < Call->getNumArgs()
                            ? FV.eval(Call->getArg(Arg), Args, 0)
                            : SymbolicValue::unknown();
    for (Alternative &Alt : Val.Alternatives)
      Alt.From = {Site == Call ? Call->getArg(Arg) : Site, Set.What};
    ++Arg;
    E.Objects[{V, Id}] = std::move(Val);
  }
}

void FunctionValues::Walker::destroyObject(ObjectRef V, const CallExpr *Call, Env &E) {
  forgetAttributes(V, E);
  E.Objects[{V, DestroyedAttribute}] =
      SymbolicValue::constant(1, {Call, "destroyed here"});
}

void FunctionValues::Walker::setAttribute(ObjectRef V, const CallExpr *Call,
                  const ApiFunction &Info, Env &E, const Env &Args,
                  const Expr *Site) {
  if (!Site)
    Site = Call;
  const Origin Set{Site, "set by " + calleeName(Site) + " here"};
  auto Store = [&](int64_t Id, SymbolicValue Val) {
    for (Alternative &Alt : Val.Alternatives)
      Alt.From = Set;
    E.Objects[{V, Id}] = std::move(Val);
  };
  if (Call->getNumArgs() != Info.NumArgs)
    return forgetAttributes(V, E);
  if (Info.Handle)
    return Store(Info.Sets, FV.eval(Call->getArg(1), Args, 0));
  const SymbolicValue Id = FV.eval(Call->getArg(AttrPos), Args, 0);
  if (!Id.isConstant())
    return forgetAttributes(V, E); // some attribute changed
  const lt::AttrInfo *Attr =
      lt::findAttribute(Info.Obj, Id.Alternatives[0].Value);
  if (!Attr)
    return; // cuBLASLt rejects the id and changes nothing
  Store(Attr->Id, attributeValue(*Attr, Call->getArg(BufPos),
                                 Call->getArg(SizePos), Args));
}

SymbolicValue FunctionValues::Walker::attributeValue(const lt::AttrInfo &Info, const Expr *Buf,
                             const Expr *Size, const Env &Args) {
  const int64_t Bytes = lt::attrTypeSize(Info.Type);
  const SymbolicValue N = FV.eval(Size, Args, 0);
  const auto *Addr = dyn_cast<UnaryOperator>(Buf->IgnoreParenCasts());
  if (!N.isConstant() || N.Alternatives[0].Value != Bytes || !Addr ||
      Addr->getOpcode() != UO_AddrOf)
    return SymbolicValue::unknown();
  const Expr *Object = Addr->getSubExpr();
  const QualType T = Object->getType();
  if (T.isNull() || T->isDependentType() || T->isIncompleteType() ||
      T->isFunctionType() || !T->isConstantSizeType() ||
      FV.Ctx.getTypeSizeInChars(T).getQuantity() != Bytes)
    return SymbolicValue::unknown();
  if (Info.Type == lt::AttrType::Pointer) {
    if (!T->isPointerType())
      return SymbolicValue::unknown();
    const PointerValue P = FV.evalPointer(Object, Args, 0);
    if (!P.Offset.isConstant() || !P.Where.Known)
      return SymbolicValue::unknown();
    return SymbolicValue::constant(AllocationBase +
                                   P.Offset.Alternatives[0].Value);
  }
  if (Info.Type == lt::AttrType::Float || !T->isIntegralOrEnumerationType())
    return SymbolicValue::unknown();
  SymbolicValue Val = FV.eval(Object, Args, 0);
  // As cuBLASLt reads the bytes: the attribute's width and signedness.
  const bool Signed = Info.Type == lt::AttrType::Int8 ||
                      Info.Type == lt::AttrType::Int32 ||
                      Info.Type == lt::AttrType::Int64;
  for (Alternative &Alt : Val.Alternatives) {
    if (Bytes == 8)
      continue;
    const unsigned Bits = 8 * Bytes;
    const uint64_t Mask = (uint64_t{1} << Bits) - 1;
    uint64_t U = static_cast<uint64_t>(Alt.Value) & Mask;
    if (Signed && (U >> (Bits - 1)) & 1)
      U |= ~Mask;
    Alt.Value = static_cast<int64_t>(U);
  }
  return Val;
}

bool FunctionValues::Walker::inlineObjectCalls(const CallExpr *Call, int I,
                                               ObjectRef V, Env &E) {
  const std::optional<ObjectRecipe> Recipe = objectRecipe(Call, I);
  if (!Recipe)
    return false;
  replayRecipe(*Recipe, {Call->getArgs(), Call->getNumArgs()}, Call, V, E);
  return true;
}

void FunctionValues::Walker::replayRecipe(const ObjectRecipe &Recipe,
                                          llvm::ArrayRef<const Expr *> Args,
                                          const Expr *Site, ObjectRef V,
                                          Env &E) {
  Env Inner;
  FV.bindArguments(*Recipe.Def, Args, E, 0, ArgumentBinding::PointersApart,
                   Inner);
  for (const ObjectRecipe::Step &Step : Recipe.Calls) {
    // A structure's field: of the caller's structure V names.
    const ObjectRef Target = Step.Field ? ObjectRef{V.Var, Step.Field} : V;
    if (createsObject(Step.Info.What))
      createObject(Target, Step.Call, Step.Info, E, Inner, Site);
    else if (!Step.Field || hasObject(Target, E))
      setAttribute(Target, Step.Call, Step.Info, E, Inner, Site);
  }
}

} // namespace clang::tidy::gemm
