// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags
//
// The cuBLASLt objects' state, as the value analysis follows it from the
// Create and SetAttribute calls to cublasLtMatmul: through locals,
// branches, loops, wrappers, typed setter templates, Destroy and re-Create,
// and what it deliberately leaves unknown.

#include <cublasLt.h>
#include <cstdint>

cublasLtHandle_t lt;
const void *A, *B;
void *C, *D, *workspace;
const float one = 1, zero = 0;

// ---- values through locals --------------------------------------------------

void ldFromLocals() {
  const int rows = 64, cols = 32;
  int64_t ld = 32;
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, rows, cols, ld);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, cols, 16, cols);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, rows, 16, rows);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (32) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-5]]:58: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' is 32, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-6]]:46: note: 'CUBLASLT_MATRIX_LAYOUT_ROWS of Adesc' is 64, set by cublasLtMatrixLayoutCreate here
}

void ldFromLocalsValid() {
  const int rows = 64, cols = 32;
  int64_t ld = rows;
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, rows, cols, ld);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, cols, 16, cols);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, rows, 16, rows);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
}

// ---- the order set later -----------------------------------------------------

void rowOrderLdTooSmall() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c;
  // 16 x 32 in row order: ld must be at least the 32 columns.
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 16, 32, 16);
  const cublasLtOrder_t row = CUBLASLT_ORDER_ROW;
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_ORDER, &row, sizeof(row));
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 16, 16, 16);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (16) must be at least the columns (ORDER_ROW) = 32 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-7]]:54: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' is 16, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-8]]:50: note: 'CUBLASLT_MATRIX_LAYOUT_COLS of Adesc' is 32, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-7]]:3: note: 'CUBLASLT_MATRIX_LAYOUT_ORDER of Adesc' is CUBLASLT_ORDER_ROW, set by cublasLtMatrixLayoutSetAttribute here
}

// ---- branches -----------------------------------------------------------------

// The layout follows the transpose on each path: valid.
void transposeFollowsFlag(bool t) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasOperation_t ta = t ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof(ta));
  cublasLtMatrixLayout_t a, b, c;
  if (t)
    cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 32, 64, 32);
  else
    cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
}

// Wrong on one path only: not proven, silent.
void wrongOnOnePath(bool t) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c;
  int64_t lda = t ? 64 : 16;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, lda);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
}

// Wrong on both paths, with different values: reported, with the paths.
void wrongOnBothPaths(bool t) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  if (t) {
    int64_t ld = 16;
    cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld));
  } else {
    int64_t ld = 32;
    cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld));
  }
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (32) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-4]]:5: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' is 32, set by cublasLtMatrixLayoutSetAttribute here when 't' is false
  // CHECK-NOTES: :[[@LINE-8]]:5: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' is 16, set by cublasLtMatrixLayoutSetAttribute here when 't' is true
  // CHECK-NOTES: :[[@LINE-14]]:46: note: 'CUBLASLT_MATRIX_LAYOUT_ROWS of Adesc' is 64, set by cublasLtMatrixLayoutCreate here
}

// A setter in a loop: what the loop writes is unknown at its head.
void setterInLoop(int n) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 16);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  for (int i = 0; i < n; ++i) {
    int64_t ld = 64;
    cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld));
    cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
  }
}

// ---- wrappers ------------------------------------------------------------------

// Sizes from the wrapper's parameters, bound where it is called.
void gemmNN(int m, int n, int k) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, m, k, m);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, k, n, k);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, m, n, k);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Ddesc' (32) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-3]]:52: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Ddesc' is 32, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-4]]:46: note: 'CUBLASLT_MATRIX_LAYOUT_ROWS of Ddesc' is 64, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE+4]]:3: note: 'gemmNN' is called with m = 64, n = 16, k = 32 here
}

void callsGemmNN() {
  gemmNN(64, 16, 32);
  gemmNN(16, 16, 32);
}

// A typed setter, evaluated at each instantiation.
template <class T>
void setAttribute(cublasLtMatmulDesc_t d, cublasLtMatmulDescAttributes_t attr, const T value) {
  cublasLtMatmulDescSetAttribute(d, attr, &value, sizeof(value));
  // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: 'sizeInBytes' (8) does not match 'CUBLASLT_MATMUL_DESC_TRANSB', which is int32_t (4 bytes); cuBLASLt returns CUBLAS_STATUS_INVALID_VALUE and keeps the old value [gemm-attribute-encoding]
}
template <class T>
void setLayout(cublasLtMatrixLayout_t l, cublasLtMatrixLayoutAttribute_t attr, const T value) {
  cublasLtMatrixLayoutSetAttribute(l, attr, &value, sizeof(value));
}

void typedSetterWrappers() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  setAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, CUBLAS_OP_T);
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  setLayout(c, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, int32_t{4});
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT of Adesc' (1) must equal the batch count of D (4) [gemm-batch-stride]
  // CHECK-NOTES: :[[@LINE-6]]:3: note: 'CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT of Adesc' is 1, the default after cublasLtMatrixLayoutCreate here
  // CHECK-MESSAGES: :[[@LINE-3]]:41: warning: 'CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT of Bdesc' (1) must equal the batch count of D (4) [gemm-batch-stride]
  // CHECK-NOTES: :[[@LINE-7]]:3: note: 'CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT of Bdesc' is 1, the default after cublasLtMatrixLayoutCreate here
  // CHECK-MESSAGES: :[[@LINE-5]]:41: warning: the columns of op(B) ('CUBLASLT_MATRIX_LAYOUT_ROWS of Bdesc') (32) does not match n, the columns of D (16) [gemm-shape-consistency]
  // CHECK-NOTES: :[[@LINE-9]]:46: note: 'CUBLASLT_MATRIX_LAYOUT_ROWS of Bdesc' is 32, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-13]]:3: note: 'CUBLASLT_MATMUL_DESC_TRANSB' is CUBLAS_OP_T, set by setAttribute here
  // CHECK-NOTES: :[[@LINE-8]]:41: note: D (m x n) = op(A) (m x k) * op(B) (k x n); the layouts describe the matrices as stored, before TRANSA/TRANSB
  // CHECK-MESSAGES: :[[@LINE-9]]:41: warning: the rows of op(B) ('CUBLASLT_MATRIX_LAYOUT_COLS of Bdesc') (16) does not match k, the columns of op(A) ('CUBLASLT_MATRIX_LAYOUT_COLS of Adesc') (32) [gemm-shape-consistency]
  // CHECK-NOTES: :[[@LINE-13]]:50: note: 'CUBLASLT_MATRIX_LAYOUT_COLS of Bdesc' is 16, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-17]]:3: note: 'CUBLASLT_MATMUL_DESC_TRANSB' is CUBLAS_OP_T, set by setAttribute here
  // CHECK-NOTES: :[[@LINE-12]]:41: note: D (m x n) = op(A) (m x k) * op(B) (k x n); the layouts describe the matrices as stored, before TRANSA/TRANSB
  // CHECK-MESSAGES: :[[@LINE-13]]:60: warning: 'CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET of Ddesc' (0) makes the 4 D matrices overlap: row 0, column 0 of D[0] is row 0, column 0 of D[1] [gemm-batch-stride]
  // CHECK-NOTES: :[[@LINE-16]]:3: note: 'CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET of Ddesc' is 0, the default after cublasLtMatrixLayoutCreate here
}

// A setter wrapper that writes another size than the attribute's: the
// value is not followed (gemm-attribute-encoding's finding at the setter).
void wrongSizeNotFollowed() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  setAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, int64_t{CUBLAS_OP_T});
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
}

// ---- lifetime ------------------------------------------------------------------

void useAfterDestroy() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutDestroy(b);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 'Bdesc' was destroyed before this call [gemm-invalid-enum]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'Bdesc' was destroyed here
}

void destroyThenRecreate() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 8);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatrixLayoutDestroy(b);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
}

// ---- deliberately unknown -------------------------------------------------------

void configure(cublasLtMatrixLayout_t l);

// The layout goes to a function the analysis does not follow.
void passedToUnknownFunction() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 16);
  configure(a);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
}

// cuBLASLt's own getters read it and change nothing.
void getterKeepsState() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 16);
  int64_t ld = 0;
  size_t written = 0;
  cublasLtMatrixLayoutGetAttribute(a, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld), &written);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (16) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-8]]:54: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' is 16, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-9]]:46: note: 'CUBLASLT_MATRIX_LAYOUT_ROWS of Adesc' is 64, set by cublasLtMatrixLayoutCreate here
}

// Objects made elsewhere (parameters, members of an RAII class) are unknown.
void fromParameters(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a) {
  cublasLtMatrixLayout_t b, c;
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
}

// A copy of the object could change it behind the analysis.
void copiedObject() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 16);
  cublasLtMatrixLayout_t alias = a;
  int64_t ld = 64;
  cublasLtMatrixLayoutSetAttribute(alias, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld));
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
}

// The value's variable is written after the setter: the attribute keeps
// what it was set to.
void valueChangedAfterSet() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  int64_t ld = 16;
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld));
  ld = 64;
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (16) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-6]]:3: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' is 16, set by cublasLtMatrixLayoutSetAttribute here
  // CHECK-NOTES: :[[@LINE-9]]:46: note: 'CUBLASLT_MATRIX_LAYOUT_ROWS of Adesc' is 64, set by cublasLtMatrixLayoutCreate here
}

// ---- *Init ----------------------------------------------------------------------

// Objects initialised in place, in structures of the function.
void initInPlace() {
  cublasLtMatmulDescOpaque_t opOpaque;
  cublasLtMatmulDescInit(&opOpaque, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutOpaque_t aOpaque, bOpaque, cOpaque;
  cublasLtMatrixLayoutInit(&aOpaque, CUDA_R_32F, 64, 32, 16);
  cublasLtMatrixLayoutInit(&bOpaque, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutInit(&cOpaque, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, &opOpaque, &one, A, &aOpaque, B, &bOpaque, &zero, C, &cOpaque, D, &cOpaque, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (16) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-5]]:58: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' is 16, set by cublasLtMatrixLayoutInit here
  // CHECK-NOTES: :[[@LINE-6]]:50: note: 'CUBLASLT_MATRIX_LAYOUT_ROWS of Adesc' is 64, set by cublasLtMatrixLayoutInit here
}

void inspect(cublasLtMatrixLayoutOpaque_t *);

// The structure's address goes elsewhere: not followed.
void initInPlaceEscapes() {
  cublasLtMatmulDescOpaque_t opOpaque;
  cublasLtMatmulDescInit(&opOpaque, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutOpaque_t aOpaque, bOpaque, cOpaque;
  cublasLtMatrixLayoutInit(&aOpaque, CUDA_R_32F, 64, 32, 16);
  inspect(&aOpaque);
  cublasLtMatrixLayoutInit(&bOpaque, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutInit(&cOpaque, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, &opOpaque, &one, A, &aOpaque, B, &bOpaque, &zero, C, &cOpaque, D, &cOpaque, nullptr, workspace, 0, 0);
}

// Through a pointer variable, the structure may be reached by another name.
void initThroughPointer() {
  cublasLtMatrixLayoutOpaque_t storage;
  cublasLtMatrixLayout_t a = &storage;
  cublasLtMatrixLayoutInit(a, CUDA_R_32F, 64, 32, 16);
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t b, c;
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
}
