// The explicit route: only calls through gemm::guard::lt:: are checked.
#define GEMM_GUARD_NO_MACROS
#include "gemm/lt_guard.h"

#include <cstdio>

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  cublasLtMatrixLayout_t L = nullptr;
  const cublasStatus_t Checked = gemm::guard::lt::cublasLtMatrixLayoutCreate(&L, CUDA_R_32F, 8, 8, -1);
  std::printf("explicit call: status %d\n", static_cast<int>(Checked));
  // The unguarded call reaches cuBLASLt, which accepts it.
  const cublasStatus_t Plain = cublasLtMatrixLayoutCreate(&L, CUDA_R_32F, 8, 8, 8);
  std::printf("unguarded call: status %d\n", static_cast<int>(Plain));
  cublasLtMatrixLayoutDestroy(L);
  return 0;
}
