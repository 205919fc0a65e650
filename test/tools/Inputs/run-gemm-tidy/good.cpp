// Only correct calls: no findings.
#include <cublas_v2.h>

void g(cublasHandle_t h, const float *A, float *C) {
  const float one = 1.0f, zero = 0.0f;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &one, A, 64, A, 8, &zero, C, 64);
}
