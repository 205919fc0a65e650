// Hostile arguments never crash the guard: a garbage handle, a scalar at an
// unreadable address, grouped host arrays shorter than group_count or null,
// and more groups than any earlier bound. Each case failed (SIGSEGV or a
// silent "valid") before the guard stopped asking handles and started
// reading host memory only where it is readable.
// REQUIRES: cuda-runtime
// RUN: %cxx %guard_cxxflags -include gemm/guard.h %s %cuda_libs -o %t
// RUN: %t 2>&1 | %FileCheck %s --implicit-check-not="status -"
// RUN: env GEMM_GUARD_DEPTH=values %t 2>&1 | %FileCheck %s --check-prefix=VALUES
#include <cublas_v2.h>
#include <cstdint>
#include <cstdio>
#include <sys/mman.h>
#include <vector>

#define CALL(what, expr)                                                       \
  std::printf("%s: status %d\n", what, static_cast<int>(expr))

// Every address is host memory to this inspector, as cudaPointerGetAttributes
// says of any address it does not know on a machine with a GPU.
gemm::guard::PointerInfo pageable(const void *) {
  gemm::guard::PointerInfo Info;
  Info.Where = gemm::rules::Residency::Pageable;
  return Info;
}
cublasPointerMode_t Mode = CUBLAS_POINTER_MODE_HOST;
bool inspectMode(cublasHandle_t, cublasPointerMode_t *M) {
  *M = Mode;
  return true;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  const float one = 1, zero = 0;
  static float buffer[64 * 64];

  // A garbage handle (or what a failed cublasCreate leaves): the value rules
  // are decided and reported; the handle is never asked anything.
  cublasHandle_t garbage = reinterpret_cast<cublasHandle_t>(0xdeadbeef);
  CALL("garbage handle", cublasSgemm(garbage, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &one, buffer, 8, buffer, 8, &zero, buffer, 64));
  // CHECK: cublasSgemm_v2: 'lda' (8) must be at least max(1, m) = 64
  // CHECK-NEXT: garbage handle: status 7

  // A null handle is a finding (docs/rules.md, `pointer.null-handle`), not a
  // valid call; rejected with the status cuBLAS gives it,
  // CUBLAS_STATUS_NOT_INITIALIZED (1).
  CALL("null handle", cublasSgemm(nullptr, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, buffer, 8, buffer, 8, &zero, buffer, 8));
  // CHECK: cublasSgemm_v2: 'handle' is null; create one with cublasCreate [scalar-pointer-mode]
  // CHECK-NEXT: null handle: status 1
  // VALUES: 'handle' is null
  // VALUES: null handle: status 1

  gemm::guard::setPointerInspector(pageable);
  gemm::guard::setPointerModeInspector(inspectMode);
  alignas(64) static char NeverCreated[4096];
  cublasHandle_t h = reinterpret_cast<cublasHandle_t>(NeverCreated);
  const float *unmapped = reinterpret_cast<const float *>(0x10);

  // Device pointer mode: beta is a device address, never read on the host.
  Mode = CUBLAS_POINTER_MODE_DEVICE;
  CALL("device-mode beta", cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, unmapped, buffer, 8, buffer, 8, unmapped, static_cast<float *>(nullptr), 8));
  // CHECK: device-mode beta: status 7
  // Host mode, beta not readable: whether C is read stays unknown, silently.
  Mode = CUBLAS_POINTER_MODE_HOST;
  CALL("unreadable beta", cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, buffer, 8, buffer, 8, unmapped, static_cast<float *>(nullptr), 8));
  // CHECK-NOT: 'C' is null but 'beta' is not zero
  // CHECK: unreadable beta: status 1
  // Host mode, readable beta: the rule applies.
  CALL("readable beta", cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, buffer, 8, buffer, 8, &one, static_cast<float *>(nullptr), 8));
  // CHECK: 'C' is null but 'beta' is not zero, so C is read
  // CHECK-NEXT: readable beta: status 7

  // Grouped: host arrays of two entries at the end of a page, group_count
  // 1000. cuBLAS reads one entry per group; the guard reads what is there.
  const long Page = 4096;
  auto *Pages = static_cast<char *>(mmap(nullptr, 2 * Page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  mprotect(Pages + Page, Page, PROT_NONE);
  int *shortInts = reinterpret_cast<int *>(Pages + Page) - 2;
  shortInts[0] = shortInts[1] = 8;
  auto *shortOps = reinterpret_cast<cublasOperation_t *>(shortInts);
  float *const cArr[1] = {buffer};
  const float *const abArr[1] = {buffer};
  float scalars[2] = {1, 0};
  CALL("short arrays", cublasSgemmGroupedBatched(h, shortOps, shortOps, shortInts, shortInts, shortInts, scalars, abArr, shortInts, abArr, shortInts, scalars, cArr, shortInts, 1000, shortInts));
  // CHECK: cublasSgemmGroupedBatched: 'transa_array' ends at entry 2 (the next one is not readable memory) but 'group_count' is 1000: cuBLAS reads one entry per group [buffer-extent]
  // CHECK: 'group_size' ends at entry 2
  // CHECK: short arrays: status 7

  // Null host arrays with groups to read.
  std::vector<int> eights(2, 8);
  std::vector<cublasOperation_t> ops(2, CUBLAS_OP_N);
  CALL("null arrays", cublasSgemmGroupedBatched(h, nullptr, ops.data(), eights.data(), eights.data(), eights.data(), nullptr, abArr, eights.data(), abArr, eights.data(), scalars, cArr, eights.data(), 2, nullptr));
  // CHECK: 'transa_array' is null but 'group_count' is 2: cuBLAS reads one entry per group [scalar-pointer-mode]
  // CHECK: 'alpha_array' is null but 'group_count' is 2
  // CHECK: 'group_size' is null but 'group_count' is 2
  // CHECK: null arrays: status 7
  // No groups, nothing read: null arrays are fine.
  CALL("no groups", cublasSgemmGroupedBatched(h, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, 0, nullptr));
  // CHECK-NOT: is null but 'group_count'
  // CHECK: no groups: status 1

  // 70,000 groups: every one is checked, the last one too.
  const int Groups = 70000;
  std::vector<int> ms(Groups, 8), lds(Groups, 8), sizes(Groups, 1);
  std::vector<cublasOperation_t> ns(Groups, CUBLAS_OP_N);
  std::vector<float> alphas(Groups, 1), betas(Groups, 0);
  lds[Groups - 1] = 4;
  CALL("many groups", cublasSgemmGroupedBatched(h, ns.data(), ns.data(), ms.data(), ms.data(), ms.data(), alphas.data(), abArr, lds.data(), abArr, lds.data(), betas.data(), cArr, lds.data(), Groups, sizes.data()));
  // CHECK: 'lda_array[69999]' (4) must be at least max(1, m_array[69999]) = 8
  // CHECK: many groups: status 7
  return 0;
}
