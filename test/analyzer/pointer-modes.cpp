// Where a handle gets its pointer mode: a function-static or thread_local
// singleton whose constructor sets it (CTranslate2), an RAII guard that
// restores the old mode in its destructor (PyTorch's PointerModeGuard),
// alive or already gone at the call, and a template whose default argument
// decides it (RAFT). The model of cublasCreate, cublasSetPointerMode and
// cublasGetPointerMode keeps the handle's symbol through all of them.
// REQUIRES: gemm-analyzer, cuda-headers
// RUN: %clang_analyze_gemm %gemm_cxx_flags %s

#include <cublas_v2.h>
#include <cuda_runtime.h>

// --- the singleton -----------------------------------------------------------
struct DeviceHandle {
  cublasHandle_t handle;
  explicit DeviceHandle(bool DeviceScalars) {
    cublasCreate(&handle);
    if (DeviceScalars)
      cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE);
  }
};

cublasHandle_t deviceScalarHandle() {
  static DeviceHandle H(true);
  return H.handle;
}
cublasHandle_t hostScalarHandle() {
  static thread_local DeviceHandle H(false);
  return H.handle;
}

void sgemm(cublasHandle_t h, const float *A, const float *B, float *C) {
  const float alpha = 1, beta = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &alpha, A, 16, B, 16, &beta, C, 16); // #sgemm
}

void fromSingleton(const float *A, const float *B, float *C) {
  sgemm(deviceScalarHandle(), A, B, C);
  // expected-warning@#sgemm {{'alpha' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE, where the GPU reads it [gemm.ScalarPointerMode]}}
  // expected-warning@#sgemm {{'beta' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE, where the GPU reads it [gemm.ScalarPointerMode]}}
}
// Look-alike: the thread_local singleton keeps the host mode.
void fromThreadLocal(const float *A, const float *B, float *C) {
  sgemm(hostScalarHandle(), A, B, C);
}

// --- the RAII guard ----------------------------------------------------------
class PointerModeGuard {
public:
  PointerModeGuard(cublasHandle_t h, cublasPointerMode_t mode) : handle(h) {
    cublasGetPointerMode(handle, &previous);
    cublasSetPointerMode(handle, mode);
  }
  ~PointerModeGuard() { cublasSetPointerMode(handle, previous); }

private:
  cublasHandle_t handle;
  cublasPointerMode_t previous;
};

struct Context {
  cublasHandle_t handle;
  float *A, *B, *C;
  Context() {
    cublasCreate(&handle);
    cudaMalloc(&A, 16 * 16 * sizeof(float));
    cudaMalloc(&B, 16 * 16 * sizeof(float));
    cudaMalloc(&C, 16 * 16 * sizeof(float));
  }
};

void guardAlive() {
  Context Ctx;
  const float alpha = 1, beta = 0;
  PointerModeGuard Guard(Ctx.handle, CUBLAS_POINTER_MODE_DEVICE);
  cublasSgemm(Ctx.handle, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &alpha, Ctx.A, 16, Ctx.B, 16, &beta, Ctx.C, 16);
  // expected-warning@-1 {{'alpha' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE}}
  // expected-warning@-2 {{'beta' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE}}
}
// Look-alike: the guard's scope ended; its destructor restored the host mode.
void guardGone() {
  Context Ctx;
  {
    PointerModeGuard Guard(Ctx.handle, CUBLAS_POINTER_MODE_DEVICE);
  }
  const float alpha = 1, beta = 0;
  cublasSgemm(Ctx.handle, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &alpha, Ctx.A, 16, Ctx.B, 16, &beta, Ctx.C, 16);
}

// --- the template's default argument -----------------------------------------
template <bool DevicePointerMode = false>
void matmul(cublasHandle_t h, int m, const float *alpha, const float *A,
            const float *beta, float *C) {
  cublasSetPointerMode(h, DevicePointerMode ? CUBLAS_POINTER_MODE_DEVICE
                                            : CUBLAS_POINTER_MODE_HOST);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, m, m, alpha, A, m, A, m, beta, C, m); // #matmul
}

void scalarsOnDevice(int Which) {
  Context Ctx;
  float *scalars;
  cudaMalloc(&scalars, 2 * sizeof(float));
  if (Which == 0) {
    matmul(Ctx.handle, 16, scalars, Ctx.A, scalars + 1, Ctx.C);
    // expected-warning@#matmul {{'alpha' points to device memory but the handle's pointer mode is CUBLAS_POINTER_MODE_HOST, where cuBLAS reads it on the host [gemm.ScalarPointerMode]}}
    // expected-warning@#matmul {{'beta' points to device memory but the handle's pointer mode is CUBLAS_POINTER_MODE_HOST, where cuBLAS reads it on the host [gemm.ScalarPointerMode]}}
  } else {
    // Look-alike: the specialisation asks for the device mode.
    matmul<true>(Ctx.handle, 16, scalars, Ctx.A, scalars + 1, Ctx.C);
  }
}
