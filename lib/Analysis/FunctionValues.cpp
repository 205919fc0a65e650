//===--- FunctionValues.cpp - gemm-tidy ----------------------------------===//
//
// FunctionValues' interface: the walk to a call (Walker.h), and the values,
// pointer facts, object attributes and fields read where it stopped; the
// expressions are evaluated by Evaluator.cpp and PointerEvaluator.cpp.
//
//===----------------------------------------------------------------------===//

#include "Analysis/Walker.h"
#include "Analysis/BodyShape.h"
#include "Analysis/Syntax.h"
#include "Models/ApiModel.h"

namespace clang::tidy::gemm {

FunctionValues::FunctionValues(ASTContext &Ctx, const FunctionDecl *Fn,
                               std::vector<AtomInfo> &Atoms, Bindings Params)
    : Ctx(Ctx), Fn(Fn), Atoms(Atoms), Params(std::move(Params)) {}

void FunctionValues::walkTo(const CallExpr *Target) {
  Stmt *Body = Fn ? Fn->getBody() : nullptr;
  FunctionEntry *Entry = Body && Target ? &entryOf(Fn, Body, Ctx) : nullptr;
  if (!Entry) {
    GaveUp = true;
    return;
  }
  Walker W(*this);
  if (Entry->Straight && W.runStraight(*Entry, Target))
    return;
  const CFG *Graph = graphOf(*Entry, Fn, Ctx);
  if (!Graph) {
    GaveUp = true;
    return;
  }
  W.run(*Graph, *Entry, Target);
  if (!AtTarget && !Dead)
    GaveUp = true;
}

FunctionValues::~FunctionValues() = default;

SymbolicValue FunctionValues::evaluate(const Expr *E) {
  if (Dead)
    return SymbolicValue::unknown();
  if (GaveUp || !AtTarget) {
    // Still fold constants: they need no environment.
    Env Empty;
    SymbolicValue V = eval(E, Empty, 0);
    return V.isConstant() ? V : SymbolicValue::unknown();
  }
  return eval(E, *AtTarget, 0);
}

FunctionValues::PointerValue FunctionValues::evaluatePointer(const Expr *E) {
  if (Dead)
    return PointerValue();
  if (GaveUp || !AtTarget)
    return evalPointer(E, Env(), 0);
  return evalPointer(E, *AtTarget, 0);
}

bool FunctionValues::writesParameter(const ParmVarDecl *P) const {
  return !Known || Known->WrittenParams.lookup(P);
}

SymbolicValue FunctionValues::evaluateAttribute(const Expr *E, int64_t Id) {
  return evaluateAttribute(objectRef(E), Id);
}

SymbolicValue FunctionValues::evaluateAttribute(ObjectRef V, int64_t Id) {
  if (GaveUp || Dead || !AtTarget)
    return SymbolicValue::unknown();
  const Env &At = *AtTarget; // (a read: no copy of a shared map)
  if (!V || Known->Aliased.lookup(V.Var))
    return SymbolicValue::unknown();
  auto It = At.Objects.find({V, Id});
  if (It != At.Objects.end())
    return It->second;
  // An object parameter not bound yet: what the callers pass decides.
  SymbolicValue Out = SymbolicValue::unknown();
  if (const auto *P = dyn_cast<ParmVarDecl>(V.Var);
      P && P->getDeclContext() == Fn && !hasAttributesOf(Params.Objects, V) &&
      !Known->WrittenParams.lookup(P) && !Known->Escapes.lookup(P))
    Out.NeedsParams.push_back(P);
  return Out;
}

SymbolicValue FunctionValues::evaluateField(const Expr *Base, const FieldDecl *F) {
  if (Dead || !Base)
    return SymbolicValue::unknown();
  // A structure passed by value: the copy of the caller's object.
  const VarDecl *V = referencedVar(aggregateOf(Base->IgnoreParens()));
  if (!V || !F)
    return SymbolicValue::unknown();
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    SymbolicValue Out = paramField(P, F);
    return Out.Known ? Out : SymbolicValue::unknown();
  }
  if (GaveUp || !AtTarget)
    return SymbolicValue::unknown();
  auto It = AtTarget->Fields.find({V, F});
  return It == AtTarget->Fields.end() ? SymbolicValue::unknown() : It->second;
}

FunctionValues::HandleValue FunctionValues::evaluateHandle(const Expr *E) {
  return {evaluateAttribute(E, HandlePointerMode),
          evaluateAttribute(E, HandleMathMode)};
}

void FunctionValues::bindArguments(
    const FunctionDecl &Def, llvm::ArrayRef<const Expr *> Args, const Env &Vars,
    unsigned Depth, ArgumentBinding How, Env &Inner,
    llvm::function_ref<void(const ParmVarDecl *, const Expr *)> BindRecord) {
  for (unsigned I = 0; I < Def.getNumParams() && I < Args.size(); ++I) {
    const ParmVarDecl *P = Def.getParamDecl(I);
    const QualType T = P->getType();
    if (How == ArgumentBinding::PointersApart && T->isPointerType()) {
      Inner.callee().Pointers[P] = evalPointer(Args[I], Vars, Depth);
      continue;
    }
    if (How == ArgumentBinding::IntegersRecords &&
        !T->isIntegralOrEnumerationType()) {
      if (T->isRecordType())
        BindRecord(P, Args[I]);
      continue;
    }
    Inner.callee().Params[P] = eval(Args[I], Vars, Depth);
  }
}

} // namespace clang::tidy::gemm
