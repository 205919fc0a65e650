// gemm.Coverage: a call the analysis could not judge is reported as such,
// never passed over in silence (docs/deep.md, "Report policy", rule 3). A
// path the analyzer stopped -- at a loop it unrolled as often as it may, or
// anywhere, out of its budget of steps -- may reach the call with values it
// did not see: its findings on the finished paths are notes, not warnings,
// unless the values that decide them are written as constants at the call.
// REQUIRES: gemm-analyzer, cuda-headers
// RUN: %clang_analyze_gemm_notes -Xclang -verify=expected,notes %gemm_cxx_flags %s
// RUN: %clang_analyze_gemm %gemm_cxx_flags -DBUDGET -Xclang -analyzer-config -Xclang max-nodes=1500 %s
// RUN: %clang_analyze_gemm %gemm_cxx_flags -DOFF -Xclang -analyzer-disable-checker=gemm.Coverage %s

#include <cublas_v2.h>
#include <cuda_runtime.h>

#ifndef BUDGET
// The loop runs 64 times; the analyzer follows its first four iterations,
// each with an lda too small, then stops the path. The later iterations
// grow lda past m: no finding, and the call is said to be not judged.
void growingInAConstantLoop(cublasHandle_t h, const float *A, float *C) {
  const float alpha = 1, beta = 0;
  int ld = 1;
  for (int i = 0; i < 64; ++i) { // notes-note {{the analyzer stopped following this loop here}}
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, A, ld, A, 64, &beta, C, 64);
#ifndef OFF
    // expected-warning@-2 {{'cublasSgemm_v2' was not judged on every path: the analyzer stopped a path that may reach it after unrolling a loop 4 times (-analyzer-max-loop) [gemm.Coverage]}}
    // notes-note@-3 {{'cublasSgemm_v2' was not judged on every path}}
    // notes-note@-4 {{on every path the analyzer finished: 'lda' (1) must be at least max(1, m) = 64}}
#endif
    ld += 1;
  }
}

// Written as constants at the call, lda and m are the same on every path,
// finished or not: the finding is reported. And the loop changes nothing the
// call reads (it writes only 'i', calls only what changes no state the
// checks read): its later iterations are its first again, and the call is
// judged.
void constantsInAConstantLoop(cublasHandle_t h, const float *A, float *C) {
  const float alpha = 1, beta = 0;
  for (int i = 0; i < 64; ++i) { // notes-note {{Loop condition is true}}
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, A, 16, A, 64, &beta, C, 64);
    // expected-warning@-1 {{'lda' (16) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm.LeadingDimension]}}
    // notes-note@-2 {{'lda' (16) must be at least max(1, m) = 64}}
    // notes-note@-3 {{set 'lda' to the number of rows}}
    cudaDeviceSynchronize();
  }
}

// Look-alike: a timing loop over a correct call that reads a local the loop
// does not write. Judged, and clean: silent.
void timingLoop(cublasHandle_t h, const float *A, float *C) {
  const float alpha = 1, beta = 0;
  int ld = 64;
  for (int i = 0; i < 100; ++i) {
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, A, ld, A, 64, &beta, C, 64);
    cudaStreamSynchronize(0);
  }
}

// The loop sets the handle's pointer mode after the call: the second
// iteration reads host alpha under DEVICE mode, the first does not, and the
// later ones are not followed. No finding holds on every path: not judged.
void modeSetInTheLoop(cublasHandle_t h, const float *A, float *C) {
  const float alpha = 1, beta = 0;
  for (int i = 0; i < 10; ++i) { // notes-note {{the analyzer stopped following this loop here}}
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, A, 64, A, 64, &beta, C, 64);
#ifndef OFF
    // expected-warning@-2 {{'cublasSgemm_v2' was not judged on every path: the analyzer stopped a path that may reach it after unrolling a loop 4 times (-analyzer-max-loop) [gemm.Coverage]}}
    // notes-note@-3 {{'cublasSgemm_v2' was not judged on every path}}
#endif
    cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  }
}

// No path the analyzer finished leaves the loop: the call after it is not
// reached, and said to be not judged rather than clean.
void afterAConstantLoop(cublasHandle_t h, const float *A, float *C, int *out) {
  const float alpha = 1, beta = 0;
  for (int i = 0; i < 100; ++i) // notes-note {{the analyzer stopped following this loop here}}
    out[i] = i;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, A, 64, A, 64, &beta, C, 64);
#ifndef OFF
  // expected-warning@-2 {{'cublasSgemm_v2' was not judged: no path the analyzer finished reaches it; it stopped one that may after unrolling a loop 4 times (-analyzer-max-loop) [gemm.Coverage]}}
  // notes-note@-3 {{'cublasSgemm_v2' was not judged: no path}}
#endif
}

// The call sits in a member function that no finished path of this caller
// enters: reported at the call, with the caller's call as a note.
struct Layer {
  cublasHandle_t handle;
  const float *A;
  float *C;
  void forward(int ld) {
    const float alpha = 1, beta = 0;
    cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, A, ld, A, 64, &beta, C, 64);
#ifndef OFF
    // expected-warning@-2 {{'cublasSgemm_v2' was not judged: no path the analyzer finished reaches it from 'warmThenForward'; it stopped one that may after unrolling a loop 4 times (-analyzer-max-loop) [gemm.Coverage]}}
    // notes-note@-3 {{'cublasSgemm_v2' was not judged: no path}}
#endif
  }
};
void warmThenForward(Layer &layer, int *out) {
  for (int i = 0; i < 100; ++i) // notes-note {{the analyzer stopped following this loop here}}
    out[i] = i;
  layer.forward(64); // notes-note {{reached through this call}}
}
void forwardAlone(Layer &layer) { layer.forward(64); } // look-alike: judged, clean

// Look-alike: three iterations, all followed. Judged, and clean: silent.
void shortConstantLoop(cublasHandle_t h, const float *A, float *C) {
  const float alpha = 1, beta = 0;
  for (int i = 0; i < 3; ++i)
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, A, 64, A, 64, &beta, C, 64);
}

// Look-alike: a loop whose bound is not known. What it writes is unknown
// after it (rule 4), so the paths it cut bring nothing the finished ones
// lacked: the call is judged, with ld unknown. Silent.
void unknownBound(cublasHandle_t h, const float *A, float *C, int n) {
  const float alpha = 1, beta = 0;
  for (int i = 0; i < n; ++i)
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, A, 64, A, 64, &beta, C, 64);
}

// Look-alike: a call after a return no cut path can reach. Silent.
void deadAfterReturn(cublasHandle_t h, const float *A, float *C, int *out) {
  const float alpha = 1, beta = 0;
  for (int i = 0; i < 100; ++i)
    out[i] = i;
  return;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, A, 16, A, 64, &beta, C, 64);
}
#else
// Twelve branches on values the analyzer does not know, each changing a
// value it tracks: more paths than 1500 steps can finish. The call is said
// to be not judged, and its finding (on the paths that did reach it) waits.
void branchy(cublasHandle_t h, const float *A, float *C, const bool *b) {
  const float alpha = 1, beta = 0;
  int ld = 16, extra = 0;
  if (b[0]) ++extra;
  if (b[1]) ++extra;
  if (b[2]) ++extra;
  if (b[3]) ++extra;
  if (b[4]) ++extra;
  if (b[5]) ++extra;
  if (b[6]) ++extra;
  if (b[7]) ++extra;
  if (b[8]) ++extra;
  if (b[9]) ++extra;
  if (b[10]) ++extra;
  if (b[11]) ++extra;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &alpha, A, ld, A, 64, &beta, C, 64 + extra);
  // expected-warning@-1 {{'cublasSgemm_v2' was not judged: the analyzer ran out of its budget of 1500 steps (-analyzer-config max-nodes) in 'branchy' before it finished the paths that may reach it [gemm.Coverage]}}
}
#endif
