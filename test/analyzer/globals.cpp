// File-scope globals set in main and used by the matmul helpers, as llm.c
// keeps its cublas_compute type and cuBLAS handle. The model of the cuBLAS
// calls in between invalidates no global, so the values set in main reach
// the helper's call.
// REQUIRES: gemm-analyzer, cuda-headers
// RUN: %clang_analyze_gemm %gemm_cxx_flags %s

#include <cublas_v2.h>
#include <cuda_runtime.h>

static cublasHandle_t cublas_handle;
static cublasComputeType_t cublas_compute = CUBLAS_COMPUTE_32F;
static int use_tf32;

void matmul_forward(float *out, const float *inp, const float *weight, int B,
                    int T, int C, int OC) {
  const float alpha = 1.0f, beta = 0.0f;
  cublasGemmEx(cublas_handle, CUBLAS_OP_T, CUBLAS_OP_N, OC, B * T, C, &alpha, // #fwd
               weight, CUDA_R_32F, C, inp, CUDA_R_32F, C, &beta, out,
               CUDA_R_32F, OC, cublas_compute, CUBLAS_GEMM_DEFAULT);
}

int main() {
  cublasCreate(&cublas_handle);
  use_tf32 = 1;
  // 16-bit compute for float data: not a combination cublasGemmEx has.
  cublas_compute = use_tf32 ? CUBLAS_COMPUTE_16F : CUBLAS_COMPUTE_32F;
  float *out, *inp, *weight;
  cudaMalloc(&out, 4 * 64 * 768 * sizeof(float));
  cudaMalloc(&inp, 4 * 64 * 768 * sizeof(float));
  cudaMalloc(&weight, 768 * 768 * sizeof(float));
  matmul_forward(out, inp, weight, 4, 64, 768, 768);
  // expected-warning@#fwd {{unsupported type combination for cublasGemmEx: computeType CUBLAS_COMPUTE_16F, Atype/Btype CUDA_R_32F, Ctype CUDA_R_32F [gemm.TypeCombination]}}
  // expected-warning@#fwd {{'alpha' points to 'float' but 'computeType' CUBLAS_COMPUTE_16F reads alpha as '__half' [gemm.ScalarType]}}
  // expected-warning@#fwd {{'beta' points to 'float' but 'computeType' CUBLAS_COMPUTE_16F reads beta as '__half' [gemm.ScalarType]}}
  return 0;
}

// Look-alike: a second program whose main keeps the TF32 compute type.
static cublasComputeType_t other_compute;
void other_forward(float *out, const float *inp, const float *weight) {
  const float alpha = 1.0f, beta = 0.0f;
  cublasGemmEx(cublas_handle, CUBLAS_OP_T, CUBLAS_OP_N, 768, 256, 768, &alpha,
               weight, CUDA_R_32F, 768, inp, CUDA_R_32F, 768, &beta, out,
               CUDA_R_32F, 768, other_compute, CUBLAS_GEMM_DEFAULT);
}
int other_main() {
  other_compute = CUBLAS_COMPUTE_32F_FAST_TF32;
  float *out, *inp, *weight;
  cudaMalloc(&out, 256 * 768 * sizeof(float));
  cudaMalloc(&inp, 256 * 768 * sizeof(float));
  cudaMalloc(&weight, 768 * 768 * sizeof(float));
  other_forward(out, inp, weight);
  return 0;
}
