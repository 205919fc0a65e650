/* Stand-in for CUDA's cuda_fp16.h: __half and __half2 as host code of the
   GEMM family uses them (scales, host conversions, reference results). C sees
   only the raw structs, as with the toolkit. */
#ifndef GEMM_STANDIN_CUDA_FP16_H
#define GEMM_STANDIN_CUDA_FP16_H
#include "gemm_standin_16bit.h"
typedef struct __attribute__((aligned(2))) { unsigned short x; } __half_raw;
typedef struct __attribute__((aligned(4))) { unsigned short x, y; } __half2_raw;
#if defined(__cplusplus)
GEMM_STANDIN_16BIT(__half, __half2, __half_raw, __half2_raw, half)
typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half nv_half;
typedef __half2 nv_half2;
#endif
#endif
