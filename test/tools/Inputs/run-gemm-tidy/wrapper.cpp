// A wrapper class whose config member stores the types and whose Gemm()
// member makes the call, from a layer with constant shapes: the fast tier
// follows none of it, the analyzer inlines all of it.
#include <cublas_v2.h>

class Wrapper {
public:
  void setFP32() {
    type_ = CUDA_R_32F;
    compute_ = CUBLAS_COMPUTE_32F;
  }
  void gemm(int m, int n, int k, const void *A, int lda, const void *B, int ldb, void *C,
            int ldc) {
    const float alpha = 1.0f, beta = 0.0f;
    cublasGemmEx(handle_, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, A, type_, lda, B, type_,
                 ldb, &beta, C, type_, ldc, compute_, CUBLAS_GEMM_DEFAULT);
  }
  cublasHandle_t handle_;

private:
  cudaDataType_t type_;
  cublasComputeType_t compute_;
};

void layer(Wrapper &w, const void *A, const void *B, void *C) {
  w.setFP32();
  w.gemm(1024, 8, 512, A, 512, B, 512, C, 1024);
}
