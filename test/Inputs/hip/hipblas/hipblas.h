/* Stand-in for hipBLAS 3.x (ROCm 7) hipblas.h: the GEMM entry points and
   enums gemm-tidy reasons about. Values from hipblas-common.h and HIP's
   library_types.h. */
#ifndef GEMM_STANDIN_HIPBLAS_H
#define GEMM_STANDIN_HIPBLAS_H
#include <stdint.h>
typedef void *hipblasHandle_t;
typedef enum { HIPBLAS_STATUS_SUCCESS = 0, HIPBLAS_STATUS_INVALID_VALUE = 3,
               HIPBLAS_STATUS_NOT_SUPPORTED = 6 } hipblasStatus_t;
typedef enum { HIPBLAS_OP_N = 111, HIPBLAS_OP_T = 112, HIPBLAS_OP_C = 113 } hipblasOperation_t;
typedef enum {
  HIP_R_32F = 0, HIP_R_64F = 1, HIP_R_16F = 2, HIP_R_8I = 3, HIP_C_32F = 4,
  HIP_C_64F = 5, HIP_C_16F = 6, HIP_C_8I = 7, HIP_R_8U = 8, HIP_C_8U = 9,
  HIP_R_32I = 10, HIP_C_32I = 11, HIP_R_32U = 12, HIP_C_32U = 13,
  HIP_R_16BF = 14, HIP_C_16BF = 15, HIP_R_8F_E4M3 = 28, HIP_R_8F_E5M2 = 29,
  HIP_R_8F_E4M3_FNUZ = 1000, HIP_R_8F_E5M2_FNUZ = 1001
} hipDataType;
typedef enum {
  HIPBLAS_COMPUTE_16F = 0, HIPBLAS_COMPUTE_16F_PEDANTIC = 1,
  HIPBLAS_COMPUTE_32F = 2, HIPBLAS_COMPUTE_32F_PEDANTIC = 3,
  HIPBLAS_COMPUTE_32F_FAST_16F = 4, HIPBLAS_COMPUTE_32F_FAST_16BF = 5,
  HIPBLAS_COMPUTE_32F_FAST_TF32 = 6, HIPBLAS_COMPUTE_64F = 7,
  HIPBLAS_COMPUTE_64F_PEDANTIC = 8, HIPBLAS_COMPUTE_32I = 9,
  HIPBLAS_COMPUTE_32I_PEDANTIC = 10
} hipblasComputeType_t;
typedef enum { HIPBLAS_GEMM_DEFAULT = 160 } hipblasGemmAlgo_t;
#ifdef __cplusplus
extern "C" {
#endif
hipblasStatus_t hipblasGemmEx(hipblasHandle_t handle, hipblasOperation_t transA,
    hipblasOperation_t transB, int m, int n, int k, const void *alpha, const void *A,
    hipDataType aType, int lda, const void *B, hipDataType bType, int ldb,
    const void *beta, void *C, hipDataType cType, int ldc,
    hipblasComputeType_t computeType, hipblasGemmAlgo_t algo);
#ifdef __cplusplus
}
#endif
#endif
