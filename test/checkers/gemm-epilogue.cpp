// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s gemm-epilogue %t -- -- %gemm_cxx_flags
//
// cublasLtMatmul epilogues: the bias and aux buffers they read and write,
// their types and leading dimensions, the orders they support.

#include <cublasLt.h>
#include <cstdint>

cublasLtHandle_t lt;
const void *A, *B;
void *C, *D, *workspace;
const float one = 1, zero = 0;

// fp16 in, fp16 out, fp32 compute: the bias is fp16 by default.
void createHalf(cublasLtMatmulDesc_t &op, cublasLtMatrixLayout_t &a,
                cublasLtMatrixLayout_t &b, cublasLtMatrixLayout_t &d);

// ---- positive -------------------------------------------------------------------

// EPILOGUE_BIAS without BIAS_POINTER: the bias pointer is NULL.
void biasEpilogueWithoutBias() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_BIAS;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_BIAS_POINTER' must be set for CUBLASLT_EPILOGUE_BIAS [gemm-epilogue]
  // CHECK-NOTES: :[[@LINE-9]]:3: note: 'CUBLASLT_MATMUL_DESC_BIAS_POINTER' is NULL, the default after cublasLtMatmulDescCreate here
  // CHECK-NOTES: :[[@LINE-8]]:3: note: 'CUBLASLT_MATMUL_DESC_EPILOGUE' is CUBLASLT_EPILOGUE_BIAS, set by cublasLtMatmulDescSetAttribute here
}

// A bias type the fp16 row does not allow.
void biasTypeMismatch(const void *bias) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_RELU_BIAS;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias));
  const cudaDataType_t biasType = CUDA_R_64F;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &biasType, sizeof(biasType));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: the bias of CUBLASLT_EPILOGUE_RELU_BIAS is CUDA_R_64F but CUBLAS_COMPUTE_32F with CUDA_R_16F -> CUDA_R_16F takes a CUDA_R_16F bias [gemm-epilogue]
  // CHECK-NOTES: :[[@LINE-7]]:3: note: 'CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE' is CUDA_R_64F, set by cublasLtMatmulDescSetAttribute here
  // CHECK-NOTES: :[[@LINE-11]]:3: note: 'CUBLASLT_MATMUL_DESC_EPILOGUE' is CUBLASLT_EPILOGUE_RELU_BIAS, set by cublasLtMatmulDescSetAttribute here
  // CHECK-NOTES: :[[@LINE-4]]:22: note: set 'CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE' to CUDA_R_16F
}

// A GELU aux buffer's leading dimension is a multiple of 8.
void geluAuxLd(void *aux) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_GELU_AUX;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &aux, sizeof(aux));
  const int64_t auxLd = 66;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &auxLd, sizeof(auxLd));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD' (66) must be a multiple of 8 (elements of the GELU input) and at least the rows of D (64) for CUBLASLT_EPILOGUE_GELU_AUX [gemm-epilogue]
  // CHECK-NOTES: :[[@LINE-7]]:3: note: 'CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD' is 66, set by cublasLtMatmulDescSetAttribute here
  // CHECK-NOTES: :[[@LINE-11]]:3: note: 'CUBLASLT_MATMUL_DESC_EPILOGUE' is CUBLASLT_EPILOGUE_GELU_AUX, set by cublasLtMatmulDescSetAttribute here
}

// Bias epilogues need D in column order.
void biasWithRowMajorD(const void *bias) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_BIAS;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 16);
  const cublasLtOrder_t row = CUBLASLT_ORDER_ROW;
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_ORDER, &row, sizeof(row));
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_EPILOGUE' CUBLASLT_EPILOGUE_BIAS is not supported when D uses CUBLASLT_ORDER_ROW [gemm-epilogue]
  // CHECK-NOTES: :[[@LINE-10]]:3: note: 'CUBLASLT_MATMUL_DESC_EPILOGUE' is CUBLASLT_EPILOGUE_BIAS, set by cublasLtMatmulDescSetAttribute here
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'CUBLASLT_MATRIX_LAYOUT_ORDER of Ddesc' is CUBLASLT_ORDER_ROW, set by cublasLtMatrixLayoutSetAttribute here
}

// ---- negative -------------------------------------------------------------------

// The bias set, its type left at the default (D's).
void biasEpilogue(const void *bias) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_RELU_BIAS;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
}

void geluAuxLdAligned(void *aux) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_GELU_AUX;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &aux, sizeof(aux));
  const int64_t auxLd = 64;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &auxLd, sizeof(auxLd));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
}

// ---- skipped: not proven ------------------------------------------------------------

// The epilogue is chosen at run time.
void epilogueFromCaller(cublasLtEpilogue_t epilogue) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
}
