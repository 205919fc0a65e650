// RUN: %check_gemm_tidy %s gemm-scalar-type %t -- -- %gemm_cxx_flags

#include <complex>
#include <cstdint>
#include <cublas_v2.h>
#include <cuda_bf16.h>

cublasHandle_t h;
const void *A, *B;
void *C;
typedef __half half;

// ---- positive ------------------------------------------------------------------

void floatScalarsForHalfCompute() {
  float alpha = 1, beta = 0;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, A, CUDA_R_16F, 8, B, CUDA_R_16F, 8, &beta, C, CUDA_R_16F, 8, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: 'alpha' points to 'float' but 'computeType' CUBLAS_COMPUTE_16F reads alpha as '__half' [gemm-scalar-type]
  // CHECK-MESSAGES: :[[@LINE-2]]:98: warning: 'beta' points to 'float' but 'computeType' CUBLAS_COMPUTE_16F reads beta as '__half' [gemm-scalar-type]
}

void floatScalarsForInt8() {
  const float alpha = 1.0f, beta = 0.0f; // read as int32 1065353216
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 8, 8, 8, static_cast<const void *>(&alpha), A, CUDA_R_8I, 8, B, CUDA_R_8I, 8, reinterpret_cast<const void *>(&beta), C, CUDA_R_32I, 8, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: 'alpha' points to 'float' but 'computeType' CUBLAS_COMPUTE_32I reads alpha as 'int32_t' [gemm-scalar-type]
  // CHECK-MESSAGES: :[[@LINE-2]]:123: warning: 'beta' points to 'float' but 'computeType' CUBLAS_COMPUTE_32I reads beta as 'int32_t' [gemm-scalar-type]
}

void realScalarsForComplexData() {
  const float alpha = 1, beta = 0;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, (const void *)&alpha, A, CUDA_C_32F, 8, B, CUDA_C_32F, 8, (const void *)&beta, C, CUDA_C_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: 'alpha' points to 'float' but 'computeType' CUBLAS_COMPUTE_32F reads alpha as 'cuComplex' [gemm-scalar-type]
  // CHECK-MESSAGES: :[[@LINE-2]]:112: warning: 'beta' points to 'float' but 'computeType' CUBLAS_COMPUTE_32F reads beta as 'cuComplex' [gemm-scalar-type]
}

void doubleThroughALocalPointer() {
  const double one = 1, zero = 0;
  const void *alpha = &one, *beta = &zero;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, A, CUDA_R_32F, 8, B, CUDA_R_32F, 8, beta, C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: 'alpha' points to 'double' but 'computeType' CUBLAS_COMPUTE_32F reads alpha as 'float' [gemm-scalar-type]
  // CHECK-MESSAGES: :[[@LINE-2]]:97: warning: 'beta' points to 'double' but 'computeType' CUBLAS_COMPUTE_32F reads beta as 'float' [gemm-scalar-type]
}

// A complex scalar kept as an array: its element type and length decide.
void arraysTooSmallOrOfTheWrongPart() {
  const double wide[2] = {1, 0};
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, wide, A, CUDA_C_32F, 8, B, CUDA_C_32F, 8, wide, C, CUDA_C_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: 'alpha' points to 'double' but 'computeType' CUBLAS_COMPUTE_32F reads alpha as 'cuComplex' [gemm-scalar-type]
  // CHECK-MESSAGES: :[[@LINE-2]]:96: warning: 'beta' points to 'double' but 'computeType' CUBLAS_COMPUTE_32F reads beta as 'cuComplex' [gemm-scalar-type]
  const float half_of_one[1] = {1};
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, half_of_one, A, CUDA_C_32F, 8, B, CUDA_C_32F, 8, half_of_one, C, CUDA_C_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: 'alpha' points to 'float' but 'computeType' CUBLAS_COMPUTE_32F reads alpha as 'cuComplex' [gemm-scalar-type]
  // CHECK-MESSAGES: :[[@LINE-2]]:103: warning: 'beta' points to 'float' but 'computeType' CUBLAS_COMPUTE_32F reads beta as 'cuComplex' [gemm-scalar-type]
  const float pair[2] = {1, 0};
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, pair, A, CUDA_R_16F, 8, B, CUDA_R_16F, 8, pair, C, CUDA_R_16F, 8, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: 'alpha' points to 'float' but 'computeType' CUBLAS_COMPUTE_16F reads alpha as '__half' [gemm-scalar-type]
  // CHECK-MESSAGES: :[[@LINE-2]]:96: warning: 'beta' points to 'float' but 'computeType' CUBLAS_COMPUTE_16F reads beta as '__half' [gemm-scalar-type]
}

// A bf16 scalar behind a cast to the type the API takes: cuBLAS reads its
// two bytes and two more as a float.
void bf16ScalarsCastToFloat(const __nv_bfloat16 *alpha, const __nv_bfloat16 *beta, const float *fA,
                            const float *fB, float *fC) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, reinterpret_cast<const float *>(alpha), fA, 8, fB, 8, reinterpret_cast<const float *>(beta), fC, 8);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: 'alpha' points to '__nv_bfloat16' but cublasSgemm reads alpha as 'float' [gemm-scalar-type]
  // CHECK-MESSAGES: :[[@LINE-2]]:107: warning: 'beta' points to '__nv_bfloat16' but cublasSgemm reads beta as 'float' [gemm-scalar-type]
}

// A trait's getter returning the address of its own constant: the
// __half specialisation's is a float.
template <typename T> struct Scalars;
template <> struct Scalars<__half> {
  static const void *one() {
    static const float value = 1.f;
    return &value;
  }
};
template <> struct Scalars<float> {
  static const void *one() {
    static const float value = 1.f;
    return &value;
  }
};
void scalarsFromTraitGetters(const void *hA, const void *fA, void *hC, void *fC) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, Scalars<__half>::one(), hA, CUDA_R_16F, 8, hA, CUDA_R_16F, 8, Scalars<__half>::one(), hC, CUDA_R_16F, 8, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: 'alpha' points to 'float' but 'computeType' CUBLAS_COMPUTE_16F reads alpha as '__half' [gemm-scalar-type]
  // CHECK-MESSAGES: :[[@LINE-2]]:116: warning: 'beta' points to 'float' but 'computeType' CUBLAS_COMPUTE_16F reads beta as '__half' [gemm-scalar-type]
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, Scalars<float>::one(), fA, CUDA_R_32F, 8, fA, CUDA_R_32F, 8, Scalars<float>::one(), fC, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

// The address of the pointer to the scalar: cuBLAS reads the pointer.
void addressOfTheScalarsPointer(const float *alpha, const float *beta) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, A, CUDA_R_32F, 8, B, CUDA_R_32F, 8, &beta, C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CHECK-MESSAGES: :[[@LINE-1]]:97: warning: 'beta' points to a pointer, not to a scalar: cuBLAS reads the pointer's bytes as 'float' [gemm-scalar-type]
  // CHECK-NOTES: :[[@LINE-2]]:97: note: pass the pointer itself, not its address
}

// ---- negative ------------------------------------------------------------------

void theScalarsPointerItself(const float *alpha, const float *beta) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, A, CUDA_R_32F, 8, B, CUDA_R_32F, 8, beta, C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

// Casts that hide no scalar of another floating-point type: through void,
// from an integer's bytes (not a floating-point value), and buffers (a
// scratch buffer of one type reused for another is common).
void castsThatHideNoScalar(const float *fA, const float *fB, float *fC, const float *scratch) {
  const float one = 1, none = 0;
  const void *a = &one, *b = &none;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, static_cast<const float *>(a), fA, 8, fB, 8, static_cast<const float *>(b), fC, 8);
  const int32_t bits = 0x3f800000;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, reinterpret_cast<const float *>(&bits), fA, 8, fB, 8, &one, fC, 8);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, reinterpret_cast<const __half *>(scratch), CUDA_R_16F, 8, B, CUDA_R_16F, 8, &none, C, CUDA_R_16F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

// `const float alpha[2] = {1, 0}` holds the 8 bytes of a cuComplex (and a
// double[2] those of a cuDoubleComplex) that cuBLAS reads.
void complexScalarsAsArrays() {
  const float alpha[2] = {1, 0}, beta[2] = {0, 0};
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, A, CUDA_C_32F, 8, B, CUDA_C_32F, 8, beta, C, CUDA_C_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  const double zalpha[2] = {1, 0}, zbeta[2] = {0, 0};
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, zalpha, A, CUDA_C_64F, 8, B, CUDA_C_64F, 8, zbeta, C, CUDA_C_64F, 8, CUBLAS_COMPUTE_64F, CUBLAS_GEMM_DEFAULT);
}

void matchingScalars(bool wantHalf) {
  const half ha{}, hb{};
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &ha, A, CUDA_R_16F, 8, B, CUDA_R_16F, 8, &hb, C, CUDA_R_16F, 8, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT);
  const int32_t ia = 1, ib = 0;
  cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 8, 8, 8, &ia, A, CUDA_R_8I, 8, B, CUDA_R_8I, 8, &ib, C, CUDA_R_32I, 8, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
  const std::complex<float> ca(1, 0), cb(0, 0);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &ca, A, CUDA_C_32F, 8, B, CUDA_C_32F, 8, &cb, C, CUDA_C_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // The alpha pointer and the compute type switched by one flag.
  const float fa = 1, fb = 0;
  const void *alpha = wantHalf ? (const void *)&ha : (const void *)&fa;
  const void *beta = wantHalf ? (const void *)&hb : (const void *)&fb;
  cublasComputeType_t compute = wantHalf ? CUBLAS_COMPUTE_16F : CUBLAS_COMPUTE_32F;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, A, CUDA_R_16F, 8, B, CUDA_R_16F, 8, beta, C, CUDA_R_16F, 8, compute, CUBLAS_GEMM_DEFAULT);
  // Legacy CUDA_R_32F compute type (COMPUTE_32F) with __half data reads float.
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &fa, A, CUDA_R_16F, 8, B, CUDA_R_16F, 8, &fb, C, CUDA_R_16F, 8, CUDA_R_32F, CUBLAS_GEMM_DEFAULT);
}

// ---- skipped on purpose: the origin type is unknown -----------------------------

void unknownOrigins(const void *alpha, const void *beta, cublasComputeType_t ct, const char *raw) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, alpha, A, CUDA_R_16F, 8, B, CUDA_R_16F, 8, beta, C, CUDA_R_16F, 8, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT);
  const float fa = 1;
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &fa, A, CUDA_R_16F, 8, B, CUDA_R_16F, 8, &fa, C, CUDA_R_16F, 8, ct, CUBLAS_GEMM_DEFAULT);
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, raw, A, CUDA_R_16F, 8, B, CUDA_R_16F, 8, raw, C, CUDA_R_16F, 8, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT);
}
