// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- -I%S/../Inputs/lt-rules %gemm_cxx_flags
//
// One case per pointer-mode, batch-mode and remaining attribute rule of
// docs/cublaslt.md (Layouts, Pointer modes, Batching and other attributes):
// a setup that breaks exactly that rule, and its valid look-alike,
// which must stay silent.
#include "lt_rules_common.h"

// ---- positive -------------------------------------------------------------------

// LT-PTR-AVBS: ALPHA_VECTOR_BATCH_STRIDE must be 0 with ALPHA_DEVICE_VECTOR_BETA_ZERO.
void alphaStrideWithBetaZeroMode() {
  float *scalars;
  cudaMalloc(&scalars, 64 * sizeof(float));
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtPointerMode_t mode = CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof(mode));
  const int64_t alphaStride = 64;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE, &alphaStride, sizeof(alphaStride));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, scalars, A, a, B, b, nullptr, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE' (64) must be 0 with ALPHA_DEVICE_VECTOR_BETA_ZERO [gemm-scalar-pointer-mode]
}

// LT-PTR-BATCHMODE: POINTER_ARRAY batches take only the HOST and DEVICE pointer modes.
void deviceVectorWithPointerArrays() {
  float *scalars;
  cudaMalloc(&scalars, 128 * sizeof(float));
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtPointerMode_t mode = CUBLASLT_POINTER_MODE_DEVICE_VECTOR;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof(mode));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(c, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatmul(lt, op, scalars, A, a, B, b, scalars + 64, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_POINTER_MODE' must be HOST or DEVICE when a layout uses CUBLASLT_BATCH_MODE_POINTER_ARRAY [gemm-scalar-pointer-mode]
}

// LT-PTR-NULL: alpha is never NULL.
void nullAlpha() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, nullptr, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'alpha' must not be NULL [gemm-scalar-pointer-mode]
}

// LT-PTR-NULL: beta is NULL only with ALPHA_DEVICE_VECTOR_BETA_ZERO.
void nullBetaInHostMode() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, nullptr, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: 'beta' must not be NULL with CUBLASLT_POINTER_MODE_HOST (only ALPHA_DEVICE_VECTOR_BETA_ZERO ignores it) [gemm-scalar-pointer-mode]
}

// LT-SCALE-PTRARRAY: POINTER_ARRAY batches take only tensorwide scales.
void blockScalesWithPointerArrays() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &vec32, sizeof(vec32));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &vec32, sizeof(vec32));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(c, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_A_SCALE_MODE' must be SCALAR_32F when a layout uses CUBLASLT_BATCH_MODE_POINTER_ARRAY [gemm-narrow-precision]
  // CHECK-MESSAGES: :[[@LINE-2]]:22: warning: 'CUBLASLT_MATMUL_DESC_B_SCALE_MODE' must be SCALAR_32F when a layout uses CUBLASLT_BATCH_MODE_POINTER_ARRAY [gemm-narrow-precision]
}

// LT-MISC-FILL: FILL_MODE other than FULL is not for bf16 or FP8 data.
void triangularBf16() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasFillMode_t fill = CUBLAS_FILL_MODE_LOWER;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_FILL_MODE, &fill, sizeof(fill));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16BF, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16BF, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_FILL_MODE' other than CUBLAS_FILL_MODE_FULL is not supported for bfloat16 or FP8 data [gemm-invalid-enum]
}

// LT-LD-HERM: CUBLAS_OP_C with ORDER_ROW needs ORDER_ROW on all four matrices.
void hermitianRowAOnly() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_C_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opC, sizeof(opC));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_C_32F, 32, 64, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_C_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_C_32F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_C_32F, 64, 16, 64);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_ORDER, &rowOrder, sizeof(rowOrder));
  cublasLtMatmul(lt, op, &calpha, A, a, B, b, &cbeta, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: CUBLAS_OP_C with CUBLASLT_ORDER_ROW is supported only when A, B, C and D all use CUBLASLT_ORDER_ROW [gemm-leading-dimension]
}

// LT-LD-PLANE / LT-MISC-PLANAR: CUDA_C_16F is a row of the planar-complex table
// only; without PLANE_OFFSET it is unlisted.
void complexHalfWithoutPlanes() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_C_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_C_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_C_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_C_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_C_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &calpha, A, a, B, b, &cbeta, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: unsupported type combination for cublasLtMatmul: computeType CUBLAS_COMPUTE_32F, scaleType CUDA_C_32F, A CUDA_C_16F, B CUDA_C_16F, C CUDA_C_16F, D CUDA_C_16F [gemm-type-combination]
}

// LT-OBJ-XFORM: cublasLtMatrixTransform reads a matrix whose layout is NULL.
void transformWithoutLayout(cublasLtMatrixTransformDesc_t xform) {
  float *a, *c;
  cudaMalloc(&a, 64 * 32 * sizeof(float));
  cudaMalloc(&c, 64 * 32 * sizeof(float));
  cublasLtMatrixLayout_t cl;
  cublasLtMatrixLayoutCreate(&cl, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixTransform(lt, xform, &one, a, nullptr, &zero, nullptr, nullptr, c, cl, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: 'A' is not NULL but 'Adesc' is NULL: cuBLASLt needs the layout of every matrix it reads or writes and returns CUBLAS_STATUS_INVALID_VALUE [gemm-invalid-enum]
}

// LT-ALGO-INIT: cublasLtMatmulAlgoGetIds asked for no ids.
void noAlgoIdsRequested() {
  int ids[8];
  int found = 0;
  const int requested = 0;
  cublasLtMatmulAlgoGetIds(lt, CUBLAS_COMPUTE_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, requested, ids, &found);
  // CHECK-MESSAGES: :[[@LINE-1]]:112: warning: 'requestedAlgoCount' (0) must be at least 1 [gemm-invalid-size]
  // CHECK-NOTES: :[[@LINE-3]]:25: note: 'requestedAlgoCount' is 0, the value of 'requested'
}

// LT-ALGO-INIT: cublasLtMatmulAlgoInit has nowhere to write the algo.
void algoInitWithoutAlgo(int id) {
  cublasLtMatmulAlgoInit(lt, CUBLAS_COMPUTE_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, id, nullptr);
  // CHECK-MESSAGES: :[[@LINE-1]]:114: warning: 'algo' must not be NULL: cublasLtMatmulAlgoInit writes the algo there [gemm-invalid-enum]
}

// ---- negative -------------------------------------------------------------------

// ALPHA_DEVICE_VECTOR_BETA_ZERO without a batch stride, beta = NULL.
void alphaVectorWithBetaZero() {
  float *scalars;
  cudaMalloc(&scalars, 64 * sizeof(float));
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtPointerMode_t mode = CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof(mode));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, scalars, A, a, B, b, nullptr, C, c, D, d, nullptr, workspace, 0, 0);
}

// POINTER_ARRAY batches with DEVICE scalars.
void deviceModeWithPointerArrays() {
  float *scalars;
  cudaMalloc(&scalars, 2 * sizeof(float));
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtPointerMode_t mode = CUBLASLT_POINTER_MODE_DEVICE;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof(mode));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(c, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatmul(lt, op, scalars, A, a, B, b, scalars + 1, C, c, D, d, nullptr, workspace, 0, 0);
}

// POINTER_ARRAY batches of FP8 with tensorwide scales.
void tensorwideScalesWithPointerArrays() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(c, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// LOWER fill on fp32 data; the Hopper/Blackwell part needs a known target.
void triangularFloat() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasFillMode_t fill = CUBLAS_FILL_MODE_LOWER;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_FILL_MODE, &fill, sizeof(fill));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// CUBLAS_OP_C with ORDER_ROW on all four matrices (ld = the columns).
void hermitianAllRow() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_C_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opC, sizeof(opC));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_C_32F, 32, 64, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_C_32F, 32, 16, 16);
  cublasLtMatrixLayoutCreate(&c, CUDA_C_32F, 64, 16, 16);
  cublasLtMatrixLayoutCreate(&d, CUDA_C_32F, 64, 16, 16);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_ORDER, &rowOrder, sizeof(rowOrder));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_ORDER, &rowOrder, sizeof(rowOrder));
  cublasLtMatrixLayoutSetAttribute(c, CUBLASLT_MATRIX_LAYOUT_ORDER, &rowOrder, sizeof(rowOrder));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_ORDER, &rowOrder, sizeof(rowOrder));
  cublasLtMatmul(lt, op, &calpha, A, a, B, b, &cbeta, C, c, D, d, nullptr, workspace, 0, 0);
}

// CUDA_C_16F in planar layouts (PLANE_OFFSET set on every matrix).
void complexHalfPlanar() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_C_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_C_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_C_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_C_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_C_16F, 64, 16, 64);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET, &planeOffset, sizeof(planeOffset));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET, &planeOffset, sizeof(planeOffset));
  cublasLtMatrixLayoutSetAttribute(c, CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET, &planeOffset, sizeof(planeOffset));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET, &planeOffset, sizeof(planeOffset));
  cublasLtMatmul(lt, op, &calpha, A, a, B, b, &cbeta, C, c, D, d, nullptr, workspace, 0, 0);
}

// cublasLtMatrixTransform with B and Bdesc both NULL (C = alpha * op(A)).
void transformWithoutB(cublasLtMatrixTransformDesc_t xform) {
  float *a, *c;
  cudaMalloc(&a, 64 * 32 * sizeof(float));
  cudaMalloc(&c, 64 * 32 * sizeof(float));
  cublasLtMatrixLayout_t al, cl;
  cublasLtMatrixLayoutCreate(&al, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&cl, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixTransform(lt, xform, &one, a, al, &zero, nullptr, nullptr, c, cl, 0);
}

// cublasLtMatmulAlgoGetIds for 8 ids, and cublasLtMatmulAlgoInit of the first.
void algoIdsAndInit() {
  int ids[8];
  int found = 0;
  cublasLtMatmulAlgoGetIds(lt, CUBLAS_COMPUTE_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, 8, ids, &found);
  cublasLtMatmulAlgo_t algo;
  cublasLtMatmulAlgoInit(lt, CUBLAS_COMPUTE_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, ids[0], &algo);
}

// ---- skipped: not proven ------------------------------------------------------------

// The count and the algo come from the caller.
void algoSetupFromCaller(int requested, int *ids, int *found, cublasLtMatmulAlgo_t *algo) {
  cublasLtMatmulAlgoGetIds(lt, CUBLAS_COMPUTE_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, requested, ids, found);
  cublasLtMatmulAlgoInit(lt, CUBLAS_COMPUTE_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, ids[0], algo);
}

// A NULL Adesc with an A from elsewhere (it may be NULL too).
void transformUnknownMatrix(cublasLtMatrixTransformDesc_t xform, const float *a,
                            float *c, cublasLtMatrixLayout_t cl) {
  cublasLtMatrixTransform(lt, xform, &one, a, nullptr, &zero, nullptr, nullptr, c, cl, 0);
}

// A is NULL on one path: not proven on every path.
void transformMatrixMaybeNull(cublasLtMatrixTransformDesc_t xform, bool useA,
                              float *c, cublasLtMatrixLayout_t cl) {
  float *a;
  cudaMalloc(&a, 64 * 32 * sizeof(float));
  const float *in = useA ? a : nullptr;
  cublasLtMatrixTransform(lt, xform, &one, in, nullptr, &zero, nullptr, nullptr, c, cl, 0);
}
