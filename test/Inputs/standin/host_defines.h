/* Stand-in for CUDA's crt/host_defines.h: the execution-space attributes the
   other stand-ins (and users' host code) write. clang in CUDA mode without
   the toolkit (-nocudainc) knows them as attributes; any other compiler
   reads them as nothing, as it reads the toolkit's. */
#ifndef GEMM_STANDIN_HOST_DEFINES_H
#define GEMM_STANDIN_HOST_DEFINES_H
#if !defined(__host__)
#if defined(__CUDA__)
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#else
#define __global__
#define __device__
#define __host__
#define __shared__
#define __constant__
#define __managed__
#endif
#endif
#if !defined(__forceinline__)
#define __forceinline__ inline __attribute__((always_inline))
#endif
#endif
