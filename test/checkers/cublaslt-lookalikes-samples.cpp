// Valid look-alikes of NVIDIA's cuBLASLt samples (CUDALibrarySamples
// LtSgemm, LtHSHgemmStridedBatchSimple, LtFp8Matmul, LtNvfp4Matmul,
// LtIgemmTensor), written for this test: the same calls and argument forms,
// called with constant shapes so that every value is known. Every gemm-*
// check must stay silent on them; the mutated copies at the end are the
// mistakes the same code is one edit away from.
// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cublasLt.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp4.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

#define LT_CHECK(call)                                                         \
  do {                                                                         \
    cublasStatus_t status_ = (call);                                           \
    if (status_ != CUBLAS_STATUS_SUCCESS) {                                    \
      std::printf("cuBLASLt error %d at %s:%d\n", (int)status_, __FILE__,      \
                  __LINE__);                                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// fp32 GEMM with a heuristic query, as LtSgemm: D = C in place.
void sgemmLike(cublasLtHandle_t lt, cublasOperation_t opA, cublasOperation_t opB,
               int m, int n, int k, const float *alpha, const float *A, int lda,
               const float *B, int ldb, const float *beta, float *C, int ldc,
               void *workspace, size_t workspaceBytes) {
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t aL = nullptr, bL = nullptr, cL = nullptr;
  cublasLtMatmulPreference_t pref = nullptr;
  cublasLtMatmulHeuristicResult_t best = {};
  int found = 0;
  LT_CHECK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opA, sizeof(opA)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opB, sizeof(opB)));
  LT_CHECK(cublasLtMatrixLayoutCreate(&aL, CUDA_R_32F, opA == CUBLAS_OP_N ? m : k,
                                      opA == CUBLAS_OP_N ? k : m, lda));
  LT_CHECK(cublasLtMatrixLayoutCreate(&bL, CUDA_R_32F, opB == CUBLAS_OP_N ? k : n,
                                      opB == CUBLAS_OP_N ? n : k, ldb));
  LT_CHECK(cublasLtMatrixLayoutCreate(&cL, CUDA_R_32F, m, n, ldc));
  LT_CHECK(cublasLtMatmulPreferenceCreate(&pref));
  LT_CHECK(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                &workspaceBytes, sizeof(workspaceBytes)));
  LT_CHECK(cublasLtMatmulAlgoGetHeuristic(lt, op, aL, bL, cL, cL, pref, 1, &best, &found));
  if (found == 0)
    LT_CHECK(CUBLAS_STATUS_NOT_SUPPORTED);
  LT_CHECK(cublasLtMatmul(lt, op, alpha, A, aL, B, bL, beta, C, cL, C, cL, &best.algo,
                          workspace, workspaceBytes, 0));
  LT_CHECK(cublasLtMatmulPreferenceDestroy(pref));
  LT_CHECK(cublasLtMatrixLayoutDestroy(cL));
  LT_CHECK(cublasLtMatrixLayoutDestroy(bL));
  LT_CHECK(cublasLtMatrixLayoutDestroy(aL));
  LT_CHECK(cublasLtMatmulDescDestroy(op));
}

// Strided-batched fp16 with fp32 compute and no heuristic (algo NULL), as
// LtHSHgemmStridedBatchSimple: int64_t strides, an int batch count.
void hshStridedLike(cublasLtHandle_t lt, cublasOperation_t opA, cublasOperation_t opB,
                    int m, int n, int k, const float *alpha, const __half *A, int lda,
                    int64_t strideA, const __half *B, int ldb, int64_t strideB,
                    const float *beta, __half *C, int ldc, int64_t strideC, int batches,
                    void *workspace, size_t workspaceBytes) {
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t aL = nullptr, bL = nullptr, cL = nullptr;
  LT_CHECK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opA, sizeof(opA)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opB, sizeof(opB)));
  LT_CHECK(cublasLtMatrixLayoutCreate(&aL, CUDA_R_16F, opA == CUBLAS_OP_N ? m : k,
                                      opA == CUBLAS_OP_N ? k : m, lda));
  LT_CHECK(cublasLtMatrixLayoutSetAttribute(aL, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batches, sizeof(batches)));
  LT_CHECK(cublasLtMatrixLayoutSetAttribute(aL, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideA, sizeof(strideA)));
  LT_CHECK(cublasLtMatrixLayoutCreate(&bL, CUDA_R_16F, opB == CUBLAS_OP_N ? k : n,
                                      opB == CUBLAS_OP_N ? n : k, ldb));
  LT_CHECK(cublasLtMatrixLayoutSetAttribute(bL, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batches, sizeof(batches)));
  LT_CHECK(cublasLtMatrixLayoutSetAttribute(bL, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideB, sizeof(strideB)));
  LT_CHECK(cublasLtMatrixLayoutCreate(&cL, CUDA_R_16F, m, n, ldc));
  LT_CHECK(cublasLtMatrixLayoutSetAttribute(cL, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batches, sizeof(batches)));
  LT_CHECK(cublasLtMatrixLayoutSetAttribute(cL, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideC, sizeof(strideC)));
  LT_CHECK(cublasLtMatmul(lt, op, alpha, A, aL, B, bL, beta, C, cL, C, cL, nullptr, workspace,
                          workspaceBytes, 0));
  LT_CHECK(cublasLtMatrixLayoutDestroy(cL));
  LT_CHECK(cublasLtMatrixLayoutDestroy(bL));
  LT_CHECK(cublasLtMatrixLayoutDestroy(aL));
  LT_CHECK(cublasLtMatmulDescDestroy(op));
}

// FP8 TN with tensor-wide scales and amax, BF16 C, E4M3 D, as LtFp8Matmul. The
// C scale with a BF16 C is valid (docs/cublaslt.md, Look-alikes that are
// valid).
void fp8Like(cublasLtHandle_t lt, cublasOperation_t opA, cublasOperation_t opB, int m,
             int n, int k, const float *alpha, const float *aScale, const __nv_fp8_e4m3 *A,
             int lda, const float *bScale, const __nv_fp8_e4m3 *B, int ldb,
             const float *beta, const float *cScale, __nv_bfloat16 *C, int ldc,
             const float *dScale, __nv_fp8_e4m3 *D, int ldd, float *amaxD, void *workspace,
             size_t workspaceBytes) {
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t aL = nullptr, bL = nullptr, cL = nullptr, dL = nullptr;
  cublasLtMatmulPreference_t pref = nullptr;
  cublasLtMatmulHeuristicResult_t best = {};
  int found = 0;
  LT_CHECK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opA, sizeof(opA)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opB, sizeof(opB)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &aScale, sizeof(aScale)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &bScale, sizeof(bScale)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_C_SCALE_POINTER, &cScale, sizeof(cScale)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_D_SCALE_POINTER, &dScale, sizeof(dScale)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_AMAX_D_POINTER, &amaxD, sizeof(amaxD)));
  LT_CHECK(cublasLtMatrixLayoutCreate(&aL, CUDA_R_8F_E4M3, opA == CUBLAS_OP_N ? m : k,
                                      opA == CUBLAS_OP_N ? k : m, lda));
  LT_CHECK(cublasLtMatrixLayoutCreate(&bL, CUDA_R_8F_E4M3, opB == CUBLAS_OP_N ? k : n,
                                      opB == CUBLAS_OP_N ? n : k, ldb));
  LT_CHECK(cublasLtMatrixLayoutCreate(&cL, CUDA_R_16BF, m, n, ldc));
  LT_CHECK(cublasLtMatrixLayoutCreate(&dL, CUDA_R_8F_E4M3, m, n, ldd));
  LT_CHECK(cublasLtMatmulPreferenceCreate(&pref));
  LT_CHECK(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                &workspaceBytes, sizeof(workspaceBytes)));
  LT_CHECK(cublasLtMatmulAlgoGetHeuristic(lt, op, aL, bL, cL, dL, pref, 1, &best, &found));
  if (found == 0)
    LT_CHECK(CUBLAS_STATUS_NOT_SUPPORTED);
  LT_CHECK(cublasLtMatmul(lt, op, alpha, A, aL, B, bL, beta, C, cL, D, dL, &best.algo,
                          workspace, workspaceBytes, 0));
  LT_CHECK(cublasLtMatmulPreferenceDestroy(pref));
  LT_CHECK(cublasLtMatrixLayoutDestroy(dL));
  LT_CHECK(cublasLtMatrixLayoutDestroy(cL));
  LT_CHECK(cublasLtMatrixLayoutDestroy(bL));
  LT_CHECK(cublasLtMatrixLayoutDestroy(aL));
  LT_CHECK(cublasLtMatmulDescDestroy(op));
}

// NVFP4 TN with 16-element UE4M3 block scales, as LtNvfp4Matmul: the scale
// modes arrive as parameters of the enum type, the FP4 data as bytes.
void nvfp4Like(cublasLtHandle_t lt, cublasOperation_t opA, cublasOperation_t opB,
               int m, int n, int k, const float *alpha, const __nv_fp8_e4m3 *aScale,
               const uint8_t *A, int lda, const __nv_fp8_e4m3 *bScale, const uint8_t *B,
               int ldb, const float *beta, __nv_bfloat16 *C, int ldc, const float *dScale,
               uint8_t *D, int ldd, __nv_fp8_e4m3 *dOutScale, void *workspace,
               size_t workspaceBytes, cublasLtMatmulMatrixScale_t aMode,
               cublasLtMatmulMatrixScale_t bMode, cublasLtMatmulMatrixScale_t dMode,
               cublasLtMatmulMatrixScale_t dOutMode) {
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t aL = nullptr, bL = nullptr, cL = nullptr, dL = nullptr;
  cublasLtMatmulPreference_t pref = nullptr;
  cublasLtMatmulHeuristicResult_t best = {};
  int found = 0;
  LT_CHECK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opA, sizeof(opA)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opB, sizeof(opB)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &aMode, sizeof(aMode)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &bMode, sizeof(bMode)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_D_SCALE_MODE, &dMode, sizeof(dMode)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_D_OUT_SCALE_MODE, &dOutMode, sizeof(dOutMode)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &aScale, sizeof(aScale)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &bScale, sizeof(bScale)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_D_SCALE_POINTER, &dScale, sizeof(dScale)));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_D_OUT_SCALE_POINTER, &dOutScale, sizeof(dOutScale)));
  LT_CHECK(cublasLtMatrixLayoutCreate(&aL, CUDA_R_4F_E2M1, opA == CUBLAS_OP_N ? m : k,
                                      opA == CUBLAS_OP_N ? k : m, lda));
  LT_CHECK(cublasLtMatrixLayoutCreate(&bL, CUDA_R_4F_E2M1, opB == CUBLAS_OP_N ? k : n,
                                      opB == CUBLAS_OP_N ? n : k, ldb));
  LT_CHECK(cublasLtMatrixLayoutCreate(&cL, CUDA_R_16BF, m, n, ldc));
  LT_CHECK(cublasLtMatrixLayoutCreate(&dL, CUDA_R_4F_E2M1, m, n, ldd));
  LT_CHECK(cublasLtMatmulPreferenceCreate(&pref));
  LT_CHECK(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                &workspaceBytes, sizeof(workspaceBytes)));
  LT_CHECK(cublasLtMatmulAlgoGetHeuristic(lt, op, aL, bL, cL, dL, pref, 1, &best, &found));
  if (found == 0)
    LT_CHECK(CUBLAS_STATUS_NOT_SUPPORTED);
  LT_CHECK(cublasLtMatmul(lt, op, alpha, A, aL, B, bL, beta, C, cL, D, dL, &best.algo,
                          workspace, workspaceBytes, 0));
  LT_CHECK(cublasLtMatmulPreferenceDestroy(pref));
  LT_CHECK(cublasLtMatrixLayoutDestroy(dL));
  LT_CHECK(cublasLtMatrixLayoutDestroy(cL));
  LT_CHECK(cublasLtMatrixLayoutDestroy(bL));
  LT_CHECK(cublasLtMatrixLayoutDestroy(aL));
  LT_CHECK(cublasLtMatmulDescDestroy(op));
}

// int8 IMMA with the COL32 / COL4_4R2_8C orders, as LtIgemmTensor: the
// layouts are created with the order's ld (ld >= 32 * rows, not >= rows),
// then given the order.
int roundUp(int v, int to) { return (v + to - 1) / to * to; }

void immaLike(cublasLtHandle_t lt, int m, int n, int k, const int8_t *A, const int8_t *B,
              int32_t *C) {
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t aL = nullptr, bL = nullptr, cL = nullptr;
  int32_t alpha = 1, beta = 0;
  cublasOperation_t opT = CUBLAS_OP_T;
  cublasLtOrder_t col32 = CUBLASLT_ORDER_COL32;
  cublasLtOrder_t col4 = CUBLASLT_ORDER_COL4_4R2_8C;
  const int ldA = 32 * m, ldB = 32 * roundUp(n, 8), ldC = 32 * m;
  LT_CHECK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I));
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opT, sizeof(opT)));
  LT_CHECK(cublasLtMatrixLayoutCreate(&aL, CUDA_R_8I, m, k, ldA));
  LT_CHECK(cublasLtMatrixLayoutSetAttribute(aL, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32)));
  LT_CHECK(cublasLtMatrixLayoutCreate(&bL, CUDA_R_8I, n, k, ldB));
  LT_CHECK(cublasLtMatrixLayoutSetAttribute(bL, CUBLASLT_MATRIX_LAYOUT_ORDER, &col4, sizeof(col4)));
  LT_CHECK(cublasLtMatrixLayoutCreate(&cL, CUDA_R_32I, m, n, ldC));
  LT_CHECK(cublasLtMatrixLayoutSetAttribute(cL, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32)));
  LT_CHECK(cublasLtMatmul(lt, op, &alpha, A, aL, B, bL, &beta, C, cL, C, cL, nullptr, nullptr,
                          0, 0));
  LT_CHECK(cublasLtMatrixLayoutDestroy(cL));
  LT_CHECK(cublasLtMatrixLayoutDestroy(bL));
  LT_CHECK(cublasLtMatrixLayoutDestroy(aL));
  LT_CHECK(cublasLtMatmulDescDestroy(op));
}

// The samples' drivers: constant shapes, device buffers.
void runSamples(cublasLtHandle_t lt, void *workspace) {
  const size_t wsBytes = 32u << 20;
  const float one = 1.0f, zero = 0.0f;
  float *fA, *fB, *fC, *scales, *amax;
  cudaMalloc(&fA, 64 * 64 * sizeof(float));
  cudaMalloc(&fB, 64 * 64 * sizeof(float));
  cudaMalloc(&fC, 64 * 64 * sizeof(float));
  cudaMalloc(&scales, 4 * sizeof(float));
  cudaMalloc(&amax, sizeof(float));
  sgemmLike(lt, CUBLAS_OP_N, CUBLAS_OP_N, 64, 32, 16, &one, fA, 64, fB, 16, &zero, fC, 64,
            workspace, wsBytes);
  sgemmLike(lt, CUBLAS_OP_T, CUBLAS_OP_N, 64, 32, 16, &one, fA, 16, fB, 16, &zero, fC, 64,
            workspace, wsBytes);

  __half *hA, *hB, *hC;
  cudaMalloc(&hA, 4 * 64 * 64 * sizeof(__half));
  cudaMalloc(&hB, 4 * 64 * 64 * sizeof(__half));
  cudaMalloc(&hC, 4 * 64 * 64 * sizeof(__half));
  hshStridedLike(lt, CUBLAS_OP_N, CUBLAS_OP_N, 64, 32, 16, &one, hA, 64, 64 * 16, hB, 16,
                 16 * 32, &zero, hC, 64, 64 * 32, 4, workspace, wsBytes);

  __nv_fp8_e4m3 *qA, *qB, *qD;
  __nv_bfloat16 *bC;
  cudaMalloc(&qA, 64 * 64);
  cudaMalloc(&qB, 64 * 64);
  cudaMalloc(&qD, 64 * 64);
  cudaMalloc(&bC, 64 * 64 * sizeof(__nv_bfloat16));
  fp8Like(lt, CUBLAS_OP_T, CUBLAS_OP_N, 64, 32, 16, &one, scales, qA, 16, scales + 1, qB, 16,
          &zero, scales + 2, bC, 64, scales + 3, qD, 64, amax, workspace, wsBytes);

  uint8_t *pA, *pB, *pD;
  __nv_fp8_e4m3 *blockScales;
  cudaMalloc(&pA, 64 * 64 / 2);
  cudaMalloc(&pB, 64 * 64 / 2);
  cudaMalloc(&pD, 64 * 64 / 2);
  cudaMalloc(&blockScales, 3 * 4096);
  nvfp4Like(lt, CUBLAS_OP_T, CUBLAS_OP_N, 64, 32, 64, &one, blockScales, pA, 64,
            blockScales + 4096, pB, 64, &zero, bC, 64, scales, pD, 64, blockScales + 8192,
            workspace, wsBytes, CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3,
            CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3, CUBLASLT_MATMUL_MATRIX_SCALE_SCALAR_32F,
            CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3);

  int8_t *iA, *iB;
  int32_t *iC;
  cudaMalloc(&iA, 32 * 32);
  cudaMalloc(&iB, 32 * 32);
  cudaMalloc(&iC, 32 * 32 * sizeof(int32_t));
  immaLike(lt, 32, 32, 32, iA, iB, iC);
}

// ---- the mutated copies: what the checks find ------------------------------------

// LtHSHgemmStridedBatchSimple with `int` strides (CUDALibrarySamples#185).
void hshStridedIntStride(cublasLtMatrixLayout_t aL, int batches) {
  int strideA = 64 * 16;
  LT_CHECK(cublasLtMatrixLayoutSetAttribute(aL, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batches, sizeof(batches)));
  LT_CHECK(cublasLtMatrixLayoutSetAttribute(aL, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideA, sizeof(strideA)));
  // CHECK-MESSAGES: :[[@LINE-1]]:104: warning: 'sizeInBytes' (4) does not match 'CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET', which is int64_t (8 bytes); {{.*}} [gemm-attribute-encoding]
}

// LtFp8Matmul with the scale buffer itself for A's scale pointer.
void fp8ScaleNotAddress(cublasLtMatmulDesc_t op, const float *aScale) {
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, aScale, sizeof(aScale)));
  // CHECK-MESSAGES: :[[@LINE-1]]:85: warning: 'CUBLASLT_MATMUL_DESC_A_SCALE_POINTER' holds a pointer: 'buf' must be the address of a variable holding it, not the buffer itself [gemm-attribute-encoding]
}

// LtNvfp4Matmul with a block-scale mode that does not exist.
void nvfp4BadMode(cublasLtMatmulDesc_t op) {
  cublasLtMatmulMatrixScale_t aMode = (cublasLtMatmulMatrixScale_t)9;
  LT_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &aMode, sizeof(aMode)));
  // CHECK-MESSAGES: :[[@LINE-1]]:82: warning: 'CUBLASLT_MATMUL_DESC_A_SCALE_MODE' (9) is not a cublasLtMatmulMatrixScale_t [gemm-invalid-enum]
}

// LtIgemmTensor with a negative ld from a signed overflow of the order's ld.
void immaNegativeLd(cublasLtMatrixLayout_t *aL) {
  const int64_t ldA = 32 * int64_t(-64);
  LT_CHECK(cublasLtMatrixLayoutCreate(aL, CUDA_R_8I, 64, 32, ldA));
  // CHECK-MESSAGES: :[[@LINE-1]]:62: warning: 'CUBLASLT_MATRIX_LAYOUT_LD' (-2048) must not be negative [gemm-leading-dimension]
}
