// RUN: %check_gemm_tidy %s gemm-scalar-pointer-mode %t -- -- %gemm_cxx_flags

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <vector>

const float *A, *B;
float *C;

// ---- positive ------------------------------------------------------------------

void deviceAlphaInHostMode() {
  cublasHandle_t h;
  cublasCreate(&h);
  float *dAlpha;
  cudaMalloc(&dAlpha, sizeof(float));
  const float beta = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, dAlpha, A, 8, B, 8, &beta, C, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'alpha' points to device memory but the handle's pointer mode is CUBLAS_POINTER_MODE_HOST, where cuBLAS reads it on the host [gemm-scalar-pointer-mode]
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'alpha' points to device memory, allocated here
  // CHECK-NOTES: :[[@LINE-7]]:3: note: the handle's pointer mode is CUBLAS_POINTER_MODE_HOST, set by cublasCreate here
}

void hostAlphaInDeviceMode() {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  const float alpha = 1;
  float *dBeta;
  cudaMalloc(&dBeta, sizeof(float));
  std::vector<float> host(1, 1.0f);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, A, 8, B, 8, dBeta, C, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'alpha' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE, where the GPU reads it [gemm-scalar-pointer-mode]
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, host.data(), A, 8, B, 8, dBeta, C, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'alpha' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE, where the GPU reads it [gemm-scalar-pointer-mode]
}

void nullScalars(cublasHandle_t h) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, nullptr, A, 8, B, 8, nullptr, C, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'alpha' is null; cuBLAS reads it on every call [gemm-scalar-pointer-mode]
  // CHECK-MESSAGES: :[[@LINE-2]]:74: warning: 'beta' is null; cuBLAS reads it on every call [gemm-scalar-pointer-mode]
}

void nullOutputWithNonZeroBeta(cublasHandle_t h) {
  const float one = 1, zero = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, 8, B, 8, &one, nullptr, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:77: warning: 'C' is null but 'beta' is not zero, so C is read [gemm-scalar-pointer-mode]
  // With beta == 0, C is not read.
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, 8, B, 8, &zero, nullptr, 8);
}

// ---- negative ------------------------------------------------------------------

void deviceAlphaAfterSwitchingMode() {
  cublasHandle_t h;
  cublasCreate(&h);
  float *dAlpha, *dBeta;
  cudaMalloc(&dAlpha, sizeof(float));
  cudaMalloc(&dBeta, sizeof(float));
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, dAlpha, A, 8, B, 8, dBeta, C, 8);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST);
  const float one = 1, zero = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, 8, B, 8, &zero, C, 8);
}

// ---- skipped on purpose: the mode or the memory is not known ------------------------

void handleFromACaller(cublasHandle_t h) {
  float *dAlpha;
  cudaMalloc(&dAlpha, sizeof(float));
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, dAlpha, A, 8, B, 8, dAlpha, C, 8);
}

void configure(cublasHandle_t h);
void handleChangedElsewhere() {
  cublasHandle_t h;
  cublasCreate(&h);
  configure(h); // may switch the pointer mode
  float *dAlpha;
  cudaMalloc(&dAlpha, sizeof(float));
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, dAlpha, A, 8, B, 8, dAlpha, C, 8);
}

void modeInALoop(int n) {
  cublasHandle_t h;
  cublasCreate(&h);
  float *dAlpha;
  cudaMalloc(&dAlpha, sizeof(float));
  for (int i = 0; i < n; ++i)
    cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, dAlpha, A, 8, B, 8, dAlpha, C, 8);
}

void unknownMemory(const float *alpha) {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, A, 8, B, 8, alpha, C, 8);
}
