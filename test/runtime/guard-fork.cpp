// A process forks while other threads are inside the guard: no child may
// hang on state the guard shares between threads. 300 forks under load;
// each child makes a valid and an invalid guarded call and exits. A child
// still running after 10 s is killed by its alarm and counted as hung; one
// that fails otherwise is named. The first forks meet the guard's first
// queries of cuBLAS in flight in the other threads (see guard-fork-query.cpp).
// Run through the header and through the preload library.
// REQUIRES: cuda-runtime, guard-preload
// RUN: rm -f %t.log %t.preload.log
// RUN: %cxx %guard_cxxflags -include gemm/guard.h %s %cuda_libs -pthread -o %t
// RUN: env GEMM_GUARD_LOG=%t.log %t 2>/dev/null | %FileCheck %s
// RUN: %cxx %guard_cxxflags %s %cuda_libs -pthread -o %t.plain
// RUN: env LD_PRELOAD=%preload GEMM_GUARD_LOG=%t.preload.log %t.plain 2>/dev/null | %FileCheck %s
// The logs hold a record per call of the other threads (~100 MB): not kept.
// RUN: rm -f %t.log %t.preload.log
// CHECK: 300 children: 300 exited, 0 hung
#include <atomic>
#include <cstdio>
#include <cublas_v2.h>
#include <signal.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

alignas(64) static char NeverCreated[4096];
static float Buffer[64 * 64];

static void calls(int Rows) {
  cublasHandle_t h = reinterpret_cast<cublasHandle_t>(NeverCreated);
  const float one = 1, zero = 0;
  // Invalid (reported and logged) and valid (cuBLAS fails: reported once).
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &one, Buffer, 8, Buffer, 8, &zero, Buffer, 64);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, Rows, 8, 8, &one, Buffer, Rows, Buffer, 8, &zero, Buffer, Rows);
}

int main() {
  std::atomic<bool> Stop{false};
  std::vector<std::thread> Load;
  for (int T = 0; T < 3; ++T)
    Load.emplace_back([&Stop, T] {
      for (int I = 0; !Stop.load(); ++I)
        calls(8 + (I + T) % 32);
    });
  int Exited = 0, Hung = 0;
  for (int C = 0; C < 300; ++C) {
    const pid_t Pid = fork();
    if (Pid == 0) {
      alarm(10);
      calls(8 + C % 32);
      _exit(0);
    }
    int Status = 0;
    waitpid(Pid, &Status, 0);
    if (WIFEXITED(Status) && WEXITSTATUS(Status) == 0)
      ++Exited;
    else if (WIFSIGNALED(Status) && WTERMSIG(Status) == SIGALRM)
      ++Hung;
    else if (WIFSIGNALED(Status))
      std::printf("child %d: killed by signal %d\n", C, WTERMSIG(Status));
    else
      std::printf("child %d: exited %d\n", C, WEXITSTATUS(Status));
  }
  Stop = true;
  for (std::thread &T : Load)
    T.join();
  std::printf("300 children: %d exited, %d hung\n", Exited, Hung);
  return 0;
}
