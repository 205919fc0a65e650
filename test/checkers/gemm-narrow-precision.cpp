// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s gemm-narrow-precision %t -- -- %gemm_cxx_flags
// RUN: %check_gemm_tidy -check-suffixes=,ARCH %s gemm-narrow-precision %t -- \
// RUN:   -config="{CheckOptions: {gemm-narrow-precision.TargetComputeCapabilities: '89;90'}}" \
// RUN:   -- %gemm_cxx_flags
//
// FP8 and FP4 cublasLtMatmul setups: compute and scale types, the A/B and
// C/D pairs, the 16-byte dimension rules, and, where the targets are known
// (the TargetComputeCapabilities option, or a CUDA compilation's GPU
// architecture), the TN layout and the architecture they need.

#include <cublasLt.h>
#include <cstdint>

cublasLtHandle_t lt;
const void *A, *B;
void *C, *D, *workspace;
const float one = 1, zero = 0;

// ---- positive -------------------------------------------------------------------

void fp8WithHalfCompute() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_16F, CUDA_R_32F);
  const cublasOperation_t t = CUBLAS_OP_T;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof(t));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: FP8 matmuls need CUBLAS_COMPUTE_32F and scaleType CUDA_R_32F, not CUBLAS_COMPUTE_16F and CUDA_R_32F [gemm-narrow-precision]
  // CHECK-NOTES: :[[@LINE-9]]:33: note: 'CUBLASLT_MATMUL_DESC_COMPUTE_TYPE' is CUBLAS_COMPUTE_16F, set by cublasLtMatmulDescCreate here
  // CHECK-NOTES: :[[@LINE-10]]:53: note: 'CUBLASLT_MATMUL_DESC_SCALE_TYPE' is CUDA_R_32F, set by cublasLtMatmulDescCreate here
}

void bothE5M2() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasOperation_t t = CUBLAS_OP_T;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof(t));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E5M2, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E5M2, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: E5M2 x E5M2 is not a supported FP8 combination; use E4M3 for at least one of A and B [gemm-narrow-precision]
  // CHECK-NOTES: :[[@LINE-4]]:34: note: 'CUBLASLT_MATRIX_LAYOUT_TYPE of Bdesc' is CUDA_R_8F_E5M2, set by cublasLtMatrixLayoutCreate here
}

// FP8 dimensions and leading dimensions are multiples of 16.
void fp8OddLeadingDimension() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasOperation_t t = CUBLAS_OP_T;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof(t));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 40);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (40) times the 8-bit element of CUDA_R_8F_E4M3 must be a multiple of 16 bytes in FP8 matmuls [gemm-narrow-precision]
  // CHECK-NOTES: :[[@LINE-5]]:58: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' is 40, set by cublasLtMatrixLayoutCreate here
}

// A NULL Cdesc: C is read with D's layout, so Ddesc's ld is C's, and the
// warning names Ddesc's, not the ld of a Cdesc that does not exist.
void fp8NullCdescOddLeadingDimension() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasOperation_t t = CUBLAS_OP_T;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof(t));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 68);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, nullptr, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:66: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Ddesc' (68), which C uses because Cdesc is NULL, times the 16-bit element of CUDA_R_16BF must be a multiple of 16 bytes in FP8 matmuls [gemm-narrow-precision]
  // CHECK-NOTES: :[[@LINE-3]]:55: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Ddesc' is 68, set by cublasLtMatrixLayoutCreate here
}

// NN FP8: TN is required on 8.9, 9.0 and 12.x. Silent without a target.
void fp8NotTN() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES-ARCH: :[[@LINE-1]]:22: warning: FP8 matmuls need the TN layout (TRANSA = CUBLAS_OP_T, TRANSB = CUBLAS_OP_N) on compute capability 8.9; got TRANSA CUBLAS_OP_N, TRANSB CUBLAS_OP_N [gemm-narrow-precision]
  // CHECK-NOTES-ARCH: :[[@LINE-7]]:3: note: 'CUBLASLT_MATMUL_DESC_TRANSA' is CUBLAS_OP_N, the default after cublasLtMatmulDescCreate here
}

// ---- negative -------------------------------------------------------------------

// NVIDIA's LtFp8Matmul shape: TN, E4M3 x E4M3 -> bf16, 32F compute.
void fp8TN() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasOperation_t t = CUBLAS_OP_T, n = CUBLAS_OP_N;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof(t));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &n, sizeof(n));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
}

// A NULL Cdesc with D's ld a multiple of 16 bytes as C's.
void fp8NullCdescAlignedLeadingDimension() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasOperation_t t = CUBLAS_OP_T;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof(t));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 72);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, nullptr, D, d, nullptr, workspace, 0, 0);
}

// ---- skipped: not proven ------------------------------------------------------------

// A NULL Cdesc, D's ld from the caller.
void fp8NullCdescLeadingDimensionFromCaller(int64_t ldd) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasOperation_t t = CUBLAS_OP_T;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof(t));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, ldd);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, nullptr, D, d, nullptr, workspace, 0, 0);
}

// The data type comes from the caller.
void typeFromCaller(cudaDataType_t type) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_16F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, type, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, type, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
}
