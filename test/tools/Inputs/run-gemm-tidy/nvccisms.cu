// Host code as nvcc accepts it and clang does not without gemm-tidy's CUDA
// host prelude: nvcc's host min/max, isnan and printf without an include
// (nvcc's cuda_runtime.h brings math.h and stdio.h), a store intrinsic clang
// does not declare, and a branch on nvcc's version macros.
#include <cublas_v2.h>

__global__ void scale(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    __stcs(out + i, in[i] * 2.0f);
}

int tile(int m, int n) { return min(m, n) + max(m, n); }

void int8_batched(cublasHandle_t h, const signed char *A, const signed char *B, int *C) {
  const int one = 1, zero = 0;
  if (isnan(1.0f))
    printf("unreachable\n");
#if defined(__CUDACC_VER_MAJOR__) && __CUDACC_VER_MAJOR__ >= 11
  // The legacy compute type, hidden from a parse without nvcc's macros.
  cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &one,
                             A, CUDA_R_8I, 64, 4096, B, CUDA_R_8I, 64, 4096, &zero,
                             C, CUDA_R_32I, 64, 4096, 8, (cublasComputeType_t)CUDA_R_8I,
                             CUBLAS_GEMM_DEFAULT);
#endif
}
