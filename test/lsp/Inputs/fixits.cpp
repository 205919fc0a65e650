// Opened by gemm-clangd-details.test; line and column numbers matter.
#include <cublas_v2.h>
#include <cstdio>

#define CUBLAS_CHECK(call) do { cublasStatus_t s_ = (call); if (s_ != CUBLAS_STATUS_SUCCESS) std::printf("cuBLAS error %d\n", (int)s_); } while (0)

void gemms(cublasHandle_t h, const float *A, const float *B, float *C, const float *s, const void *X, void *Y) {
  const int lda = 256;
  CUBLAS_CHECK(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 512, 128, 256, s, A, lda, B, 256, s, C, 512));
  cublasSgemm(h, CUBLAS_OP_CONJG, CUBLAS_OP_N, 512, 128, 256, s, A, 256, B, 256, s, C, 512);
  CUBLAS_CHECK(cublasGemmEx_64(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, s, X, CUDA_R_32F, 4, X, CUDA_R_32F, 4, s, Y, CUDA_R_32F, 4, (cublasComputeType_t)CUDA_R_32F, CUBLAS_GEMM_DEFAULT));
}

void mathMode(const float *A, float *C, const float *s) {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetMathMode(h, CUBLAS_TENSOR_OP_MATH);
  CUBLAS_CHECK(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, s, A, 8, A, 8, s, C, 8));
}
