// Half-precision host code as projects write it: scales made with
// cuda_fp16.h's conversions and operators. Two mistakes, two valid calls.
#include <cublas_v2.h>
#include <cuda_fp16.h>

void hgemm(cublasHandle_t h, const __half *A, const __half *B, __half *C) {
  const __half alpha = __float2half(1.0f), beta = 0.0f;
  cublasHgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 32, 16, &alpha, A, 32, B, 16, &beta, C, 64);
  cublasHgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 32, 16, &alpha, A, 64, B, 16, &beta, C, 64);
}

void halfScales(cublasHandle_t h, const void *A, const void *B, void *C) {
  const __half one = __float2half_rn(1.0f), zero = __half(0);
  const __half two = one + one;
  const float fone = __half2float(one), fzero = 0;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 32, 16, &two, A, CUDA_R_16F, 64, B, CUDA_R_16F, 16,
               &zero, C, CUDA_R_16F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 32, 16, &fone, A, CUDA_R_16F, 64, B, CUDA_R_16F, 16,
               &fzero, C, CUDA_R_16F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}
