// RUN: %check_gemm_tidy %s gemm-batch-stride %t -- -- %gemm_cxx_flags

#include <cublas_v2.h>
#include <cuda_runtime.h>

cublasHandle_t h;
const float *A, *B;
float *C;
const float one = 1, zero = 0;

// ---- positive ------------------------------------------------------------------

void overlappingOutputs() {
  const int m = 64, n = 32, ldc = 64;
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, 8, &one, A, m, m * 8, B, 8, 8 * n, &zero, C, ldc, ldc * (n - 1), 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:114: warning: 'strideC' (1984) is less than the 2048 elements each C matrix spans (ldc * (n - 1) + m): the 4 C matrices overlap [gemm-batch-stride]
  cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, CUDA_R_32F, 8, 64, B, CUDA_R_32F, 8, 64, &zero, C, CUDA_R_32F, 8, 0, 2, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:143: warning: 'strideC' (0) is less than the 64 elements each C matrix spans (ldc * (n - 1) + m): the 2 C matrices overlap [gemm-batch-stride]
}

void readsPastTheAllocation() {
  float *dA;
  cudaMalloc(&dA, 3 * 64 * sizeof(float)); // three 8x8 matrices, four read
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, dA, 8, 64, B, 8, 64, &zero, C, 8, 64, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:73: warning: 'A' needs 1024 bytes (lda * (k - 1) + m + strideA * (batchCount - 1) = 256 elements of CUDA_R_32F) but only 768 remain in its allocation [gemm-batch-stride]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'A' points to device memory, allocated here
  // CHECK-NOTES: :[[@LINE-4]]:26: note: 'A' is an allocation of 768 bytes
}

// ---- negative ------------------------------------------------------------------

void validStrides() {
  // Broadcast: a stride of 0 on A or B is legal.
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, 8, 0, B, 8, 0, &zero, C, 8, 64, 4);
  // Padded: ldc > m, and a stride of exactly ldc * (n - 1) + m.
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, 8, 64, B, 8, 64, &zero, C, 16, 16 * 7 + 8, 4);
  // One matrix cannot overlap itself.
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, 8, 64, B, 8, 64, &zero, C, 8, 0, 1);
  float *dA;
  cudaMalloc(&dA, 4 * 64 * sizeof(float));
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, dA, 8, 64, B, 8, 64, &zero, C, 8, 64, 4);
}

// ---- skipped on purpose ------------------------------------------------------------

void runtimeValues(long long strideC, int batch, float *dA, size_t bytes) {
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, 8, 64, B, 8, 64, &zero, C, 8, strideC, 4);
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, 8, 64, B, 8, 64, &zero, C, 8, 8, batch);
  cudaMalloc(&dA, bytes);
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, dA, 8, 64, B, 8, 64, &zero, C, 8, 64, 4);
}
