// A CUDA file: a kernel, and host code that launches it and calls cuBLAS.
#include <cublas_v2.h>

#ifndef GEMM_FROM_NVCC_COMMAND
#error "the -D of the nvcc command line did not reach clang"
#endif

__global__ void twice(float *x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}

void launch(cublasHandle_t h, const float *A, float *C) {
  const float one = 1.0f, zero = 0.0f;
  twice<<<1, 64>>>(C, 64);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &one, A, 8, A, 8, &zero, C, 64);
}
