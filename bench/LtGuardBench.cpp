// Cost of the cuBLASLt runtime guard per call (Google Benchmark), around
// stand-ins for cuBLASLt that do nothing; real cuBLASLt descriptors and
// layouts (creating them needs no GPU), tracked by the guard.
//
//   LtRulesOnly          the rules core on a typical fp16 cublasLtMatmul setup
//   Lt/<depth>/...       at the depth GEMM_GUARD_DEPTH selects (read once per
//                        process: run the binary once per depth), each path
//                        twice, side by side: /uncached runs the checks in
//                        full on every call (the guard before its verdict
//                        cache), /cached is the guard's entry point
//     Matmul/RepeatedValid  the same valid cublasLtMatmul again and again (a
//                           training loop)
//     Matmul/NewShape       a valid call of a shape not seen before, each time
//     Matmul/Invalid        a call with a short ld: every fact, the rules and
//                           the report (to a handler that drops it)
//     Heuristic/RepeatedValid  the same valid cublasLtMatmulAlgoGetHeuristic
//                           (recording the returned algos, one checked read
//                           each, comes on top of both)
//
// At depth pointers, allocations count as tracked (the preload's cudaMalloc
// interposers); without a GPU the CUDA queries fail fast, so a GPU adds
// their cost to the uncached paths.
//
// Run: build/bench/gemm_lt_guard_bench; GEMM_GUARD_DEPTH=values build/bench/gemm_lt_guard_bench
#define GEMM_GUARD_NO_MACROS
#include "gemm/lt_guard.h"

#include <benchmark/benchmark.h>
#include <string>

namespace {

namespace rl = gemm::rules::lt;
namespace lt = gemm::guard::lt;
using gemm::rules::Value;
using gemm::guard::CallSite;

void LtRulesOnly(benchmark::State &State) {
  rl::MatmulValues V;
  V.Desc = rl::matmulDesc(Value::of(gemm::rules::ct::C32F),
                          Value::of(gemm::rules::dt::R_32F));
  V.Desc[rl::desc::TRANSA] = Value::of(gemm::rules::op::T);
  for (unsigned M = 0; M < 4; ++M)
    V.Layout[M] = rl::matrixLayout(Value::of(gemm::rules::dt::R_16F),
                                   Value::of(64), Value::of(64), Value::of(64));
  for (auto _ : State)
    benchmark::DoNotOptimize(rl::checkMatmul(V));
}
BENCHMARK(LtRulesOnly);

cublasStatus_t noMatmul(cublasLtHandle_t, cublasLtMatmulDesc_t, const void *,
                        const void *, cublasLtMatrixLayout_t, const void *,
                        cublasLtMatrixLayout_t, const void *, const void *,
                        cublasLtMatrixLayout_t, void *, cublasLtMatrixLayout_t,
                        const cublasLtMatmulAlgo_t *, void *, size_t,
                        cudaStream_t) {
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t noHeuristic(cublasLtHandle_t, cublasLtMatmulDesc_t,
                           cublasLtMatrixLayout_t, cublasLtMatrixLayout_t,
                           cublasLtMatrixLayout_t, cublasLtMatrixLayout_t,
                           cublasLtMatmulPreference_t, int,
                           cublasLtMatmulHeuristicResult_t[], int *Returned) {
  *Returned = 0;
  return CUBLAS_STATUS_SUCCESS;
}

// D = op(A) * B: A is K x M (TRANSA = T), B is K x N, C and D M x N, fp16.
constexpr int Shapes = 256;
struct Setup {
  cublasLtMatmulDesc_t Op = nullptr;
  cublasLtMatrixLayout_t B = nullptr, Short = nullptr;
  cublasLtMatrixLayout_t A[Shapes] = {}, C[Shapes] = {};
  cublasLtMatmulPreference_t Pref = nullptr;
  Setup() {
    lt::cublasLtMatmulDescCreate(&Op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
    const int32_t T = CUBLAS_OP_T;
    lt::cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSA, &T, sizeof(T));
    lt::cublasLtMatrixLayoutCreate(&B, CUDA_R_16F, 64, 64, 64);
    lt::cublasLtMatrixLayoutCreate(&Short, CUDA_R_16F, 64, 64, 32);
    for (int I = 0; I < Shapes; ++I) {
      lt::cublasLtMatrixLayoutCreate(&A[I], CUDA_R_16F, 64, 64 + I, 64);
      lt::cublasLtMatrixLayoutCreate(&C[I], CUDA_R_16F, 64 + I, 64, 64 + I);
    }
    lt::cublasLtMatmulPreferenceCreate(&Pref);
  }
};
Setup &setup() {
  static Setup S;
  return S;
}

alignas(256) __half Buffer[1 << 20];
const float One = 1, Zero = 0;
const CallSite Site{__FILE__, __LINE__};

// One cublasLtMatmul, through the entry point or the full checks alone.
template <bool Cached>
cublasStatus_t matmul(cublasLtMatrixLayout_t A, cublasLtMatrixLayout_t B,
                      cublasLtMatrixLayout_t C, void *D) {
  const Setup &S = setup();
  if constexpr (Cached)
    return lt::detail::matmul(Site, &noMatmul, nullptr, S.Op, &One, Buffer, A,
                              Buffer, B, &Zero, Buffer, C, D, C, nullptr,
                              nullptr, 0, nullptr);
  gemm::guard::detail::Key K;
  return lt::detail::checkMatmulCall(Site, K, false, nullptr, S.Op, &One, Buffer,
                                     A, Buffer, B, &Zero, Buffer, C, D, C,
                                     nullptr, nullptr, 0)
             ? noMatmul(nullptr, S.Op, &One, Buffer, A, Buffer, B, &Zero, Buffer,
                        C, D, C, nullptr, nullptr, 0, nullptr)
             : CUBLAS_STATUS_INVALID_VALUE;
}

template <bool Cached> void MatmulRepeatedValid(benchmark::State &State) {
  const Setup &S = setup();
  for (auto _ : State)
    benchmark::DoNotOptimize(matmul<Cached>(S.A[0], S.B, S.C[0], Buffer));
}

template <bool Cached> void MatmulNewShape(benchmark::State &State) {
  const Setup &S = setup();
  unsigned I = 0;
  for (auto _ : State) {
    // A shape of the pool, and a D the cache has not seen with it.
    ++I;
    benchmark::DoNotOptimize(matmul<Cached>(S.A[I % Shapes], S.B, S.C[I % Shapes],
                                            Buffer + 8 * (I % (1 << 17))));
  }
}

void dropReport(const lt::LtReport &R) { benchmark::DoNotOptimize(&R); }

template <bool Cached> void MatmulInvalid(benchmark::State &State) {
  const Setup &S = setup();
  lt::setHandler(dropReport);
  for (auto _ : State)
    benchmark::DoNotOptimize(matmul<Cached>(S.A[0], S.Short, S.C[0], Buffer));
  lt::setHandler(nullptr);
}

template <bool Cached> void HeuristicRepeatedValid(benchmark::State &State) {
  const Setup &S = setup();
  int Found = 0;
  for (auto _ : State) {
    if constexpr (Cached) {
      benchmark::DoNotOptimize(lt::detail::algoGetHeuristic(
          Site, &noHeuristic, nullptr, S.Op, S.A[0], S.B, S.C[0], S.C[0], S.Pref,
          1, nullptr, &Found));
    } else {
      gemm::guard::detail::Key K;
      benchmark::DoNotOptimize(
          lt::detail::checkHeuristicCall(Site, K, false, nullptr, S.Op, S.A[0],
                                         S.B, S.C[0], S.C[0], S.Pref, 1) &&
          noHeuristic(nullptr, S.Op, S.A[0], S.B, S.C[0], S.C[0], S.Pref, 1,
                      nullptr, &Found) == CUBLAS_STATUS_SUCCESS);
    }
  }
}

const bool Registered = [] {
  gemm::guard::noteMemoryChange(); // allocations are tracked
  const std::string Prefix = gemm::guard::depth() == gemm::guard::Depth::Pointers
                                 ? "Lt/pointers/"
                                 : "Lt/values/";
  auto Pair = [&Prefix](const char *Name, void (*Uncached)(benchmark::State &),
                        void (*Cached)(benchmark::State &)) {
    benchmark::RegisterBenchmark((Prefix + Name + "/uncached").c_str(), Uncached);
    benchmark::RegisterBenchmark((Prefix + Name + "/cached").c_str(), Cached);
  };
  Pair("Matmul/RepeatedValid", MatmulRepeatedValid<false>, MatmulRepeatedValid<true>);
  Pair("Matmul/NewShape", MatmulNewShape<false>, MatmulNewShape<true>);
  Pair("Matmul/Invalid", MatmulInvalid<false>, MatmulInvalid<true>);
  Pair("Heuristic/RepeatedValid", HeuristicRepeatedValid<false>,
       HeuristicRepeatedValid<true>);
  return true;
}();

} // namespace

BENCHMARK_MAIN();
