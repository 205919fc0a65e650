// gemm/guard/lt_explicit.h - part of the gemm-tidy runtime guard for cuBLASLt:
// the explicit route: gemm::guard::lt::cublasLtMatmul(args...) and the
// other names, and the hooks a program installs.
//
// Included by gemm/lt_guard.h, in order, after the headers it includes;
// include gemm/lt_guard.h, not this file.

#ifndef GEMM_GUARD_LT_EXPLICIT_H
#define GEMM_GUARD_LT_EXPLICIT_H

namespace gemm {
namespace guard {
namespace lt {

inline void setHandler(LtHandler H) { detail::hookSlot<LtHandler>().store(H); }
inline void setDeviceInspector(DeviceInspector I) { detail::hookSlot<DeviceInspector>().store(I); }

// --- the explicit route -------------------------------------------------------------------
// gemm::guard::lt::cublasLtMatmul(args...) checks and calls cublasLtMatmul
// (linked directly), remembering the caller's file and line.

#define GEMM_LT_SITE const char *File = __builtin_FILE(), int Line = __builtin_LINE()
#define GEMM_LT_AT CallSite{File, Line}

inline cublasStatus_t cublasLtCreate(cublasLtHandle_t *H, GEMM_LT_SITE) {
  return detail::create(GEMM_LT_AT, &::cublasLtCreate, H);
}
inline cublasStatus_t cublasLtDestroy(cublasLtHandle_t H, GEMM_LT_SITE) {
  return detail::destroyHandle(GEMM_LT_AT, &::cublasLtDestroy, H);
}
inline cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *D,
                                               cublasComputeType_t C,
                                               cudaDataType_t S, GEMM_LT_SITE) {
  return detail::matmulDescCreate(GEMM_LT_AT, &::cublasLtMatmulDescCreate, D, C, S);
}
inline cublasStatus_t cublasLtMatmulDescInit(cublasLtMatmulDesc_t D,
                                             cublasComputeType_t C,
                                             cudaDataType_t S, GEMM_LT_SITE) {
  return detail::matmulDescInit(GEMM_LT_AT, "cublasLtMatmulDescInit",
                                &::cublasLtMatmulDescInit_internal, D,
                                sizeof(*D), C, S);
}
inline cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *L,
                                                 cudaDataType T, uint64_t R,
                                                 uint64_t C, int64_t Ld,
                                                 GEMM_LT_SITE) {
  return detail::matrixLayoutCreate(GEMM_LT_AT, &::cublasLtMatrixLayoutCreate, L,
                                    T, R, C, Ld);
}
inline cublasStatus_t cublasLtMatrixLayoutInit(cublasLtMatrixLayout_t L,
                                               cudaDataType T, uint64_t R,
                                               uint64_t C, int64_t Ld,
                                               GEMM_LT_SITE) {
  return detail::matrixLayoutInit(GEMM_LT_AT, "cublasLtMatrixLayoutInit",
                                  &::cublasLtMatrixLayoutInit_internal, L,
                                  sizeof(*L), T, R, C, Ld);
}
inline cublasStatus_t cublasLtMatrixTransformDescCreate(
    cublasLtMatrixTransformDesc_t *D, cudaDataType S, GEMM_LT_SITE) {
  return detail::transformDescCreate(GEMM_LT_AT, &::cublasLtMatrixTransformDescCreate,
                                     D, S);
}
inline cublasStatus_t cublasLtMatrixTransformDescInit(
    cublasLtMatrixTransformDesc_t D, cudaDataType S, GEMM_LT_SITE) {
  return detail::transformDescInit(
      GEMM_LT_AT, &::cublasLtMatrixTransformDescInit_internal, D, sizeof(*D), S);
}
// The Create and Init forms without arguments.
#define GEMM_LT_PLAIN_CREATE(OBJ, HANDLE, KIND)                                \
  inline cublasStatus_t cublasLt##OBJ##Create(HANDLE *O, GEMM_LT_SITE) {       \
    return detail::plainCreate<rl::Object::KIND>(                              \
        GEMM_LT_AT, &::cublasLt##OBJ##Create, O);                              \
  }                                                                            \
  inline cublasStatus_t cublasLt##OBJ##Init(HANDLE O, GEMM_LT_SITE) {          \
    return detail::plainInit<rl::Object::KIND>(                                \
        GEMM_LT_AT, &::cublasLt##OBJ##Init_internal, O, sizeof(*O));           \
  }
GEMM_LT_PLAIN_CREATE(MatmulPreference, cublasLtMatmulPreference_t, Preference)
GEMM_LT_PLAIN_CREATE(EmulationDesc, cublasLtEmulationDesc_t, EmulationDesc)
#undef GEMM_LT_PLAIN_CREATE
// Destroy, SetAttribute and GetAttribute of the three object kinds. The
// setter is a template so that the header sees what buf points to.
#define GEMM_LT_OBJECT_FUNCTIONS(OBJ, HANDLE, ATTR, KIND)                      \
  inline cublasStatus_t cublasLt##OBJ##Destroy(HANDLE O, GEMM_LT_SITE) {       \
    return detail::destroyObject(GEMM_LT_AT, &::cublasLt##OBJ##Destroy, O);    \
  }                                                                            \
  template <class B>                                                           \
  cublasStatus_t cublasLt##OBJ##SetAttribute(HANDLE O, ATTR A, const B *Buf,   \
                                             size_t Size, GEMM_LT_SITE) {      \
    return detail::setAttribute<rl::Object::KIND>(                             \
        GEMM_LT_AT, &::cublasLt##OBJ##SetAttribute, O, A, Buf, Size);          \
  }                                                                            \
  inline cublasStatus_t cublasLt##OBJ##SetAttribute(                           \
      HANDLE O, ATTR A, std::nullptr_t, size_t Size, GEMM_LT_SITE) {           \
    return detail::setAttribute<rl::Object::KIND>(                             \
        GEMM_LT_AT, &::cublasLt##OBJ##SetAttribute, O, A,                      \
        static_cast<const void *>(nullptr), Size);                             \
  }                                                                            \
  inline cublasStatus_t cublasLt##OBJ##GetAttribute(                           \
      HANDLE O, ATTR A, void *Buf, size_t Size, size_t *W, GEMM_LT_SITE) {     \
    return detail::getAttribute<rl::Object::KIND>(                             \
        GEMM_LT_AT, &::cublasLt##OBJ##GetAttribute, O, A, Buf, Size, W);       \
  }
GEMM_LT_OBJECT_FUNCTIONS(MatmulDesc, cublasLtMatmulDesc_t,
                         cublasLtMatmulDescAttributes_t, MatmulDesc)
GEMM_LT_OBJECT_FUNCTIONS(MatrixLayout, cublasLtMatrixLayout_t,
                         cublasLtMatrixLayoutAttribute_t, MatrixLayout)
GEMM_LT_OBJECT_FUNCTIONS(MatmulPreference, cublasLtMatmulPreference_t,
                         cublasLtMatmulPreferenceAttributes_t, Preference)
GEMM_LT_OBJECT_FUNCTIONS(MatrixTransformDesc, cublasLtMatrixTransformDesc_t,
                         cublasLtMatrixTransformDescAttributes_t, TransformDesc)
GEMM_LT_OBJECT_FUNCTIONS(EmulationDesc, cublasLtEmulationDesc_t,
                         cublasLtEmulationDescAttributes_t, EmulationDesc)
#undef GEMM_LT_OBJECT_FUNCTIONS

// An algo's configuration: the same attribute checks; the algo itself is
// the caller's structure, not followed.
template <class B>
cublasStatus_t cublasLtMatmulAlgoConfigSetAttribute(
    cublasLtMatmulAlgo_t *Algo, cublasLtMatmulAlgoConfigAttributes_t A,
    const B *Buf, size_t Size, GEMM_LT_SITE) {
  return detail::setAttribute<rl::Object::AlgoConfig>(
      GEMM_LT_AT, &::cublasLtMatmulAlgoConfigSetAttribute, Algo, A, Buf, Size);
}
inline cublasStatus_t cublasLtMatmulAlgoConfigSetAttribute(
    cublasLtMatmulAlgo_t *Algo, cublasLtMatmulAlgoConfigAttributes_t A,
    std::nullptr_t, size_t Size, GEMM_LT_SITE) {
  return detail::setAttribute<rl::Object::AlgoConfig>(
      GEMM_LT_AT, &::cublasLtMatmulAlgoConfigSetAttribute, Algo, A,
      static_cast<const void *>(nullptr), Size);
}
inline cublasStatus_t cublasLtMatmulAlgoConfigGetAttribute(
    const cublasLtMatmulAlgo_t *Algo, cublasLtMatmulAlgoConfigAttributes_t A,
    void *Buf, size_t Size, size_t *W, GEMM_LT_SITE) {
  return detail::getAttribute<rl::Object::AlgoConfig>(
      GEMM_LT_AT, &::cublasLtMatmulAlgoConfigGetAttribute, Algo, A, Buf, Size, W);
}
inline cublasStatus_t cublasLtMatmulAlgoGetIds(
    cublasLtHandle_t H, cublasComputeType_t Compute, cudaDataType_t Scale,
    cudaDataType_t At, cudaDataType_t Bt, cudaDataType_t Ct, cudaDataType_t Dt,
    int Requested, int Ids[], int *Returned, GEMM_LT_SITE) {
  return detail::algoGetIds(GEMM_LT_AT, &::cublasLtMatmulAlgoGetIds, H, Compute,
                            Scale, At, Bt, Ct, Dt, Requested, Ids, Returned);
}
inline cublasStatus_t cublasLtMatmulAlgoInit(
    cublasLtHandle_t H, cublasComputeType_t Compute, cudaDataType_t Scale,
    cudaDataType_t At, cudaDataType_t Bt, cudaDataType_t Ct, cudaDataType_t Dt,
    int AlgoId, cublasLtMatmulAlgo_t *Algo, GEMM_LT_SITE) {
  return detail::algoInit(GEMM_LT_AT, &::cublasLtMatmulAlgoInit, H, Compute, Scale,
                          At, Bt, Ct, Dt, AlgoId, Algo);
}
inline cublasStatus_t cublasLtMatrixTransform(
    cublasLtHandle_t H, cublasLtMatrixTransformDesc_t Desc, const void *Alpha,
    const void *A, cublasLtMatrixLayout_t Adesc, const void *Beta, const void *B,
    cublasLtMatrixLayout_t Bdesc, void *C, cublasLtMatrixLayout_t Cdesc,
    cudaStream_t Stream, GEMM_LT_SITE) {
  return detail::matrixTransform(GEMM_LT_AT, &::cublasLtMatrixTransform, H, Desc,
                                 Alpha, A, Adesc, Beta, B, Bdesc, C, Cdesc, Stream);
}
inline cublasStatus_t cublasLtMatmulAlgoCheck(
    cublasLtHandle_t H, cublasLtMatmulDesc_t Op, cublasLtMatrixLayout_t A,
    cublasLtMatrixLayout_t B, cublasLtMatrixLayout_t C, cublasLtMatrixLayout_t D,
    const cublasLtMatmulAlgo_t *Algo, cublasLtMatmulHeuristicResult_t *R,
    GEMM_LT_SITE) {
  return detail::algoCheck(GEMM_LT_AT, &::cublasLtMatmulAlgoCheck, H, Op, A, B,
                           C, D, Algo, R);
}

inline cublasStatus_t cublasLtMatmulAlgoGetHeuristic(
    cublasLtHandle_t H, cublasLtMatmulDesc_t Op, cublasLtMatrixLayout_t A,
    cublasLtMatrixLayout_t B, cublasLtMatrixLayout_t C, cublasLtMatrixLayout_t D,
    cublasLtMatmulPreference_t P, int N, cublasLtMatmulHeuristicResult_t R[],
    int *Ret, GEMM_LT_SITE) {
  return detail::algoGetHeuristic(GEMM_LT_AT, &::cublasLtMatmulAlgoGetHeuristic,
                                  H, Op, A, B, C, D, P, N,
                                  R, Ret);
}
template <class S1, class S2>
cublasStatus_t cublasLtMatmul(cublasLtHandle_t H, cublasLtMatmulDesc_t Op,
                              const S1 *Alpha, const void *A,
                              cublasLtMatrixLayout_t Adesc, const void *B,
                              cublasLtMatrixLayout_t Bdesc, const S2 *Beta,
                              const void *C, cublasLtMatrixLayout_t Cdesc, void *D,
                              cublasLtMatrixLayout_t Ddesc,
                              const cublasLtMatmulAlgo_t *Algo, void *Workspace,
                              size_t WorkspaceSize, cudaStream_t Stream,
                              GEMM_LT_SITE) {
  return detail::matmul(GEMM_LT_AT, &::cublasLtMatmul, H,
                        Op, Alpha, A, Adesc, B, Bdesc, Beta, C, Cdesc, D, Ddesc,
                        Algo, Workspace, WorkspaceSize, Stream);
}

#undef GEMM_LT_SITE
#undef GEMM_LT_AT

} // namespace lt
} // namespace guard
} // namespace gemm

#endif // GEMM_GUARD_LT_EXPLICIT_H
