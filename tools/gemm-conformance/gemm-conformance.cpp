//===--- gemm-conformance.cpp - gemm-tidy --------------------------------===//
//
// Calls real cuBLAS with a grid of argument tuples of the GEMM family and
// records, per tuple, the status cuBLAS returned next to the rules core's
// verdict, so that the rules can be confirmed (or corrected) against what
// cuBLAS actually does.
//
//   gemm-conformance --out table.csv      run the sweep (needs a GPU)
//   gemm-conformance --dry-run --out F    enumerate and judge, no cuBLAS
//   gemm-conformance --self-test          check the child-process harness
//
// Every tuple uses small real allocations filled with random data, so an
// accepted call really runs. Tuples that can kill the process (a device
// alpha in host pointer mode) run in a child process of their own.
//
//===----------------------------------------------------------------------===//

#include "ConformanceTable.h"

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace {

using gemm::conformance::Case;
using gemm::conformance::Row;
namespace rules = gemm::rules;
namespace dt = gemm::rules::dt;
namespace ct = gemm::rules::ct;

// --- the grid ---------------------------------------------------------------------

std::vector<int64_t> allDataTypes() {
  std::vector<int64_t> V;
  for (const rules::EnumName &E : rules::DataTypeNames)
    V.push_back(E.Value);
  V.push_back(99); // no cudaDataType
  return V;
}

std::vector<int64_t> allComputeTypes() {
  std::vector<int64_t> V;
  for (const rules::EnumName &E : rules::ComputeTypeNames)
    V.push_back(E.Value);
  for (int64_t Bad : {0, 66, 67, 76, 80})
    V.push_back(Bad);
  return V;
}

Case base(const char *Api, const char *Probe) {
  Case C;
  C.Api = Api;
  C.Probe = Probe;
  return C;
}

std::vector<Case> enumerate() {
  std::vector<Case> Out;
  // Types: every (A = B, C, compute), single and strided batched.
  for (const char *Api : {"cublasGemmEx", "cublasGemmStridedBatchedEx"})
    for (int64_t AB : allDataTypes())
      for (int64_t C : allDataTypes())
        for (int64_t Compute : allComputeTypes()) {
          Case X = base(Api, "types");
          X.AType = X.BType = AB;
          X.CType = C;
          X.Compute = Compute;
          X.BatchCount = 2;
          Out.push_back(X);
        }
  // Mixed A and B.
  for (auto [A, B] : {std::pair{dt::R_16F, dt::R_16BF}, {dt::R_8I, dt::R_16F},
                      {dt::R_32F, dt::R_16F}, {dt::R_16BF, dt::R_32F}}) {
    Case X = base("cublasGemmEx", "mixed-ab");
    X.AType = A;
    X.BType = B;
    X.CType = dt::R_32F;
    Out.push_back(X);
  }
  // The legacy cudaDataType compute type through the C++ overload.
  for (int64_t Compute : allDataTypes())
    for (int64_t Data : {dt::R_16F, dt::R_32F, dt::R_64F, dt::C_32F,
                         dt::R_16BF}) {
      Case X = base("cublasGemmEx", "legacy-compute");
      X.AType = X.BType = X.CType = Data;
      X.Compute = Compute;
      X.Legacy = true;
      Out.push_back(X);
    }
  // Grouped: one group, every (A = B, C, compute).
  for (int64_t AB : allDataTypes())
    for (int64_t C : allDataTypes())
      for (int64_t Compute : allComputeTypes()) {
        Case X = base("cublasGemmGroupedBatchedEx", "grouped-types");
        X.AType = X.BType = AB;
        X.CType = C;
        X.Compute = Compute;
        X.BatchCount = 1; // group_size[0]
        Out.push_back(X);
      }
  // Operations, including CUBLAS_OP_CONJG (3) and a non-enumerator.
  for (int64_t TA : {0, 1, 2, 3, 4})
    for (int64_t TB : {0, 1, 2, 3, 4}) {
      Case X = base("cublasGemmEx", "ops");
      X.TransA = TA;
      X.TransB = TB;
      Out.push_back(X);
    }
  // Leading dimensions at bound - 1, bound and bound + 1, for distinct
  // m, n, k and each transpose.
  for (const char *Api : {"cublasGemmEx", "cublasGemmEx_64", "cublasSgemm_v2",
                          "cublasGemmStridedBatchedEx"})
    for (int64_t TA : {0, 1})
      for (int64_t TB : {0, 1})
        for (int Which = 0; Which < 3; ++Which)
          for (int Delta : {-1, 0, 1}) {
            Case X = base(Api, "ld");
            X.TransA = TA;
            X.TransB = TB;
            X.M = 24;
            X.N = 16;
            X.K = 8;
            X.Lda = TA == 0 ? X.M : X.K;
            X.Ldb = TB == 0 ? X.K : X.N;
            X.Ldc = X.M;
            int64_t &Ld = Which == 0 ? X.Lda : Which == 1 ? X.Ldb : X.Ldc;
            Ld += Delta;
            X.StrideA = X.StrideB = X.StrideC = 1024;
            Out.push_back(X);
          }
  // Zero and negative sizes; ld = 0 with a zero dimension.
  for (int64_t M : {-1, 0, 1})
    for (int64_t N : {-1, 0, 1})
      for (int64_t K : {-1, 0, 1})
        for (bool ZeroLd : {false, true}) {
          Case X = base("cublasGemmEx", ZeroLd ? "sizes-zero-ld" : "sizes");
          X.M = M;
          X.N = N;
          X.K = K;
          X.Lda = ZeroLd ? std::max<int64_t>(0, M) : std::max<int64_t>(1, M);
          X.Ldb = ZeroLd ? std::max<int64_t>(0, K) : std::max<int64_t>(1, K);
          X.Ldc = ZeroLd ? std::max<int64_t>(0, M) : std::max<int64_t>(1, M);
          Out.push_back(X);
        }
  // Every algorithm value around the enumerators, fp32 and fp16 data.
  for (int64_t Algo : {-2, -1, 0, 17, 23, 24, 98, 99, 100, 115, 116, 998, 999,
                       1000})
    for (int64_t Data : {dt::R_32F, dt::R_16F}) {
      Case X = base("cublasGemmEx", "algo");
      X.Algo = Algo;
      X.AType = X.BType = X.CType = Data;
      Out.push_back(X);
    }
  // Batch counts and strides at their edges.
  for (int64_t Batch : {-1, 0, 1, 2, 3})
    for (int64_t StrideC : {0, 255, 256})
      for (int64_t StrideAB : {0, 256}) {
        Case X = base("cublasGemmStridedBatchedEx", "batch");
        X.BatchCount = Batch;
        X.StrideC = StrideC;
        X.StrideA = X.StrideB = StrideAB;
        Out.push_back(X);
      }
  for (int64_t Batch : {-1, 0, 1, 2}) {
    Case X = base("cublasGemmBatchedEx", "batch");
    X.BatchCount = Batch;
    Out.push_back(X);
  }
  // int8: leading dimensions that are and are not multiples of 4, TN and NN.
  for (int64_t TA : {0, 1})
    for (int64_t Pad : {0, 1, 2, 3, 4})
      for (int64_t C : {dt::R_32I, dt::R_32F}) {
        Case X = base("cublasGemmEx", "int8");
        X.TransA = TA;
        X.M = 16;
        X.N = 16;
        X.K = 16;
        X.AType = X.BType = dt::R_8I;
        X.CType = C;
        X.Compute = C == dt::R_32I ? ct::C32I : ct::C32F;
        X.Lda = 16 + Pad;
        X.Ldb = 16 + (Pad + 1) % 4;
        Out.push_back(X);
      }
  // Half precision typed routine.
  for (int Delta : {-1, 0}) {
    Case X = base("cublasHgemm", "ld");
    X.AType = X.BType = X.CType = dt::R_16F;
    X.Compute = ct::C16F;
    X.Lda = 16 + Delta;
    Out.push_back(X);
  }
  // Pointer modes: scalars in the wrong place can kill the process.
  for (int64_t Mode : {0, 1})
    for (const char *Where : {"host", "device"}) {
      Case X = base("cublasGemmEx", "pointer-mode");
      X.PointerMode = Mode;
      X.AlphaWhere = Where;
      Out.push_back(X);
    }
  return Out;
}

bool mayKillProcess(const Case &C) { return C.Probe == "pointer-mode"; }

// --- running one case on cuBLAS -----------------------------------------------------

struct Device {
  cublasHandle_t Handle = nullptr;
  char *Pool = nullptr; // device memory for A, B, C and pointer arrays
  char *DeviceScalars = nullptr;
  static constexpr size_t PoolBytes = 64 << 20;
  bool Ok = false;

  Device() {
    if (cublasCreate(&Handle) != CUBLAS_STATUS_SUCCESS)
      return;
    if (cudaMalloc(reinterpret_cast<void **>(&Pool), PoolBytes) != cudaSuccess ||
        cudaMalloc(reinterpret_cast<void **>(&DeviceScalars), 64) != cudaSuccess)
      return;
    std::vector<unsigned char> Random(PoolBytes);
    unsigned State = 12345;
    for (unsigned char &B : Random) {
      State = State * 1103515245u + 12345u;
      B = static_cast<unsigned char>((State >> 16) & 0x3f); // small, finite
    }
    Ok = cudaMemcpy(Pool, Random.data(), PoolBytes, cudaMemcpyHostToDevice) ==
         cudaSuccess;
  }
};

// alpha = 1 and beta = 0 in the scale type the case's compute type reads.
void scalars(const Case &C, unsigned char Alpha[16], unsigned char Beta[16]) {
  std::memset(Alpha, 0, 16);
  std::memset(Beta, 0, 16);
  const int64_t Compute =
      C.Legacy ? rules::migrateLegacyComputeType(C.Compute) : C.Compute;
  int64_t Scale = rules::scaleTypeOf(Compute, rules::isComplexDataType(C.CType));
  if (C.Api == "cublasSgemm_v2") Scale = dt::R_32F;
  if (C.Api == "cublasHgemm") Scale = dt::R_16F;
  switch (Scale) {
  case dt::R_16F: { const unsigned short One = 0x3c00; std::memcpy(Alpha, &One, 2); break; }
  case dt::R_32I: { const int32_t One = 1; std::memcpy(Alpha, &One, 4); break; }
  case dt::R_64F: case dt::C_64F: { const double One = 1; std::memcpy(Alpha, &One, 8); break; }
  default: { const float One = 1; std::memcpy(Alpha, &One, 4); break; }
  }
}

int runCase(Device &D, const Case &C) {
  cublasSetPointerMode(D.Handle, static_cast<cublasPointerMode_t>(C.PointerMode));
  unsigned char HostAlpha[16], HostBeta[16];
  scalars(C, HostAlpha, HostBeta);
  const void *Alpha = HostAlpha, *Beta = HostBeta;
  if (C.AlphaWhere == "device") {
    cudaMemcpy(D.DeviceScalars, HostAlpha, 16, cudaMemcpyHostToDevice);
    cudaMemcpy(D.DeviceScalars + 32, HostBeta, 16, cudaMemcpyHostToDevice);
    Alpha = D.DeviceScalars;
    Beta = D.DeviceScalars + 32;
  }
  void *A = D.Pool, *B = D.Pool + (16 << 20), *Cm = D.Pool + (32 << 20);
  const auto Op = [](int64_t V) { return static_cast<cublasOperation_t>(V); };
  const auto Ty = [](int64_t V) { return static_cast<cudaDataType>(V); };
  const auto Ct = static_cast<cublasComputeType_t>(C.Compute);
  const auto Al = static_cast<cublasGemmAlgo_t>(C.Algo);
  cublasStatus_t S = CUBLAS_STATUS_NOT_SUPPORTED;
  const int M = static_cast<int>(C.M), N = static_cast<int>(C.N),
            K = static_cast<int>(C.K), Lda = static_cast<int>(C.Lda),
            Ldb = static_cast<int>(C.Ldb), Ldc = static_cast<int>(C.Ldc),
            Batch = static_cast<int>(C.BatchCount);
  if (C.Api == "cublasGemmEx" && C.Legacy)
    S = cublasGemmEx(D.Handle, Op(C.TransA), Op(C.TransB), M, N, K, Alpha, A,
                     Ty(C.AType), Lda, B, Ty(C.BType), Ldb, Beta, Cm,
                     Ty(C.CType), Ldc, Ty(C.Compute), Al);
  else if (C.Api == "cublasGemmEx")
    S = cublasGemmEx(D.Handle, Op(C.TransA), Op(C.TransB), M, N, K, Alpha, A,
                     Ty(C.AType), Lda, B, Ty(C.BType), Ldb, Beta, Cm,
                     Ty(C.CType), Ldc, Ct, Al);
  else if (C.Api == "cublasGemmEx_64")
    S = cublasGemmEx_64(D.Handle, Op(C.TransA), Op(C.TransB), C.M, C.N, C.K,
                        Alpha, A, Ty(C.AType), C.Lda, B, Ty(C.BType), C.Ldb,
                        Beta, Cm, Ty(C.CType), C.Ldc, Ct, Al);
  else if (C.Api == "cublasGemmStridedBatchedEx")
    S = cublasGemmStridedBatchedEx(
        D.Handle, Op(C.TransA), Op(C.TransB), M, N, K, Alpha, A, Ty(C.AType),
        Lda, C.StrideA, B, Ty(C.BType), Ldb, C.StrideB, Beta, Cm, Ty(C.CType),
        Ldc, C.StrideC, Batch, Ct, Al);
  else if (C.Api == "cublasGemmBatchedEx") {
    void **Arrays = reinterpret_cast<void **>(D.Pool + (48 << 20));
    void *HostArrays[12];
    for (int I = 0; I < 4; ++I) {
      HostArrays[I] = static_cast<char *>(A) + I * 4096;
      HostArrays[4 + I] = static_cast<char *>(B) + I * 4096;
      HostArrays[8 + I] = static_cast<char *>(Cm) + I * 4096;
    }
    cudaMemcpy(Arrays, HostArrays, sizeof(HostArrays), cudaMemcpyHostToDevice);
    S = cublasGemmBatchedEx(D.Handle, Op(C.TransA), Op(C.TransB), M, N, K,
                            Alpha, Arrays, Ty(C.AType), Lda, Arrays + 4,
                            Ty(C.BType), Ldb, Beta, Arrays + 8, Ty(C.CType),
                            Ldc, Batch, Ct, Al);
  } else if (C.Api == "cublasGemmGroupedBatchedEx") {
    void **Arrays = reinterpret_cast<void **>(D.Pool + (48 << 20));
    void *HostArrays[3] = {A, B, Cm};
    cudaMemcpy(Arrays, HostArrays, sizeof(HostArrays), cudaMemcpyHostToDevice);
    const cublasOperation_t TA = Op(C.TransA), TB = Op(C.TransB);
    const int GroupSize = Batch;
    S = cublasGemmGroupedBatchedEx(D.Handle, &TA, &TB, &M, &N, &K, Alpha,
                                   Arrays, Ty(C.AType), &Lda, Arrays + 1,
                                   Ty(C.BType), &Ldb, Beta, Arrays + 2,
                                   Ty(C.CType), &Ldc, 1, &GroupSize, Ct);
  } else if (C.Api == "cublasSgemm_v2")
    S = cublasSgemm(D.Handle, Op(C.TransA), Op(C.TransB), M, N, K,
                    static_cast<const float *>(Alpha), static_cast<float *>(A),
                    Lda, static_cast<float *>(B), Ldb,
                    static_cast<const float *>(Beta), static_cast<float *>(Cm),
                    Ldc);
  else if (C.Api == "cublasHgemm")
    S = cublasHgemm(D.Handle, Op(C.TransA), Op(C.TransB), M, N, K,
                    static_cast<const __half *>(Alpha), static_cast<__half *>(A),
                    Lda, static_cast<__half *>(B), Ldb,
                    static_cast<const __half *>(Beta), static_cast<__half *>(Cm),
                    Ldc);
  cublasSetPointerMode(D.Handle, CUBLAS_POINTER_MODE_HOST);
  if (S == CUBLAS_STATUS_SUCCESS && cudaDeviceSynchronize() != cudaSuccess)
    return 1000 + static_cast<int>(cudaGetLastError()); // an asynchronous fault
  return static_cast<int>(S);
}

// Runs case Index of the grid in a fresh process ("--case N"): CUDA does not
// survive fork(), and a crash must not end the sweep.
std::string runInChild(const char *Self, const std::string &Index) {
  char *Argv[] = {const_cast<char *>(Self), const_cast<char *>("--case"),
                  const_cast<char *>(Index.c_str()), nullptr};
  pid_t Pid;
  if (posix_spawn(&Pid, Self, nullptr, nullptr, Argv, environ) != 0)
    return "spawn-failed";
  int Status = 0;
  waitpid(Pid, &Status, 0);
  if (WIFSIGNALED(Status))
    return "signal:" + std::to_string(WTERMSIG(Status));
  return std::to_string(WEXITSTATUS(Status));
}

void writeTable(const std::string &Path, const std::string &Header,
                const std::vector<Row> &Rows) {
  std::ofstream F(Path);
  F << Header << gemm::conformance::csvHeader() << "\n";
  for (const Row &R : Rows)
    F << gemm::conformance::toCsv(R) << "\n";
}

int summarize(const std::vector<Row> &Rows) {
  std::map<std::string, int> Count;
  int Shown = 0;
  for (const Row &R : Rows) {
    const auto A = gemm::conformance::compare(gemm::conformance::verdict(R.C),
                                              R.Outcome);
    ++Count[gemm::conformance::agreementName(A)];
    if ((A == gemm::conformance::Agreement::CoreTooLax ||
         A == gemm::conformance::Agreement::CoreTooStrict) &&
        Shown++ < 200)
      std::printf("disagreement: %s\n", gemm::conformance::toCsv(R).c_str());
  }
  std::printf("tuples: %zu", Rows.size());
  for (const auto &[Name, N] : Count)
    std::printf(", %s: %d", Name.c_str(), N);
  std::printf("\n");
  return 0;
}

std::string selfPath() {
  char Buf[4096];
  const ssize_t N = readlink("/proc/self/exe", Buf, sizeof(Buf) - 1);
  return N > 0 ? std::string(Buf, N) : std::string();
}

// Checks what can be checked without a GPU: the harness reports a child's
// signal, and every row survives a CSV round trip.
int selfTest() {
  int Failures = 0;
  const std::string Self = selfPath();
  const std::string Outcome = runInChild(Self.c_str(), "crash");
  std::printf("%s: a crashing child is recorded as %s\n",
              Outcome == "signal:11" ? "PASS" : "FAIL", Outcome.c_str());
  Failures += Outcome != "signal:11";
  const std::vector<Case> Grid = enumerate();
  size_t RoundTrips = 0;
  for (const Case &C : Grid) {
    Row R{C, "7"}, Back;
    RoundTrips += gemm::conformance::fromCsv(gemm::conformance::toCsv(R), Back) &&
                  gemm::conformance::toCsv(Back) == gemm::conformance::toCsv(R);
  }
  std::printf("%s: %zu of %zu rows survive the CSV round trip\n",
              RoundTrips == Grid.size() ? "PASS" : "FAIL", RoundTrips,
              Grid.size());
  Failures += RoundTrips != Grid.size();
  std::printf("%d passed, %d failed\n", 2 - Failures, Failures);
  return Failures ? 1 : 0;
}

} // namespace

int main(int Argc, char **Argv) {
  std::string Out = "conformance.csv";
  bool DryRun = false;
  for (int I = 1; I < Argc; ++I) {
    const std::string A = Argv[I];
    if (A == "--case" && I + 1 < Argc) {
      const std::string Which = Argv[++I];
      if (Which == "crash")
        std::raise(SIGSEGV); // the self-test's deliberate crash
      const long long Index = std::atoll(Which.c_str());
      const std::vector<Case> Grid = enumerate();
      Device D;
      if (!D.Ok)
        return 250;
      return runCase(D, Grid.at(static_cast<size_t>(Index)));
    }
    if (A == "--self-test")
      return selfTest();
    if (A == "--dry-run")
      DryRun = true;
    else if (A == "--out" && I + 1 < Argc)
      Out = Argv[++I];
    else {
      std::fprintf(stderr,
                   "gemm-conformance: unknown argument '%s'; usage: "
                   "gemm-conformance [--dry-run] [--out FILE] | --self-test\n",
                   A.c_str());
      return 2;
    }
  }

  const std::vector<Case> Grid = enumerate();
  std::vector<Row> Rows;
  std::string Header = "# gemm-conformance: dry run, no cuBLAS calls\n";
  if (DryRun) {
    for (const Case &C : Grid)
      Rows.push_back(Row{C, "not-run"});
  } else {
    Device D;
    if (!D.Ok) {
      std::fprintf(stderr, "gemm-conformance: no usable GPU (cublasCreate or "
                           "cudaMalloc failed); use --dry-run without one\n");
      return 2;
    }
    int Version = 0, Dev = 0;
    cublasGetVersion(D.Handle, &Version);
    cudaGetDevice(&Dev);
    cudaDeviceProp Prop;
    cudaGetDeviceProperties(&Prop, Dev);
    Header = "# cublas_version=" + std::to_string(Version) + " gpu=\"" +
             Prop.name + "\" compute_capability=" + std::to_string(Prop.major) +
             "." + std::to_string(Prop.minor) + "\n";
    const std::string Self = selfPath();
    for (size_t I = 0; I < Grid.size(); ++I)
      Rows.push_back(Row{Grid[I], mayKillProcess(Grid[I])
                                      ? runInChild(Self.c_str(), std::to_string(I))
                                      : std::to_string(runCase(D, Grid[I]))});
  }
  writeTable(Out, Header, Rows);
  std::printf("%s", Header.c_str());
  return summarize(Rows);
}
