//===--- PointerEvaluator.cpp - gemm-tidy --------------------------------===//

#include "Analysis/Walker.h"
#include "Analysis/BodyShape.h"
#include "Analysis/Syntax.h"
#include "GemmCallAnalysis.h"
#include "Models/ApiModel.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::gemm {

namespace {

constexpr auto Pageable = static_cast<int64_t>(::gemm::rules::Residency::Pageable),
               Device = static_cast<int64_t>(::gemm::rules::Residency::Device);

// The cudaDataType of an object of type \p T, noted at \p At; unknown for
// a type the rules do not model.
SymbolicValue typeOf(QualType T, const Expr *At, const ASTContext &Ctx) {
  const int64_t Code = dataTypeCode(T, Ctx);
  return Code >= 0 ? SymbolicValue::constant(Code, {At, ""})
                   : SymbolicValue::unknown();
}

} // namespace

FunctionValues::PointerValue
FunctionValues::evalPointer(const Expr *E, const Env &Vars, unsigned Depth) {
  PointerValue Out;
  if (!E || E->isValueDependent() || E->isTypeDependent() || E->containsErrors())
    return Out;
  E = E->IgnoreParens();
  // Implicit conversions that leave the pointer as it is (the read of a
  // variable, const added, a derived-to-base step), the commonest layers
  // of an argument: nothing to do on the way back out of them.
  while (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    const CastKind Kind = Cast->getCastKind();
    if (Kind != CK_NoOp && Kind != CK_BitCast && Kind != CK_LValueToRValue &&
        Kind != CK_UncheckedDerivedToBase && Kind != CK_DerivedToBase)
      break;
    E = Cast->getSubExpr()->IgnoreParens();
    ++Depth;
  }
  if (Depth > MaxDepth)
    return Out;
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    return evalPointer(Cleanups->getSubExpr(), Vars, Depth + 1);
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return pointerThroughCast(Cast, Vars, Depth);
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
    return pointerToObject(U);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    return V ? pointerOfVariable(Ref, V, Vars) : Out;
  }
  if (const auto *New = dyn_cast<CXXNewExpr>(E)) {
    Out.Type = typeOf(New->getAllocatedType(), E, Ctx);
    Out.Where = SymbolicValue::constant(Pageable, {E, "allocated with new"});
    return Out;
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return pointerOfConditional(C, Vars, Depth);
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == BO_Comma)
    return evalPointer(B->getRHS(), Vars, Depth + 1);
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return pointerReturnedBy(Call, Vars, Depth);
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) &&
      B->getType()->isPointerType())
    return pointerAfterArithmetic(B, Vars, Depth);
  if (E->getType()->isPointerType())
    Out.Type = typeOf(E->getType()->getPointeeType(), E, Ctx);
  return Out;
}

// Through a cast: the pointer cast, where the cast keeps it (or says what
// a decayed array holds); where a CUdeviceptr made into a pointer lives.
FunctionValues::PointerValue
FunctionValues::pointerThroughCast(const CastExpr *Cast, const Env &Vars,
                                   unsigned Depth) {
  PointerValue Out;
  switch (Cast->getCastKind()) {
  case CK_NoOp: case CK_BitCast: case CK_LValueToRValue:
  case CK_ArrayToPointerDecay: case CK_UncheckedDerivedToBase:
  case CK_DerivedToBase: {
    // Through (const void *), static_cast and reinterpret_cast to the
    // object the pointer was taken from.
    PointerValue &Inner = Out;
    Inner = evalPointer(Cast->getSubExpr(), Vars, Depth + 1);
    // A pointer cast from one object type to another says the bytes are
    // read as the new type: a byte workspace viewed as T *, a complex
    // scalar kept as float[2] passed as cuComplex *. What they hold is
    // not known.
    if (isa<ExplicitCastExpr>(Cast) && Cast->getType()->isPointerType() &&
        Cast->getSubExpr()->getType()->isPointerType()) {
      const QualType To = Cast->getType()->getPointeeType();
      const QualType From = Cast->getSubExpr()->getType()->getPointeeType();
      if (!To->isVoidType() && !From->isVoidType() &&
          To.getCanonicalType().getUnqualifiedType() !=
              From.getCanonicalType().getUnqualifiedType()) {
        // float, double, __half, __nv_bfloat16 behind a cast to another.
        auto Floating = [](int64_t T) {
          return T == rules::dt::R_32F || T == rules::dt::R_64F ||
                 T == rules::dt::R_16F || T == rules::dt::R_16BF;
        };
        if (Inner.Type.isConstant() && Floating(Inner.Type.Alternatives[0].Value) &&
            Floating(dataTypeCode(To, Ctx)) && !Inner.Count.Known)
          Inner.CastFrom = Inner.Type;
        Inner.Type = SymbolicValue::unknown();
        Inner.IsZero = SymbolicValue::unknown();
      }
    }
    if (!Inner.Type.Known && Cast->getCastKind() == CK_ArrayToPointerDecay)
      if (const auto *AT = Ctx.getAsArrayType(Cast->getSubExpr()->getType())) {
        Inner.Type = typeOf(AT->getElementType(), Cast, Ctx);
        // `const float alpha[2] = {1, 0}` holds a cuComplex.
        if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
          Inner.Count = SymbolicValue::constant(
              static_cast<int64_t>(CAT->getSize().getLimitedValue(INT64_MAX)), {Cast, ""});
      }
    return Out;
  }
  case CK_IntegralToPointer: {
    // cuMemAlloc's CUdeviceptr, cast to a typed pointer: where it lives.
    PointerValue Inner = evalPointer(Cast->getSubExpr(), Vars, Depth + 1);
    Out.Where = Inner.Where;
    return Out;
  }
  case CK_NullToPointer:
    return Out;
  default:
    return Out;
  }
}

// `&x`: the type, residency and zeroness of the object taken.
FunctionValues::PointerValue FunctionValues::pointerToObject(const UnaryOperator *U) {
  PointerValue Out;
  const Expr *Object = U->getSubExpr()->IgnoreParenImpCasts();
  Out.Type = typeOf(Object->getType(), U, Ctx);
  if (Object->getType()->isPointerType())
    Out.ToPointer = SymbolicValue::constant(1, {U, ""});
  // `const float beta = 1; &beta`: whether the scalar is zero.
  if (const VarDecl *V = referencedVar(Object))
    if (V->getType().isConstQualified() && V->getInit() &&
        !V->getType().isVolatileQualified())
      if (std::optional<bool> Zero = isZeroScalar(V->getInit(), Ctx))
        Out.IsZero = SymbolicValue::constant(*Zero, {U, ""});
  const Expr *Base = Object;
  while (const auto *Sub = dyn_cast<ArraySubscriptExpr>(Base))
    Base = Sub->getBase()->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Base))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl())) {
      if (V->hasAttr<CUDADeviceAttr>() || V->hasAttr<CUDAConstantAttr>())
        Out.Where = SymbolicValue::constant(Device, {U, "a __device__ variable"});
      else if (!V->getType()->isReferenceType() && Base == Object)
        Out.Where = SymbolicValue::constant(
            Pageable, {U, OriginText::quoting("the address of", V->getName())});
      else if (!V->getType()->isReferenceType() && !V->getType()->isPointerType())
        Out.Where = SymbolicValue::constant(
            Pageable, {U, OriginText::quoting("an element of", V->getName())});
    }
  return Out;
}

// A variable: a parameter as its callers bound it, a local as the walk
// followed it, else what its declared type says.
FunctionValues::PointerValue
FunctionValues::pointerOfVariable(const DeclRefExpr *E, const VarDecl *V,
                                  const Env &Vars) {
  // (Every way out returns Out, which is then made where the caller
  // receives it: one return of another object and each return moves it.)
  PointerValue Out;
  auto Find = [&](const SharedMap<const VarDecl *> &M) {
    auto It = M.find(V);
    return It == M.end() ? SymbolicValue::unknown() : It->second;
  };
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    if (Vars.Callee)
      if (auto Bound = Vars.Callee->Pointers.find(P);
          Bound != Vars.Callee->Pointers.end()) {
        Out = Bound->second;
        return Out;
      }
    // What the callers pass, where this function never reassigns it.
    if (auto Bound = Params.PointerWhere.find(P);
        Bound != Params.PointerWhere.end() && P->getDeclContext() == Fn &&
        !(Known && Known->WrittenParams.lookup(P))) {
      Out.Where = Bound->second;
      if (auto Size = Params.PointerSize.find(P); Size != Params.PointerSize.end()) {
        Out.Size = Size->second;
        Out.Offset = Params.PointerOffset.lookup(P);
      }
      if (V->getType()->isPointerType())
        Out.Type = typeOf(V->getType()->getPointeeType(), E, Ctx);
      return Out;
    }
  }
  if (V->hasLocalStorage() &&
      (Vars.PtrWhere.count(V) || Vars.PtrType.count(V))) {
    // A local followed from its initialiser: what that says, and nothing
    // more (`T *p = (T *)workspace;` has an unknown origin).
    Out.Type = Find(Vars.PtrType);
    Out.Where = Find(Vars.PtrWhere);
    Out.Size = Find(Vars.PtrSize);
    Out.Offset = Find(Vars.PtrOffset);
    return Out;
  }
  // A local the walk did not follow (its address escaped, or the walk
  // gave up) may hold anything its declared type allows.
  if (V->hasLocalStorage() && !isa<ParmVarDecl>(V))
    return Out;
  // A typed parameter or global says what it points to.
  if (V->getType()->isPointerType())
    Out.Type = typeOf(V->getType()->getPointeeType(), E, Ctx);
  // A host array decays to host memory.
  if (!Out.Where.Known && V->getType()->isArrayType() &&
      !V->hasAttr<CUDADeviceAttr>() && !V->hasAttr<CUDAConstantAttr>())
    Out.Where = SymbolicValue::constant(Pageable, {E, ""});
  return Out;
}

// `c ? p : q`: each fact of both, under the condition's atom.
FunctionValues::PointerValue
FunctionValues::pointerOfConditional(const ConditionalOperator *C,
                                     const Env &Vars, unsigned Depth) {
  PointerValue Out;
  const SymbolicValue Cond = eval(C->getCond(), Vars, Depth + 1);
  const PointerValue T = evalPointer(C->getTrueExpr(), Vars, Depth + 1);
  const PointerValue F = evalPointer(C->getFalseExpr(), Vars, Depth + 1);
  auto Join = [&](const SymbolicValue &A, const SymbolicValue &B) {
    if (!A.Known || !B.Known)
      return SymbolicValue::unknown();
    if (Cond.isConstant())
      return Cond.Alternatives[0].Value ? A : B;
    std::optional<Literal> L = atomFor(C->getCond());
    if (!L)
      return SymbolicValue::unknown();
    SymbolicValue Out = A;
    Out.Alternatives.clear();
    for (const Alternative &X : A.Alternatives)
      if (std::optional<Guard> G = conjoin(X.When, {*L}))
        Out.Alternatives.push_back({*G, X.Value, X.From});
    for (const Alternative &X : B.Alternatives)
      if (std::optional<Guard> G =
              conjoin(X.When, {Literal{L->Atom, !L->Positive}}))
        Out.Alternatives.push_back({*G, X.Value, X.From});
    return Out;
  };
  Out.Type = Join(T.Type, F.Type);
  Out.Where = Join(T.Where, F.Where);
  Out.Size = Join(T.Size, F.Size);
  Out.Offset = Join(T.Offset, F.Offset);
  return Out;
}

// What a call returns: through a function whose body returns one
// expression, else what the allocators and containers it names say.
FunctionValues::PointerValue
FunctionValues::pointerReturnedBy(const CallExpr *Call, const Env &Vars,
                                  unsigned Depth) {
  PointerValue Out;
  const FunctionDecl *Callee = Call->getDirectCallee();
  const llvm::StringRef Name =
      Callee && Callee->getIdentifier() ? Callee->getName() : "";
  // A function whose body returns one expression (an identity function,
  // a trait's `static T *get() { return &global; }`): what it returns.
  const Expr *Ret = nullptr;
  if (const FunctionDecl *Def = singleReturn(Call, Ret)) {
    Env Inner;
    bindArguments(*Def, {Call->getArgs(), Call->getNumArgs()}, Vars,
                  Depth + 1, ArgumentBinding::PointersApart, Inner);
    return evalPointer(Ret, Inner, Depth + 1);
  }
  if (Call->getType()->isPointerType())
    Out.Type = typeOf(Call->getType()->getPointeeType(), Call, Ctx);
  const auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
  const CXXRecordDecl *Class = Member ? Member->getRecordDecl() : nullptr;
  if (Name == "malloc" || Name == "calloc")
    Out.Where = SymbolicValue::constant(Pageable, {Call, "allocated with " + Name.str()});
  else if (Class && Name == "data" && Class->getIdentifier() &&
           Class->getName() == "vector" && Class->isInStdNamespace())
    Out.Where = SymbolicValue::constant(Pageable, {Call, "a std::vector's storage"});
  else if (Callee && Callee->getDeclContext()->isNamespace() &&
           Name == "raw_pointer_cast") {
    const auto *NS = dyn_cast<NamespaceDecl>(Callee->getDeclContext());
    if (NS && NS->getName() == "thrust" && Call->getNumArgs() == 1) {
      QualType ArgTy = Call->getArg(0)->getType();
      const auto *RD = ArgTy->getAsCXXRecordDecl();
      if (RD && RD->getName() == "device_ptr")
        Out.Where = SymbolicValue::constant(Device, {Call, "a thrust::device_ptr"});
    }
  } else if (Class && Name == "data" && Class->getIdentifier() &&
             Class->getName() == "device_vector")
    Out.Where = SymbolicValue::constant(Device, {Call, "a thrust::device_vector's storage"});
  return Out;
}

// `p + k`, `p - k`: p's facts, the offset moved by k elements.
FunctionValues::PointerValue
FunctionValues::pointerAfterArithmetic(const BinaryOperator *B,
                                       const Env &Vars, unsigned Depth) {
  PointerValue Out;
  const Expr *Ptr = B->getLHS()->getType()->isPointerType() ? B->getLHS()
                                                             : B->getRHS();
  PointerValue &P = Out;
  P = evalPointer(Ptr, Vars, Depth + 1);
  const Expr *Index = Ptr == B->getLHS() ? B->getRHS() : B->getLHS();
  const SymbolicValue Steps = eval(Index, Vars, Depth + 1);
  const QualType Elem = B->getType()->getPointeeType();
  SymbolicValue Offset;
  if (P.Offset.isConstant() && Steps.isConstant() && !Elem->isVoidType() &&
      !Elem->isIncompleteType()) {
    const int64_t Bytes = Ctx.getTypeSizeInChars(Elem).getQuantity();
    const int64_t Sign = B->getOpcode() == BO_Sub ? -1 : 1;
    Offset = SymbolicValue::constant(
        P.Offset.Alternatives[0].Value +
            Sign * Steps.Alternatives[0].Value * Bytes,
        {B, ""});
  }
  // The size stays that of the allocation; the offset says where in it.
  P.Offset = Offset;
  if (!Offset.Known)
    P.Size = SymbolicValue::unknown();
  return Out;
}

} // namespace clang::tidy::gemm
