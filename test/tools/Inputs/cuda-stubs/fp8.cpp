// An FP8 cuBLASLt setup with cuda_fp8.h's types: scales quantised on the
// host, an FP8 D without the wider C layout it needs, and a valid one.
#include <cublasLt.h>
#include <cuda_fp8.h>

float fp8RoundTrip(float x) {
  const __nv_fp8_e4m3 q(x);
  const __nv_fp8_storage_t raw = __nv_cvt_float_to_fp8(x, __NV_SATFINITE, __NV_E4M3);
  return static_cast<float>(q) + static_cast<float>(raw);
}

void fp8Matmul(cublasLtHandle_t lt, const __nv_fp8_e4m3 *A, const __nv_fp8_e4m3 *B, __nv_fp8_e4m3 *D,
               __nv_bfloat16 *C, void *workspace) {
  const float one = 1, zero = 0;
  const cublasOperation_t opT = CUBLAS_OP_T;
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_8F_E4M3, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, nullptr, nullptr, D, d, nullptr, workspace, 0, 0);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}
