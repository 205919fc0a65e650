// FuzzGuard.h - what the fuzz targets of the runtime guards share: the input
// being run, an arena of readable memory between inaccessible pages, and a
// pointer inspector that answers from the input. Include after gemm/guard.h.
#ifndef GEMM_TEST_FUZZ_FUZZGUARD_H
#define GEMM_TEST_FUZZ_FUZZGUARD_H

#include "FuzzInput.h"

#include <cstring>
#include <sys/mman.h>

namespace gemm_fuzz {

// The input the current LLVMFuzzerTestOneInput runs; inspectors read it.
inline Input *Current = nullptr;

// 64 KiB of readable memory between two inaccessible pages: host arrays,
// scalars and buffers point into it, and reads past either end fault (for
// anything but the guard's own checked reads).
constexpr size_t ArenaSize = 64 << 10, PageSize = 4096;
inline unsigned char *arena() {
  static unsigned char *A = [] {
    auto *M = static_cast<unsigned char *>(
        mmap(nullptr, ArenaSize + 2 * PageSize, PROT_NONE,
             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    mprotect(M + PageSize, ArenaSize, PROT_READ | PROT_WRITE);
    return M + PageSize;
  }();
  return A;
}

// Starts a run: the arena holds the input itself, so that what points into
// it reads the fuzzer's bytes.
inline void begin(Input &In, const uint8_t *Data, size_t Size) {
  Current = &In;
  std::memset(arena(), 0, ArenaSize);
  std::memcpy(arena(), Data, Size < ArenaSize ? Size : ArenaSize);
}

// A garbage address: in the unmapped first 64 KiB, or in the kernel's half
// (terabytes of readable shadow memory in between would make a large count
// of host entries read for hours).
inline uintptr_t garbageAddress(Input &In) {
  const uint64_t Raw = In.raw();
  return static_cast<uintptr_t>(Raw & 1 ? Raw & 0xffff
                                        : Raw | 0xffff800000000000ull);
}

// Pointer facts from the input: any residency, any allocation extent.
inline gemm::guard::PointerInfo inspect(const void *) {
  gemm::guard::PointerInfo Info;
  Input &In = *Current;
  Info.Where = static_cast<gemm::rules::Residency>(In.byte() % 5);
  if (In.flag()) {
    Info.AllocBegin = In.raw();
    Info.AllocEnd = In.raw();
  }
  return Info;
}

} // namespace gemm_fuzz

#endif // GEMM_TEST_FUZZ_FUZZGUARD_H
