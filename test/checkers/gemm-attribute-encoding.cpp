// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s gemm-attribute-encoding %t -- -- %gemm_cxx_flags

#include <cstddef>
#include <cstdint>
#include <cublasLt.h>

cublasLtMatmulDesc_t desc;
cublasLtMatrixLayout_t layout;
cublasLtMatmulPreference_t pref;
float *bias;      // a device buffer
void *workspace;  // a device buffer

// ---- positive --------------------------------------------------------------

void wrongSizes() {
  int stridea = 4096; // the CUDALibrarySamples#185 bug: int64_t attribute
  cublasLtMatrixLayoutSetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stridea, sizeof(stridea));
  // CHECK-MESSAGES: :[[@LINE-1]]:99: warning: 'sizeInBytes' (4) does not match 'CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET', which is int64_t (8 bytes); cuBLASLt returns CUBLAS_STATUS_INVALID_VALUE and keeps the old value [gemm-attribute-encoding]
  // CHECK-NOTES: :[[@LINE-2]]:99: note: 'sizeInBytes' evaluates to 4
  // CHECK-NOTES: :[[@LINE-3]]:99: note: pass sizeof(int64_t) = 8
  cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_BIAS;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(int64_t));
  // CHECK-MESSAGES: :[[@LINE-1]]:82: warning: 'sizeInBytes' (8) does not match 'CUBLASLT_MATMUL_DESC_EPILOGUE', which is uint32_t (4 bytes); cuBLASLt returns CUBLAS_STATUS_INVALID_VALUE and keeps the old value [gemm-attribute-encoding]
  const size_t kWorkspace = 1 << 22;
  const unsigned ws32 = kWorkspace;
  cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws32, sizeof(ws32));
  // CHECK-MESSAGES: :[[@LINE-1]]:95: warning: 'sizeInBytes' (4) does not match 'CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES', which is uint64_t (8 bytes); {{.*}} [gemm-attribute-encoding]
}

void wrongBuffers() {
  // The device pointer itself where the address of a variable holding it
  // belongs: sizeof(bias) is 8, so only the buffer tells.
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, bias, sizeof(bias));
  // CHECK-MESSAGES: :[[@LINE-1]]:75: warning: 'CUBLASLT_MATMUL_DESC_BIAS_POINTER' holds a pointer: 'buf' must be the address of a variable holding it, not the buffer itself [gemm-attribute-encoding]
  // CHECK-NOTES: :[[@LINE-2]]:75: note: 'buf' points to 'float'
  // CHECK-NOTES: :[[@LINE-3]]:75: note: pass &ptr and sizeof(ptr)
  int8_t transa = CUBLAS_OP_T; // 1 byte where cuBLASLt reads 4
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &transa, sizeof(int32_t));
  // CHECK-MESSAGES: :[[@LINE-1]]:69: warning: 'buf' points to a 1-byte object but 'CUBLASLT_MATMUL_DESC_TRANSA' is int32_t (4 bytes) [gemm-attribute-encoding]
  float waves = 2.0f; // right for MAX_WAVES_COUNT, wrong for SEARCH_MODE
  cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_SEARCH_MODE, &waves, sizeof(waves));
  // CHECK-MESSAGES: :[[@LINE-1]]:80: warning: 'buf' points to a floating-point value but 'CUBLASLT_MATMUL_PREF_SEARCH_MODE' is uint32_t; cuBLASLt reads its bytes as that type [gemm-attribute-encoding]
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, nullptr, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:69: warning: 'buf' must not be NULL when setting 'CUBLASLT_MATMUL_DESC_TRANSB' [gemm-attribute-encoding]
}

void removedAttribute() {
  int32_t chunks = 8; // 12.x's ATOMIC_SYNC_NUM_CHUNKS_D_ROWS, gone in 13.0
  cublasLtMatmulDescSetAttribute(desc, (cublasLtMatmulDescAttributes_t)27, &chunks, sizeof(chunks));
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_NUM_CHUNKS_D_ROWS (27) was removed in cuBLAS 13.0; CUBLAS_VERSION is {{[0-9]+}} [gemm-attribute-encoding]
  cublasLtMatrixLayoutSetAttribute(layout, (cublasLtMatrixLayoutAttribute_t)77, &chunks, sizeof(chunks));
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: attribute 77 is not a cublasLtMatrixLayout_t attribute of CUBLAS_VERSION {{[0-9]+}} [gemm-attribute-encoding]
}

void getters() {
  size_t written = 0;
  int32_t order = 0;
  cublasLtMatrixLayoutGetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_ORDER, nullptr, 0, nullptr);
  // CHECK-MESSAGES: :[[@LINE-1]]:86: warning: 'sizeWritten' must not be NULL when 'sizeInBytes' is 0 (the call asks for the size of 'CUBLASLT_MATRIX_LAYOUT_ORDER') [gemm-attribute-encoding]
  cublasLtMatrixLayoutGetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_ORDER, &order, sizeof(int64_t), &written);
  // CHECK-MESSAGES: :[[@LINE-1]]:82: warning: 'sizeInBytes' (8) does not match 'CUBLASLT_MATRIX_LAYOUT_ORDER', which is int32_t (4 bytes); {{.*}} [gemm-attribute-encoding]
}

// Values that flow in: locals assigned on the way, both branches of a
// condition, a wrapper's callers.
void flowed(bool wide) {
  size_t size = sizeof(int32_t);
  if (wide)
    size = 2 * sizeof(int32_t);
  int32_t batch = 4;
  cublasLtMatrixLayoutSetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, size);
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{.*}}BATCH_COUNT
  const auto attr = CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT;
  const size_t bytes = wide ? 8 : 16;
  cublasLtMatrixLayoutSetAttribute(layout, attr, &batch, bytes);
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: 'sizeInBytes' (16) does not match 'CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT', which is int32_t (4 bytes); {{.*}} [gemm-attribute-encoding]
}

// A typed wrapper, checked at its instantiations, each defect once.
template <class T>
void setAttr(cublasLtMatmulDesc_t d, cublasLtMatmulDescAttributes_t a, const T &v) {
  cublasLtMatmulDescSetAttribute(d, a, &v, sizeof(v));
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: 'sizeInBytes' (4) does not match 'CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE', which is int64_t (8 bytes); {{.*}} [gemm-attribute-encoding]
  // CHECK-MESSAGES: :[[@LINE-2]]:44: warning: 'sizeInBytes' (8) does not match 'CUBLASLT_MATMUL_DESC_TRANSA', which is int32_t (4 bytes); {{.*}} [gemm-attribute-encoding]
  // CHECK-NOTES: :[[@LINE-3]]:44: warning: 'sizeInBytes' (4) does not match 'CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE'
  // CHECK-NOTES: :[[@LINE+12]]:17: note: 'attr' is 10, passed to 'setAttr' here
  // CHECK-NOTES: :[[@LINE-5]]:44: note: 'sizeInBytes' evaluates to 4
  // CHECK-NOTES: :[[@LINE+10]]:3: note: 'setAttr' is called with a = 10 here
  // CHECK-NOTES: :[[@LINE+9]]:3: note: in instantiation of 'setAttr<int>' requested here
  // CHECK-NOTES: :[[@LINE-8]]:44: note: pass sizeof(int64_t) = 8
  // CHECK-NOTES: :[[@LINE-9]]:44: warning: 'sizeInBytes' (8) does not match 'CUBLASLT_MATMUL_DESC_TRANSA'
  // CHECK-NOTES: :[[@LINE+4]]:3: note: in instantiation of 'setAttr<long>' requested here
}

void wrapped() {
  setAttr(desc, CUBLASLT_MATMUL_DESC_TRANSA, int64_t(1));
  setAttr(desc, CUBLASLT_MATMUL_DESC_TRANSA, int64_t(0));
  setAttr(desc, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE, 4096);
  // The right types: silent.
  setAttr(desc, CUBLASLT_MATMUL_DESC_TRANSB, CUBLAS_OP_T);
  setAttr(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, bias);
  setAttr(desc, CUBLASLT_MATMUL_DESC_FAST_ACCUM, int8_t(1));
  setAttr(desc, CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET, int32_t(64));
}

// ---- negative: the right encodings -------------------------------------------

void right() {
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias));
  const void *aux = workspace;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &aux, sizeof(void *));
  uintptr_t address = reinterpret_cast<uintptr_t>(bias); // an integer holding it
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &address, sizeof(address));
  int64_t stride = 4096;
  cublasLtMatrixLayoutSetAttribute(layout, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof(stride));
  // sizeof of another variable of the same type (CUDALibrarySamples#55).
  cublasOperation_t transa = CUBLAS_OP_T, transb = CUBLAS_OP_N;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &transb, sizeof(transa));
  // An enum of 4 bytes for a uint32_t attribute.
  cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_RELU_BIAS;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  int8_t fast = 1;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fast, sizeof(fast));
  float waves = 1.5f;
  cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WAVES_COUNT, &waves, sizeof(waves));
  uint64_t ws = 1 << 22;
  cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof(ws));
  size_t needed = 0;
  cublasLtMatmulDescGetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, nullptr, 0, &needed);
  uint32_t got = 0;
  cublasLtMatmulDescGetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &got, sizeof(got), nullptr);
}

// ---- skipped: what the values do not prove -----------------------------------

void unknown(cublasLtMatmulDescAttributes_t attr, size_t n, const void *raw,
             const unsigned char *bytes, int64_t *p) {
  cublasLtMatmulDescSetAttribute(desc, attr, &n, sizeof(n));       // attribute unknown
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, raw, n); // size, type unknown
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, bytes, 4); // raw bytes
  unsigned char packed[8] = {};
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE, packed, 8);
  std::byte raw8[8] = {};
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE, raw8, 8);
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE, &raw8[0], 8);
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE, p, sizeof(*p));
  struct { int32_t v; } s = {1};
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &s, sizeof(s)); // a class: unknown
}

// Templates: a definition never instantiated, a dependent attribute and
// buffer, a class template's member.
template <class T> void never(T v, cublasLtMatmulDescAttributes_t a) {
  cublasLtMatmulDescSetAttribute(desc, a, &v, sizeof(T));
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &v, sizeof(v));
}
template <class T, int Attr> struct Holder {
  T value;
  void apply() {
    cublasLtMatrixLayoutSetAttribute(layout, (cublasLtMatrixLayoutAttribute_t)Attr, &value, sizeof(value));
    // CHECK-MESSAGES: :[[@LINE-1]]:93: warning: 'sizeInBytes' (4) does not match 'CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET', which is int64_t (8 bytes); {{.*}} [gemm-attribute-encoding]
  }
};
void holders() {
  Holder<int64_t, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET>{4096}.apply();
  Holder<int32_t, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT>{2}.apply();
  Holder<int32_t, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET>{4096}.apply();
}
