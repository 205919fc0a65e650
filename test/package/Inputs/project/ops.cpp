// Built with CXX_CLANG_TIDY from gemm_tidy_enable: the warnings appear in
// the build output.
#include <cublas_v2.h>
#include <gemm/rules.h> // from the installed package (GemmTidy::rules)

void ops(cublasHandle_t h, const float *A, float *C) {
  const float one = 1.0f, zero = 0.0f;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &one, A, 8, A, 8, &zero, C, 64);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, -1, 8, 8, &one, A, 64, A, 8, &zero, C, 64);
}
