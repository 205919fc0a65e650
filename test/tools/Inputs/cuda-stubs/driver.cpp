// Driver-API host code: cuda.h's version macro and device queries around a
// GEMM; the call under the version test has a negative k.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>

int run(cublasHandle_t h, const float *A, float *C) {
  CUdevice dev;
  int major = 0;
  if (cuInit(0) != CUDA_SUCCESS || cuDeviceGet(&dev, 0) != CUDA_SUCCESS ||
      cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev) != CUDA_SUCCESS)
    return 1;
  const float one = 1, zero = 0;
#if CUDA_VERSION >= 12000 && CUDART_VERSION >= 12000
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, -4, &one, A, 16, A, 16, &zero, C, 16);
#endif
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 4, &one, A, 16, A, 4, &zero, C, 16);
  return major;
}
