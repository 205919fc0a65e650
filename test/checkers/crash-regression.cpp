// Ill-formed and unusual input must never crash the host clang-tidy, and an
// argument the compiler could not make sense of is never reported.
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags
// ALLOW-COMPILER-ERRORS

#include <cublas_v2.h>

cublasHandle_t h;
const void *A, *B;
void *C;
const float *alpha, *beta;

// Too few and too many arguments: no overload matches; nothing to analyse.
void wrongArgumentCounts() {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_32F, 2);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, 0, 0, 1, 0, 4, 0, 0, 4, 99, 100);
}

// Undeclared names leave recovery expressions in the arguments.
void undeclaredNames() {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, undeclared_m, 4, 4, alpha, A, CUDA_R_32F, 1, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 1, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 4, 4, alpha, A, CUDA_R_32F, 1, B, CUDA_R_32F, 4, beta, C, NOT_A_TYPE, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

// Dependent arguments in a template that is never instantiated.
template <typename T, int M, cublasOperation_t Op>
void dependent(const T *a, const T *b, T *c, const T *s) {
  cublasGemmEx(h, Op, Op, M, M, M, s, a, sizeof(T) == 2 ? CUDA_R_16F : CUDA_R_32F, M / 2, b, CUDA_R_32F, M, s, c, CUDA_R_32F, M, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

// A generic lambda and a function pointer to the API.
void indirect() {
  auto call = [](auto lda) {
    return cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 4, 4, alpha, A, CUDA_R_32F, lda, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  };
  auto *fn = &cublasSgemm_v2;
  (void)fn;
  (void)call;
}

// A user function that happens to share a name, in another namespace, with
// another signature.
namespace mine {
int cublasGemmEx(int m, int lda) { return m + lda; }
int use() { return cublasGemmEx(128, 1); }
} // namespace mine
