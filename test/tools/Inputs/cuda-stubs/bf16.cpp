// bfloat16 host code: cuda_bf16.h's types and conversions, a bf16 scale
// where the compute type wants float, and A and B of different types.
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <vector>

void bf16Linear(cublasHandle_t h, const __nv_bfloat16 *X, const __nv_bfloat16 *W, __nv_bfloat16 *Y) {
  std::vector<__nv_bfloat16> host(16, __float2bfloat16(0.5f));
  const __nv_bfloat16 alpha = host[0] * __nv_bfloat16(2.0f), beta = __float2bfloat16_rn(0.0f);
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 128, 8, 64, &alpha, W, CUDA_R_16BF, 64, X, CUDA_R_16BF, 64,
               &beta, Y, CUDA_R_16BF, 128, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  const float a = __bfloat162float(alpha), b = 0;
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 128, 8, 64, &a, W, CUDA_R_16BF, 64, X, CUDA_R_16F, 64,
               &b, Y, CUDA_R_16BF, 128, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 128, 8, 64, &a, W, CUDA_R_16BF, 64, X, CUDA_R_16BF, 64,
               &b, Y, CUDA_R_16BF, 128, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}
