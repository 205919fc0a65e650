/* Stand-in for the CUDA runtime API: the few calls the tests and examples
   make. Installed as share/gemm-tidy/cuda-stubs (run-gemm-tidy --cuda-stubs)
   for machines without the CUDA toolkit: there it also lets clang parse the
   host side of a .cu file (-nocudainc), with the CUDA attributes
   (host_defines.h), dim3 (vector_types.h) and the declaration a kernel
   launch (<<<...>>>) needs. */
#ifndef GEMM_STANDIN_CUDA_RUNTIME_H
#define GEMM_STANDIN_CUDA_RUNTIME_H
#include <stddef.h>
#include "host_defines.h"
#include "library_types.h"
#include "vector_types.h"
#define CUDART_VERSION 13000
typedef enum { cudaSuccess = 0, cudaErrorMemoryAllocation = 2 } cudaError_t;
typedef struct CUstream_st *cudaStream_t;
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
#if defined(__cplusplus) && defined(__CUDA__)
/* clang in CUDA mode without the toolkit's headers (-nocudainc). */
#include <__clang_cuda_builtin_vars.h> /* threadIdx, blockIdx, blockDim, gridDim */
/* What clang lowers <<<...>>> to: the first for CUDA >= 9.2, the second when
   it assumes an older CUDA, as it does without a toolkit. */
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                                size_t sharedMem = 0, void *stream = 0);
extern "C" int cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                 void *stream = 0);
#endif
#endif
