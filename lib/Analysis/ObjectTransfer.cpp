//===--- ObjectTransfer.cpp - gemm-tidy ----------------------------------===//

#include "Analysis/Walker.h"
#include "Analysis/BodyShape.h"
#include "Analysis/Syntax.h"
#include "Models/ApiModel.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::gemm {

void FunctionValues::Walker::borrowHandle(const VarDecl *V, Env &E) {
  if (!V->getType()->isPointerType() || V->getType().isVolatileQualified() ||
      !V->hasLocalStorage() || F->Escapes.lookup(V) || F->Aliased.lookup(V))
    return;
  E.Objects[{V, DestroyedAttribute}] = SymbolicValue::unknown();
  E.Objects[{V, HandlePointerMode}] = SymbolicValue::unknown();
  E.Objects[{V, HandleMathMode}] = SymbolicValue::unknown();
  E.Objects[{V, BorrowedAttribute}] = SymbolicValue::constant(1);
}

void FunctionValues::Walker::seedHandleModes(Env &E) {
  for (const auto &[P, Mode] : FV.Params.HandleModes) {
    if (F->WrittenParams.lookup(P))
      continue;
    borrowHandle(P, E);
    if (hasObject(P, E))
      E.Objects[{P, HandlePointerMode}] = Mode;
  }
}

bool FunctionValues::Walker::hasBorrowed(const Env &E) {
  for (const auto &Entry : E.Objects)
    if (Entry.first.second == BorrowedAttribute)
      return true;
  return false;
}

void FunctionValues::Walker::forgetBorrowed(Env &E) {
  llvm::SmallVector<const VarDecl *, 2> Borrowed;
  for (const auto &[Key, Val] : std::as_const(E).Objects)
    if (Key.second == BorrowedAttribute)
      Borrowed.push_back(Key.first);
  for (const VarDecl *V : Borrowed)
    forgetObject(V, E);
}

bool FunctionValues::Walker::hasObject(const VarDecl *V, const Env &E) {
  auto It = E.Objects.lower_bound({V, INT64_MIN});
  return It != E.Objects.end() && It->first.first == V;
}

void FunctionValues::Walker::forgetObject(const VarDecl *V, Env &E) {
  if (!hasObject(V, E))
    return; // (a write would copy a shared map)
  E.Objects.erase(E.Objects.lower_bound({V, INT64_MIN}),
                  E.Objects.lower_bound({V, INT64_MAX}));
}

void FunctionValues::Walker::forgetAttributes(const VarDecl *V, Env &E) {
  if (!hasObject(V, E))
    return;
  for (auto It = E.Objects.lower_bound({V, INT64_MIN});
       It != E.Objects.end() && It->first.first == V; ++It)
    It->second = SymbolicValue::unknown();
}

std::string FunctionValues::Walker::calleeName(const CallExpr *Call) {
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F || !F->getIdentifier())
    return "the call";
  llvm::StringRef Name = F->getName();
  if (Name.starts_with("cublas"))
    Name.consume_back("_v2");
  return Name.str();
}

void FunctionValues::Walker::createObject(const VarDecl *V, const CallExpr *Call,
                  const ApiFunction &Info, Env &E) {
  forgetObject(V, E);
  if (F->Aliased.lookup(V))
    return; // a copy of it could be changed behind the analysis
  const std::string Name = calleeName(Call);
  const Origin Set{Call, "set by " + Name + " here"};
  E.Objects[{V, DestroyedAttribute}] = SymbolicValue::constant(0, Set);
  if (Info.Handle) {
    E.Objects[{V, HandlePointerMode}] = SymbolicValue::constant(0, Set);
    E.Objects[{V, HandleMathMode}] = SymbolicValue::constant(0, Set);
    return;
  }
  const lt::Object O = Info.Obj;
  const Origin Default{Call, "the default after " + Name + " here"};
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
                            ? FV.eval(Call->getArg(Arg), E, 0)
                            : SymbolicValue::unknown();
    for (Alternative &Alt : Val.Alternatives)
      Alt.From = {Call->getArg(Arg), Set.What};
    ++Arg;
    E.Objects[{V, Id}] = std::move(Val);
  }
}

void FunctionValues::Walker::destroyObject(const VarDecl *V, const CallExpr *Call, Env &E) {
  forgetAttributes(V, E);
  E.Objects[{V, DestroyedAttribute}] =
      SymbolicValue::constant(1, {Call, "destroyed here"});
}

void FunctionValues::Walker::setAttribute(const VarDecl *V, const CallExpr *Call,
                  const ApiFunction &Info, Env &E, const Env &Args,
                  const CallExpr *Site) {
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

bool FunctionValues::Walker::inlineSetters(const CallExpr *Call, unsigned I, const VarDecl *V,
                   Env &E) {
  const FunctionDecl *Def = nullptr;
  const CompoundStmt *Body = inlinableBody(Call, Def);
  if (!Body || Body->size() > 8)
    return false;
  const ParmVarDecl *Object = Def->getParamDecl(I);
  llvm::SmallVector<std::pair<const CallExpr *, ApiFunction>, 8> Setters;
  for (const Stmt *S : Body->body()) {
    if (const auto *Return = dyn_cast<ReturnStmt>(S))
      S = Return->getRetValue();
    const auto *Ex = dyn_cast_or_null<Expr>(S);
    const auto *Set = dyn_cast_or_null<CallExpr>(
        Ex ? Ex->IgnoreUnlessSpelledInSource() : nullptr);
    // A status check around the setter: `check(cublasLt...SetAttribute(...))`.
    if (Set && objectCallOf(Set->getDirectCallee()).What == Effect::None &&
        Set->getNumArgs() == 1)
      Set = dyn_cast<CallExpr>(Set->getArg(0)->IgnoreUnlessSpelledInSource());
    if (!Set)
      return false;
    const ApiFunction Info = objectCallOf(Set->getDirectCallee());
    // cuBLAS's own calls between the setters change no object
    // (`cublasSnrm2(h, n, x, 1, result)` after device mode).
    if (Info.What == Effect::None && keepsObjectState(Set->getDirectCallee()))
      continue;
    if (Info.What != Effect::Set || Set->getNumArgs() == 0 ||
        referencedVar(Set->getArg(0)) != Object)
      return false;
    Setters.push_back({Set, Info});
  }
  if (Setters.empty())
    return false;
  Env Inner;
  for (unsigned J = 0; J < Def->getNumParams(); ++J) {
    const ParmVarDecl *P = Def->getParamDecl(J);
    if (P->getType()->isPointerType())
      Inner.callee().Pointers[P] = FV.evalPointer(Call->getArg(J), E, 0);
    else
      Inner.callee().Params[P] = FV.eval(Call->getArg(J), E, 0);
  }
  for (const auto &[Set, Info] : Setters)
    setAttribute(V, Set, Info, E, Inner, Call);
  return true;
}

} // namespace clang::tidy::gemm
