// A CUDA compilation for one GPU decides the architecture rules for it: the
// device side, which clang-tidy parses for --cuda-gpu-arch (or
// --offload-arch) without --cuda-host-only. FP8 needs compute capability
// 8.9; sm_80 has none.
// REQUIRES: cuda-mode
// RUN: %check_gemm_tidy %s gemm-narrow-precision %t -- -- -x cuda \
// RUN:   --cuda-gpu-arch=sm_80 -nocudalib --cuda-path=%cuda_root -std=c++17 \
// RUN:   -I%cuda_root/include
// The host side (--cuda-host-only) names no GPU: silent.
// RUN: %check_gemm_tidy -check-suffix=HOST %s gemm-narrow-precision %t -- -- \
// RUN:   %gemm_cuda_flags

#include <cublasLt.h>

cublasLtHandle_t lt;
const void *A, *B;
void *C, *D, *workspace;
const float one = 1, zero = 0;

void fp8() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasOperation_t t = CUBLAS_OP_T;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof(t));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_8F_E4M3, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_8F_E4M3, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: FP8 matmuls need compute capability 8.9 or newer, not 8.0 [gemm-narrow-precision]
  // CHECK-NOTES: :[[@LINE-5]]:34: note: 'CUBLASLT_MATRIX_LAYOUT_TYPE of Adesc' is CUDA_R_8F_E4M3, set by cublasLtMatrixLayoutCreate here
}
