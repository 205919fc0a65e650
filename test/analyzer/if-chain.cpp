// A big entry function that chooses the layouts through an if chain on the
// transposes and on tensor structs, as TransformerEngine's cublas_gemm does.
// The analyzer keeps the branches apart: only the branch the constant
// arguments take is checked.
// REQUIRES: gemm-analyzer, cuda-headers
// RUN: %clang_analyze_gemm %gemm_cxx_flags %s

#include <cublasLt.h>
#include <cuda_runtime.h>
#include <cstdint>

struct Tensor {
  void *data;
  int rows, cols;
  cudaDataType_t type;
};

void cublas_gemm(cublasLtHandle_t lt, const Tensor &A, const Tensor &B,
                 Tensor &D, bool transa, bool transb, void *workspace,
                 size_t workspaceSize) {
  const int m = transa ? A.rows : A.cols;
  const int k = transa ? A.cols : A.rows;
  const int n = transb ? B.cols : B.rows;
  const int lda = A.cols, ldb = B.cols, ldd = m;
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t Adesc, Bdesc, Ddesc;
  if (transa)
    cublasLtMatrixLayoutCreate(&Adesc, A.type, k, m, lda);
  else
    cublasLtMatrixLayoutCreate(&Adesc, A.type, m, k, lda);
  if (transb)
    cublasLtMatrixLayoutCreate(&Bdesc, B.type, n, k, ldb);
  else
    cublasLtMatrixLayoutCreate(&Bdesc, B.type, k, n, ldb);
  cublasLtMatrixLayoutCreate(&Ddesc, D.type, m, n, ldd);
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasOperation_t ta = transa ? CUBLAS_OP_T : CUBLAS_OP_N;
  const cublasOperation_t tb = transb ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof(ta));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof(tb));
  const float one = 1, zero = 0;
  cublasLtMatmul(lt, op, &one, A.data, Adesc, B.data, Bdesc, &zero, D.data, // #matmul
                 Ddesc, D.data, Ddesc, nullptr, workspace, workspaceSize, 0);
  cublasLtMatmulDescDestroy(op);
  cublasLtMatrixLayoutDestroy(Adesc);
  cublasLtMatrixLayoutDestroy(Bdesc);
  cublasLtMatrixLayoutDestroy(Ddesc);
}

void forward(cublasLtHandle_t lt, void *ws) {
  void *a, *b, *d;
  cudaMalloc(&a, 1 << 20);
  cudaMalloc(&b, 1 << 20);
  cudaMalloc(&d, 1 << 20);
  // Look-alike: shapes that agree (A is 64 x 128 row-major, transposed).
  Tensor A{a, 128, 64, CUDA_R_32F}, B{b, 32, 64, CUDA_R_32F};
  Tensor D{d, 32, 128, CUDA_R_32F};
  cublas_gemm(lt, A, B, D, true, false, ws, 0);
  // A half B with float A and D: no such cuBLASLt type combination.
  Tensor Bh{b, 32, 64, CUDA_R_16F};
  cublas_gemm(lt, A, Bh, D, true, false, ws, 0);
  // expected-warning@#matmul {{A and B types differ (CUDA_R_32F, CUDA_R_16F); only FP8 E4M3 x E5M2 pairs may mix: computeType CUBLAS_COMPUTE_32F, scaleType CUDA_R_32F, A CUDA_R_32F, B CUDA_R_16F, C CUDA_R_32F, D CUDA_R_32F [gemm.TypeCombination]}}
}
