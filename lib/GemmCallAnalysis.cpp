//===--- GemmCallAnalysis.cpp - gemm-tidy --------------------------------===//

#include "GemmCallAnalysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Type.h"
#include "clang/Lex/MacroInfo.h"

namespace clang::tidy::gemm {

using rules::Role;
using rules::Value;

const Expr *GemmCall::argument(Role R) const {
  const int Pos = Api->position(R);
  if (Pos < 0 || static_cast<unsigned>(Pos) >= Call->getNumArgs())
    return nullptr;
  return Call->getArg(Pos);
}

int64_t integerAsReceived(const llvm::APSInt &V) {
  if (V.isRepresentableByInt64())
    return V.getExtValue();
  return static_cast<int64_t>(V.extOrTrunc(64).getZExtValue());
}

const Expr *strippedArgument(const Expr *E) {
  return E ? E->IgnoreParenImpCasts() : nullptr;
}

namespace {

Value foldInteger(const Expr *E, const ASTContext &Ctx) {
  E = strippedArgument(E);
  if (!E || E->isValueDependent() || E->isTypeDependent() ||
      E->containsErrors() || !E->getType()->isIntegralOrEnumerationType())
    return Value::unknown();
  Expr::EvalResult Result;
  if (!E->EvaluateAsInt(Result, Ctx))
    return Value::unknown();
  return Value::of(integerAsReceived(Result.Val.getInt()));
}


/// The enumeration a (possibly typedef'd) type names, e.g. "cudaDataType_t".
llvm::StringRef enumName(QualType T) {
  if (const auto *ET = T.getCanonicalType()->getAs<EnumType>())
    if (const EnumDecl *D = ET->getDecl())
      return D->getName();
  return {};
}

bool isCudaDataTypeEnum(QualType T) {
  const llvm::StringRef Name = enumName(T);
  return Name == "cudaDataType_t" || Name == "cudaDataType";
}

/// Elements of a constant host array, e.g. `const int m_array[] = {64, 32}`
/// passed to a grouped API.
std::vector<Value> foldConstantArray(const Expr *E, const ASTContext &Ctx) {
  const auto *Ref = dyn_cast_or_null<DeclRefExpr>(strippedArgument(E));
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || Var->getType().isVolatileQualified())
    return {};
  const auto *ArrayTy = Ctx.getAsConstantArrayType(Var->getType());
  if (!ArrayTy || !ArrayTy->getElementType().isConstQualified())
    return {};
  const auto *Init = dyn_cast_or_null<InitListExpr>(Var->getInit());
  if (!Init)
    return {};
  std::vector<Value> Values;
  for (unsigned I = 0; I < Init->getNumInits(); ++I)
    Values.push_back(foldInteger(Init->getInit(I), Ctx));
  // Elements the initializer leaves out are zero.
  const uint64_t Size = ArrayTy->getSize().getZExtValue();
  if (Size <= 4096)
    Values.resize(Size, Value::of(0));
  return Values;
}

} // namespace

std::optional<GemmCall> analyzeGemmCall(const CallExpr &Call,
                                        const rules::ApiInfo &Row,
                                        const FunctionDecl &Callee,
                                        const ASTContext &Ctx) {
  if (Callee.getNumParams() != Row.NumArgs ||
      Call.getNumArgs() != Row.NumArgs || Call.containsErrors())
    return std::nullopt;

  GemmCall Result;
  Result.Call = &Call;
  Result.Api = &Row;
  const rules::ApiInfo *Api = &Row;
  rules::CallValues &Values = Result.Values;
  // The grouped APIs' host arrays; every other integer argument is the
  // value analysis' (GemmDiagnosis).
  if (Api->isGrouped())
    for (unsigned I = 0; I < rules::GemmRoleCount; ++I) {
      const Role R = static_cast<Role>(I);
      if (const Expr *Arg = Result.argument(R); Arg && Api->isPerGroup(R))
        Values.group(R) = foldConstantArray(Arg, Ctx);
    }

  if (const Expr *Compute = Result.argument(Role::ComputeType)) {
    const int Pos = Api->position(Role::ComputeType);
    Values.LegacyComputeType =
        Api->Vend == rules::Vendor::Cublas &&
        isCudaDataTypeEnum(Callee.getParamDecl(Pos)->getType());
    Values.ComputeTypeIsDataType =
        isCudaDataTypeEnum(strippedArgument(Compute)->getType());
  }
  if (Api->Vend == rules::Vendor::Hipblas && Api->has(Role::AType))
    Values.HipblasLegacyTypes =
        enumName(Callee.getParamDecl(Api->position(Role::AType))->getType()) ==
        "hipblasDatatype_t";
  return Result;
}

} // namespace clang::tidy::gemm
