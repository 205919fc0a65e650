// The cuBLASLt guard's verdict cache: a repeated valid cublasLtMatmul is
// answered without gathering its facts again (the pointer inspector is not
// asked), and every change the verdict depends on is seen: a SetAttribute
// between two identical calls, a layout destroyed and created again at the
// same address, *beta changing behind the same pointer, memory freed and
// reused, and an algo whose contents change behind the same pointer. Real
// cuBLASLt objects; the matmul gets a NULL handle, so cuBLASLt answers
// NOT_INITIALIZED (1) to every call the guard lets through. The heuristic
// that records what an algo needs is a stand-in (no GPU here).
// REQUIRES: cuda-runtime
// RUN: %cxx %guard_cxxflags -include gemm/lt_guard.h %s %cuda_libs -lcublasLt -o %t
// RUN: %t 2>&1 | %FileCheck %s
// RUN: env GEMM_GUARD_DEPTH=values %t 2>&1 | %FileCheck %s --check-prefix=VALUES
#include <cublasLt.h>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "Inputs/fake_device.h"

static int Inspected = 0;
gemm::guard::PointerInfo counted(const void *P) {
  ++Inspected;
  return inspect(P);
}

static cublasLtHandle_t h = nullptr;
static cublasLtMatmulDesc_t op;
static cublasLtMatrixLayout_t A, B, C;
static void *dev = reinterpret_cast<void *>(DeviceBase);
static const float one = 1;
static float beta = 0;

int matmul(const char *What, const void *c = dev, const cublasLtMatmulAlgo_t *algo = nullptr,
           size_t workspace = 0) {
  const int Before = Inspected;
  const cublasStatus_t S = cublasLtMatmul(h, op, &one, dev, A, dev, B, &beta, c, C, dev, C,
                                          algo, workspace ? dev : nullptr, workspace, 0);
  std::printf("%s: status %d, %d pointers inspected\n", What, static_cast<int>(S),
              Inspected - Before);
  return S;
}

// A stand-in for cuBLASLt's heuristic: two algos, the second needing more
// workspace than the first.
cublasStatus_t twoAlgos(cublasLtHandle_t, cublasLtMatmulDesc_t, cublasLtMatrixLayout_t,
                        cublasLtMatrixLayout_t, cublasLtMatrixLayout_t,
                        cublasLtMatrixLayout_t, cublasLtMatmulPreference_t, int,
                        cublasLtMatmulHeuristicResult_t R[], int *Returned) {
  std::memset(R, 0, 2 * sizeof(*R));
  R[0].algo.data[0] = 1;
  R[0].workspaceSize = 1 << 12;
  R[1].algo.data[0] = 2;
  R[1].workspaceSize = 1 << 16;
  *Returned = 2;
  return CUBLAS_STATUS_SUCCESS;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  gemm::guard::setPointerInspector(counted);
  gemm::guard::noteMemoryChange(); // allocations are tracked from here on
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&A, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&B, CUDA_R_16F, 16, 32, 16);
  cublasLtMatrixLayoutCreate(&C, CUDA_R_16F, 64, 32, 64);

  matmul("first");
  matmul("repeated");
  matmul("repeated");
  // CHECK: first: status 1, {{[1-9][0-9]*}} pointers inspected
  // CHECK: repeated: status 1, 0 pointers inspected
  // CHECK: repeated: status 1, 0 pointers inspected
  // VALUES: first: status 1, 0 pointers inspected
  // VALUES: repeated: status 1, 0 pointers inspected

  // A SetAttribute between two identical calls: the old verdict is not reused.
  const int64_t shortLd = 32, goodLd = 64;
  cublasLtMatrixLayoutSetAttribute(A, CUBLASLT_MATRIX_LAYOUT_LD, &shortLd, sizeof(shortLd));
  matmul("ld set short");
  // CHECK: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (32) must be at least the rows (ORDER_COL) = 64 [leading-dimension]
  // CHECK-NEXT: ld set short: status 7, {{[1-9][0-9]*}} pointers inspected
  // VALUES: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (32) must be at least the rows
  // VALUES-NEXT: ld set short: status 7
  cublasLtMatrixLayoutSetAttribute(A, CUBLASLT_MATRIX_LAYOUT_LD, &goodLd, sizeof(goodLd));
  matmul("ld set back");
  matmul("ld set back, repeated");
  // CHECK: ld set back: status 1, {{[1-9][0-9]*}} pointers inspected
  // CHECK: ld set back, repeated: status 1, 0 pointers inspected

  // B destroyed and created again at the same address with 17 rows.
  cublasLtMatrixLayout_t OldB = B;
  cublasLtMatrixLayoutDestroy(B);
  cublasLtMatrixLayoutCreate(&B, CUDA_R_16F, 17, 32, 17);
  std::printf("same address: %d\n", B == OldB);
  // CHECK: same address: 1
  matmul("B created again");
  // CHECK: the rows of op(B) ('CUBLASLT_MATRIX_LAYOUT_ROWS of Bdesc') (17) does not match k
  // CHECK-NEXT: B created again: status 7
  // VALUES: B created again: status 7
  cublasLtMatrixLayoutDestroy(B);
  cublasLtMatrixLayoutCreate(&B, CUDA_R_16F, 16, 32, 16);
  std::printf("same address: %d\n", B == OldB);
  // CHECK: same address: 1
  matmul("B valid again");
  matmul("B valid again, repeated");
  // CHECK: B valid again: status 1, {{[1-9][0-9]*}} pointers inspected
  // CHECK: B valid again, repeated: status 1, 0 pointers inspected
  // VALUES: B valid again: status 1

  // *beta behind the same pointer decides whether C may be NULL (LT-CD-NULLC).
  matmul("C NULL, beta 0", nullptr);
  matmul("C NULL, beta 0, repeated", nullptr);
  beta = 1;
  matmul("C NULL, beta 1", nullptr);
  beta = 0;
  // CHECK: C NULL, beta 0: status 1
  // CHECK: C NULL, beta 0, repeated: status 1, 0 pointers inspected
  // CHECK: 'C' is NULL but beta is non-zero
  // CHECK-NEXT: C NULL, beta 1: status 7

  // Memory freed and reused: facts taken before do not hold.
  matmul("before free");
  gemm::guard::noteMemoryChange();
  matmul("after free");
  // CHECK: before free: status 1, 0 pointers inspected
  // CHECK: after free: status 1, {{[1-9][0-9]*}} pointers inspected

  // What the heuristic chose: an algo copied over another behind the same
  // pointer needs more workspace (LT-WS-SIZE).
  cublasLtMatmulPreference_t pref;
  cublasLtMatmulPreferenceCreate(&pref);
  cublasLtMatmulHeuristicResult_t results[2];
  int found = 0;
  gemm::guard::lt::detail::algoGetHeuristic(gemm::guard::CallSite{__FILE__, __LINE__},
                                            &twoAlgos, h, op, A, B, C, C, pref, 2,
                                            results, &found);
  cublasLtMatmulAlgo_t algo = results[0].algo;
  matmul("algo 0", dev, &algo, 1 << 12);
  matmul("algo 0, repeated", dev, &algo, 1 << 12);
  algo = results[1].algo;
  matmul("algo 1", dev, &algo, 1 << 12);
  // CHECK: algo 0: status 1, {{[1-9][0-9]*}} pointers inspected
  // CHECK: algo 0, repeated: status 1, 0 pointers inspected
  // CHECK: 'workspaceSizeInBytes' (4096) is less than the 65536 bytes the heuristic said this algo needs
  // CHECK-NEXT: algo 1: status 7
  // VALUES: algo 0, repeated: status 1
  // VALUES: algo 1: status 7

  // The heuristic asked again with the same answers (as frameworks do on
  // every call) keeps the cached verdicts.
  matmul("algo 1, enough workspace", dev, &algo, 1 << 16);
  gemm::guard::lt::detail::algoGetHeuristic(gemm::guard::CallSite{__FILE__, __LINE__},
                                            &twoAlgos, h, op, A, B, C, C, pref, 2,
                                            results, &found);
  matmul("algo 1, same heuristic again", dev, &algo, 1 << 16);
  // CHECK: algo 1, enough workspace: status 1, {{[1-9][0-9]*}} pointers inspected
  // CHECK: algo 1, same heuristic again: status 1, 0 pointers inspected

  // The heuristic's verdict too follows a SetAttribute.
  int ok = cublasLtMatmulAlgoGetHeuristic(h, op, A, B, C, C, pref, 2, results, &found);
  const int32_t two = 2;
  cublasLtMatrixLayoutSetAttribute(B, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &two, sizeof(two));
  int bad = cublasLtMatmulAlgoGetHeuristic(h, op, A, B, C, C, pref, 2, results, &found);
  std::printf("heuristic: status %d, then %d\n", ok, bad);
  // CHECK: 'CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT of Bdesc' (2) must equal the batch count of D (1) [batch-stride]
  // CHECK: heuristic: status 1, then 7
  // VALUES: heuristic: status 1, then 7
  return 0;
}
