// gemm-explain's reading speed (Google Benchmark): a cuBLAS log of real
// blocks (one valid cublasSgemm_v2, one cublasGemmEx with a bad lda, as
// libcublas 13.1 writes them), read and replayed through the rules core.
// Bytes per second is the figure: a log of a long training run is gigabytes.
//
//   ReadOnly      the reader splitting lines and rebuilding the calls
//   ReadAndCheck  the reader and the rules core on every call
//
// Run: build/bench/gemm_explain_bench
#include "gemm/explain/cublas_log.h"

#include <benchmark/benchmark.h>
#include <string>
#include <string_view>

namespace {

using namespace gemm;

const char *const Sgemm =
    "I! cuBLAS (v13.1.0) function cublasStatus_t cublasSgemm_v2(cublasHandle_t, cublasOperation_t, "
    "cublasOperation_t, int, int, int, const float*, const float*, int, const float*, int, const float*, "
    "float*, int) called:\n"
    "i!  handle: type=cublasHandle_t; val=POINTER (IN HEX:0x0x562cf5c6a080)\n"
    "i!  transa: type=cublasOperation_t; val=CUBLAS_OP_N(0)\n"
    "i!  transb: type=cublasOperation_t; val=CUBLAS_OP_T(1)\n"
    "i!  m: type=int; val=768\n"
    "i!  n: type=int; val=512\n"
    "i!  k: type=int; val=1024\n"
    "i!  alpha: type=float; val=POINTER (IN HEX:0x0x7ffc4b0c7c3c)\n"
    "i!  A: type=float; val=POINTER (IN HEX:0x0x7f0a00000000)\n"
    "i!  lda: type=int; val=768\n"
    "i!  B: type=float; val=POINTER (IN HEX:0x0x7f0a00400000)\n"
    "i!  ldb: type=int; val=512\n"
    "i!  beta: type=float; val=POINTER (IN HEX:0x0x7ffc4b0c7c38)\n"
    "i!  C: type=float; val=POINTER (IN HEX:0x0x7f0a00800000)\n"
    "i!  ldc: type=int; val=768\n"
    "i! Time: 2026-12-04T11:16:40 elapsed from start 0.000000 minutes or 0.000000 seconds\n"
    "i!Process=14546; Thread=140439564038144; GPU=0; Handle=POINTER (IN HEX:0x0x562cf5c6a080); "
    "StreamId=POINTER (IN HEX:0x(nil)) (defaultStream); MathMode=CUBLAS_DEFAULT_MATH\n"
    "i! COMPILED WITH: GNU GCC/G++ / 8.5.0 20210514 (Red Hat 8.5.0-26)\n";

const char *const GemmEx =
    "I! cuBLAS (v13.1.0) function cublasStatus_t cublasGemmEx(cublasHandle_t, cublasOperation_t, "
    "cublasOperation_t, int, int, int, const void*, const void*, cudaDataType, int, const void*, "
    "cudaDataType, int, const void*, void*, cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t) called:\n"
    "i!  handle: type=cublasHandle_t; val=POINTER (IN HEX:0x0x562cf5c6a080)\n"
    "i!  transa: type=cublasOperation_t; val=CUBLAS_OP_N(0)\n"
    "i!  transb: type=cublasOperation_t; val=CUBLAS_OP_T(1)\n"
    "i!  m: type=int; val=128\n"
    "i!  n: type=int; val=64\n"
    "i!  k: type=int; val=32\n"
    "i!  alpha: type=void; val=POINTER (IN HEX:0x0x7ffdba10aefc)\n"
    "i!  A: type=void; val=POINTER (IN HEX:0x0x1000)\n"
    "i!  Atype: type=cudaDataType_t; val=CUDA_R_16F(2)\n"
    "i!  lda: type=int; val=64\n"
    "i!  B: type=void; val=POINTER (IN HEX:0x0x2000)\n"
    "i!  Btype: type=cudaDataType_t; val=CUDA_R_16F(2)\n"
    "i!  ldb: type=int; val=64\n"
    "i!  beta: type=void; val=POINTER (IN HEX:0x0x7ffdba10aef8)\n"
    "i!  C: type=void; val=POINTER (IN HEX:0x0x3000)\n"
    "i!  Ctype: type=cudaDataType_t; val=CUDA_R_32F(0)\n"
    "i!  ldc: type=int; val=128\n"
    "i!  computeType: type=cublasComputeType_t; val=CUBLAS_COMPUTE_32F(68)\n"
    "i!  algo: type=SOME TYPE; val=CUBLAS_GEMM_DEFAULT(-1)\n"
    "i! Time: 2026-12-04T04:38:03 elapsed from start 0.000000 minutes or 0.000000 seconds\n"
    "i!Process=1499; Thread=139990572982272; GPU=0; Handle=POINTER (IN HEX:0x0x562cf5c6a080)\n"
    "i! COMPILED WITH: GNU GCC/G++ / 8.5.0 20210514 (Red Hat 8.5.0-26)\n";

// About 8 MB of log: 1,000 pairs of blocks, repeated.
const std::string &log() {
  static const std::string Text = [] {
    std::string T;
    while (T.size() < (8u << 20))
      T += std::string(Sgemm) + GemmEx;
    return T;
  }();
  return Text;
}

template <bool Check> void read(benchmark::State &State) {
  const std::string &Text = log();
  size_t Findings = 0;
  for (auto _ : State) {
    explain::CublasLogReader Reader;
    Reader.OnCall = [&](const explain::LoggedCall &C) {
      const rules::ApiInfo *Api = nullptr;
      rules::CallValues V;
      if (Check && (Api = rules::findApi(C.Function.c_str())) &&
          explain::callValues(C, *Api, -1, V))
        Findings += rules::checkCall(*Api, V).size();
    };
    Reader.feed(Text);
    Reader.finish();
  }
  benchmark::DoNotOptimize(Findings);
  State.SetBytesProcessed(static_cast<int64_t>(State.iterations() * Text.size()));
}

void ReadOnly(benchmark::State &State) { read<false>(State); }
void ReadAndCheck(benchmark::State &State) { read<true>(State); }
BENCHMARK(ReadOnly)->Unit(benchmark::kMillisecond);
BENCHMARK(ReadAndCheck)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
