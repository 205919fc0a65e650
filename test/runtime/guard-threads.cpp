// Concurrent guarded calls from several threads stay clean under
// ThreadSanitizer: the policy, the handler, the report deduplication and the
// log are shared; every invalid call leaves one whole JSON record.
// REQUIRES: cuda-runtime
// RUN: rm -f %t.log
// RUN: %cxx %guard_cxxflags -fsanitize=thread -g -include gemm/guard.h %s %cuda_libs -pthread -o %t
// RUN: env GEMM_GUARD_LOG=%t.log TSAN_OPTIONS=halt_on_error=1:exitcode=66 %t 2>&1 | %FileCheck %s --implicit-check-not=ThreadSanitizer
// RUN: %python %S/check_guard_log.py %t.log --records 1600 --function cublasGemmEx --args 19 --rules ld.operand
// CHECK: handled 1600 findings, valid calls returned 1
#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

static std::atomic<int> Handled{0};
static void count(const gemm::guard::Report &R) {
  Handled += static_cast<int>(R.Findings.size());
}

int main() {
  gemm::guard::setHandler(count);
  std::atomic<int> ValidStatus{-1};
  std::vector<std::thread> Threads;
  for (int T = 0; T < 8; ++T)
    Threads.emplace_back([&ValidStatus] {
      alignas(64) static char NeverCreated[4096];
      cublasHandle_t h = reinterpret_cast<cublasHandle_t>(NeverCreated);
      const float one = 1, zero = 0;
      static float buffer[256];
      for (int I = 0; I < 200; ++I) {
        cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 4, 4, &one, buffer, CUDA_R_32F, 4, buffer, CUDA_R_32F, 4, &zero, buffer, CUDA_R_32F, 16, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
        ValidStatus = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, buffer, CUDA_R_32F, 4, buffer, CUDA_R_32F, 4, &zero, buffer, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
      }
    });
  for (std::thread &T : Threads)
    T.join();
  std::printf("handled %d findings, valid calls returned %d\n", Handled.load(),
              ValidStatus.load());
  return 0;
}
