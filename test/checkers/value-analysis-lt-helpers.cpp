// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags
//
// cuBLASLt objects made in a helper of the file and used in the caller:
// a helper that creates and configures a layout or descriptor and returns
// it, or creates it through the address it is given. The helper's calls
// are replayed with its parameters bound to the caller's arguments; a
// helper that does anything else leaves the object unknown.

#include <cublasLt.h>
#include <cstdint>

cublasLtHandle_t lt;
const void *A, *B;
void *C, *D, *workspace;
const float one = 1, zero = 0;
void check(cublasStatus_t);
void log(const char *);
void keep(cublasLtMatrixLayout_t);

cublasLtMatrixLayout_t makeLayout(cudaDataType t, uint64_t rows, uint64_t cols, int64_t ld) {
  cublasLtMatrixLayout_t l;
  cublasLtMatrixLayoutCreate(&l, t, rows, cols, ld);
  return l;
}

void createLayout(cublasLtMatrixLayout_t *l, uint64_t rows, uint64_t cols, int64_t ld,
                  cublasLtOrder_t order) {
  check(cublasLtMatrixLayoutCreate(l, CUDA_R_32F, rows, cols, ld));
  check(cublasLtMatrixLayoutSetAttribute(*l, CUBLASLT_MATRIX_LAYOUT_ORDER, &order, sizeof(order)));
}

cublasLtMatmulDesc_t makeDesc(cublasComputeType_t compute, cudaDataType scale) {
  cublasLtMatmulDesc_t d;
  check(cublasLtMatmulDescCreate(&d, compute, scale));
  return d;
}

// ---- positive ------------------------------------------------------------------

void returnedLayout() {
  cublasLtMatmulDesc_t op = makeDesc(CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a = makeLayout(CUDA_R_32F, 64, 32, 32);
  cublasLtMatrixLayout_t b = makeLayout(CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayout_t c = makeLayout(CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (32) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-5]]:30: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' is 32, set by makeLayout here
  // CHECK-NOTES: :[[@LINE-6]]:30: note: 'CUBLASLT_MATRIX_LAYOUT_ROWS of Adesc' is 64, set by makeLayout here
}

void layoutCreatedThroughItsAddress() {
  cublasLtMatmulDesc_t op = makeDesc(CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c;
  // 16 x 32 in row order: ld must be at least the 32 columns.
  createLayout(&a, 16, 32, 16, CUBLASLT_ORDER_ROW);
  createLayout(&b, 32, 16, 32, CUBLASLT_ORDER_COL);
  createLayout(&c, 16, 16, 16, CUBLASLT_ORDER_COL);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (16) must be at least the columns (ORDER_ROW) = 32 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-5]]:3: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' is 16, set by createLayout here
  // CHECK-NOTES: :[[@LINE-6]]:3: note: 'CUBLASLT_MATRIX_LAYOUT_COLS of Adesc' is 32, set by createLayout here
  // CHECK-NOTES: :[[@LINE-7]]:3: note: 'CUBLASLT_MATRIX_LAYOUT_ORDER of Adesc' is CUBLASLT_ORDER_ROW, set by createLayout here
}

// The descriptor alone decides LT-TYPE-SCALE; the layouts are the caller's.
void descriptorFromAHelper(cublasLtMatrixLayout_t a, cublasLtMatrixLayout_t d) {
  cublasLtMatmulDesc_t op = makeDesc(CUBLAS_COMPUTE_16F, CUDA_R_32F);
  cublasLtMatmul(lt, op, &one, A, a, B, a, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: scaleType CUDA_R_32F is not supported with CUBLAS_COMPUTE_16F, whatever the operand types: no row of cuBLASLt's type tables pairs them [gemm-type-combination]
}

// ---- negative: look-alikes that must stay silent -------------------------------

// The same helpers with values that are right.
void rightValues() {
  cublasLtMatmulDesc_t op = makeDesc(CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a = makeLayout(CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayout_t b, c;
  createLayout(&b, 32, 16, 16, CUBLASLT_ORDER_ROW);
  createLayout(&c, 64, 16, 64, CUBLASLT_ORDER_COL);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
}

// A helper that does more than make the object: unknown.
cublasLtMatrixLayout_t makeLoggedLayout(uint64_t rows, uint64_t cols, int64_t ld) {
  cublasLtMatrixLayout_t l;
  log("layout");
  cublasLtMatrixLayoutCreate(&l, CUDA_R_32F, rows, cols, ld);
  return l;
}
// A helper that hands the object to something else before returning it.
cublasLtMatrixLayout_t makeKeptLayout(uint64_t rows, uint64_t cols, int64_t ld) {
  cublasLtMatrixLayout_t l;
  cublasLtMatrixLayoutCreate(&l, CUDA_R_32F, rows, cols, ld);
  keep(l);
  return l;
}
// A helper that creates on one path only.
void maybeCreateLayout(cublasLtMatrixLayout_t *l, bool make, int64_t ld) {
  if (make)
    cublasLtMatrixLayoutCreate(l, CUDA_R_32F, 64, 32, ld);
}
// A helper that returns an object it did not create.
cublasLtMatrixLayout_t cached;
cublasLtMatrixLayout_t cachedLayout(int64_t) { return cached; }
// A helper that configures but never creates what it is given.
void orderOnly(cublasLtMatrixLayout_t *l, cublasLtOrder_t order) {
  cublasLtMatrixLayoutSetAttribute(*l, CUBLASLT_MATRIX_LAYOUT_ORDER, &order, sizeof(order));
}

void helpersNotFollowed(bool flag) {
  cublasLtMatmulDesc_t op = makeDesc(CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a = makeLoggedLayout(64, 32, 32);
  cublasLtMatrixLayout_t b = makeKeptLayout(32, 16, 8);
  cublasLtMatrixLayout_t c;
  maybeCreateLayout(&c, flag, 8);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
  cublasLtMatrixLayout_t d = cachedLayout(8);
  cublasLtMatmul(lt, op, &one, A, d, B, d, &zero, C, d, D, d, nullptr, workspace, 0, 0);
}

// Created right, then made wrong by a helper that is not a recipe for it:
// whatever it did is unknown.
void configuredAfterwardsBySomethingElse() {
  cublasLtMatmulDesc_t op = makeDesc(CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a = makeLayout(CUDA_R_32F, 16, 32, 16);
  orderOnly(&a, CUBLASLT_ORDER_ROW);
  cublasLtMatmul(lt, op, &one, A, a, B, a, &zero, C, a, D, a, nullptr, workspace, 0, 0);
}

// The caller sets the attribute again after the helper: the caller's value.
void fixedByTheCaller() {
  cublasLtMatmulDesc_t op = makeDesc(CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a = makeLayout(CUDA_R_32F, 64, 32, 32);
  const int64_t ld = 64;
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld));
  cublasLtMatrixLayout_t b = makeLayout(CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayout_t c = makeLayout(CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
}

// The compute type's scale set right after the helper's descriptor.
void scaleSetAgain(cublasLtMatrixLayout_t a, cublasLtMatrixLayout_t d,
                   const void *alpha, const void *beta) {
  cublasLtMatmulDesc_t op = makeDesc(CUBLAS_COMPUTE_16F, CUDA_R_32F);
  const cudaDataType half = CUDA_R_16F;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &half, sizeof(half));
  cublasLtMatmul(lt, op, alpha, A, a, B, a, beta, C, d, D, d, nullptr, workspace, 0, 0);
}
