// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- -I%S/../Inputs/lt-rules %gemm_cxx_flags
//
// One case per C-versus-D, FP8, FP4 and scale-mode rule of docs/cublaslt.md
// (C and D; FP8, FP4 and scaling modes): a setup that breaks exactly that
// rule, and its valid look-alike, which must stay silent.
// Every setup is TN (TRANSA = T) with k = 32, so the 16-byte dimension rules
// hold.

#include "lt_rules_common.h"

// ---- positive -------------------------------------------------------------------

// LT-CD-NARROW: an FP8 D needs a wider C layout; Cdesc = NULL gives NOT_SUPPORTED
// (pytorch/pytorch#167873).
void narrowDWithoutCdesc() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_8F_E4M3, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, nullptr, nullptr, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'Cdesc' is NULL but D is CUDA_R_8F_E4M3; a narrow D needs a C layout of CUDA_R_16BF, CUDA_R_16F or CUDA_R_32F [gemm-narrow-precision]
  // CHECK-NOTES: :[[@LINE-2]]:60: note: pass a separate Cdesc (C may be NULL with beta = 0)
}

// LT-CD-NARROW alone: C read as FP8 through a NULL Cdesc is not also an
// 8-bit C whose ld (72 bytes) breaks the 16-byte rule; D's ld is no rule's.
void narrowDWithoutCdescOddLd() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_8F_E4M3, 64, 16, 72);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, nullptr, nullptr, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'Cdesc' is NULL but D is CUDA_R_8F_E4M3; a narrow D needs a C layout of CUDA_R_16BF, CUDA_R_16F or CUDA_R_32F [gemm-narrow-precision]
  // CHECK-MESSAGES-NOT: :[[@LINE-2]]:{{[0-9]+}}: warning: {{.*}}must be a multiple of 16 bytes
}

// LT-CD-NARROW: Cdesc = Ddesc makes C an FP8 matrix too.
void narrowDWithCdescIsDdesc() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_8F_E4M3, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: 'Cdesc' is Ddesc but D is CUDA_R_8F_E4M3; a narrow D needs a C layout of CUDA_R_16BF, CUDA_R_16F or CUDA_R_32F [gemm-narrow-precision]
  // CHECK-NOTES: :[[@LINE-2]]:54: note: pass a separate Cdesc (C may be NULL with beta = 0)
}

// LT-CD-NARROW: C and D are the same buffer, so C would be FP8 too.
void narrowDInPlace() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_8F_E4M3, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, D, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: C and D are the same buffer but D is CUDA_R_8F_E4M3; a narrow D cannot be computed in place [gemm-narrow-precision]
}

// LT-CD-INPLACE: one buffer read through C's layout and written through
// D's, whose leading dimensions differ: in place needs Cdesc == Ddesc.
void inPlaceThroughTwoLayouts() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16BF, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16BF, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 128);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &one, D, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: C and D are the same buffer but Cdesc and Ddesc differ in leading dimension (64 and 128); cuBLASLt computes in place only when Cdesc is Ddesc [gemm-shape-consistency]
  // CHECK-NOTES: :[[@LINE-4]]:55: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Cdesc' is 64, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-4]]:55: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Ddesc' is 128, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-4]]:53: note: pass Ddesc as Cdesc, or give D a buffer of its own
}

// The same at a constant offset into one allocation, written two ways.
void inPlaceAtAnOffset(uint16_t *buf) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16BF, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16BF, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 128);
  const int out = 4096;
  cublasLtMatmul(lt, op, &one, A, a, B, b, &one, buf + out, c, &buf[4096], d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: C and D are the same buffer but Cdesc and Ddesc differ in leading dimension (64 and 128); cuBLASLt computes in place only when Cdesc is Ddesc [gemm-shape-consistency]
  // CHECK-NOTES: :[[@LINE-5]]:55: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Cdesc' is 64, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-5]]:55: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Ddesc' is 128, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-4]]:61: note: pass Ddesc as Cdesc, or give D a buffer of its own
}

// LT-SCALE-NARROW: a D scale with a BF16 D, in an FP8 matmul.
void dScaleOnBf16D() {
  void *dScale;
  cudaMalloc(&dScale, sizeof(float));
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_D_SCALE_POINTER, &dScale, sizeof(dScale));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_D_SCALE_POINTER' is set but D is CUDA_R_16BF, not a narrow type; cuBLASLt accepts scales only for narrow-precision tensors (C's tensorwide scale excepted) [gemm-narrow-precision]
  // CHECK-NOTES: :[[@LINE-8]]:3: note: 'CUBLASLT_MATMUL_DESC_D_SCALE_POINTER' is set by cublasLtMatmulDescSetAttribute here
}

// LT-CD-NULLC: C may be NULL only when beta is 0.
void nullCWithNonZeroBeta() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16BF, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16BF, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &one, nullptr, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: 'C' is NULL but beta is non-zero [gemm-scalar-pointer-mode]
}

// LT-CD-FP8ACC (warning): TransformerEngine finds beta != 0 unsupported with FP8 D.
void fp8DAccumulatesIntoC() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_8F_E4M3, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &one, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: beta is non-zero with FP8 D; TransformerEngine reports that accumulation into C is not supported for FP8 output [gemm-narrow-precision]
}

// LT-FP8-CD: (C, D) = (16F, 16BF) is not a row of the FP8 table.
void fp8HalfCBf16D() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: C CUDA_R_16F and D CUDA_R_16BF are not a supported FP8 output pair for A CUDA_R_8F_E4M3 and B CUDA_R_8F_E4M3 [gemm-narrow-precision]
  // CHECK-NOTES: :[[@LINE-2]]:60: note: (C, D) must be (16BF, 16BF), (16BF, CUDA_R_8F_E4M3), (16F, 16F), (16F, CUDA_R_8F_E4M3) or (32F, 32F)
}

// LT-FP8-BIAS: a bf16-output FP8 matmul takes a bf16 bias.
void fp8BiasOfOtherType() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_BIAS;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias));
  const int32_t biasType = CUDA_R_16F;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &biasType, sizeof(biasType));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: the bias of CUBLASLT_EPILOGUE_BIAS is CUDA_R_16F but this narrow-precision matmul takes a CUDA_R_16BF bias [gemm-epilogue]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: set 'CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE' to CUDA_R_16BF
}

// LT-FP8-AUXTYPE: a non-default aux type only for E4M3 GELU_AUX outputs.
void fp8AuxOfOtherType() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_GELU_AUX;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &aux, sizeof(aux));
  const int64_t auxLd = 64;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &auxLd, sizeof(auxLd));
  const int32_t auxType = CUDA_R_8F_E4M3;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE, &auxType, sizeof(auxType));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE' CUDA_R_8F_E4M3 differs from D's type; a non-default aux type is supported only for E4M3 GELU_AUX outputs [gemm-epilogue]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: leave it unset (-1)
}

// LT-FP4-REQ: FP4 data needs the VEC16_UE4M3 block scale mode (A and B left at SCALAR_32F).
void fp4WithoutBlockScales() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_4F_E2M1, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_4F_E2M1, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_A_SCALE_MODE' must be CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 for FP4 data [gemm-narrow-precision]
  // CHECK-MESSAGES: :[[@LINE-2]]:22: warning: 'CUBLASLT_MATMUL_DESC_B_SCALE_MODE' must be CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 for FP4 data [gemm-narrow-precision]
}

// LT-FP4-CD: (C, D) = (16F, 16BF) is not a row of the FP4 table.
void fp4HalfCBf16D() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &vec16, sizeof(vec16));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &vec16, sizeof(vec16));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_4F_E2M1, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_4F_E2M1, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: C CUDA_R_16F and D CUDA_R_16BF are not a supported FP4 output pair for A CUDA_R_4F_E2M1 and B CUDA_R_4F_E2M1 [gemm-narrow-precision]
  // CHECK-NOTES: :[[@LINE-2]]:60: note: (C, D) must be (16BF, 16BF), (16BF, CUDA_R_4F_E2M1), (16F, 16F), (16F, CUDA_R_4F_E2M1) or (32F, 32F)
}

// LT-FP4-DOUT: an FP4 D needs D_OUT_SCALE_MODE VEC16_UE4M3 (left at SCALAR_32F).
void fp4DWithoutOutScaleMode() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &vec16, sizeof(vec16));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &vec16, sizeof(vec16));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_D_OUT_SCALE_POINTER, &scaleOut, sizeof(scaleOut));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_4F_E2M1, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_4F_E2M1, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_4F_E2M1, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_D_OUT_SCALE_MODE' must be CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 when D is CUDA_R_4F_E2M1 [gemm-narrow-precision]
}

// LT-FP4-DOUT: and D_OUT_SCALE_POINTER, where cuBLASLt writes D's scale factors.
// One defect, one warning: LT-SCALE-PTR (a VEC16 mode without its pointer)
// leaves the FP4 D to LT-FP4-DOUT.
void fp4DWithoutOutScalePointer() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &vec16, sizeof(vec16));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &vec16, sizeof(vec16));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_D_OUT_SCALE_MODE, &vec16, sizeof(vec16));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_4F_E2M1, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_4F_E2M1, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_4F_E2M1, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_D_OUT_SCALE_POINTER' must be set when D is CUDA_R_4F_E2M1 (the scale factors cuBLASLt writes for D) [gemm-narrow-precision]
  // CHECK-MESSAGES-NOT: :[[@LINE-2]]:22: warning: 'CUBLASLT_MATMUL_DESC_D_OUT_SCALE_POINTER' must be set: {{.*}}
}

// LT-SCALE-PTR: a block scale mode without its scale pointer.
void blockScaleWithoutPointer() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &vec32, sizeof(vec32));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &vec32, sizeof(vec32));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_A_SCALE_POINTER' must be set: 'CUBLASLT_MATMUL_DESC_A_SCALE_MODE' is CUBLASLT_MATMUL_MATRIX_SCALE_VEC32_UE8M0 [gemm-narrow-precision]
}

// LT-SCALE-NARROW: scale pointers only on narrow-precision tensors.
void scaleOnBf16Matmul() {
  void *scale;
  cudaMalloc(&scale, sizeof(float));
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scale, sizeof(scale));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16BF, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16BF, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_A_SCALE_POINTER' is set but neither A nor B is FP8 or FP4; cuBLASLt accepts scales only for narrow-precision tensors (C's tensorwide scale excepted) [gemm-narrow-precision]
}

// LT-SCALE-DNARROW: an FP8 D keeps the SCALAR_32F scale mode.
void fp8DWithBlockScale() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &vec32, sizeof(vec32));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &vec32, sizeof(vec32));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_D_SCALE_MODE, &vec32, sizeof(vec32));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_D_SCALE_POINTER, &scaleD, sizeof(scaleD));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_8F_E4M3, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_D_SCALE_MODE' must be SCALAR_32F when D is CUDA_R_8F_E4M3 [gemm-narrow-precision]
}

// LT-SCALE-FP8D: the 9.0 block modes do not produce an FP8 D.
void fp8DWithVec128() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &vec128, sizeof(vec128));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &vec128, sizeof(vec128));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_8F_E4M3, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: D cannot be FP8 (CUDA_R_8F_E4M3) with scale mode CUBLASLT_MATMUL_MATRIX_SCALE_VEC128_32F; use CUDA_R_16F, CUDA_R_16BF or CUDA_R_32F [gemm-narrow-precision]
}

// LT-SCALE-2D2D: BLK128x128 on both A and B is not a supported pair.
void blk128OnBoth() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &blk128, sizeof(blk128));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &blk128, sizeof(blk128));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: scale modes CUBLASLT_MATMUL_MATRIX_SCALE_BLK128x128_32F (A) and CUBLASLT_MATMUL_MATRIX_SCALE_BLK128x128_32F (B) are not a supported pair; supported: OUTER_VEC x OUTER_VEC, VEC128 x VEC128, VEC128 x BLK128x128, BLK128x128 x VEC128 [gemm-narrow-precision]
}

// LT-SCALE-MN4: m and n are multiples of 4 with the VEC128/BLK128x128 modes (n = 18).
void vec128WithOddN() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &vec128, sizeof(vec128));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &blk128, sizeof(blk128));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 18, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 18, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 18, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: n (18) must be a multiple of 4 with the VEC128/BLK128x128 scale modes [gemm-narrow-precision]
}

// LT-SCALE-OUTERVEC: OUTER_VEC_32F pairs only with itself.
void outerVecWithVec128() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &outerVec, sizeof(outerVec));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &vec128, sizeof(vec128));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: scale modes CUBLASLT_MATMUL_MATRIX_SCALE_OUTER_VEC_32F (A) and CUBLASLT_MATMUL_MATRIX_SCALE_VEC128_32F (B) are not a supported pair; supported: OUTER_VEC x OUTER_VEC, VEC128 x VEC128, VEC128 x BLK128x128, BLK128x128 x VEC128 [gemm-narrow-precision]
}

// LT-SCALE-BLOCKMIX: VEC16_UE4M3 is FP4's mode, not FP8's.
void vec16OnFp8() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &vec16, sizeof(vec16));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &vec16, sizeof(vec16));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_A_SCALE_MODE' CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 does not fit CUDA_R_8F_E4M3 data: VEC32_UE8M0 is for FP8, VEC16_UE4M3 for FP4 [gemm-narrow-precision]
  // CHECK-MESSAGES: :[[@LINE-2]]:22: warning: 'CUBLASLT_MATMUL_DESC_B_SCALE_MODE' CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 does not fit CUDA_R_8F_E4M3 data: VEC32_UE8M0 is for FP8, VEC16_UE4M3 for FP4 [gemm-narrow-precision]
}

// LT-SCALE-BLOCKMIX: 1D block scaling applies to every FP8 tensor.
void vec32OnOneFp8Side() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &vec32, sizeof(vec32));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &scalar32F, sizeof(scalar32F));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_B_SCALE_MODE' must also be VEC32_UE8M0: 1D block scaling applies to every FP8 tensor [gemm-narrow-precision]
}

// ---- negative -------------------------------------------------------------------

// PyTorch scaled_gemm: FP8 D, a bf16 Cdesc of its own, C = NULL, beta = 0.
void narrowDWithOwnC() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_8F_E4M3, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, nullptr, c, D, d, nullptr, workspace, 0, 0);
}

// C = NULL with beta = 0 (TransformerEngine, PyTorch).
void nullCWithZeroBeta() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16BF, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16BF, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, nullptr, c, D, d, nullptr, workspace, 0, 0);
}

// FP8 D with beta = 0 and a separate bf16 C.
void fp8DWithZeroBeta() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_8F_E4M3, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// beta != 0 is fine with a bf16 D.
void bf16DAccumulatesIntoC() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &one, C, c, D, d, nullptr, workspace, 0, 0);
}

// In place through two descriptors of the same memory; out of place with
// another ld; C and D different buffers: all as documented.
void inPlaceLookAlikes() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, c2, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16BF, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16BF, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 128);
  cublasLtMatrixLayoutCreate(&c2, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 128);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &one, D, c, D, d, nullptr, workspace, 0, 0);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &one, D, d, D, d, nullptr, workspace, 0, 0);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &one, C, c2, D, d, nullptr, workspace, 0, 0);
}

// Offsets into one allocation that differ (C and D apart), or that are not
// known: not proven the same buffer.
void offsetLookAlikes(uint16_t *buf, int k) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16BF, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16BF, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 128);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &one, buf, c, buf + 4096, d, nullptr, workspace, 0, 0);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &one, buf + k, c, buf + 4096, d, nullptr, workspace, 0, 0);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &one, (char *)buf + 4096, c, buf + 4096, d, nullptr, workspace, 0, 0);
}

// LtFp8Matmul: (C, D) = (16BF, 16BF).
void fp8Bf16CD() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// FP8 with a bf16 bias for a bf16 output.
void fp8Bf16Bias() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
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

// The E4M3 GELU_AUX exception: C 16F, aux 16F.
void fp8GeluAuxHalf() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_GELU_AUX;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &aux, sizeof(aux));
  const int64_t auxLd = 64;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &auxLd, sizeof(auxLd));
  const int32_t auxType = CUDA_R_16F;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE, &auxType, sizeof(auxType));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_8F_E4M3, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// LtNvfp4Matmul: FP4 A, B and D with VEC16_UE4M3 scales and D's output scales.
void fp4Nvfp4Matmul() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &vec16, sizeof(vec16));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &vec16, sizeof(vec16));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_D_OUT_SCALE_MODE, &vec16, sizeof(vec16));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_D_OUT_SCALE_POINTER, &scaleOut, sizeof(scaleOut));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_4F_E2M1, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_4F_E2M1, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_4F_E2M1, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// FP4 in, bf16 out: no D output scales needed.
void fp4Bf16Out() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &vec16, sizeof(vec16));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &vec16, sizeof(vec16));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_4F_E2M1, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_4F_E2M1, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// MXFP8: VEC32_UE8M0 on A and B with their pointers.
void mxfp8() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &vec32, sizeof(vec32));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &vec32, sizeof(vec32));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// DeepSeek-style 1x128 by 128x128 block scaling, bf16 out, m and n multiples of 4.
void vec128Blk128() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &vec128, sizeof(vec128));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &blk128, sizeof(blk128));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// OUTER_VEC_32F on both A and B.
void outerVecBoth() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_MODE, &outerVec, sizeof(outerVec));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, &outerVec, sizeof(outerVec));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}

// FP8 D with its tensorwide D scale.
void fp8DWithTensorScale() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_D_SCALE_POINTER, &scaleD, sizeof(scaleD));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_8F_E4M3, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
}
