// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- -I%S/../Inputs/lt-rules %gemm_cxx_flags
//
// One case per epilogue aux and batch-mode rule of docs/cublaslt.md (Epilogues,
// Batching): a setup that breaks exactly that rule, and its valid look-alike,
// which must stay silent.
#include "lt_rules_common.h"

// ---- positive -------------------------------------------------------------------

// LT-EPI-AUX: the *_AUX epilogues need EPILOGUE_AUX_POINTER.
void geluAuxWithoutPointer() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_GELU_AUX;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  const int64_t auxLd = 64;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &auxLd, sizeof(auxLd));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER' must be set for CUBLASLT_EPILOGUE_GELU_AUX [gemm-epilogue]
}

// LT-EPI-AUX: and EPILOGUE_AUX_LD (left at its default 0).
void geluAuxWithZeroLd() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_GELU_AUX;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &aux, sizeof(aux));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD' (0) must be a multiple of 8 (elements of the GELU input) and at least the rows of D (64) for CUBLASLT_EPILOGUE_GELU_AUX [gemm-epilogue]
}

// LT-EPI-AUXSTRIDE: a GELU aux batch stride is a multiple of 8 elements.
void geluAuxOddBatchStride() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_GELU_AUX;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &aux, sizeof(aux));
  const int64_t auxLd = 64;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &auxLd, sizeof(auxLd));
  const int64_t auxStride = 1020;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE, &auxStride, sizeof(auxStride));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE' (1020) must be a multiple of 8 for CUBLASLT_EPILOGUE_GELU_AUX [gemm-epilogue]
}

// LT-EPI-AUXSTRIDE: a ReLU mask batch stride is a multiple of 128 bits.
void reluAuxStrideNotMultipleOf128() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_RELU_AUX;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &aux, sizeof(aux));
  const int64_t auxLd = 128;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &auxLd, sizeof(auxLd));
  const int64_t auxStride = 1088;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE, &auxStride, sizeof(auxStride));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE' (1088) must be a multiple of 128 for CUBLASLT_EPILOGUE_RELU_AUX [gemm-epilogue]
}

// LT-EPI-AUXTYPE: outside the E4M3 GELU_AUX rows the aux type is D's.
void auxTypeOtherThanD() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_GELU_AUX;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &aux, sizeof(aux));
  const int64_t auxLd = 64;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &auxLd, sizeof(auxLd));
  const int32_t auxType = CUDA_R_32F;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE, &auxType, sizeof(auxType));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE' CUDA_R_32F differs from D's type; a non-default aux type is supported only for E4M3 GELU_AUX outputs [gemm-epilogue]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: leave it unset (-1)
}

// LT-EPI-BATCHMODE: with POINTER_ARRAY batches only the DEFAULT epilogue.
void biasWithPointerArrays() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_BIAS;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(c, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_EPILOGUE' CUBLASLT_EPILOGUE_BIAS is not supported when a layout uses CUBLASLT_BATCH_MODE_POINTER_ARRAY (only DEFAULT) [gemm-epilogue]
}

// LT-EPI-BLOCKFP8 (warning): TransformerEngine uses only DEFAULT, BIAS and DGELU
// with the VEC128/BLK128x128 modes.
void geluWithBlockScaledFp8() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &vec128, sizeof(vec128));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &blk128, sizeof(blk128));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_GELU;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_EPILOGUE' CUBLASLT_EPILOGUE_GELU with the VEC128/BLK128x128 scale modes is outside what TransformerEngine found to work (DEFAULT, BIAS, DGELU) [gemm-epilogue]
}

// LT-EPI-AUX: the DRELU/DGELU epilogues read the aux buffer too.
void dreluWithoutAuxPointer() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_DRELU;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  const int64_t auxLd = 128;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &auxLd, sizeof(auxLd));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER' must be set for CUBLASLT_EPILOGUE_DRELU [gemm-epilogue]
}

// ---- negative -------------------------------------------------------------------

// GELU_AUX with its pointer and an ld of at least m, a multiple of 8.
void geluAux() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_GELU_AUX;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &aux, sizeof(aux));
  const int64_t auxLd = 64;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &auxLd, sizeof(auxLd));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// A GELU aux batch stride of 1024 elements.
void geluAuxBatchStride() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_GELU_AUX;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &aux, sizeof(aux));
  const int64_t auxLd = 64;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &auxLd, sizeof(auxLd));
  const int64_t auxStride = 1024;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE, &auxStride, sizeof(auxStride));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// A ReLU mask with ld 128 and batch stride 2048 bits.
void reluAuxBatchStride() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_RELU_AUX;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &aux, sizeof(aux));
  const int64_t auxLd = 128;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &auxLd, sizeof(auxLd));
  const int64_t auxStride = 2048;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE, &auxStride, sizeof(auxStride));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// The aux type set to D's own type.
void auxTypeOfD() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_GELU_AUX;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &aux, sizeof(aux));
  const int64_t auxLd = 64;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &auxLd, sizeof(auxLd));
  const int32_t auxType = CUDA_R_16F;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE, &auxType, sizeof(auxType));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// POINTER_ARRAY batches with the DEFAULT epilogue.
void defaultEpilogueWithPointerArrays() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(c, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, &ptrArray, sizeof(ptrArray));
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// BIAS with the VEC128/BLK128x128 modes (bf16 bias for a bf16 output).
void biasWithBlockScaledFp8() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &vec128, sizeof(vec128));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &blk128, sizeof(blk128));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_BIAS;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias));
  const int32_t biasType = CUDA_R_16BF;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &biasType, sizeof(biasType));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}
