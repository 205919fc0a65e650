/* A C translation unit compiles unchanged under -include gemm/guard.h (the
   header route is C++; the preload library guards C). */
#include <stdio.h>
#include <cublas_v2.h>

static char never_created[4096];
int main(void) {
  cublasHandle_t h = (cublasHandle_t)never_created;
  const float one = 1, zero = 0;
  static float buffer[64 * 64];
  cublasStatus_t s = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &one, buffer, 8, buffer, 8, &zero, buffer, 64);
  printf("c: status %d\n", (int)s);
  return 0;
}
