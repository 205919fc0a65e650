// The values cuBLASLt objects are given at their setters and at Create or
// Init: each finding goes to the check of its category.
// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags

#include <cstdint>
#include <cublasLt.h>

cublasLtMatmulDesc_t desc;
cublasLtMatrixLayout_t layout;
cublasLtMatmulPreference_t pref;

// ---- positive: values no enumeration has -------------------------------------

void setterValues() {
  uint32_t epilogue = 12345;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue));
  // CHECK-MESSAGES: :[[@LINE-1]]:71: warning: 'CUBLASLT_MATMUL_DESC_EPILOGUE' (12345) is not a cublasLtEpilogue_t [gemm-invalid-enum]
  // CHECK-NOTES: :[[@LINE-3]]:23: note: '*buf' is 12345, the value of 'epilogue'
  int32_t order = 99;
  cublasLtMatrixLayoutSetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_ORDER, &order, sizeof(order));
  // CHECK-MESSAGES: :[[@LINE-1]]:74: warning: 'CUBLASLT_MATRIX_LAYOUT_ORDER' (99) is not a cublasLtOrder_t [gemm-invalid-enum]
  cublasOperation_t trans = CUBLAS_OP_CONJG;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &trans, sizeof(trans));
  // CHECK-MESSAGES: :[[@LINE-1]]:69: warning: 'CUBLASLT_MATMUL_DESC_TRANSA' is CUBLAS_OP_CONJG, which cuBLASLt does not support [gemm-invalid-enum]
  cublasOperation_t transc = CUBLAS_OP_T;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSC, &transc, sizeof(transc));
  // CHECK-MESSAGES: :[[@LINE-1]]:69: warning: 'CUBLASLT_MATMUL_DESC_TRANSC' is CUBLAS_OP_T; cuBLASLt supports only CUBLAS_OP_N [gemm-invalid-enum]
  int32_t pointerMode = 7;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_POINTER_MODE, &pointerMode, sizeof(pointerMode));
  // CHECK-MESSAGES: :[[@LINE-1]]:75: warning: 'CUBLASLT_MATMUL_DESC_POINTER_MODE' (7) is not a cublasLtPointerMode_t [gemm-invalid-enum]
  uint32_t search = 3; // reserved
  cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_SEARCH_MODE, &search, sizeof(search));
  // CHECK-MESSAGES: :[[@LINE-1]]:80: warning: 'CUBLASLT_MATMUL_PREF_SEARCH_MODE' (3) is not a cublasLtMatmulSearch_t (2..9 are reserved) [gemm-invalid-enum]
  int32_t batch = 0;
  cublasLtMatrixLayoutSetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof(batch));
  // CHECK-MESSAGES: :[[@LINE-1]]:80: warning: 'CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT' (0) must be at least 1 [gemm-invalid-size]
  int64_t ld = -64;
  cublasLtMatrixLayoutSetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld));
  // CHECK-MESSAGES: :[[@LINE-1]]:71: warning: 'CUBLASLT_MATRIX_LAYOUT_LD' (-64) must not be negative [gemm-leading-dimension]
  int64_t rows = -1;
  cublasLtMatrixLayoutSetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_ROWS, &rows, sizeof(rows));
  // CHECK-MESSAGES: :[[@LINE-1]]:73: warning: 'CUBLASLT_MATRIX_LAYOUT_ROWS' (-1) is not representable as int32_t; cuBLASLt supports only such sizes (a negative int converted to uint64_t) [gemm-invalid-size]
}

void createValues(int m) {
  cublasLtMatrixLayout_t L;
  const int rows = m > 0 ? -2 : -1; // negative on every path
  cublasLtMatrixLayoutCreate(&L, CUDA_R_32F, rows, 64, 128);
  // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: 'CUBLASLT_MATRIX_LAYOUT_ROWS' (-1) is not representable as int32_t; cuBLASLt supports only such sizes (a negative int converted to uint64_t) [gemm-invalid-size]
  cublasLtMatrixLayoutCreate(&L, CUDA_R_16F, 64, 64, -1);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: 'CUBLASLT_MATRIX_LAYOUT_LD' (-1) must not be negative [gemm-leading-dimension]
  cublasLtMatrixLayoutCreate(&L, (cudaDataType)99, 64, 64, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'CUBLASLT_MATRIX_LAYOUT_TYPE' (99) is not a cudaDataType [gemm-invalid-enum]
  const uint64_t huge = 1ull << 33;
  cublasLtMatrixLayoutCreate(&L, CUDA_R_16BF, huge, 64, huge);
  // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: 'CUBLASLT_MATRIX_LAYOUT_ROWS' (8589934592) is not representable as int32_t; cuBLASLt supports only such sizes [gemm-invalid-size]
  cublasLtMatmulDesc_t D;
  // The CUDA 10 form's cudaDataType in the computeType slot.
  cublasLtMatmulDescCreate(&D, (cublasComputeType_t)CUDA_R_32F, CUDA_R_32F);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'CUBLASLT_MATMUL_DESC_COMPUTE_TYPE' is CUDA_R_32F (0), a cudaDataType, where cublasLtMatmulDescCreate reads a cublasComputeType_t (the CUDA 10 two-argument form) [gemm-invalid-enum]
  // CHECK-NOTES: :[[@LINE-2]]:32: note: pass CUBLAS_COMPUTE_32F and the scale type separately
  cublasLtMatmulDescCreate(&D, CUBLAS_COMPUTE_32F, (cudaDataType)77);
  // CHECK-MESSAGES: :[[@LINE-1]]:52: warning: 'CUBLASLT_MATMUL_DESC_SCALE_TYPE' (77) is not a cudaDataType [gemm-invalid-enum]
  // The Init forms, on storage of the caller's.
  cublasLtMatrixLayoutOpaque_t storage;
  cublasLtMatrixLayoutInit(&storage, CUDA_R_32F, 32, -5, 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: 'CUBLASLT_MATRIX_LAYOUT_COLS' (-5) is not representable as int32_t; {{.*}} [gemm-invalid-size]
  cublasLtMatmulDescOpaque_t descStorage;
  cublasLtMatmulDescInit(&descStorage, (cublasComputeType_t)1234, CUDA_R_32F);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: 'CUBLASLT_MATMUL_DESC_COMPUTE_TYPE' (1234) is not a cublasComputeType_t [gemm-invalid-enum]
}

// A value bound by the caller of a helper.
static void makeLayout(cublasLtMatrixLayout_t *L, int64_t ld) {
  cublasLtMatrixLayoutCreate(L, CUDA_R_32F, 16, 16, ld);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'CUBLASLT_MATRIX_LAYOUT_LD' (-16) must not be negative [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE+5]]:18: note: 'ld' is -16, passed to 'makeLayout' here
  // CHECK-NOTES: :[[@LINE+4]]:3: note: 'makeLayout' is called with ld = -16 here
}
void callsHelper() {
  cublasLtMatrixLayout_t L;
  makeLayout(&L, -16);
  makeLayout(&L, 16);
}

// ---- negative: valid values --------------------------------------------------

void valid(cublasLtMatrixLayout_t *L) {
  cublasLtMatrixLayoutCreate(L, CUDA_R_8F_E4M3, 64, 32, 64);
  cublasLtMatrixLayoutCreate(L, CUDA_R_32F, 0, 0, 0); // an empty matrix: valid to describe
  cublasLtMatrixLayoutCreate(L, CUDA_R_32F, 64, 32, 32); // ld < rows, then ORDER_ROW
  cublasLtOrder_t row = CUBLASLT_ORDER_ROW;
  cublasLtMatrixLayoutSetAttribute(*L, CUBLASLT_MATRIX_LAYOUT_ORDER, &row, sizeof(row));
  cublasLtMatmulDesc_t D;
  cublasLtMatmulDescCreate(&D, CUBLAS_COMPUTE_32F_FAST_TF32, CUDA_R_32F);
  uint32_t epi = CUBLASLT_EPILOGUE_GELU_AUX_BIAS;
  cublasLtMatmulDescSetAttribute(D, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  int32_t mode = CUBLASLT_POINTER_MODE_DEVICE;
  cublasLtMatmulDescSetAttribute(D, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof(mode));
  int32_t biasType = -1; // "same as D"
  cublasLtMatmulDescSetAttribute(D, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &biasType, sizeof(biasType));
  uint32_t mask = CUBLASLT_REDUCTION_SCHEME_INPLACE | CUBLASLT_REDUCTION_SCHEME_OUTPUT_TYPE;
  cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK, &mask, sizeof(mask));
}

// ---- skipped: values not proven ----------------------------------------------

void unknownValues(int32_t order, uint32_t epilogue, bool flip, int64_t rows) {
  cublasLtMatrixLayoutSetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_ORDER, &order, sizeof(order));
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue));
  int32_t o = flip ? 99 : CUBLASLT_ORDER_COL; // invalid on one path only
  cublasLtMatrixLayoutSetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_ORDER, &o, sizeof(o));
  cublasLtMatrixLayout_t L;
  cublasLtMatrixLayoutCreate(&L, CUDA_R_32F, rows, 16, rows);
  int32_t later = 99;
  int32_t *alias = &later; // written through a pointer the analysis does not follow
  *alias = CUBLASLT_ORDER_ROW;
  cublasLtMatrixLayoutSetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_ORDER, &later, sizeof(later));
}

// ---- a redeclaration without parameter names ----------------------------------

// Notes name a Create argument as cublasLt.h names the parameter, also where
// a later declaration leaves the names out.
cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *, cudaDataType, uint64_t, uint64_t, int64_t);
static void makeLayoutUnnamed(cublasLtMatrixLayout_t *L, int64_t lead) {
  cublasLtMatrixLayoutCreate(L, CUDA_R_32F, 16, 16, lead);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'CUBLASLT_MATRIX_LAYOUT_LD' (-8) must not be negative [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE+4]]:25: note: 'ld' is -8, passed to 'makeLayoutUnnamed' here
}
void callsUnnamed() {
  cublasLtMatrixLayout_t L;
  makeLayoutUnnamed(&L, -8);
}
