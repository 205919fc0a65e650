/* Not a CUDA header: what cuda_fp16.h and cuda_bf16.h have in common, for
   their stand-ins. The half and bfloat16 types of the toolkit have the same
   shape (a 16-bit class that converts implicitly from arithmetic types and to
   float, its two-lane partner, the same overloaded __h* functions) and
   differ in the names of their conversions, made here from Name (half,
   bfloat16). Declared only: the stand-ins are parsed, never linked. */
#ifndef GEMM_STANDIN_16BIT_H
#define GEMM_STANDIN_16BIT_H
#include "vector_types.h"

#define GEMM_STANDIN_16BIT_OPERATORS(T)                                        \
  __host__ __device__ T operator+(const T &, const T &);                       \
  __host__ __device__ T operator-(const T &, const T &);                       \
  __host__ __device__ T operator*(const T &, const T &);                       \
  __host__ __device__ T operator/(const T &, const T &);                       \
  __host__ __device__ T &operator+=(T &, const T &);                           \
  __host__ __device__ T &operator-=(T &, const T &);                           \
  __host__ __device__ T &operator*=(T &, const T &);                           \
  __host__ __device__ T &operator/=(T &, const T &);                           \
  __host__ __device__ T operator+(const T &);                                  \
  __host__ __device__ T operator-(const T &);                                  \
  __host__ __device__ bool operator==(const T &, const T &);                   \
  __host__ __device__ bool operator!=(const T &, const T &);                   \
  __host__ __device__ bool operator<(const T &, const T &);                    \
  __host__ __device__ bool operator>(const T &, const T &);                    \
  __host__ __device__ bool operator<=(const T &, const T &);                   \
  __host__ __device__ bool operator>=(const T &, const T &);

/* T and T2 (the type and its pair), Raw and Raw2 (their plain structs, which
   C code sees), Name (half, bfloat16). */
#define GEMM_STANDIN_16BIT(T, T2, Raw, Raw2, Name)                             \
  struct __attribute__((aligned(2))) T {                                       \
    T() = default;                                                             \
    __host__ __device__ constexpr T(const Raw &R) : __x(R.x) {}                \
    __host__ __device__ T(float);                                              \
    __host__ __device__ T(double);                                             \
    __host__ __device__ T(short);                                              \
    __host__ __device__ T(unsigned short);                                     \
    __host__ __device__ T(int);                                                \
    __host__ __device__ T(unsigned int);                                       \
    __host__ __device__ T(long);                                               \
    __host__ __device__ T(unsigned long);                                      \
    __host__ __device__ T(long long);                                          \
    __host__ __device__ T(unsigned long long);                                 \
    __host__ __device__ T &operator=(const Raw &);                             \
    __host__ __device__ T &operator=(float);                                   \
    __host__ __device__ T &operator=(double);                                  \
    __host__ __device__ operator Raw() const;                                  \
    __host__ __device__ operator float() const;                                \
    __host__ __device__ explicit operator bool() const;                        \
                                                                               \
  protected:                                                                   \
    unsigned short __x;                                                        \
  };                                                                           \
  struct __attribute__((aligned(4))) T2 {                                      \
    T x, y;                                                                    \
    T2() = default;                                                            \
    __host__ __device__ constexpr T2(const T &A, const T &B) : x(A), y(B) {}   \
    __host__ __device__ T2(const Raw2 &);                                      \
    __host__ __device__ T2 &operator=(const Raw2 &);                           \
    __host__ __device__ operator Raw2() const;                                 \
  };                                                                           \
  GEMM_STANDIN_16BIT_OPERATORS(T)                                              \
  GEMM_STANDIN_16BIT_OPERATORS(T2)                                             \
  __host__ __device__ T __float2##Name(float);                                 \
  __host__ __device__ T __float2##Name##_rn(float);                            \
  __host__ __device__ T __float2##Name##_rz(float);                            \
  __host__ __device__ T __float2##Name##_rd(float);                            \
  __host__ __device__ T __float2##Name##_ru(float);                            \
  __host__ __device__ T __double2##Name(double);                               \
  __host__ __device__ float __##Name##2float(T);                               \
  __host__ __device__ T __int2##Name##_rn(int);                                \
  __host__ __device__ T __uint2##Name##_rn(unsigned int);                      \
  __host__ __device__ T __short2##Name##_rn(short);                            \
  __host__ __device__ T __ushort2##Name##_rn(unsigned short);                  \
  __host__ __device__ T __ll2##Name##_rn(long long);                           \
  __host__ __device__ T __ull2##Name##_rn(unsigned long long);                 \
  __host__ __device__ int __##Name##2int_rz(T);                                \
  __host__ __device__ unsigned int __##Name##2uint_rz(T);                      \
  __host__ __device__ short __##Name##2short_rz(T);                            \
  __host__ __device__ long long __##Name##2ll_rz(T);                           \
  __host__ __device__ unsigned short __##Name##_as_ushort(T);                  \
  __host__ __device__ short __##Name##_as_short(T);                            \
  __host__ __device__ T __ushort_as_##Name(unsigned short);                    \
  __host__ __device__ T __short_as_##Name(short);                              \
  __host__ __device__ T2 __float2##Name##2_rn(float);                          \
  __host__ __device__ T2 __floats2##Name##2_rn(float, float);                  \
  __host__ __device__ T2 __float22##Name##2_rn(float2);                        \
  __host__ __device__ float2 __##Name##22float2(T2);                           \
  __host__ __device__ T2 make_##Name##2(T, T);                                 \
  __host__ __device__ float __low2float(T2);                                   \
  __host__ __device__ float __high2float(T2);                                  \
  __host__ __device__ T __low2##Name(T2);                                      \
  __host__ __device__ T __high2##Name(T2);                                     \
  __host__ __device__ T2 __halves2##Name##2(T, T);                             \
  __host__ __device__ T2 __##Name##2##Name##2(T);                              \
  __host__ __device__ T __hadd(T, T);                                          \
  __host__ __device__ T __hsub(T, T);                                          \
  __host__ __device__ T __hmul(T, T);                                          \
  __host__ __device__ T __hdiv(T, T);                                          \
  __host__ __device__ T __hfma(T, T, T);                                       \
  __host__ __device__ T __hneg(T);                                             \
  __host__ __device__ T __habs(T);                                             \
  __host__ __device__ T __hmax(T, T);                                          \
  __host__ __device__ T __hmin(T, T);                                          \
  __host__ __device__ bool __heq(T, T);                                        \
  __host__ __device__ bool __hne(T, T);                                        \
  __host__ __device__ bool __hlt(T, T);                                        \
  __host__ __device__ bool __hle(T, T);                                        \
  __host__ __device__ bool __hgt(T, T);                                        \
  __host__ __device__ bool __hge(T, T);                                        \
  __host__ __device__ bool __hisnan(T);                                        \
  __host__ __device__ int __hisinf(T);                                         \
  __host__ __device__ T2 __hadd2(T2, T2);                                      \
  __host__ __device__ T2 __hsub2(T2, T2);                                      \
  __host__ __device__ T2 __hmul2(T2, T2);                                      \
  __host__ __device__ T2 __hfma2(T2, T2, T2);
#endif
