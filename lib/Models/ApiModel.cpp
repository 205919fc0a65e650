//===--- ApiModel.cpp - gemm-tidy ----------------------------------------===//

#include "Models/ApiModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"

namespace clang::tidy::gemm {

namespace {

using lt::Arg;
using lt::Object;
using ::gemm::rules::Residency;

constexpr ApiFunction handle(const char *Name, Effect What,
                                unsigned NumArgs, int64_t Sets = -1) {
  return {Name, What, /*Handle=*/true, Object::MatmulDesc, NumArgs, 1, Sets};
}

constexpr ApiFunction ltObject(const char *Name, Object Obj, Effect What,
                                  unsigned NumArgs, unsigned FirstValue = 1) {
  return {Name, What, /*Handle=*/false, Obj, NumArgs, FirstValue};
}

template <unsigned N>
constexpr ApiFunction use(const char *Name, Object Obj,
                             const Arg (&Roles)[N]) {
  return {Name, Effect::Use, /*Handle=*/false, Obj, N, 1, -1, Roles};
}

// The arguments of the functions that read objects, as cublasLt.h declares
// them. cublasLtMatmul(lightHandle, computeDesc, alpha, A, Adesc, B, Bdesc,
// beta, C, Cdesc, D, Ddesc, algo, workspace, workspaceSizeInBytes, stream):
constexpr Arg MatmulRoles[] = {
    Arg::Handle, Arg::ComputeDesc, Arg::Alpha, Arg::A,     Arg::Adesc,
    Arg::B,      Arg::Bdesc,       Arg::Beta,  Arg::C,     Arg::Cdesc,
    Arg::D,      Arg::Ddesc,       Arg::Algo,  Arg::Workspace,
    Arg::WorkspaceSize, Arg::None};
// cublasLtMatmulAlgoGetHeuristic(lightHandle, operationDesc, Adesc, Bdesc,
// Cdesc, Ddesc, preference, requestedAlgoCount, heuristicResultsArray,
// returnAlgoCount):
constexpr Arg HeuristicRoles[] = {
    Arg::Handle, Arg::ComputeDesc, Arg::Adesc,      Arg::Bdesc,
    Arg::Cdesc,  Arg::Ddesc,       Arg::Preference, Arg::RequestedAlgoCount,
    Arg::HeuristicResults, Arg::ReturnedAlgoCount};
// cublasLtMatrixTransform(lightHandle, transformDesc, alpha, A, Adesc, beta,
// B, Bdesc, C, Cdesc, stream):
constexpr Arg TransformRoles[] = {
    Arg::Handle, Arg::TransformDesc, Arg::Alpha, Arg::A,     Arg::Adesc,
    Arg::Beta,   Arg::B,             Arg::Bdesc, Arg::C,     Arg::Cdesc,
    Arg::None};
// cublasLtMatmulAlgoGetIds(lightHandle, computeType, scaleType, Atype,
// Btype, Ctype, Dtype, requestedAlgoCount, algoIdsArray, returnAlgoCount):
constexpr Arg AlgoGetIdsRoles[] = {
    Arg::Handle, Arg::None, Arg::None,
    Arg::None,   Arg::None, Arg::None,
    Arg::None,   Arg::RequestedAlgoCount, Arg::None,
    Arg::None};
// cublasLtMatmulAlgoInit(lightHandle, computeType, scaleType, Atype, Btype,
// Ctype, Dtype, algoId, algo):
constexpr Arg AlgoInitRoles[] = {Arg::Handle, Arg::None, Arg::None,
                                 Arg::None,   Arg::None, Arg::None,
                                 Arg::None,   Arg::None, Arg::Algo};

// An allocator: the memory it gives, the argument with the size in bytes
// and the one that receives the pitch in bytes (-1: none).
constexpr ApiFunction allocator(const char *Name, Residency Where, int SizeArg,
                                int PitchArg = -1) {
  return {Name, Effect::Allocate, false, Object::MatmulDesc, 0, 0, -1,
          nullptr, Where, SizeArg, PitchArg};
}

// A deallocator: frees what its first argument points to.
constexpr ApiFunction deallocator(const char *Name) {
  return {Name, Effect::Free, false, Object::MatmulDesc, 0, 0, -1, nullptr,
          Residency::Unknown};
}

// cuBLASLt's Create and *Init take the object, then (for the *_internal
// forms, after the storage's size) one argument per created attribute.
constexpr unsigned created(Object Obj, unsigned FirstValue) {
  return FirstValue + lt::createdAttributes(Obj).Count;
}

#define GEMM_LT_OBJECT_FUNCTIONS(PREFIX, OBJ)                                  \
  ltObject(PREFIX "Create", OBJ, Effect::Create, created(OBJ, 1)),         \
      /* cublasLt.h's inline wrapper of *Init_internal */                      \
      ltObject(PREFIX "Init", OBJ, Effect::Init, created(OBJ, 1)),         \
      ltObject(PREFIX "Init_internal", OBJ, Effect::Init, created(OBJ, 2), \
               2),                                                             \
      ltObject(PREFIX "SetAttribute", OBJ, Effect::Set, 4),                \
      ltObject(PREFIX "GetAttribute", OBJ, Effect::Get, 5),                \
      ltObject(PREFIX "Destroy", OBJ, Effect::Destroy, 1)

constexpr ApiFunction Functions[] = {
    // cuBLAS handles (cublas_v2.h's names and the _v2 symbols): their
    // pointer and math modes.
    handle("cublasCreate_v2", Effect::Create, 1),
    handle("cublasCreate", Effect::Create, 1),
    handle("cublasDestroy_v2", Effect::Destroy, 1),
    handle("cublasDestroy", Effect::Destroy, 1),
    handle("cublasSetPointerMode_v2", Effect::Set, 2, HandlePointerMode),
    handle("cublasSetPointerMode", Effect::Set, 2, HandlePointerMode),
    handle("cublasSetMathMode", Effect::Set, 2, HandleMathMode),
    // The getters: the path-sensitive tier binds the mode they store (an
    // RAII guard saves it to restore it), the value analysis reads them as
    // calls that keep the handle's state.
    handle("cublasGetPointerMode_v2", Effect::Get, 2, HandlePointerMode),
    handle("cublasGetPointerMode", Effect::Get, 2, HandlePointerMode),
    handle("cublasGetMathMode", Effect::Get, 2, HandleMathMode),
    GEMM_LT_OBJECT_FUNCTIONS("cublasLtMatmulDesc", Object::MatmulDesc),
    GEMM_LT_OBJECT_FUNCTIONS("cublasLtMatrixLayout", Object::MatrixLayout),
    GEMM_LT_OBJECT_FUNCTIONS("cublasLtMatmulPreference", Object::Preference),
    use("cublasLtMatmul", Object::MatmulDesc, MatmulRoles),
    use("cublasLtMatmulAlgoGetHeuristic", Object::MatmulDesc, HeuristicRoles),
    use("cublasLtMatrixTransform", Object::TransformDesc, TransformRoles),
    use("cublasLtMatmulAlgoGetIds", Object::AlgoConfig, AlgoGetIdsRoles),
    use("cublasLtMatmulAlgoInit", Object::AlgoConfig, AlgoInitRoles),
    // The CUDA runtime's and driver's allocators: (&p, bytes, ...), but
    // for the pitched ones (&p, &pitch, widthBytes, height), the symbol's
    // address, and the pool's, whose size is not followed.
    allocator("cudaMalloc", Residency::Device, 1),
    allocator("cudaMallocAsync", Residency::Device, 1),
    allocator("cudaMallocFromPoolAsync", Residency::Device, -1),
    allocator("cudaMallocPitch", Residency::Device, -1, 1),
    allocator("cudaGetSymbolAddress", Residency::Device, -1),
    allocator("cuMemAlloc", Residency::Device, 1),
    allocator("cuMemAlloc_v2", Residency::Device, 1),
    allocator("cuMemAllocAsync", Residency::Device, 1),
    allocator("cuMemAllocPitch", Residency::Device, -1),
    allocator("cuMemAllocPitch_v2", Residency::Device, -1),
    allocator("cudaMallocManaged", Residency::Managed, 1),
    allocator("cudaMallocHost", Residency::PinnedHost, 1),
    allocator("cudaHostAlloc", Residency::PinnedHost, 1),
    // And their deallocators: no allocation lies behind the pointer.
    deallocator("cudaFree"),
    deallocator("cudaFreeAsync"),
    deallocator("cudaFreeHost"),
    deallocator("cuMemFree"),
    deallocator("cuMemFree_v2"),
    deallocator("cuMemFreeAsync"),
    deallocator("cuMemFreeHost"),
};

#undef GEMM_LT_OBJECT_FUNCTIONS

} // namespace

bool isHandleType(QualType T) {
  const RecordDecl *RD =
      !T.isNull() && T->isPointerType() ? T->getPointeeType()->getAsRecordDecl() : nullptr;
  return RD && RD->getIdentifier() && RD->getName() == "cublasContext";
}

const ApiFunction *apiFunctionNamed(llvm::StringRef Name) {
  if (!Name.starts_with("cu"))
    return nullptr;
  static const llvm::StringMap<const ApiFunction *> Table = [] {
    llvm::StringMap<const ApiFunction *> T;
    for (const ApiFunction &F : Functions)
      T[F.Name] = &F;
    return T;
  }();
  const auto It = Table.find(Name);
  return It == Table.end() ? nullptr : It->second;
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
