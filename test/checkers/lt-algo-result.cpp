// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags
//
// LT-ALGO-RESULT: the algo passed to cublasLtMatmul is a result of the
// heuristic query, and nothing in the function can have checked that the
// query found one -- its status is discarded and its returnAlgoCount is never
// read. With no algorithm found the query returns NOT_SUPPORTED, sets the
// count to 0 and leaves the results as they were. Any read of the count,
// of the status or of the result's state is a check, and silences it.

#include <cublasLt.h>
#include <cstdio>
#include <cstdlib>

cublasLtHandle_t lt;
const void *A, *B;
void *C, *D, *workspace;
const float one = 1, zero = 0;
void check(cublasStatus_t);
#define CHECK_CUBLAS(x) check(x)

struct Setup {
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatmulPreference_t pref;
};

static Setup make() {
  Setup S;
  cublasLtMatmulDescCreate(&S.op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&S.a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&S.b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&S.d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmulPreferenceCreate(&S.pref);
  return S;
}

// ---- positive ------------------------------------------------------------------

void resultUsedUnchecked(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a,
                         cublasLtMatrixLayout_t b, cublasLtMatrixLayout_t d,
                         cublasLtMatmulPreference_t pref) {
  cublasLtMatmulHeuristicResult_t heuristic = {};
  int returned = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &heuristic, &returned);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, &heuristic.algo,
                 workspace, heuristic.workspaceSize, 0);
  // CHECK-MESSAGES: :[[@LINE-2]]:63: warning: 'algo' is a result of cublasLtMatmulAlgoGetHeuristic whose 'returnAlgoCount' and status are never read: where no algorithm is found, cublasLtMatmul gets one that was never set [gemm-invalid-enum]
  // CHECK-NOTES: :[[@LINE-4]]:3: note: the query is not checked here: its status is discarded and its 'returnAlgoCount' is never read
}

void firstOfSeveralUnchecked(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a,
                             cublasLtMatrixLayout_t b, cublasLtMatrixLayout_t d,
                             cublasLtMatmulPreference_t pref) {
  cublasLtMatmulHeuristicResult_t results[8];
  int found;
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 8, results, &found);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, &results[0].algo,
                 workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-2]]:63: warning: 'algo' is a result of cublasLtMatmulAlgoGetHeuristic whose 'returnAlgoCount' and status are never read: where no algorithm is found, cublasLtMatmul gets one that was never set [gemm-invalid-enum]
}

// The query in a helper that returns its result, unchecked on both sides.
static cublasLtMatmulHeuristicResult_t pickAlgo(const Setup &S) {
  cublasLtMatmulHeuristicResult_t r = {};
  int n = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, S.op, S.a, S.b, S.d, S.d, S.pref, 1, &r, &n);
  return r;
}

void resultOfAHelper() {
  Setup S = make();
  cublasLtMatmulHeuristicResult_t r = pickAlgo(S);
  cublasLtMatmul(lt, S.op, &one, A, S.a, B, S.b, &zero, C, S.d, D, S.d, &r.algo,
                 workspace, r.workspaceSize, 0);
  // CHECK-MESSAGES: :[[@LINE-2]]:73: warning: 'algo' is a result of cublasLtMatmulAlgoGetHeuristic whose 'returnAlgoCount' and status are never read: where no algorithm is found, cublasLtMatmul gets one that was never set [gemm-invalid-enum]
  // CHECK-NOTES: :[[@LINE-4]]:39: note: 'algo' comes from what 'pickAlgo' returns here
  // CHECK-NOTES: :[[@LINE-11]]:3: note: the query is not checked here: its status is discarded and its 'returnAlgoCount' is never read
}

// ---- negative: each form of a check ---------------------------------------------

void countChecked(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a,
                  cublasLtMatrixLayout_t b, cublasLtMatrixLayout_t d,
                  cublasLtMatmulPreference_t pref) {
  cublasLtMatmulHeuristicResult_t heuristic = {};
  int returned = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &heuristic, &returned);
  if (returned == 0)
    return;
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, &heuristic.algo,
                 workspace, 0, 0);
}

void countCheckedAfterwards(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a,
                            cublasLtMatrixLayout_t b, cublasLtMatrixLayout_t d,
                            cublasLtMatmulPreference_t pref) {
  cublasLtMatmulHeuristicResult_t heuristic = {};
  int returned = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &heuristic, &returned);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, &heuristic.algo,
                 workspace, 0, 0);
  std::printf("%d algorithms\n", returned);
}

void statusChecked(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a,
                   cublasLtMatrixLayout_t b, cublasLtMatrixLayout_t d,
                   cublasLtMatmulPreference_t pref) {
  cublasLtMatmulHeuristicResult_t heuristic = {};
  int returned = 0;
  CHECK_CUBLAS(cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &heuristic,
                                              &returned));
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, &heuristic.algo,
                 workspace, 0, 0);
}

void statusKept(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a,
                cublasLtMatrixLayout_t b, cublasLtMatrixLayout_t d,
                cublasLtMatmulPreference_t pref) {
  cublasLtMatmulHeuristicResult_t heuristic = {};
  int returned = 0;
  cublasStatus_t status =
      cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &heuristic, &returned);
  if (status != CUBLAS_STATUS_SUCCESS)
    std::abort();
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, &heuristic.algo,
                 workspace, 0, 0);
}

void stateChecked(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a,
                  cublasLtMatrixLayout_t b, cublasLtMatrixLayout_t d,
                  cublasLtMatmulPreference_t pref) {
  cublasLtMatmulHeuristicResult_t heuristic = {};
  int returned = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &heuristic, &returned);
  if (heuristic.state != CUBLAS_STATUS_SUCCESS)
    return;
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, &heuristic.algo,
                 workspace, 0, 0);
}

// The count goes to a helper, which may check it.
void checkCount(int);
void countHandedOn(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a,
                   cublasLtMatrixLayout_t b, cublasLtMatrixLayout_t d,
                   cublasLtMatmulPreference_t pref) {
  cublasLtMatmulHeuristicResult_t heuristic = {};
  int returned = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &heuristic, &returned);
  checkCount(returned);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, &heuristic.algo,
                 workspace, 0, 0);
}

// An algo that is not the query's result, and a result passed in.
void algoFromElsewhere(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a,
                       cublasLtMatrixLayout_t b, cublasLtMatrixLayout_t d,
                       cublasLtMatmulPreference_t pref,
                       const cublasLtMatmulHeuristicResult_t &given) {
  cublasLtMatmulHeuristicResult_t heuristic = {};
  int returned = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &heuristic, &returned);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, &given.algo,
                 workspace, 0, 0);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr,
                 workspace, 0, 0);
}

// The query after the matmul (a later iteration's), and a result queried
// twice: not this rule's to judge.
void queryAfterUse(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a,
                   cublasLtMatrixLayout_t b, cublasLtMatrixLayout_t d,
                   cublasLtMatmulPreference_t pref) {
  cublasLtMatmulHeuristicResult_t heuristic = {};
  int returned = 0, again = 0;
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, &heuristic.algo,
                 workspace, 0, 0);
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &heuristic, &returned);
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &heuristic, &again);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, &heuristic.algo,
                 workspace, 0, 0);
}

void setupFromHelper() {
  Setup S = make();
  cublasLtMatmulHeuristicResult_t heuristic = {};
  int returned = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, S.op, S.a, S.b, S.d, S.d, S.pref, 1, &heuristic, &returned);
  if (returned > 0)
    cublasLtMatmul(lt, S.op, &one, A, S.a, B, S.b, &zero, C, S.d, D, S.d, &heuristic.algo,
                   workspace, 0, 0);
}

// Helpers: one that checks the count, one whose caller checks the state, one
// that returns what it did not query.
static cublasLtMatmulHeuristicResult_t pickChecked(const Setup &S) {
  cublasLtMatmulHeuristicResult_t r = {};
  int n = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, S.op, S.a, S.b, S.d, S.d, S.pref, 1, &r, &n);
  if (n == 0)
    std::abort();
  return r;
}

static cublasLtMatmulHeuristicResult_t pickOther(const Setup &S,
                                                 cublasLtMatmulHeuristicResult_t given) {
  cublasLtMatmulHeuristicResult_t r = {};
  int n = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, S.op, S.a, S.b, S.d, S.d, S.pref, 1, &r, &n);
  return given;
}

void helpersThatCheck(cublasLtMatmulHeuristicResult_t given) {
  Setup S = make();
  cublasLtMatmulHeuristicResult_t checked = pickChecked(S);
  cublasLtMatmul(lt, S.op, &one, A, S.a, B, S.b, &zero, C, S.d, D, S.d,
                 &checked.algo, workspace, 0, 0);
  cublasLtMatmulHeuristicResult_t stated = pickAlgo(S);
  if (stated.state != CUBLAS_STATUS_SUCCESS)
    return;
  cublasLtMatmul(lt, S.op, &one, A, S.a, B, S.b, &zero, C, S.d, D, S.d,
                 &stated.algo, workspace, 0, 0);
  cublasLtMatmulHeuristicResult_t other = pickOther(S, given);
  cublasLtMatmul(lt, S.op, &one, A, S.a, B, S.b, &zero, C, S.d, D, S.d,
                 &other.algo, workspace, 0, 0);
}
