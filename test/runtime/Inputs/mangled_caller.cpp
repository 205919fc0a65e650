// A bad call from a C++ function in a namespace, whose symbol is mangled
// (_ZN5model13linearForward...): the guard's report names it as the source
// does. The handle was never created (see Inputs/guard/one_bad_call.cpp).
#include <cublas_v2.h>
#include <cstdio>

alignas(64) static char never_created[4096];
static float buffer[64 * 64];

namespace model {
__attribute__((noinline)) cublasStatus_t linearForward(cublasHandle_t h, const float *A, float *C) {
  const float one = 1, zero = 0;
  return cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &one, A, 8, A, 8, &zero, C, 64);
}
} // namespace model

int main() {
  cublasHandle_t h = reinterpret_cast<cublasHandle_t>(never_created);
  std::printf("bad call: status %d\n", static_cast<int>(model::linearForward(h, buffer, buffer)));
  return 0;
}
