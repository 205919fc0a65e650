// RUN: %check_gemm_tidy %s gemm-scalar-pointer-mode %t -- -- %gemm_cxx_flags
//
// A handle this function did not create -- a parameter, as real code
// passes handles -- is followed from the cublasSetPointerMode call on it,
// here or in a helper it is given to, until anything that could reach it
// by another name could have changed it.

#include <cublas_v2.h>
#include <cstdio>
#include <cuda_runtime.h>

void check(cublasStatus_t s, const char *file, int line) {
  if (s != CUBLAS_STATUS_SUCCESS)
    std::printf("%s:%d: status %d\n", file, line, static_cast<int>(s));
}
void configure(cublasHandle_t h);
float *dA, *dB, *dC, *dAlpha;

// ---- positive ------------------------------------------------------------------

void hostScalarsAfterDeviceMode(cublasHandle_t handle) {
  const float alpha = 1, beta = 0;
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE);
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: 'alpha' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE, where the GPU reads it [gemm-scalar-pointer-mode]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE, set by cublasSetPointerMode here
  // CHECK-MESSAGES: :[[@LINE-3]]:80: warning: 'beta' points to host memory
}

// Status checks around the calls take numbers and messages only.
void throughStatusChecks(cublasHandle_t handle) {
  const float alpha = 1, beta = 0;
  check(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE), __FILE__, __LINE__);
  check(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8), __FILE__, __LINE__);
  // CHECK-MESSAGES: :[[@LINE-1]]:64: warning: 'alpha' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE
  // CHECK-MESSAGES: :[[@LINE-2]]:86: warning: 'beta' points to host memory
}

void devicePointerInHostMode(cublasHandle_t handle) {
  float *devAlpha;
  cudaMalloc((void **)&devAlpha, sizeof(float));
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST);
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, devAlpha, dA, 8, dB, 8, devAlpha, dC, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: 'alpha' points to device memory but the handle's pointer mode is CUBLAS_POINTER_MODE_HOST, where cuBLAS reads it on the host [gemm-scalar-pointer-mode]
  // CHECK-MESSAGES: :[[@LINE-2]]:82: warning: 'beta' points to device memory
}

// A helper computes a norm into device memory and leaves the handle in
// device mode; the caller's next GEMM passes host scalars.
void norm(cublasHandle_t h, const float *x, float *result) {
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  cublasSnrm2(h, 8, x, 1, result);
}
void normThenGemm(cublasHandle_t handle) {
  const float alpha = 1, beta = 0;
  norm(handle, dA, dC);
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: 'alpha' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE
  // CHECK-NOTES: :[[@LINE-3]]:3: note: the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE, set by norm here
  // CHECK-MESSAGES: :[[@LINE-3]]:80: warning: 'beta' points to host memory
}
void normThenGemmOnACreatedHandle() {
  cublasHandle_t handle;
  cublasCreate(&handle);
  const float alpha = 1, beta = 0;
  norm(handle, dA, dC);
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: 'alpha' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE
  // CHECK-MESSAGES: :[[@LINE-2]]:80: warning: 'beta' points to host memory
}

// The caller's handle, in the mode the caller knows it has, into the
// function that makes the call: created in host mode, given to a function
// that passes device scalars; set to device mode, given to one that passes
// host scalars.
void gemmWithItsOwnDeviceScalars(cublasHandle_t handle) {
  float *devAlpha;
  cudaMalloc((void **)&devAlpha, sizeof(float));
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, devAlpha, dA, 8, dB, 8, devAlpha, dC, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: 'alpha' points to device memory but the handle's pointer mode is CUBLAS_POINTER_MODE_HOST, where cuBLAS reads it on the host [gemm-scalar-pointer-mode]
  // CHECK-NOTES: :[[@LINE+12]]:3: note: the handle's pointer mode is CUBLAS_POINTER_MODE_HOST, set by cublasCreate here
  // CHECK-NOTES: :[[@LINE+12]]:3: note: 'gemmWithItsOwnDeviceScalars' is called with handle in CUBLAS_POINTER_MODE_HOST here
  // CHECK-MESSAGES: :[[@LINE-4]]:82: warning: 'beta' points to device memory
}
void gemmWithHostScalars(cublasHandle_t handle) {
  const float alpha = 1, beta = 0;
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: 'alpha' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE
  // CHECK-MESSAGES: :[[@LINE-2]]:80: warning: 'beta' points to host memory
}
void createsTheHandle() {
  cublasHandle_t handle;
  cublasCreate(&handle);
  gemmWithItsOwnDeviceScalars(handle);
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE);
  gemmWithHostScalars(handle);
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'gemmWithHostScalars' is called with handle in CUBLAS_POINTER_MODE_DEVICE here
  cublasDestroy(handle);
}

// ---- negative ------------------------------------------------------------------

// The callers' modes, where the callee could have changed them or the
// caller does not know them.
void hostScalarsAfterAnUnknownCall(cublasHandle_t handle) {
  const float alpha = 1, beta = 0;
  configure(handle);
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8);
}
void hostScalarsOnly(cublasHandle_t handle) {
  const float alpha = 1, beta = 0;
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8);
}
void callersOfUnknownModes(cublasHandle_t received) {
  cublasHandle_t handle;
  cublasCreate(&handle);
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE);
  hostScalarsAfterAnUnknownCall(handle);
  hostScalarsOnly(received); // the caller's caller's mode is not known
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST);
  hostScalarsOnly(handle);
}

// A function that could set the mode again.
void unknownCallInBetween(cublasHandle_t handle) {
  const float alpha = 1, beta = 0;
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE);
  configure(handle);
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8);
}

// The variable given another handle.
void reassigned(cublasHandle_t handle, cublasHandle_t other) {
  const float alpha = 1, beta = 0;
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE);
  handle = other;
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8);
}

// Another name's set may be the same handle's.
void setThroughAnotherName(cublasHandle_t handle, cublasHandle_t other) {
  float *devAlpha;
  cudaMalloc((void **)&devAlpha, sizeof(float));
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE);
  cublasSetPointerMode(other, CUBLAS_POINTER_MODE_HOST);
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, devAlpha, dA, 8, dB, 8, devAlpha, dC, 8);
}

void deviceModeDeviceScalars(cublasHandle_t handle) {
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE);
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, dAlpha, dA, 8, dB, 8, dAlpha, dC, 8);
}

void modeRestored(cublasHandle_t handle) {
  const float alpha = 1, beta = 0;
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE);
  cublasSnrm2(handle, 8, dA, 1, dC);
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST);
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8);
}

void normRestoring(cublasHandle_t h, const float *x, float *result) {
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  cublasSnrm2(h, 8, x, 1, result);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST);
}
void helperRestoresHostMode(cublasHandle_t handle) {
  const float alpha = 1, beta = 0;
  normRestoring(handle, dA, dC);
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8);
}

// A helper that sets the mode on one path only.
void maybeDevice(cublasHandle_t h, bool device) {
  if (device)
    cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
}
void helperSetsOnOnePath(cublasHandle_t handle, bool device) {
  const float alpha = 1, beta = 0;
  maybeDevice(handle, device);
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8);
}

// An RAII guard given the handle sets it back when its scope ends (its
// destructor runs unseen): on a received handle and on one created here.
struct HostModeGuard {
  cublasHandle_t h;
  explicit HostModeGuard(cublasHandle_t h) : h(h) {}
  ~HostModeGuard() { cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST); }
};
void guardRestoresTheMode(cublasHandle_t handle) {
  const float alpha = 1, beta = 0;
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE);
  { HostModeGuard g(handle); }
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8);
}
void guardRestoresTheModeOfACreatedHandle() {
  cublasHandle_t handle;
  cublasCreate(&handle);
  const float alpha = 1, beta = 0;
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE);
  { HostModeGuard g(handle); }
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8);
}

// A structure holding the same handle sets it; a lambda does.
struct Holder {
  cublasHandle_t h;
};
void setThroughAStructure(cublasHandle_t handle) {
  const float alpha = 1, beta = 0;
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE);
  Holder holder{handle};
  cublasSetPointerMode(holder.h, CUBLAS_POINTER_MODE_HOST);
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8);
}
void setByALambda(cublasHandle_t handle) {
  const float alpha = 1, beta = 0;
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE);
  auto reset = [handle] { cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST); };
  reset();
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8);
}

// The mode of a handle received and never set here is the caller's.
void modeNeverSetHere(cublasHandle_t handle) {
  const float alpha = 1, beta = 0;
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, dA, 8, dB, 8, &beta, dC, 8);
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, dAlpha, dA, 8, dB, 8, dAlpha, dC, 8);
}
