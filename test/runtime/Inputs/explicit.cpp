// The explicit way into the guard: no macros, gemm::guard::cublasSgemm is
// called where the check is wanted, and plain cuBLAS elsewhere.
#define GEMM_GUARD_NO_MACROS
#include "gemm/guard.h"
alignas(64) static char never_created[4096];
int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  cublasHandle_t h = reinterpret_cast<cublasHandle_t>(never_created);
  const float one = 1, zero = 0;
  static float buffer[64 * 64];
  const cublasStatus_t checked = gemm::guard::cublasSgemm_v2(
      h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &one, buffer, 8, buffer, 8, &zero,
      buffer, 64);
  std::printf("explicit call: status %d\n", static_cast<int>(checked));
  const cublasStatus_t plain = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &one, buffer, 8, buffer, 8, &zero, buffer, 64);
  std::printf("unguarded call: status %d\n", static_cast<int>(plain));
  return 0;
}
