// One case per rule family of the GEMM API, each beside a look-alike that
// must stay silent: sizes, enums, leading dimensions, type combinations,
// scale types, buffer types, pointer modes, batch strides and extents,
// INT8 alignment.
// REQUIRES: gemm-analyzer, cuda-headers
// RUN: %clang_analyze_gemm %gemm_cxx_flags %s

#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

struct Device {
  cublasHandle_t h;
  float *A, *B, *C;
  Device() {
    cublasCreate(&h);
    cudaMalloc(&A, 64 * 64 * sizeof(float));
    cudaMalloc(&B, 64 * 64 * sizeof(float));
    cudaMalloc(&C, 64 * 64 * sizeof(float));
  }
};

int sizes(int m) {
  Device D;
  const float alpha = 1, beta = 0;
  cublasSgemm(D.h, CUBLAS_OP_N, CUBLAS_OP_N, -1, 64, 64, &alpha, D.A, 64, D.B, 64, &beta, D.C, 64);
  // expected-warning@-1 {{'m' (-1) must not be negative [gemm.InvalidSize]}}
  cublasSgemm(D.h, CUBLAS_OP_N, CUBLAS_OP_N, 0, 64, 64, &alpha, D.A, 64, D.B, 64, &beta, D.C, 64);
  return 0;
}

void enums() {
  Device D;
  const float alpha = 1, beta = 0;
  cublasSgemm(D.h, (cublasOperation_t)7, CUBLAS_OP_N, 64, 64, 64, &alpha, D.A, 64, D.B, 64, &beta, D.C, 64);
  // expected-warning@-1 {{'transa' (7) is not a valid operation; use CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C [gemm.InvalidEnum]}}
  cublasSgemm(D.h, CUBLAS_OP_C, CUBLAS_OP_N, 64, 64, 64, &alpha, D.A, 64, D.B, 64, &beta, D.C, 64);
}

void leadingDimensions() {
  Device D;
  const float alpha = 1, beta = 0;
  cublasSgemm(D.h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, D.A, 64, D.B, 64, &beta, D.C, 32);
  // expected-warning@-1 {{'ldc' (32) must be at least max(1, m) = 64 (C is stored m x n, column-major) [gemm.LeadingDimension]}}
  cublasSgemm(D.h, CUBLAS_OP_T, CUBLAS_OP_N, 32, 64, 64, &alpha, D.A, 64, D.B, 64, &beta, D.C, 32);
}

void scaleTypes() {
  Device D;
  const double alpha = 1, beta = 0;
  cublasGemmEx(D.h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, D.A, CUDA_R_32F, 64, D.B, CUDA_R_32F, 64, &beta, D.C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // expected-warning@-1 {{'alpha' points to 'double' but 'computeType' CUBLAS_COMPUTE_32F reads alpha as 'float' [gemm.ScalarType]}}
  // expected-warning@-2 {{'beta' points to 'double' but 'computeType' CUBLAS_COMPUTE_32F reads beta as 'float' [gemm.ScalarType]}}
  const float falpha = 1, fbeta = 0;
  cublasGemmEx(D.h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &falpha, D.A, CUDA_R_32F, 64, D.B, CUDA_R_32F, 64, &fbeta, D.C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

void bufferTypes() {
  Device D;
  const float alpha = 1, beta = 0;
  cublasGemmEx(D.h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, D.A, CUDA_R_16F, 64, D.B, CUDA_R_16F, 64, &beta, D.C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // expected-warning@-1 {{'A' points to 'float' but 'Atype' is CUDA_R_16F ('__half') [gemm.BufferType]}}
  // expected-warning@-2 {{'B' points to 'float' but 'Btype' is CUDA_R_16F ('__half') [gemm.BufferType]}}
  __half *H;
  cudaMalloc(&H, 64 * 64 * sizeof(__half));
  cublasGemmEx(D.h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, H, CUDA_R_16F, 64, H, CUDA_R_16F, 64, &beta, D.C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

void batchStrides() {
  Device D;
  const float alpha = 1, beta = 0;
  // 4 batches of 16 x 16 in 64 x 64 floats: C's stride of 128 overlaps.
  cublasSgemmStridedBatched(D.h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &alpha, D.A, 16, 256, D.B, 16, 256, &beta, D.C, 16, 128, 4);
  // expected-warning@-1 {{'strideC' (128) makes the 4 C matrices overlap: row 0, column 8 of C[0] is row 0, column 0 of C[1] [gemm.BatchStride]}}
  cublasSgemmStridedBatched(D.h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &alpha, D.A, 16, 256, D.B, 16, 256, &beta, D.C, 16, 256, 4);
}

void extents() {
  Device D;
  const float alpha = 1, beta = 0;
  // 32 batches of 256 floats need 8192 floats; the allocation has 4096.
  cublasSgemmStridedBatched(D.h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &alpha, D.A, 16, 256, D.B, 16, 256, &beta, D.C, 16, 256, 32);
  // expected-warning@-1 {{'A' needs 32768 bytes (lda * (k - 1) + m + strideA * (batchCount - 1) = 8192 elements of CUDA_R_32F) but only 16384 remain in its allocation [gemm.BufferExtent]}}
  // expected-warning@-2 {{'B' needs 32768 bytes}}
  // expected-warning@-3 {{'C' needs 32768 bytes}}
}

void int8Alignment() {
  Device D;
  const int alpha = 1, beta = 0;
  signed char *A8;
  int *C32;
  cudaMalloc(&A8, 64 * 64);
  cudaMalloc(&C32, 64 * 64 * sizeof(int));
  cublasGemmEx(D.h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, A8 + 1, CUDA_R_8I, 64, A8, CUDA_R_8I, 64, &beta, C32, CUDA_R_32I, 64, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
  // expected-warning@-1 {{'A' is 1 bytes past a 4-byte boundary; CUBLAS_COMPUTE_32I needs it 4-byte aligned [gemm.Int8Alignment]}}
  // expected-warning@-2 {{'A' needs 4096 bytes (lda * (k - 1) + m = 4096 elements of CUDA_R_8I) but only 4095 remain in its allocation [gemm.BufferExtent]}}
  cublasGemmEx(D.h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, A8, CUDA_R_8I, 64, A8, CUDA_R_8I, 64, &beta, C32, CUDA_R_32I, 64, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
}
