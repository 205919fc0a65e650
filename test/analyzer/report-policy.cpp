// The report policy (docs/deep.md): a value counts only where it is a
// concrete constant on the path, and a finding is reported only where every
// path the analyzer took to the call makes it. A value the analyzer merely
// assumed, by taking a branch on an input it does not know, is no finding:
// the input may never take it.
// REQUIRES: gemm-analyzer, cuda-headers
// RUN: %clang_analyze_gemm %gemm_cxx_flags %s

#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

void log_unusual(int);

// Look-alike: on the path where ld == 64 the constraint manager pins 'ld'
// to 64, less than m; whether any caller passes 64 is not known. Silent.
void pinnedByBranch(cublasHandle_t h, const float *A, float *C, int ld) {
  const float alpha = 1, beta = 0;
  if (ld == 64)
    log_unusual(ld);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 128, 128, 128, &alpha, A, ld, A, 128, &beta, C, 128);
}

// Look-alike: a range check the caller's value passes or fails. Silent.
void rangeChecked(cublasHandle_t h, const float *A, float *C, int ld) {
  const float alpha = 1, beta = 0;
  if (ld < 128)
    return;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 128, 128, 128, &alpha, A, ld, A, 128, &beta, C, 128);
}

// Look-alike: a constant written on one side of a branch on an unknown
// value. Whether the program ever takes that side is not known: the other
// path reaches the call with 128. Silent.
void constantUnderUnknownBranch(cublasHandle_t h, const float *A, float *C,
                                bool small) {
  const float alpha = 1, beta = 0;
  const int ld = small ? 64 : 128;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 128, 128, 128, &alpha, A, ld, A, 128, &beta, C, 128);
}

// Wrong on every path, with a different value on each: reported.
void wrongOnEveryPath(cublasHandle_t h, const float *A, float *C, bool small) {
  const float alpha = 1, beta = 0;
  const int ld = small ? 32 : 64;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 128, 128, 128, &alpha, A, ld, A, 128, &beta, C, 128);
  // expected-warning@-1 {{'lda' (64) must be at least max(1, m) = 128}}
}

// Look-alike: grown in a loop whose bound is not known. The analyzer
// follows only its first iterations, each too small. Silent.
void grownInALoop(cublasHandle_t h, const float *A, float *C, int n) {
  const float alpha = 1, beta = 0;
  int ld = 16;
  for (int i = 0; i < n; ++i)
    ld *= 2;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 128, 128, 128, &alpha, A, ld, A, 128, &beta, C, 128);
}

// Look-alike: a bit-field holds the low bits of what is stored (17 in four
// bits is 1). Silent.
struct Bits {
  unsigned rows : 4;
};
void bitField(cublasHandle_t h, const float *A, float *C) {
  const float alpha = 1, beta = 0;
  Bits b{};
  b.rows = 17;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, b.rows, 8, 8, &alpha, A, 1, A, 8, &beta, C, 1);
  b.rows = 9;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, b.rows, 8, 8, &alpha, A, 1, A, 8, &beta, C, 9);
  // expected-warning@-1 {{'lda' (1) must be at least max(1, m) = 9}}
}

// Look-alike: a function-scope static initialised from a parameter holds
// the first call's value, whichever call that is. Silent.
static void staticFromParameter(cublasHandle_t h, const float *A, float *C,
                                int rows) {
  const float alpha = 1, beta = 0;
  static const int ld = rows;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &alpha, A, ld, A, 8, &beta, C, 64);
}
void firstCall(cublasHandle_t h, const float *A, float *C) {
  staticFromParameter(h, A, C, 8);
}

// Look-alike: a volatile may change behind the analyzer's back. Silent.
void volatileValue(cublasHandle_t h, const float *A, float *C) {
  const float alpha = 1, beta = 0;
  volatile int ld = 8;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &alpha, A, ld, A, 8, &beta, C, 64);
}

// Look-alike: the handle came from outside; its pointer mode is not known,
// so a host alpha is no finding.
void handleFromOutside(cublasHandle_t h, const float *A, float *C) {
  const float alpha = 1, beta = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &alpha, A, 16, A, 16, &beta, C, 16);
}

// Look-alike: after an unknown function received the handle variable's
// address, the handle is a new symbol with no known mode.
void opaqueReset(cublasHandle_t *);
void handleReset(const float *A, float *C) {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  opaqueReset(&h);
  const float alpha = 1, beta = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &alpha, A, 16, A, 16, &beta, C, 16);
}

// Look-alike: the handle reaches a function the analyzer does not see,
// which may set its mode. Silent.
void configure(cublasHandle_t);
void handleEscapes(const float *A, float *C) {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  configure(h);
  const float alpha = 1, beta = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &alpha, A, 16, A, 16, &beta, C, 16);
}

// A cuBLAS function the model does not list (cublasSetStream) changes no
// mode: the handle's is still known. Reported.
void toolkitCallKeepsMode(const float *A, float *C, cudaStream_t s) {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  cublasSetStream(h, s);
  const float alpha = 1, beta = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &alpha, A, 16, A, 16, &beta, C, 16);
  // expected-warning@-1 {{'alpha' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE}}
  // expected-warning@-2 {{'beta' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE}}
}

// Look-alike: memory viewed through a cast says nothing of what it holds
// (a byte workspace read as float). Silent.
void byteWorkspace(cublasHandle_t h, float *C) {
  unsigned char *ws;
  cudaMalloc(&ws, 1 << 20);
  const float alpha = 1, beta = 0;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, (const __half *)ws, CUDA_R_32F, 8, (const float *)ws, CUDA_R_32F, 8, &beta, C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}
