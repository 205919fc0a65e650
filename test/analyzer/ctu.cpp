// Cross-TU: a layer calls a wrapper defined in another translation unit
// (Inputs/ctu-wrapper.cpp). The analyzer's CTU mode imports its body on
// demand: clang-extdef-mapping indexes the wrapper's definitions
// (externalDefMap.txt), the invocation list says how to parse its file, and
// the call is judged with the layer's constants (docs/deep.md).
// REQUIRES: gemm-analyzer, cuda-headers
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang_extdef_mapping %S/Inputs/ctu-wrapper.cpp -- %gemm_cxx_flags > %t/externalDefMap.txt
// RUN: %python -c "import json, sys; print(json.dumps({sys.argv[1]: ['clang++'] + sys.argv[1:]}))" \
// RUN:   %S/Inputs/ctu-wrapper.cpp %gemm_cxx_flags > %t/invocations.yaml
// RUN: %clang_for_analyzer --analyze --analyzer-no-default-checks --analyzer-output text -o /dev/null \
// RUN:   -Xclang -load -Xclang %gemm_analyzer_plugin -Xclang -analyzer-checker=gemm \
// RUN:   -Xclang -analyzer-config -Xclang display-checker-name=true,experimental-enable-naive-ctu-analysis=true,ctu-dir=%t,ctu-invocation-list=%t/invocations.yaml \
// RUN:   %gemm_cxx_flags %s 2>&1 | %FileCheck %s --implicit-check-not=warning:
// Without CTU the wrapper is opaque: no finding.
// RUN: %clang_for_analyzer --analyze --analyzer-no-default-checks --analyzer-output text -o /dev/null \
// RUN:   -Xclang -load -Xclang %gemm_analyzer_plugin -Xclang -analyzer-checker=gemm \
// RUN:   %gemm_cxx_flags %s 2>&1 | %FileCheck %s --check-prefix=ALONE --allow-empty --implicit-check-not=warning:
// ALONE-NOT: gemm.

#include <cublas_v2.h>

void gemmColumnMajor(cublasHandle_t h, int m, int n, int k, const float *A, int lda,
                     const float *B, int ldb, float *C, int ldc);

// lda is k, not m: the row-major mistake, two translation units apart.
void layerWrongLd(cublasHandle_t h, const float *A, const float *B, float *C) {
  gemmColumnMajor(h, 512, 64, 128, A, 128, B, 128, C, 512);
}
// CHECK: ctu-wrapper.cpp:8:3: warning: 'lda' (128) must be at least max(1, m) = 512 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm.LeadingDimension]
// CHECK: ctu.cpp:[[@LINE-3]]:3: note: Calling 'gemmColumnMajor'

// The look-alike: the same wrapper with leading dimensions that fit.
void layerRight(cublasHandle_t h, const float *A, const float *B, float *C) {
  gemmColumnMajor(h, 512, 64, 128, A, 512, B, 128, C, 512);
}
