// Valid code the value analysis once reported: each function here is
// correct, and every gemm-* check must stay silent on it. Control flow
// comes from Clang's CFG (returns, throws, noreturn calls, goto, dead
// branches of template instantiations), and what the analysis cannot
// follow is unknown, never a local's declared type.
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags
// RUN: %check_gemm_tidy %s 'gemm-*' %t.14 -- -- %gemm_cxx_flags -std=c++14

#include <cstdint>
#include <cstdlib>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdexcept>
#include <type_traits>

cublasHandle_t h;
const float *A, *B, *al, *be;
float *C;
const void *vA, *vB;
void *vC;

// ---- a condition that is constant in an instantiation ------------------------

// ggml's `if (compute_type == ... && ...)` with compute_type a template
// parameter: the float branch never runs in the half instantiation.
template <cudaDataType_t DataType> void gemmFor(int m) {
  if (DataType == CUDA_R_32F && m > 0)
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, vA, DataType, 8, vB, DataType, 8, be, vC, DataType, 8, CUBLAS_COMPUTE_32F_FAST_16F, CUBLAS_GEMM_DEFAULT);
  else
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, vA, DataType, 8, vB, DataType, 8, be, vC, DataType, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}
template void gemmFor<CUDA_R_16F>(int);

// MXNet's `if (std::is_same<DType, float>::value) cublasSgemm(...)`.
template <typename DType> void mxnetStyle(const DType *a, DType *c) {
  if (std::is_same<DType, float>::value) {
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, A, 8, B, 8, be, C, 8);
  } else {
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, a, CUDA_R_16F, 8, a, CUDA_R_16F, 8, be, c, CUDA_R_16F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  }
}
template void mxnetStyle<float>(const float *, float *);
template void mxnetStyle<__half>(const __half *, __half *);

// ---- paths that end before the call ------------------------------------------

static void returnsOnEmpty(int m, int n) {
  if (m == 0 || n == 0)
    return;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, 8, al, A, m, B, 8, be, C, m);
}
static void throwsOnEmpty(int m) {
  if (m == 0)
    throw std::invalid_argument("empty");
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, al, A, m, B, 8, be, C, m);
}
static void abortsOnEmpty(int m) {
  if (m == 0)
    std::abort();
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, al, A, m, B, 8, be, C, m);
}
[[noreturn]] void fatal(const char *);
static void failsOnEmpty(int m) {
  if (!m)
    fatal("empty");
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, al, A, m, B, 8, be, C, m);
}
void emptyShapes() {
  returnsOnEmpty(0, 8);
  throwsOnEmpty(0);
  abortsOnEmpty(0);
  failsOnEmpty(0);
}

void deadByALocalConst() {
  const bool enabled = false;
  if (enabled)
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, 4, B, 8, be, C, 64);
}

// Dead by their form, whatever the values: Clang's CFG prunes these edges
// (its graph is built with that pruning where a condition could be
// decided, and without where every condition reads a value of the run).
void deadByATautology(int m) {
  if (m < 0 && m > 100)
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, 4, B, 8, be, C, 64);
}
void deadByABitMask(int flags) {
  if ((flags & 8) == 4)
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, 4, B, 8, be, C, 64);
}
void deadByABitMaskAgainstANegative(int flags) { // (a negated literal too)
  if ((flags & 8) == -1)
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, 4, B, 8, be, C, 64);
}
void deadByABooleanComparedWithTwo(bool transposed) {
  if (!transposed == 2)
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, 4, B, 8, be, C, 64);
}
void deadCaseOfAConstantSwitch(int m) {
  const int kind = 4;
  if (m > 8) // (beside a branch on a value of the run: one condition that
    m = 8;   // could be decided is enough for the graph to be pruned)
  switch (kind) {
  case 2:
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, 4, B, 8, be, C, 64);
    break;
  }
}

// The cases of a switch are told apart by no condition the walk names: the
// join of their values is unknown, never a value under another branch's
// condition ('flag' decides nothing about which case ran).
void switchCasesBesideAnUnrelatedCondition(int sel, bool flag) {
  int ld = 64;
  if (flag)
    ld = 64;
  switch (sel) {
  case 0: ld = 64; break;
  default: ld = 4; break;
  }
  if (flag)
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 8, 8, al, A, ld, B, 8, be, C, 16);
}

// Twelve cases that disagree: 'ld' is unknown after the switch (the cases
// past the first ones are not even made: their join would change nothing),
// and so is the parameter it held before, which no caller binds.
void manyCasesThatDisagree(int sel, int n) {
  int ld = n;
  switch (sel) {
  case 0: ld = 4; break;
  case 1: ld = 5; break;
  case 2: ld = 6; break;
  case 3: ld = 7; break;
  case 4: ld = 8; break;
  case 5: ld = 9; break;
  case 6: ld = 10; break;
  case 7: ld = 11; break;
  case 8: ld = 12; break;
  case 9: ld = 13; break;
  case 10: ld = 14; break;
  case 11: ld = 15; break;
  default: break;
  }
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
}

// Twenty cases that disagree on 'ld', every one too small for m (most are
// not even laid down in the graph: their ways could not change the join),
// beside values every case keeps: 'm' set before the switch, 'k' a
// parameter the caller binds. 'ld' is unknown; 'ldc' is proven wrong.
static void manyCasesBesideKeptValues(int sel, int n) {
  int m = 64, k = n, ld = 0;
  switch (sel) {
  case 0: ld = 10; break;
  case 1: ld = 11; break;
  case 2: ld = 12; break;
  case 3: ld = 13; break;
  case 4: ld = 14; break;
  case 5: ld = 15; break;
  case 6: ld = 16; break;
  case 7: ld = 17; break;
  case 8: ld = 18; break;
  case 9: ld = 19; break;
  case 10: ld = 20; break;
  case 11: ld = 21; break;
  case 12: ld = 22; break;
  case 13: ld = 23; break;
  case 14: ld = 24; break;
  case 15: ld = 25; break;
  case 16: ld = 26; break;
  case 17: ld = 27; break;
  case 18: ld = 28; break;
  case 19: ld = 29; break;
  default: break;
  }
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, k, al, A, ld, B, k, be, C, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:77: warning: 'ldc' (8) must be at least max(1, m) = 64 (C is stored m x n, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-26]]:11: note: 'm' is 64
  // CHECK-NOTES: :[[@LINE-3]]:77: note: 'ldc' equals 'n', the number of columns of C; for a row-major result, swap A and B and exchange m and n (compute C^T = B^T * A^T)
}
void callsManyCasesBesideKeptValues(int s) { manyCasesBesideKeptValues(s, 16); }

// ---- where the analysis stops, a typed view of a workspace stays unknown -------

void gotoCleanup(void *buffer, int status) {
  __half *dA = (__half *)buffer;
  if (status)
    goto fail;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, dA, CUDA_R_32F, 8, dA, CUDA_R_32F, 8, be, vC, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
fail:
  return;
}

void inALambda(void *buffer) {
  __half *dA = (__half *)buffer;
  auto run = [&]() {
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, dA, CUDA_R_32F, 8, dA, CUDA_R_32F, 8, be, vC, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  };
  run();
}

template <typename T> T *identity(T *p) { return p; }
void throughIdentityAndComma(void *buffer) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, identity((__half *)buffer), CUDA_R_32F, 8, ((void)0, (__half *)buffer), CUDA_R_32F, 8, be, vC, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

// ---- aggregates -----------------------------------------------------------------

struct Shape {
  int rows = 0, cols = 0, ld = 0;
};
Shape makeShape() {
  Shape s{64, 8, 64};
  return s;
}
void copiedStruct() {
  Shape s{64, 8, 64};
  Shape t = s;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, t.rows, t.cols, 8, al, A, t.ld, B, 8, be, C, t.ld);
  Shape r = makeShape(); // a move from a temporary before C++17
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, r.rows, r.cols, 8, al, A, r.ld, B, 8, be, C, r.ld);
}

struct Padded {
  int rows;
  int : 4;
  int ld, cols;
};
struct Bits {
  unsigned rows : 4;
};
void bitFields() {
  Padded p{64, 64, 8};
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, p.rows, p.cols, 8, al, A, p.ld, B, 8, be, C, p.rows);
  Bits b{};
  b.rows = 17; // 1 in four bits
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, b.rows, 8, 8, al, A, 1, B, 8, be, C, 1);
}

union Overlay {
  int whole;
  short low;
};
void unionMembers() {
  Overlay u;
  u.low = 8;
  u.whole = 64;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, u.low, B, 8, be, C, 64);
}

struct Lazy {
  mutable int ld = 8;
  int refresh() const { ld = 64; return ld; }
};
void mutableWrittenByConstMember() {
  Lazy l;
  l.refresh();
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, l.ld, B, 8, be, C, 64);
}

// ---- values set once, or not evaluated -------------------------------------------

static void staticLd(int rows) {
  static const int ld = rows; // the first caller's rows, whoever that is
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
}
void setUp() { staticLd(128); }
void later() { staticLd(8); }

void unevaluated() {
  int m = 8;
  (void)sizeof(m = 128);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, al, A, 8, B, 8, be, C, 8);
}

// Calls in unevaluated operands never run: neither the GEMM call nor the
// wrapper's call sites.
static int unevaluatedWrapper(int m, int ld) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, al, A, ld, B, 8, be, C, m);
  return 0;
}
void unevaluatedCalls() {
  decltype(unevaluatedWrapper(64, 3)) Status = 0;
  (void)Status;
  (void)sizeof(unevaluatedWrapper(64, 2));
  (void)sizeof(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, 4, B, 8, be, C, 64));
  unevaluatedWrapper(64, 64);
}

// ---- handles and scalars ------------------------------------------------------------

void handleFromTheCaller(cublasHandle_t shared) {
  cublasHandle_t handle;
  cublasCreate(&handle);
  if (shared)
    handle = shared; // its pointer mode is the caller's
  float *dAlpha, *dBeta;
  cudaMalloc(&dAlpha, sizeof(float));
  cudaMalloc(&dBeta, sizeof(float));
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, dAlpha, A, 8, B, 8, dBeta, C, 8);
}

void complexScalarAsFloatPair(const cuComplex *a, cuComplex *c) {
  const float alpha[2] = {1, 0}, beta[2] = {0, 0};
  cublasCgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, (const cuComplex *)alpha, a, 8, a, 8, (const cuComplex *)beta, c, 8);
}

// A C++17 aggregate with a base: its initializer list starts with the base.
#if __cplusplus >= 201703L
struct Base {
  int tag;
};
struct Derived : Base {
  int count, rows, ld;
};
void aggregateWithABase() {
  Derived d{{0}, 1, 8, 64}; // count 1, rows 8, ld 64
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, d.ld, B, 8, be, C, 64);
}
#endif

// A project's function named like cuBLAS's may change the modes.
void cublasConfigureForDevice(cublasHandle_t handle) {
  cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE);
}
void projectFunctionNamedLikeCublas() {
  cublasHandle_t handle;
  cublasCreate(&handle);
  cublasConfigureForDevice(handle);
  float *dAlpha;
  cudaMalloc(&dAlpha, sizeof(float));
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, dAlpha, A, 8, B, 8, dAlpha, C, 8);
}

// ggml's batched GEMM: the `else if` repeats the tail of the first
// condition, so in the float instantiation it is never taken, and the
// deprecated tensor-op algorithm never meets float data.
#define CHECK_ARG(x) if (!(x)) std::abort()
template <cudaDataType_t T> void elseIfRepeatsTheTail(long ne12, long ne13, const long *ne) {
  // ggml checks many things first: the conditions are more than sixteen.
  CHECK_ARG(ne[0] > 0); CHECK_ARG(ne[1] > 0); CHECK_ARG(ne[2] > 0); CHECK_ARG(ne[3] > 0);
  CHECK_ARG(ne[4] > 0); CHECK_ARG(ne[5] > 0); CHECK_ARG(ne[6] > 0); CHECK_ARG(ne[7] > 0);
  CHECK_ARG(ne[8] > 0); CHECK_ARG(ne[9] > 0); CHECK_ARG(ne[10] > 0); CHECK_ARG(ne[11] > 0);
  CHECK_ARG(ne[12] > 0); CHECK_ARG(ne[13] > 0); CHECK_ARG(ne[14] > 0); CHECK_ARG(ne[15] > 0);
  CHECK_ARG(ne[16] > 0); CHECK_ARG(ne[17] > 0);
  if (T == CUDA_R_32F && ne12 == 1 && ne13 == 1)
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, A, 8, B, 8, be, C, 8);
  else if (ne12 == 1 && ne13 == 1)
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, vA, T, 8, vB, T, 8, be, vC, T, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
}
template void elseIfRepeatsTheTail<CUDA_R_32F>(long, long, const long *);
