// C code: no C++ overloads, an unprototyped K&R declaration, and calls with
// the wrong number of arguments through it. Must not crash; calls that do
// not match the real prototype are not analysed.
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_c_flags
// ALLOW-COMPILER-ERRORS

#include <cublas_v2.h>

int cublasOldStyle();
int cublasOldStyle(a, b) int a; int b; { return a + b; }

cublasHandle_t h;
const void *A, *B;
void *C;
const float *alpha, *beta;

void cCalls(void) {
  /* Not an integer constant expression in C, but its value is fixed. */
  const int m = 64;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 4, 4, alpha, A, CUDA_R_32F, 8, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:76: warning: 'lda' (8) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 4, 4, alpha, A, CUDA_R_32F, 8, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:77: warning: 'lda' (8) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  /* In C a cudaDataType converts silently to cublasComputeType_t. */
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, CUDA_R_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:121: warning: 'computeType' is CUDA_R_32F (0), a cudaDataType, where cublasGemmEx reads a cublasComputeType_t [gemm-invalid-enum]
  // CHECK-FIXES: {{^}}  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);{{$}}
  cublasOldStyle(1, 2, 3);
}
