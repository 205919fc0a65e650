//===--- LtGuardPreload.cpp - gemm-tidy runtime guard for cuBLASLt -------===//
//
// The cuBLASLt half of libgemm_guard_preload.so: defines the cuBLASLt
// object and matmul entry points, keeps the shadow state and checks with the
// same code as gemm/lt_guard.h, and forwards to the real libcublasLt found
// with gemm::runtime::realSymbol. Without source types, the pointee-type
// rules (LT-TYPE-ALPHA, LT-ATTR-PTRBUF, LT-ATTR-TYPE) stay silent here.
//
// Calls that cuBLAS itself makes into cuBLASLt (cublasGemmEx is built on
// cublasLtMatmul) are forwarded unchecked: their descriptors are cuBLAS's.
//
//===----------------------------------------------------------------------===//

#include "GuardFunction.h"
#define GEMM_GUARD_NO_MACROS
#include "gemm/lt_guard.h"

namespace {

using gemm::guard::CallSite;
using gemm::runtime::isInLibrary;
using gemm::runtime::Library;
namespace lt = gemm::guard::lt::detail;

// Whether the return address lies in libcublas or libcublasLt: a small
// lock-free cache in front of dladdr.
bool fromCublas(const void *Caller) {
  static std::atomic<uintptr_t> Cache[32] = {};
  const uintptr_t Key = reinterpret_cast<uintptr_t>(Caller) & ~uintptr_t{1};
  std::atomic<uintptr_t> &Slot = Cache[(Key >> 4) % 32];
  const uintptr_t Hit = Slot.load(std::memory_order_relaxed);
  if ((Hit & ~uintptr_t{1}) == Key)
    return Hit & 1;
  const bool Inside = isInLibrary(Library::Cublas, Caller) ||
                      isInLibrary(Library::CublasLt, Caller);
  Slot.store(Key | (Inside ? 1 : 0), std::memory_order_relaxed);
  return Inside;
}

} // namespace

// The real function (resolved on first use, lock-free), or the call fails
// with CUBLAS_STATUS_NOT_INITIALIZED; decltype of the header's declaration
// keeps the signature exact.
#define GEMM_LT_REAL(NAME)                                                     \
  const auto Real = GEMM_GUARD_FUNCTION(CublasLt, NAME);                       \
  if (!Real) {                                                                 \
    static std::atomic<bool> Said{false};                                      \
    return gemm::runtime::missingFunction(Said, "cuBLASLt", #NAME);            \
  }
#define GEMM_LT_SITE                                                           \
  const CallSite Site{nullptr, 0, __builtin_return_address(0)};                \
  if (fromCublas(Site.Caller))                                                 \
    return Real

#define GEMM_EXPORT extern "C" __attribute__((visibility("default")))

// The entry points, one per row of tools/gen-guard-sources.py's
// LT_FUNCTIONS, with the prototypes of cublasLt.h: each resolves the real
// function, forwards cuBLAS's own calls, and calls its handler.
#define GEMM_LT_PRELOAD(NAME, PARAMS, ARGS, CALL)                               \
  GEMM_EXPORT cublasStatus_t NAME PARAMS {                                      \
    GEMM_LT_REAL(NAME);                                                        \
    GEMM_LT_SITE ARGS;                                                         \
    return lt::CALL;                                                           \
  }
// (The cuBLAS and CUDA runtime rows are GuardPreload.cpp's.)
#define GEMM_PRELOAD(NAME, PARAMS, ARGS)
#define GEMM_PRELOAD_HANDLE(NAME, PARAMS, ARGS)
#define GEMM_PRELOAD_MEMORY(NAME, PARAMS, ARGS)
#include "GuardPreloadFunctions.inc"
