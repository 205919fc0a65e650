// gemm/guard.h - the gemm-tidy runtime guard.
//
// Checks every call of the cuBLAS GEMM family on real values before cuBLAS
// sees it, with the rules core the clang-tidy checks use, plus what only a
// run knows: the handle's pointer mode, where alpha and beta live, the
// alignment of the pointers and the extents of their allocations.
//
// Two ways in (docs/runtime-guard.md):
//   * whole translation unit: compile with `-include gemm/guard.h`, or
//     include it after cublas_v2.h. Every call of the family is rerouted
//     through the checks with the caller's file and line, and keeps the
//     static types of its arguments, so the pointee types of alpha, beta, A,
//     B and C are checked too. C translation units compile unchanged and
//     unguarded (the preload library guards them).
//   * explicit: define GEMM_GUARD_NO_MACROS before including, then call
//     gemm::guard::cublasGemmEx(...) (and every other name of the family)
//     with the same arguments as cuBLAS's function.
//
// Policy, from the environment (read once):
//   GEMM_GUARD=error (default) report; a finding cuBLAS rejects or that
//                              crashes or corrupts memory returns
//                              CUBLAS_STATUS_INVALID_VALUE without calling
//                              cuBLAS; advisory findings only report
//              abort            report, then abort() on a blocking finding
//              warn             report, then call cuBLAS anyway
//              off              call cuBLAS, check nothing
//   GEMM_GUARD_DEPTH=values     the rules on argument values only
//                    pointers   (default) also pointer mode, residency,
//                               alignment and allocation extents
//   GEMM_GUARD_LOG=<file>       append one JSON object per call with findings
//   GEMM_GUARD_IGNORE=<list>    comma-separated check names (precision-loss),
//                               rule ids (ld.operand) and file:line call
//                               sites whose findings are dropped
//
// The guard takes no lock on any path: every shared value is an atomic, so a
// process may fork while other threads are inside it.
#ifndef GEMM_GUARD_H
#define GEMM_GUARD_H

#if defined(__cplusplus) && __cplusplus < 201703L
#error "gemm/guard.h needs C++17 or later (-std=c++17); check a C++14 program unmodified with the preload library (libgemm_guard_preload.so, see docs/runtime-guard.md)"
#elif defined(__cplusplus)

#include "gemm/rules.h"

#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime_api.h>
#include <dlfcn.h>

#include <atomic>
#include <cerrno>
#include <complex>
#include <cxxabi.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <mutex>
#include <pthread.h>
#include <string>
#include <sys/auxv.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <tuple>
#include <type_traits>
#include <unistd.h>
#include <unordered_map>
#include <utility>
#include <vector>

// How the guard reaches the cuBLAS and CUDA runtime functions it calls
// besides the one it checks: a function pointer, or null where the process
// has none. The header route links them; libgemm_guard_preload.so, which
// links neither library, resolves them at run time.
#ifndef GEMM_GUARD_FUNCTION
#define GEMM_GUARD_FUNCTION(LIBRARY, NAME) (&::NAME)
#endif


// The guard, one concern a header (each included once, in this order).
#include "gemm/guard/policy.h"
#include "gemm/guard/handles.h"
#include "gemm/guard/memory.h"
#include "gemm/guard/collect.h"
#include "gemm/guard/verdict_cache.h"
#include "gemm/guard/call_site.h"
#include "gemm/guard/report.h"
#include "gemm/guard/call.h"


// What the header route's macros expand to: global names, so that a
// qualified call (::cublasSgemm(...)) still compiles.
#define GEMM_GUARD_GLOBAL(NAME, ...)                                           \
  template <class... A>                                                        \
  inline cublasStatus_t gemm_guard_##NAME(const ::gemm::guard::CallSite &Site, \
                                          A... Args) {                         \
    return ::gemm::guard::detail::invoke<::gemm::guard::detail::NAME##_tag>(   \
        Site, Args...);                                                        \
  }
GEMM_RULES_FOR_EACH_CUBLAS_API(GEMM_GUARD_GLOBAL)
#undef GEMM_GUARD_GLOBAL
inline cublasStatus_t gemm_guard_cublasCreate_v2(cublasHandle_t *Handle) {
  return ::gemm::guard::cublasCreate_v2(Handle);
}
inline cublasStatus_t gemm_guard_cublasSetPointerMode_v2(cublasHandle_t Handle,
                                                         cublasPointerMode_t Mode) {
  return ::gemm::guard::cublasSetPointerMode_v2(Handle, Mode);
}
inline cublasStatus_t gemm_guard_cublasDestroy_v2(cublasHandle_t Handle) {
  return ::gemm::guard::cublasDestroy_v2(Handle);
}
// What the header route's allocation macros wrap a call of the CUDA
// runtime's cudaMalloc, cudaFree and kin in: the call has returned, so the
// memory it allocated or freed is what cached verdicts must not outlive. In
// device code (the device runtime's cudaMalloc) there is nothing to tell.
#if defined(__CUDACC__)
__host__ __device__
#endif
inline cudaError_t gemm_guard_memory_call(cudaError_t Result) {
#if !defined(__CUDA_ARCH__)
  ::gemm::guard::noteMemoryChange();
#endif
  return Result;
}

#endif // __cplusplus
#endif // GEMM_GUARD_H

// The whole-translation-unit way: every later call of the family goes
// through the checks. Outside the include guard so that a second inclusion
// after GEMM_GUARD_NO_MACROS was undefined still installs them.
#if defined(__cplusplus) && __cplusplus >= 201703L &&                          \
    !defined(GEMM_GUARD_NO_MACROS) &&                 \
    !defined(GEMM_GUARD_MACROS_INSTALLED)
#define GEMM_GUARD_MACROS_INSTALLED
// The runtime's C++ overloads (cudaMalloc(T **, size_t), ...) are declared
// before the allocation macros exist.
#include <cuda_runtime.h>
#include "gemm/guard_macros.inc"
#endif
