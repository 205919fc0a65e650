// Cost of the runtime guard per call (Google Benchmark).
//
//   RulesOnly           the rules core on a typical cublasGemmEx call
//   Guard/<depth>/...   the whole guard path around a stand-in for cuBLAS
//                       that does nothing, at the depth GEMM_GUARD_DEPTH
//                       selects (read once per process: run the binary once
//                       per depth):
//     RepeatedValid     the same valid call again and again (a training
//                       loop): the verdict cache answers
//     NewShape          a valid call of a shape not seen before, each time
//     Invalid           a call with a bad lda: every fact, the rules and the
//                       report (to a handler that drops it)
//     .../untracked     at depth pointers before any allocation was seen
//                       (a program whose allocations neither route sees):
//                       nothing that took pointer facts is cached;
//     .../header-route  after a cudaMalloc through the header route's macro
//                       (GuardBenchAllocate.cpp), calls with its file:line
//                       call site;
//     .../preload-route after the epoch moved as the preload's cudaMalloc
//                       interposer moves it, calls with its return-address
//                       call site: the two routes side by side
//   CublasGemmEx/...    (GPU only) a launch-bound 64x64x64 fp32 cublasGemmEx,
//                       unguarded and guarded, side by side in one run
//
// Run: build/bench/gemm_guard_bench; GEMM_GUARD_DEPTH=values build/bench/gemm_guard_bench
#define GEMM_GUARD_NO_MACROS
#include "gemm/guard.h"

#include <benchmark/benchmark.h>
#include <string>

namespace {

using namespace gemm;

struct NoCublas {
  static constexpr const char *Name = "cublasGemmEx";
  template <class... A> static cublasStatus_t call(A...) {
    return CUBLAS_STATUS_SUCCESS;
  }
};

rules::CallValues typicalValues() {
  using rules::Role;
  using rules::Value;
  rules::CallValues V;
  V[Role::TransA] = Value::of(rules::op::T);
  V[Role::TransB] = Value::of(rules::op::N);
  for (Role R : {Role::M, Role::N, Role::K, Role::Lda, Role::Ldb, Role::Ldc})
    V[R] = Value::of(64);
  V[Role::AType] = V[Role::BType] = V[Role::CType] = Value::of(rules::dt::R_32F);
  V[Role::ComputeType] = Value::of(rules::ct::C32F);
  V[Role::Algo] = Value::of(rules::algo::Default);
  return V;
}

void RulesOnly(benchmark::State &State) {
  const rules::ApiInfo &Api = *rules::findApi("cublasGemmEx");
  const rules::CallValues V = typicalValues();
  for (auto _ : State)
    benchmark::DoNotOptimize(rules::checkCall(Api, V));
}
BENCHMARK(RulesOnly);

alignas(64) char NeverCreated[4096];
float Buffer[64 * 64];

// The call site of the header route (file:line) or, once the preload-route
// phase began, of the preload library (the caller's return address).
bool PreloadSite = false;

cublasStatus_t gemm(int64_t M, int64_t Lda) {
  const float One = 1, Zero = 0;
  return guard::detail::invoke<NoCublas>(
      PreloadSite ? guard::CallSite{nullptr, 0, __builtin_return_address(0)}
                  : guard::CallSite{__FILE__, __LINE__},
      reinterpret_cast<cublasHandle_t>(NeverCreated), CUBLAS_OP_N, CUBLAS_OP_N,
      static_cast<int>(M), 64, 64, &One, Buffer, CUDA_R_32F,
      static_cast<int>(Lda), Buffer, CUDA_R_32F, 64, &Zero, Buffer, CUDA_R_32F,
      static_cast<int>(M), CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

void dropReport(const guard::Report &R) { benchmark::DoNotOptimize(&R); }

void RepeatedValid(benchmark::State &State) {
  for (auto _ : State)
    benchmark::DoNotOptimize(gemm(64, 64));
}

void NewShape(benchmark::State &State) {
  int64_t M = 1;
  for (auto _ : State) {
    M = M % 1000000 + 1; // a million shapes: the cache never has the next
    benchmark::DoNotOptimize(gemm(M, M));
  }
}

void Invalid(benchmark::State &State) {
  guard::setHandler(dropReport);
  for (auto _ : State)
    benchmark::DoNotOptimize(gemm(64, 8));
  guard::setHandler(nullptr);
}

} // namespace
void allocateThroughHeaderRoute(); // GuardBenchAllocate.cpp
namespace {

void headerRoute(const benchmark::State &) {
  allocateThroughHeaderRoute();
  PreloadSite = false;
}
void preloadRoute(const benchmark::State &) {
  guard::noteMemoryChange(false); // what the preload's interposer does
  guard::noteMemoryChange();      // around the runtime's cudaMalloc
  PreloadSite = true;
}

// Registered in this order: untracked first, then each route's allocation.
const bool Registered = [] {
  const bool Pointers = guard::depth() == guard::Depth::Pointers;
  const std::string Prefix = Pointers ? "Guard/pointers/" : "Guard/values/";
  for (const char *Phase :
       Pointers ? std::initializer_list<const char *>{"/untracked", "/header-route",
                                                      "/preload-route"}
                : std::initializer_list<const char *>{""}) {
    auto *B = benchmark::RegisterBenchmark(
        (Prefix + "RepeatedValid" + Phase).c_str(), RepeatedValid);
    if (std::string(Phase) == "/header-route")
      B->Setup(headerRoute);
    else if (std::string(Phase) == "/preload-route")
      B->Setup(preloadRoute);
    benchmark::RegisterBenchmark((Prefix + "NewShape" + Phase).c_str(),
                                 NewShape);
    benchmark::RegisterBenchmark((Prefix + "Invalid" + Phase).c_str(),
                                 Invalid);
  }
  return true;
}();

// The GPU comparison: the same 64^3 GEMM through cuBLAS directly and through
// the guard, synchronised per iteration so each measures one launch.
struct Gpu {
  cublasHandle_t Handle = nullptr;
  float *A = nullptr, *B = nullptr, *C = nullptr;
  bool Ok = false;
  Gpu() {
    if (guard::cublasCreate_v2(&Handle) != CUBLAS_STATUS_SUCCESS)
      return;
    const size_t Bytes = sizeof(float) * 64 * 64;
    Ok = cudaMalloc(reinterpret_cast<void **>(&A), Bytes) == cudaSuccess &&
         cudaMalloc(reinterpret_cast<void **>(&B), Bytes) == cudaSuccess &&
         cudaMalloc(reinterpret_cast<void **>(&C), Bytes) == cudaSuccess;
    guard::noteMemoryChange();
  }
};

Gpu &gpu() {
  static Gpu G;
  return G;
}

template <bool Guarded> void CublasGemmEx(benchmark::State &State) {
  Gpu &G = gpu();
  if (!G.Ok) {
    State.SkipWithError("no GPU: cublasCreate or cudaMalloc failed");
    return;
  }
  const float One = 1, Zero = 0;
  for (auto _ : State) {
    cublasStatus_t S;
    if constexpr (Guarded)
      S = guard::cublasGemmEx(G.Handle, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64,
                              &One, G.A, CUDA_R_32F, 64, G.B, CUDA_R_32F, 64,
                              &Zero, G.C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F,
                              CUBLAS_GEMM_DEFAULT);
    else
      S = cublasGemmEx(G.Handle, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &One,
                       G.A, CUDA_R_32F, 64, G.B, CUDA_R_32F, 64, &Zero, G.C,
                       CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
    cudaDeviceSynchronize();
    if (S != CUBLAS_STATUS_SUCCESS) {
      State.SkipWithError("cublasGemmEx failed");
      return;
    }
  }
}
BENCHMARK_TEMPLATE(CublasGemmEx, false)->Name("CublasGemmEx/unguarded");
BENCHMARK_TEMPLATE(CublasGemmEx, true)->Name("CublasGemmEx/guarded");

} // namespace

BENCHMARK_MAIN();
