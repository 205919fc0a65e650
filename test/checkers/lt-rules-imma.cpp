// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- -I%S/../Inputs/lt-rules %gemm_cxx_flags
//
// One case per int8 (IMMA) rule of docs/cublaslt.md (int8 (IMMA)): a setup
// that breaks exactly that rule, and its valid look-alike, which must stay
// silent. Regular-order int8 is TN; the IMMA orders follow NVIDIA's
// LtIgemmTensor (COL32 A/C/D, COL4_4R2_8C B, TRANSA = N, TRANSB = T).
#include "lt_rules_common.h"

// ---- positive -------------------------------------------------------------------

// LT-IMMA-TN: int8 in regular (COL) order supports only TN.
void int8NN() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32I, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 16, 64);
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: int8 matmuls support only the TN format (TRANSA = CUBLAS_OP_T, TRANSB = CUBLAS_OP_N) [gemm-int8-alignment]
}

// LT-IMMA-LD4: int8 leading dimensions are multiples of 4.
void int8LdNotMultipleOf4() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 32, 64, 34);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32I, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 16, 64);
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (34) must be a multiple of 4 in int8 matmuls [gemm-int8-alignment]
}

// LT-IMMA-MK4: m and k are multiples of 4 (m = 62).
void int8MNotMultipleOf4() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 32, 62, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32I, 62, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 62, 16, 64);
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: m (62) must be a multiple of 4 in int8 matmuls [gemm-int8-alignment]
}

// LT-IMMA-PMODE: regular-order int8 takes HOST, DEVICE or ALPHA_DEVICE_VECTOR_BETA_HOST.
void int8DeviceVectorMode() {
  int32_t *scalars;
  cudaMalloc(&scalars, 128 * sizeof(int32_t));
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  const cublasLtPointerMode_t mode = CUBLASLT_POINTER_MODE_DEVICE_VECTOR;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof(mode));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32I, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 16, 64);
  cublasLtMatmul(lt, op, scalars, A, a, B, b, scalars + 64, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_POINTER_MODE' CUBLASLT_POINTER_MODE_DEVICE_VECTOR is not supported in int8 matmuls with regular orders (HOST, DEVICE or ALPHA_DEVICE_VECTOR_BETA_HOST) [gemm-scalar-pointer-mode]
}

// LT-IMMA-EPI: the int8 -> int32 row takes no epilogue.
void int8ReluEpilogue() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_RELU;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32I, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 16, 64);
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_EPILOGUE' CUBLASLT_EPILOGUE_RELU is not supported with CUBLAS_COMPUTE_32I and CUDA_R_8I -> CUDA_R_32I (only CUBLASLT_EPILOGUE_DEFAULT) [gemm-epilogue]
}

// LT-IMMA-ORDER: with COL32 A, B is COL4_4R2_8C or COL32_2R_4R4, not COL.
void immaBInColOrder() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 64, 64, 2048);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 32, 2048);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: 'CUBLASLT_MATRIX_LAYOUT_ORDER of Bdesc' is CUBLASLT_ORDER_COL; with IMMA orders A, C and D use CUBLASLT_ORDER_COL32 and B CUBLASLT_ORDER_COL4_4R2_8C or CUBLASLT_ORDER_COL32_2R_4R4 [gemm-int8-alignment]
}

// LT-IMMA-ORDER: the IMMA orders need TRANSA = N, TRANSB = T.
void immaTransposedA() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 64, 64, 2048);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 64, 1024);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 32, 2048);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_ORDER, &col4, sizeof(col4));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: IMMA orders need TRANSA = CUBLAS_OP_N and TRANSB = CUBLAS_OP_T [gemm-int8-alignment]
}

// LT-IMMA-PMODE2: ALPHA_DEVICE_VECTOR_BETA_HOST is not supported with the IMMA orders.
void immaBetaHostVectorMode() {
  int32_t *scalars;
  cudaMalloc(&scalars, 64 * sizeof(int32_t));
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opT, sizeof(opT));
  const cublasLtPointerMode_t mode = CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof(mode));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 64, 64, 2048);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 64, 1024);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 32, 2048);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_ORDER, &col4, sizeof(col4));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatmul(lt, op, scalars, A, a, B, b, &izero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_POINTER_MODE' CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST is not supported with IMMA orders (HOST, DEVICE, DEVICE_VECTOR or ALPHA_DEVICE_VECTOR_BETA_ZERO) [gemm-scalar-pointer-mode]
}

// LT-IMMA-EPI2: the IMMA-order rows take no epilogue either.
void immaReluEpilogue() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opT, sizeof(opT));
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_RELU;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 64, 64, 2048);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 64, 1024);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 32, 2048);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_ORDER, &col4, sizeof(col4));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_EPILOGUE' CUBLASLT_EPILOGUE_RELU is not supported with CUBLAS_COMPUTE_32I and CUDA_R_8I -> CUDA_R_32I (only CUBLASLT_EPILOGUE_DEFAULT) [gemm-epilogue]
}

// LT-IMMA-MK4: and k (k = 30).
void int8KNotMultipleOf4() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 30, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 30, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32I, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 16, 64);
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: k (30) must be a multiple of 4 in int8 matmuls [gemm-int8-alignment]
}

// ---- negative -------------------------------------------------------------------

// LtIgemm-style int8 TN: m, k and every ld multiples of 4.
void int8TN() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32I, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 16, 64);
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, c, D, d, nullptr, workspace, 0, 0);
}

// DEVICE pointer mode with int8 TN.
void int8DeviceMode() {
  int32_t *scalars;
  cudaMalloc(&scalars, 2 * sizeof(int32_t));
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  const cublasLtPointerMode_t mode = CUBLASLT_POINTER_MODE_DEVICE;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof(mode));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32I, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 16, 64);
  cublasLtMatmul(lt, op, scalars, A, a, B, b, scalars + 1, C, c, D, d, nullptr, workspace, 0, 0);
}

// An explicit DEFAULT epilogue.
void int8DefaultEpilogue() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_DEFAULT;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32I, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 16, 64);
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, c, D, d, nullptr, workspace, 0, 0);
}

// LtIgemmTensor: COL32 A and D, COL4_4R2_8C B, TRANSB = T.
void immaTensor() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 64, 64, 2048);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 64, 1024);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 32, 2048);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_ORDER, &col4, sizeof(col4));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, d, D, d, nullptr, workspace, 0, 0);
}

// ALPHA_DEVICE_VECTOR_BETA_ZERO with the IMMA orders.
void immaAlphaDeviceVectorBetaZero() {
  int32_t *scalars;
  cudaMalloc(&scalars, 64 * sizeof(int32_t));
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opT, sizeof(opT));
  const cublasLtPointerMode_t mode = CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof(mode));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 64, 64, 2048);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 64, 1024);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 32, 2048);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_ORDER, &col4, sizeof(col4));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatmul(lt, op, scalars, A, a, B, b, nullptr, C, d, D, d, nullptr, workspace, 0, 0);
}
