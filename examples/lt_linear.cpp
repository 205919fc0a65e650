// A linear layer with a fused bias and ReLU on cuBLASLt, in fp32: the
// epilogue adds the bias before the activation.
#include "examples.h"
#include <cublasLt.h>

// Y (kOut x kTokens, column-major) = relu(W^T * X + bias). W is stored
// kHidden x kOut and used transposed; the bias has one entry per row of Y.
// Runs the matmul that `op` and `preference` describe, then destroys them.
static void runLinear(cublasLtHandle_t lt, cublasLtMatmulDesc_t op,
                      cublasLtMatmulPreference_t preference, const float *X,
                      const float *W, float *Y, void *workspace, size_t workspaceSize) {
  cublasLtMatrixLayout_t wDesc = nullptr, xDesc = nullptr, yDesc = nullptr;
  CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&wDesc, CUDA_R_32F, kHidden, kOut, kHidden));
  CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&xDesc, CUDA_R_32F, kHidden, kTokens, kHidden));
  CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&yDesc, CUDA_R_32F, kOut, kTokens, kOut));
  cublasLtMatmulHeuristicResult_t heuristic = {};
  int found = 0;
  CUBLAS_CHECK(cublasLtMatmulAlgoGetHeuristic(lt, op, wDesc, xDesc, yDesc, yDesc, preference, 1,
                                              &heuristic, &found));
  const float alpha = 1.0f, beta = 0.0f;
  if (found > 0)
    CUBLAS_CHECK(cublasLtMatmul(lt, op, &alpha, W, wDesc, X, xDesc, &beta, Y, yDesc, Y, yDesc,
                                &heuristic.algo, workspace, workspaceSize, 0));
  cublasLtMatrixLayoutDestroy(yDesc);
  cublasLtMatrixLayoutDestroy(xDesc);
  cublasLtMatrixLayoutDestroy(wDesc);
  cublasLtMatmulPreferenceDestroy(preference);
  cublasLtMatmulDescDestroy(op);
}

// The descriptor: W transposed, the bias-and-ReLU epilogue.
static cublasLtMatmulDesc_t linearDesc() {
  cublasLtMatmulDesc_t op = nullptr;
  CUBLAS_CHECK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  const cublasOperation_t transW = CUBLAS_OP_T;
  CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &transW, sizeof(transW)));
  const cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_RELU_BIAS;
  CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue)));
  return op;
}

void ltLinear(cublasLtHandle_t lt, const float *X, const float *W, const float *bias,
              float *Y, void *workspace, size_t workspaceSize) {
  cublasLtMatmulDesc_t op = linearDesc();
  // The attribute holds the pointer: pass the address of a variable holding it.
  CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias)));
  cublasLtMatmulPreference_t preference = nullptr;
  CUBLAS_CHECK(cublasLtMatmulPreferenceCreate(&preference));
  CUBLAS_CHECK(cublasLtMatmulPreferenceSetAttribute(
      preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspaceSize, sizeof(workspaceSize)));
  runLinear(lt, op, preference, X, W, Y, workspace, workspaceSize);
}

// Two encodings cuBLASLt cannot see through: the bias buffer itself where
// the address of a variable holding the pointer belongs (cuBLASLt reads 8
// bytes of device memory as if it were host memory), and the workspace limit
// kept in a 32-bit variable (the setter returns CUBLAS_STATUS_INVALID_VALUE
// and the limit stays 0: only algorithms without workspace are considered).
void ltLinearBuggy(cublasLtHandle_t lt, const float *X, const float *W, const float *bias,
                   float *Y, void *workspace, size_t workspaceSize) {
  cublasLtMatmulDesc_t op = linearDesc();
  CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, bias, sizeof(bias)));
  cublasLtMatmulPreference_t preference = nullptr;
  CUBLAS_CHECK(cublasLtMatmulPreferenceCreate(&preference));
  const unsigned workspaceLimit = static_cast<unsigned>(workspaceSize);
  CUBLAS_CHECK(cublasLtMatmulPreferenceSetAttribute(
      preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspaceLimit, sizeof(workspaceLimit)));
  runLinear(lt, op, preference, X, W, Y, workspace, workspaceSize);
}
