// libFuzzer target: the runtime guard's entry points, every function of the
// cuBLAS GEMM family with its exact prototype (the preload library's
// generated list), called with arbitrary argument tuples: sizes, enums,
// null and garbage pointers, garbage handles, grouped host arrays that end
// early, pointer facts and pointer modes from the input, memory epochs that
// move. cuBLAS and the CUDA runtime are never called: the guard resolves
// none of their functions here, and a valid call reaches a stand-in. Built
// with -fsanitize=fuzzer,address,undefined.

// No cuBLAS or CUDA runtime function is reachable: each one is null.
#define GEMM_GUARD_FUNCTION(LIBRARY, NAME) (static_cast<decltype(&::NAME)>(nullptr))
#define GEMM_GUARD_NO_MACROS
#include "gemm/guard.h"

#include "FuzzGuard.h"

#include <cstdlib>
#include <cstring>
#include <iterator>
#include <tuple>
#include <type_traits>

namespace {

using gemm_fuzz::arena;
using gemm_fuzz::ArenaSize;
using gemm_fuzz::Current;
using gemm_fuzz::inspect;

template <class P> P pointer(gemm_fuzz::Input &In) {
  switch (In.byte() % 4) {
  case 0: return nullptr;
  case 1: // anywhere in the arena, up to its last byte
  case 2: {
    const size_t Offset = (In.byte() | In.byte() << 8) % ArenaSize;
    return reinterpret_cast<P>(arena() + Offset);
  }
  default:
    return reinterpret_cast<P>(gemm_fuzz::garbageAddress(In));
  }
}

template <class T> T argument(gemm_fuzz::Input &In) {
  if constexpr (std::is_pointer_v<T>)
    return pointer<T>(In);
  else
    return static_cast<T>(In.integer());
}

bool inspectMode(cublasHandle_t, cublasPointerMode_t *Mode) {
  gemm_fuzz::Input &In = *Current;
  *Mode = static_cast<cublasPointerMode_t>(In.byte() % 3);
  return In.flag();
}

void handle(const gemm::guard::Report &R) {
  for (const gemm::rules::Finding &F : R.Findings)
    if (!F.RuleId || F.Message.empty())
      std::abort();
}

template <class Fn> struct Call;
template <class... Params> struct Call<cublasStatus_t (*)(Params...)> {
  static void run(cublasStatus_t (*F)(Params...), gemm_fuzz::Input &In) {
    std::tuple<Params...> Args{argument<Params>(In)...};
    (void)std::apply(F, Args);
  }
};

} // namespace

// One guarded function per entry of the family, forwarding valid calls to
// a stand-in for cuBLAS.
#define GEMM_UNPAREN(...) __VA_ARGS__
#define GEMM_PRELOAD(NAME, PARAMS, ARGS)                                       \
  namespace {                                                                  \
  struct NAME##_fuzz {                                                         \
    static constexpr const char *Name = #NAME;                                 \
    template <class... A> static cublasStatus_t call(A...) {                   \
      return CUBLAS_STATUS_SUCCESS;                                            \
    }                                                                          \
  };                                                                           \
  cublasStatus_t fuzz_##NAME PARAMS {                                          \
    return gemm::guard::detail::invoke<NAME##_fuzz>(                           \
        gemm::guard::CallSite{"fuzz.cpp", 1}, GEMM_UNPAREN ARGS);              \
  }                                                                            \
  }
#define GEMM_PRELOAD_HANDLE(NAME, PARAMS, ARGS)
#define GEMM_PRELOAD_MEMORY(NAME, PARAMS, ARGS)
#define GEMM_LT_PRELOAD(NAME, PARAMS, ARGS, CALL)
#include "GuardPreloadFunctions.inc"
#undef GEMM_PRELOAD

namespace {
using Runner = void (*)(gemm_fuzz::Input &);
#define GEMM_PRELOAD(NAME, PARAMS, ARGS)                                       \
  [](gemm_fuzz::Input &In) {                                                   \
    Call<decltype(&fuzz_##NAME)>::run(&fuzz_##NAME, In);                       \
  },
const Runner Runners[] = {
#include "GuardPreloadFunctions.inc"
};
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  gemm_fuzz::Input In(Data, Size);
  gemm_fuzz::begin(In, Data, Size);
  gemm::guard::setHandler(handle);
  const Runner Run = Runners[In.byte() % std::size(Runners)];
  const uint8_t Setup = In.byte();
  gemm::guard::setPointerInspector(Setup & 1 ? inspect : nullptr);
  gemm::guard::setPointerModeInspector(Setup & 2 ? inspectMode : nullptr);
  if (Setup & 4)
    gemm::guard::noteMemoryChange(); // turns on caching at depth pointers
  Run(In);
  if (Setup & 8) // the same call again: the cache's answer
    Run(In);
  return 0;
}
