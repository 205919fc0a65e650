/* The file-scope statics of value-analysis-statics.cpp in C: read as their
   initializers unless the translation unit writes them.
   RUN: %check_gemm_tidy %s 'gemm-leading-dimension' %t -- -- %gemm_c_flags */

#include <cublas_v2.h>

cublasHandle_t h;
const float *A, *B, *al, *be;
float *C;

static int rows = 275;
static int written = 275;

void setWritten(n) int n; { written = n; }

void fromStatics() {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, rows, 8, 8, al, A, 256, B, 8, be, C, 512);
  // CHECK-MESSAGES: :[[@LINE-1]]:63: warning: 'lda' (256) must be at least max(1, m) = 275 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :11:19: note: 'm' is 275, the value of 'rows'
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, written, 8, 8, al, A, 256, B, 8, be, C, 512);
}
