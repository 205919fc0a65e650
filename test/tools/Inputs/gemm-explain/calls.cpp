// cuBLAS calls for gemm-explain's tests, logged by the real libcublas
// (CUBLAS_LOGINFO_DBG=1): the handle was never created (no GPU needed; each
// call is logged on entry, then fails). calls KIND runs one kind:
//   valid      several valid calls of the family, and handle set-up calls
//   ld size type enum stride algo    one call breaking that kind of rule
//   threads    the same valid call from two threads at once
//   mixed      valid calls of two functions from two threads at once
//   grouped    grouped calls whose per-group arrays break a rule ('lda' 8 for
//              m = 64), which the log shows only as pointers
#include <cublas_v2.h>
#include <cstdio>
#include <cstring>
#include <thread>

alignas(64) static char NeverCreated[4096];
static float Buffer[1 << 16];

int main(int argc, char **argv) {
  cublasHandle_t h = reinterpret_cast<cublasHandle_t>(NeverCreated);
  const float one = 1, zero = 0;
  const char *kind = argc > 1 ? argv[1] : "valid";
  auto is = [&](const char *k) { return std::strcmp(kind, k) == 0; };
  if (is("valid")) {
    cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST);
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, 64, 32, 16, &one, Buffer, 64, Buffer, 32, &zero, Buffer, 64);
    cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 128, 64, 32, &one, Buffer, CUDA_R_16F, 32, Buffer, CUDA_R_16F, 32,
                 &zero, Buffer, CUDA_R_32F, 128, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
    cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &one, Buffer, CUDA_R_32F, 16, 256,
                               Buffer, CUDA_R_32F, 16, 256, &zero, Buffer, CUDA_R_32F, 16, 256, 8,
                               CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  } else if (is("ld")) {
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, &one, Buffer, 8, Buffer, 8, &zero, Buffer, 64);
  } else if (is("size")) {
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, -3, 8, 8, &one, Buffer, 8, Buffer, 8, &zero, Buffer, 8);
  } else if (is("type")) {
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &one, Buffer, CUDA_R_16F, 64, Buffer, CUDA_R_16BF, 64,
                 &zero, Buffer, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  } else if (is("enum")) {
    cublasSgemm(h, static_cast<cublasOperation_t>(77), CUBLAS_OP_N, 8, 8, 8, &one, Buffer, 8, Buffer, 8, &zero, Buffer, 8);
  } else if (is("stride")) {
    cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &one, Buffer, CUDA_R_32F, 16, 256,
                               Buffer, CUDA_R_32F, 16, 256, &zero, Buffer, CUDA_R_32F, 16, 100, 8,
                               CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  } else if (is("algo")) {
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &one, Buffer, CUDA_R_32F, 64, Buffer, CUDA_R_32F, 64,
                 &zero, Buffer, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
  } else if (is("grouped")) {
    const cublasOperation_t op[1] = {CUBLAS_OP_N};
    const int m[1] = {64}, nk[1] = {8}, lda[1] = {8}, ldc[1] = {64}, size[1] = {1};
    const float alpha[1] = {1}, beta[1] = {0};
    const float *A[1] = {Buffer};
    float *C[1] = {Buffer};
    cublasSgemmGroupedBatched(h, op, op, m, nk, nk, alpha, A, lda, A, lda, beta, C, ldc, 1, size);
    const void *Ax[1] = {Buffer};
    void *Cx[1] = {Buffer};
    cublasGemmGroupedBatchedEx(h, op, op, m, nk, nk, alpha, Ax, CUDA_R_32F, lda, Ax, CUDA_R_32F, lda, beta,
                               Cx, CUDA_R_32F, ldc, 1, size, CUBLAS_COMPUTE_32F);
  } else if (is("threads")) {
    auto work = [&] {
      for (int i = 0; i < 50; ++i)
        cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, Buffer, 8, Buffer, 8, &zero, Buffer, 8);
    };
    std::thread a(work), b(work);
    a.join();
    b.join();
  } else if (is("mixed")) {
    std::thread a([&] {
      for (int i = 0; i < 50; ++i)
        cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, Buffer, 8, Buffer, 8, &zero, Buffer, 8);
    });
    std::thread b([&] {
      for (int i = 0; i < 50; ++i)
        cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 64, 64, 64, &one, Buffer, CUDA_R_16F, 64, Buffer, CUDA_R_16F,
                     64, &zero, Buffer, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
    });
    a.join();
    b.join();
  }
  std::puts(kind);
  return 0;
}
