// cudaMallocPitch returns the pitch in bytes; cuBLAS counts leading
// dimensions in elements. A pitch passed as a leading dimension unchanged
// (directly, through locals and casts, through a wrapper in the file) is
// reported when an element is wider than one byte; a pitch divided by the
// element size, one-byte elements, a pitch overwritten, and a value the
// analysis cannot prove to be the pitch stay silent.
// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags

#include <cstddef>
#include <cstdint>
#include <cublas_v2.h>
#include <cuda_runtime.h>

cublasHandle_t h;
const float *al, *be, *B;
float *C;

// ---- reported -------------------------------------------------------------------------

void pitchAsLda(int m, int n, int k) {
  float *A;
  size_t pitch;
  cudaMallocPitch(&A, &pitch, m * sizeof(float), k);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, al, A, pitch, B, k, be, C, m);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'lda' is a pitch in bytes from cudaMallocPitch, but cuBLAS counts leading dimensions in elements of A (CUDA_R_32F, 4 bytes each) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'lda' is the pitch in bytes set by cudaMallocPitch here
  // CHECK-NOTES: :[[@LINE-3]]:60: note: divide the pitch by sizeof(float) to pass it as 'lda'
}

void throughALocal(int m, int n) {
  float *out;
  size_t pitch = 0;
  cudaMallocPitch((void **)&out, &pitch, m * sizeof(float), n); // NVIDIA's form
  const int ldc = static_cast<int>(pitch);
  int ld = ldc;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, 8, al, B, m, B, 8, be, out, ld);
  // CHECK-MESSAGES: :[[@LINE-1]]:78: warning: 'ldc' is a pitch in bytes from cudaMallocPitch, but cuBLAS counts leading dimensions in elements of C (CUDA_R_32F, 4 bytes each) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-5]]:3: note: 'ldc' is the pitch in bytes set by cudaMallocPitch here
}

void halves(int m, int n, int k, const void *a, void *c) {
  void *b;
  size_t pitchB;
  cudaMallocPitch(&b, &pitchB, k * 2, n);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, al, a, CUDA_R_16F, m, b,
               CUDA_R_16F, pitchB, be, c, CUDA_R_16F, m, CUBLAS_COMPUTE_32F,
               CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-2]]:28: warning: 'ldb' is a pitch in bytes from cudaMallocPitch, but cuBLAS counts leading dimensions in elements of B (CUDA_R_16F, 2 bytes each) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-5]]:3: note: 'ldb' is the pitch in bytes set by cudaMallocPitch here
  // CHECK-NOTES: :[[@LINE-4]]:28: note: divide the pitch by sizeof(__half) to pass it as 'ldb'
}

static void gemmWithLd(const float *A, int m, int lda) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, al, A, lda, B, 8, be, C, m);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'lda' is a pitch in bytes from cudaMallocPitch, but cuBLAS counts leading dimensions in elements of A (CUDA_R_32F, 4 bytes each) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE+7]]:3: note: 'lda' is the pitch in bytes set by cudaMallocPitch here
  // CHECK-NOTES: :[[@LINE+7]]:3: note: 'gemmWithLd' is called with m = 64, lda = a pitch in bytes here
}

void callsTheWrapper() {
  float *A;
  size_t pitch;
  cudaMallocPitch(&A, &pitch, 64 * sizeof(float), 8);
  gemmWithLd(A, 64, pitch);
}

// ---- silent ---------------------------------------------------------------------------

void dividedBySizeof(int m, int n, int k) {
  float *A;
  size_t pitch;
  cudaMallocPitch(&A, &pitch, m * sizeof(float), k);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, al, A, pitch / sizeof(float), B, k, be, C, m);
  const int lda = pitch / 4;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, al, A, lda, B, k, be, C, m);
  size_t ld = pitch;
  ld /= sizeof(float);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, al, A, ld, B, k, be, C, m);
}

void oneByteElements(int m, int n, int k, const void *b, void *c) {
  int8_t *A;
  size_t pitch;
  cudaMallocPitch(&A, &pitch, m, k); // bytes are elements
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, al, A, CUDA_R_8I, pitch, b,
               CUDA_R_8I, k, be, c, CUDA_R_32F, m, CUBLAS_COMPUTE_32F,
               CUBLAS_GEMM_DEFAULT);
}

void overwritten(int n, bool shrink) {
  float *A;
  size_t pitch;
  cudaMallocPitch(&A, &pitch, 64 * sizeof(float), 8);
  size_t ld = pitch;
  if (shrink)
    ld = pitch / sizeof(float); // not the pitch on every path
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, n, 8, al, A, ld, B, 8, be, C, 64);
  pitch = 64;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, n, 8, al, A, pitch, B, 8, be, C, 64);
  for (int i = 0; i < n; ++i)
    pitch += 64;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, n, 8, al, A, pitch, B, 8, be, C, 64);
}

void myPitchedAlloc(float **p, size_t *pitch, size_t width, size_t height);
void touches(size_t &v);

void fromUnknownFunctions(int n) {
  float *A;
  size_t pitch;
  myPitchedAlloc(&A, &pitch, 64 * sizeof(float), 8); // its unit is its own
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, n, 8, al, A, pitch, B, 8, be, C, 64);
  size_t other;
  cudaMallocPitch(&A, &other, 64 * sizeof(float), 8);
  touches(other); // may have divided it
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, n, 8, al, A, other, B, 8, be, C, 64);
}
