// A call after a loop of 100 iterations: the analyzer follows a loop's first
// iterations only, so no path it finishes reaches the call.
#include <cublas_v2.h>

void afterLoop(cublasHandle_t h, const float *A, float *C, int *out) {
  const float alpha = 1, beta = 0;
  // The analyzer stops here.
  for (int i = 0; i < 100; ++i)
    out[i] = i;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, A, 64, A, 64, &beta, C, 64);
}
