// A helper defined in a project header is part of the translation unit: its
// parameters take the constants its callers in the main file pass, as a
// helper defined in the main file does. Calls whose values the callers do
// not fix, or fix to valid ones, stay silent.
// RUN: %check_gemm_tidy %s gemm-leading-dimension %t -- --header-filter='.*' -- %gemm_cxx_flags -I %inputs/user

#include <gemm_helpers.h>
// CHECK-MESSAGES: gemm_helpers.h:7:62: warning: 'lda' (8) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
// CHECK-MESSAGES: gemm_helpers.h:13:62: warning: 'lda' (16) must be at least max(1, m) = 32 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]

void forward(cublasHandle_t h, const float *A, const float *B, float *C) {
  linearForward(h, 64, 8, 8, 8, A, B, C);
  // CHECK-NOTES: :[[@LINE-1]]:30: note: 'lda' is 8, passed to 'linearForward' here
  // CHECK-NOTES: :[[@LINE-2]]:20: note: 'm' is 64, passed to 'linearForward' here
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'linearForward' is called with m = 64, n = 8, k = 8, lda = 8 here
  fixedLd<16>(h, 32, A, C);
  // CHECK-NOTES: :[[@LINE-1]]:18: note: 'm' is 32, passed to 'fixedLd' here
  // CHECK-NOTES: :[[@LINE-2]]:3: note: in instantiation of 'fixedLd<16>' requested here
}

// Look-alikes: valid constants, and a value only the run knows.
void forwardValid(cublasHandle_t h, const float *A, const float *B, float *C, int rows) {
  fixedLd<64>(h, 64, A, C);
  linearForward(h, 64, 8, 8, 64, A, B, C);
  linearForward(h, rows, 8, 8, 8, A, B, C);
}
