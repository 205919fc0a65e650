// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- -I%S/../Inputs/lt-rules %gemm_cxx_flags
//
// One case per leading-dimension rule of docs/cublaslt.md (Layouts and shapes):
// a setup that breaks exactly that rule, and its valid look-alike, which
// must stay silent. The IMMA orders are shown on NVIDIA's LtIgemmTensor
// setup (int8 A/B, int32 C/D, TRANSA = N, TRANSB = T).

#include "lt_rules_common.h"

// ---- positive -------------------------------------------------------------------

// Table 2: the IMMA orders take only int8 A and B; on fp32 data (a regular
// row of Table 1) the order is the mistake, and the warning names it.
void col32OnFloatData() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 2048);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'CUBLASLT_MATRIX_LAYOUT_ORDER of Adesc' is CUBLASLT_ORDER_COL32, an IMMA order, which takes only int8 A and B with an int8 compute type: computeType CUBLAS_COMPUTE_32F, scaleType CUDA_R_32F, A CUDA_R_32F, B CUDA_R_32F, C CUDA_R_32F, D CUDA_R_32F [gemm-type-combination]
}

// LT-LD-COL32: A has 64 rows in ORDER_COL32, so ld >= 32 * 64 = 2048.
void col32LdBelow32Rows() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 64, 64, 64);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 64, 1024);
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_ORDER, &col4, sizeof(col4));
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 32, 2048);
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (64) must be at least 32 * rows (ORDER_COL32) = 2048 [gemm-leading-dimension]
}

// LT-LD-COL4: B has 32 rows in ORDER_COL4_4R2_8C, so ld >= 256 * ceil(32 / 8) = 1024.
// Passing the row count as ld is the common slip.
void col4LdBelowBound() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 64, 64, 2048);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 64, 32);
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_ORDER, &col4, sizeof(col4));
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 32, 2048);
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Bdesc' (32) must be at least 256 * ceil(rows / 8) (ORDER_COL4_4R2_8C) = 1024 [gemm-leading-dimension]
}

// LT-LD-COL32R4: B has 32 rows in ORDER_COL32_2R_4R4, so ld >= 1024 * ceil(32 / 32) = 1024.
void col32r4LdBelowBound() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 64, 64, 2048);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 64, 256);
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32r4, sizeof(col32r4));
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 32, 2048);
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Bdesc' (256) must be at least 1024 * ceil(rows / 32) (ORDER_COL32_2R_4R4) = 1024 [gemm-leading-dimension]
}

// LT-LD-ZERO: ld = 0 is a broadcast, allowed only for an out-of-place C.
void zeroLdForA() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 0);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (0) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-2]]:35: note: ld = 0 is allowed only for C, out of place
}

// LT-LD-ZERO: C is D (same buffer, same layout), so its ld = 0 is D's.
void zeroLdForCInPlace() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 0);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, D, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Ddesc' (0) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-2]]:60: note: ld = 0 is allowed only for C, out of place
}

// LT-LD-ZERO: C is D's buffer (in place) even with a Cdesc of its own.
void zeroLdForCSameBuffer() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 0);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, D, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Cdesc' (0) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-2]]:54: note: ld = 0 is allowed only for C, out of place
}

// LT-LD-ZERO: nor for B.
void zeroLdForB() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 0);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Bdesc' (0) must be at least the rows (ORDER_COL) = 32 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-2]]:41: note: ld = 0 is allowed only for C, out of place
}

// ---- negative -------------------------------------------------------------------

// LtIgemmTensor: lda = 32 * m, ldb = 32 * roundoff(n, 8), ldc = 32 * m.
void col32ExactBound() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 64, 64, 2048);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 64, 1024);
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_ORDER, &col4, sizeof(col4));
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 32, 2048);
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, d, D, d, nullptr, workspace, 0, 0);
}

// ORDER_COL32_2R_4R4 for B (Ampere's preferred int8 B order): ld = 1024 * ceil(n / 32).
void col32r4ExactBound() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 64, 64, 2048);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 64, 1024);
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32r4, sizeof(col32r4));
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 32, 2048);
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, d, D, d, nullptr, workspace, 0, 0);
}

// Row broadcast of C: ld = 0 for an out-of-place C with its own layout.
void zeroLdForCOutOfPlace() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 0);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}
