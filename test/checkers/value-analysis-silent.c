/* Valid C the checks must stay silent on: a branch Clang's CFG prunes by
   its form, which only C writes without a conversion to bool around it.
   RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_c_flags */

#include <cublas_v2.h>

cublasHandle_t h;
const float *A, *B, *al, *be;
float *C;

void deadByAZeroMask(int m) {
  if (m & 0)
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, 4, B, 8, be, C, 64);
}

void deadTimesZero(int m) {
  while (m * 0)
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, 4, B, 8, be, C, 64);
}

/* The same call where it runs is reported. */
void reached(int m) {
  if (m > 3)
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, 4, B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:63: warning: 'lda' (4) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}
