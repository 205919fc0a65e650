// An advisory finding only (precision-loss: cuBLAS runs the call), then a
// call cuBLAS would reject, for GEMM_GUARD_IGNORE.
#include <cstdio>
#include <cublas_v2.h>

alignas(64) static char never_created[4096];
int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  cublasHandle_t h = reinterpret_cast<cublasHandle_t>(never_created);
  const float one = 1, zero = 0;
  static float buffer[64 * 64];
  const cublasStatus_t tensorOp = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, buffer, CUDA_R_32F, 8, buffer, CUDA_R_32F, 8, &zero, buffer, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
  std::printf("advisory: status %d\n", static_cast<int>(tensorOp));
  const cublasStatus_t bad = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &one, buffer, 8, buffer, 8, &zero, buffer, 64);
  std::printf("bad: status %d\n", static_cast<int>(bad));
  return 0;
}
