// The header route as a program compiled with it sees an allocation: the
// cudaMalloc and cudaFree below go through gemm/guard.h's macros (no
// GEMM_GUARD_NO_MACROS here, unlike GuardBench.cpp). Without a GPU both fail,
// and are still memory changes the guard hears of.
#include "gemm/guard.h"

void allocateThroughHeaderRoute() {
  void *P = nullptr;
  cudaMalloc(&P, 64);
  cudaFree(P);
}
