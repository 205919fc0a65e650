// Does not compile: the analyzer analyses nothing of it, and the sweep
// must count it as not analysed rather than clean.
#include <cublas_v2.h>

void call(cublasHandle_t h, float *a) {
  const float one = 1.0f;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, a, 2, a, 8, &one, a, 8);
  undeclared_helper();
}
