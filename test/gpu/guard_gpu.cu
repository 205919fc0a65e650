// GPU tests of the runtime guard: real device, host, pinned and managed
// pointers against real pointer modes, extents against real allocations,
// guarded results identical to unguarded ones, and the guard's cost next to
// a launch-bound cublasGemmEx. Run by test/gpu/run.sh on a machine with a GPU.
#define GEMM_GUARD_NO_MACROS
#include "gemm/guard.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

int Passed = 0, Failed = 0;
std::vector<std::string> Seen; // rule ids of the last guarded call

void collect(const gemm::guard::Report &R) {
  Seen.clear();
  for (const gemm::rules::Finding &F : R.Findings)
    Seen.push_back(F.RuleId);
}

void expect(bool Ok, const char *What) {
  std::printf("%s: %s\n", Ok ? "PASS" : "FAIL", What);
  (Ok ? Passed : Failed)++;
}

bool sawOnly(const char *Rule) { return Seen.size() == 1 && Seen[0] == Rule; }

#define CUDA_OK(x) expect((x) == cudaSuccess, #x)

} // namespace

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  gemm::guard::setHandler(collect);
  cublasHandle_t H;
  // Through the guard, which learns the handle's pointer mode from these.
  if (gemm::guard::cublasCreate_v2(&H) != CUBLAS_STATUS_SUCCESS) {
    std::printf("FAIL: cublasCreate (no usable GPU?)\n0 passed, 1 failed\n");
    return 1;
  }
  const int N = 64;
  const size_t Bytes = sizeof(float) * N * N;
  float *A, *B, *C, *C2, *DevScalar, *Managed, *Pinned;
  CUDA_OK(cudaMalloc(reinterpret_cast<void **>(&A), Bytes));
  CUDA_OK(cudaMalloc(reinterpret_cast<void **>(&B), Bytes));
  CUDA_OK(cudaMalloc(reinterpret_cast<void **>(&C), Bytes));
  CUDA_OK(cudaMalloc(reinterpret_cast<void **>(&C2), Bytes));
  CUDA_OK(cudaMalloc(reinterpret_cast<void **>(&DevScalar), sizeof(float)));
  CUDA_OK(
      cudaMallocManaged(reinterpret_cast<void **>(&Managed), sizeof(float)));
  CUDA_OK(cudaMallocHost(reinterpret_cast<void **>(&Pinned), sizeof(float)));
  std::vector<float> Host(N * N);
  for (int I = 0; I < N * N; ++I)
    Host[I] = static_cast<float>((I * 37) % 101) / 101.0f;
  CUDA_OK(cudaMemcpy(A, Host.data(), Bytes, cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(B, Host.data(), Bytes, cudaMemcpyHostToDevice));
  const float One = 1, Zero = 0;
  *Managed = 1;
  *Pinned = 1;
  CUDA_OK(cudaMemcpy(DevScalar, &One, sizeof(float), cudaMemcpyHostToDevice));

  auto gemm = [&](const float *Alpha, const float *Beta, const float *X, int Ld,
                  float *Out) {
    Seen.clear();
    return gemm::guard::cublasSgemm_v2(H, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N,
                                       Alpha, X, Ld, B, N, Beta, Out, N);
  };

  // The pointer facts exist only at the default depth.
  const bool Pointers = gemm::guard::depth() == gemm::guard::Depth::Pointers;
  if (Pointers) {
    // Host mode (the default): host scalars pass, device and managed do not.
    expect(gemm(&One, &Zero, A, N, C) == CUBLAS_STATUS_SUCCESS && Seen.empty(),
           "host scalars in host mode run");
    expect(gemm(&One, Pinned, A, N, C) == CUBLAS_STATUS_SUCCESS && Seen.empty(),
           "pinned host beta in host mode runs");
    expect(
        gemm(DevScalar, &Zero, A, N, C) == CUBLAS_STATUS_INVALID_VALUE &&
            sawOnly("pointer.mode"),
        "device alpha in host mode is rejected before cuBLAS dereferences it");
    expect(gemm(Managed, &Zero, A, N, C) == CUBLAS_STATUS_INVALID_VALUE &&
               sawOnly("pointer.mode"),
           "managed alpha in host mode is rejected");

    // Device mode: device, managed and pinned scalars pass, pageable ones not.
    gemm::guard::cublasSetPointerMode_v2(H, CUBLAS_POINTER_MODE_DEVICE);
    float *DevZero = nullptr;
    CUDA_OK(cudaMalloc(reinterpret_cast<void **>(&DevZero), sizeof(float)));
    CUDA_OK(cudaMemset(DevZero, 0, sizeof(float)));
    expect(gemm(DevScalar, DevZero, A, N, C) == CUBLAS_STATUS_SUCCESS &&
               Seen.empty(),
           "device scalars in device mode run");
    expect(gemm(Pinned, DevZero, A, N, C) == CUBLAS_STATUS_SUCCESS &&
               Seen.empty(),
           "pinned (mapped) alpha in device mode runs");
    expect(gemm(&One, DevZero, A, N, C) == CUBLAS_STATUS_INVALID_VALUE &&
               sawOnly("pointer.mode"),
           "pageable alpha in device mode is rejected");
    gemm::guard::cublasSetPointerMode_v2(H, CUBLAS_POINTER_MODE_HOST);

    // Extents: A's allocation holds exactly N * N floats.
    expect(gemm(&One, &Zero, A, N, C) == CUBLAS_STATUS_SUCCESS && Seen.empty(),
           "an allocation of exactly the extent runs");
    expect(gemm(&One, &Zero, A + 1, N, C) == CUBLAS_STATUS_INVALID_VALUE &&
               sawOnly("buffer.extent"),
           "one element past the allocation is rejected");
    expect(gemm(&One, &Zero, A, N + 1, C) == CUBLAS_STATUS_INVALID_VALUE &&
               sawOnly("buffer.extent"),
           "a padded lda beyond the allocation is rejected");
  }

  // Guarded and unguarded calls compute the same bits.
  CUDA_OK(cudaMemset(C, 0, Bytes));
  CUDA_OK(cudaMemset(C2, 0, Bytes));
  gemm(&One, &Zero, A, N, C);
  cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &One, A, N, B, N, &Zero, C2,
              N);
  std::vector<float> R1(N * N), R2(N * N);
  CUDA_OK(cudaMemcpy(R1.data(), C, Bytes, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(R2.data(), C2, Bytes, cudaMemcpyDeviceToHost));
  expect(std::memcmp(R1.data(), R2.data(), Bytes) == 0,
         "guarded and unguarded results are identical");

  // Cost: a launch-bound 64^3 cublasGemmEx, unguarded and guarded, in
  // interleaved rounds so that both see the same machine state.
  auto time = [&](bool Guarded) {
    const int Iterations = 2000;
    cudaDeviceSynchronize();
    const auto T0 = std::chrono::steady_clock::now();
    for (int I = 0; I < Iterations; ++I) {
      if (Guarded)
        gemm::guard::cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &One, A,
                                  CUDA_R_32F, N, B, CUDA_R_32F, N, &Zero, C,
                                  CUDA_R_32F, N, CUBLAS_COMPUTE_32F,
                                  CUBLAS_GEMM_DEFAULT);
      else
        cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &One, A, CUDA_R_32F,
                     N, B, CUDA_R_32F, N, &Zero, C, CUDA_R_32F, N,
                     CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
      cudaDeviceSynchronize();
    }
    const auto T1 = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::micro>(T1 - T0).count() /
           Iterations;
  };
  time(false); // warm-up
  time(true);
  double Plain = 0, Guarded = 0;
  for (int Round = 0; Round < 5; ++Round) {
    Plain += time(false);
    Guarded += time(true);
  }
  Plain /= 5;
  Guarded /= 5;
  const char *Depth = std::getenv("GEMM_GUARD_DEPTH");
  std::printf("BENCH depth=%s unguarded %.2f us, guarded %.2f us per "
              "synchronised 64^3 cublasGemmEx: +%.1f%%\n",
              Depth && *Depth ? Depth : "pointers", Plain, Guarded,
              100.0 * (Guarded - Plain) / Plain);

  cublasDestroy(H);
  std::printf("%d passed, %d failed\n", Passed, Failed);
  return Failed ? 1 : 0;
}
