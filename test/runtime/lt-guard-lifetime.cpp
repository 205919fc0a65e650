// Objects used after their Destroy (LT-OBJ-LIFE): the guard keeps the
// address of a destroyed object until its slot is needed again, so a later
// SetAttribute or heuristic query on it is reported instead of reaching
// cuBLASLt with a dangling pointer. Creating an object at the same address
// again makes it valid. Only the default policy runs this: under `warn`
// cuBLASLt itself would read the freed object.
//
// REQUIRES: cuda-runtime, guard-preload
// RUN: %cxx %guard_cxxflags -include gemm/lt_guard.h %s %cuda_libs -lcublasLt -o %t.header
// RUN: %t.header 2>&1 | %FileCheck %s
// RUN: %cxx %guard_cxxflags %s %cuda_libs -lcublasLt -o %t.plain
// RUN: env LD_PRELOAD=%preload %t.plain 2>&1 | %FileCheck %s
#include <cublasLt.h>
#include <cstdio>

#define CALL(what, expr)                                                       \
  std::printf("%s: status %d\n", what, static_cast<int>(expr))

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t L, gone;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&L, CUDA_R_32F, 8, 8, 8);
  cublasLtMatrixLayoutCreate(&gone, CUDA_R_32F, 8, 8, 8);
  CALL("destroy", cublasLtMatrixLayoutDestroy(gone));
  // CHECK: destroy: status 0

  const int64_t ld = 8;
  CALL("set after destroy", cublasLtMatrixLayoutSetAttribute(gone, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld)));
  // CHECK: gemm-guard: {{.*}}: cublasLtMatrixLayoutSetAttribute: the cublasLtMatrixLayout_t was destroyed before this call [invalid-enum]
  // CHECK-NEXT: set after destroy: status 7

  cublasLtMatmulHeuristicResult_t r[1];
  int found = 0;
  CALL("heuristic after destroy", cublasLtMatmulAlgoGetHeuristic(nullptr, op, L, gone, L, L, nullptr, 1, r, &found));
  // CHECK: gemm-guard: {{.*}}: cublasLtMatmulAlgoGetHeuristic: 'Bdesc' was destroyed before this call [invalid-enum]
  // CHECK-NEXT: heuristic after destroy: status 7

  cublasLtMatmulDescDestroy(op);
  CALL("desc after destroy", cublasLtMatmulAlgoGetHeuristic(nullptr, op, L, L, L, L, nullptr, 1, r, &found));
  // CHECK: 'computeDesc' was destroyed before this call
  // CHECK-NEXT: desc after destroy: status 7

  cublasLtMatrixLayoutDestroy(L);
  return 0;
}
