// Device allocations in the forms people write them, handles whose modes
// survive the cuBLAS calls that cannot change them, objects and pointers
// built by small functions, struct-typed scalars, and constants beyond
// INT64_MAX as the callee receives them.
// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags

#include <cstddef>
#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_runtime.h>

const float *A, *B;
float *C;

// ---- device allocations -------------------------------------------------------------

void castForms(cudaStream_t stream) {
  cublasHandle_t h;
  cublasCreate(&h);
  float *dAlpha, *dBeta, *mAlpha;
  cudaMalloc((void **)&dAlpha, sizeof(float)); // NVIDIA's samples
  cudaMallocAsync(reinterpret_cast<void **>(&dBeta), sizeof(float), stream);
  cudaMallocManaged((void **)&mAlpha, sizeof(float));
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, dAlpha, A, 8, B, 8, dBeta, C, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'alpha' points to device memory but the handle's pointer mode is CUBLAS_POINTER_MODE_HOST, where cuBLAS reads it on the host [gemm-scalar-pointer-mode]
  // CHECK-MESSAGES: :[[@LINE-2]]:73: warning: 'beta' points to device memory but the handle's pointer mode is CUBLAS_POINTER_MODE_HOST, where cuBLAS reads it on the host [gemm-scalar-pointer-mode]
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, mAlpha, A, 8, B, 8, dBeta, C, 8);
}

void driverAllocation() {
  cublasHandle_t h;
  cublasCreate(&h);
  CUdeviceptr raw;
  cuMemAlloc(&raw, sizeof(float));
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, (const float *)raw, A, 8, B, 8, (const float *)raw, C, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'alpha' points to device memory but the handle's pointer mode is CUBLAS_POINTER_MODE_HOST, where cuBLAS reads it on the host [gemm-scalar-pointer-mode]
  // CHECK-MESSAGES: :[[@LINE-2]]:85: warning: 'beta' points to device memory but the handle's pointer mode is CUBLAS_POINTER_MODE_HOST, where cuBLAS reads it on the host [gemm-scalar-pointer-mode]
}

void pinnedHostScalarsInDeviceMode() {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  float *pAlpha, *pBeta;
  cudaMallocHost((void **)&pAlpha, sizeof(float));
  cudaHostAlloc((void **)&pBeta, sizeof(float), cudaHostAllocDefault);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, pAlpha, A, 8, B, 8, pBeta, C, 8);
}

// ---- cuBLAS calls that keep the handle's modes ---------------------------------------

void modesSurviveOtherCublasCalls(cudaStream_t stream, void *workspace, const float *x, float *result) {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, stream);
  cublasSetWorkspace(h, workspace, 1 << 20);
  cublasSdot(h, 8, x, 1, x, 1, result);
  cublasSnrm2(h, 8, x, 1, result);
  const float one = 1;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, 8, B, 8, &one, C, 8);
  float *dAlpha;
  cudaMalloc((void **)&dAlpha, sizeof(float));
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, dAlpha, A, 8, B, 8, &one, C, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'alpha' points to device memory but the handle's pointer mode is CUBLAS_POINTER_MODE_HOST, where cuBLAS reads it on the host [gemm-scalar-pointer-mode]
}

// ---- objects and pointers from small functions -------------------------------------

struct GemmShape {
  int m, n, k, ld;
  GemmShape(int M, int N, int K) : m(M), n(N), k(K), ld(M) {}
};
struct Strided {
  int rows, ld;
  Strided(int Rows, int Ld) : rows(Rows), ld(Ld) {}
};
void nonConstexprConstructors() {
  GemmShape s(64, 8, 8);
  cublasHandle_t h;
  cublasCreate(&h);
  const float one = 1;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, s.m, s.n, s.k, &one, A, s.ld, B, s.k, &one, C, s.ld); // valid
  Strided t(64, 16);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, t.rows, 8, 8, &one, A, t.ld, B, 8, &one, C, t.rows);
  // CHECK-MESSAGES: :[[@LINE-1]]:67: warning: 'lda' (16) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}

static const float hostOne = 1.0f, hostZero = 0.0f;
template <typename T> struct Scalars {
  static const T *one() { return &hostOne; }
};
const float *zero() { return &hostZero; }
void pointersFromSmallFunctions() {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  float *dBeta;
  cudaMalloc((void **)&dBeta, sizeof(float));
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, Scalars<float>::one(), A, 8, B, 8, dBeta, C, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'alpha' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE, where the GPU reads it [gemm-scalar-pointer-mode]
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, Scalars<float>::one(), A, 8, B, 8, zero(), nullptr, 8);
}

// ---- struct-typed scalars ------------------------------------------------------------

void structScalars(cublasHandle_t h, const cuComplex *a, const __half *ha) {
  const cuComplex alpha = {1, 0}, beta = {1, 0}, zero = {0, 0};
  cublasCgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, a, 8, a, 8, &beta, nullptr, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:80: warning: 'C' is null but 'beta' is not zero, so C is read [gemm-scalar-pointer-mode]
  cublasCgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, a, 8, a, 8, &zero, nullptr, 8);
  const __half hAlpha = 1.0f, hBeta = 1.0f, hZero = 0.0f;
  cublasHgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &hAlpha, ha, 8, ha, 8, &hBeta, nullptr, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:84: warning: 'C' is null but 'beta' is not zero, so C is read [gemm-scalar-pointer-mode]
  cublasHgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &hAlpha, ha, 8, ha, 8, &hZero, nullptr, 8);
}

// ---- constants beyond INT64_MAX --------------------------------------------------------

void allOnesSize(cublasHandle_t h, const float *one) {
  cublasSgemm_64(h, CUBLAS_OP_N, CUBLAS_OP_N, (size_t)-1, 8, 8, one, A, 8, B, 8, one, C, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: 'm' (-1) must not be negative [gemm-invalid-size]
}
