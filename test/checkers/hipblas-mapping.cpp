// Code that maps the cuBLAS names onto hipBLAS (hipify-style macros) is
// checked against hipBLAS's rules and enumerations.
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags

#include <hipblas/hipblas.h>

#define cublasHandle_t hipblasHandle_t
#define cublasGemmEx hipblasGemmEx
#define CUBLAS_OP_N HIPBLAS_OP_N
#define CUBLAS_OP_T HIPBLAS_OP_T
#define CUDA_R_16F HIP_R_16F
#define CUDA_R_32F HIP_R_32F
#define CUBLAS_COMPUTE_32F HIPBLAS_COMPUTE_32F
#define CUBLAS_COMPUTE_32F_FAST_TF32 HIPBLAS_COMPUTE_32F_FAST_TF32
#define CUBLAS_GEMM_DEFAULT HIPBLAS_GEMM_DEFAULT

cublasHandle_t h;
const void *A, *B;
void *C;
const float *alpha, *beta;

void hipCalls() {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 4, 4, alpha, A, CUDA_R_16F, 32, B, CUDA_R_16F, 4, beta, C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:77: warning: 'lda' (32) must be at least max(1, m) = 64 because 'transa' is HIPBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // TF32 has no rocBLAS equivalent: hipBLAS returns HIPBLAS_STATUS_NOT_SUPPORTED.
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:121: warning: unsupported type combination for hipblasGemmEx: computeType HIPBLAS_COMPUTE_32F_FAST_TF32, Atype/Btype HIP_R_32F, Ctype HIP_R_32F [gemm-type-combination]
  // Valid on hipBLAS: fp16 in, fp32 out, fp32 compute.
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_16F, 4, B, CUDA_R_16F, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // FNUZ FP8 is a real ROCm type outside the rulebook: no verdict.
  hipblasGemmEx(h, HIPBLAS_OP_T, HIPBLAS_OP_N, 4, 4, 4, alpha, A, HIP_R_8F_E4M3_FNUZ, 4, B, HIP_R_8F_E4M3_FNUZ, 4, beta, C, HIP_R_32F, 4, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT);
}
