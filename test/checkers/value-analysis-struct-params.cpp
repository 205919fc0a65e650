// RUN: %check_gemm_tidy %s 'gemm-leading-dimension,gemm-invalid-size' %t -- -- %gemm_cxx_flags
//
// A structure parameter's fields (by value or by const reference) are what
// the caller's object holds at the call: a configuration built where the
// values are known and handed to the function that makes the call.

#include <cublasLt.h>
#include <cublas_v2.h>

cublasHandle_t h;
const float *A, *B;
float *C;
const float one = 1, zero = 0;

struct Config {
  int m = 64, n = 8, k = 8;
  int lda = 8, ldb = 8, ldc = 64;
};

// ---- positive ------------------------------------------------------------------

void gemmFromConfig(const Config &cfg) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, cfg.m, cfg.n, cfg.k, &one, A, cfg.lda, B, cfg.ldb, &zero, C, cfg.ldc);
  // CHECK-MESSAGES: :[[@LINE-1]]:74: warning: 'lda' (8) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE+5]]:3: note: 'gemmFromConfig' is called with cfg.m = 64, cfg.n = 8, cfg.k = 8, cfg.lda = 8, cfg.ldb = 8, cfg.ldc = 64 here
}
// Default member initialisers, as `const Config cfg;` leaves them.
void defaultConfig() {
  const Config cfg;
  gemmFromConfig(cfg);
}

void gemmFromConfigByValue(Config cfg) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, cfg.m, cfg.n, cfg.k, &one, A, cfg.lda, B, cfg.ldb, &zero, C, cfg.ldc);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: 'm' (-4) must not be negative [gemm-invalid-size]
}
void configChangedBeforeTheCall() {
  Config cfg;
  cfg.m = -4;
  cfg.lda = 1;
  gemmFromConfigByValue(cfg);
}

// A plan computed by a function that only returns an aggregate, from shapes
// given as temporaries or locals.
struct Plan {
  int m, n, k, lda, ldb, ldc;
};
struct Dims {
  int rows, cols;
};
Plan plan(Dims a, Dims b) { return Plan{a.rows, b.cols, a.cols, a.cols, b.rows, a.rows}; }
void gemmFromPlan() {
  Plan p = plan(Dims{64, 8}, Dims{8, 8});
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, p.m, p.n, p.k, &one, A, p.lda, B, p.ldb, &zero, C, p.ldc);
  // CHECK-MESSAGES: :[[@LINE-1]]:68: warning: 'lda' (8) must be at least max(1, m) = 64 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-3]]:12: note: 'lda' is 8, 'p.lda' as 'plan' returns it
}
void gemmFromPlanOfLocals() {
  Dims a{32, 16}, b{16, 4};
  a.rows = -2;
  const Plan p = plan(a, b);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, p.m, p.n, p.k, &one, A, 64, B, p.ldb, &zero, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: 'm' (-2) must not be negative [gemm-invalid-size]
}

// cuBLASLt layouts built from such a structure, in the function it is
// given to.
struct Shape {
  int rows = 64, cols = 32, ld = 32;
};
cublasLtHandle_t lt;
void *D, *workspace;
void matmulFromShape(const Shape &s) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, s.rows, s.cols, s.ld);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, s.cols, 16, s.cols);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, s.rows, 16, s.rows);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (32) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE+4]]:3: note: 'matmulFromShape' is called with s.rows = 64, s.cols = 32, s.ld = 32 here
}
void defaultShape() {
  const Shape s;
  matmulFromShape(s);
}

// ---- negative ------------------------------------------------------------------

// The callee changes its copy; a mutable reference's object may change
// behind it; a caller that does not know its configuration; a caller whose
// configuration is right.
void gemmFromChangedCopy(Config cfg) {
  cfg.lda = cfg.m;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, cfg.m, cfg.n, cfg.k, &one, A, cfg.lda, B, cfg.ldb, &zero, C, cfg.ldc);
}
void gemmFromMutableReference(Config &cfg) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, cfg.m, cfg.n, cfg.k, &one, A, cfg.lda, B, cfg.ldb, &zero, C, cfg.ldc);
}
void gemmFromRightConfig(const Config &cfg) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, cfg.m, cfg.n, cfg.k, &one, A, cfg.lda, B, cfg.ldb, &zero, C, cfg.ldc);
}
// A planner that does more than return, and shapes the caller does not know.
Plan planChecked(Dims a, Dims b) {
  if (a.cols != b.rows)
    return Plan{0, 0, 0, 1, 1, 1};
  return Plan{a.rows, b.cols, a.cols, a.cols, b.rows, a.rows};
}
void gemmFromUnprovenPlans(Dims unknown) {
  Plan p = planChecked(Dims{64, 8}, Dims{8, 8});
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, p.m, p.n, p.k, &one, A, p.lda, B, p.ldb, &zero, C, p.ldc);
  Plan q = plan(unknown, Dims{8, 8});
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, q.m, q.n, q.k, &one, A, q.lda, B, q.ldb, &zero, C, q.ldc);
}

void callers(const Config &unknown) {
  Config cfg;
  gemmFromChangedCopy(cfg);
  gemmFromMutableReference(cfg);
  gemmFromRightConfig(unknown);
  Config right;
  right.lda = 64;
  gemmFromRightConfig(right);
}
