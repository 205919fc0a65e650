// The cuBLASLt runtime guard on a machine without a GPU: descriptors,
// layouts and preferences are real cuBLASLt objects (their Create and
// SetAttribute work without a device); the heuristic and the matmul get a
// NULL handle, so cuBLASLt answers NOT_INITIALIZED for every valid call. The
// facts only a GPU run gives (compute capability, residency) come from
// inspectors the header build installs. Built twice: with the header, and
// without it under the preload library, where the findings on values are the
// same and the pointee-type and inspector-based ones are absent.
//
// REQUIRES: cuda-runtime, guard-preload
// RUN: %cxx %guard_cxxflags -include gemm/lt_guard.h %s %cuda_libs -lcublasLt -o %t.header
// RUN: %t.header 2>&1 | %FileCheck %s --check-prefixes=BOTH,HEADER
// RUN: %cxx %guard_cxxflags %s %cuda_libs -lcublasLt -o %t.plain
// RUN: env LD_PRELOAD=%preload %t.plain 2>&1 | %FileCheck %s --check-prefixes=BOTH,PRELOAD
// RUN: env GEMM_GUARD=off %t.header 2>&1 | %FileCheck %s --check-prefix=OFF
// RUN: env GEMM_GUARD=warn %t.header 2>&1 | %FileCheck %s --check-prefix=WARN
// RUN: env GEMM_GUARD=abort %not --crash %t.header 2>&1 | %FileCheck %s --check-prefix=ABORT
// RUN: rm -f %t.log
// RUN: env GEMM_GUARD_LOG=%t.log %t.header > /dev/null 2>&1
// RUN: %FileCheck %s --check-prefix=LOG < %t.log
#include <cublasLt.h>
#include <cuda_fp16.h>
#include <cstdint>
#include <cstdio>

#include "Inputs/fake_device.h"

#ifdef GEMM_LT_GUARD_H
gemm::guard::lt::DeviceFacts Ada() { return {89, 0}; }
#endif

#define CALL(what, expr)                                                       \
  std::printf("%s: status %d\n", what, static_cast<int>(expr))

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
#ifdef GEMM_LT_GUARD_H
  gemm::guard::setPointerInspector(inspect);
  gemm::guard::lt::setDeviceInspector(Ada);
#endif
  cublasLtHandle_t h = nullptr;
  void *dev = reinterpret_cast<void *>(DeviceBase);
  const float one = 1, zero = 0;
  cublasLtMatmulHeuristicResult_t results[4] = {};
  int found = 0;

  // A valid fp16 GEMM, D (64 x 32) = A (64 x 16) * B (16 x 32).
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t A, B, C, Bbad;
  cublasLtMatmulPreference_t pref;
  CALL("create", cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasLtMatrixLayoutCreate(&A, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&B, CUDA_R_16F, 16, 32, 16);
  cublasLtMatrixLayoutCreate(&C, CUDA_R_16F, 64, 32, 64);
  cublasLtMatmulPreferenceCreate(&pref);
  const uint64_t ws = 1 << 20;
  CALL("pref", cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof(ws)));
  // BOTH: create: status 0
  // BOTH: pref: status 0

  CALL("valid heuristic", cublasLtMatmulAlgoGetHeuristic(h, op, A, B, C, C, pref, 4, results, &found));
  // BOTH: gemm-guard: {{.*}}: cublasLtMatmulAlgoGetHeuristic returned CUBLAS_STATUS_NOT_INITIALIZED although its arguments are valid per the gemm-tidy rulebook; rerun with CUBLASLT_LOG_LEVEL=1 (or CUBLASLT_LOG_MASK) for cuBLASLt's reason
  // BOTH-NEXT: valid heuristic: status 1

  // LT-ATTR-SIZE: an int for the int64_t batch stride (CUDALibrarySamples#185).
  int stride = 64 * 16;
  CALL("attr.size", cublasLtMatrixLayoutSetAttribute(A, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof(stride)));
  // HEADER: gemm-guard: {{.*}}lt-guard-rules.cpp:[[@LINE-1]]: cublasLtMatrixLayoutSetAttribute: 'sizeInBytes' (4) does not match 'CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET', which is int64_t (8 bytes); cuBLASLt returns CUBLAS_STATUS_INVALID_VALUE and keeps the old value [attribute-encoding]
  // PRELOAD: gemm-guard: {{.*}}: cublasLtMatrixLayoutSetAttribute: 'sizeInBytes' (4) does not match 'CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET'
  // BOTH: attr.size: status 7

  // LT-ATTR-PTRBUF: the bias itself instead of the address of the pointer.
  float hostBias[8] = {};
  CALL("attr.ptrbuf", cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, hostBias, sizeof(float *)));
  // HEADER: cublasLtMatmulDescSetAttribute: 'CUBLASLT_MATMUL_DESC_BIAS_POINTER' holds a pointer: 'buf' must be the address of a variable holding it, not the buffer itself [attribute-encoding]
  // HEADER: attr.ptrbuf: status 7
  // PRELOAD: attr.ptrbuf: status 0
  const void *noBias = nullptr;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &noBias, sizeof(noBias));

  // LT-ATTR-ENUM: CUBLAS_OP_CONJG.
  const cublasOperation_t conj = CUBLAS_OP_CONJG;
  CALL("attr.enum", cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &conj, sizeof(conj)));
  // BOTH: cublasLtMatmulDescSetAttribute: 'CUBLASLT_MATMUL_DESC_TRANSA' is CUBLAS_OP_CONJG, which cuBLASLt does not support [invalid-enum]
  // BOTH: attr.enum: status 7

  // LT-SHAPE-MNK: B has 17 rows where op(A) has 16 columns.
  cublasLtMatrixLayoutCreate(&Bbad, CUDA_R_16F, 17, 32, 17);
  CALL("shape", cublasLtMatmulAlgoGetHeuristic(h, op, A, Bbad, C, C, pref, 4, results, &found));
  // BOTH: cublasLtMatmulAlgoGetHeuristic: the rows of op(B) ('CUBLASLT_MATRIX_LAYOUT_ROWS of Bdesc') (17) does not match k, the columns of op(A) ('CUBLASLT_MATRIX_LAYOUT_COLS of Adesc') (16) [shape-consistency]
  // BOTH: shape: status 7

  // LT-LD-COL after a SetAttribute: the shadow follows the layout.
  const int64_t shortLd = 32;
  cublasLtMatrixLayoutSetAttribute(A, CUBLASLT_MATRIX_LAYOUT_LD, &shortLd, sizeof(shortLd));
  CALL("ld", cublasLtMatmulAlgoGetHeuristic(h, op, A, B, C, C, pref, 4, results, &found));
  // BOTH: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (32) must be at least the rows (ORDER_COL) = 64 [leading-dimension]
  // BOTH: ld: status 7
  const int64_t goodLd = 64;
  cublasLtMatrixLayoutSetAttribute(A, CUBLASLT_MATRIX_LAYOUT_LD, &goodLd, sizeof(goodLd));

  // LT-BATCH-EQ.
  const int32_t two = 2;
  cublasLtMatrixLayoutSetAttribute(B, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &two, sizeof(two));
  CALL("batch", cublasLtMatmulAlgoGetHeuristic(h, op, A, B, C, C, pref, 4, results, &found));
  // BOTH: 'CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT of Bdesc' (2) must equal the batch count of D (1) [batch-stride]
  // BOTH: batch: status 7
  const int32_t oneBatch = 1;
  cublasLtMatrixLayoutSetAttribute(B, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &oneBatch, sizeof(oneBatch));

  // LT-WS-ALIGN and LT-PTR-LOC at the matmul.
  char *misaligned = static_cast<char *>(dev) + 0x80000 + 64;
  CALL("workspace", cublasLtMatmul(h, op, &one, dev, A, dev, B, &zero, dev, C, dev, C, nullptr, misaligned, 4096, 0));
  // BOTH: cublasLtMatmul: 'workspace' is 64 bytes past a 256-byte boundary; cuBLASLt needs it 256-byte aligned [workspace]
  // BOTH: workspace: status 7
  CALL("alpha on device", cublasLtMatmul(h, op, static_cast<const float *>(dev), dev, A, dev, B, &zero, dev, C, dev, C, nullptr, nullptr, 0, 0));
  // HEADER: cublasLtMatmul: 'alpha' points to device memory but 'CUBLASLT_MATMUL_DESC_POINTER_MODE' is CUBLASLT_POINTER_MODE_HOST: the host would read it [scalar-pointer-mode]
  // HEADER: alpha on device: status 7
  // PRELOAD: alpha on device: status 1
  const __half hone = __float2half(1.0f);
  CALL("alpha type", cublasLtMatmul(h, op, &hone, dev, A, dev, B, &zero, dev, C, dev, C, nullptr, nullptr, 0, 0));
  // HEADER: cublasLtMatmul: 'alpha' points to '__half' but the scale type is CUDA_R_32F ('float'); cuBLASLt reads its bytes as that type [scalar-type]
  // HEADER: alpha type: status 7
  // PRELOAD: alpha type: status 1

  // FP8 NN on compute capability 8.9 (the header's inspector): LT-FP8-TN;
  // and an FP8 D with Cdesc NULL: LT-CD-NARROW.
  cublasLtMatmulDesc_t op8;
  cublasLtMatrixLayout_t A8, B8, D8;
  cublasLtMatmulDescCreate(&op8, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&A8, CUDA_R_8F_E4M3, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&B8, CUDA_R_8F_E4M3, 32, 32, 32);
  cublasLtMatrixLayoutCreate(&D8, CUDA_R_8F_E4M3, 64, 32, 64);
  CALL("fp8", cublasLtMatmulAlgoGetHeuristic(h, op8, A8, B8, nullptr, D8, pref, 4, results, &found));
  // BOTH-NOT: not a supported FP8 output pair
  // BOTH: cublasLtMatmulAlgoGetHeuristic: 'Cdesc' is NULL but D is CUDA_R_8F_E4M3; a narrow D needs a C layout of CUDA_R_16BF, CUDA_R_16F or CUDA_R_32F [narrow-precision]
  // HEADER: cublasLtMatmulAlgoGetHeuristic: FP8 matmuls need the TN layout (TRANSA = CUBLAS_OP_T, TRANSB = CUBLAS_OP_N) on compute capability 8.9; got TRANSA CUBLAS_OP_N, TRANSB CUBLAS_OP_N [narrow-precision]
  // PRELOAD-NOT: TN layout
  // BOTH: fp8: status 7

  // An FP4 D without D_OUT_SCALE_POINTER: one finding, LT-FP4-DOUT's; not a
  // second, LT-SCALE-PTR's, for the same pointer.
  char *mem = static_cast<char *>(dev);
  cublasLtMatmulDesc_t op4;
  cublasLtMatrixLayout_t A4, B4, C4, D4;
  cublasLtMatmulDescCreate(&op4, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasOperation_t opT = CUBLAS_OP_T;
  cublasLtMatmulDescSetAttribute(op4, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT));
  const int32_t vec16 = CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3;
  for (cublasLtMatmulDescAttributes_t mode : {CUBLASLT_MATMUL_DESC_A_SCALE_MODE, CUBLASLT_MATMUL_DESC_B_SCALE_MODE, CUBLASLT_MATMUL_DESC_D_OUT_SCALE_MODE})
    cublasLtMatmulDescSetAttribute(op4, mode, &vec16, sizeof(vec16));
  const void *scaleA = mem + 0x50000, *scaleB = mem + 0x60000;
  cublasLtMatmulDescSetAttribute(op4, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scaleA, sizeof(scaleA));
  cublasLtMatmulDescSetAttribute(op4, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scaleB, sizeof(scaleB));
  cublasLtMatrixLayoutCreate(&A4, CUDA_R_4F_E2M1, 64, 64, 64);
  cublasLtMatrixLayoutCreate(&B4, CUDA_R_4F_E2M1, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&C4, CUDA_R_16BF, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&D4, CUDA_R_4F_E2M1, 64, 32, 64);
  CALL("fp4", cublasLtMatmul(h, op4, &one, mem + 0x10000, A4, mem + 0x20000, B4, &zero, mem + 0x30000, C4, mem + 0x40000, D4, nullptr, nullptr, 0, 0));
  // BOTH: cublasLtMatmul: 'CUBLASLT_MATMUL_DESC_D_OUT_SCALE_POINTER' must be set when D is CUDA_R_4F_E2M1 (the scale factors cuBLASLt writes for D) [narrow-precision]
  // BOTH-NOT: must be set: 'CUBLASLT_MATMUL_DESC_D_OUT_SCALE_MODE'
  // BOTH: fp4: status 7

  // LT-CD-INPLACE: one buffer read through C's layout (ld 64) and written
  // through D's (ld 128).
  cublasLtMatrixLayout_t Dwide;
  cublasLtMatrixLayoutCreate(&Dwide, CUDA_R_16F, 64, 32, 128);
  CALL("in place", cublasLtMatmul(h, op, &one, dev, A, dev, B, &zero, mem + 0x30000, C, mem + 0x30000, Dwide, nullptr, nullptr, 0, 0));
  // BOTH: cublasLtMatmul: C and D are the same buffer but Cdesc and Ddesc differ in leading dimension (64 and 128); cuBLASLt computes in place only when Cdesc is Ddesc [shape-consistency]
  // BOTH: in place: status 7
  CALL("out of place", cublasLtMatmul(h, op, &one, dev, A, dev, B, &zero, mem + 0x30000, C, mem + 0x40000, Dwide, nullptr, nullptr, 0, 0));
  // BOTH-NOT: same buffer
  // BOTH: out of place: status 1
  cublasLtMatrixLayoutDestroy(Dwide);

  // Destroyed objects leave the shadow; a new object may reuse the address.
  cublasLtMatrixLayoutDestroy(Bbad);
  cublasLtMatrixLayout_t again;
  cublasLtMatrixLayoutCreate(&again, CUDA_R_16F, 16, 32, 16);
  CALL("reused", cublasLtMatmulAlgoGetHeuristic(h, op, A, again, C, C, pref, 4, results, &found));
  // BOTH: reused: status 1

  cublasLtMatrixLayoutDestroy(again);
  cublasLtMatrixLayoutDestroy(A8);
  cublasLtMatrixLayoutDestroy(B8);
  cublasLtMatrixLayoutDestroy(D8);
  cublasLtMatmulDescDestroy(op8);
  for (cublasLtMatrixLayout_t L : {A4, B4, C4, D4})
    cublasLtMatrixLayoutDestroy(L);
  cublasLtMatmulDescDestroy(op4);
  cublasLtMatrixLayoutDestroy(A);
  cublasLtMatrixLayoutDestroy(B);
  cublasLtMatrixLayoutDestroy(C);
  cublasLtMatmulPreferenceDestroy(pref);
  CALL("destroy", cublasLtMatmulDescDestroy(op));
  // BOTH: destroy: status 0
  return 0;
}

// OFF-NOT: gemm-guard
// OFF: attr.size: status 7
// OFF: ld: status 1

// WARN: 'sizeInBytes' (4) does not match
// WARN: attr.size: status 7
// WARN: ld: status 1

// ABORT: 'sizeInBytes' (4) does not match
// ABORT-NOT: attr.size: status

// LOG: {"guard":"gemm-guard","version":1,"function":"cublasLtMatrixLayoutSetAttribute","site":"{{.*}}lt-guard-rules.cpp:{{[0-9]+}}","pid":{{[0-9]+}},"outcome":"rejected","args":[{"name":"attr","value":6},{"name":"sizeInBytes","value":4}],"pointer_mode":null,"findings":[{"check":"attribute-encoding","rule":"LT-ATTR-SIZE","severity":"error","param":"sizeInBytes"
// LOG: "rule":"LT-SHAPE-MNK"
