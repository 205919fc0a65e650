// File-scope variables of internal linkage that nothing in the translation
// unit writes are as constant as a `const int`: a `static int N = 275;`
// (or one in an anonymous namespace) is read as its initializer. Written,
// incremented, its address taken, bound to a non-const reference, named in
// a template or of external linkage: not proven, silent.
// RUN: %check_gemm_tidy %s 'gemm-leading-dimension,gemm-batch-stride' %t -- -- %gemm_cxx_flags

#include <cublas_v2.h>

cublasHandle_t h;
const float *A, *B;
float *C;
const float one = 1, zero = 0;

// ---- read as their initializers ----------------------------------------------

static int Rows = 275;
namespace {
long long HeadStride = 274;
}

void staticRows() {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, Rows, 8, 8, &one, A, 256, B, 8, &zero, C, Rows);
  // CHECK-MESSAGES: :[[@LINE-1]]:65: warning: 'lda' (256) must be at least max(1, m) = 275 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :17:19: note: 'm' is 275, the value of 'Rows'
}

void anonymousNamespaceStride() {
  // The same overlap a local `long long stride = 274` gives.
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, Rows, 8, 8, &one, A, Rows, Rows * 8, B, 8, 64, &zero, C, Rows, HeadStride, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:121: warning: 'strideC' (274) makes the 4 C matrices overlap: row 274, column 0 of C[0] is row 0, column 0 of C[1] [gemm-batch-stride]
  // CHECK-NOTES: :19:24: note: 'strideC' is 274, the value of 'HeadStride'
}

// ---- not proven: silent ----------------------------------------------------------

static int Assigned = 275;
void setAssigned(int v) { Assigned = v; }
static int Incremented = 275;
void bump() { ++Incremented; }
static int Addressed = 275;
int *addressOf() { return &Addressed; }
static int ByReference = 275;
void reset(int &v) { v = 8; }
void resetIt() { reset(ByReference); }
static int InLambda = 275;
auto setter = [] { InLambda = 8; };
static int InTemplate = 275;
template <class T> void setLater(T v) { InTemplate = v; }
static volatile int Volatile = 275;
int External = 275;
static int InUnevaluated = 275;
using Alias = decltype(InUnevaluated);

void writtenSomewhere() {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, Assigned, 8, 8, &one, A, 256, B, 8, &zero, C, 512);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, Incremented, 8, 8, &one, A, 256, B, 8, &zero, C, 512);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, Addressed, 8, 8, &one, A, 256, B, 8, &zero, C, 512);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, ByReference, 8, 8, &one, A, 256, B, 8, &zero, C, 512);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, InLambda, 8, 8, &one, A, 256, B, 8, &zero, C, 512);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, InTemplate, 8, 8, &one, A, 256, B, 8, &zero, C, 512);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, Volatile, 8, 8, &one, A, 256, B, 8, &zero, C, 512);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, External, 8, 8, &one, A, 256, B, 8, &zero, C, 512);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, InUnevaluated, 8, 8, &one, A, 256, B, 8, &zero, C, 512);
}

// A function-scope static is initialised by whichever call comes first.
void functionStatic() {
  static int Local = 275;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, Local, 8, 8, &one, A, 256, B, 8, &zero, C, 512);
  Local = 8;
}
