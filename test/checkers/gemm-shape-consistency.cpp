// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s gemm-shape-consistency %t -- -- %gemm_cxx_flags
//
// cublasLtMatmul: D (m x n) = op(A) (m x k) * op(B) (k x n), with the
// layouts describing the matrices as stored, before TRANSA/TRANSB; C has
// D's shape.

#include <cublasLt.h>
#include <cstdint>

cublasLtHandle_t lt;
const void *A, *B;
void *C, *D, *workspace;
const float one = 1, zero = 0;

// ---- positive -------------------------------------------------------------------

// k differs: A is 64 x 32, B is 16 x 16.
void innerDimensionDiffers() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 16, 16, 16);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: the rows of op(B) ('CUBLASLT_MATRIX_LAYOUT_ROWS of Bdesc') (16) does not match k, the columns of op(A) ('CUBLASLT_MATRIX_LAYOUT_COLS of Adesc') (32) [gemm-shape-consistency]
  // CHECK-NOTES: :[[@LINE-4]]:46: note: 'CUBLASLT_MATRIX_LAYOUT_ROWS of Bdesc' is 16, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-3]]:41: note: D (m x n) = op(A) (m x k) * op(B) (k x n); the layouts describe the matrices as stored, before TRANSA/TRANSB
}

// TRANSA = T, but A's layout is given as op(A): m comes out wrong.
void layoutOfTransposedGivenAsOp() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasOperation_t t = CUBLAS_OP_T;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof(t));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: the rows of op(A) ('CUBLASLT_MATRIX_LAYOUT_COLS of Adesc') (32) does not match m, the rows of D (64) [gemm-shape-consistency]
  // CHECK-NOTES: :[[@LINE-5]]:50: note: 'CUBLASLT_MATRIX_LAYOUT_COLS of Adesc' is 32, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-8]]:3: note: 'CUBLASLT_MATMUL_DESC_TRANSA' is CUBLAS_OP_T, set by cublasLtMatmulDescSetAttribute here
  // CHECK-NOTES: :[[@LINE-4]]:35: note: D (m x n) = op(A) (m x k) * op(B) (k x n); the layouts describe the matrices as stored, before TRANSA/TRANSB
  // CHECK-MESSAGES: :[[@LINE-5]]:41: warning: the rows of op(B) ('CUBLASLT_MATRIX_LAYOUT_ROWS of Bdesc') (32) does not match k, the columns of op(A) ('CUBLASLT_MATRIX_LAYOUT_ROWS of Adesc') (64) [gemm-shape-consistency]
  // CHECK-NOTES: :[[@LINE-8]]:46: note: 'CUBLASLT_MATRIX_LAYOUT_ROWS of Bdesc' is 32, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-7]]:41: note: D (m x n) = op(A) (m x k) * op(B) (k x n); the layouts describe the matrices as stored, before TRANSA/TRANSB
}

// C's layout is not D's shape.
void cShapeDiffers() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 8, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: the columns of C (8) does not match the columns of D (16) [gemm-shape-consistency]
  // CHECK-NOTES: :[[@LINE-4]]:50: note: 'CUBLASLT_MATRIX_LAYOUT_COLS of Cdesc' is 8, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-3]]:54: note: D (m x n) = op(A) (m x k) * op(B) (k x n); the layouts describe the matrices as stored, before TRANSA/TRANSB
}

// The heuristic query is judged as the matmul is.
void heuristicQuery() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 16, 16, 16);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmulPreference_t pref;
  cublasLtMatmulPreferenceCreate(&pref);
  cublasLtMatmulHeuristicResult_t result;
  int found = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &result, &found);
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: the rows of op(B) ('CUBLASLT_MATRIX_LAYOUT_ROWS of Bdesc') (16) does not match k, the columns of op(A) ('CUBLASLT_MATRIX_LAYOUT_COLS of Adesc') (32) [gemm-shape-consistency]
  // CHECK-NOTES: :[[@LINE-8]]:46: note: 'CUBLASLT_MATRIX_LAYOUT_ROWS of Bdesc' is 16, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-3]]:45: note: D (m x n) = op(A) (m x k) * op(B) (k x n); the layouts describe the matrices as stored, before TRANSA/TRANSB
}

// ---- negative -------------------------------------------------------------------

// NVIDIA's LtSgemm shape: TN, A stored k x m, B stored k x n.
void transposedA() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasOperation_t t = CUBLAS_OP_T, n = CUBLAS_OP_N;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof(t));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &n, sizeof(n));
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
}

// A NULL Cdesc means D's layout.
void nullCdesc() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, nullptr, D, d, nullptr, workspace, 0, 0);
}

// ---- skipped: not proven ------------------------------------------------------------

// k comes from the caller.
void kFromParameter(uint64_t k) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, k, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
}

// The transpose comes from a variable the analysis cannot follow.
void transposeUnknown(const cublasOperation_t *trans) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, trans, sizeof(*trans));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
}
