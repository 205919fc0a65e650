// A program that compiles warning-free under every warning flag of
// guard-warnings.test, calling the guarded GEMM and cuBLASLt entry points in
// their common forms: with the guard headers -included it must stay so.
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cstdint>
#include <cstdio>

static void gemms(cublasHandle_t h, float *f, __half *x, double *d) {
  const float one = 1, zero = 0;
  const double done = 1, dzero = 0;
  const __half hone = __float2half(1.0f), hzero = __float2half(0.0f);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, 64, 32, 16, &one, f, 64, f, 32, &zero, f, 64);
  cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &done, d, 8, d, 8, &dzero, d, 8);
  cublasHgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &hone, x, 8, x, 8, &hzero, x, 8);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 32, 16, &one, x, CUDA_R_16F, 64, x, CUDA_R_16F, 16,
               &zero, f, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  cublasGemmStridedBatchedEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 16, 16, 16, &one, x, CUDA_R_16F, 16, 256,
                             x, CUDA_R_16F, 16, 256, &zero, f, CUDA_R_32F, 16, 256, 4,
                             CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  const void *As[2] = {x, x};
  void *Cs[2] = {f, f};
  cublasGemmBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, As, CUDA_R_16F, 8, As, CUDA_R_16F, 8,
                      &zero, Cs, CUDA_R_32F, 8, 2, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  const int64_t m = 64, n = 32, k = 16;
  cublasSgemm_64(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, f, m, f, k, &zero, f, m);
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, f, 8, 64, f, 8, 64, &zero, f, 8,
                            64, 2);
}

static void matmul(cublasLtHandle_t lt, void *dev) {
  const float one = 1, zero = 0;
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t A = nullptr, B = nullptr, C = nullptr;
  cublasLtMatmulPreference_t pref = nullptr;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasOperation_t t = CUBLAS_OP_T;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof(t));
  cublasLtMatrixLayoutCreate(&A, CUDA_R_16F, 16, 64, 16);
  cublasLtMatrixLayoutCreate(&B, CUDA_R_16F, 16, 32, 16);
  cublasLtMatrixLayoutCreate(&C, CUDA_R_16F, 64, 32, 64);
  const int batch = 2;
  cublasLtMatrixLayoutSetAttribute(C, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof(batch));
  cublasLtMatmulPreferenceCreate(&pref);
  const uint64_t ws = 1 << 20;
  cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof(ws));
  cublasLtMatmulHeuristicResult_t result = {};
  int found = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, op, A, B, C, C, pref, 1, &result, &found);
  cublasLtMatmul(lt, op, &one, dev, A, dev, B, &zero, dev, C, dev, C, found ? &result.algo : nullptr,
                 nullptr, 0, nullptr);
  cublasLtMatmulPreferenceDestroy(pref);
  cublasLtMatrixLayoutDestroy(C);
  cublasLtMatrixLayoutDestroy(B);
  cublasLtMatrixLayoutDestroy(A);
  cublasLtMatmulDescDestroy(op);
}

int main() {
  cublasHandle_t h = nullptr;
  cublasLtHandle_t lt = nullptr;
  std::printf("%d %d\n", static_cast<int>(cublasCreate(&h)), static_cast<int>(cublasLtCreate(&lt)));
  gemms(h, nullptr, nullptr, nullptr);
  matmul(lt, nullptr);
  return 0;
}
