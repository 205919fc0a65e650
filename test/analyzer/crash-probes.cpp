// Crash probes: templates and dependent code, wrong argument counts through
// casts, recursion, an object that is storage rather than a symbol, and
// declarations of the table's names that are not the library's.
// REQUIRES: gemm-analyzer, cuda-headers
// RUN: %clang_analyze_gemm %gemm_cxx_flags %s
// expected-no-diagnostics

#include <cublasLt.h>
#include <cublas_v2.h>

template <typename T, int Ld> struct Gemm {
  static void run(cublasHandle_t h, const T *A, T *C, int depth) {
    const T alpha = 1, beta = 0;
    if (depth > 0)
      return run(h, A, C, depth - 1); // recursion
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, Ld, Ld, Ld, &alpha, A, Ld, A, Ld, &beta, C, Ld);
  }
};

template <typename T> void dependent(cublasHandle_t h, T *A) {
  Gemm<T, 16>::run(h, A, A, 3);
}

void instantiate(cublasHandle_t h, float *A) { dependent(h, A); }

// Called with the wrong number of arguments through a cast: not modelled,
// not checked.
void wrongCount(cublasHandle_t h) {
  auto Fn = (cublasStatus_t(*)(cublasHandle_t))(void *)&cublasSgemm_v2;
  Fn(h);
  cublasHandle_t h2;
  ((cublasStatus_t(*)(cublasHandle_t *, int))(void *)&cublasCreate_v2)(&h2, 1);
}

// A layout in storage the program owns (*Init): not a symbol.
void storage(cublasLtHandle_t lt, const float *A, float *C) {
  cublasLtMatrixLayoutOpaque_t Storage;
  cublasLtMatrixLayout_t L = &Storage;
  cublasLtMatrixLayoutInit(L, CUDA_R_32F, 16, 16, 16);
  cublasLtMatmulDesc_t Op;
  cublasLtMatmulDescCreate(&Op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const float One = 1, Zero = 0;
  cublasLtMatmul(lt, Op, &One, A, L, A, L, &Zero, C, L, C, L, nullptr, nullptr, 0, 0);
}

// A project's own function that shares a name with the table's.
namespace mine {
int cudaMalloc(void **, unsigned long);
}
void ownAllocator() {
  void *p;
  mine::cudaMalloc(&p, 16);
}
