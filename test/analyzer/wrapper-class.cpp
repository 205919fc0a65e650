// A wrapper class in the shape of FasterTransformer's cublasMMWrapper: config
// member functions store the types in members, Gemm() makes the call, and a
// layer calls it with constant shapes. The analyzer inlines all of it; the
// model of cublasCreate and cudaMalloc keeps the members from being
// invalidated.
// REQUIRES: gemm-analyzer, cuda-headers
// RUN: %clang_analyze_gemm %gemm_cxx_flags %s

#include <cublas_v2.h>
#include <cuda_runtime.h>

class MMWrapper {
public:
  MMWrapper() { cublasCreate(&handle_); }
  ~MMWrapper() { cublasDestroy(handle_); }
  void setFP32GemmConfig() {
    Atype_ = CUDA_R_32F;
    Btype_ = CUDA_R_32F;
    Ctype_ = CUDA_R_32F;
    computeType_ = CUBLAS_COMPUTE_32F;
  }
  void setFP16GemmConfig() {
    Atype_ = CUDA_R_16F;
    Btype_ = CUDA_R_16F;
    Ctype_ = CUDA_R_16F;
    computeType_ = CUBLAS_COMPUTE_32F;
  }
  // A 16-bit compute type, which reads alpha and beta as __half, while
  // Gemm() passes floats.
  void setMixedGemmConfig() {
    Atype_ = CUDA_R_16F;
    Btype_ = CUDA_R_16F;
    Ctype_ = CUDA_R_32F;
    computeType_ = CUBLAS_COMPUTE_16F;
  }
  void Gemm(cublasOperation_t transa, cublasOperation_t transb, int m, int n,
            int k, const void *A, int lda, const void *B, int ldb, void *C,
            int ldc) {
    const float alpha = 1.0f, beta = 0.0f;
    cublasGemmEx(handle_, transa, transb, m, n, k, &alpha, A, Atype_, lda, B, // #call
                 Btype_, ldb, &beta, C, Ctype_, ldc, computeType_,
                 CUBLAS_GEMM_DEFAULT);
  }

private:
  cublasHandle_t handle_;
  cudaDataType_t Atype_, Btype_, Ctype_;
  cublasComputeType_t computeType_;
};

struct FfnLayer {
  MMWrapper *wrapper;
  void *in, *weight, *out;
  // lda is the hidden size, not the 1024 rows of the transposed weight.
  void forwardWrongLd() {
    wrapper->setFP32GemmConfig();
    wrapper->Gemm(CUBLAS_OP_N, CUBLAS_OP_N, 1024, 8, 512, weight, 512, in, 512, out, 1024);
    // expected-warning@#call {{'lda' (512) must be at least max(1, m) = 1024 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm.LeadingDimension]}}
  }
  void forwardMixed() {
    wrapper->setMixedGemmConfig();
    wrapper->Gemm(CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 64, weight, 64, in, 64, out, 64);
    // expected-warning@#call {{unsupported type combination for cublasGemmEx: computeType CUBLAS_COMPUTE_16F, Atype/Btype CUDA_R_16F, Ctype CUDA_R_32F [gemm.TypeCombination]}}
    // expected-warning@#call {{'alpha' points to 'float' but 'computeType' CUBLAS_COMPUTE_16F reads alpha as '__half' [gemm.ScalarType]}}
    // expected-warning@#call {{'beta' points to 'float' but 'computeType' CUBLAS_COMPUTE_16F reads beta as '__half' [gemm.ScalarType]}}
  }
  // Look-alikes: the same calls with shapes and types that agree.
  void forwardRight() {
    wrapper->setFP32GemmConfig();
    wrapper->Gemm(CUBLAS_OP_N, CUBLAS_OP_N, 1024, 8, 512, weight, 1024, in, 512, out, 1024);
    wrapper->setFP16GemmConfig();
    wrapper->Gemm(CUBLAS_OP_T, CUBLAS_OP_N, 1024, 8, 512, weight, 512, in, 512, out, 1024);
  }
};

void run() {
  MMWrapper W;
  FfnLayer L{&W, nullptr, nullptr, nullptr};
  cudaMalloc(&L.in, 1 << 20);
  cudaMalloc(&L.weight, 1 << 22);
  cudaMalloc(&L.out, 1 << 20);
  L.forwardWrongLd();
  L.forwardMixed();
  L.forwardRight();
}
