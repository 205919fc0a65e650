// RUN: %check_gemm_tidy %s gemm-buffer-type %t -- -- %gemm_cxx_flags

#include <cstdint>
#include <cublas_v2.h>
#include <cuda_runtime.h>

cublasHandle_t h;
const float *alpha, *beta;

// ---- positive ------------------------------------------------------------------

void floatDataDeclaredHalf(const float *A, const float *B, float *C) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, A, CUDA_R_16F, 8, B, CUDA_R_16F, 8, beta, C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'A' points to 'float' but 'Atype' is CUDA_R_16F ('__half') [gemm-buffer-type]
  // CHECK-MESSAGES: :[[@LINE-2]]:79: warning: 'B' points to 'float' but 'Btype' is CUDA_R_16F ('__half') [gemm-buffer-type]
}

void allocatedAsInt(__half *A) {
  int32_t *C;
  cudaMalloc(&C, 64 * sizeof(int32_t));
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, A, CUDA_R_16F, 8, A, CUDA_R_16F, 8, beta, (void *)C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:103: warning: 'C' points to 'int32_t' but 'Ctype' is CUDA_R_32F ('float') [gemm-buffer-type]
}

// ---- negative ------------------------------------------------------------------

void matchingTypes(const __half *hA, const int8_t *iA, int32_t *iC, float *fC) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, hA, CUDA_R_16F, 8, hA, CUDA_R_16F, 8, beta, fC, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  const int32_t one = 1, zero = 0;
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 8, 8, 8, &one, iA, CUDA_R_8I, 8, iA, CUDA_R_8I, 8, &zero, iC, CUDA_R_32I, 8, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
}

// ---- skipped on purpose: untyped buffers ---------------------------------------------

void untyped(const void *A, const char *bytes, void *C) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, A, CUDA_R_16F, 8, bytes, CUDA_R_16F, 8, beta, C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

// A typed view of a raw workspace says nothing about what is stored there
// (FasterTransformer's gemm tests write fp32 results through a T *).
template <typename T> void workspace(void *buffer) {
  T *dA = (T *)buffer;
  T *dC = dA + 64;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, dA, CUDA_R_32F, 8, dA, CUDA_R_32F, 8, beta, dC, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}
template void workspace<__half>(void *);

void byteWorkspace() {
  uint8_t *workspace;
  cudaMalloc(&workspace, 1 << 20);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, (float *)workspace, 8, (float *)workspace, 8, beta, (float *)(workspace + 4096), 8);
}
