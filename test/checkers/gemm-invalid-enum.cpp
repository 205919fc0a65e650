// RUN: %check_gemm_tidy %s gemm-invalid-enum %t -- -- %gemm_cxx_flags
// RUN: %check_gemm_tidy -check-suffixes=,OLD %s gemm-invalid-enum %t \
// RUN:   -- -config="{CheckOptions: {gemm-invalid-enum.CublasVersion: 120800}}" \
// RUN:   -- %gemm_cxx_flags

#include <cublas_v2.h>
#include <hipblas/hipblas.h>

#define CUBLAS_CHECK(call) do { cublasStatus_t s_ = (call); (void)s_; } while (0)
#define GEMM_CONJG(h) cublasSgemm(h, CUBLAS_OP_CONJG, CUBLAS_OP_N, 512, 128, 256, fA, fA, 256, fB, 256, fA, fC, 512)
// CHECK-FIXES: {{^}}#define GEMM_CONJG(h) cublasSgemm(h, CUBLAS_OP_CONJG,

cublasHandle_t h;
const void *A, *B;
void *C;
const float *alpha, *beta;
const double *dalpha, *dbeta;
const float *fA, *fB;
float *fC;
const cuComplex *cA, *cB, *cAlpha;
cuComplex *cC;

// ---- positive --------------------------------------------------------------

void badTranspose() {
  cublasGemmEx(h, CUBLAS_OP_CONJG, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'transa' is CUBLAS_OP_CONJG, a placeholder that cuBLAS does not support; use CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C [gemm-invalid-enum]
  // lda = 4 fits A stored 4 x 4 either way: no fix-it.
  // CHECK-FIXES: {{^}}  cublasGemmEx(h, CUBLAS_OP_CONJG, CUBLAS_OP_N, 4, 4, 4,
  cublasSgemm(h, CUBLAS_OP_N, (cublasOperation_t)'T', 4, 4, 4, fA, fA, 4, fB, 4, fA, fC, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'transb' (84) is not a valid operation; use CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C [gemm-invalid-enum]
}

void badAlgo() {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, (cublasGemmAlgo_t)24);
  // CHECK-MESSAGES: :[[@LINE-1]]:141: warning: 'algo' (24) is not a cublasGemmAlgo_t enumerator [gemm-invalid-enum]
  const cublasGemmAlgo_t Algo = static_cast<cublasGemmAlgo_t>(116);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, Algo);
  // CHECK-MESSAGES: :[[@LINE-1]]:141: warning: 'algo' (116) is not a cublasGemmAlgo_t enumerator [gemm-invalid-enum]
  // CHECK-NOTES: :[[@LINE-3]]:33: note: 'algo' is 116, the value of 'Algo'
}

void badComputeType() {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, (cublasComputeType_t)76, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:121: warning: 'computeType' (76) is not a cublasComputeType_t value [gemm-invalid-enum]
  // No C++ overload of the _64 form takes a cudaDataType: a cast hides the mistake.
  cublasGemmEx_64(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, (cublasComputeType_t)CUDA_R_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:124: warning: 'computeType' is CUDA_R_32F (0), a cudaDataType, where cublasGemmEx_64 reads a cublasComputeType_t [gemm-invalid-enum]
  // CHECK-NOTES: :[[@LINE-2]]:124: note: pass CUBLAS_COMPUTE_32F
  // CHECK-FIXES: {{^}}  cublasGemmEx_64(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);{{$}}
}

// ---- fix-its ----------------------------------------------------------------

void conjugateWhereTheLayoutSays() {
  // lda = 256 < m: only A stored transposed (k x m) fits; conjugation does
  // nothing to real data.
  cublasSgemm(h, CUBLAS_OP_CONJG, CUBLAS_OP_N, 512, 128, 256, fA, fA, 256, fB, 256, fA, fC, 512);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'transa' is CUBLAS_OP_CONJG, a placeholder that cuBLAS does not support; use CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C [gemm-invalid-enum]
  // CHECK-FIXES: {{^}}  cublasSgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, 512, 128, 256, fA, fA, 256, fB, 256, fA, fC, 512);{{$}}
  // ldb = 256 < n: only B stored as is (k x n) fits.
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_CONJG, 64, 512, 256, fA, fA, 64, fB, 256, fA, fC, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'transb' is CUBLAS_OP_CONJG, a placeholder that cuBLAS does not support; use CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C [gemm-invalid-enum]
  // CHECK-FIXES: {{^}}  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 512, 256, fA, fA, 64, fB, 256, fA, fC, 64);{{$}}
  // Complex data stored transposed: conjugate and transpose.
  cublasCgemm(h, CUBLAS_OP_CONJG, CUBLAS_OP_N, 512, 128, 256, cAlpha, cA, 256, cB, 256, cAlpha, cC, 512);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'transa' is CUBLAS_OP_CONJG, a placeholder that cuBLAS does not support; use CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C [gemm-invalid-enum]
  // CHECK-FIXES: {{^}}  cublasCgemm(h, CUBLAS_OP_C, CUBLAS_OP_N, 512, 128, 256, cAlpha, cA, 256, cB, 256, cAlpha, cC, 512);{{$}}
  // The argument of a macro such as CUBLAS_CHECK is the user's text.
  CUBLAS_CHECK(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, (cublasComputeType_t)CUDA_R_64F, CUBLAS_GEMM_DEFAULT));
  // CHECK-MESSAGES: :[[@LINE-1]]:134: warning: 'computeType' is CUDA_R_64F (1), a cudaDataType, where cublasGemmEx reads a cublasComputeType_t [gemm-invalid-enum]
  // CHECK-FIXES: {{^}}  CUBLAS_CHECK(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_64F, CUBLAS_GEMM_DEFAULT));{{$}}
}

void noFixIt() {
  // Complex data stored as is: conjugation without a transpose has no
  // cublasOperation_t.
  cublasCgemm(h, CUBLAS_OP_CONJG, CUBLAS_OP_N, 512, 128, 256, cAlpha, cA, 512, cB, 256, cAlpha, cC, 512);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'transa' is CUBLAS_OP_CONJG, a placeholder that cuBLAS does not support; use CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C [gemm-invalid-enum]
  // CHECK-FIXES: {{^}}  cublasCgemm(h, CUBLAS_OP_CONJG, CUBLAS_OP_N, 512, 128, 256, cAlpha, cA, 512, cB,
  // A value that comes from elsewhere is fixed there, not here.
  const cublasOperation_t Op = CUBLAS_OP_CONJG;
  cublasSgemm(h, Op, CUBLAS_OP_N, 512, 128, 256, fA, fA, 256, fB, 256, fA, fC, 512);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'transa' is CUBLAS_OP_CONJG, a placeholder that cuBLAS does not support; use CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C [gemm-invalid-enum]
  // CHECK-FIXES: {{^}}  cublasSgemm(h, Op, CUBLAS_OP_N,
  // A macro's body serves every use: no fix-it there (checked at the top).
  GEMM_CONJG(h);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'transa' is CUBLAS_OP_CONJG, a placeholder that cuBLAS does not support; use CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C [gemm-invalid-enum]
  // A compute type with no cublasComputeType_t counterpart: no fix-it.
  cublasGemmEx_64(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_8I, 4, B, CUDA_R_8I, 4, beta, C, CUDA_R_32I, 4, (cublasComputeType_t)CUDA_R_8I, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:122: warning: 'computeType' is CUDA_R_8I (3), a cudaDataType, where cublasGemmEx_64 reads a cublasComputeType_t [gemm-invalid-enum]
  // CHECK-FIXES: {{^}}  cublasGemmEx_64(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_8I, 4, B, CUDA_R_8I, 4, beta, C, CUDA_R_32I, 4, (cublasComputeType_t)CUDA_R_8I, CUBLAS_GEMM_DEFAULT);{{$}}
}

void badDataType() {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, (cudaDataType)99, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:64: warning: 'Atype' (99) is not a cudaDataType value [gemm-invalid-enum]
}

void versionDependent() {
  // Added in cuBLAS 12.9 and 13.0: fine with the 13.x headers, not with 12.8.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F_EMULATED_16BFX9, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:121: warning: 'computeType' CUBLAS_COMPUTE_32F_EMULATED_16BFX9 needs cuBLAS 12.9 or newer, but CUBLAS_VERSION is 120800 [gemm-invalid-enum]
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, dalpha, A, CUDA_R_64F, 4, B, CUDA_R_64F, 4, dbeta, C, CUDA_R_64F, 4, CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES-OLD: :[[@LINE-1]]:123: warning: 'computeType' CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT needs cuBLAS 13.0 or newer, but CUBLAS_VERSION is 120800 [gemm-invalid-enum]
}

void hipEnums(hipblasHandle_t hh) {
  hipblasGemmEx(hh, HIPBLAS_OP_N, (hipblasOperation_t)0, 4, 4, 4, alpha, A, HIP_R_32F, 4, B, HIP_R_32F, 4, beta, C, HIP_R_32F, 4, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'transb' (0) is not a valid operation; use HIPBLAS_OP_N, HIPBLAS_OP_T or HIPBLAS_OP_C [gemm-invalid-enum]
  hipblasGemmEx(hh, HIPBLAS_OP_N, HIPBLAS_OP_N, 4, 4, 4, alpha, A, HIP_R_32F, 4, B, HIP_R_32F, 4, beta, C, HIP_R_32F, 4, HIPBLAS_COMPUTE_32F, (hipblasGemmAlgo_t)99);
  // CHECK-MESSAGES: :[[@LINE-1]]:143: warning: 'algo' (99) is not a hipblasGemmAlgo_t enumerator [gemm-invalid-enum]
}

// ---- negative --------------------------------------------------------------

void validEnums() {
  const cublasGemmAlgo_t Algos[] = {CUBLAS_GEMM_DEFAULT, CUBLAS_GEMM_ALGO0, CUBLAS_GEMM_ALGO23, CUBLAS_GEMM_DEFAULT_TENSOR_OP, CUBLAS_GEMM_ALGO15_TENSOR_OP, CUBLAS_GEMM_AUTOTUNE};
  (void)Algos;
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_C, 4, 4, 4, alpha, A, CUDA_C_32F, 4, B, CUDA_C_32F, 4, beta, C, CUDA_C_32F, 4, CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_AUTOTUNE);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F_PEDANTIC, CUBLAS_GEMM_ALGO23);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_ALGO15_TENSOR_OP);
  // CUBLAS_OP_HERMITAN is CUBLAS_OP_C.
  cublasSgemm(h, CUBLAS_OP_HERMITAN, CUBLAS_OP_N, 4, 4, 4, fA, fA, 4, fB, 4, fA, fC, 4);
}

// A template's body stands for every instantiation: the first one's fix-it
// would break the second.
template <cublasComputeType_t CT, cublasOperation_t Op>
void instantiated() {
  cublasGemmEx_64(h, Op, CUBLAS_OP_N, 512, 128, 256, alpha, A, CUDA_R_32F, 256, B, CUDA_R_32F, 256, beta, C, CUDA_R_32F, 512, CT, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'transa' is CUBLAS_OP_CONJG, a placeholder that cuBLAS does not support; use CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C [gemm-invalid-enum]
  // CHECK-MESSAGES: :[[@LINE-2]]:127: warning: 'computeType' is CUDA_R_32F (0), a cudaDataType, where cublasGemmEx_64 reads a cublasComputeType_t [gemm-invalid-enum]
  // CHECK-FIXES: {{^}}  cublasGemmEx_64(h, Op, CUBLAS_OP_N, 512, 128, 256, alpha, A, CUDA_R_32F, 256, B, CUDA_R_32F, 256, beta, C, CUDA_R_32F, 512, CT, CUBLAS_GEMM_DEFAULT);{{$}}
}

void instantiations() {
  instantiated<(cublasComputeType_t)CUDA_R_32F, CUBLAS_OP_CONJG>();
  instantiated<CUBLAS_COMPUTE_32F, CUBLAS_OP_T>();
}

// ---- skipped on purpose ----------------------------------------------------

void runtimeEnums(cublasOperation_t op, cublasGemmAlgo_t algo, cublasComputeType_t ct) {
  cublasGemmEx(h, op, op, 4, 4, 4, alpha, A, CUDA_R_32F, 4, B, CUDA_R_32F, 4, beta, C, CUDA_R_32F, 4, ct, algo);
}
