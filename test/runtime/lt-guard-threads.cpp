// The cuBLASLt guard's shadow state under concurrency, reuse and fork:
// threads create, set, check and destroy their own objects (clean under
// ThreadSanitizer, every bad setup found); far more objects than the table
// has slots come and go without losing track of the live ones; a forked
// child goes on checking.
// REQUIRES: cuda-runtime
// RUN: %cxx %guard_cxxflags -fsanitize=thread -g -include gemm/lt_guard.h %s %cuda_libs -lcublasLt -pthread -o %t
// RUN: env TSAN_OPTIONS=halt_on_error=1:exitcode=66 %t 2>&1 | %FileCheck %s --implicit-check-not=ThreadSanitizer
// CHECK: threads: 1600 findings
// CHECK-NEXT: after 10000 objects: 1 findings
// CHECK-NEXT: child: 1 findings
// CHECK-NEXT: parent: child exited 0
#include <atomic>
#include <cstdio>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

static std::atomic<int> Found{0};
static void count(const gemm::guard::lt::LtReport &R) {
  Found += static_cast<int>(R.Findings.size());
}

// One bad (ld 8 < 16 rows) and one valid heuristic query on fresh objects.
static void once(bool Bad) {
  cublasLtMatmulDesc_t Op;
  cublasLtMatrixLayout_t A, B, C;
  cublasLtMatmulDescCreate(&Op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&A, CUDA_R_32F, 16, 16, 16);
  cublasLtMatrixLayoutCreate(&B, CUDA_R_32F, 16, 16, 16);
  cublasLtMatrixLayoutCreate(&C, CUDA_R_32F, 16, 16, 16);
  const int64_t Ld = Bad ? 8 : 16;
  cublasLtMatrixLayoutSetAttribute(A, CUBLASLT_MATRIX_LAYOUT_LD, &Ld, sizeof(Ld));
  cublasLtMatmulHeuristicResult_t R[1];
  int N = 0;
  cublasLtMatmulAlgoGetHeuristic(nullptr, Op, A, B, C, C, nullptr, 1, R, &N);
  cublasLtMatrixLayoutDestroy(A);
  cublasLtMatrixLayoutDestroy(B);
  cublasLtMatrixLayoutDestroy(C);
  cublasLtMatmulDescDestroy(Op);
}

int main() {
  gemm::guard::lt::setHandler(count);
  std::vector<std::thread> Threads;
  for (int T = 0; T < 8; ++T)
    Threads.emplace_back([] {
      for (int I = 0; I < 200; ++I) {
        once(true);
        once(false);
      }
    });
  for (std::thread &T : Threads)
    T.join();
  std::printf("threads: %d findings\n", Found.exchange(0));

  // No growth on reuse: 10000 objects through a table of 2048 slots.
  for (int I = 0; I < 2500; ++I)
    once(false);
  once(true);
  std::printf("after 10000 objects: %d findings\n", Found.exchange(0));

  std::fflush(stdout);
  const pid_t Child = fork();
  if (Child == 0) {
    once(true);
    std::printf("child: %d findings\n", Found.load());
    std::fflush(stdout);
    _exit(0);
  }
  int Status = 0;
  waitpid(Child, &Status, 0);
  std::printf("parent: child exited %d\n", WIFEXITED(Status) ? WEXITSTATUS(Status) : -1);
  return 0;
}
