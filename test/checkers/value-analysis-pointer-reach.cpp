// RUN: %check_gemm_tidy %s gemm-scalar-pointer-mode %t -- -- %gemm_cxx_flags
//
// Where alpha and beta lie crosses the call as the handle's mode does: a
// function that receives both the handle and the scalars is judged with
// what each caller passes -- a cudaMalloc'd scalar with a handle in host
// mode, a host scalar with a handle the caller set to device mode.

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>

float *dA, *dB, *dC;

void gemmWith(cublasHandle_t h, const float *alpha, const float *beta) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, dA, 8, dB, 8, beta, dC, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'alpha' points to device memory but the handle's pointer mode is CUBLAS_POINTER_MODE_HOST, where cuBLAS reads it on the host [gemm-scalar-pointer-mode]
  // CHECK-NOTES: :[[@LINE+13]]:3: note: 'gemmWith' is called with h in CUBLAS_POINTER_MODE_HOST, alpha in device memory, beta in host memory here
  // CHECK-MESSAGES: :[[@LINE-3]]:53: warning: 'alpha' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE, where the GPU reads it [gemm-scalar-pointer-mode]
  // CHECK-MESSAGES: :[[@LINE-4]]:74: warning: 'beta' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE, where the GPU reads it [gemm-scalar-pointer-mode]
}

// ---- positive ------------------------------------------------------------------

void deviceScalarWithAHostModeHandle() {
  cublasHandle_t h;
  cublasCreate(&h);
  float *dAlpha;
  cudaMalloc(&dAlpha, sizeof(float));
  const float beta = 0;
  gemmWith(h, dAlpha, &beta);
}

void hostScalarsWithADeviceModeHandle() {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  const float alpha = 1, beta = 0;
  gemmWith(h, &alpha, &beta);
}

// ---- negative: look-alikes that must stay silent -------------------------------

void gemmWithOwnCopy(cublasHandle_t h, const float *alpha, const float *beta) {
  const float one = 1;
  alpha = &one; // reassigned: not the caller's any more
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, dA, 8, dB, 8, beta, dC, 8);
}

void gemmWithOwnHandle(const float *alpha, const float *beta) {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, dA, 8, dB, 8, beta, dC, 8);
}

void rightResidency(float *unknown) {
  cublasHandle_t h;
  cublasCreate(&h);
  const float alpha = 1, beta = 0;
  gemmWith(h, &alpha, &beta); // host scalars, host mode
  float *dAlpha, *dBeta;
  cudaMalloc(&dAlpha, sizeof(float));
  cudaMalloc(&dBeta, sizeof(float));
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  gemmWith(h, dAlpha, dBeta); // device scalars, device mode
  gemmWith(h, unknown, unknown); // not known: silent
  gemmWithOwnCopy(h, &alpha, &beta);
  float *dOne;
  cudaMalloc(&dOne, sizeof(float));
  gemmWithOwnHandle(dOne, dOne); // its own handle is in device mode
}

// ---- two levels of wrappers ------------------------------------------------------
//
// The middle function passes its own parameter on: its callers bind it.

void gemmTwoLevels(cublasHandle_t h, const float *alpha) {
  const float zero = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, dA, 8, dB, 8, &zero, dC, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'alpha' points to device memory but the handle's pointer mode is CUBLAS_POINTER_MODE_HOST, where cuBLAS reads it on the host [gemm-scalar-pointer-mode]
  // CHECK-NOTES: :[[@LINE+5]]:3: note: 'gemmTwoLevels' is called with h in CUBLAS_POINTER_MODE_HOST, alpha in device memory here
  // CHECK-NOTES: :[[@LINE+19]]:3: note: 'middle' is called with h in CUBLAS_POINTER_MODE_HOST, alpha in device memory here
}

void middle(cublasHandle_t h, const float *alpha) {
  gemmTwoLevels(h, alpha);
}

void middleWithOwnScalar(cublasHandle_t h, const float *alpha) {
  const float one = 1;
  alpha = &one; // reassigned: what its callers pass does not reach the call
  gemmTwoLevels(h, alpha);
}

void twoLevelCallers() {
  cublasHandle_t h;
  cublasCreate(&h);
  float *dAlpha;
  cudaMalloc(&dAlpha, sizeof(float));
  const float one = 1;
  middle(h, dAlpha); // device scalar, host mode: reported in gemmTwoLevels
  middle(h, &one);
  middleWithOwnScalar(h, dAlpha);
}

// ---- cuBLASLt: the descriptor's pointer mode against the callers' scalars -----
//
// A wrapper that builds its descriptor (so its pointer mode is known) and
// takes alpha and beta from its callers: NVIDIA/raft#2766, a wrapper left in
// host mode while its callers passed device scalars (a segfault).

cublasLtHandle_t lt;
cublasLtMatrixLayout_t la, lb, ld;

void ltGemmHostMode(const float *alpha, const float *beta) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmul(lt, op, alpha, dA, la, dB, lb, beta, dC, ld, dC, ld, nullptr, nullptr, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'alpha' points to device memory but 'CUBLASLT_MATMUL_DESC_POINTER_MODE' is CUBLASLT_POINTER_MODE_HOST: the host would read it [gemm-scalar-pointer-mode]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'CUBLASLT_MATMUL_DESC_POINTER_MODE' is CUBLASLT_POINTER_MODE_HOST, the default after cublasLtMatmulDescCreate here
  // CHECK-NOTES: :[[@LINE+17]]:18: note: 'alpha' points to device memory, passed to 'ltGemmHostMode' here
  // CHECK-NOTES: :[[@LINE+16]]:3: note: 'ltGemmHostMode' is called with alpha in device memory, beta in device memory here
  // CHECK-MESSAGES: :[[@LINE-5]]:49: warning: 'beta' points to device memory but 'CUBLASLT_MATMUL_DESC_POINTER_MODE' is CUBLASLT_POINTER_MODE_HOST: the host would read it [gemm-scalar-pointer-mode]
}

void ltGemmDeviceMode(const float *alpha, const float *beta) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtPointerMode_t mode = CUBLASLT_POINTER_MODE_DEVICE;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof(mode));
  cublasLtMatmul(lt, op, alpha, dA, la, dB, lb, beta, dC, ld, dC, ld, nullptr, nullptr, 0, 0);
}

void ltCallers(const float *unknown) {
  const float alpha = 1, beta = 0;
  float *dOne;
  cudaMalloc(&dOne, sizeof(float));
  ltGemmHostMode(dOne, dOne);         // device scalars, host mode: reported
  ltGemmHostMode(&alpha, &beta);      // host scalars, host mode
  ltGemmDeviceMode(dOne, dOne);       // device scalars, device mode
  ltGemmHostMode(unknown, unknown);   // not known: silent
  ltGemmDeviceMode(&alpha, &beta);    // pageable memory the GPU may read (HMM): silent
}
