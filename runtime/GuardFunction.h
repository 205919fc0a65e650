//===--- GuardFunction.h - how the preload reaches the real libraries ----===//
//
// GEMM_GUARD_FUNCTION for libgemm_guard_preload.so: every function of a real
// library the guard headers call (gemm/guard.h, gemm/lt_guard.h) is found
// with RealSymbols.h on first use and cached in an atomic, never linked.
// Every source of the preload includes this before the guard headers, so
// that their inline functions mean the same in all of them.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_GUARDFUNCTION_H
#define GEMM_RUNTIME_GUARDFUNCTION_H

#include "RealSymbols.h"

#include <atomic>
#include <cublas_api.h>
#include <cuda_runtime_api.h>

namespace gemm::runtime {

// A function of a real library, resolved on first use and cached; looked
// up again while not found (the library may be loaded later).
template <class Fn>
inline Fn cachedSymbol(std::atomic<void *> &Slot, Library Lib, const char *Name) {
  void *P = Slot.load(std::memory_order_acquire);
  if (!P && (P = realSymbol(Lib, Name)))
    Slot.store(P, std::memory_order_release);
  return reinterpret_cast<Fn>(P);
}

// The real function `Name` of `Library` ("cuBLAS", "cuBLASLt") was not
// found: says so once per function (Said) and returns the status the call
// fails with instead of the process (GuardPreload.cpp).
cublasStatus_t missingFunction(std::atomic<bool> &Said, const char *Library,
                               const char *Name);

} // namespace gemm::runtime

#define GEMM_GUARD_FUNCTION(LIBRARY, NAME)                                     \
  ([] {                                                                        \
    static std::atomic<void *> Slot{nullptr};                                  \
    return ::gemm::runtime::cachedSymbol<decltype(&::NAME)>(                   \
        Slot, ::gemm::runtime::Library::LIBRARY, #NAME);                       \
  }())

#endif // GEMM_RUNTIME_GUARDFUNCTION_H
