// The fix-its leave clang-tidy as --export-fixes YAML, with the argument's
// range, and clang-apply-replacements applies them (as run-clang-tidy -fix
// does).
// RUN: rm -rf %t && mkdir -p %t/src
// RUN: cp %s %t/src/export-fixes.cpp
// RUN: %clang_tidy --load=%plugin --checks='-*,gemm-*' --quiet \
// RUN:   --export-fixes=%t/fixes.yaml %t/src/export-fixes.cpp -- %gemm_cxx_flags > %t/out.txt
// RUN: %FileCheck %s --check-prefix=TEXT < %t/out.txt
// RUN: %FileCheck %s --check-prefix=YAML < %t/fixes.yaml
// RUN: $(dirname %clang_tidy)/clang-apply-replacements %t
// RUN: %FileCheck %s --check-prefix=APPLIED < %t/src/export-fixes.cpp

#include <cublas_v2.h>

void call(cublasHandle_t h, const void *A, void *C, const float *s) {
  cublasGemmEx_64(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, s, A, CUDA_R_32F, 4, A, CUDA_R_32F, 4, s, C, CUDA_R_32F, 4, (cublasComputeType_t)CUDA_R_32F, CUBLAS_GEMM_DEFAULT);
  cublasSgemm(h, CUBLAS_OP_CONJG, CUBLAS_OP_N, 512, 128, 256, (const float *)s, (const float *)A, 256, (const float *)A, 256, s, (float *)C, 512);
}

// The whole argument underlined, and the fix-it below it.
// TEXT:      export-fixes.cpp:16:117: warning: 'computeType' is CUDA_R_32F (0), a cudaDataType, where cublasGemmEx_64 reads a cublasComputeType_t [gemm-invalid-enum]
// TEXT-NEXT: (cublasComputeType_t)CUDA_R_32F, CUBLAS_GEMM_DEFAULT);
// TEXT-NEXT: {{^ +\| +}}^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
// TEXT-NEXT: {{^ +\| +}}CUBLAS_COMPUTE_32F{{$}}

// YAML:      DiagnosticName:  gemm-invalid-enum
// YAML:        Message:         '''computeType'' is CUDA_R_32F (0), a cudaDataType, where cublasGemmEx_64 reads a cublasComputeType_t'
// YAML:        Replacements:
// YAML-NEXT:     - FilePath:        '{{.*}}export-fixes.cpp'
// YAML-NEXT:       Offset:          {{[0-9]+}}
// YAML-NEXT:       Length:          31
// YAML-NEXT:       ReplacementText: CUBLAS_COMPUTE_32F
// The whole argument is the diagnostic's range, not one token.
// YAML:        Ranges:
// YAML-NEXT:     - FilePath:        '{{.*}}export-fixes.cpp'
// YAML-NEXT:       FileOffset:      {{[0-9]+}}
// YAML-NEXT:       Length:          31
// YAML:      DiagnosticName:  gemm-invalid-enum
// YAML:        Message:         '''transa'' is CUBLAS_OP_CONJG, a placeholder that cuBLAS does not support; use CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C'
// YAML:        Replacements:
// YAML-NEXT:     - FilePath:        '{{.*}}export-fixes.cpp'
// YAML-NEXT:       Offset:          {{[0-9]+}}
// YAML-NEXT:       Length:          15
// YAML-NEXT:       ReplacementText: CUBLAS_OP_T

// APPLIED: {{^}}  cublasGemmEx_64(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, s, A, CUDA_R_32F, 4, A, CUDA_R_32F, 4, s, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);{{$}}
// APPLIED: {{^}}  cublasSgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, 512,
