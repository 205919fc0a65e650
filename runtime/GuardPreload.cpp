//===--- GuardPreload.cpp - gemm-tidy runtime guard ----------------------===//
//
// libgemm_guard_preload.so: the runtime guard for unmodified binaries.
//
//   LD_PRELOAD=/path/to/libgemm_guard_preload.so python train.py
//
// Defines every function of the cuBLAS GEMM family, checks each call with
// the same code as gemm/guard.h and forwards valid calls to the real cuBLAS
// the process has loaded (RealSymbols.h). Without source types, the checks
// see `const void *` where the header sees `float *`: the pointee-type rules
// stay silent here, every other rule applies.
//
// It links neither cuBLAS nor the CUDA runtime and references no symbol of
// theirs, so it loads into any process (LD_BIND_NOW=1 included) and never
// changes how a process that does not use cuBLAS runs. Besides the GEMM
// family it defines:
//   * cublasCreate/SetPointerMode/Destroy: the guard's table of pointer modes;
//   * cudaMalloc*, cudaFree*, cudaHostRegister/Unregister: the memory epoch
//     that keeps cached verdicts honest when memory is freed and reused;
//   * dlsym (DlsymInterposer.cpp): `dlsym(libcublas, "cublasGemmEx")`
//     (ctypes, lazy loaders) returns the guarded entry point.
//
//===----------------------------------------------------------------------===//

#include "GuardFunction.h"
#define GEMM_GUARD_NO_MACROS
#include "gemm/guard.h"

#include <cstring>
#include <dlfcn.h>

cublasStatus_t gemm::runtime::missingFunction(std::atomic<bool> &Said,
                                              const char *Library,
                                              const char *Name) {
  gemm::guard::detail::complainOnce(
      Said, std::string("libgemm_guard_preload.so: no ") + Library +
                " library in this process provides " + Name +
                "; the call returns CUBLAS_STATUS_NOT_INITIALIZED");
  return CUBLAS_STATUS_NOT_INITIALIZED;
}

#define GEMM_UNPAREN(...) __VA_ARGS__
#define GEMM_PRELOAD(NAME, PARAMS, ARGS)                                       \
  namespace {                                                                  \
  struct NAME##_real {                                                         \
    static constexpr const char *Name = #NAME;                                 \
    template <class... GemmArgs>                                               \
    static cublasStatus_t call(GemmArgs... Args) {                             \
      static std::atomic<bool> Said{false};                                    \
      static std::atomic<void *> Slot{nullptr};                                \
      using Fn = cublasStatus_t(*) PARAMS;                                     \
      if (const Fn Real = gemm::runtime::cachedSymbol<Fn>(                     \
              Slot, gemm::runtime::Library::Cublas, #NAME))                    \
        return Real(Args...);                                                  \
      return gemm::runtime::missingFunction(Said, "cuBLAS", #NAME);            \
    }                                                                          \
  };                                                                           \
  }                                                                            \
  extern "C" __attribute__((visibility("default"))) cublasStatus_t NAME PARAMS { \
    return gemm::guard::detail::invoke<NAME##_real>(                           \
        gemm::guard::CallSite{nullptr, 0, __builtin_return_address(0)},        \
        GEMM_UNPAREN ARGS);                                                    \
  }
// cublasCreate_v2 -> gemm::guard::detail::trackCreate, and so on.
#define GEMM_PRELOAD_HANDLE(NAME, PARAMS, ARGS)                                \
  extern "C" __attribute__((visibility("default"))) cublasStatus_t NAME PARAMS { \
    return gemm::guard::NAME(GEMM_UNPAREN ARGS);                               \
  }

// --- allocations ----------------------------------------------------------------

namespace {
// Calls the CUDA runtime's own NAME and moves the memory epoch on.
template <class Fn, class... A>
cudaError_t tracked(Fn Real, A... Args) {
  if (!Real)
    return cudaErrorInitializationError;
  gemm::guard::noteMemoryChange(false);
  const cudaError_t E = Real(Args...);
  gemm::guard::noteMemoryChange();
  return E;
}
} // namespace

#define GEMM_PRELOAD_MEMORY(NAME, PARAMS, ARGS)                                \
  extern "C" __attribute__((visibility("default"))) cudaError_t NAME PARAMS {  \
    return tracked(GEMM_GUARD_FUNCTION(Cudart, NAME), GEMM_UNPAREN ARGS);      \
  }

// Generated from the cuBLAS and CUDA runtime headers at build time: one
// GEMM_PRELOAD per function of the rules core's API table, one
// GEMM_PRELOAD_HANDLE per handle function, one GEMM_PRELOAD_MEMORY per
// allocation function (the list the header route's macros share,
// tools/gen-guard-sources.py).
// (The cuBLASLt rows are LtGuardPreload.cpp's.)
#define GEMM_LT_PRELOAD(NAME, PARAMS, ARGS, CALL)
#include "GuardPreloadFunctions.inc"

// --- what the preload cannot see ------------------------------------------------------

namespace {

// cuBLAS linked into the executable (libcublas_static.a) calls itself: no
// call passes through the preload. Say so once, when the process starts.
__attribute__((constructor)) void detectStaticCublas() {
  if (!gemm::guard::detail::elfDefines("/proc/self/exe", "cublasCreate_v2"))
    return;
  gemm::guard::detail::complain(
      "this executable has cuBLAS linked in statically (libcublas_static.a): "
      "its GEMM calls do not pass through libgemm_guard_preload.so and are "
      "not checked; build it with -include gemm/guard.h to guard them");
}

} // namespace
