// The verdict cache: a repeated valid call is answered without gathering
// its facts again, and stays correct when memory is freed and reused. The
// preload library moves the memory epoch in its cudaMalloc*/cudaFree*
// interposers; here the test does it with gemm::guard::noteMemoryChange
// while its pointer inspector stands in for the CUDA runtime.
// REQUIRES: cuda-runtime
// RUN: %cxx %guard_cxxflags -include gemm/guard.h %s %cuda_libs -o %t
// RUN: %t 2>&1 | %FileCheck %s
// RUN: env GEMM_GUARD_DEPTH=values %t 2>&1 | %FileCheck %s --check-prefix=VALUES
#include <cstdint>
#include <cstdio>
#include <cublas_v2.h>

#include "Inputs/fake_device_memory.h"

int call(const char *What, uintptr_t Offset) {
  cublasHandle_t h = reinterpret_cast<cublasHandle_t>(NeverCreated);
  const float one = 1, zero = 0;
  auto *A = reinterpret_cast<float *>(DeviceBase + Offset);
  const int Before = Inspected;
  const cublasStatus_t S = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 256, 256, 256, &one, A, 256, A, 256, &zero, A, 256);
  std::printf("%s: status %d, %d pointers inspected\n", What, static_cast<int>(S), Inspected - Before);
  return S;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  gemm::guard::setPointerInspector(inspect);
  gemm::guard::setPointerModeInspector(hostMode);
  // Until an allocation was seen, verdicts that took pointer facts are not
  // cached (a program with the static CUDA runtime allocates unseen).
  call("untracked", 0);
  call("untracked again", 0);
  // CHECK: untracked: status 1, 5 pointers inspected
  // CHECK: untracked again: status 1, 5 pointers inspected
  gemm::guard::noteMemoryChange(); // an allocation the guard saw
  call("first", 0);
  call("repeated", 0);
  call("repeated", 0);
  call("other pointer", 4096);
  // CHECK: first: status 1, 5 pointers inspected
  // CHECK: repeated: status 1, 0 pointers inspected
  // CHECK: repeated: status 1, 0 pointers inspected
  // CHECK: other pointer: status 1, 5 pointers inspected
  // The allocation is freed and the address reused for a smaller one.
  AllocSize = 64 << 10;
  gemm::guard::noteMemoryChange();
  call("reused", 0);
  // CHECK: 'A' needs 262144 bytes (lda * (k - 1) + m = 65536 elements of CUDA_R_32F) but only 65536 remain in its allocation [buffer-extent]
  // CHECK: reused: status 7, 5 pointers inspected
  call("reused again", 0);
  // CHECK: reused again: status 7, 5 pointers inspected

  // Depth values: no pointer facts; the verdict depends on the arguments
  // alone and is cached from the first call.
  // VALUES: untracked: status 1, 0 pointers inspected
  // VALUES: untracked again: status 1, 0 pointers inspected
  // VALUES: reused: status 1, 0 pointers inspected
  return 0;
}
