// False positives found by running the checks over open-source projects
// (bench/realworld_sweep.py, docs/realworld.md), reduced to what the
// project's code does: each silent function must stay silent; the positive
// ones beside it show where the same shape is still reported.
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags

#include <cstdlib>
#include <cublas_v2.h>

cublasHandle_t h;
const float *al, *be;

template <typename T> struct CublasType;
template <> struct CublasType<float> {
  static const cudaDataType_t kCudaFlag = CUDA_R_32F;
};
template <> struct CublasType<__half> {
  static const cudaDataType_t kCudaFlag = CUDA_R_16F;
};

template <typename DType>
void stridedGemm(const DType *a, DType *c,
                 cublasGemmAlgo_t algo = CUBLAS_GEMM_DEFAULT) {
  cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, a, CublasType<DType>::kCudaFlag, 8, 64, a, CublasType<DType>::kCudaFlag, 8, 64, be, c, CublasType<DType>::kCudaFlag, 8, 64, 4, CUBLAS_COMPUTE_32F, algo);
}

// ---- a branch on a flag the callers tie to the template argument ---------------

// MXNet's contrib/transformer.cu: gemm_switch_fp32accum<DType>(...,
// bool using_fp16) passes CUBLAS_GEMM_DEFAULT_TENSOR_OP when using_fp16 is
// true, and every caller computes using_fp16 = (type == kFloat16) inside the
// float case of a switch on that type: the float instantiation never takes
// the branch.
template <typename DType>
void gemmSwitch(const DType *a, DType *c, bool usingFp16) {
  if (usingFp16)
    stridedGemm(a, c, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
  else
    stridedGemm(a, c);
}

// The same with the GEMM call itself in the branch.
template <typename DType>
void directSwitch(const DType *a, DType *c, bool usingFp16) {
  if (usingFp16)
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, a, CublasType<DType>::kCudaFlag, 8, a, CublasType<DType>::kCudaFlag, 8, be, c, CublasType<DType>::kCudaFlag, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
}

void byType(int typeFlag, const void *a, void *c) {
  const bool usingFp16 = typeFlag == 2;
  switch (typeFlag) {
  case 0:
    gemmSwitch(static_cast<const float *>(a), static_cast<float *>(c), usingFp16);
    directSwitch(static_cast<const float *>(a), static_cast<float *>(c), usingFp16);
    break;
  case 2:
    gemmSwitch(static_cast<const __half *>(a), static_cast<__half *>(c), usingFp16);
    directSwitch(static_cast<const __half *>(a), static_cast<__half *>(c), usingFp16);
    break;
  }
}

// ---- still reported ----------------------------------------------------------------

// Outside a template the branch is the code as written, for its one type.
void plainFunction(const float *a, float *c, bool fast) {
  if (fast)
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, a, CUDA_R_32F, 8, a, CUDA_R_32F, 8, be, c, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
  // CHECK-MESSAGES: :[[@LINE-1]]:138: warning: 'algo' (99) is a deprecated *_TENSOR_OP algorithm: with CUDA_R_32F data cuBLAS computes in CUBLAS_COMPUTE_32F_FAST_16F, silently rounding the inputs to half precision [gemm-precision-loss]
}

// A caller that passes the flag as a constant decides the branch. (Its own
// copy of the chain above: a warning is given once per source location, so
// sharing stridedGemm would let this warning hide the one above.)
template <typename DType>
void stridedGemmToo(const DType *a, DType *c,
                    cublasGemmAlgo_t algo = CUBLAS_GEMM_DEFAULT) {
  cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, a, CublasType<DType>::kCudaFlag, 8, 64, a, CublasType<DType>::kCudaFlag, 8, 64, be, c, CublasType<DType>::kCudaFlag, 8, 64, 4, CUBLAS_COMPUTE_32F, algo);
  // CHECK-MESSAGES: :[[@LINE-1]]:219: warning: 'algo' (99) is a deprecated *_TENSOR_OP algorithm: with CUDA_R_32F data cuBLAS computes in CUBLAS_COMPUTE_32F_FAST_16F, silently rounding the inputs to half precision [gemm-precision-loss]
}
template <typename DType>
void gemmSwitchToo(const DType *a, DType *c, bool usingFp16) {
  if (usingFp16)
    stridedGemmToo(a, c, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
  else
    stridedGemmToo(a, c);
}
template <typename DType>
void alwaysTensorOp(const DType *a, DType *c) {
  gemmSwitchToo(a, c, true);
}
template void alwaysTensorOp<float>(const float *, float *);

// ggml's batched GEMM: the branches test sizes computed in the function, not
// a parameter, so the float instantiation does take them.
template <cudaDataType_t DataType>
void bySize(const void *a, void *c, const long *ne) {
  const long ne12 = ne[2];
  if (ne12 == 1)
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, a, DataType, 8, a, DataType, 8, be, c, DataType, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  else
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, a, DataType, 8, a, DataType, 8, be, c, DataType, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
  // CHECK-MESSAGES: :[[@LINE-1]]:132: warning: 'algo' (99) is a deprecated *_TENSOR_OP algorithm: with CUDA_R_32F data cuBLAS computes in CUBLAS_COMPUTE_32F_FAST_16F, silently rounding the inputs to half precision [gemm-precision-loss]
}
template void bySize<CUDA_R_32F>(const void *, void *, const long *);

// FasterTransformer's gemm profilers assert on their parameters first
// (FT_CHECK(head_num % tensor_para_size == 0)): in every instantiation the
// call follows the assertion, which is no choice between instantiations.
template <typename T>
void assertsFirst(int heads, int tp, const void *a, void *c) {
  if (heads % tp != 0)
    std::abort();
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, al, a, CUDA_R_32F, 8, a, CUDA_R_32F, 8, be, c, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
  // CHECK-MESSAGES: :[[@LINE-1]]:136: warning: 'algo' (99) is a deprecated *_TENSOR_OP algorithm: with CUDA_R_32F data cuBLAS computes in CUBLAS_COMPUTE_32F_FAST_16F, silently rounding the inputs to half precision [gemm-precision-loss]
}
template void assertsFirst<float>(int, int, const void *, void *);
