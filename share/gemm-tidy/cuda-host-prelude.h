/* gemm-tidy's CUDA host prelude: what nvcc gives the host side of a .cu file
 * and clang, parsing the same file with --cuda-host-only, does not. Forced in
 * (-include) by run-gemm-tidy for .cu files, offered by the CMake package
 * (GEMM_TIDY_CUDA_HOST_FLAGS) and by the .clangd recipe (docs/editors.md).
 * It only lets clang parse what nvcc accepts; it declares nothing the checks
 * read (no cuBLAS declaration, no value).
 *
 *   0. cuda_runtime.h, which nvcc includes in every .cu file and clang
 *      (through its runtime wrapper) only with the toolkit: without one
 *      (-nocudainc, run-gemm-tidy --cuda-stubs) the stand-in's is included;
 *   1. the standard C headers nvcc includes implicitly (its cuda_runtime.h
 *      pulls in stdio.h, stdlib.h, string.h, time.h and math.h, which also
 *      makes isnan, isinf, isfinite and signbit callable unqualified in
 *      host code);
 *   2. nvcc's host overloads of min and max (crt/math_functions.hpp); clang
 *      declares them for the device only;
 *   3. the store intrinsics clang does not declare (__stcs, __stcg, __stwb;
 *      clang has __stwt), as device functions, for the bodies of kernels.
 *
 * The nvcc version macros (__CUDACC_VER_MAJOR__ and friends) are not here:
 * they are the toolkit's, and run-gemm-tidy defines them from its
 * version.json, nvcc --version or cuda.h.
 */
#ifndef GEMM_TIDY_CUDA_HOST_PRELUDE_H
#define GEMM_TIDY_CUDA_HOST_PRELUDE_H
#if defined(__clang__) && defined(__CUDA__) && !defined(__CUDA_ARCH__)

#if !defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__) && __has_include(<cuda_runtime.h>)
#include <cuda_runtime.h>
#endif
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define GEMM_PRELUDE_HOST static inline __attribute__((host))
#define GEMM_PRELUDE_MINMAX(T, U, R)                                           \
  GEMM_PRELUDE_HOST R min(T a, U b) { return (R)a < (R)b ? (R)a : (R)b; }      \
  GEMM_PRELUDE_HOST R max(T a, U b) { return (R)a > (R)b ? (R)a : (R)b; }
GEMM_PRELUDE_MINMAX(int, int, int)
GEMM_PRELUDE_MINMAX(unsigned int, unsigned int, unsigned int)
GEMM_PRELUDE_MINMAX(int, unsigned int, unsigned int)
GEMM_PRELUDE_MINMAX(unsigned int, int, unsigned int)
GEMM_PRELUDE_MINMAX(long, long, long)
GEMM_PRELUDE_MINMAX(unsigned long, unsigned long, unsigned long)
GEMM_PRELUDE_MINMAX(long long, long long, long long)
GEMM_PRELUDE_MINMAX(unsigned long long, unsigned long long, unsigned long long)
GEMM_PRELUDE_MINMAX(long long, unsigned long long, unsigned long long)
GEMM_PRELUDE_MINMAX(unsigned long long, long long, unsigned long long)
GEMM_PRELUDE_MINMAX(float, float, float)
GEMM_PRELUDE_MINMAX(double, double, double)
GEMM_PRELUDE_MINMAX(float, double, double)
GEMM_PRELUDE_MINMAX(double, float, double)
#undef GEMM_PRELUDE_MINMAX

#undef GEMM_PRELUDE_HOST

#if defined(__cplusplus)
#define GEMM_PRELUDE_STORE(Name)                                               \
  template <class T>                                                           \
  static inline __attribute__((device)) void Name(T *p, T v) { *p = v; }
GEMM_PRELUDE_STORE(__stcs)
GEMM_PRELUDE_STORE(__stcg)
GEMM_PRELUDE_STORE(__stwb)
#undef GEMM_PRELUDE_STORE
#endif

#endif
#endif
