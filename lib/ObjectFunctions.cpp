//===--- ObjectFunctions.cpp - gemm-tidy ---------------------------------===//

#include "ObjectFunctions.h"

#include "clang/AST/Type.h"
#include "llvm/ADT/StringMap.h"

namespace clang::tidy::gemm {

namespace {

using lt::Arg;
using lt::Object;

constexpr ObjectFunction handle(const char *Name, ObjectCall What,
                                unsigned NumArgs, int64_t Sets = -1) {
  return {Name, What, /*Handle=*/true, Object::MatmulDesc, NumArgs, 1, Sets};
}

constexpr ObjectFunction ltObject(const char *Name, Object Obj, ObjectCall What,
                                  unsigned NumArgs, unsigned FirstValue = 1) {
  return {Name, What, /*Handle=*/false, Obj, NumArgs, FirstValue};
}

template <unsigned N>
constexpr ObjectFunction use(const char *Name, Object Obj,
                             const Arg (&Roles)[N]) {
  return {Name, ObjectCall::Use, /*Handle=*/false, Obj, N, 1, -1, Roles};
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
    Arg::None,   Arg::None};
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

// cuBLASLt's Create and *Init take the object, then (for the *_internal
// forms, after the storage's size) one argument per created attribute.
constexpr unsigned created(Object Obj, unsigned FirstValue) {
  return FirstValue + lt::createdAttributes(Obj).Count;
}

#define GEMM_LT_OBJECT_FUNCTIONS(PREFIX, OBJ)                                  \
  ltObject(PREFIX "Create", OBJ, ObjectCall::Create, created(OBJ, 1)),         \
      /* cublasLt.h's inline wrapper of *Init_internal */                      \
      ltObject(PREFIX "Init", OBJ, ObjectCall::Init, created(OBJ, 1)),         \
      ltObject(PREFIX "Init_internal", OBJ, ObjectCall::Init, created(OBJ, 2), \
               2),                                                             \
      ltObject(PREFIX "SetAttribute", OBJ, ObjectCall::Set, 4),                \
      ltObject(PREFIX "GetAttribute", OBJ, ObjectCall::Get, 5),                \
      ltObject(PREFIX "Destroy", OBJ, ObjectCall::Destroy, 1)

constexpr ObjectFunction Functions[] = {
    // cuBLAS handles (cublas_v2.h's names and the _v2 symbols): their
    // pointer and math modes.
    handle("cublasCreate_v2", ObjectCall::Create, 1),
    handle("cublasCreate", ObjectCall::Create, 1),
    handle("cublasDestroy_v2", ObjectCall::Destroy, 1),
    handle("cublasDestroy", ObjectCall::Destroy, 1),
    handle("cublasSetPointerMode_v2", ObjectCall::Set, 2, HandlePointerMode),
    handle("cublasSetPointerMode", ObjectCall::Set, 2, HandlePointerMode),
    handle("cublasSetMathMode", ObjectCall::Set, 2, HandleMathMode),
    GEMM_LT_OBJECT_FUNCTIONS("cublasLtMatmulDesc", Object::MatmulDesc),
    GEMM_LT_OBJECT_FUNCTIONS("cublasLtMatrixLayout", Object::MatrixLayout),
    GEMM_LT_OBJECT_FUNCTIONS("cublasLtMatmulPreference", Object::Preference),
    use("cublasLtMatmul", Object::MatmulDesc, MatmulRoles),
    use("cublasLtMatmulAlgoGetHeuristic", Object::MatmulDesc, HeuristicRoles),
    use("cublasLtMatrixTransform", Object::TransformDesc, TransformRoles),
    use("cublasLtMatmulAlgoGetIds", Object::AlgoConfig, AlgoGetIdsRoles),
    use("cublasLtMatmulAlgoInit", Object::AlgoConfig, AlgoInitRoles),
};

#undef GEMM_LT_OBJECT_FUNCTIONS

} // namespace

bool isHandleType(QualType T) {
  const RecordDecl *RD =
      !T.isNull() && T->isPointerType() ? T->getPointeeType()->getAsRecordDecl() : nullptr;
  return RD && RD->getIdentifier() && RD->getName() == "cublasContext";
}

const ObjectFunction *objectFunctionNamed(llvm::StringRef Name) {
  if (!Name.starts_with("cublas"))
    return nullptr;
  static const llvm::StringMap<const ObjectFunction *> Table = [] {
    llvm::StringMap<const ObjectFunction *> T;
    for (const ObjectFunction &F : Functions)
      T[F.Name] = &F;
    return T;
  }();
  const auto It = Table.find(Name);
  return It == Table.end() ? nullptr : It->second;
}

} // namespace clang::tidy::gemm
