/* Stands in for an executable linked with libcublas_static.a (not shipped
   with this toolkit): it defines cuBLAS's functions itself, so no call of
   its own reaches the preload library. */
#include <stdio.h>

typedef struct cublasContext *cublasHandle_t;
int cublasCreate_v2(cublasHandle_t *handle) {
  *handle = 0;
  return 1;
}

int main(void) {
  cublasHandle_t h;
  printf("static: status %d\n", cublasCreate_v2(&h));
  return 0;
}
