// Calls inside system headers are not reported unless clang-tidy's
// --system-headers asks for them; calls in the user's own headers are, like
// any clang-tidy diagnostic. The cudaDataType overloads that cublas_api.h
// itself defines are cuBLAS's, never the user's: not even --system-headers
// reports them (the second RUN has the cuBLAS headers on -isystem, as
// CMake's imported targets put them).
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- --header-filter='.*' -- %gemm_cxx_flags -isystem %inputs/sys -I %inputs/user
// RUN: %check_gemm_tidy -check-suffixes=,SYS %s 'gemm-*' %t -- --header-filter='.*' --system-headers \
// RUN:   -- %gemm_cxx_flags -isystem %header_dir -isystem %inputs/sys -I %inputs/user

#include <cublas_v2.h>
#include <bad_gemm_system.h>
// CHECK-MESSAGES-SYS: bad_gemm_system.h:{{[0-9]+}}:{{[0-9]+}}: warning: 'lda' (8) must be at least max(1, m) = 64
#include <bad_gemm_user.h>
// CHECK-MESSAGES: bad_gemm_user.h:{{[0-9]+}}:{{[0-9]+}}: warning: 'lda' (8) must be at least max(1, m) = 64

void useLegacyOverload(cublasHandle_t h, const void *A, void *C, const float *s) {
  // This resolves to the inline overload in cublas_api.h, whose body calls
  // cublasGemmEx with a migrated compute type; only this call is ours.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, s, A, CUDA_R_32F, 4, A, CUDA_R_32F, 4, s, C, CUDA_R_32F, 4, CUDA_R_32F, CUBLAS_GEMM_DEFAULT);
  badSystem(h, A, C, s);
  badUser(h, A, C, s);
}
