/* Stand-in for CUDA's cuda_fp8.h: the 8-bit float storage, the conversions
   and the __nv_fp8_* classes (explicit conversions both ways, as with the
   toolkit) that host code of an FP8 cuBLASLt setup uses. */
#ifndef GEMM_STANDIN_CUDA_FP8_H
#define GEMM_STANDIN_CUDA_FP8_H
#include "cuda_bf16.h"
typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;
#if defined(__cplusplus)
extern "C" {
#endif
__host__ __device__ __nv_fp8_storage_t __nv_cvt_float_to_fp8(float, __nv_saturation_t, __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_double_to_fp8(double, __nv_saturation_t, __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2, __nv_saturation_t, __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half_raw, __nv_saturation_t, __nv_fp8_interpretation_t);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw, __nv_saturation_t, __nv_fp8_interpretation_t);
__host__ __device__ __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t, __nv_fp8_interpretation_t);
__host__ __device__ __half2_raw __nv_cvt_fp8x2_to_halfraw2(__nv_fp8x2_storage_t, __nv_fp8_interpretation_t);
#if defined(__cplusplus)
}

#define GEMM_STANDIN_FP8(T, T2, T4)                                            \
  struct __attribute__((aligned(1))) T {                                       \
    __nv_fp8_storage_t __x;                                                    \
    T() = default;                                                             \
    explicit __host__ __device__ T(__half);                                    \
    explicit __host__ __device__ T(__nv_bfloat16);                             \
    explicit __host__ __device__ T(float);                                     \
    explicit __host__ __device__ T(double);                                    \
    explicit __host__ __device__ T(int);                                       \
    explicit __host__ __device__ T(unsigned int);                              \
    explicit __host__ __device__ T(long long);                                 \
    explicit __host__ __device__ T(unsigned long long);                        \
    explicit __host__ __device__ operator __half() const;                      \
    explicit __host__ __device__ operator __nv_bfloat16() const;               \
    explicit __host__ __device__ operator float() const;                       \
    explicit __host__ __device__ operator double() const;                      \
    explicit __host__ __device__ operator int() const;                         \
    explicit __host__ __device__ operator bool() const;                        \
  };                                                                           \
  struct __attribute__((aligned(2))) T2 {                                      \
    __nv_fp8x2_storage_t __x;                                                  \
    T2() = default;                                                            \
    explicit __host__ __device__ T2(float2);                                   \
    explicit __host__ __device__ T2(__half2);                                  \
    explicit __host__ __device__ operator float2() const;                      \
    explicit __host__ __device__ operator __half2() const;                     \
  };                                                                           \
  struct __attribute__((aligned(4))) T4 {                                      \
    __nv_fp8x4_storage_t __x;                                                  \
    T4() = default;                                                            \
    explicit __host__ __device__ T4(float4);                                   \
    explicit __host__ __device__ operator float4() const;                      \
  };
GEMM_STANDIN_FP8(__nv_fp8_e4m3, __nv_fp8x2_e4m3, __nv_fp8x4_e4m3)
GEMM_STANDIN_FP8(__nv_fp8_e5m2, __nv_fp8x2_e5m2, __nv_fp8x4_e5m2)
#endif
#endif
