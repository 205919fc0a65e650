// Shared declarations of the gemm-tidy example program.
#pragma once
#include <cublas_v2.h>
#include <cstdio>

#define CUBLAS_CHECK(call)                                                     \
  do {                                                                         \
    cublasStatus_t status_ = (call);                                           \
    if (status_ != CUBLAS_STATUS_SUCCESS)                                      \
      std::fprintf(stderr, "%s:%d: %s failed with status %d\n", __FILE__,     \
                   __LINE__, #call, static_cast<int>(status_));                \
  } while (0)

// Problem sizes of the example model.
constexpr int kTokens = 512;  // rows of the activations
constexpr int kHidden = 256;  // hidden size
constexpr int kOut = 128;     // output features
constexpr int kHeads = 8;
constexpr int kHeadDim = 64;
constexpr int kQueryLen = 128;
constexpr int kKeyLen = 96;

void rowMajorMatmul(cublasHandle_t h, const float *A, const float *B, float *C);
void rowMajorMatmulBuggy(cublasHandle_t h, const float *A, const float *B, float *C);
void halfLinear(cublasHandle_t h, const void *X, const void *W, void *Y);
void halfLinearBuggy(cublasHandle_t h, const void *X, const void *W, void *Y);
void attentionScores(cublasHandle_t h, const void *Q, const void *K, void *S);
void attentionScoresBuggy(cublasHandle_t h, const void *Q, const void *K, void *S);
void int8Linear(cublasHandle_t h, const void *X, const void *W, void *Y);
void int8LinearBuggy(cublasHandle_t h, const void *X, const void *W, void *Y);

// cuBLASLt (lt_linear.cpp); a cublasHandle_t may be cast to cublasLtHandle_t.
typedef struct cublasLtContext *cublasLtHandle_t;
void ltLinear(cublasLtHandle_t lt, const float *X, const float *W, const float *bias,
              float *Y, void *workspace, size_t workspaceSize);
void ltLinearBuggy(cublasLtHandle_t lt, const float *X, const float *W, const float *bias,
                   float *Y, void *workspace, size_t workspaceSize);
