// Cost of the runtime guard per call (Google Benchmark).
//
//   RulesOnly          the rules core on a typical cublasGemmEx call
//   GuardValues        the whole guard path at GEMM_GUARD_DEPTH=values,
//                      around a stand-in for cuBLAS that does nothing
//   GuardPointers      the same at the default depth (pointer mode and
//                      pointer attributes); without a GPU the CUDA queries
//                      fail fast, so this is a lower bound there
//   CublasGemmEx/...   (GPU only) a launch-bound 64x64x64 fp32 cublasGemmEx,
//                      unguarded and guarded, side by side in one run
//
// Run: build/bench/gemm_guard_bench [--benchmark_filter=...]
#define GEMM_GUARD_NO_MACROS
#include "gemm/guard.h"

#include <benchmark/benchmark.h>
#include <cstdlib>

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

template <guard::Depth D> void Guard(benchmark::State &State) {
  setenv("GEMM_GUARD_DEPTH", D == guard::Depth::Values ? "values" : "pointers", 1);
  if (guard::depth() != D) {
    State.SkipWithError("GEMM_GUARD_DEPTH is read once per process; run this "
                        "benchmark alone with --benchmark_filter");
    return;
  }
  static float Buffer[64 * 64];
  const float One = 1, Zero = 0;
  for (auto _ : State)
    benchmark::DoNotOptimize(guard::detail::invoke<NoCublas>(
        guard::CallSite{__FILE__, __LINE__}, static_cast<cublasHandle_t>(nullptr),
        CUBLAS_OP_T, CUBLAS_OP_N, 64, 64, 64, &One, Buffer, CUDA_R_32F, 64,
        Buffer, CUDA_R_32F, 64, &Zero, Buffer, CUDA_R_32F, 64,
        CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
}
BENCHMARK_TEMPLATE(Guard, guard::Depth::Values)->Name("GuardValues");
BENCHMARK_TEMPLATE(Guard, guard::Depth::Pointers)->Name("GuardPointers");

// The GPU comparison: the same 64^3 GEMM through cuBLAS directly and through
// the guard, synchronised per iteration so each measures one launch.
struct Gpu {
  cublasHandle_t Handle = nullptr;
  float *A = nullptr, *B = nullptr, *C = nullptr;
  bool Ok = false;
  Gpu() {
    if (cublasCreate(&Handle) != CUBLAS_STATUS_SUCCESS)
      return;
    const size_t Bytes = sizeof(float) * 64 * 64;
    Ok = cudaMalloc(reinterpret_cast<void **>(&A), Bytes) == cudaSuccess &&
         cudaMalloc(reinterpret_cast<void **>(&B), Bytes) == cudaSuccess &&
         cudaMalloc(reinterpret_cast<void **>(&C), Bytes) == cudaSuccess;
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
