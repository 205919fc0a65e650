// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- -I%S/../Inputs/lt-rules %gemm_cxx_flags
//
// One case per type-table rule of docs/cublaslt.md (Types): a setup
// that breaks exactly that rule, and its valid look-alike, which must stay
// silent.
#include "lt_rules_common.h"

// ---- positive -------------------------------------------------------------------

// LT-TYPE-AB: A and B share a type outside the FP8 rows.
void abTypesDiffer() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16BF, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: A and B types differ (CUDA_R_16F, CUDA_R_16BF); only FP8 E4M3 x E5M2 pairs may mix: computeType CUBLAS_COMPUTE_32F, scaleType CUDA_R_32F, A CUDA_R_16F, B CUDA_R_16BF, C CUDA_R_16F, D CUDA_R_16F [gemm-type-combination]
}

// LT-TYPE-D: D has C's type outside the FP8/FP4 rows (fp32 D of an fp16 C).
void dTypeDiffersFromC() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: D (CUDA_R_32F) must have C's type (CUDA_R_16F) outside the FP8/FP4 tables [gemm-type-combination]
}

// LT-TYPE-FAST: the FAST compute types take only fp32 data.
void fastComputeOnHalfData() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F_FAST_16F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: unsupported type combination for cublasLtMatmul: computeType CUBLAS_COMPUTE_32F_FAST_16F, scaleType CUDA_R_32F, A CUDA_R_16F, B CUDA_R_16F, C CUDA_R_16F, D CUDA_R_16F [gemm-type-combination]
  // CHECK-NOTES: :[[@LINE-2]]:35: note: the FAST and EMULATED compute types take only CUDA_R_32F or CUDA_C_32F data
}

// LT-TYPE-FAST: also TF32.
void tf32ComputeOnBf16Data() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F_FAST_TF32, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16BF, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16BF, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: unsupported type combination for cublasLtMatmul: computeType CUBLAS_COMPUTE_32F_FAST_TF32, scaleType CUDA_R_32F, A CUDA_R_16BF, B CUDA_R_16BF, C CUDA_R_16BF, D CUDA_R_16BF [gemm-type-combination]
  // CHECK-NOTES: :[[@LINE-2]]:35: note: the FAST and EMULATED compute types take only CUDA_R_32F or CUDA_C_32F data
}

// LT-TYPE-UNLISTED: CUDA_R_8U is in no table.
void unsignedInt8Data() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8U, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8U, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32I, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 16, 64);
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: unsupported type combination for cublasLtMatmul: computeType CUBLAS_COMPUTE_32I, scaleType CUDA_R_32I, A CUDA_R_8U, B CUDA_R_8U, C CUDA_R_32I, D CUDA_R_32I [gemm-type-combination]
}

// LT-TYPE-UNLISTED: nor is CUDA_R_32I as A/B.
void int32Data() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32I, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32I, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32I, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 16, 64);
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: unsupported type combination for cublasLtMatmul: computeType CUBLAS_COMPUTE_32I, scaleType CUDA_R_32I, A CUDA_R_32I, B CUDA_R_32I, C CUDA_R_32I, D CUDA_R_32I [gemm-type-combination]
}

// LT-TYPE-EPI (reported as LT-EPI-TYPE): the complex rows take no epilogue.
void biasOnComplexRow() {
  const float2 alpha = {1, 0}, beta = {0, 0};
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_C_32F);
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_BIAS;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_C_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_C_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_C_32F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_C_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &alpha, A, a, B, b, &beta, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_EPILOGUE' CUBLASLT_EPILOGUE_BIAS is not supported with CUBLAS_COMPUTE_32F and CUDA_C_32F -> CUDA_C_32F (only CUBLASLT_EPILOGUE_DEFAULT) [gemm-epilogue]
}

// LT-TYPE-SCALE decided by the descriptor alone: the layouts come from the
// caller, but no row of any table pairs COMPUTE_16F with an FP32 scale.
void scaleTypeOfNoRow(cublasLtMatrixLayout_t a, cublasLtMatrixLayout_t b,
                      cublasLtMatrixLayout_t d, const void *alpha, const void *beta) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_16F, CUDA_R_32F);
  cublasLtMatmul(lt, op, alpha, A, a, B, b, beta, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: scaleType CUDA_R_32F is not supported with CUBLAS_COMPUTE_16F, whatever the operand types: no row of cuBLASLt's type tables pairs them [gemm-type-combination]
}

// LT-TYPE-ALPHA: the address of the pointer to beta, not beta's.
void addressOfBetasPointer(cublasLtMatrixLayout_t a, const float *alpha, const float *beta) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmul(lt, op, alpha, A, a, B, a, &beta, C, a, D, a, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: 'beta' points to a pointer, not to a scalar: cuBLASLt reads the pointer's bytes as the scale type [gemm-scalar-type]
}

// ---- negative -------------------------------------------------------------------

// The same descriptor given the scale type of its compute type before use,
// and a pair the tables have with layouts from the caller.
void scaleTypeSetAgain(cublasLtMatrixLayout_t a, cublasLtMatrixLayout_t b,
                       cublasLtMatrixLayout_t d, const void *alpha, const void *beta) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_16F, CUDA_R_32F);
  const cudaDataType_t scale = CUDA_R_16F;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &scale, sizeof(scale));
  cublasLtMatmul(lt, op, alpha, A, a, B, b, beta, C, d, D, d, nullptr, workspace, 0, 0);
  cublasLtMatmulDesc_t op32;
  cublasLtMatmulDescCreate(&op32, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmul(lt, op32, alpha, A, a, B, b, beta, C, d, D, d, nullptr, workspace, 0, 0);
}

// fp16 in, fp16 out, fp32 compute.
void sameHalfTypes() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// fp16 in, fp32 out: C and D both fp32 (Table 1).
void halfInFloatOut() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// FAST_16F with fp32 data.
void fastComputeOnFloatData() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F_FAST_16F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// TF32 with fp32 data (PyTorch with allow_tf32).
void tf32ComputeOnFloatData() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F_FAST_TF32, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// int8 in, int32 out, TN.
void int8Data() {
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

// The only mixed A/B pair: E4M3 x E5M2 (TN, bf16 out).
void mixedFp8Data() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E5M2, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// BIAS on an fp16 row (bias of D's type by default).
void biasOnHalfRow() {
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
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// The complex row without an epilogue.
void complexWithoutEpilogue() {
  const float2 alpha = {1, 0}, beta = {0, 0};
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_C_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_C_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_C_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_C_32F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_C_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &alpha, A, a, B, b, &beta, C, c, D, d, nullptr, workspace, 0, 0);
}
