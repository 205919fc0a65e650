// Cost of the cuBLASLt runtime guard per call (Google Benchmark).
//
//   LtRulesOnly        the rules core on a typical fp16 cublasLtMatmul setup
//   LtGuardValues      the guard's cublasLtMatmul path at
//                      GEMM_GUARD_DEPTH=values: shadow lookups of the
//                      descriptor and four layouts, the rules, around a
//                      stand-in for cuBLASLt that does nothing
//   LtGuardPointers    the same at the default depth; without a GPU the CUDA
//                      queries fail fast, so this is a lower bound there
//
// Run each alone (the depth is read once per process):
//   build/bench/gemm_lt_guard_bench --benchmark_filter=LtGuardValues
#define GEMM_GUARD_NO_MACROS
#include "gemm/lt_guard.h"

#include <benchmark/benchmark.h>
#include <cstdlib>

namespace {

namespace rl = gemm::rules::lt;
using gemm::rules::Value;

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

template <gemm::guard::Depth D> void LtGuard(benchmark::State &State) {
  setenv("GEMM_GUARD_DEPTH", D == gemm::guard::Depth::Values ? "values" : "pointers", 1);
  if (gemm::guard::depth() != D) {
    State.SkipWithError("GEMM_GUARD_DEPTH is read once per process; run this "
                        "benchmark alone with --benchmark_filter");
    return;
  }
  // Real cuBLASLt objects (creating them needs no GPU), tracked by the guard.
  namespace lt = gemm::guard::lt;
  cublasLtMatmulDesc_t Op;
  cublasLtMatrixLayout_t L;
  lt::cublasLtMatmulDescCreate(&Op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const int32_t T = CUBLAS_OP_T;
  lt::cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSA, &T, sizeof(T));
  lt::cublasLtMatrixLayoutCreate(&L, CUDA_R_16F, 64, 64, 64);
  static __half Buffer[64 * 64];
  const float One = 1, Zero = 0;
  for (auto _ : State)
    benchmark::DoNotOptimize(lt::detail::matmul(
        gemm::guard::CallSite{__FILE__, __LINE__}, &noMatmul, nullptr, Op,
        &One, Buffer, L, Buffer, L, &Zero, Buffer, L, Buffer, L, nullptr,
        nullptr, 0, nullptr));
  lt::cublasLtMatrixLayoutDestroy(L);
  lt::cublasLtMatmulDescDestroy(Op);
}
BENCHMARK_TEMPLATE(LtGuard, gemm::guard::Depth::Values)->Name("LtGuardValues");
BENCHMARK_TEMPLATE(LtGuard, gemm::guard::Depth::Pointers)->Name("LtGuardPointers");

} // namespace

BENCHMARK_MAIN();
