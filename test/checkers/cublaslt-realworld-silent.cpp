// Reduced from the false positives the cuBLASLt sweep of real code found
// (docs/realworld.md, "cuBLASLt"), written for this test. Every gemm-*
// check must stay silent on the valid forms; the mutated copies at the end
// are the mistakes the same code is one edit away from.
// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags

#include <cstdint>
#include <cstdio>
#include <cublasLt.h>
#include <cuda_fp16.h>

// ---- Planar complex, the plane offsets computed from the planes' pointers --------
// (CUDALibrarySamples LtPlanarComplex): the offsets are unknown here, so
// Table 5 (planar complex: 32F, C_32F, C_16F, C_16F) is a valid row.

void planarComplex(cublasLtHandle_t Lt, int M, int N, int K,
                   const __half *AReal, const __half *AImag,
                   const __half *BReal, const __half *BImag, __half *CReal,
                   __half *CImag) {
  cublasLtMatmulDesc_t Desc = nullptr;
  cublasLtMatrixLayout_t ADesc = nullptr, BDesc = nullptr, CDesc = nullptr;
  cuComplex Alpha = {1, 0}, Beta = {0, 0};
  int64_t APlane = (AImag - AReal) * sizeof(AReal[0]);
  int64_t BPlane = (BImag - BReal) * sizeof(BReal[0]);
  int64_t CPlane = (CImag - CReal) * sizeof(CReal[0]);
  cublasLtMatmulDescCreate(&Desc, CUBLAS_COMPUTE_32F, CUDA_C_32F);
  cublasLtMatrixLayoutCreate(&ADesc, CUDA_C_16F, M, K, M);
  cublasLtMatrixLayoutSetAttribute(ADesc, CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET,
                                   &APlane, sizeof(APlane));
  cublasLtMatrixLayoutCreate(&BDesc, CUDA_C_16F, K, N, K);
  cublasLtMatrixLayoutSetAttribute(BDesc, CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET,
                                   &BPlane, sizeof(BPlane));
  cublasLtMatrixLayoutCreate(&CDesc, CUDA_C_16F, M, N, M);
  cublasLtMatrixLayoutSetAttribute(CDesc, CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET,
                                   &CPlane, sizeof(CPlane));
  cublasLtMatmul(Lt, Desc, &Alpha, AReal, ADesc, BReal, BDesc, &Beta, CReal,
                 CDesc, CReal, CDesc, nullptr, nullptr, 0, 0);
  cublasLtMatrixLayoutDestroy(CDesc);
  cublasLtMatrixLayoutDestroy(BDesc);
  cublasLtMatrixLayoutDestroy(ADesc);
  cublasLtMatmulDescDestroy(Desc);
}

// ---- A long function: a layout from the parameters, then many branches ------------
// (TransformerEngine's cublas_gemm: dozens of checks and logging branches
// after the layouts). The rows, unknown here, needed the parameter at each
// join twice over (2^48 entries: the analysis ran out of memory); it must
// finish, and stay silent.

void longFunction(cublasLtHandle_t Lt, cublasLtMatmulDesc_t Desc, int M,
                  int N, int K, const float *A, const float *B, float *C,
                  bool Verbose) {
  cublasLtMatrixLayout_t ADesc = nullptr, BDesc = nullptr, CDesc = nullptr;
  float Alpha = 1, Beta = 0;
  cublasLtMatrixLayoutCreate(&ADesc, CUDA_R_32F, M, K, M);
  cublasLtMatrixLayoutCreate(&BDesc, CUDA_R_32F, K, N, K);
  cublasLtMatrixLayoutCreate(&CDesc, CUDA_R_32F, M, N, M);
  if (Verbose)
    std::printf("step 0\n");
  if (Verbose)
    std::printf("step 1\n");
  if (Verbose)
    std::printf("step 2\n");
  if (Verbose)
    std::printf("step 3\n");
  if (Verbose)
    std::printf("step 4\n");
  if (Verbose)
    std::printf("step 5\n");
  if (Verbose)
    std::printf("step 6\n");
  if (Verbose)
    std::printf("step 7\n");
  if (Verbose)
    std::printf("step 8\n");
  if (Verbose)
    std::printf("step 9\n");
  if (Verbose)
    std::printf("step 10\n");
  if (Verbose)
    std::printf("step 11\n");
  if (Verbose)
    std::printf("step 12\n");
  if (Verbose)
    std::printf("step 13\n");
  if (Verbose)
    std::printf("step 14\n");
  if (Verbose)
    std::printf("step 15\n");
  if (Verbose)
    std::printf("step 16\n");
  if (Verbose)
    std::printf("step 17\n");
  if (Verbose)
    std::printf("step 18\n");
  if (Verbose)
    std::printf("step 19\n");
  if (Verbose)
    std::printf("step 20\n");
  if (Verbose)
    std::printf("step 21\n");
  if (Verbose)
    std::printf("step 22\n");
  if (Verbose)
    std::printf("step 23\n");
  if (Verbose)
    std::printf("step 24\n");
  if (Verbose)
    std::printf("step 25\n");
  if (Verbose)
    std::printf("step 26\n");
  if (Verbose)
    std::printf("step 27\n");
  if (Verbose)
    std::printf("step 28\n");
  if (Verbose)
    std::printf("step 29\n");
  if (Verbose)
    std::printf("step 30\n");
  if (Verbose)
    std::printf("step 31\n");
  if (Verbose)
    std::printf("step 32\n");
  if (Verbose)
    std::printf("step 33\n");
  if (Verbose)
    std::printf("step 34\n");
  if (Verbose)
    std::printf("step 35\n");
  if (Verbose)
    std::printf("step 36\n");
  if (Verbose)
    std::printf("step 37\n");
  if (Verbose)
    std::printf("step 38\n");
  if (Verbose)
    std::printf("step 39\n");
  if (Verbose)
    std::printf("step 40\n");
  if (Verbose)
    std::printf("step 41\n");
  if (Verbose)
    std::printf("step 42\n");
  if (Verbose)
    std::printf("step 43\n");
  if (Verbose)
    std::printf("step 44\n");
  if (Verbose)
    std::printf("step 45\n");
  if (Verbose)
    std::printf("step 46\n");
  if (Verbose)
    std::printf("step 47\n");
  cublasLtMatmul(Lt, Desc, &Alpha, A, ADesc, B, BDesc, &Beta, C, CDesc, C,
                 CDesc, nullptr, nullptr, 0, 0);
}

// ---- Mutated copies ---------------------------------------------------------------

// No plane offset at all: C_16F outside a planar layout is in no table.
void planarComplexNoOffset(cublasLtHandle_t Lt, int M, int N, int K,
                           const __half *A, const __half *B, __half *C) {
  cublasLtMatmulDesc_t Desc = nullptr;
  cublasLtMatrixLayout_t ADesc = nullptr, BDesc = nullptr, CDesc = nullptr;
  cuComplex Alpha = {1, 0}, Beta = {0, 0};
  cublasLtMatmulDescCreate(&Desc, CUBLAS_COMPUTE_32F, CUDA_C_32F);
  cublasLtMatrixLayoutCreate(&ADesc, CUDA_C_16F, M, K, M);
  cublasLtMatrixLayoutCreate(&BDesc, CUDA_C_16F, K, N, K);
  cublasLtMatrixLayoutCreate(&CDesc, CUDA_C_16F, M, N, M);
  cublasLtMatmul(Lt, Desc, &Alpha, A, ADesc, B, BDesc, &Beta, C, CDesc, C,
                 CDesc, nullptr, nullptr, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: warning: unsupported type combination for cublasLtMatmul: computeType CUBLAS_COMPUTE_32F, scaleType CUDA_C_32F, A CUDA_C_16F, B CUDA_C_16F, C CUDA_C_16F, D CUDA_C_16F [gemm-type-combination]
}

// An unknown plane offset, but a type row that no table has, planar or not
// (64F compute with half complex data).
void planarComplexWrongCompute(cublasLtHandle_t Lt, int M, int N, int K,
                               const __half *AReal, const __half *AImag,
                               const __half *B, __half *C) {
  cublasLtMatmulDesc_t Desc = nullptr;
  cublasLtMatrixLayout_t ADesc = nullptr, BDesc = nullptr, CDesc = nullptr;
  cuDoubleComplex Alpha = {1, 0}, Beta = {0, 0};
  int64_t APlane = (AImag - AReal) * sizeof(AReal[0]);
  cublasLtMatmulDescCreate(&Desc, CUBLAS_COMPUTE_64F, CUDA_C_64F);
  cublasLtMatrixLayoutCreate(&ADesc, CUDA_C_16F, M, K, M);
  cublasLtMatrixLayoutSetAttribute(ADesc, CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET,
                                   &APlane, sizeof(APlane));
  cublasLtMatrixLayoutCreate(&BDesc, CUDA_C_16F, K, N, K);
  cublasLtMatrixLayoutCreate(&CDesc, CUDA_C_16F, M, N, M);
  cublasLtMatmul(Lt, Desc, &Alpha, AReal, ADesc, B, BDesc, &Beta, C, CDesc, C,
                 CDesc, nullptr, nullptr, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: warning: unsupported type combination for cublasLtMatmul: computeType CUBLAS_COMPUTE_64F, scaleType CUDA_C_64F, A CUDA_C_16F, B CUDA_C_16F, C CUDA_C_16F, D CUDA_C_16F [gemm-type-combination]
}
