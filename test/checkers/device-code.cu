// CUDA files parse on the host side; calls in device code (the deprecated
// device cuBLAS API) are not checked, calls in host code are.
// REQUIRES: cuda-mode
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cuda_flags

#include <cublas_v2.h>

// A device-side overload, as the old device cuBLAS API declared.
__device__ cublasStatus_t cublasGemmEx(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void *, const void *, cudaDataType, int, const void *, cudaDataType, int, const void *, void *, cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t);

__device__ void onDevice(cublasHandle_t h, const void *A, void *C, const float *s) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 4, 4, s, A, CUDA_R_32F, 8, A, CUDA_R_32F, 4, s, C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

__global__ void kernel(cublasHandle_t h, const void *A, void *C, const float *s) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 4, 4, s, A, CUDA_R_32F, 8, A, CUDA_R_32F, 4, s, C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

// A lambda in a kernel is device code too.
__global__ void kernelWithLambda(cublasHandle_t h, const void *A, void *C, const float *s) {
  auto run = [&] {
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 4, 4, s, A, CUDA_R_32F, 8, A, CUDA_R_32F, 4, s, C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  };
  run();
}

__host__ __device__ void both(cublasHandle_t h, const void *A, void *C, const float *s) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 4, 4, s, A, CUDA_R_32F, 8, A, CUDA_R_32F, 4, s, C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:73: warning: 'lda' (8) must be at least max(1, m) = 64
}

void onHost(cublasHandle_t h, const void *A, void *C, const float *s) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 4, 4, s, A, CUDA_R_32F, 8, A, CUDA_R_32F, 4, s, C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:73: warning: 'lda' (8) must be at least max(1, m) = 64
}
