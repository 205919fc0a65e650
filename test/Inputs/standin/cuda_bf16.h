/* Stand-in for CUDA's cuda_bf16.h: __nv_bfloat16 and __nv_bfloat162 as host
   code of the GEMM family uses them. C sees only the raw structs, as with the
   toolkit. */
#ifndef GEMM_STANDIN_CUDA_BF16_H
#define GEMM_STANDIN_CUDA_BF16_H
#include "cuda_fp16.h"
typedef struct __attribute__((aligned(2))) { unsigned short x; } __nv_bfloat16_raw;
typedef struct __attribute__((aligned(4))) { unsigned short x, y; } __nv_bfloat162_raw;
#if defined(__cplusplus)
GEMM_STANDIN_16BIT(__nv_bfloat16, __nv_bfloat162, __nv_bfloat16_raw, __nv_bfloat162_raw, bfloat16)
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
#endif
#endif
