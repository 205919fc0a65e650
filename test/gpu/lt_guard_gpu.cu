// GPU tests of the cuBLASLt runtime guard: a valid fp16 matmul runs through
// the guard unreported and gives the unguarded result; invalid setups are
// rejected before cuBLASLt sees them; the architecture rules follow the
// device's real compute capability; residency comes from the CUDA runtime.
// Run by test/gpu/run.sh on a machine with a GPU.
#define GEMM_GUARD_NO_MACROS
#include "gemm/lt_guard.h"

#include <cstdio>
#include <string>
#include <vector>

namespace lt = gemm::guard::lt;

namespace {

int Passed = 0, Failed = 0;
std::vector<std::string> Seen;

void collect(const lt::LtReport &R) {
  for (const auto &F : R.Findings)
    Seen.push_back(F.RuleId);
}

void expect(bool Ok, const char *What) {
  std::printf("%s: %s\n", Ok ? "PASS" : "FAIL", What);
  (Ok ? Passed : Failed)++;
}

bool saw(const char *Rule) {
  for (const std::string &S : Seen)
    if (S == Rule)
      return true;
  return false;
}

} // namespace

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  lt::setHandler(collect);
  cublasLtHandle_t H;
  if (lt::cublasLtCreate(&H) != CUBLAS_STATUS_SUCCESS) {
    std::printf("FAIL: cublasLtCreate (no usable GPU?)\n");
    return 1;
  }
  int Dev = 0, Major = 0, Minor = 0;
  cudaGetDevice(&Dev);
  cudaDeviceGetAttribute(&Major, cudaDevAttrComputeCapabilityMajor, Dev);
  cudaDeviceGetAttribute(&Minor, cudaDevAttrComputeCapabilityMinor, Dev);
  const int CC = Major * 10 + Minor;
  const int M = 64, N = 32, K = 16;
  __half *A, *B, *C;
  void *Work;
  float *DevAlpha;
  cudaMalloc(reinterpret_cast<void **>(&A), sizeof(__half) * M * K);
  cudaMalloc(reinterpret_cast<void **>(&B), sizeof(__half) * K * N);
  cudaMalloc(reinterpret_cast<void **>(&C), sizeof(__half) * M * N);
  cudaMalloc(&Work, 4 << 20);
  cudaMalloc(reinterpret_cast<void **>(&DevAlpha), sizeof(float));
  std::vector<__half> Ones(M * K, __float2half(1.0f));
  cudaMemcpy(A, Ones.data(), sizeof(__half) * M * K, cudaMemcpyHostToDevice);
  cudaMemcpy(B, Ones.data(), sizeof(__half) * K * N, cudaMemcpyHostToDevice);

  cublasLtMatmulDesc_t Op;
  cublasLtMatrixLayout_t La, Lb, Lc;
  cublasLtMatmulPreference_t Pref;
  lt::cublasLtMatmulDescCreate(&Op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  lt::cublasLtMatrixLayoutCreate(&La, CUDA_R_16F, M, K, M);
  lt::cublasLtMatrixLayoutCreate(&Lb, CUDA_R_16F, K, N, K);
  lt::cublasLtMatrixLayoutCreate(&Lc, CUDA_R_16F, M, N, M);
  lt::cublasLtMatmulPreferenceCreate(&Pref);
  const uint64_t WorkSize = 4 << 20;
  lt::cublasLtMatmulPreferenceSetAttribute(
      Pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &WorkSize, sizeof(WorkSize));
  cublasLtMatmulHeuristicResult_t Result = {};
  int Found = 0;
  const float One = 1, Zero = 0;

  Seen.clear();
  const cublasStatus_t HS = lt::cublasLtMatmulAlgoGetHeuristic(
      H, Op, La, Lb, Lc, Lc, Pref, 1, &Result, &Found);
  expect(HS == CUBLAS_STATUS_SUCCESS && Found > 0 && Seen.empty(),
         "valid heuristic: found an algo, no findings");
  const cublasStatus_t MS = lt::cublasLtMatmul(
      H, Op, &One, A, La, B, Lb, &Zero, C, Lc, C, Lc, &Result.algo, Work,
      WorkSize, 0);
  std::vector<__half> Out(M * N);
  cudaMemcpy(Out.data(), C, sizeof(__half) * M * N, cudaMemcpyDeviceToHost);
  expect(MS == CUBLAS_STATUS_SUCCESS && Seen.empty() &&
             __half2float(Out[0]) == static_cast<float>(K),
         "valid matmul: runs unreported, D = k");

  Seen.clear();
  expect(lt::cublasLtMatmul(H, Op, &One, A, La, B, Lb, &Zero, C, Lc, C, Lc,
                            &Result.algo, static_cast<char *>(Work) + 64,
                            WorkSize - 64, 0) == CUBLAS_STATUS_INVALID_VALUE &&
             saw("LT-WS-ALIGN"),
         "misaligned workspace rejected (LT-WS-ALIGN)");

  Seen.clear();
  expect(lt::cublasLtMatmul(H, Op, DevAlpha, A, La, B, Lb, &Zero, C, Lc, C, Lc,
                            &Result.algo, Work, WorkSize, 0) ==
                 CUBLAS_STATUS_INVALID_VALUE &&
             saw("LT-PTR-LOC"),
         "device alpha in host pointer mode rejected (LT-PTR-LOC)");

  Seen.clear();
  expect(lt::cublasLtMatmul(H, Op, &One, A, La, B, Lb, &Zero, C, Lc, C, Lc,
                            &Result.algo, Work, Result.workspaceSize ? Result.workspaceSize - 1 : 0,
                            0) == (Result.workspaceSize ? CUBLAS_STATUS_INVALID_VALUE
                                                         : CUBLAS_STATUS_SUCCESS),
         "workspace smaller than the algo needs rejected (LT-WS-SIZE)");

  // FP8 NN: the TN rule holds on 8.9, 9.0 and 12.x only.
  cublasLtMatmulDesc_t Op8;
  cublasLtMatrixLayout_t A8, B8, C8, D8;
  lt::cublasLtMatmulDescCreate(&Op8, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  lt::cublasLtMatrixLayoutCreate(&A8, CUDA_R_8F_E4M3, 64, 32, 64);
  lt::cublasLtMatrixLayoutCreate(&B8, CUDA_R_8F_E4M3, 32, 32, 32);
  lt::cublasLtMatrixLayoutCreate(&C8, CUDA_R_16BF, 64, 32, 64);
  lt::cublasLtMatrixLayoutCreate(&D8, CUDA_R_16BF, 64, 32, 64);
  Seen.clear();
  const cublasStatus_t F8 = lt::cublasLtMatmulAlgoGetHeuristic(
      H, Op8, A8, B8, C8, D8, Pref, 1, &Result, &Found);
  const bool TnArch = CC == 89 || Major == 9 || Major == 12;
  if (CC < 89)
    expect(saw("LT-FP8-ARCH"), "FP8 below 8.9 rejected (LT-FP8-ARCH)");
  else if (TnArch)
    expect(saw("LT-FP8-TN") && F8 == CUBLAS_STATUS_INVALID_VALUE,
           "FP8 NN rejected on 8.9/9.0/12.x (LT-FP8-TN)");
  else
    expect(!saw("LT-FP8-TN"), "FP8 NN not flagged on this architecture");

  std::printf("compute capability %d.%d: %d passed, %d failed\n", Major, Minor,
              Passed, Failed);
  return Failed ? 1 : 0;
}
