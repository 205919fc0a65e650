//===--- ApiModel.cpp - gemm-tidy ----------------------------------------===//

#include "Models/ApiModel.h"
#include "ContextCache.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"
#include <cstring>
#include <vector>

namespace clang::tidy::gemm {

namespace {

namespace rules = ::gemm::rules;

// The cuBLASLt objects the value analysis follows from their Create to the
// calls that read them; the rules core's table has more (the transform's
// and the emulation's descriptors, an algo's configuration), whose calls
// the checks leave alone.
constexpr bool followed(lt::Object O) {
  return O == lt::Object::MatmulDesc || O == lt::Object::MatrixLayout ||
         O == lt::Object::Preference;
}

// The calls that read objects the checks judge: the matmul and the
// heuristic query (their matmul diagnosis: one with alpha, the other asking
// for algos), the transform and the algo set-up (LtObjectCall). The
// AlgoCheck, judged by the guard as the matmul, is left to it.
constexpr bool judgedUse(const lt::Function &F) {
  if (F.JudgedBy != lt::Judge::Matmul)
    return F.JudgedBy == lt::Judge::Transform ||
           F.JudgedBy == lt::Judge::AlgoSetup;
  return F.position(rules::Role::Alpha) >= 0 ||
         F.position(rules::Role::RequestedAlgoCount) >= 0;
}

// The model's rows, from the rules core's tables (gemm/rules/functions.h,
// gemm/rules/lt/functions.h): the cuBLAS handle functions by both their
// names, the cuBLASLt functions of the objects followed and the calls
// judged, the CUDA allocators and deallocators.
std::vector<ApiFunction> modelRows() {
  std::vector<ApiFunction> Rows;
  for (const rules::HandleFunction &F : rules::HandleFunctions)
    for (const char *Name : {F.Symbol, F.Written}) {
      ApiFunction Row{Name, F.What, /*Handle=*/true, lt::Object::MatmulDesc,
                      F.NumArgs};
      Row.Sets = static_cast<int64_t>(F.Sets);
      Rows.push_back(Row);
      if (std::strcmp(F.Symbol, F.Written) == 0)
        break;
    }
  for (const lt::Function &F : lt::Functions) {
    if (F.OnHandle || (F.What == Effect::Use ? !judgedUse(F) : !followed(F.Obj)))
      continue;
    ApiFunction Row{F.Name, F.What, /*Handle=*/false, F.Obj, F.NumArgs,
                    F.FirstValue};
    Row.Roles = F.Roles;
    Rows.push_back(Row);
  }
  for (const rules::MemoryFunction &F : rules::MemoryFunctions) {
    if (F.What != Effect::Allocate && F.What != Effect::Free)
      continue; // (registering host memory is not followed)
    ApiFunction Row{F.Name, F.What, /*Handle=*/false, lt::Object::MatmulDesc};
    Row.Where = F.Where;
    Row.SizeArg = F.SizeArg;
    Row.PitchArg = F.PitchArg;
    Rows.push_back(Row);
  }
  return Rows;
}

} // namespace

bool isHandleType(QualType T) {
  const RecordDecl *RD =
      !T.isNull() && T->isPointerType() ? T->getPointeeType()->getAsRecordDecl() : nullptr;
  return RD && RD->getIdentifier() && RD->getName() == "cublasContext";
}

namespace {

// A name of either table: the GEMM family's row or the model's, and which
// calls of it the checks diagnose.
struct NamedRow {
  const rules::ApiInfo *Api = nullptr;
  const ApiFunction *Fn = nullptr;
  CalleeRow::Kind K = CalleeRow::None;
};

// The kind of the model's row \p F: the matmul diagnosis's calls, the
// cuBLASLt functions whose arguments the rules read (the objects'
// SetAttribute and GetAttribute, the Create and *Init functions whose
// arguments become attributes, the transform and the algo set-up), or
// neither.
CalleeRow::Kind kindOf(const ApiFunction &F) {
  if (F.Handle)
    return CalleeRow::None;
  if (F.What == Effect::Use)
    return F.Obj == lt::Object::MatmulDesc ? CalleeRow::LtMatmul
                                           : CalleeRow::LtObject;
  const bool Reads =
      F.What == Effect::Set || F.What == Effect::Get ||
      (createsObject(F.What) && lt::createdAttributes(F.Obj).Count > 0);
  return Reads ? CalleeRow::LtObject : CalleeRow::None;
}

// The prefixes of both tables' names: a test that spares the hash lookup
// for nearly every callee.
bool mayBeNamed(llvm::StringRef Name) {
  return Name.starts_with("cu") || Name.starts_with("hipblas") ||
         Name.starts_with("rocblas");
}

const NamedRow *rowNamed(llvm::StringRef Name) {
  if (!mayBeNamed(Name))
    return nullptr;
  static const std::vector<ApiFunction> Rows = modelRows();
  static const llvm::StringMap<NamedRow> Table = [] {
    llvm::StringMap<NamedRow> T;
    for (const ApiFunction &F : Rows)
      T[F.Name] = NamedRow{nullptr, &F, kindOf(F)};
    for (const rules::ApiInfo &Info : rules::ApiTable)
      T[Info.Name] = NamedRow{&Info, nullptr, CalleeRow::Gemm};
    return T;
  }();
  const auto It = Table.find(Name);
  return It == Table.end() ? nullptr : &It->second;
}

} // namespace

const ApiFunction *apiFunctionNamed(llvm::StringRef Name) {
  const NamedRow *Row = rowNamed(Name);
  return Row ? Row->Fn : nullptr;
}

namespace {

// The row of the function \p F names, remembered per identifier for its
// translation unit (a pointer's lookup costs less than the name's hash,
// and the walks ask again at every call they meet).
struct RowsByIdentifier {
  RowsByIdentifier() {} // (no aggregate: DenseMap's constructor is explicit)
  llvm::DenseMap<const IdentifierInfo *, const NamedRow *> Rows;
};
const NamedRow *rowOf(const FunctionDecl &F) {
  const IdentifierInfo *Id = F.getIdentifier();
  if (!Id || !mayBeNamed(Id->getName()))
    return nullptr;
  auto [It, New] = contextCache<RowsByIdentifier>(F.getASTContext())
                       .Rows.try_emplace(Id, nullptr);
  if (New)
    It->second = rowNamed(Id->getName());
  return It->second;
}

} // namespace

const ApiFunction *apiFunctionOf(const FunctionDecl *Callee) {
  const NamedRow *Row = Callee ? rowOf(*Callee) : nullptr;
  return Row ? Row->Fn : nullptr;
}

CalleeRow classify(const FunctionDecl &F) {
  const NamedRow *Row = rowOf(F);
  if (!Row || Row->K == CalleeRow::None ||
      (Row->K == CalleeRow::LtMatmul && F.getNumParams() != Row->Fn->NumArgs))
    return {};
  return CalleeRow{Row->K, Row->Api, Row->Fn};
}

bool isObjectType(QualType T) {
  if (T.isNull() || !T->isPointerType())
    return false;
  if (isHandleType(T))
    return true;
  const auto *Typedef = T->getAs<TypedefType>();
  const llvm::StringRef Name =
      Typedef ? Typedef->getDecl()->getName() : llvm::StringRef();
  return Name == "cublasLtMatmulDesc_t" || Name == "cublasLtMatrixLayout_t" ||
         Name == "cublasLtMatmulPreference_t";
}

const ApiFunction *allocatorOf(const FunctionDecl *Callee) {
  const ApiFunction *F = apiFunctionOf(Callee);
  return F && F->What == Effect::Allocate ? F : nullptr;
}

const ApiFunction *deallocatorOf(const FunctionDecl *Callee) {
  const ApiFunction *F = apiFunctionOf(Callee);
  return F && F->What == Effect::Free ? F : nullptr;
}

ApiFunction objectCallOf(const FunctionDecl *Callee) {
  const ApiFunction *F = apiFunctionOf(Callee);
  if (!F || F->What == Effect::Get || F->What == Effect::Use ||
      F->What == Effect::Allocate || F->What == Effect::Free)
    return {};
  return *F;
}

// For handles the list is cublas_api.h's (value-analysis-handle-setters.test
// derives it; the atomics mode is not one the checks read); for the Lt
// objects, every other function of cublasLt.h reads them (the matmul, the
// heuristic, the getters, the transform) and never writes them.
bool keepsObjectState(const FunctionDecl *Callee) {
  if (!Callee || !Callee->getIdentifier())
    return false;
  const llvm::StringRef N = Callee->getName();
  if (!N.starts_with("cublas") || objectCallOf(Callee).What != Effect::None)
    return false;
  // cuBLAS's own functions, not a project's `cublasConfigure(handle)`.
  const SourceManager &SM = Callee->getASTContext().getSourceManager();
  const llvm::StringRef File = llvm::sys::path::filename(
      SM.getFilename(SM.getSpellingLoc(Callee->getLocation())));
  return File == "cublas_api.h" || File == "cublas_v2.h" ||
         File == "cublas.h" || File == "cublasLt.h";
}

bool leavesHandlesAlone(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || isa<CXXMemberCallExpr>(Call))
    return false;
  const ApiFunction Info = objectCallOf(Callee);
  // Another handle's set or destroy may be this one's.
  if (Info.What != Effect::None)
    return !Info.Handle || Info.What == Effect::Create;
  if (keepsObjectState(Callee))
    return true;
  const SourceManager &SM = Callee->getASTContext().getSourceManager();
  if (SM.isInSystemHeader(Callee->getLocation()))
    return true;
  if (Callee->getIdentifier() && Callee->getName().starts_with("cu") &&
      !Callee->getName().starts_with("cublas"))
    return true;
  return onlyNumbersAndMessages(Call->arguments());
}

// The cudaDataType a C++ object type stands for; -1 where none (void,
// plain char, a type the rules do not model).
int64_t dataTypeCode(QualType T, const ASTContext &Ctx) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (const auto *B = T->getAs<BuiltinType>()) {
    switch (B->getKind()) {
    case BuiltinType::Float: return 0;   // CUDA_R_32F
    case BuiltinType::Double: return 1;  // CUDA_R_64F
    case BuiltinType::SChar: return 3;   // CUDA_R_8I
    case BuiltinType::UChar: return 8;   // CUDA_R_8U
    case BuiltinType::Int: return Ctx.getIntWidth(T) == 32 ? 10 : -1;
    case BuiltinType::UInt: return Ctx.getIntWidth(T) == 32 ? 12 : -1;
    case BuiltinType::Half: case BuiltinType::Float16: return 2;
    case BuiltinType::BFloat16: return 14;
    default: return -1;
    }
  }
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return -1;
  const llvm::StringRef Name = RD->getName();
  if (Name == "__half")
    return 2; // CUDA_R_16F
  if (Name == "__nv_bfloat16")
    return 14; // CUDA_R_16BF
  if (Name == "float2")
    return 4; // CUDA_C_32F (cuComplex)
  if (Name == "double2")
    return 5; // CUDA_C_64F (cuDoubleComplex)
  if (Name == "complex" && RD->isInStdNamespace())
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      if (Spec->getTemplateArgs().size() == 1) {
        const int64_t Inner =
            dataTypeCode(Spec->getTemplateArgs()[0].getAsType(), Ctx);
        return Inner == 0 ? 4 : Inner == 1 ? 5 : -1;
      }
  return -1;
}

} // namespace clang::tidy::gemm
