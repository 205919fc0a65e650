// gemm-explain's reading speed (Google Benchmark): a cuBLAS log of real
// blocks (one valid cublasSgemm_v2, one cublasGemmEx with a bad lda, as
// libcublas 13.1 writes them), read and replayed through the rules core.
// Bytes per second is the figure: a log of a long training run is gigabytes.
//
//   ReadOnly      the reader splitting lines and rebuilding the calls
//   ReadAndCheck  the reader and the rules core on every call
//   Lt*           the same on a cuBLASLt log of matmuls (Api and Trace lines)
//
// Run: build/bench/gemm_explain_bench
#include "gemm/explain/replay.h"

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

// A cublasLtMatmul as a GPU run at CUBLASLT_LOG_LEVEL=5 logs it: its Api
// line, then its Trace line with the descriptors' dumps (values made up, in
// the shape of cuBLASLt 13.1's format strings).
const char *const LtMatmul =
    "[2026-01-01 12:00:01][cublasLt][4242][Api][cublasLtMatmul] A=0X7F0A00000000 Adesc=0X55D0C2000010 "
    "B=0X7F0A00400000 Bdesc=0X55D0C2000060 C=0X7F0A00800000 Cdesc=0X55D0C20000B0 D=0X7F0A00800000 "
    "Ddesc=0X55D0C20000B0 computeDesc=0X55D0C2000100 algo=0X7FFD5A3C1000 workSpace=0X7F0A01000000 "
    "workSpaceSizeInBytes=33554432 stream=0X55D0C1000000\n"
    "[2026-01-01 12:00:01][cublasLt][4242][Trace][cublasLtMatmul] A=0X7F0A00000000 Adesc=[type=R_16F "
    "rows=1024 cols=768 ld=1024] B=0X7F0A00400000 Bdesc=[type=R_16F rows=1024 cols=512 ld=1024] "
    "C=0X7F0A00800000 Cdesc=[type=R_16F rows=768 cols=512 ld=768] D=0X7F0A00800000 Ddesc=[type=R_16F "
    "rows=768 cols=512 ld=768] computeDesc=[computeType=COMPUTE_32F scaleType=R_32F transa=OP_T "
    "epilogue=EPILOGUE_BIAS biasPointer=0x7f0a00c00000] algo=[algoId=21 tile=12 stages=8] "
    "workSpace=0X7F0A01000000 workSpaceSizeInBytes=33554432 beta=0 outOfPlace=0 stream=0X55D0C1000000\n";

// About 8 MB of log: the same pieces, repeated.
std::string repeat(std::string Piece) {
  std::string T;
  while (T.size() < (8u << 20))
    T += Piece;
  return T;
}
const std::string &cublasLog() {
  static const std::string Text = repeat(std::string(Sgemm) + GemmEx);
  return Text;
}
const std::string &ltLog() {
  static const std::string Text = repeat(LtMatmul);
  return Text;
}

template <bool Check, const std::string &(*Log)()> void read(benchmark::State &State) {
  const std::string &Text = Log();
  size_t Findings = 0;
  for (auto _ : State) {
    explain::CublasLogReader Reader;
    explain::Replayer Replay;
    Replay.OnVerdict = [&](const explain::Verdict &) { ++Findings; };
    Reader.OnCall = [&](const explain::LoggedCall &C) {
      if (Check)
        Replay.call(C);
    };
    Reader.feed(Text);
    Reader.finish();
  }
  benchmark::DoNotOptimize(Findings);
  State.SetBytesProcessed(static_cast<int64_t>(State.iterations() * Text.size()));
}

void ReadOnly(benchmark::State &State) { read<false, cublasLog>(State); }
void ReadAndCheck(benchmark::State &State) { read<true, cublasLog>(State); }
void LtReadOnly(benchmark::State &State) { read<false, ltLog>(State); }
void LtReadAndCheck(benchmark::State &State) { read<true, ltLog>(State); }
BENCHMARK(ReadOnly)->Unit(benchmark::kMillisecond);
BENCHMARK(ReadAndCheck)->Unit(benchmark::kMillisecond);
BENCHMARK(LtReadOnly)->Unit(benchmark::kMillisecond);
BENCHMARK(LtReadAndCheck)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
