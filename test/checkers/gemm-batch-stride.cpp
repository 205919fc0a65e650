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
  // CHECK-MESSAGES: :[[@LINE-1]]:114: warning: 'strideC' (1984) makes the 4 C matrices overlap: row 0, column 31 of C[0] is row 0, column 0 of C[1] [gemm-batch-stride]
  cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, CUDA_R_32F, 8, 64, B, CUDA_R_32F, 8, 64, &zero, C, CUDA_R_32F, 8, 0, 2, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:143: warning: 'strideC' (0) makes the 2 C matrices overlap: row 0, column 0 of C[0] is row 0, column 0 of C[1] [gemm-batch-stride]
}

void interleavedButTooClose() {
  // The interleaved layout above with a stride of 7 rows: C[1]'s first row
  // is C[0]'s last.
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, 8, 64, B, 8, 64, &zero, C, 32, 7, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:107: warning: 'strideC' (7) makes the 4 C matrices overlap: row 7, column 0 of C[0] is row 0, column 0 of C[1] [gemm-batch-stride]
  // Wrapping into the next column: C[1] starts at row 12 of column 0 and
  // runs into column 1, whose first rows C[0] holds.
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, 8, 64, B, 8, 64, &zero, C, 16, 12, 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:107: warning: 'strideC' (12) makes the 2 C matrices overlap: row 0, column 1 of C[0] is row 4, column 0 of C[1] [gemm-batch-stride]
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
  // Interleaved: four 8-row outputs side by side in one [8*4, n] buffer
  // (per-head attention outputs): the spans overlap, no element is shared.
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, 8, 64, B, 8, 64, &zero, C, 32, 8, 4);
  // Interleaved by columns and rows at once: C[1] starts at row 8 of column 1.
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, 8, 64, B, 8, 64, &zero, C, 16, 24, 2);
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
