// Complex host code: cuComplex.h's types (float2 and double2, as the toolkit
// has them) and helpers; a real scale for complex data, a too small ldc.
#include <cuComplex.h>
#include <cublas_v2.h>

void complexGemm(cublasHandle_t h, const cuComplex *A, const cuComplex *B, cuComplex *C) {
  const cuComplex alpha = make_cuComplex(1.0f, 0.0f), beta = make_cuFloatComplex(0.0f, 0.0f);
  cublasCgemm(h, CUBLAS_OP_N, CUBLAS_OP_C, 32, 32, 8, &alpha, A, 32, B, 32, &beta, C, 16);
  cublasCgemm(h, CUBLAS_OP_N, CUBLAS_OP_C, 32, 32, 8, &alpha, A, 32, B, 32, &beta, C, 32);
  const float realOne = cuCrealf(alpha), realZero = 0;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 32, 32, 8, &realOne, A, CUDA_C_32F, 32, B, CUDA_C_32F, 8,
               &realZero, C, CUDA_C_32F, 32, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 32, 32, 8, &alpha, A, CUDA_C_32F, 32, B, CUDA_C_32F, 8,
               &beta, C, CUDA_C_32F, 32, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

void doubleComplexGemm(cublasHandle_t h, const cuDoubleComplex *A, cuDoubleComplex *C) {
  const cuDoubleComplex one = make_cuDoubleComplex(1, 0), zero = cuCmul(one, make_cuDoubleComplex(0, 0));
  cublasZgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, 16, 16, 16, &one, A, 16, A, 16, &zero, C, 16);
  cublasZgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, 16, 16, 16, &one, A, 8, A, 16, &zero, C, 16);
}
