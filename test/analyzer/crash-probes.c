// Crash probe in C: K&R declarations of the API's names, called with any
// number of arguments, are neither modelled nor checked.
// REQUIRES: gemm-analyzer
// RUN: %clang_analyze_gemm -x c -std=c89 -Wno-implicit-function-declaration %s
// expected-no-diagnostics

int cublasCreate_v2();
int cublasSgemm_v2();
int cudaMalloc();

void kr(void) {
  void *h;
  void *p;
  cublasCreate_v2(&h, 1, 2);
  cudaMalloc(&p);
  cublasSgemm_v2(h, 0, 0, -1);
}
