// RUN: %check_gemm_tidy %s gemm-int8-alignment %t -- -- %gemm_cxx_flags

#include <cstdint>
#include <cublas_v2.h>
#include <cuda_runtime.h>

cublasHandle_t h;
const int8_t *A, *B;
int32_t *C;
const int32_t one = 1, zero = 0;

// ---- positive ------------------------------------------------------------------

void unpaddedInnerDimension() {
  const int k = 10; // bitsandbytes #969: NOT_SUPPORTED, C left as zeros
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 16, 16, k, &one, A, CUDA_R_8I, k, B, CUDA_R_8I, k, &zero, C, CUDA_R_32I, 16, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:76: warning: 'lda' (10) must be a multiple of 4 with CUBLAS_COMPUTE_32I [gemm-int8-alignment]
  // CHECK-MESSAGES: :[[@LINE-2]]:93: warning: 'ldb' (10) must be a multiple of 4 with CUBLAS_COMPUTE_32I [gemm-int8-alignment]
  // The legacy CUDA_R_32I compute type is CUBLAS_COMPUTE_32I too.
  int ld = 18;
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 16, 16, 16, &one, A, CUDA_R_8I, ld, B, CUDA_R_8I, 16, &zero, C, CUDA_R_32I, 16, CUDA_R_32I, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:77: warning: 'lda' (18) must be a multiple of 4 with CUBLAS_COMPUTE_32I [gemm-int8-alignment]
}

void offsetFromAnAlignedAllocation() {
  int8_t *dA;
  cudaMalloc(&dA, 4096); // 256-byte aligned
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 16, 16, 16, &one, dA + 2, CUDA_R_8I, 16, dA, CUDA_R_8I, 16, &zero, C, CUDA_R_32I, 16, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:63: warning: 'A' is 2 bytes past a 4-byte boundary; CUBLAS_COMPUTE_32I needs it 4-byte aligned [gemm-int8-alignment]
  // An offset of whole 4-byte steps is fine.
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 16, 16, 16, &one, dA + 256, CUDA_R_8I, 16, dA, CUDA_R_8I, 16, &zero, C, CUDA_R_32I, 16, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
}

// ---- negative ------------------------------------------------------------------

void paddedOrNotInt8Compute(const float *fA, float *fC) {
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 16, 16, 12, &one, A, CUDA_R_8I, 12, B, CUDA_R_8I, 16, &zero, C, CUDA_R_32I, 16, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
  // int8 inputs with float output and COMPUTE_32F: no multiple-of-4 rule.
  const float fone = 1, fzero = 0;
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 16, 16, 10, &fone, A, CUDA_R_8I, 10, B, CUDA_R_8I, 10, &fzero, fC, CUDA_R_32F, 16, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

// ---- skipped on purpose ------------------------------------------------------------

void runtimeLeadingDimensions(int lda, cublasComputeType_t compute) {
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 16, 16, 16, &one, A, CUDA_R_8I, lda, B, CUDA_R_8I, 16, &zero, C, CUDA_R_32I, 16, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 16, 16, 16, &one, A, CUDA_R_8I, 18, B, CUDA_R_8I, 16, &zero, C, CUDA_R_32I, 16, compute, CUBLAS_GEMM_DEFAULT);
}
