// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy -check-suffixes=SM80 %s 'gemm-*' %t -- \
// RUN:   -config="{CheckOptions: {TargetComputeCapabilities: '80'}}" -- -I%S/../Inputs/lt-rules %gemm_cxx_flags
// RUN: %check_gemm_tidy -check-suffixes=SM90 %s 'gemm-*' %t -- \
// RUN:   -config="{CheckOptions: {TargetComputeCapabilities: '90'}}" -- -I%S/../Inputs/lt-rules %gemm_cxx_flags
// RUN: %check_gemm_tidy -check-suffixes=SM100 %s 'gemm-*' %t -- \
// RUN:   -config="{CheckOptions: {TargetComputeCapabilities: '100'}}" -- -I%S/../Inputs/lt-rules %gemm_cxx_flags
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- -I%S/../Inputs/lt-rules %gemm_cxx_flags
//
// The architecture-dependent (A) cuBLASLt rules, with the target named by the
// TargetComputeCapabilities option: each setup is valid on some targets
// (silent there) and wrong on others. Without a target they stay silent
// (the last RUN line).

#include "lt_rules_common.h"

// LT-SCALE-ARCH: VEC32_UE8M0 (MXFP8) needs 10.0 or newer.
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
  // CHECK-MESSAGES-SM80: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_A_SCALE_MODE' CUBLASLT_MATMUL_MATRIX_SCALE_VEC32_UE8M0 is not supported on compute capability 8.0 (compute capability 10.0 or newer) [gemm-narrow-precision]
  // CHECK-MESSAGES-SM80: :[[@LINE-2]]:22: warning: 'CUBLASLT_MATMUL_DESC_B_SCALE_MODE' CUBLASLT_MATMUL_MATRIX_SCALE_VEC32_UE8M0 is not supported on compute capability 8.0 (compute capability 10.0 or newer) [gemm-narrow-precision]
  // CHECK-MESSAGES-SM80: :[[@LINE-3]]:35: warning: FP8 matmuls need compute capability 8.9 or newer, not 8.0 [gemm-narrow-precision]
  // CHECK-MESSAGES-SM90: :[[@LINE-4]]:22: warning: 'CUBLASLT_MATMUL_DESC_A_SCALE_MODE' CUBLASLT_MATMUL_MATRIX_SCALE_VEC32_UE8M0 is not supported on compute capability 9.0 (compute capability 10.0 or newer) [gemm-narrow-precision]
  // CHECK-MESSAGES-SM90: :[[@LINE-5]]:22: warning: 'CUBLASLT_MATMUL_DESC_B_SCALE_MODE' CUBLASLT_MATMUL_MATRIX_SCALE_VEC32_UE8M0 is not supported on compute capability 9.0 (compute capability 10.0 or newer) [gemm-narrow-precision]
}

// LT-SCALE-ARCH: VEC128/BLK128x128 are 9.0 only.
void blockScaledFp8() {
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
  // CHECK-MESSAGES-SM80: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_A_SCALE_MODE' CUBLASLT_MATMUL_MATRIX_SCALE_VEC128_32F is not supported on compute capability 8.0 (compute capability 9.0 only) [gemm-narrow-precision]
  // CHECK-MESSAGES-SM80: :[[@LINE-2]]:22: warning: 'CUBLASLT_MATMUL_DESC_B_SCALE_MODE' CUBLASLT_MATMUL_MATRIX_SCALE_BLK128x128_32F is not supported on compute capability 8.0 (compute capability 9.0 only) [gemm-narrow-precision]
  // CHECK-MESSAGES-SM80: :[[@LINE-3]]:35: warning: FP8 matmuls need compute capability 8.9 or newer, not 8.0 [gemm-narrow-precision]
  // CHECK-MESSAGES-SM100: :[[@LINE-4]]:22: warning: 'CUBLASLT_MATMUL_DESC_A_SCALE_MODE' CUBLASLT_MATMUL_MATRIX_SCALE_VEC128_32F is not supported on compute capability 10.0 (compute capability 9.0 only) [gemm-narrow-precision]
  // CHECK-MESSAGES-SM100: :[[@LINE-5]]:22: warning: 'CUBLASLT_MATMUL_DESC_B_SCALE_MODE' CUBLASLT_MATMUL_MATRIX_SCALE_BLK128x128_32F is not supported on compute capability 10.0 (compute capability 9.0 only) [gemm-narrow-precision]
}

// LT-FP4-REQ: FP4 needs 10.0 or newer; LT-SCALE-ARCH: so does VEC16_UE4M3.
void nvfp4() {
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
  // CHECK-MESSAGES-SM80: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_A_SCALE_MODE' CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 is not supported on compute capability 8.0 (compute capability 10.0 or newer) [gemm-narrow-precision]
  // CHECK-MESSAGES-SM80: :[[@LINE-2]]:22: warning: 'CUBLASLT_MATMUL_DESC_B_SCALE_MODE' CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 is not supported on compute capability 8.0 (compute capability 10.0 or newer) [gemm-narrow-precision]
  // CHECK-MESSAGES-SM80: :[[@LINE-3]]:35: warning: FP4 matmuls need compute capability 10.0 or newer, not 8.0 [gemm-narrow-precision]
  // CHECK-MESSAGES-SM90: :[[@LINE-4]]:22: warning: 'CUBLASLT_MATMUL_DESC_A_SCALE_MODE' CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 is not supported on compute capability 9.0 (compute capability 10.0 or newer) [gemm-narrow-precision]
  // CHECK-MESSAGES-SM90: :[[@LINE-5]]:22: warning: 'CUBLASLT_MATMUL_DESC_B_SCALE_MODE' CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 is not supported on compute capability 9.0 (compute capability 10.0 or newer) [gemm-narrow-precision]
  // CHECK-MESSAGES-SM90: :[[@LINE-6]]:35: warning: FP4 matmuls need compute capability 10.0 or newer, not 9.0 [gemm-narrow-precision]
}

// LT-IMMA-ORDERARCH: COL4_4R2_8C on 7.5 and 8.x only.
void immaCol4() {
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
  // CHECK-MESSAGES-SM90: :[[@LINE-1]]:42: warning: the IMMA orders (COL32, COL4_4R2_8C, COL32_2R_4R4) are not supported on compute capability 9.0 (COL4_4R2_8C: 7.5 and 8.x; COL32_2R_4R4: 8.x) [gemm-int8-alignment]
  // CHECK-MESSAGES-SM100: :[[@LINE-2]]:42: warning: the IMMA orders (COL32, COL4_4R2_8C, COL32_2R_4R4) are not supported on compute capability 10.0 (COL4_4R2_8C: 7.5 and 8.x; COL32_2R_4R4: 8.x) [gemm-int8-alignment]
}

// LT-IMMA-ORDERARCH: COL32_2R_4R4 on 8.x only.
void immaCol32r4() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32I, CUDA_R_32I);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &opT, sizeof(opT));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8I, 64, 64, 2048);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8I, 32, 64, 1024);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32I, 64, 32, 2048);
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32r4, sizeof(col32r4));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_ORDER, &col32, sizeof(col32));
  cublasLtMatmul(lt, op, &ione, A, a, B, b, &izero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES-SM90: :[[@LINE-1]]:42: warning: the IMMA orders (COL32, COL4_4R2_8C, COL32_2R_4R4) are not supported on compute capability 9.0 (COL4_4R2_8C: 7.5 and 8.x; COL32_2R_4R4: 8.x) [gemm-int8-alignment]
  // CHECK-MESSAGES-SM100: :[[@LINE-2]]:42: warning: the IMMA orders (COL32, COL4_4R2_8C, COL32_2R_4R4) are not supported on compute capability 10.0 (COL4_4R2_8C: 7.5 and 8.x; COL32_2R_4R4: 8.x) [gemm-int8-alignment]
}

// LT-MISC-FILL: no LOWER/UPPER fill on Hopper and Blackwell.
void triangularFloat() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasFillMode_t fill = CUBLAS_FILL_MODE_LOWER;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_FILL_MODE, &fill, sizeof(fill));
  cublasLtMatrixLayout_t a, b, c, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES-SM90: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_FILL_MODE' other than CUBLAS_FILL_MODE_FULL is not supported on compute capability 9.0 (Hopper and Blackwell) [gemm-invalid-enum]
  // CHECK-MESSAGES-SM100: :[[@LINE-2]]:22: warning: 'CUBLASLT_MATMUL_DESC_FILL_MODE' other than CUBLAS_FILL_MODE_FULL is not supported on compute capability 10.0 (Hopper and Blackwell) [gemm-invalid-enum]
}
