/* Stand-in for CUDA's vector_types.h: the built-in vector structs host code
   of the GEMM family meets (cuComplex is float2, cuDoubleComplex double2) and
   dim3, with the real alignment. */
#ifndef GEMM_STANDIN_VECTOR_TYPES_H
#define GEMM_STANDIN_VECTOR_TYPES_H
#include "host_defines.h"
typedef struct __attribute__((aligned(2))) char2 { signed char x, y; } char2;
typedef struct __attribute__((aligned(4))) char4 { signed char x, y, z, w; } char4;
typedef struct __attribute__((aligned(4))) uchar4 { unsigned char x, y, z, w; } uchar4;
typedef struct __attribute__((aligned(4))) short2 { short x, y; } short2;
typedef struct __attribute__((aligned(8))) int2 { int x, y; } int2;
typedef struct __attribute__((aligned(16))) int4 { int x, y, z, w; } int4;
typedef struct __attribute__((aligned(8))) uint2 { unsigned int x, y; } uint2;
typedef struct __attribute__((aligned(16))) uint4 { unsigned int x, y, z, w; } uint4;
typedef struct __attribute__((aligned(8))) float2 { float x, y; } float2;
typedef struct float3 { float x, y, z; } float3;
typedef struct __attribute__((aligned(16))) float4 { float x, y, z, w; } float4;
typedef struct __attribute__((aligned(16))) double2 { double x, y; } double2;
#if defined(__cplusplus)
struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
};
#else
typedef struct dim3 { unsigned int x, y, z; } dim3;
#endif
#if defined(__cplusplus)
extern "C" {
#endif
__host__ __device__ int2 make_int2(int x, int y);
__host__ __device__ int4 make_int4(int x, int y, int z, int w);
__host__ __device__ float2 make_float2(float x, float y);
__host__ __device__ float3 make_float3(float x, float y, float z);
__host__ __device__ float4 make_float4(float x, float y, float z, float w);
__host__ __device__ double2 make_double2(double x, double y);
#if defined(__cplusplus)
}
#endif
#endif
