// Row-major matrix multiplies on top of column-major cuBLAS.
#include "examples.h"

// C (kTokens x kOut) = A (kTokens x kHidden) * B (kHidden x kOut), all
// row-major. A row-major matrix is its transpose in column-major terms, so
// compute C^T = B^T * A^T: B goes first and m is the output's column count.
void rowMajorMatmul(cublasHandle_t h, const float *A, const float *B, float *C) {
  const float alpha = 1.0f, beta = 0.0f;
  CUBLAS_CHECK(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, kOut, kTokens, kHidden,
                           &alpha, B, kOut, A, kHidden, &beta, C, kOut));
}

// The same multiply written as if cuBLAS were row-major: each leading
// dimension is a row-major row length, smaller than the column-major row
// count cuBLAS needs. cuBLAS answers CUBLAS_STATUS_INVALID_VALUE.
void rowMajorMatmulBuggy(cublasHandle_t h, const float *A, const float *B, float *C) {
  const float alpha = 1.0f, beta = 0.0f;
  CUBLAS_CHECK(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, kTokens, kOut, kHidden,
                           &alpha, A, kHidden, B, kOut, &beta, C, kOut));
}

// Y (kOut x kTokens, column-major) = W^T * X in half precision with float
// accumulation, fp16 output.
void halfLinear(cublasHandle_t h, const void *X, const void *W, void *Y) {
  const float alpha = 1.0f, beta = 0.0f;
  CUBLAS_CHECK(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, kOut, kTokens, kHidden,
                            &alpha, W, CUDA_R_16F, kHidden, X, CUDA_R_16F, kHidden,
                            &beta, Y, CUDA_R_16F, kOut, CUBLAS_COMPUTE_32F,
                            CUBLAS_GEMM_DEFAULT));
  // Old code: a cudaDataType compute type goes through cublas_api.h's
  // compatibility overload, which maps CUDA_R_32F to CUBLAS_COMPUTE_32F.
  CUBLAS_CHECK(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, kOut, kTokens, kHidden,
                            &alpha, W, CUDA_R_16F, kHidden, X, CUDA_R_16F, kHidden,
                            &beta, Y, CUDA_R_32F, kOut, CUDA_R_32F,
                            CUBLAS_GEMM_DEFAULT));
}

// Ported to bfloat16 output by changing one argument too few: fp16 inputs
// cannot produce bf16 output. And the legacy compute type CUDA_R_16BF has no
// mapping, so the overload returns CUBLAS_STATUS_NOT_SUPPORTED.
void halfLinearBuggy(cublasHandle_t h, const void *X, const void *W, void *Y) {
  const float alpha = 1.0f, beta = 0.0f;
  CUBLAS_CHECK(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, kOut, kTokens, kHidden,
                            &alpha, W, CUDA_R_16F, kHidden, X, CUDA_R_16F, kHidden,
                            &beta, Y, CUDA_R_16BF, kOut, CUBLAS_COMPUTE_32F,
                            CUBLAS_GEMM_DEFAULT));
  CUBLAS_CHECK(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, kOut, kTokens, kHidden,
                            &alpha, W, CUDA_R_16BF, kHidden, X, CUDA_R_16BF, kHidden,
                            &beta, Y, CUDA_R_16BF, kOut, CUDA_R_16BF,
                            CUBLAS_GEMM_DEFAULT));
}
