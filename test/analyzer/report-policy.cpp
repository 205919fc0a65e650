// The report policy: a value counts only where it is a concrete constant on
// the path. A value the analyzer merely assumed, by taking a branch on an
// input it does not know, stays unknown: the input may never take it.
// REQUIRES: gemm-analyzer, cuda-headers
// RUN: %clang_analyze_gemm %gemm_cxx_flags %s

#include <cublas_v2.h>

void log_unusual(int);

// Look-alike: on the path where ld == 64 the constraint manager pins 'ld'
// to 64, less than m; whether any caller passes 64 is not known. Silent.
void pinnedByBranch(cublasHandle_t h, const float *A, float *C, int ld) {
  const float alpha = 1, beta = 0;
  if (ld == 64)
    log_unusual(ld);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 128, 128, 128, &alpha, A, ld, A, 128, &beta, C, 128);
}

// Look-alike: a range check the caller's value passes or fails. Silent.
void rangeChecked(cublasHandle_t h, const float *A, float *C, int ld) {
  const float alpha = 1, beta = 0;
  if (ld < 128)
    return;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 128, 128, 128, &alpha, A, ld, A, 128, &beta, C, 128);
}

// A constant on a path taken on an unknown condition is still a constant:
// whenever the branch runs, the call is wrong.
void constantUnderUnknownBranch(cublasHandle_t h, const float *A, float *C,
                                bool small) {
  const float alpha = 1, beta = 0;
  const int ld = small ? 64 : 128;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 128, 128, 128, &alpha, A, ld, A, 128, &beta, C, 128);
  // expected-warning@-1 {{'lda' (64) must be at least max(1, m) = 128 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm.LeadingDimension]}}
}

// Look-alike: the handle came from outside; its pointer mode is not known,
// so a host alpha is no finding.
void handleFromOutside(cublasHandle_t h, const float *A, float *C) {
  const float alpha = 1, beta = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &alpha, A, 16, A, 16, &beta, C, 16);
}

// Look-alike: after an unknown function received the handle variable's
// address, the handle is a new symbol with no known mode.
void opaqueReset(cublasHandle_t *);
void handleReset(const float *A, float *C) {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  opaqueReset(&h);
  const float alpha = 1, beta = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &alpha, A, 16, A, 16, &beta, C, 16);
}
