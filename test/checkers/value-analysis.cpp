// The shared evaluator behind every gemm-* check: values that reach a call
// through locals, aggregates, traits, expressions, branches, wrapper
// functions and templates are proven, with notes that show where they came
// from; what cannot be proven stays silent.
// RUN: %check_gemm_tidy %s 'gemm-leading-dimension,gemm-invalid-size,gemm-type-combination,gemm-invalid-enum' %t -- -- %gemm_cxx_flags -std=c++20

#include <algorithm>
#include <cstdint>
#include <cublas_v2.h>

cublasHandle_t h;
const float *A, *B;
float *C;
const float *al, *be;
const void *vA, *vB;
void *vC;

// ---- 1. locals without const, assigned before the call ----------------------

void localsAssignedOnce() {
  int m = 128, n = 64, k = 32;
  int lda = k;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, al, A, lda, B, k, be, C, m);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'lda' (32) must be at least max(1, m) = 128 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-4]]:28: note: 'lda' is 32, the value of 'k'
  // CHECK-NOTES: :[[@LINE-5]]:11: note: 'm' is 128
}

void reassignedBeforeTheCall() {
  int ld = 256;
  ld = 16;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (16) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-3]]:8: note: 'lda' is 16, assigned to 'ld' here
}

// ---- 2. aggregates and classes ------------------------------------------------

struct Shape {
  int rows = 0, cols = 0, ld = 0;
};

void aggregateAndMemberAssignment() {
  Shape s{256, 16, 16};
  s.ld = 8;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, s.rows, s.cols, 4, al, A, s.ld, B, 4, be, C, s.rows);
  // CHECK-MESSAGES: :[[@LINE-1]]:70: warning: 'lda' (8) must be at least max(1, m) = 256 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-3]]:10: note: 'lda' is 8, assigned to 's.ld' here
  // CHECK-NOTES: :[[@LINE-5]]:11: note: 'm' is 256, the initializer of 's.rows'
}

void designatedAndDefaults() {
  Shape s{.rows = 96, .ld = 48};
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, s.rows, 8, 8, al, A, s.ld, B, 8, be, C, s.rows);
  // CHECK-MESSAGES: :[[@LINE-1]]:65: warning: 'lda' (48) must be at least max(1, m) = 96 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-3]]:29: note: 'lda' is 48, the initializer of 's.ld'
  // CHECK-NOTES: :[[@LINE-4]]:19: note: 'm' is 96, the initializer of 's.rows'
  Shape d;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, al, A, 4, B, 4, be, C, d.ld);
  // CHECK-MESSAGES: :[[@LINE-1]]:76: warning: 'ldc' (0) must be at least max(1, m) = 4 (C is stored m x n, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-3]]:9: note: 'ldc' is 0, the initializer of 'd.ld'
}

struct Dims {
  int m, k;
  constexpr Dims(int M, int K) : m(M), k(K) {}
};

void constexprConstructor() {
  Dims d(512, 64);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, d.m, 8, d.k, al, A, d.k, B, d.k, be, C, d.m);
  // CHECK-MESSAGES: :[[@LINE-1]]:64: warning: 'lda' (64) must be at least max(1, m) = 512 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-3]]:8: note: 'lda' is 64, the initializer of 'd.k'
}

// ---- 3. traits and functions that return a constant -------------------------

template <typename T> struct traits;
template <> struct traits<float> {
  static constexpr cudaDataType_t cuda_data_type = CUDA_R_32F;
};
template <> struct traits<int8_t> {
  static constexpr cudaDataType_t cuda_data_type = CUDA_R_8I;
  static inline const cublasComputeType_t compute_type = CUBLAS_COMPUTE_32I;
};

template <typename T> void traitGemm() {
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 8, 8, 8, al, vA, traits<T>::cuda_data_type, 8, vB, traits<T>::cuda_data_type, 8, be, vC, traits<T>::cuda_data_type, 8, traits<int8_t>::compute_type, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: unsupported type combination for cublasGemmEx: computeType CUBLAS_COMPUTE_32I, Atype/Btype CUDA_R_32F, Ctype CUDA_R_32F [gemm-type-combination]
  // CHECK-NOTES: :[[@LINE-6]]:58: note: 'computeType' is 72, the value of 'compute_type'
  // CHECK-NOTES: :[[@LINE+3]]:15: note: in instantiation of 'traitGemm<float>' requested here
  // CHECK-MESSAGES: :[[@LINE-4]]:134: warning: unsupported type combination for cublasGemmEx: computeType CUBLAS_COMPUTE_32I, Atype/Btype CUDA_R_8I, Ctype CUDA_R_8I [gemm-type-combination]
}
template void traitGemm<float>();
template void traitGemm<int8_t>(); // int8 data, int8 output: also invalid

int rowsOfModel() { return 512; }
int twice(int x) { return 2 * x; }

void gettersReturnConstants() {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, rowsOfModel(), 8, 8, al, A, twice(50), B, 8, be, C, 512);
  // CHECK-MESSAGES: :[[@LINE-1]]:72: warning: 'lda' (100) must be at least max(1, m) = 512 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-2]]:72: note: 'lda' is 100, returned by 'twice'
  // CHECK-NOTES: :[[@LINE-3]]:44: note: 'm' is 512, returned by 'rowsOfModel'
}

// ---- 4. expressions -------------------------------------------------------------

void expressions(bool) {
  const int heads = 8, headDim = 64;
  int rows = heads * headDim;               // 512
  int ld = std::max(rows / 4, 100) - 28;     // 100
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, rows, 8, 8, al, A, ld, B, 8, be, C, rows);
  // CHECK-MESSAGES: :[[@LINE-1]]:63: warning: 'lda' (100) must be at least max(1, m) = 512 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  int8_t small = static_cast<int8_t>(300); // 44 after the narrowing cast
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, small, B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (44) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  cublasOperation_t op = static_cast<cublasOperation_t>(sizeof(double) - 5); // 3
  cublasSgemm(h, op, CUBLAS_OP_N, 8, 8, 8, al, A, 8, B, 8, be, C, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'transa' is CUBLAS_OP_CONJG, a placeholder that cuBLAS does not support; use CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C [gemm-invalid-enum]
}

// ---- 5. correlated paths ------------------------------------------------------------

void badOnEveryPath(bool t) {
  int ld = t ? 8 : 16;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 16, al, A, ld, B, 16, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:62: warning: 'lda' (16) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-3]]:12: note: 'lda' is 8, the value of 'ld' when 't' is true
  // CHECK-NOTES: :[[@LINE-4]]:12: note: 'lda' is 16, the value of 'ld' when 't' is false
}

void badOnTheOnlyPathThatReachesTheCall(int m) {
  int ld = 64;
  if (m > 32)
    return;
  ld = 4;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 32, 8, 8, al, A, ld, B, 8, be, C, 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (4) must be at least max(1, m) = 32 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}

// ---- 6. wrapper functions in the same translation unit ------------------------------

static void gemmRowMajor(int rows, int cols, int inner, int ld) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, rows, cols, inner, al, A, ld, B, inner, be, C, rows);
  // CHECK-MESSAGES: :[[@LINE-1]]:70: warning: 'lda' (32) must be at least max(1, m) = 128 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE+7]]:35: note: 'lda' is 32, passed to 'gemmRowMajor' here
  // CHECK-NOTES: :[[@LINE+6]]:16: note: 'm' is 128, passed to 'gemmRowMajor' here
  // CHECK-NOTES: :[[@LINE+5]]:3: note: 'gemmRowMajor' is called with rows = 128, cols = 8, inner = 32, ld = 32 here
  // CHECK-NOTES: :[[@LINE+8]]:3: note: 'layer' is called with tokens = 128, hidden = 32 here
}

static void layer(int tokens, int hidden) {
  gemmRowMajor(tokens, 8, hidden, hidden);
}

void model() {
  layer(128, 32);  // wrong: hidden < tokens
  layer(16, 16);   // fine
}

// A wrapper declared before its caller and defined after it: the call names
// the declaration, the binding holds for the definition.
static void gemmDefinedLater(int m, int ld);
void callsGemmDefinedLater() { gemmDefinedLater(64, 8); }
static void gemmDefinedLater(int m, int ld) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, al, A, ld, B, 8, be, C, m);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'lda' (8) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-4]]:53: note: 'lda' is 8, passed to 'gemmDefinedLater' here
  // CHECK-NOTES: :[[@LINE-5]]:49: note: 'm' is 64, passed to 'gemmDefinedLater' here
  // CHECK-NOTES: :[[@LINE-6]]:32: note: 'gemmDefinedLater' is called with m = 64, ld = 8 here
  // CHECK-NOTES: :[[@LINE-5]]:60: note: 'lda' equals 'k', the number of columns of A as stored; for row-major data, swap the operands (compute C^T = B^T * A^T) or flip 'transa'
}

// A wrapper's walk is shared by the callers whose constants it does not
// read before the call; one that reads them (a condition, a local made
// from one) is walked again for each caller's.
static void scaledRows(int m, int ld, int n) {
  const int rows = m * 2;
  if (ld > 100)
    return;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, rows, n, 8, al, A, ld, B, 8, be, C, rows);
  // CHECK-MESSAGES: :[[@LINE-1]]:63: warning: 'lda' (16) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE+13]]:18: note: 'lda' is 16, passed to 'scaledRows' here
  // CHECK-NOTES: :[[@LINE+12]]:14: note: 'm' is 64, passed to 'scaledRows' here
  // CHECK-NOTES: :[[@LINE+11]]:3: note: 'scaledRows' is called with m = 32, ld = 16, n = 2 here
  // CHECK-NOTES: :[[@LINE-5]]:63: note: set 'lda' to the number of rows of the allocation holding A, at least 64
  // CHECK-MESSAGES: :[[@LINE-6]]:63: warning: 'lda' (4) must be at least max(1, m) = 16 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE+7]]:17: note: 'lda' is 4, passed to 'scaledRows' here
  // CHECK-NOTES: :[[@LINE+6]]:14: note: 'm' is 16, passed to 'scaledRows' here
  // CHECK-NOTES: :[[@LINE+5]]:3: note: 'scaledRows' is called with m = 8, ld = 4, n = 4 here
  // CHECK-NOTES: :[[@LINE-10]]:63: note: set 'lda' to the number of rows of the allocation holding A, at least 16
}
void callsScaledRows() {
  // (m = 64 with ld = 200 never reaches the call.)
  scaledRows(8, 4, 4); scaledRows(64, 200, 3);
  scaledRows(32, 16, 2);
}

// Mutual recursion: the callers are followed out of the cycle, not around
// it (each time round is a deeper level of the recursion, with constants
// of its own, for as many levels as the frames go): the defect of the
// outermost call is found, 'lda' (40) against m = 49 a level down is not.
static void oddLevel(int m, int ld, int depth);
static void evenLevel(int m, int ld, int depth) {
  if (depth <= 0) {
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, al, A, ld, B, 8, be, C, m);
    // CHECK-MESSAGES: :[[@LINE-1]]:62: warning: 'lda' (20) must be at least max(1, m) = 24 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
    // CHECK-NOTES: :[[@LINE+9]]:43: note: 'lda' is 20, passed to 'evenLevel' here
    // CHECK-NOTES: :[[@LINE+8]]:39: note: 'm' is 24, passed to 'evenLevel' here
    // CHECK-NOTES: :[[@LINE+7]]:29: note: 'evenLevel' is called with m = 24, ld = 20 here
    // CHECK-NOTES: :[[@LINE-5]]:62: note: set 'lda' to the number of rows of the allocation holding A, at least 24
    return;
  }
  oddLevel(m * 2, ld * 2, depth - 1);
}
static void oddLevel(int m, int ld, int depth) { evenLevel(m + 1, ld, depth - 1); }
void recurseLevels(int d) { evenLevel(24, 20, d); }

// A constructor's initialisers are call sites too.
static int gemmInInit(int m, int ld) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, al, A, ld, B, 8, be, C, m);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'lda' (7) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE+7]]:35: note: 'lda' is 7, passed to 'gemmInInit' here
  // CHECK-NOTES: :[[@LINE+6]]:31: note: 'm' is 64, passed to 'gemmInInit' here
  // CHECK-NOTES: :[[@LINE+5]]:20: note: 'gemmInInit' is called with m = 64, ld = 7 here
  return 0;
}
struct Layer {
  int Status;
  Layer() : Status(gemmInInit(64, 7)) {}
};

// Const parameters, and const locals initialised from them, take the
// callers' values (Clang's constant evaluator cannot fold them).
static void gemmConstParams(const int m, const int ld) {
  const int rows = m;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, rows, 8, 8, al, A, ld, B, 8, be, C, rows);
  // CHECK-MESSAGES: :[[@LINE-1]]:63: warning: 'lda' (5) must be at least max(1, m) = 40 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}
void callsGemmConstParams() { gemmConstParams(40, 5); }

// ---- 7. templates: one report per call site -------------------------------------------

template <int Ld> void fixedLd() {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 40, 4, 4, al, A, Ld, B, 4, be, C, 40);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (4) must be at least max(1, m) = 40 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE+3]]:3: note: in instantiation of 'fixedLd<4>' requested here
}
void useFixedLd() {
  fixedLd<4>();
  fixedLd<4>();
  fixedLd<40>();
}

// A local initialised from the template argument, as real code names it.
template <int Ld> void ldFromTemplateArgument() {
  int ld = Ld;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 40, 4, 4, al, A, ld, B, 4, be, C, 40);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (4) must be at least max(1, m) = 40 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-3]]:12: note: 'lda' is 4, the value of 'ld'
  // CHECK-NOTES: :[[@LINE+3]]:3: note: in instantiation of 'ldFromTemplateArgument<4>' requested here
}
void useLdFromTemplateArgument() {
  ldFromTemplateArgument<4>();
  ldFromTemplateArgument<40>();
}

// Sizes computed from template arguments (`M * sizeof(T)`): folded without
// the constant evaluator where every value stays in its type's range, and
// by it where one does not (an unsigned product that wraps).
template <class T, int M, unsigned U> void sizesFromTemplateArguments() {
  int m = M * (int)sizeof(T);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 4, 4, al, A, 4, B, 4, be, C, m);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'lda' (4) must be at least max(1, m) = 128 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  int k = (int)(U * 4294967295u);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, k, al, A, 8, B, 8, be, C, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: 'k' (-7) must not be negative [gemm-invalid-size]
}
void useSizesFromTemplateArguments() {
  sizesFromTemplateArguments<double, 16, 7>();
}

// What holds whatever the template's arguments are is reported once, at the
// template's own call, without an instantiation's note: each instantiation
// finds it too (they are judged first, to know whether the template's own
// call has anything to find).
template <class T> void ldWhateverTheArguments() {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 48, 4, 4, al, A, 6, B, 4, be, C, 48);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (6) must be at least max(1, m) = 48 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}
void useLdWhateverTheArguments() {
  ldWhateverTheArguments<float>();
  ldWhateverTheArguments<double>();
}

// A template's call that none of its instantiations reaches: no run meets
// what the template alone would find there.
template <int N> void deadInEveryInstantiation() {
  if (N > 0)
    return;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 48, 4, 4, al, A, 6, B, 4, be, C, 48);
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:61: warning
}
void useDeadInEveryInstantiation() {
  deadInEveryInstantiation<1>();
  deadInEveryInstantiation<2>();
}

// ---- 8. control flow, as Clang's CFG has it --------------------------------------------

void switchWhoseCasesAgree(int kind) {
  int ld;
  switch (kind) {
  case 0:
    ld = 8;
    break;
  default:
    ld = 8;
    break;
  }
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (8) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}

// Past eight ways into one block the walk joins them one after the other,
// and makes a case that only assigns constants where it joins: the value
// all eleven cases agree on is kept...
void manyCasesThatAgree(int kind) {
  int ld = 0;
  switch (kind) {
  case 0: ld = 8; break;
  case 1: ld = 8; break;
  case 2: ld = 8; break;
  case 3: ld = 8; break;
  case 4: ld = 8; break;
  case 5: ld = 8; break;
  case 6: ld = 8; break;
  case 7: ld = 8; break;
  case 8: ld = 8; break;
  case 9: ld = 8; break;
  case 10: ld = 8; break;
  default: ld = 8; break;
  }
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (8) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}

// ...and so is one they agree on beside one they do not ('ld' is unknown
// after the switch, 'm' is 128).
void manyCasesThatAgreeOnOne(int kind) {
  int ld = 0, m = 0;
  switch (kind) {
  case 0: ld = 64; m = 128; break;
  case 1: ld = 65; m = 128; break;
  case 2: ld = 66; m = 128; break;
  case 3: ld = 67; m = 128; break;
  case 4: ld = 68; m = 128; break;
  case 5: ld = 69; m = 128; break;
  case 6: ld = 70; m = 128; break;
  case 7: ld = 71; m = 128; break;
  case 8: ld = 72; m = 128; break;
  case 9: ld = 73; m = 128; break;
  case 10: ld = 74; m = 128; break;
  default: ld = 99; m = 128; break;
  }
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, al, A, 64, B, ld, be, C, m);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'lda' (64) must be at least max(1, m) = 128 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}

void errorPathWithGoto(int status) {
  int ld = 8;
  if (status)
    goto done;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (8) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
done:
  return;
}

void loopThatLeavesItAlone(int n) {
  int ld = 8, sum = 0;
  for (int i = 0; i < n; ++i)
    sum += i;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (8) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}

void branchThatCannotBeTaken(bool t) {
  int ld = 8;
  if (t)
    return;
  if (t)
    ld = 64; // t is false here
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (8) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}

// A branch a template parameter selects is judged where it runs: in the
// half instantiation, where the fast-fp16 compute type is wrong.
template <cudaDataType_t T> void branchPerInstantiation() {
  if (T == CUDA_R_16F)
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, vA, T, 8, vB, T, 8, be, vC, T, 8, CUBLAS_COMPUTE_32F_FAST_16F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: unsupported type combination for cublasGemmEx: computeType CUBLAS_COMPUTE_32F_FAST_16F, Atype/Btype CUDA_R_16F, Ctype CUDA_R_16F [gemm-type-combination]
}
template void branchPerInstantiation<CUDA_R_32F>(); // the branch is dead
template void branchPerInstantiation<CUDA_R_16F>();

// ---- 9. straight-line functions: no graph, the same verdicts ---------------------------
// A body of declarations, assignments and calls of plain expressions (its
// CFG would be one block) is walked as written, to any of its calls; what
// its statements after the call do to its variables still counts.

static cublasStatus_t gemmReturning(int m, int ld) {
  return cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, al, A, ld, B, 8, be, C, m);
  // CHECK-MESSAGES: :[[@LINE-1]]:67: warning: 'lda' (6) must be at least max(1, m) = 48 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}
void callsGemmReturning() { gemmReturning(48, 6); }

// Several calls of one straight body: the walk to each goes on from the
// walk to the one before, with the conditions it met ('t' correlates the
// third call's 'm' with 'ld', bad on one way only).
void straightSeveralCalls(bool t) {
  int ld = t ? 4 : 6;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (6) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  ld = ld + 60;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  int m = t ? 128 : 64;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, al, A, ld, B, 8, be, C, 128);
  ld = 8;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, al, A, ld, B, 8, be, C, 128);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'lda' (8) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}

void straightShape() {
  Shape s{64, 8, 8};
  s.ld = 8;
  ++s.ld;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, s.rows, s.cols, 8, al, A, s.ld, B, 8, be, C, s.rows);
  // CHECK-MESSAGES: :[[@LINE-1]]:70: warning: 'lda' (9) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}

// Ternaries of plain operands too: each arm under its condition, two on
// the same flag correlated (bad whichever way 't' goes).
void straightCorrelatedTernaries(bool t) {
  int m = 64, k = 32;
  int lda = t ? 16 : 8;
  cublasOperation_t op = t ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasSgemm(h, op, CUBLAS_OP_N, m, 8, k, al, A, lda, B, k, be, C, m);
  // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: 'lda' (8) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-4]]:13: note: 'lda' is 16 when 't' is true
  // CHECK-NOTES: :[[@LINE-5]]:13: note: 'lda' is 8 when 't' is false
  // CHECK-NOTES: :[[@LINE-5]]:26: note: 'transa' is 1, the value of 'op' when 't' is true
  // CHECK-NOTES: :[[@LINE-6]]:26: note: 'transa' is 0, the value of 'op' when 't' is false
  // CHECK-NOTES: :[[@LINE-9]]:11: note: 'm' is 64
  // CHECK-NOTES: :[[@LINE-7]]:51: note: set 'lda' to the number of rows of the allocation holding A, at least 64
}

// Silent: lda follows op ('k' rows of A when transposed, 'm' otherwise),
// and where only one way is bad the other may be the one that runs.
void straightTernariesAgree(bool t) {
  int m = 64, k = 32;
  int lda = t ? k : m;
  cublasOperation_t op = t ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasSgemm(h, op, CUBLAS_OP_N, m, 8, k, al, A, lda, B, k, be, C, m);
}
void straightTernaryBadOneWay(bool t) {
  int m = 64, k = 32;
  int lda = t ? m : k;
  cublasOperation_t op = t ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasSgemm(h, op, CUBLAS_OP_N, m, 8, k, al, A, lda, B, k, be, C, m);
}

// Silent: the address of ld is taken after the call, and the parameter is
// written after it (both unknown wherever the function reads them).
void straightAddressTakenLater() {
  int ld = 8;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  int *keep = &ld;
  (void)keep;
}
static void straightParamWrittenLater(int ld) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  ld = 64;
}
void callsStraightParamWrittenLater() { straightParamWrittenLater(8); }

// Several calls, nested ones too: each call before the target has its
// effects, in the order the calls run; the target's own arguments run
// after what the walk knows at it.
int logged(int);
static void straightInner(int m, int ld) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, al, A, ld, B, 8, be, C, m);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'lda' (5) must be at least max(1, m) = 40 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}
static void straightMiddle(int m) {
  int ld = 5;
  logged(m);
  straightInner(m + 4, ld + logged(ld) * 0 * 0);
}
static void straightMiddleKnown(int m) {
  int ld = 5;
  logged(m);
  straightInner(m + 4, ld);
}
void callsStraightMiddle() {
  straightMiddle(36); // (ld unknown: a call's result)
  straightMiddleKnown(36);
}

void straightCallsBeforeTheTarget() {
  int ld = 4;
  logged(ld);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (4) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  logged(ld);
}

// Silent: a call in an argument of another receives ld's address (it
// escapes), and a noreturn call ends the run (what follows never runs).
int filled(int *);
void straightNestedCallWritesLd() {
  int ld = 4;
  logged(filled(&ld));
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
}
void straightNestedCallWritesLd2() {
  int ld = 4;
  int unused = logged(0) + logged(filled(&ld));
  (void)unused;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
}
[[noreturn]] void straightFatal(int);
void straightAfterNoreturn() {
  logged(1);
  straightFatal(1);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, 4, B, 8, be, C, 64);
}

// ---- 10. call sites that bind nothing, whatever their function's walk -----------------

// A call site whose argument reads its caller's own parameter, unbound,
// binds nothing, and its walk is spared; one whose argument folds (`0 && n`:
// no short circuit is taken for unknown) or reads a parameter the caller's
// own caller bound binds it.
static void gemmLdOnly(int ld) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 8, 8, al, A, ld, B, 8, be, C, 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (0) must be at least max(1, m) = 16 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE+8]]:38: note: 'lda' is 0, passed to 'gemmLdOnly' here
  // CHECK-NOTES: :[[@LINE+7]]:27: note: 'gemmLdOnly' is called with ld = 0 here
  // CHECK-MESSAGES: :[[@LINE-4]]:61: warning: 'lda' (4) must be at least max(1, m) = 16 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE+6]]:50: note: 'lda' is 4, passed to 'gemmLdOnly' here
  // CHECK-NOTES: :[[@LINE+5]]:36: note: 'gemmLdOnly' is called with ld = 4 here
  // CHECK-NOTES: :[[@LINE+5]]:22: note: 'sparedMiddle' is called with ld = 8 here
}
void sparedUnknown(int n) { gemmLdOnly(n + 1); }
void sparedFolds(int n) { gemmLdOnly(0 && n); }
static void sparedMiddle(int ld) { gemmLdOnly(ld - 4); }
void sparedBound() { sparedMiddle(8); }

// ---- 11. lambdas and function objects called with constants ---------------------------

// A lambda or a functor called as a function is a wrapper like any other:
// the call's first argument is the object, the next ones its parameters.
void lambdaForwardsLd() {
  auto run = [&](int ld) {
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
    // CHECK-MESSAGES: :[[@LINE-1]]:63: warning: 'lda' (16) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
    // CHECK-NOTES: :[[@LINE+4]]:7: note: 'lda' is 16, passed to 'run' here
    // CHECK-NOTES: :[[@LINE+3]]:3: note: 'run' is called with ld = 16 here
  };
  run(64); // fine
  run(16);
}

struct GemmStep {
  int Rows;
  void operator()(int ld) const {
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
    // CHECK-MESSAGES: :[[@LINE-1]]:63: warning: 'lda' (32) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
    // CHECK-NOTES: :[[@LINE+6]]:8: note: 'lda' is 32, passed to 'step' here
    // CHECK-NOTES: :[[@LINE+5]]:3: note: 'step' is called with ld = 32 here
  }
};
void functorForwardsLd() {
  GemmStep step{64};
  step(32);
}

// Silent: a lambda given what a loop changes (8 before the loop, at least
// 64 at each call), or only fine values.
void lambdaInALoop(int n) {
  int ld = 8;
  auto run = [](int lda) {
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, lda, B, 8, be, C, 64);
  };
  for (int i = 0; i < n; ++i) {
    ld *= 8;
    run(ld);
  }
  auto fine = [](int lda) {
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, lda, B, 8, be, C, 64);
  };
  fine(64);
  fine(128);
}

// A loop that rewrites what it passes leaves it unknown at its head (the
// call site is not even walked), unless the value is set again before the
// call in the same iteration, or is a variable declared in the loop.
void lambdaInLoopsThatRewrite(int n) {
  int ld = 64;
  auto run = [](int lda) {
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 32, 8, 8, al, A, lda, B, 8, be, C, 32);
    // CHECK-MESSAGES: :[[@LINE-1]]:63: warning: 'lda' (2) must be at least max(1, m) = 32 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
    // CHECK-NOTES: :[[@LINE+19]]:9: note: 'lda' is 2, passed to 'run' here
    // CHECK-NOTES: :[[@LINE+18]]:5: note: 'run' is called with lda = 2 here
    // CHECK-NOTES: :[[@LINE-4]]:63: note: set 'lda' to the number of rows of the allocation holding A, at least 32
    // CHECK-MESSAGES: :[[@LINE-5]]:63: warning: 'lda' (4) must be at least max(1, m) = 32 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
    // CHECK-NOTES: :[[@LINE+6]]:9: note: 'lda' is 4, passed to 'run' here
    // CHECK-NOTES: :[[@LINE+5]]:5: note: 'run' is called with lda = 4 here
    // CHECK-NOTES: :[[@LINE-8]]:63: note: set 'lda' to the number of rows of the allocation holding A, at least 32
  };
  for (int i = 0; i < n; ++i) {
    ld = 4;
    run(ld);
    ld += i;
  }
  for (int i = 0; i < n; ++i) {
    run(ld);
    ld -= i;
  }
  for (int i = 0; i < n; ++i) {
    int fresh = 2;
    run(fresh);
    ++fresh;
  }
}

// ---- must stay silent -------------------------------------------------------------------

void rowMajorSwapDoneRight(int M, int N, int K) {
  // C = A * B row-major: C^T = B^T * A^T with B first and m := N.
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, al, B, N, A, K, be, C, N);
}

void transposedWithSmallLd() {
  int m = 64, k = 16;
  cublasSgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, m, 8, k, al, A, k, B, k, be, C, m);
}

void zeroRowsWithLdOne() {
  int m = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, al, A, 1, B, 8, be, C, 1);
}

void opAndLdChosenByOneCondition(bool t, int m, int k) {
  cublasOperation_t op = t ? CUBLAS_OP_T : CUBLAS_OP_N;
  int rows = 64, inner = 16;
  int ld = t ? inner : rows;
  cublasSgemm(h, op, CUBLAS_OP_N, rows, 8, inner, al, A, ld, B, inner, be, C, rows);
  if (t)
    cublasSgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, 64, 8, 16, al, A, 16, B, 16, be, C, 64);
  cublasOperation_t op2;
  int ld2;
  if (t) {
    op2 = CUBLAS_OP_T;
    ld2 = 16;
  } else {
    op2 = CUBLAS_OP_N;
    ld2 = 64;
  }
  cublasSgemm(h, op2, CUBLAS_OP_N, 64, 8, 16, al, A, ld2, B, 16, be, C, 64);
}

void computeTypeAndDataSwitchedTogether(bool half) {
  cudaDataType_t type = half ? CUDA_R_16F : CUDA_R_32F;
  cublasComputeType_t compute = half ? CUBLAS_COMPUTE_16F : CUBLAS_COMPUTE_32F;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, vA, type, 8, vB, type, 8, be, vC, type, 8, compute, CUBLAS_GEMM_DEFAULT);
}

void broadcastStrideZero() {
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, A, 8, 0, B, 8, 0, be, C, 8, 64, 4);
}

void setThrough(int *p) { *p = 64; }
void writtenElsewhere(int &ref) {
  int ld = 8;
  int *p = &ld;
  *p = 64;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  int ld2 = 8;
  int &alias = ld2;
  alias = 64;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld2, B, 8, be, C, 64);
  int ld3 = 8;
  setThrough(&ld3);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld3, B, 8, be, C, 64);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ref, B, 8, be, C, 64);
}

void inALoop(int n) {
  int ld = 8;
  for (int i = 0; i < n; ++i)
    ld *= 2;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  int ld2 = 8;
  while (ld2 < 64)
    ld2 += 8;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld2, B, 8, be, C, 64);
}

void volatileValues() {
  volatile int ld = 8;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
}

int unknownFromElsewhere();
void callerPassesUnknowns(int rows) {
  gemmRowMajor(rows, 8, 8, unknownFromElsewhere());
}

// ---- 12. conditions Clang's CFG leaves to the run: the call under them is judged --
// (A bitwise and compared with a value it can take, a remainder compared
// with anything: the graph keeps both ways; value-analysis-silent.cpp has
// the forms it prunes.)
void underARemainderTest(int flags) {
  if ((flags % 3) == 0)
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, 4, B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:63: warning: 'lda' (4) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}
void underABitTestThatCanHold(int flags) {
  for (int i = 0; i < flags; ++i)
    if ((flags & 8) == 8)
      cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, 4, B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:65: warning: 'lda' (4) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
}
