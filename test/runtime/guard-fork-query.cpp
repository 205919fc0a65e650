// A child forked while another thread is inside one of the guard's own
// queries of the CUDA libraries must ask them nothing: a lock the library
// held for that query stays held in the child for ever (cuBLASLt's one-time
// initialisers, inside cublasGetProperty, did this under load). Here the
// query is cudaPointerGetAttributes, replaced by one that holds a lock
// while it runs. The child still checks its calls on their values, says
// once what it no longer checks, and exits.
// REQUIRES: cuda-runtime
// RUN: %cxx %guard_cxxflags -include gemm/guard.h %s %cuda_libs -pthread -o %t
// RUN: %t 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=ERR %s < %t.err
// CHECK: child: exited 0
// CHECK-NEXT: parent: its queries answered
// ERR: gemm-guard: this process was forked while another thread was asking the CUDA libraries for a version, a device's attributes or a pointer's residency; it asks them nothing more, so rules that need those facts are not checked here
// ERR-NEXT: gemm-guard: {{.*}}guard-fork-query.cpp:[[#CALL:]]: cublasSgemm_v2: 'lda' (8) must be at least max(1, m) = 64
// ERR-NOT: forked while
// ERR: gemm-guard: {{.*}}guard-fork-query.cpp:[[#CALL]]: cublasSgemm_v2: 'lda' (8) must be at least max(1, m) = 64
// ERR-NOT: forked while
#include <atomic>
#include <cstdio>
#include <cstring>
#include <cublas_v2.h>
#include <mutex>
#include <signal.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

static std::mutex LibraryLock; // the library's own, held while it answers
static std::atomic<bool> Inside{false}, Release{false};
static std::atomic<int> Answered{0};

// Replaces the CUDA runtime's (the executable's definition comes first).
extern "C" cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *Attr,
                                                const void *) {
  std::lock_guard<std::mutex> Held(LibraryLock);
  Inside = true;
  while (!Release)
    usleep(1000);
  std::memset(Attr, 0, sizeof *Attr);
  Attr->type = cudaMemoryTypeUnregistered;
  ++Answered;
  return cudaSuccess;
}

alignas(64) static char NeverCreated[4096];
static float Buffer[64 * 64];

static void call() {
  cublasHandle_t H = reinterpret_cast<cublasHandle_t>(NeverCreated);
  const float One = 1, Zero = 0;
  cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &One, Buffer, 8, Buffer, 8, &Zero, Buffer, 64);
}

int main() {
  std::thread Asker(call); // stops inside its first pointer query
  while (!Inside)
    usleep(1000);
  const pid_t Pid = fork();
  if (Pid == 0) {
    alarm(10);
    call();
    _exit(0);
  }
  int Status = 0;
  waitpid(Pid, &Status, 0);
  if (WIFEXITED(Status))
    std::printf("child: exited %d\n", WEXITSTATUS(Status));
  else
    std::printf("child: killed by signal %d\n", WTERMSIG(Status));
  std::fflush(stdout);
  Release = true;
  Asker.join();
  std::printf("parent: %s\n", Answered > 0 ? "its queries answered" : "no query answered");
  return 0;
}
