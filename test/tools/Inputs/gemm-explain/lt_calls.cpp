// cuBLASLt calls for gemm-explain's tests, logged by the real libcublasLt
// (CUBLASLT_LOG_LEVEL=5): without a GPU the handle is never created, but
// every object and matmul call is still logged on entry. lt_calls KIND
// builds one FP16 GEMM (m=64, n=16, k=32, A transposed) and breaks it in
// one way:
//   valid      nothing broken: objects, heuristic, matmul, destroy
//   ld         Cdesc and Ddesc with ld 32 below their 64 rows
//   type       B in bf16 beside A in fp16
//   size       a layout with rows -1 (logged as 18446744073709551615)
//   attrsize   TRANSA set with sizeInBytes 2
//   bias       EPILOGUE_BIAS with no bias pointer (a key at its default)
//   scale      a COMPUTE_16F descriptor with an FP32 scale type
//   destroyed  the matmul after Adesc was destroyed
#include <cublasLt.h>
#include <cstdint>
#include <cstring>

alignas(256) static char Memory[1 << 16];

int main(int argc, char **argv) {
  const char *kind = argc > 1 ? argv[1] : "valid";
  auto is = [&](const char *k) { return std::strcmp(kind, k) == 0; };
  cublasLtHandle_t lt = nullptr;
  cublasLtCreate(&lt);
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatmulPreference_t pref;
  cublasLtMatmulDescCreate(&op, is("scale") ? CUBLAS_COMPUTE_16F : CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasOperation_t t = CUBLAS_OP_T;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &t, is("attrsize") ? 2 : sizeof(t));
  if (is("bias")) {
    cublasLtEpilogue_t e = CUBLASLT_EPILOGUE_BIAS;
    cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &e, sizeof(e));
  }
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 32, 64, 32);
  cublasLtMatrixLayoutCreate(&b, is("type") ? CUDA_R_16BF : CUDA_R_16F, is("size") ? UINT64_MAX : 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_16F, 64, 16, is("ld") ? 32 : 64);
  cublasLtMatmulPreferenceCreate(&pref);
  size_t ws = 1 << 14;
  cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof(ws));
  cublasLtMatmulHeuristicResult_t result = {};
  int found = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, c, c, pref, 1, &result, &found);
  if (is("destroyed"))
    cublasLtMatrixLayoutDestroy(a);
  const float one = 1, zero = 0;
  cublasLtMatmul(lt, op, &one, Memory, a, Memory + 8192, b, &zero, Memory + 16384, c, Memory + 16384, c,
                 nullptr, Memory + 32768, ws, nullptr);
  cublasLtMatmulPreferenceDestroy(pref);
  if (!is("destroyed"))
    cublasLtMatrixLayoutDestroy(a);
  cublasLtMatrixLayoutDestroy(b);
  cublasLtMatrixLayoutDestroy(c);
  cublasLtMatmulDescDestroy(op);
  cublasLtDestroy(lt);
}
