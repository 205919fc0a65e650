// The bug path's notes: where the handle got the pointer mode the finding
// rests on.
// REQUIRES: gemm-analyzer, cuda-headers
// RUN: %clang_analyze_gemm_notes %gemm_cxx_flags %s

#include <cublas_v2.h>

void hostScalarsOnDeviceMode(const float *A, float *C) {
  cublasHandle_t h;
  cublasCreate(&h); // expected-note 2 {{the handle's pointer mode is CUBLAS_POINTER_MODE_HOST from here}}
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE); // expected-note 2 {{the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE from here}}
  const float alpha = 1, beta = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &alpha, A, 16, A, 16, &beta, C, 16);
  // expected-warning@-1 {{'alpha' points to host memory}} expected-note@-1 {{'alpha' points to host memory}}
  // expected-warning@-2 {{'beta' points to host memory}} expected-note@-2 {{'beta' points to host memory}}
  // expected-note@-3 2 {{pass a device scalar, or call cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST) first}}
}
