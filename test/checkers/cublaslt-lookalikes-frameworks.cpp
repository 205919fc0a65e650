// Valid look-alikes of how frameworks drive cuBLASLt, written for this test:
// a PyTorch-style RAII descriptor class with a templated setAttribute, a
// TransformerEngine-style GEMM whose layouts come from tensor shapes, and
// llm.c's matmul_cublaslt (GELU/bias epilogues, strided batches). Every
// gemm-* check must stay silent on them; the mutated copies at the end are
// the mistakes the same code is one edit away from.
// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cublasLt.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <memory>
#include <stdexcept>
#include <vector>

#define CHECK_LT(call)                                                         \
  do {                                                                         \
    if ((call) != CUBLAS_STATUS_SUCCESS)                                       \
      throw std::runtime_error(#call);                                         \
  } while (0)

// ---- PyTorch style: RAII descriptors, attributes through a template -------------

template <class T, cublasStatus_t (*Destroy)(T *)> struct LtDeleter {
  void operator()(T *p) const {
    if (p)
      Destroy(p);
  }
};

template <class T, cublasStatus_t (*Destroy)(T *)> class LtDescriptor {
public:
  T *descriptor() const { return owned_.get(); }

protected:
  std::unique_ptr<T, LtDeleter<T, Destroy>> owned_;
};

class CuBlasLtMatmulDescriptor
    : public LtDescriptor<cublasLtMatmulDescOpaque_t, &cublasLtMatmulDescDestroy> {
public:
  CuBlasLtMatmulDescriptor(cublasComputeType_t compute, cudaDataType_t scale) {
    cublasLtMatmulDesc_t raw = nullptr;
    CHECK_LT(cublasLtMatmulDescCreate(&raw, compute, scale));
    owned_.reset(raw);
  }
  template <class V>
  void setAttribute(cublasLtMatmulDescAttributes_t attr, const V value) {
    CHECK_LT(::cublasLtMatmulDescSetAttribute(descriptor(), attr, &value, sizeof(value)));
    // CHECK-MESSAGES: :[[@LINE-1]]:75: warning: 'sizeInBytes' (8) does not match 'CUBLASLT_MATMUL_DESC_EPILOGUE', which is uint32_t (4 bytes); {{.*}} [gemm-attribute-encoding]
  }
};

class CuBlasLtMatrixLayout
    : public LtDescriptor<cublasLtMatrixLayoutOpaque_t, &cublasLtMatrixLayoutDestroy> {
public:
  CuBlasLtMatrixLayout(cudaDataType_t type, uint64_t rows, uint64_t cols, int64_t ld,
                       bool transposed = false) {
    cublasLtMatrixLayout_t raw = nullptr;
    CHECK_LT(cublasLtMatrixLayoutCreate(&raw, type, transposed ? cols : rows,
                                        transposed ? rows : cols, ld));
    owned_.reset(raw);
  }
  template <class V>
  void setAttribute(cublasLtMatrixLayoutAttribute_t attr, const V value) {
    CHECK_LT(::cublasLtMatrixLayoutSetAttribute(descriptor(), attr, &value, sizeof(value)));
  }
};

class CuBlasLtMatmulPreference
    : public LtDescriptor<cublasLtMatmulPreferenceOpaque_t, &cublasLtMatmulPreferenceDestroy> {
public:
  CuBlasLtMatmulPreference() {
    cublasLtMatmulPreference_t raw = nullptr;
    CHECK_LT(cublasLtMatmulPreferenceCreate(&raw));
    owned_.reset(raw);
  }
  template <class V>
  void setAttribute(cublasLtMatmulPreferenceAttributes_t attr, const V value) {
    CHECK_LT(::cublasLtMatmulPreferenceSetAttribute(descriptor(), attr, &value, sizeof(value)));
  }
};

enum class Activation { None, Relu, Gelu };

uint32_t alignmentOf(const void *p) {
  uint32_t a = 1;
  while (a < 256 && reinterpret_cast<uintptr_t>(p) % (a * 2) == 0)
    a *= 2;
  return a;
}

// addmm with a bias epilogue, bf16 data, fp32 compute (gemm_and_bias).
void gemmAndBias(cublasLtHandle_t lt, bool transposeA, bool transposeB, int64_t m, int64_t n,
                 int64_t k, const float *alpha, const __nv_bfloat16 *a, int64_t lda,
                 const __nv_bfloat16 *b, int64_t ldb, const __nv_bfloat16 *bias,
                 __nv_bfloat16 *out, int64_t ldo, Activation act, void *workspace,
                 size_t workspaceSize) {
  CuBlasLtMatmulDescriptor computeDesc(CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasOperation_t ta = transposeA ? CUBLAS_OP_T : CUBLAS_OP_N;
  const cublasOperation_t tb = transposeB ? CUBLAS_OP_T : CUBLAS_OP_N;
  computeDesc.setAttribute(CUBLASLT_MATMUL_DESC_TRANSA, ta);
  computeDesc.setAttribute(CUBLASLT_MATMUL_DESC_TRANSB, tb);
  cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_BIAS;
  if (act == Activation::Relu)
    epilogue = CUBLASLT_EPILOGUE_RELU_BIAS;
  else if (act == Activation::Gelu)
    epilogue = CUBLASLT_EPILOGUE_GELU_BIAS;
  computeDesc.setAttribute(CUBLASLT_MATMUL_DESC_EPILOGUE, epilogue);
  computeDesc.setAttribute(CUBLASLT_MATMUL_DESC_BIAS_POINTER, bias);
  computeDesc.setAttribute<int32_t>(CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET, 100);
  CuBlasLtMatrixLayout aDesc(CUDA_R_16BF, m, k, lda, transposeA);
  CuBlasLtMatrixLayout bDesc(CUDA_R_16BF, k, n, ldb, transposeB);
  CuBlasLtMatrixLayout cDesc(CUDA_R_16BF, m, n, ldo);
  CuBlasLtMatmulPreference preference;
  preference.setAttribute(CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, workspaceSize);
  preference.setAttribute(CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, alignmentOf(a));
  preference.setAttribute(CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES, alignmentOf(b));
  preference.setAttribute(CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, alignmentOf(out));
  preference.setAttribute(CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES, alignmentOf(out));
  cublasLtMatmulHeuristicResult_t heuristic = {};
  int found = 0;
  CHECK_LT(cublasLtMatmulAlgoGetHeuristic(lt, computeDesc.descriptor(), aDesc.descriptor(),
                                          bDesc.descriptor(), cDesc.descriptor(),
                                          cDesc.descriptor(), preference.descriptor(), 1,
                                          &heuristic, &found));
  if (found == 0)
    throw std::runtime_error("no algorithm");
  const float beta = 0.0f;
  CHECK_LT(cublasLtMatmul(lt, computeDesc.descriptor(), alpha, a, aDesc.descriptor(), b,
                          bDesc.descriptor(), &beta, out, cDesc.descriptor(), out,
                          cDesc.descriptor(), &heuristic.algo, workspace, workspaceSize, 0));
}

// A batched fp32 GEMM through the same classes, with int8_t FAST_ACCUM off.
void batchedFloat(cublasLtHandle_t lt, int batch, int64_t stride) {
  CuBlasLtMatmulDescriptor desc(CUBLAS_COMPUTE_32F_FAST_TF32, CUDA_R_32F);
  const int8_t fastAccum = 0;
  desc.setAttribute(CUBLASLT_MATMUL_DESC_FAST_ACCUM, fastAccum);
  CuBlasLtMatrixLayout layout(CUDA_R_32F, 64, 64, 64);
  layout.setAttribute(CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, batch);
  layout.setAttribute(CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, stride);
  (void)lt;
}

void pytorchCallers(cublasLtHandle_t lt, void *ws) {
  float one = 1.0f;
  __nv_bfloat16 *a, *b, *bias, *out;
  cudaMalloc(&a, 64 * 32 * sizeof(__nv_bfloat16));
  cudaMalloc(&b, 32 * 16 * sizeof(__nv_bfloat16));
  cudaMalloc(&bias, 64 * sizeof(__nv_bfloat16));
  cudaMalloc(&out, 64 * 16 * sizeof(__nv_bfloat16));
  gemmAndBias(lt, false, false, 64, 16, 32, &one, a, 64, b, 32, bias, out, 64,
              Activation::Relu, ws, 1 << 22);
  gemmAndBias(lt, true, false, 64, 16, 32, &one, a, 32, b, 32, bias, out, 64,
              Activation::Gelu, ws, 1 << 22);
  batchedFloat(lt, 8, 64 * 64);
}

// ---- TransformerEngine style: m, n, k and the layouts from tensor shapes ---------

struct Tensor {
  void *data = nullptr;
  std::vector<size_t> shape; // row-major framework shape
  cudaDataType_t dtype = CUDA_R_16BF;
  float *scaleInv = nullptr;
};

void teGemm(cublasLtHandle_t lt, const Tensor &A, bool transa, const Tensor &B, bool transb,
            Tensor &D, const Tensor &bias, bool gelu, Tensor &preGelu, bool splitAccumulator,
            void *workspace, size_t workspaceSize, int smCount) {
  const int A0 = static_cast<int>(A.shape[0]), A1 = static_cast<int>(A.shape[1]);
  const int B0 = static_cast<int>(B.shape[0]);
  const int m = transa ? A0 : A1;
  const int k = transa ? A1 : A0;
  const int n = transb ? B0 : static_cast<int>(B.shape[1]);
  const int lda = transa ? k : m, ldb = transb ? n : k, ldd = m;
  const cublasOperation_t ta = transa ? CUBLAS_OP_T : CUBLAS_OP_N;
  const cublasOperation_t tb = transb ? CUBLAS_OP_T : CUBLAS_OP_N;
  const bool fp8 = A.dtype == CUDA_R_8F_E4M3 || A.dtype == CUDA_R_8F_E5M2;

  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t Adesc = nullptr, Bdesc = nullptr, Ddesc = nullptr;
  cublasLtMatmulPreference_t pref = nullptr;
  CHECK_LT(cublasLtMatrixLayoutCreate(&Adesc, A.dtype, ta == CUBLAS_OP_N ? m : k,
                                      ta == CUBLAS_OP_N ? k : m, lda));
  CHECK_LT(cublasLtMatrixLayoutCreate(&Bdesc, B.dtype, tb == CUBLAS_OP_N ? k : n,
                                      tb == CUBLAS_OP_N ? n : k, ldb));
  CHECK_LT(cublasLtMatrixLayoutCreate(&Ddesc, D.dtype, m, n, ldd));
  CHECK_LT(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof(ta)));
  CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof(tb)));
  const int8_t fastAccuMode = splitAccumulator ? 0 : 1;
  CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fastAccuMode,
                                          sizeof(fastAccuMode)));
  if (fp8) {
    CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER,
                                            &A.scaleInv, sizeof(A.scaleInv)));
    CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER,
                                            &B.scaleInv, sizeof(B.scaleInv)));
  }
  cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_DEFAULT;
  if (bias.data) {
    epilogue = gelu ? CUBLASLT_EPILOGUE_GELU_AUX_BIAS : CUBLASLT_EPILOGUE_BIAS;
    const cudaDataType_t biasType = bias.dtype;
    CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &biasType,
                                            sizeof(biasType)));
    CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias.data,
                                            sizeof(bias.data)));
  } else if (gelu) {
    epilogue = CUBLASLT_EPILOGUE_GELU_AUX;
  }
  if (gelu) {
    const int64_t ldGelu = m;
    CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER,
                                            &preGelu.data, sizeof(preGelu.data)));
    CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &ldGelu,
                                            sizeof(ldGelu)));
    const cudaDataType_t auxType = preGelu.dtype;
    CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE,
                                            &auxType, sizeof(auxType)));
  }
  CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue,
                                          sizeof(epilogue)));
  if (smCount > 0)
    CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET, &smCount,
                                            sizeof(smCount)));
  CHECK_LT(cublasLtMatmulPreferenceCreate(&pref));
  CHECK_LT(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                &workspaceSize, sizeof(workspaceSize)));
  const uint32_t alignA = alignmentOf(A.data), alignB = alignmentOf(B.data);
  CHECK_LT(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES,
                                                &alignA, sizeof(alignA)));
  CHECK_LT(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES,
                                                &alignB, sizeof(alignB)));
  cublasLtMatmulHeuristicResult_t result = {};
  int found = 0;
  CHECK_LT(cublasLtMatmulAlgoGetHeuristic(lt, op, Adesc, Bdesc, Ddesc, Ddesc, pref, 1, &result,
                                          &found));
  if (found == 0)
    throw std::runtime_error("Unable to find any suitable algorithms");
  const float one = 1.0f, zero = 0.0f;
  CHECK_LT(cublasLtMatmul(lt, op, &one, A.data, Adesc, B.data, Bdesc, &zero, D.data, Ddesc,
                          D.data, Ddesc, &result.algo, workspace, workspaceSize, 0));
  cublasLtMatmulPreferenceDestroy(pref);
  cublasLtMatrixLayoutDestroy(Ddesc);
  cublasLtMatrixLayoutDestroy(Bdesc);
  cublasLtMatrixLayoutDestroy(Adesc);
  cublasLtMatmulDescDestroy(op);
}

// ---- llm.c style: one function for every matmul of the model ---------------------

typedef __nv_bfloat16 floatX;
#define LOWP_TYPE CUDA_R_16BF
static cublasComputeType_t computeType = CUBLAS_COMPUTE_32F;
static size_t workspaceBytes = 32 * 1024 * 1024;
static void *workspaceBuffer;
static cublasLtHandle_t ltHandle;

void matmulLt(floatX *d, const floatX *a, const floatX *b, const floatX *bias, int m, int n,
              int k, cudaStream_t stream = 0, bool transA = true, bool transB = false,
              int batchCount = 0, size_t strideA = 0, size_t strideB = 0,
              size_t strideOut = 0, bool accumulate = false, floatX *preGelu = nullptr,
              bool backward = false) {
  const bool hasBias = bias != nullptr, hasGelu = preGelu != nullptr;
  cublasLtMatmulDesc_t op;
  CHECK_LT(cublasLtMatmulDescCreate(&op, computeType, CUDA_R_32F));
  cublasOperation_t opN = CUBLAS_OP_N, opT = CUBLAS_OP_T;
  CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, transA ? &opT : &opN,
                                          sizeof(opT)));
  CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, transB ? &opT : &opN,
                                          sizeof(opN)));
  cublasLtMatrixLayout_t aL, bL, cL, dL;
  if (transA)
    CHECK_LT(cublasLtMatrixLayoutCreate(&aL, LOWP_TYPE, k, m, k));
  else
    CHECK_LT(cublasLtMatrixLayoutCreate(&aL, LOWP_TYPE, m, k, m));
  if (transB)
    CHECK_LT(cublasLtMatrixLayoutCreate(&bL, LOWP_TYPE, n, k, n));
  else
    CHECK_LT(cublasLtMatrixLayoutCreate(&bL, LOWP_TYPE, k, n, k));
  CHECK_LT(cublasLtMatrixLayoutCreate(&cL, sizeof(floatX) == 1 ? CUDA_R_16BF : LOWP_TYPE, m, n, m));
  CHECK_LT(cublasLtMatrixLayoutCreate(&dL, LOWP_TYPE, m, n, m));
  if (batchCount) {
    for (cublasLtMatrixLayout_t L : {aL, bL, cL, dL})
      CHECK_LT(cublasLtMatrixLayoutSetAttribute(L, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batchCount,
                                                sizeof(batchCount)));
    CHECK_LT(cublasLtMatrixLayoutSetAttribute(aL, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET,
                                              &strideA, sizeof(strideA)));
    CHECK_LT(cublasLtMatrixLayoutSetAttribute(bL, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET,
                                              &strideB, sizeof(strideB)));
    CHECK_LT(cublasLtMatrixLayoutSetAttribute(cL, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET,
                                              &strideOut, sizeof(strideOut)));
    CHECK_LT(cublasLtMatrixLayoutSetAttribute(dL, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET,
                                              &strideOut, sizeof(strideOut)));
  }
  cublasLtMatmulPreference_t pref;
  CHECK_LT(cublasLtMatmulPreferenceCreate(&pref));
  CHECK_LT(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                &workspaceBytes, sizeof(workspaceBytes)));
  cublasLtEpilogue_t epilogue;
  if (hasGelu) {
    int64_t geluLd = m;
    CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &geluLd,
                                            sizeof(geluLd)));
    CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER,
                                            &preGelu, sizeof(preGelu)));
    epilogue = backward ? CUBLASLT_EPILOGUE_DGELU
                        : (hasBias ? CUBLASLT_EPILOGUE_GELU_AUX_BIAS : CUBLASLT_EPILOGUE_GELU_AUX);
  } else if (hasBias) {
    epilogue = backward ? CUBLASLT_EPILOGUE_BGRADB : CUBLASLT_EPILOGUE_BIAS;
  } else {
    epilogue = CUBLASLT_EPILOGUE_DEFAULT;
  }
  CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue,
                                          sizeof(epilogue)));
  if (hasBias) {
    cudaDataType_t biasType = sizeof(floatX) == 1 ? CUDA_R_16BF : LOWP_TYPE;
    CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &biasType,
                                            sizeof(biasType)));
    CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias,
                                            sizeof(bias)));
  }
  cudaDataType_t scaleType = CUDA_R_32F;
  CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &scaleType,
                                          sizeof(scaleType)));
  cublasLtMatmulHeuristicResult_t heuristic;
  int found = 0;
  cublasLtMatmulAlgoGetHeuristic(ltHandle, op, aL, bL, cL, dL, pref, 1, &heuristic, &found);
  if (found == 0) {
    std::printf("No cuBLASLt algorithm: m: %d, n: %d, k: %d, bias: %d\n", n, m, k, hasBias);
    std::exit(EXIT_FAILURE);
  }
  const float alpha = 1.0f, beta = accumulate ? 1.0f : 0.0f;
  CHECK_LT(cublasLtMatmul(ltHandle, op, &alpha, a, aL, b, bL, &beta, d, cL, d, dL,
                          &heuristic.algo, workspaceBuffer, workspaceBytes, stream));
  cublasLtMatmulPreferenceDestroy(pref);
  cublasLtMatmulDescDestroy(op);
  cublasLtMatrixLayoutDestroy(aL);
  cublasLtMatrixLayoutDestroy(bL);
  cublasLtMatrixLayoutDestroy(cL);
  cublasLtMatrixLayoutDestroy(dL);
}

// The model's calls: forward with bias, fused GELU, backward, attention.
void llmCalls(floatX *out, const floatX *inp, const floatX *weight, const floatX *bias,
              floatX *preGelu, floatX *dinp, const floatX *dout, floatX *dbias, floatX *att,
              const floatX *q, const floatX *kmat) {
  const int B = 4, T = 64, C = 768, OC = 3 * 768, NH = 12, HS = 64;
  matmulLt(out, weight, inp, bias, OC, B * T, C);
  matmulLt(out, weight, inp, bias, 4 * C, B * T, C, 0, true, false, 0, 0, 0, 0, false, preGelu);
  matmulLt(dinp, weight, dout, nullptr, C, B * T, OC, 0, false, false, 0, 0, 0, 0, false,
           preGelu, true);
  matmulLt(dbias, inp, dout, nullptr, C, OC, B * T, 0, false, true);
  matmulLt(att, kmat, q, nullptr, T, T, HS, 0, true, false, B * NH, T * HS, T * HS, T * T);
}

// ---- the mutated copies: what the checks find ------------------------------------

// The RAII class given a size_t where the epilogue is uint32_t: the template
// deduces V = size_t, so sizeof(value) is 8 (reported at setAttribute above).
void pytorchWideEpilogue() {
  CuBlasLtMatmulDescriptor desc(CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const size_t epilogue = CUBLASLT_EPILOGUE_RELU;
  desc.setAttribute(CUBLASLT_MATMUL_DESC_EPILOGUE, epilogue);
}

// llm.c's GELU ld as an int.
void llmIntGeluLd(cublasLtMatmulDesc_t op, int m) {
  int geluLd = m;
  CHECK_LT(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &geluLd,
                                          sizeof(geluLd)));
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 'sizeInBytes' (4) does not match 'CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD', which is int64_t (8 bytes); {{.*}} [gemm-attribute-encoding]
}

// TransformerEngine's layout with a dimension computed from an empty
// tensor's first extent minus one.
void teEmptyShape(cublasLtMatrixLayout_t *L) {
  const int64_t extent = 0;
  const int rows = static_cast<int>(extent) - 1;
  CHECK_LT(cublasLtMatrixLayoutCreate(L, CUDA_R_16BF, rows, 64, 64));
  // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: 'CUBLASLT_MATRIX_LAYOUT_ROWS' (-1) is not representable as int32_t; {{.*}} [gemm-invalid-size]
}
