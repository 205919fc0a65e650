// RUN: %check_gemm_tidy %s gemm-leading-dimension %t -- -- %gemm_cxx_flags
// RUN: %check_gemm_tidy -check-suffix=NOHINT %s gemm-leading-dimension %t \
// RUN:   -- -config="{CheckOptions: {gemm-leading-dimension.RowMajorHint: false}}" \
// RUN:   -- %gemm_cxx_flags

#include <cublas_v2.h>
#include <rocblas/rocblas.h>

#define CUBLAS_CHECK(call) do { cublasStatus_t s_ = (call); (void)s_; } while (0)
#define LDA 32

cublasHandle_t h;
const void *A, *B;
void *C;
const float *alpha, *beta;
const float *fA, *fB;
float *fC;

// ---- positive: proven violations --------------------------------------------

void rowMajorMixUp() {
  const int M = 128, N = 64, K = 32;
  // Row-major A (M x K) passed with its column count as lda.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, alpha, A, CUDA_R_32F, K, B, CUDA_R_32F, K, beta, C, CUDA_R_32F, M, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:76: warning: 'lda' (32) must be at least max(1, m) = 128 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-4]]:34: note: 'lda' is 32, the value of 'K'
  // CHECK-NOTES: :[[@LINE-5]]:17: note: 'm' is 128, the value of 'M'
  // CHECK-NOTES: :[[@LINE-4]]:76: note: 'lda' equals 'k', the number of columns of A as stored; for row-major data, swap the operands (compute C^T = B^T * A^T) or flip 'transa'
  // CHECK-NOTES-NOHINT: :[[@LINE-5]]:76: warning: 'lda' (32) must be at least max(1, m) = 128
  // CHECK-NOTES-NOHINT-NOT: note: 'lda' equals 'k'
  // CHECK-NOTES-NOHINT: :[[@LINE-7]]:76: note: set 'lda' to the number of rows of the allocation holding A, at least 128
}

void transposedA() {
  // op(A) = A^T: A is stored k x m, so lda >= k.
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 16, 16, 64, alpha, A, CUDA_R_32F, 16, B, CUDA_R_32F, 64, beta, C, CUDA_R_32F, 16, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:79: warning: 'lda' (16) must be at least max(1, k) = 64 because 'transa' is CUBLAS_OP_T (A is stored k x m, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-2]]:79: note: 'lda' equals 'm', the number of columns of A as stored
}

void operandB() {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 100, alpha, A, CUDA_R_32F, 8, B, CUDA_R_32F, 99, beta, C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:96: warning: 'ldb' (99) must be at least max(1, k) = 100 because 'transb' is CUBLAS_OP_N (B is stored k x n, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-2]]:96: note: set 'ldb' to the number of rows of the allocation holding B, at least 100
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_C, 8, 50, 4, alpha, A, CUDA_C_32F, 8, B, CUDA_C_32F, 4, beta, C, CUDA_C_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:95: warning: 'ldb' (4) must be at least max(1, n) = 50 because 'transb' is CUBLAS_OP_C (B is stored n x k, column-major) [gemm-leading-dimension]
}

void outputC() {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 32, 8, alpha, A, CUDA_R_32F, 64, B, CUDA_R_32F, 8, beta, C, CUDA_R_32F, 32, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:121: warning: 'ldc' (32) must be at least max(1, m) = 64 (C is stored m x n, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-2]]:121: note: 'ldc' equals 'n', the number of columns of C; for a row-major result, swap A and B and exchange m and n (compute C^T = B^T * A^T)
}

void zeroLeadingDimension() {
  // cuBLAS requires ld >= max(1, rows) even when rows == 0.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 0, 4, 4, alpha, A, CUDA_R_32F, 0, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 1, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:76: warning: 'lda' (0) must be at least max(1, m) = 1 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}

void throughMacros() {
  const int M = 64;
  CUBLAS_CHECK(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, M, 64, 64, alpha, A, CUDA_R_32F, LDA, B, CUDA_R_32F, 64, beta, C, CUDA_R_32F, M, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  // CHECK-MESSAGES: :[[@LINE-1]]:91: warning: 'lda' (32) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :10:9: note: 'lda' is 32, from macro 'LDA'
  // CHECK-NOTES: :[[@LINE-4]]:17: note: 'm' is 64, the value of 'M'
}

void typedAndBatched() {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 10, 10, 10, fA, fA, 9, fB, 10, fA, fC, 10);
  // CHECK-MESSAGES: :[[@LINE-1]]:64: warning: 'lda' (9) must be at least max(1, m) = 10 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_T, 10, 20, 30, fA, fA, 10, 300, fB, 19, 600, fA, fC, 10, 200, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:91: warning: 'ldb' (19) must be at least max(1, n) = 20 because 'transb' is CUBLAS_OP_T (B is stored n x k, column-major) [gemm-leading-dimension]
  const int64_t Big = 3000000000LL;
  cublasGemmEx_64(h, CUBLAS_OP_N, CUBLAS_OP_N, Big, 2, 2, alpha, A, CUDA_R_32F, Big - 1, B, CUDA_R_32F, 2, beta, C, CUDA_R_32F, Big, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:85: warning: 'lda' (2999999999) must be at least max(1, m) = 3000000000 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-2]]:85: note: 'lda' evaluates to 2999999999
}

void unknownTranspose(cublasOperation_t op) {
  // Whatever 'op' is, 8 is below both max(1, m) and max(1, k).
  cublasGemmEx(h, op, CUBLAS_OP_N, 64, 16, 32, alpha, A, CUDA_R_32F, 8, B, CUDA_R_32F, 32, beta, C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:70: warning: 'lda' (8) must be at least max(1, m) = 64 when 'transa' is CUBLAS_OP_N and at least max(1, k) = 32 otherwise [gemm-leading-dimension]
}

void grouped(const float *const *Ap, const float *const *Bp, float *const *Cp) {
  const cublasOperation_t ta[2] = {CUBLAS_OP_N, CUBLAS_OP_N}, tb[2] = {CUBLAS_OP_N, CUBLAS_OP_N};
  const int m[2] = {16, 32}, n[2] = {16, 16}, k[2] = {8, 8};
  const int lda[2] = {16, 16}, ldb[2] = {8, 8}, ldc[2] = {16, 32}, sizes[2] = {1, 1};
  const float al[2] = {1, 1}, be[2] = {0, 0};
  cublasSgemmGroupedBatched(h, ta, tb, m, n, k, al, Ap, lda, Bp, ldb, be, Cp, ldc, 2, sizes);
  // CHECK-MESSAGES: :[[@LINE-1]]:57: warning: 'lda_array[1]' (16) must be at least max(1, m_array[1]) = 32 because 'transa_array[1]' is CUBLAS_OP_N (A is stored m_array[1] x k_array[1], column-major) [gemm-leading-dimension]
}

template <int Ld> void instantiatedTwice() {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 40, 4, 4, fA, fA, Ld, fB, 4, fA, fC, 40);
  // CHECK-MESSAGES: :[[@LINE-1]]:62: warning: 'lda' (4) must be at least max(1, m) = 40 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}
template void instantiatedTwice<4>();
template void instantiatedTwice<40>();
void useTwice() { instantiatedTwice<4>(); }

// ---- negative: valid calls -------------------------------------------------

void validCalls(rocblas_handle rh) {
  const int M = 128, N = 64, K = 32;
  // Row-major C = A * B computed as C^T = B^T * A^T: B goes first, m := N.
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, fA, fB, N, fA, K, fA, fC, N);
  // The same with explicit transposes of column-major views.
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, M, N, K, alpha, A, CUDA_R_32F, K, B, CUDA_R_32F, K, beta, C, CUDA_R_32F, M, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // m == 0 with the minimum ld of 1.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 0, 4, 4, alpha, A, CUDA_R_32F, 1, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 1, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // Padded allocations: ld above the row count is fine.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 100, 100, 100, alpha, A, CUDA_R_32F, 128, B, CUDA_R_32F, 128, beta, C, CUDA_R_32F, 128, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // rocBLAS accepts ld == 0 when the dimension is 0.
  rocblas_gemm_ex(rh, rocblas_operation_none, rocblas_operation_none, 0, 4, 4, alpha, A, rocblas_datatype_f32_r, 0, B, rocblas_datatype_f32_r, 4, beta, C, rocblas_datatype_f32_r, 0, C, rocblas_datatype_f32_r, 0, rocblas_datatype_f32_r, rocblas_gemm_algo_standard, 0, 0);
}

void rocblasBelowRows(rocblas_handle rh) {
  rocblas_gemm_ex(rh, rocblas_operation_none, rocblas_operation_none, 8, 4, 4, alpha, A, rocblas_datatype_f32_r, 8, B, rocblas_datatype_f32_r, 4, beta, C, rocblas_datatype_f32_r, 8, C, rocblas_datatype_f32_r, 7, rocblas_datatype_f32_r, rocblas_gemm_algo_standard, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:210: warning: 'ldd' (7) must be at least m = 8 (D is stored m x n, column-major) [gemm-leading-dimension]
}

// ---- skipped on purpose: values not known at compile time ------------------

void parameters(int m, int lda, cublasOperation_t op) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 4, 4, alpha, A, CUDA_R_32F, 2, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 4, 4, alpha, A, CUDA_R_32F, lda, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // Unknown op, and 32 is enough for one of the two possible bounds.
  cublasGemmEx(h, op, CUBLAS_OP_N, 64, 4, 32, alpha, A, CUDA_R_32F, 32, B, CUDA_R_32F, 32, beta, C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

void mutableAndVolatile(int flag) {
  int lda = 8;
  if (flag)
    lda = 64;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 4, 4, alpha, A, CUDA_R_32F, lda, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  volatile const int vlda = 8;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 4, 4, alpha, A, CUDA_R_32F, vlda, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

template <typename T, int Ld> void dependent(const T *a, const T *b, T *c) {
  // Never instantiated: the value of Ld is unknown.
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 40, 4, 4, a, a, Ld, b, 4, a, c, 40);
}
