// Runs the correct paths of the examples on a GPU; `--buggy` runs the
// mistaken ones too (see them fail, or try the runtime guard on them).
#include "examples.h"
#include <cstring>
#include <cuda_runtime.h>

int main(int argc, char **argv) {
  const bool buggy = argc > 1 && std::strcmp(argv[1], "--buggy") == 0;
  cublasHandle_t h = nullptr;
  if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS) {
    std::fprintf(stderr, "cublasCreate failed: no usable GPU\n");
    return 1;
  }
  const size_t bytes = sizeof(float) * kTokens * kHidden * kHeads * 4;
  void *a = nullptr, *b = nullptr, *c = nullptr;
  cudaMalloc(&a, bytes);
  cudaMalloc(&b, bytes);
  cudaMalloc(&c, bytes);
  auto *fa = static_cast<float *>(a), *fb = static_cast<float *>(b), *fc = static_cast<float *>(c);

  rowMajorMatmul(h, fa, fb, fc);
  halfLinear(h, a, b, c);
  attentionScores(h, a, b, c);
  int8Linear(h, a, b, c);
  const auto lt = reinterpret_cast<cublasLtHandle_t>(h);
  const size_t workspaceSize = 4u << 20;
  void *workspace = nullptr;
  cudaMalloc(&workspace, workspaceSize);
  ltLinear(lt, fa, fb, fc, fc, workspace, workspaceSize);
  if (buggy) {
    rowMajorMatmulBuggy(h, fa, fb, fc);
    halfLinearBuggy(h, a, b, c);
    attentionScoresBuggy(h, a, b, c);
    int8LinearBuggy(h, a, b, c);
    ltLinearBuggy(lt, fa, fb, fc, fc, workspace, workspaceSize);
  }
  cudaDeviceSynchronize();
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  cudaFree(workspace);
  cublasDestroy(h);
  return 0;
}
