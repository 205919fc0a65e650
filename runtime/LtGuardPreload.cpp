//===--- LtGuardPreload.cpp - gemm-tidy runtime guard for cuBLASLt -------===//
//
// The cuBLASLt half of libgemm_guard_preload.so: defines the cuBLASLt
// object and matmul entry points, keeps the shadow state and checks with the
// same code as gemm/lt_guard.h, and forwards to the real libcublasLt found
// with gemm::runtime::realSymbol. Without source types, the pointee-type
// rules (LT-TYPE-ALPHA, LT-ATTR-PTRBUF, LT-ATTR-TYPE) stay silent here.
//
// Calls that cuBLAS itself makes into cuBLASLt (cublasGemmEx is built on
// cublasLtMatmul) are forwarded unchecked: their descriptors are cuBLAS's.
//
//===----------------------------------------------------------------------===//

#include "GuardFunction.h"
#define GEMM_GUARD_NO_MACROS
#include "gemm/lt_guard.h"

namespace {

using gemm::guard::CallSite;
using gemm::runtime::isInLibrary;
using gemm::runtime::Library;
namespace lt = gemm::guard::lt::detail;

// Whether the return address lies in libcublas or libcublasLt: a small
// lock-free cache in front of dladdr.
bool fromCublas(const void *Caller) {
  static std::atomic<uintptr_t> Cache[32] = {};
  const uintptr_t Key = reinterpret_cast<uintptr_t>(Caller) & ~uintptr_t{1};
  std::atomic<uintptr_t> &Slot = Cache[(Key >> 4) % 32];
  const uintptr_t Hit = Slot.load(std::memory_order_relaxed);
  if ((Hit & ~uintptr_t{1}) == Key)
    return Hit & 1;
  const bool Inside = isInLibrary(Library::Cublas, Caller) ||
                      isInLibrary(Library::CublasLt, Caller);
  Slot.store(Key | (Inside ? 1 : 0), std::memory_order_relaxed);
  return Inside;
}

} // namespace

// The real function (resolved on first use, lock-free), or the call fails
// with CUBLAS_STATUS_NOT_INITIALIZED; decltype of the header's declaration
// keeps the signature exact.
#define GEMM_LT_REAL(NAME)                                                     \
  const auto Real = GEMM_GUARD_FUNCTION(CublasLt, NAME);                       \
  if (!Real) {                                                                 \
    static std::atomic<bool> Said{false};                                      \
    return gemm::runtime::missingFunction(Said, "cuBLASLt", #NAME);            \
  }
#define GEMM_LT_SITE                                                           \
  const CallSite Site{nullptr, 0, __builtin_return_address(0)};                \
  if (fromCublas(Site.Caller))                                                 \
    return Real

#define GEMM_EXPORT extern "C" __attribute__((visibility("default")))

GEMM_EXPORT cublasStatus_t cublasLtCreate(cublasLtHandle_t *H) {
  GEMM_LT_REAL(cublasLtCreate);
  GEMM_LT_SITE(H);
  return lt::create(Site, Real, H);
}

GEMM_EXPORT cublasStatus_t cublasLtDestroy(cublasLtHandle_t H) {
  GEMM_LT_REAL(cublasLtDestroy);
  GEMM_LT_SITE(H);
  return lt::destroyHandle(Site, Real, H);
}

GEMM_EXPORT cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *D,
                                                    cublasComputeType_t C,
                                                    cudaDataType_t S) {
  GEMM_LT_REAL(cublasLtMatmulDescCreate);
  GEMM_LT_SITE(D, C, S);
  return lt::matmulDescCreate(Site, Real, D, C, S);
}

GEMM_EXPORT cublasStatus_t cublasLtMatmulDescInit_internal(
    cublasLtMatmulDesc_t D, size_t Size, cublasComputeType_t C, cudaDataType_t S) {
  GEMM_LT_REAL(cublasLtMatmulDescInit_internal);
  GEMM_LT_SITE(D, Size, C, S);
  return lt::matmulDescInit(Site, "cublasLtMatmulDescInit", Real, D, Size, C, S);
}

GEMM_EXPORT cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *L,
                                                      cudaDataType T, uint64_t R,
                                                      uint64_t C, int64_t Ld) {
  GEMM_LT_REAL(cublasLtMatrixLayoutCreate);
  GEMM_LT_SITE(L, T, R, C, Ld);
  return lt::matrixLayoutCreate(Site, Real, L, T, R, C, Ld);
}

GEMM_EXPORT cublasStatus_t cublasLtMatrixLayoutInit_internal(
    cublasLtMatrixLayout_t L, size_t Size, cudaDataType T, uint64_t R,
    uint64_t C, int64_t Ld) {
  GEMM_LT_REAL(cublasLtMatrixLayoutInit_internal);
  GEMM_LT_SITE(L, Size, T, R, C, Ld);
  return lt::matrixLayoutInit(Site, "cublasLtMatrixLayoutInit", Real, L, Size, T,
                              R, C, Ld);
}

GEMM_EXPORT cublasStatus_t cublasLtMatrixTransformDescCreate(
    cublasLtMatrixTransformDesc_t *D, cudaDataType S) {
  GEMM_LT_REAL(cublasLtMatrixTransformDescCreate);
  GEMM_LT_SITE(D, S);
  return lt::transformDescCreate(Site, Real, D, S);
}

GEMM_EXPORT cublasStatus_t cublasLtMatrixTransformDescInit_internal(
    cublasLtMatrixTransformDesc_t D, size_t Size, cudaDataType S) {
  GEMM_LT_REAL(cublasLtMatrixTransformDescInit_internal);
  GEMM_LT_SITE(D, Size, S);
  return lt::transformDescInit(Site, Real, D, Size, S);
}

// The Create and Init forms without arguments.
#define GEMM_LT_PRELOAD_PLAIN(OBJ, HANDLE, KIND)                               \
  GEMM_EXPORT cublasStatus_t cublasLt##OBJ##Create(HANDLE *O) {                \
    GEMM_LT_REAL(cublasLt##OBJ##Create);                                       \
    GEMM_LT_SITE(O);                                                           \
    return lt::plainCreate<gemm::rules::lt::Object::KIND>(Site, Real, O);      \
  }                                                                            \
  GEMM_EXPORT cublasStatus_t cublasLt##OBJ##Init_internal(HANDLE O,            \
                                                         size_t Size) {        \
    GEMM_LT_REAL(cublasLt##OBJ##Init_internal);                                \
    GEMM_LT_SITE(O, Size);                                                     \
    return lt::plainInit<gemm::rules::lt::Object::KIND>(Site, Real, O, Size);  \
  }
GEMM_LT_PRELOAD_PLAIN(MatmulPreference, cublasLtMatmulPreference_t, Preference)
GEMM_LT_PRELOAD_PLAIN(EmulationDesc, cublasLtEmulationDesc_t, EmulationDesc)

// Destroy, SetAttribute and GetAttribute of the three object kinds.
#define GEMM_LT_PRELOAD_OBJECT(OBJ, HANDLE, ATTR, KIND)                        \
  GEMM_EXPORT cublasStatus_t cublasLt##OBJ##Destroy(HANDLE O) {                \
    GEMM_LT_REAL(cublasLt##OBJ##Destroy);                                      \
    GEMM_LT_SITE(O);                                                           \
    return lt::destroyObject(Site, Real, O);                                   \
  }                                                                            \
  GEMM_EXPORT cublasStatus_t cublasLt##OBJ##SetAttribute(                      \
      HANDLE O, ATTR A, const void *Buf, size_t Size) {                        \
    GEMM_LT_REAL(cublasLt##OBJ##SetAttribute);                                 \
    GEMM_LT_SITE(O, A, Buf, Size);                                             \
    return lt::setAttribute<gemm::rules::lt::Object::KIND>(Site, Real, O, A,   \
                                                           Buf, Size);         \
  }                                                                            \
  GEMM_EXPORT cublasStatus_t cublasLt##OBJ##GetAttribute(                      \
      HANDLE O, ATTR A, void *Buf, size_t Size, size_t *W) {                   \
    GEMM_LT_REAL(cublasLt##OBJ##GetAttribute);                                 \
    GEMM_LT_SITE(O, A, Buf, Size, W);                                          \
    return lt::getAttribute<gemm::rules::lt::Object::KIND>(Site, Real, O, A,   \
                                                           Buf, Size, W);      \
  }
GEMM_LT_PRELOAD_OBJECT(MatmulDesc, cublasLtMatmulDesc_t,
                       cublasLtMatmulDescAttributes_t, MatmulDesc)
GEMM_LT_PRELOAD_OBJECT(MatrixLayout, cublasLtMatrixLayout_t,
                       cublasLtMatrixLayoutAttribute_t, MatrixLayout)
GEMM_LT_PRELOAD_OBJECT(MatmulPreference, cublasLtMatmulPreference_t,
                       cublasLtMatmulPreferenceAttributes_t, Preference)
GEMM_LT_PRELOAD_OBJECT(MatrixTransformDesc, cublasLtMatrixTransformDesc_t,
                       cublasLtMatrixTransformDescAttributes_t, TransformDesc)
GEMM_LT_PRELOAD_OBJECT(EmulationDesc, cublasLtEmulationDesc_t,
                       cublasLtEmulationDescAttributes_t, EmulationDesc)

GEMM_EXPORT cublasStatus_t cublasLtMatmulAlgoConfigSetAttribute(
    cublasLtMatmulAlgo_t *Algo, cublasLtMatmulAlgoConfigAttributes_t A,
    const void *Buf, size_t Size) {
  GEMM_LT_REAL(cublasLtMatmulAlgoConfigSetAttribute);
  GEMM_LT_SITE(Algo, A, Buf, Size);
  return lt::setAttribute<gemm::rules::lt::Object::AlgoConfig>(Site, Real, Algo, A,
                                                               Buf, Size);
}

GEMM_EXPORT cublasStatus_t cublasLtMatmulAlgoConfigGetAttribute(
    const cublasLtMatmulAlgo_t *Algo, cublasLtMatmulAlgoConfigAttributes_t A,
    void *Buf, size_t Size, size_t *W) {
  GEMM_LT_REAL(cublasLtMatmulAlgoConfigGetAttribute);
  GEMM_LT_SITE(Algo, A, Buf, Size, W);
  return lt::getAttribute<gemm::rules::lt::Object::AlgoConfig>(Site, Real, Algo, A,
                                                               Buf, Size, W);
}

GEMM_EXPORT cublasStatus_t cublasLtMatmulAlgoGetIds(
    cublasLtHandle_t H, cublasComputeType_t Compute, cudaDataType_t Scale,
    cudaDataType_t At, cudaDataType_t Bt, cudaDataType_t Ct, cudaDataType_t Dt,
    int Requested, int Ids[], int *Returned) {
  GEMM_LT_REAL(cublasLtMatmulAlgoGetIds);
  GEMM_LT_SITE(H, Compute, Scale, At, Bt, Ct, Dt, Requested, Ids, Returned);
  return lt::algoGetIds(Site, Real, H, Compute, Scale, At, Bt, Ct, Dt, Requested,
                        Ids, Returned);
}

GEMM_EXPORT cublasStatus_t cublasLtMatmulAlgoInit(
    cublasLtHandle_t H, cublasComputeType_t Compute, cudaDataType_t Scale,
    cudaDataType_t At, cudaDataType_t Bt, cudaDataType_t Ct, cudaDataType_t Dt,
    int AlgoId, cublasLtMatmulAlgo_t *Algo) {
  GEMM_LT_REAL(cublasLtMatmulAlgoInit);
  GEMM_LT_SITE(H, Compute, Scale, At, Bt, Ct, Dt, AlgoId, Algo);
  return lt::algoInit(Site, Real, H, Compute, Scale, At, Bt, Ct, Dt, AlgoId, Algo);
}

GEMM_EXPORT cublasStatus_t cublasLtMatrixTransform(
    cublasLtHandle_t H, cublasLtMatrixTransformDesc_t Desc, const void *Alpha,
    const void *A, cublasLtMatrixLayout_t Adesc, const void *Beta, const void *B,
    cublasLtMatrixLayout_t Bdesc, void *C, cublasLtMatrixLayout_t Cdesc,
    cudaStream_t Stream) {
  GEMM_LT_REAL(cublasLtMatrixTransform);
  GEMM_LT_SITE(H, Desc, Alpha, A, Adesc, Beta, B, Bdesc, C, Cdesc, Stream);
  return lt::matrixTransform(Site, Real, H, Desc, Alpha, A, Adesc, Beta, B, Bdesc,
                             C, Cdesc, Stream);
}

GEMM_EXPORT cublasStatus_t cublasLtMatmulAlgoCheck(
    cublasLtHandle_t H, cublasLtMatmulDesc_t Op, cublasLtMatrixLayout_t A,
    cublasLtMatrixLayout_t B, cublasLtMatrixLayout_t C, cublasLtMatrixLayout_t D,
    const cublasLtMatmulAlgo_t *Algo, cublasLtMatmulHeuristicResult_t *R) {
  GEMM_LT_REAL(cublasLtMatmulAlgoCheck);
  GEMM_LT_SITE(H, Op, A, B, C, D, Algo, R);
  return lt::algoCheck(Site, Real, H, Op, A, B, C, D, Algo, R);
}

GEMM_EXPORT cublasStatus_t cublasLtMatmulAlgoGetHeuristic(
    cublasLtHandle_t H, cublasLtMatmulDesc_t Op, cublasLtMatrixLayout_t A,
    cublasLtMatrixLayout_t B, cublasLtMatrixLayout_t C, cublasLtMatrixLayout_t D,
    cublasLtMatmulPreference_t P, int N, cublasLtMatmulHeuristicResult_t R[],
    int *Ret) {
  GEMM_LT_REAL(cublasLtMatmulAlgoGetHeuristic);
  GEMM_LT_SITE(H, Op, A, B, C, D, P, N, R, Ret);
  return lt::algoGetHeuristic(Site, Real, H, Op, A, B, C, D, P, N, R, Ret);
}

GEMM_EXPORT cublasStatus_t cublasLtMatmul(
    cublasLtHandle_t H, cublasLtMatmulDesc_t Op, const void *Alpha, const void *A,
    cublasLtMatrixLayout_t Adesc, const void *B, cublasLtMatrixLayout_t Bdesc,
    const void *Beta, const void *C, cublasLtMatrixLayout_t Cdesc, void *D,
    cublasLtMatrixLayout_t Ddesc, const cublasLtMatmulAlgo_t *Algo,
    void *Workspace, size_t WorkspaceSize, cudaStream_t Stream) {
  GEMM_LT_REAL(cublasLtMatmul);
  GEMM_LT_SITE(H, Op, Alpha, A, Adesc, B, Bdesc, Beta, C, Cdesc, D, Ddesc, Algo,
               Workspace, WorkspaceSize, Stream);
  return lt::matmul(Site, Real, H, Op, Alpha, A, Adesc, B, Bdesc, Beta, C,
                    Cdesc, D, Ddesc, Algo, Workspace, WorkspaceSize, Stream);
}
