// Ill-formed and unusual cuBLASLt code must never crash the host clang-tidy,
// and what the compiler could not make sense of is never reported.
// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags
// ALLOW-COMPILER-ERRORS

#include <cublasLt.h>
#include <cstdint>

cublasLtHandle_t lt;
const void *A, *B;
void *C, *D, *workspace;
const float one = 1, zero = 0;

// Too few and too many arguments: no overload matches.
void wrongArgumentCounts() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F);
  cublasLtMatrixLayout_t a;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_LD, 0);
  cublasLtMatmul(lt, op, &one, A, a, B, a, &zero, C, a, D, a, nullptr, workspace, 0);
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, a, a, a, nullptr, 1, nullptr, nullptr, 7);
  cublasLtMatrixTransform(lt, nullptr, &one, &one, nullptr);
  cublasLtMatmulAlgoGetIds(lt, CUBLAS_COMPUTE_32F, CUDA_R_32F, 0, nullptr, nullptr);
  cublasLtMatmulAlgoInit(lt, CUBLAS_COMPUTE_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, 0, nullptr, 0);
}

// Undeclared names leave recovery expressions in the arguments.
void undeclaredNames() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, NOT_A_TYPE, 64, 32, 16);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, undeclared_k, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_LD, &undeclared_ld, sizeof(undeclared_ld));
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
}

// Dependent arguments in a template that is never instantiated.
template <class T, int M>
void dependent(const T value) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &value, sizeof(T));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, M, 32, M / 4);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, M, 16, M);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
}

// A transform whose matrices have dependent types (never instantiated).
template <class T>
void dependentTransform(cublasLtMatrixTransformDesc_t x, const T *a, T *c) {
  T local[4];
  cublasLtMatrixTransform(lt, x, &one, a, nullptr, &zero, local, nullptr, c, nullptr, 0);
}

void function();

// Buffers of odd types: a function, an array, a variable-length array.
void oddBuffers(int n) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, (const void *)&function, 4);
  int32_t pair[2] = {1, 1};
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &pair, sizeof(pair));
  // CHECK-MESSAGES: :[[@LINE-1]]:74: warning: 'sizeInBytes' (8) does not match 'CUBLASLT_MATMUL_DESC_TRANSB', which is int32_t (4 bytes); cuBLASLt returns CUBLAS_STATUS_INVALID_VALUE and keeps the old value [gemm-attribute-encoding]
  int32_t vla[n];
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &vla, 4);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
}

// A setter wrapper that recurses, and one that is a member function.
void recurse(cublasLtMatrixLayout_t l) { recurse(l); }
struct Layouts {
  void set(cublasLtMatrixLayout_t l) {
    int64_t ld = 8;
    cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld));
  }
};
void wrappersNotFollowed() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  recurse(a);
  Layouts().set(b);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
}
