// The header route sees the program's allocations as the preload library
// does: its macros tell the guard of each cudaMalloc*/cudaFree* call the
// program makes, so a repeated valid call is answered from the verdict cache,
// and a call after memory was freed and reused is checked afresh. The CUDA
// runtime's own overloads, default arguments and a literal 0 stream still
// apply (no GPU here: the allocations fail, and are still memory changes).
// The pointer inspector stands in for the CUDA runtime's pointer queries.
// REQUIRES: cuda-runtime
// RUN: %cxx %guard_cxxflags -include gemm/guard.h %s %cuda_libs -o %t
// RUN: %t 2>&1 | %FileCheck %s
#include <cstdint>
#include <cstdio>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include "Inputs/fake_device_memory.h"

void call(const char *What) {
  cublasHandle_t h = reinterpret_cast<cublasHandle_t>(NeverCreated);
  const float one = 1, zero = 0;
  auto *A = reinterpret_cast<float *>(DeviceBase);
  const int Before = Inspected;
  const cublasStatus_t S = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 256, 256, 256, &one, A, 256, A, 256, &zero, A, 256);
  std::printf("%s: status %d, %d pointers inspected\n", What, static_cast<int>(S), Inspected - Before);
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  gemm::guard::setPointerInspector(inspect);
  gemm::guard::setPointerModeInspector(hostMode);
  call("before any allocation");
  call("again");
  // CHECK: before any allocation: status 1, 5 pointers inspected
  // CHECK: again: status 1, 5 pointers inspected

  float *Weights = nullptr;
  cudaMalloc(&Weights, AllocSize); // the runtime's template overload
  call("first");
  call("repeated");
  call("repeated");
  // CHECK: first: status 1, 5 pointers inspected
  // CHECK: repeated: status 1, 0 pointers inspected
  // CHECK: repeated: status 1, 0 pointers inspected

  // Freed, and the address reused for a smaller allocation.
  ::cudaFree(Weights);
  AllocSize = 64 << 10;
  void *Smaller = nullptr;
  ::cudaMalloc(&Smaller, AllocSize);
  call("reused");
  // CHECK: 'A' needs 262144 bytes (lda * (k - 1) + m = 65536 elements of CUDA_R_32F) but only 65536 remain in its allocation [buffer-extent]
  // CHECK: reused: status 7, 5 pointers inspected

  // Every allocation function moves the epoch, whichever overload is called.
  AllocSize = 1 << 20;
  const auto After = [](const char *What) {
    call(What);
    call("cached");
  };
  cudaFree(0);
  After("cudaFree(0)");
  float *Managed = nullptr, *Pinned = nullptr, *Pitched = nullptr, *Async = nullptr;
  size_t Pitch = 0;
  cudaMallocManaged(&Managed, 64);
  After("cudaMallocManaged");
  cudaMallocHost(&Pinned, 64);
  After("cudaMallocHost");
  cudaMallocPitch(&Pitched, &Pitch, 256, 4);
  After("cudaMallocPitch");
  cudaMallocAsync(&Async, 64, 0);
  After("cudaMallocAsync");
  cudaFreeAsync(Async, 0);
  After("cudaFreeAsync");
  cudaHostRegister(NeverCreated, sizeof(NeverCreated), cudaHostRegisterDefault);
  After("cudaHostRegister");
  // CHECK: cudaFree(0): status 1, 5 pointers inspected
  // CHECK-NEXT: cached: status 1, 0 pointers inspected
  // CHECK-NEXT: cudaMallocManaged: status 1, 5 pointers inspected
  // CHECK-NEXT: cached: status 1, 0 pointers inspected
  // CHECK-NEXT: cudaMallocHost: status 1, 5 pointers inspected
  // CHECK-NEXT: cached: status 1, 0 pointers inspected
  // CHECK-NEXT: cudaMallocPitch: status 1, 5 pointers inspected
  // CHECK-NEXT: cached: status 1, 0 pointers inspected
  // CHECK-NEXT: cudaMallocAsync: status 1, 5 pointers inspected
  // CHECK-NEXT: cached: status 1, 0 pointers inspected
  // CHECK-NEXT: cudaFreeAsync: status 1, 5 pointers inspected
  // CHECK-NEXT: cached: status 1, 0 pointers inspected
  // CHECK-NEXT: cudaHostRegister: status 1, 5 pointers inspected
  // CHECK-NEXT: cached: status 1, 0 pointers inspected
  return 0;
}
