// RUN: %check_gemm_tidy %s gemm-precision-loss %t -- -- %gemm_cxx_flags
// RUN: %check_gemm_tidy -check-suffixes=,FIX %s gemm-precision-loss %t \
// RUN:   -- -config="{CheckOptions: {gemm-precision-loss.FixDefaultTensorOp: true}}" \
// RUN:   -- %gemm_cxx_flags

#include <cublas_v2.h>

const void *A, *B;
void *C;
const float one = 1, zero = 0;

// ---- positive ------------------------------------------------------------------

void tensorOpAlgoOnFp32(cublasHandle_t h) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, CUDA_R_32F, 8, B, CUDA_R_32F, 8, &zero, C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
  // CHECK-MESSAGES: :[[@LINE-1]]:141: warning: 'algo' (99) is a deprecated *_TENSOR_OP algorithm: with CUDA_R_32F data cuBLAS computes in CUBLAS_COMPUTE_32F_FAST_16F, silently rounding the inputs to half precision [gemm-precision-loss]
  // Full precision changes the results: fixed only with FixDefaultTensorOp
  // (the first RUN checks that the file is left as it is without).
  // CHECK-FIXES-FIX: {{^}}  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, CUDA_R_32F, 8, B, CUDA_R_32F, 8, &zero, C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);{{$}}
  // The legacy CUDA_R_32F compute type is COMPUTE_32F.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, CUDA_R_32F, 8, B, CUDA_R_32F, 8, &zero, C, CUDA_R_32F, 8, CUDA_R_32F, CUBLAS_GEMM_ALGO5_TENSOR_OP);
  // CHECK-MESSAGES: :[[@LINE-1]]:133: warning: 'algo' (105) is a deprecated *_TENSOR_OP algorithm: with CUDA_R_32F data cuBLAS computes in CUBLAS_COMPUTE_32F_FAST_16F, silently rounding the inputs to half precision [gemm-precision-loss]
  // Only CUBLAS_GEMM_DEFAULT_TENSOR_OP has a certain replacement.
  // CHECK-FIXES-FIX: {{^}}  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, CUDA_R_32F, 8, B, CUDA_R_32F, 8, &zero, C, CUDA_R_32F, 8, CUDA_R_32F, CUBLAS_GEMM_ALGO5_TENSOR_OP);{{$}}
  // The algorithm overrides a requested TF32 compute type too (12.x guide).
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, CUDA_R_32F, 8, B, CUDA_R_32F, 8, &zero, C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_ALGO3_TENSOR_OP);
  // CHECK-MESSAGES: :[[@LINE-1]]:151: warning: 'algo' (103) is a deprecated *_TENSOR_OP algorithm: with CUDA_R_32F data cuBLAS computes in CUBLAS_COMPUTE_32F_FAST_16F, silently rounding the inputs to half precision [gemm-precision-loss]
}

void tensorOpMathOnTheHandle(const float *fA, float *fC) {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetMathMode(h, CUBLAS_TENSOR_OP_MATH);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, fA, 8, fA, 8, &zero, fC, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: the handle's math mode is the deprecated CUBLAS_TENSOR_OP_MATH: cublasSgemm on CUDA_R_32F data computes in CUBLAS_COMPUTE_32F_FAST_16F, silently rounding the inputs to half precision [gemm-precision-loss]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: the handle's math mode is CUBLAS_TENSOR_OP_MATH, set by cublasSetMathMode here
}

// ---- negative ------------------------------------------------------------------

void fineAsIs(const float *fA, float *fC) {
  cublasHandle_t h;
  cublasCreate(&h);
  // fp16 data with a TENSOR_OP algorithm: no precision is lost.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, CUDA_R_16F, 8, B, CUDA_R_16F, 8, &zero, C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
  // CHECK-FIXES-FIX: {{^}}  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, CUDA_R_16F, 8, B, CUDA_R_16F, 8, &zero, C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP);{{$}}
  // An explicitly requested FAST_16F compute type says so.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, CUDA_R_32F, 8, B, CUDA_R_32F, 8, &zero, C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F_FAST_16F, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
  // TF32 without a TENSOR_OP algorithm is what the user asked for.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, CUDA_R_32F, 8, B, CUDA_R_32F, 8, &zero, C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT);
  cublasSetMathMode(h, CUBLAS_TF32_TENSOR_OP_MATH);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, fA, 8, fA, 8, &zero, fC, 8);
}

// ---- skipped on purpose ------------------------------------------------------------

void unknownModeAndAlgo(cublasHandle_t h, cublasGemmAlgo_t algo, const float *fA, float *fC) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, CUDA_R_32F, 8, B, CUDA_R_32F, 8, &zero, C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, algo);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, fA, 8, fA, 8, &zero, fC, 8);
}
