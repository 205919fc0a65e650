// One invalid call and one valid call of cuBLAS, for the runtime guard's
// policy, log and compiler tests. No GPU needed: on a handle that was never
// created (zeroed memory), cuBLAS answers CUBLAS_STATUS_NOT_INITIALIZED (1)
// to the valid call; the guard answers CUBLAS_STATUS_INVALID_VALUE (7).
#include <cublas_v2.h>
#include <cstdio>
alignas(64) static char never_created[4096];
int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  cublasHandle_t h = reinterpret_cast<cublasHandle_t>(never_created);
  const float one = 1, zero = 0;
  static float buffer[64 * 64];
  const cublasStatus_t bad = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &one, buffer, 8, buffer, 8, &zero, buffer, 64);
  std::printf("bad call: status %d\n", static_cast<int>(bad));
  const cublasStatus_t good = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, buffer, 8, buffer, 8, &zero, buffer, 8);
  std::printf("good call: status %d\n", static_cast<int>(good));
  return 0;
}
