// Calls that compiled before -include gemm/guard.h and must still compile
// and behave the same with it: literal 0 and NULL as pointers, nullptr,
// qualified names, the address of a cuBLAS function, parenthesised names.
#include <cstddef>
#include <cstdio>
#include <cublas_v2.h>

namespace app {
cublasStatus_t gemm(cublasHandle_t h, const float *a, float *c) {
  const float one = 1, zero = 0;
  return ::cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, a, 8, a, 8, &zero, c, 8);
}
} // namespace app

alignas(64) static char never_created[4096];
int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  cublasHandle_t h = reinterpret_cast<cublasHandle_t>(never_created);
  const float one = 1;
  static float buffer[64];
  // C may be null when beta is zero (docs/rules.md, `pointer.null-c`): spelled
  // three ways.
  const float zero = 0;
  std::printf("NULL: status %d\n", cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, buffer, 8, buffer, 8, &zero, NULL, 8));
  std::printf("0: status %d\n", cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, buffer, 8, buffer, 8, &zero, 0, 8));
  std::printf("nullptr: status %d\n", cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, buffer, CUDA_R_32F, 8, buffer, CUDA_R_32F, 8, &zero, nullptr, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  std::printf("NULL alpha: status %d\n", cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, NULL, buffer, 8, buffer, 8, &zero, buffer, 8));
  std::printf("0 handle: status %d\n", cublasSgemm(0, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, buffer, 8, buffer, 8, &zero, buffer, 8));
  std::printf("qualified: status %d\n", app::gemm(h, buffer, buffer));
  std::printf("qualified bad: status %d\n", ::cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &one, buffer, 8, buffer, 8, &zero, buffer, 64));
  // The address of the function, and a parenthesised name, are cuBLAS's own.
  using GemmEx = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void *, const void *, cudaDataType, int, const void *, cudaDataType, int, const void *, void *, cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t);
  GemmEx fn = &cublasGemmEx;
  cublasStatus_t (*sgemm)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const float *, const float *, int, const float *, int, const float *, float *, int) = cublasSgemm;
  std::printf("address: %d %d\n", fn != nullptr, sgemm != nullptr);
  std::printf("parenthesised: status %d\n", (cublasSgemm)(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &one, buffer, 8, buffer, 8, &zero, buffer, 64));
  return 0;
}
