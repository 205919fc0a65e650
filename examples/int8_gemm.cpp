// Quantized linear layer: int8 x int8 with int32 accumulation.
#include "examples.h"

// Y (kOut x kTokens, int32, column-major) = W^T * X. The IMMA path wants
// "TN" and leading dimensions that are multiples of 4.
void int8Linear(cublasHandle_t h, const void *X, const void *W, void *Y) {
  const int alpha = 1, beta = 0;
  CUBLAS_CHECK(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, kOut, kTokens, kHidden,
                            &alpha, W, CUDA_R_8I, kHidden, X, CUDA_R_8I, kHidden,
                            &beta, Y, CUDA_R_32I, kOut, CUBLAS_COMPUTE_32I,
                            CUBLAS_GEMM_DEFAULT));
}

// An algorithm id copied from a tuning log of another library (there is no
// cublasGemmAlgo_t 120), int8 output, which cublasGemmEx never writes, and a
// conjugate transpose that cuBLAS reserves but does not implement.
void int8LinearBuggy(cublasHandle_t h, const void *X, const void *W, void *Y) {
  const int alpha = 1, beta = 0;
  constexpr auto kTunedAlgo = static_cast<cublasGemmAlgo_t>(120);
  CUBLAS_CHECK(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, kOut, kTokens, kHidden,
                            &alpha, W, CUDA_R_8I, kHidden, X, CUDA_R_8I, kHidden,
                            &beta, Y, CUDA_R_8I, kOut, CUBLAS_COMPUTE_32I,
                            kTunedAlgo));
  CUBLAS_CHECK(cublasGemmEx(h, CUBLAS_OP_CONJG, CUBLAS_OP_N, kOut, kTokens, kHidden,
                            &alpha, W, CUDA_R_8I, kHidden, X, CUDA_R_8I, kHidden,
                            &beta, Y, CUDA_R_32I, kOut, CUBLAS_COMPUTE_32I,
                            CUBLAS_GEMM_DEFAULT));
}
