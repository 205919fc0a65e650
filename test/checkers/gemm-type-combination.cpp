// RUN: %check_gemm_tidy %s gemm-type-combination %t -- -- %gemm_cxx_flags
// RUN: %check_gemm_tidy -check-suffix=NOLEGACY %s gemm-type-combination %t \
// RUN:   -- -config="{CheckOptions: {gemm-type-combination.CheckLegacyComputeType: false}}" \
// RUN:   -- %gemm_cxx_flags

#include <cublas_v2.h>

cublasHandle_t h;
const void *A, *B;
void *C;
const void *alpha, *beta;
const void *const *Ap;
void *const *Cp;

// ---- positive --------------------------------------------------------------

void unsupportedOutput() {
  // fp16 inputs with fp32 compute write fp16 or fp32, never bf16.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_16F, 4, B, CUDA_R_16F, 4, beta, C, CUDA_R_16BF, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:106: warning: unsupported type combination for cublasGemmEx: computeType CUBLAS_COMPUTE_32F, Atype/Btype CUDA_R_16F, Ctype CUDA_R_16BF [gemm-type-combination]
  // CHECK-NOTES: :[[@LINE-2]]:106: note: with CUBLAS_COMPUTE_32F and Atype CUDA_R_16F, Ctype must be CUDA_R_16F or CUDA_R_32F
  // int8 inputs never produce int8 output.
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_8I, 4, B, CUDA_R_8I, 4, beta, C, CUDA_R_8I, 4, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:104: warning: unsupported type combination for cublasGemmEx: computeType CUBLAS_COMPUTE_32I, Atype/Btype CUDA_R_8I, Ctype CUDA_R_8I [gemm-type-combination]
  // CHECK-NOTES: :[[@LINE-2]]:104: note: with CUBLAS_COMPUTE_32I and Atype CUDA_R_8I, Ctype must be CUDA_R_32I
}

void unsupportedInput() {
  // There is no COMPUTE_16BF: bf16 needs COMPUTE_32F.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_16BF, 4, B, CUDA_R_16BF, 4, beta, C, CUDA_R_16BF, 4, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:64: warning: unsupported type combination for cublasGemmEx: computeType CUBLAS_COMPUTE_16F, Atype/Btype CUDA_R_16BF, Ctype CUDA_R_16BF [gemm-type-combination]
  // CHECK-NOTES: :[[@LINE-2]]:64: note: with CUBLAS_COMPUTE_16F, Atype/Btype must be CUDA_R_16F
  // FAST_16F down-converts fp32 inputs; fp16 inputs are not accepted.
  cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_16F, 4, 16, B, CUDA_R_16F, 4, 16, beta, C, CUDA_R_32F, 4, 16, 8, CUBLAS_COMPUTE_32F_FAST_16F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:78: warning: unsupported type combination for cublasGemmStridedBatchedEx: computeType CUBLAS_COMPUTE_32F_FAST_16F, Atype/Btype CUDA_R_16F, Ctype CUDA_R_32F [gemm-type-combination]
}

void mixedInputs() {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_16F, 4, B, CUDA_R_16BF, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:82: warning: 'Btype' (CUDA_R_16BF) must equal 'Atype' (CUDA_R_16F): cublasGemmEx has no mixed-type A and B inputs [gemm-type-combination]
}

void narrowFloats() {
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 16, 16, 16, alpha, A, CUDA_R_8F_E4M3, 16, B, CUDA_R_8F_E4M3, 16, beta, C, CUDA_R_16BF, 16, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:67: warning: 'Atype' is CUDA_R_8F_E4M3: cublasGemmEx does not accept FP8, FP6 or FP4 data [gemm-type-combination]
  // CHECK-MESSAGES: :[[@LINE-2]]:90: warning: 'Btype' is CUDA_R_8F_E4M3: cublasGemmEx does not accept FP8, FP6 or FP4 data [gemm-type-combination]
  // CHECK-NOTES: :[[@LINE-3]]:67: note: FP8 and FP4 GEMMs go through cublasLtMatmul
}

void legacyComputeType() {
  // The C++ overload taking a cudaDataType maps only 16F/32F/64F/32I.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_16BF, 4, B, CUDA_R_16BF, 4, beta, C, CUDA_R_16BF, 4, CUDA_R_16BF, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:124: warning: 'computeType' CUDA_R_16BF is a cudaDataType that the C++ compatibility overload of cublasGemmEx cannot map to a compute type; it returns CUBLAS_STATUS_NOT_SUPPORTED without calling cuBLAS [gemm-type-combination]
  // CHECK-NOTES-NOLEGACY-NOT: CUDA_R_16BF is a cudaDataType
  // The legacy fp16 compute type maps to COMPUTE_16F, which cannot read bf16.
  cublasGemmBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, Ap, CUDA_R_16BF, 4, Ap, CUDA_R_16BF, 4, beta, Cp, CUDA_R_16BF, 4, 2, CUDA_R_16F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:72: warning: unsupported type combination for cublasGemmBatchedEx: computeType CUBLAS_COMPUTE_16F, Atype/Btype CUDA_R_16BF, Ctype CUDA_R_16BF [gemm-type-combination]
  // CHECK-NOTES-NOLEGACY: :[[@LINE-2]]:72: warning: unsupported type combination for cublasGemmBatchedEx
}

void otherTables(const float *fa, const float *fb) {
  cublasSgemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, fa, A, CUDA_R_8I, 4, B, CUDA_R_8I, 4, fb, C, CUDA_R_16F, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:100: warning: unsupported type combination for cublasSgemmEx: Atype/Btype CUDA_R_8I, Ctype CUDA_R_16F [gemm-type-combination]
  // CHECK-NOTES: :[[@LINE-2]]:100: note: with Atype CUDA_R_8I, Ctype must be CUDA_R_32F
  const cublasOperation_t t[1] = {CUBLAS_OP_N};
  const int d[1] = {4};
  cublasGemmGroupedBatchedEx(h, t, t, d, d, d, alpha, Ap, CUDA_R_8I, d, Ap, CUDA_R_8I, d, beta, Cp, CUDA_R_32I, d, 1, d, CUBLAS_COMPUTE_32I);
  // CHECK-MESSAGES: :[[@LINE-1]]:122: warning: unsupported type combination for cublasGemmGroupedBatchedEx: computeType CUBLAS_COMPUTE_32I, Atype/Btype CUDA_R_8I, Ctype CUDA_R_32I [gemm-type-combination]
}

// ---- negative --------------------------------------------------------------

void validCombinations() {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_16F, 4, B, CUDA_R_16F, 4, beta, C, CUDA_R_16F, 4, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_16BF, 4, B, CUDA_R_16BF, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F_PEDANTIC, CUBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_8I, 4, B, CUDA_R_8I, 4, beta, C, CUDA_R_32I, 4, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_8I, 4, B, CUDA_R_8I, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_C_8I, 4, B, CUDA_C_8I, 4, beta, C, CUDA_C_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_C_64F, 4, B, CUDA_C_64F, 4, beta, C, CUDA_C_64F, 4, CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT, CUBLAS_GEMM_DEFAULT);
  // Legacy compute types that the overload maps: fp16 data with CUDA_R_32F (COMPUTE_32F).
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_16F, 4, B, CUDA_R_16F, 4, beta, C, CUDA_R_16F, 4, CUDA_R_32F, CUBLAS_GEMM_DEFAULT);
  cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_C_64F, 4, 16, B, CUDA_C_64F, 4, 16, beta, C, CUDA_C_64F, 4, 16, 2, CUDA_C_64F, CUBLAS_GEMM_DEFAULT);
}

// ---- skipped on purpose ----------------------------------------------------

void runtimeTypes(cudaDataType at, cudaDataType ct, cublasComputeType_t comp) {
  // Output type unknown: fp16 with COMPUTE_32F has rows for some Ctype.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_16F, 4, B, CUDA_R_16F, 4, beta, C, ct, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // Compute type unknown.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_16BF, 4, B, CUDA_R_16BF, 4, beta, C, CUDA_R_16BF, 4, comp, CUBLAS_GEMM_DEFAULT);
  // Input type unknown.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, at, 4, B, at, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}
