#pragma once
#include <cublas_v2.h>
inline void badSystem(cublasHandle_t h, const void *A, void *C, const float *s) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 4, 4, s, A, CUDA_R_32F, 8, A, CUDA_R_32F, 4, s, C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}
