// Attention scores S = Q * K^T for every head, one strided batched GEMM.
#include "examples.h"

// Q and K are [head][token][kHeadDim] row-major fp16; S is
// [head][query][key] row-major fp32. Column-major view: S^T = K * Q^T.
void attentionScores(cublasHandle_t h, const void *Q, const void *K, void *S) {
  const float alpha = 0.125f, beta = 0.0f; // 1 / sqrt(kHeadDim)
  CUBLAS_CHECK(cublasGemmStridedBatchedEx(
      h, CUBLAS_OP_T, CUBLAS_OP_N, kKeyLen, kQueryLen, kHeadDim, &alpha,
      K, CUDA_R_16F, kHeadDim, static_cast<long long>(kKeyLen) * kHeadDim,
      Q, CUDA_R_16F, kHeadDim, static_cast<long long>(kQueryLen) * kHeadDim,
      &beta, S, CUDA_R_32F, kKeyLen, static_cast<long long>(kQueryLen) * kKeyLen,
      kHeads, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
}

// A causal-prefix variant written for keys longer than queries: with this
// model's kKeyLen < kQueryLen the prefix length is negative, and the head
// count was halved for grouped-query attention with integer division gone
// wrong.
void attentionScoresBuggy(cublasHandle_t h, const void *Q, const void *K, void *S) {
  const float alpha = 0.125f, beta = 0.0f;
  const int prefix = kKeyLen - kQueryLen;
  const int kvGroups = kHeads / 2 - kHeads;
  CUBLAS_CHECK(cublasGemmStridedBatchedEx(
      h, CUBLAS_OP_T, CUBLAS_OP_N, prefix, kQueryLen, kHeadDim, &alpha,
      K, CUDA_R_16F, kHeadDim, static_cast<long long>(kKeyLen) * kHeadDim,
      Q, CUDA_R_16F, kHeadDim, static_cast<long long>(kQueryLen) * kHeadDim,
      &beta, S, CUDA_R_32F, kKeyLen, static_cast<long long>(kQueryLen) * kKeyLen,
      kvGroups, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
}
