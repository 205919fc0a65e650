/* Stand-in for the CUDA runtime API: the few calls the tests and examples
   make. */
#ifndef GEMM_STANDIN_CUDA_RUNTIME_H
#define GEMM_STANDIN_CUDA_RUNTIME_H
#include <stddef.h>
typedef enum { cudaSuccess = 0, cudaErrorMemoryAllocation = 2 } cudaError_t;
#if defined(__cplusplus)
extern "C" {
#endif
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaDeviceSynchronize(void);
#if defined(__cplusplus)
}
template <class T> static inline cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return ::cudaMalloc(reinterpret_cast<void **>(devPtr), size);
}
#endif
#endif
