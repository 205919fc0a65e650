/* C: a cudaDataType converts silently to cublasComputeType_t, the CUDA 10
   descriptor's mistake, and the setters take any buffer.
   REQUIRES: cuda-headers
   RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_c_flags */

#include <cublasLt.h>
#include <stdint.h>

void cCalls(cublasLtMatrixLayout_t layout) {
  cublasLtMatmulDesc_t desc;
  int32_t batch = 8;
  cublasLtMatmulDescCreate(&desc, CUDA_R_16F, CUDA_R_16F);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'CUBLASLT_MATMUL_DESC_COMPUTE_TYPE' is CUDA_R_16F (2), a cudaDataType, where cublasLtMatmulDescCreate reads a cublasComputeType_t (the CUDA 10 two-argument form) [gemm-invalid-enum]
  cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_16F, CUDA_R_16F);
  cublasLtMatrixLayoutSetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &batch, sizeof batch);
  // CHECK-MESSAGES: :[[@LINE-1]]:97: warning: 'sizeInBytes' (4) does not match 'CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET', which is int64_t (8 bytes); {{.*}} [gemm-attribute-encoding]
  cublasLtMatrixLayoutSetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof batch);
}
