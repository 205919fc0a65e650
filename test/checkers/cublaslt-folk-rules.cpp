// The folk rules of cuBLASLt that are wrong (docs/cublaslt.md, Look-alikes that
// are valid): each function is a valid setup a naive checker would flag, and
// every gemm-* check must stay silent on it. The mutated copies at the end
// break the setups for real, where the setter and Create checks can tell.
// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags

#include <cstdint>
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

void *workspace;
const size_t kWorkspace = 1 << 22;

// "ld must be >= rows": only for ORDER_COL. A row-major A (64 x 32, ld 32),
// COL32 C (ld 32 * rows), and an out-of-place C of ld 0 broadcasting a row.
void ldFolkRule(cublasLtHandle_t lt, const float *A, const float *B, const float *bias,
                float *D) {
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t aL, bL, cL, dL;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&aL, CUDA_R_32F, 64, 32, 32);
  cublasLtOrder_t row = CUBLASLT_ORDER_ROW;
  cublasLtMatrixLayoutSetAttribute(aL, CUBLASLT_MATRIX_LAYOUT_ORDER, &row, sizeof(row));
  cublasLtMatrixLayoutCreate(&bL, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&cL, CUDA_R_32F, 64, 16, 0); // every column is `bias`
  cublasLtMatrixLayoutCreate(&dL, CUDA_R_32F, 64, 16, 64);
  const float one = 1.0f;
  cublasLtMatmul(lt, op, &one, A, aL, B, bL, &one, bias, cL, D, dL, nullptr, workspace,
                 kWorkspace, 0);
}

void col32FolkRule(cublasLtMatrixLayout_t *L) {
  const int rows = 32, cols = 64;
  cublasLtMatrixLayoutCreate(L, CUDA_R_8I, rows, cols, 32 * rows);
  const int32_t col32 = CUBLASLT_ORDER_COL32;
  cublasLtMatrixLayoutSetAttribute(*L, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
}

// "C and D must have the same type": not for FP8 D (C is FP16 here).
// "FP8 must be TN": only on 8.9/9.0/12.x, not on 10.x; with no target
// architecture known the layout is not an error (NN here).
void fp8FolkRules(cublasLtHandle_t lt, const __nv_fp8_e4m3 *A, const __nv_fp8_e4m3 *B,
                  const __half *C, __nv_fp8_e4m3 *D, const float *scales) {
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t aL, bL, cL, dL;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const float *aScale = scales, *bScale = scales + 1, *dScale = scales + 2;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &aScale, sizeof(aScale));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &bScale, sizeof(bScale));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_D_SCALE_POINTER, &dScale, sizeof(dScale));
  cublasLtMatrixLayoutCreate(&aL, CUDA_R_8F_E4M3, 64, 64, 64);
  cublasLtMatrixLayoutCreate(&bL, CUDA_R_8F_E4M3, 64, 64, 64);
  cublasLtMatrixLayoutCreate(&cL, CUDA_R_16F, 64, 64, 64);
  cublasLtMatrixLayoutCreate(&dL, CUDA_R_8F_E4M3, 64, 64, 64);
  const float one = 1.0f, zero = 0.0f;
  cublasLtMatmul(lt, op, &one, A, aL, B, bL, &zero, C, cL, D, dL, nullptr, workspace,
                 kWorkspace, 0);
}

// "alpha must be a host pointer": not in DEVICE pointer mode.
// "algo must not be NULL": NULL runs an implicit heuristic query.
void devicePointerMode(cublasLtHandle_t lt, const float *A, const float *B, float *C) {
  float *dAlphaBeta;
  cudaMalloc(&dAlphaBeta, 2 * sizeof(float));
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtPointerMode_t mode = CUBLASLT_POINTER_MODE_DEVICE;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof(mode));
  cublasLtMatrixLayout_t L;
  cublasLtMatrixLayoutCreate(&L, CUDA_R_32F, 32, 32, 32);
  cublasLtMatmul(lt, op, dAlphaBeta, A, L, B, L, dAlphaBeta + 1, C, L, C, L, nullptr,
                 workspace, kWorkspace, 0);
}

// "sizeof(x) must name the same variable as &x": only the size matters
// (CUDALibrarySamples#55).
void sizeofOtherVariable(cublasLtMatmulDesc_t op) {
  cublasOperation_t transa = CUBLAS_OP_T, transb = CUBLAS_OP_N;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &transa, sizeof(transa));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &transb, sizeof(transa));
  int64_t batchStride = 0, auxLd = 64;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &auxLd, sizeof(batchStride));
}

// "a cublasHandle_t is not a cublasLtHandle_t": a cast is allowed.
void handleCast(cublasHandle_t h, const __half *A, const __half *B, __half *C) {
  cublasLtHandle_t lt = reinterpret_cast<cublasLtHandle_t>(h);
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t L;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&L, CUDA_R_16F, 64, 64, 64);
  // "COMPUTE_16F needs fp16 alpha": with COMPUTE_32F and fp16 data the scale
  // type is R_32F, so alpha and beta are float.
  const float alpha = 1.0f, beta = 0.0f;
  cublasLtMatmul(lt, op, &alpha, A, L, B, L, &beta, C, L, C, L, nullptr, workspace,
                 kWorkspace, 0);
}

// "scales are only for FP8 tensors": a BF16 C may carry a tensor-wide scale.
void bf16CScale(cublasLtMatmulDesc_t op, const float *cScale) {
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_C_SCALE_POINTER, &cScale, sizeof(cScale));
}

// ---- the mutated copies ------------------------------------------------------------

// The row-major idiom with an order that does not exist.
void ldFolkRuleBadOrder(cublasLtMatrixLayout_t aL) {
  cublasLtOrder_t row = (cublasLtOrder_t)5;
  cublasLtMatrixLayoutSetAttribute(aL, CUBLASLT_MATRIX_LAYOUT_ORDER, &row, sizeof(row));
  // CHECK-MESSAGES: :[[@LINE-1]]:70: warning: 'CUBLASLT_MATRIX_LAYOUT_ORDER' (5) is not a cublasLtOrder_t [gemm-invalid-enum]
}

// sizeof of another variable of another type: the size is wrong.
void sizeofOtherType(cublasLtMatmulDesc_t op) {
  cublasOperation_t transb = CUBLAS_OP_N;
  int64_t batchStride = 0;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &transb, sizeof(batchStride));
  // CHECK-MESSAGES: :[[@LINE-1]]:76: warning: 'sizeInBytes' (8) does not match 'CUBLASLT_MATMUL_DESC_TRANSB', which is int32_t (4 bytes); {{.*}} [gemm-attribute-encoding]
}

// The device pointer mode spelled as a value cuBLASLt does not have.
void badPointerMode(cublasLtMatmulDesc_t op) {
  const int32_t mode = 5;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof(mode));
  // CHECK-MESSAGES: :[[@LINE-1]]:73: warning: 'CUBLASLT_MATMUL_DESC_POINTER_MODE' (5) is not a cublasLtPointerMode_t [gemm-invalid-enum]
}

// The C scale given the scale buffer itself.
void bf16CScaleNotAddress(cublasLtMatmulDesc_t op, const float *cScale) {
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_C_SCALE_POINTER, cScale, sizeof(cScale));
  // CHECK-MESSAGES: :[[@LINE-1]]:76: warning: 'CUBLASLT_MATMUL_DESC_C_SCALE_POINTER' holds a pointer: {{.*}} [gemm-attribute-encoding]
}
