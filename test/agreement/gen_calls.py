#!/usr/bin/env python3
"""Writes a C++ program of N cuBLAS GEMM calls whose arguments are all
compile-time constants (the S, D, C and H GEMMs, their _64, batched and
strided-batched forms, the Ex forms; values around each bound, invalid
enumerators, legacy compute types), one call per line, for the static-vs-runtime
agreement test: the plugin judges the source, the guard the running calls.

  gen_calls.py N [SEED]
"""
import random
import sys

n = int(sys.argv[1])
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)

SIZES = [-1, 0, 1, 7, 8, 64]
LDS = [0, 1, 7, 8, 63, 64, 65]
OPS = ["CUBLAS_OP_N", "CUBLAS_OP_T", "CUBLAS_OP_C", "(cublasOperation_t)3", "(cublasOperation_t)9"]
DATA = ["CUDA_R_16F", "CUDA_R_32F", "CUDA_R_64F", "CUDA_R_16BF", "CUDA_R_8I", "CUDA_R_32I",
        "CUDA_C_32F", "(cudaDataType)99"]
COMPUTE = ["CUBLAS_COMPUTE_16F", "CUBLAS_COMPUTE_32F", "CUBLAS_COMPUTE_32F_FAST_16F",
           "CUBLAS_COMPUTE_32F_FAST_TF32", "CUBLAS_COMPUTE_64F", "CUBLAS_COMPUTE_32I",
           "(cublasComputeType_t)CUDA_R_32F", "(cublasComputeType_t)5"]
ALGOS = ["CUBLAS_GEMM_DEFAULT", "CUBLAS_GEMM_DEFAULT_TENSOR_OP", "CUBLAS_GEMM_ALGO15_TENSOR_OP",
         "(cublasGemmAlgo_t)-2", "(cublasGemmAlgo_t)500"]


def pick(values):
    return rng.choice(values)


def dims():
    # Half the calls are valid but for at most one value at or near a bound.
    if rng.random() < 0.5:
        values = [64, 64, 64, 64, 64, 64]
        i = rng.randrange(7)
        if i < 6:
            values[i] = pick(SIZES if i < 3 else LDS)
        return values
    return [pick(SIZES) for _ in range(3)] + [pick(LDS) for _ in range(3)]


def interleaved():
    # Per-head outputs side by side in one buffer (ldc = heads * dim, strideC
    # = dim): valid though the spans overlap; one row off, or a batch more
    # than fits, and elements are shared.
    dim, heads, cols = pick([8, 16, 64]), pick([2, 4, 8]), pick([1, 4, 64])
    stride = pick([dim, dim - 1, dim + 1, dim * heads, 0])
    batch = pick([heads, heads + 1])
    return ("cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, %d, %d, %d, &one, fA, %d, %d, fA, %d, %d, &zero, fC, %d, %d, %d)"
            % (dim, cols, dim, dim, dim * dim, dim, dim * cols, dim * heads, stride, batch))


def call():
    kind = rng.randrange(13)
    if kind == 12:
        return interleaved()
    ta, tb = (pick(OPS) if rng.random() < 0.3 else pick(OPS[:2]) for _ in range(2))
    m, nn, k, lda, ldb, ldc = dims()
    if kind == 0:
        return ("cublasSgemm(h, %s, %s, %d, %d, %d, &one, fA, %d, fA, %d, &zero, fC, %d)"
                % (ta, tb, m, nn, k, lda, ldb, ldc))
    if kind == 1:
        return ("cublasSgemm_64(h, %s, %s, %d, %d, %d, &one, fA, %d, fA, %d, &zero, fC, %d)"
                % (ta, tb, m, nn, k, lda, ldb, ldc))
    if kind == 2:
        return ("cublasDgemm(h, %s, %s, %d, %d, %d, &done, dA, %d, dA, %d, &dzero, dC, %d)"
                % (ta, tb, m, nn, k, lda, ldb, ldc))
    a, c, ct, algo = pick(DATA), pick(DATA), pick(COMPUTE), pick(ALGOS)
    if kind == 3:
        return ("cublasGemmEx(h, %s, %s, %d, %d, %d, &one, dev, %s, %d, dev, %s, %d, &zero, dev, %s, %d, %s, %s)"
                % (ta, tb, m, nn, k, a, lda, a, ldb, c, ldc, ct, algo))
    batch = pick([-1, 0, 1, 4])
    sa, sb, sc = (pick([0, 1, 64, 4096]) for _ in range(3))
    if kind == 4:
        return ("cublasGemmStridedBatchedEx(h, %s, %s, %d, %d, %d, &one, dev, %s, %d, %d, dev, %s, %d, %d, &zero, dev, %s, %d, %d, %d, %s, %s)"
                % (ta, tb, m, nn, k, a, lda, sa, a, ldb, sb, c, ldc, sc, batch, ct, algo))
    if kind == 5:
        return ("cublasSgemmStridedBatched(h, %s, %s, %d, %d, %d, &one, fA, %d, %d, fA, %d, %d, &zero, fC, %d, %d, %d)"
                % (ta, tb, m, nn, k, lda, sa, ldb, sb, ldc, sc, batch))
    if kind == 6:
        return ("cublasHgemm(h, %s, %s, %d, %d, %d, &hone, hA, %d, hA, %d, &hzero, hC, %d)"
                % (ta, tb, m, nn, k, lda, ldb, ldc))
    if kind == 7:
        return ("cublasCgemm(h, %s, %s, %d, %d, %d, &cone, cA, %d, cA, %d, &czero, cC, %d)"
                % (ta, tb, m, nn, k, lda, ldb, ldc))
    if kind == 8:
        return ("cublasGemmEx_64(h, %s, %s, %d, %d, %d, &one, dev, %s, %d, dev, %s, %d, &zero, dev, %s, %d, %s, %s)"
                % (ta, tb, m, nn, k, a, lda, a, ldb, c, ldc, ct, algo))
    if kind == 9:
        return ("cublasGemmBatchedEx(h, %s, %s, %d, %d, %d, &one, arrays, %s, %d, arrays, %s, %d, &zero, outputs, %s, %d, %d, %s, %s)"
                % (ta, tb, m, nn, k, a, lda, a, ldb, c, ldc, batch, ct, algo))
    if kind == 10:
        return ("cublasSgemmBatched(h, %s, %s, %d, %d, %d, &one, (const float *const *)arrays, %d, (const float *const *)arrays, %d, &zero, (float *const *)outputs, %d, %d)"
                % (ta, tb, m, nn, k, lda, ldb, ldc, batch))
    return ("cublasDgemmStridedBatched_64(h, %s, %s, %d, %d, %d, &done, dA, %d, %d, dA, %d, %d, &dzero, dC, %d, %d, %d)"
            % (ta, tb, m, nn, k, lda, sa, ldb, sb, ldc, sc, batch))


out = ["#include <cublas_v2.h>", "#include <cstdint>", "#include <cstdio>",
       "#include \"agreement_inspectors.h\"", "",
       "int main() {",
       "  installInspectors();",
       "  cublasHandle_t h = nullptr;",
       "  const float one = 1, zero = 0;",
       "  const double done = 1, dzero = 0;",
       "  void *dev = fakeDevice();",
       "  const float *fA = static_cast<const float *>(dev);",
       "  float *fC = static_cast<float *>(dev);",
       "  const double *dA = static_cast<const double *>(dev);",
       "  double *dC = static_cast<double *>(dev);",
       "  const __half hone = __float2half(1.0f), hzero = __float2half(0.0f);",
       "  const __half *hA = static_cast<const __half *>(dev);",
       "  __half *hC = static_cast<__half *>(dev);",
       "  const cuComplex cone = {1, 0}, czero = {0, 0};",
       "  const cuComplex *cA = static_cast<const cuComplex *>(dev);",
       "  cuComplex *cC = static_cast<cuComplex *>(dev);",
       "  const void *const *arrays = static_cast<const void *const *>(dev);",
       "  void *const *outputs = static_cast<void *const *>(dev);"]
for _ in range(n):
    out.append("  " + call() + ";")
out += ["  return 0;", "}"]
sys.stdout.write("\n".join(out) + "\n")
