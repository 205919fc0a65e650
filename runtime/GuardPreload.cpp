//===--- GuardPreload.cpp - gemm-tidy runtime guard ----------------------===//
//
// libgemm_guard_preload.so: the runtime guard for unmodified binaries.
//
//   LD_PRELOAD=/path/to/libgemm_guard_preload.so python train.py
//
// Defines every function of the cuBLAS GEMM family, checks each call with
// the same code as gemm/guard.h and forwards valid calls to the real cuBLAS
// found next in the search order. Without source types, the checks see
// `const void *` where the header sees `float *`: the pointee-type rules stay
// silent here, every other rule applies.
//
//===----------------------------------------------------------------------===//

#define GEMM_GUARD_NO_MACROS
#include "gemm/guard.h"

#include <dlfcn.h>

namespace {

template <class Fn> Fn realFunction(const char *Name, void *Self) {
  void *Sym = dlsym(RTLD_NEXT, Name);
  if (!Sym || Sym == Self) {
    gemm::guard::detail::complain(
        std::string("libgemm_guard_preload.so: no cuBLAS library provides ") +
        Name + "; is libcublas loaded?");
    std::abort();
  }
  return reinterpret_cast<Fn>(Sym);
}

} // namespace

#define GEMM_UNPAREN(...) __VA_ARGS__
#define GEMM_PRELOAD(NAME, PARAMS, ARGS)                                       \
  extern "C" cublasStatus_t NAME PARAMS;                                       \
  namespace {                                                                  \
  struct NAME##_real {                                                         \
    static constexpr const char *Name = #NAME;                                 \
    template <class... GemmArgs>                                               \
    static cublasStatus_t call(GemmArgs... Args) {                             \
      using Fn = cublasStatus_t(*) PARAMS;                                     \
      static const Fn Real = realFunction<Fn>(                                 \
          #NAME, reinterpret_cast<void *>(static_cast<Fn>(&::NAME)));          \
      return Real(Args...);                                                    \
    }                                                                          \
  };                                                                           \
  }                                                                            \
  extern "C" __attribute__((visibility("default"))) cublasStatus_t NAME PARAMS { \
    return gemm::guard::detail::invoke<NAME##_real>(                           \
        gemm::guard::CallSite{nullptr, 0, __builtin_return_address(0)},        \
        GEMM_UNPAREN ARGS);                                                    \
  }

// Generated from the cuBLAS header at build time: one GEMM_PRELOAD per
// function of the rules core's API table.
#include "GuardPreloadFunctions.inc"
