// cuBLASLt objects owned by RAII classes in the shape of PyTorch's
// CUDABlas.cpp: a std::unique_ptr with a custom deleter holds each
// descriptor, a setAttribute template member sets attributes, and the
// layout's constructor swaps rows and cols when the matrix is transposed.
// REQUIRES: gemm-analyzer, cuda-headers
// RUN: %clang_analyze_gemm %gemm_cxx_flags %s

#include <cublasLt.h>
#include <cuda_runtime.h>
#include <cstdint>
#include <memory>

template <typename T, cublasStatus_t (*Destructor)(T *)>
struct LtDeleter {
  void operator()(T *X) {
    if (X)
      Destructor(X);
  }
};

template <typename T, cublasStatus_t (*Destructor)(T *)>
class LtDescriptor {
public:
  T *descriptor() const { return Descriptor.get(); }

protected:
  std::unique_ptr<T, LtDeleter<T, Destructor>> Descriptor;
};

class MatmulDescriptor
    : public LtDescriptor<cublasLtMatmulDescOpaque_t, &cublasLtMatmulDescDestroy> {
public:
  MatmulDescriptor(cublasComputeType_t Compute, cudaDataType_t Scale) {
    cublasLtMatmulDesc_t Raw = nullptr;
    cublasLtMatmulDescCreate(&Raw, Compute, Scale);
    Descriptor.reset(Raw);
  }
  template <typename T>
  void setAttribute(cublasLtMatmulDescAttributes_t Attr, const T Value) {
    cublasLtMatmulDescSetAttribute(descriptor(), Attr, &Value, sizeof(Value)); // #set
  }
};

class MatrixLayout
    : public LtDescriptor<cublasLtMatrixLayoutOpaque_t, &cublasLtMatrixLayoutDestroy> {
public:
  MatrixLayout(cudaDataType_t Type, uint64_t Rows, uint64_t Cols, int64_t Ld,
               bool Transposed = false) {
    cublasLtMatrixLayout_t Raw = nullptr;
    cublasLtMatrixLayoutCreate(&Raw, Type, Transposed ? Cols : Rows,
                               Transposed ? Rows : Cols, Ld);
    Descriptor.reset(Raw);
  }
};

struct Buffers {
  float *A, *B, *C;
  void *Workspace;
  Buffers() {
    cudaMalloc(&A, 1 << 20);
    cudaMalloc(&B, 1 << 20);
    cudaMalloc(&C, 1 << 20);
    cudaMalloc(&Workspace, 1 << 22);
  }
};

// C (m x n) = op(A) * B; A is stored k x m when transposed.
void gemmLt(cublasLtHandle_t Lt, bool TransA, int m, int n, int k, int lda,
            int ldb, int ldc, const Buffers &Buf) {
  MatmulDescriptor Desc(CUBLAS_COMPUTE_32F, CUDA_R_32F);
  Desc.setAttribute(CUBLASLT_MATMUL_DESC_TRANSA,
                    TransA ? CUBLAS_OP_T : CUBLAS_OP_N);
  MatrixLayout Adesc(CUDA_R_32F, m, k, lda, TransA);
  MatrixLayout Bdesc(CUDA_R_32F, k, n, ldb);
  MatrixLayout Cdesc(CUDA_R_32F, m, n, ldc);
  const float Alpha = 1, Beta = 0;
  cublasLtMatmul(Lt, Desc.descriptor(), &Alpha, Buf.A, Adesc.descriptor(), // #matmul
                 Buf.B, Bdesc.descriptor(), &Beta, Buf.C, Cdesc.descriptor(),
                 Buf.C, Cdesc.descriptor(), nullptr, Buf.Workspace, 1 << 22, 0);
}

void layer(cublasLtHandle_t Lt) {
  Buffers Buf;
  // The transposed A is stored 64 x 128: its ld must be at least 64, and is.
  gemmLt(Lt, true, 128, 32, 64, 64, 64, 128, Buf);
  // Look-alike turned bug: untransposed, A is stored 128 x 64 and 64 is short.
  gemmLt(Lt, false, 128, 32, 64, 64, 64, 128, Buf);
  // expected-warning@#matmul {{'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (64) must be at least the rows (ORDER_COL) = 128 [gemm.LeadingDimension]}}
}

// The attribute family: TRANSA is an int32_t attribute; a 64-bit value is
// rejected (cuBLASLt keeps the old value).
void wrongWidth() {
  MatmulDescriptor Desc(CUBLAS_COMPUTE_32F, CUDA_R_32F);
  Desc.setAttribute(CUBLASLT_MATMUL_DESC_TRANSA, int64_t{CUBLAS_OP_T});
  // expected-warning@#set {{'sizeInBytes' (8) does not match 'CUBLASLT_MATMUL_DESC_TRANSA', which is int32_t (4 bytes); cuBLASLt returns CUBLAS_STATUS_INVALID_VALUE and keeps the old value [gemm.AttributeEncoding]}}
  // Look-alike: the enum itself, four bytes.
  Desc.setAttribute(CUBLASLT_MATMUL_DESC_TRANSB, CUBLAS_OP_T);
}
