// Does not compile: run-gemm-tidy must say that it cannot be parsed.
#include <cublas_v2.h>

void f(cublasHandle_t h) {
  undeclared_function(h);
}
