// RUN: %check_gemm_tidy %s gemm-invalid-size %t -- -- %gemm_cxx_flags
// RUN: %check_gemm_tidy -check-suffix=NONARROW %s gemm-invalid-size %t \
// RUN:   -- -config="{CheckOptions: {gemm-invalid-size.CheckNarrowing: false}}" \
// RUN:   -- %gemm_cxx_flags

#include <cublas_v2.h>
#include <stddef.h>

cublasHandle_t h;
const void *A, *B;
void *C;
const float *alpha, *beta;
const float *fA, *fB;
float *fC;
const float *const *fAp;
float *const *fCp;

// ---- positive --------------------------------------------------------------

void negativeSizes() {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, -1, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: 'm' (-1) must not be negative [gemm-invalid-size]
  // CHECK-NOTES-NONARROW: :[[@LINE-2]]:45: warning: 'm' (-1) must not be negative [gemm-invalid-size]
  // CHECK-NOTES-NONARROW-NOT: does not fit
  const int K = -8;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, K, fA, fA, 4, fB, 4, fA, fC, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: 'k' (-8) must not be negative [gemm-invalid-size]
  // CHECK-NOTES: :[[@LINE-3]]:17: note: 'k' is -8, the value of 'K'
  cublasSgemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, fA, fAp, 4, fAp, 4, fA, fCp, 4, -2);
  // CHECK-MESSAGES: :[[@LINE-1]]:92: warning: 'batchCount' (-2) must not be negative [gemm-invalid-size]
}

void groupedSizes(const float *const *Ap, float *const *Cp) {
  const cublasOperation_t t[2] = {CUBLAS_OP_N, CUBLAS_OP_N};
  const int m[2] = {4, 4}, n[2] = {4, -4}, k[2] = {4, 4}, ld[2] = {4, 4};
  const int sizes[2] = {3, -1};
  const float al[2] = {1, 1}, be[2] = {0, 0};
  cublasSgemmGroupedBatched(h, t, t, m, n, k, al, Ap, ld, Ap, ld, be, Cp, ld, 2, sizes);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 'n_array[1]' (-4) must not be negative [gemm-invalid-size]
  // CHECK-MESSAGES: :[[@LINE-2]]:82: warning: 'group_size[1]' (-1) must not be negative [gemm-invalid-size]
  cublasSgemmGroupedBatched(h, t, t, m, m, k, al, Ap, ld, Ap, ld, be, Cp, ld, -1, sizes);
  // CHECK-MESSAGES: :[[@LINE-1]]:79: warning: 'group_count' (-1) must not be negative [gemm-invalid-size]
}

void narrowing() {
  const int64_t M = 3000000000LL;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, M, 4, 4, alpha, A, CUDA_R_32F, M, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, M, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: 'm' (3000000000) does not fit the 32-bit 'int' parameter of cublasGemmEx and becomes -1294967296 [gemm-invalid-size]
  // CHECK-MESSAGES: :[[@LINE-2]]:76: warning: 'lda' (3000000000) does not fit the 32-bit 'int' parameter of cublasGemmEx and becomes -1294967296 [gemm-invalid-size]
  // CHECK-MESSAGES: :[[@LINE-3]]:118: warning: 'ldc' (3000000000) does not fit the 32-bit 'int' parameter of cublasGemmEx and becomes -1294967296 [gemm-invalid-size]
  // CHECK-NOTES: :[[@LINE-4]]:45: note: call cublasGemmEx_64, which takes 64-bit sizes and leading dimensions
  const size_t Rows = 5000000000ULL;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, Rows, fA, fA, 4, fB, Rows, fA, fC, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: 'k' (5000000000) does not fit the 32-bit 'int' parameter of cublasSgemm and becomes 705032704 [gemm-invalid-size]
  // CHECK-MESSAGES: :[[@LINE-2]]:71: warning: 'ldb' (5000000000) does not fit the 32-bit 'int' parameter of cublasSgemm and becomes 705032704 [gemm-invalid-size]
  // The function as written (cublas_v2.h maps cublasSgemm to cublasSgemm_v2),
  // in the note too: cublasSgemm_64 is cublas_v2.h's name of the _64 form.
  // CHECK-NOTES: :[[@LINE-5]]:50: note: call cublasSgemm_64, which takes 64-bit sizes and leading dimensions
  cublasSgemm_v2(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, Rows, fA, fA, 4, fB, 4, fA, fC, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'k' (5000000000) does not fit the 32-bit 'int' parameter of cublasSgemm_v2 and becomes 705032704 [gemm-invalid-size]
}

// ---- negative --------------------------------------------------------------

void validSizes() {
  const int64_t M = 3000000000LL;
  // The _64 variants take int64_t.
  cublasGemmEx_64(h, CUBLAS_OP_N, CUBLAS_OP_N, M, 4, 4, alpha, A, CUDA_R_32F, M, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, M, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // Zero sizes are valid (nothing is computed).
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 0, 0, 0, alpha, A, CUDA_R_32F, 1, B, CUDA_R_32F, 1, beta, C, CUDA_R_32F, 1, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  cublasSgemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, fA, fAp, 4, fAp, 4, fA, fCp, 4, 0);
  // INT_MAX itself fits.
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 1, 1, 2147483647, fA, fA, 1, fB, 2147483647, fA, fC, 1);
}

// ---- skipped on purpose ----------------------------------------------------

void runtimeSizes(int m, int64_t big, int batch) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, big, 4, 4, alpha, A, CUDA_R_32F, big, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, big, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  cublasSgemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, fA, fAp, 4, fAp, 4, fA, fCp, 4, batch);
  int group_sizes[2] = {1, -1}; // not const: may change before the call
  const cublasOperation_t t[2] = {CUBLAS_OP_N, CUBLAS_OP_N};
  const int d[2] = {4, 4};
  const float al[2] = {1, 1};
  cublasSgemmGroupedBatched(h, t, t, d, d, d, al, fAp, d, fAp, d, al, fCp, d, 2, group_sizes);
}
