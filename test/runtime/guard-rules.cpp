// Every rule of the rules core reached through the runtime guard, on a
// machine without a GPU: the pointer facts that only a GPU run would give
// (residency, allocation extents, the handle's pointer mode) come from
// inspectors the test installs. Built twice: with the header, where every
// finding is reported, and without it under the preload library, where the
// findings on argument values are the same.
//
// REQUIRES: cuda-runtime, guard-preload
// RUN: %cxx %guard_cxxflags -include gemm/guard.h %s %cuda_libs -o %t.header
// RUN: %t.header 2>&1 | %FileCheck %s --check-prefixes=BOTH,HEADER
// RUN: %cxx %guard_cxxflags %s %cuda_libs -o %t.plain
// RUN: env LD_PRELOAD=%preload %t.plain 2>&1 | %FileCheck %s --check-prefixes=BOTH,PRELOAD
//
// Not reachable here: enum.version (the loaded cuBLAS is 13.x, newer than
// every versioned enumerator) and types.c-d (rocBLAS only).
#include <cublas_v2.h>
#include <cstdint>
#include <cstdio>

#include "Inputs/fake_device.h"

#ifdef GEMM_GUARD_H
cublasPointerMode_t Mode = CUBLAS_POINTER_MODE_HOST;
bool inspectMode(cublasHandle_t, cublasPointerMode_t *M) {
  *M = Mode;
  return true;
}
#endif

#define CALL(what, expr)                                                       \
  std::printf("%s: status %d\n", what, static_cast<int>(expr))

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0); // keep stdout in step with stderr
#ifdef GEMM_GUARD_H
  gemm::guard::setPointerInspector(inspect);
  gemm::guard::setPointerModeInspector(inspectMode);
#endif
  // Never created (zeroed memory): with no GPU, cuBLAS answers
  // CUBLAS_STATUS_NOT_INITIALIZED (1) to the valid calls that reach it.
  alignas(64) static char NeverCreated[4096];
  cublasHandle_t h = reinterpret_cast<cublasHandle_t>(NeverCreated);
  const float one = 1, zero = 0;
  const double done = 1;
  const __half hone = __float2half(1.0f);
  void *dev = reinterpret_cast<void *>(DeviceBase);
  const __half *hA = static_cast<const __half *>(dev);
  const float *fA = static_cast<const float *>(dev);
  float *fC = static_cast<float *>(dev);
  const int8_t *i8 = static_cast<const int8_t *>(dev);
  int32_t *i32 = static_cast<int32_t *>(dev);
  const int32_t ione = 1, izero = 0;

  // A valid call reaches cuBLAS, which answers for itself.
  CALL("valid", cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 32, 16, &one, hA, CUDA_R_16F, 64, hA, CUDA_R_16F, 16, &zero, fC, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  // BOTH: gemm-guard: {{.*}}: cublasGemmEx returned CUBLAS_STATUS_NOT_INITIALIZED although its arguments are valid per the gemm-tidy rulebook
  // BOTH-NEXT: valid: status 1

  CALL("ld.operand", cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 128, 32, 16, &one, hA, CUDA_R_16F, 64, hA, CUDA_R_16F, 16, &zero, fC, CUDA_R_32F, 128, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  // HEADER: gemm-guard: {{.*}}guard-rules.cpp:[[@LINE-1]]: cublasGemmEx: 'lda' (64) must be at least max(1, m) = 128 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [leading-dimension]
  // PRELOAD: gemm-guard: {{.*}}: cublasGemmEx: 'lda' (64) must be at least max(1, m) = 128 because 'transa' is CUBLAS_OP_N (A is stored m x k, column-major) [leading-dimension]
  // BOTH: ld.operand: status 7

  CALL("ld.output", cublasSgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, 8, 8, 8, &one, fA, 8, fA, 8, &zero, fC, 7));
  // BOTH: cublasSgemm_v2: 'ldc' (7) must be at least max(1, m) = 8 (C is stored m x n, column-major) [leading-dimension]
  // BOTH: ld.output: status 7

  CALL("size.negative", cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, hA, CUDA_R_16F, 8, 64, hA, CUDA_R_16F, 8, 64, &zero, fC, CUDA_R_32F, 8, 64, -3, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  // BOTH: cublasGemmStridedBatchedEx: 'batchCount' (-3) must not be negative [invalid-size]
  // BOTH: size.negative: status 7

  // A null handle, with a bad 'lda' too: cuBLAS refuses the handle first,
  // with CUBLAS_STATUS_NOT_INITIALIZED (1), and so does the guard.
  CALL("null handle", cublasSgemm(nullptr, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, fA, 4, fA, 8, &zero, fC, 8));
  // BOTH: cublasSgemm_v2: 'handle' is null; create one with cublasCreate [scalar-pointer-mode]
  // BOTH: null handle: status 1

#ifdef GEMM_GUARD_H
  // A 64-bit value reaches an int parameter only through the header's
  // template, before the narrowing conversion.
  const int64_t Big = 3000000000LL;
  CALL("size.int32", cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 1, 1, Big, &one, fA, 1, fA, Big, &zero, fC, 1));
#else
  std::printf("size.int32: status 7\n");
#endif
  // HEADER: cublasSgemm_v2: 'k' (3000000000) does not fit the 32-bit 'int' parameter of cublasSgemm_v2 and becomes -1294967296 [invalid-size]
  // HEADER: cublasSgemm_v2: 'ldb' (3000000000) does not fit the 32-bit 'int' parameter of cublasSgemm_v2 and becomes -1294967296 [invalid-size]
  // BOTH: size.int32: status 7

  CALL("types.combination", cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, hA, CUDA_R_16F, 8, hA, CUDA_R_16F, 8, &zero, dev, CUDA_R_16BF, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  // BOTH: cublasGemmEx: unsupported type combination for cublasGemmEx: computeType CUBLAS_COMPUTE_32F, Atype/Btype CUDA_R_16F, Ctype CUDA_R_16BF [type-combination]
  // BOTH: types.combination: status 7

  CALL("types.mixed-ab", cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, hA, CUDA_R_16F, 8, dev, CUDA_R_16BF, 8, &zero, fC, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  // BOTH: 'Btype' (CUDA_R_16BF) must equal 'Atype' (CUDA_R_16F): cublasGemmEx has no mixed-type A and B inputs [type-combination]
  // BOTH: types.mixed-ab: status 7

  CALL("types.narrow-float", cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 16, 16, 16, &one, dev, CUDA_R_8F_E4M3, 16, dev, CUDA_R_8F_E4M3, 16, &zero, fC, CUDA_R_32F, 16, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  // BOTH: 'Atype' is CUDA_R_8F_E4M3: cublasGemmEx does not accept FP8, FP6 or FP4 data [type-combination]
  // BOTH: 'Btype' is CUDA_R_8F_E4M3: cublasGemmEx does not accept FP8, FP6 or FP4 data [type-combination]
  // BOTH: types.narrow-float: status 7

#ifdef GEMM_GUARD_H
  // The C++ overload with a cudaDataType compute type lives in the user's
  // translation unit: only the header sees it.
  CALL("types.legacy-compute", cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, dev, CUDA_R_16BF, 8, dev, CUDA_R_16BF, 8, &zero, dev, CUDA_R_16BF, 8, CUDA_R_16BF, CUBLAS_GEMM_DEFAULT));
#endif
  // HEADER: 'computeType' CUDA_R_16BF is a cudaDataType that the C++ compatibility overload of cublasGemmEx cannot map to a compute type; it returns CUBLAS_STATUS_NOT_SUPPORTED without calling cuBLAS [type-combination]
  // HEADER: types.legacy-compute: status 7

  CALL("enum.trans", cublasGemmEx(h, CUBLAS_OP_CONJG, CUBLAS_OP_N, 8, 8, 8, &one, hA, CUDA_R_16F, 8, hA, CUDA_R_16F, 8, &zero, fC, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  // BOTH: 'transa' is CUBLAS_OP_CONJG, a placeholder that cuBLAS does not support; use CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C [invalid-enum]
  // BOTH: enum.trans: status 7

  CALL("enum.algo", cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, hA, CUDA_R_16F, 8, hA, CUDA_R_16F, 8, &zero, fC, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, static_cast<cublasGemmAlgo_t>(42)));
  // BOTH: 'algo' (42) is not a cublasGemmAlgo_t enumerator [invalid-enum]
  // BOTH: enum.algo: status 7

  CALL("enum.compute-type", cublasGemmEx_64(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, fA, CUDA_R_32F, 8, fA, CUDA_R_32F, 8, &zero, fC, CUDA_R_32F, 8, static_cast<cublasComputeType_t>(CUDA_R_32F), CUBLAS_GEMM_DEFAULT));
  // BOTH: cublasGemmEx_64: 'computeType' is CUDA_R_32F (0), a cudaDataType, where cublasGemmEx_64 reads a cublasComputeType_t [invalid-enum]
  // BOTH: enum.compute-type: status 7

  CALL("enum.data-type", cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, dev, static_cast<cudaDataType>(99), 8, dev, CUDA_R_32F, 8, &zero, fC, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  // BOTH: 'Atype' (99) is not a cudaDataType value [invalid-enum]
  // BOTH: enum.data-type: status 7

#ifdef GEMM_GUARD_H
  // Pointee types: the header keeps them, the preload sees const void *.
  CALL("scalar.type", cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, hA, CUDA_R_16F, 8, hA, CUDA_R_16F, 8, &hone, dev, CUDA_R_16F, 8, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT));
  // HEADER: cublasGemmEx: 'alpha' points to 'float' but 'computeType' CUBLAS_COMPUTE_16F reads alpha as '__half' [scalar-type]
  // HEADER-NEXT: scalar.type: status 7
  CALL("buffer.type", cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, fA, CUDA_R_16F, 8, hA, CUDA_R_16F, 8, &zero, fC, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  // HEADER: cublasGemmEx: 'A' points to 'float' but 'Atype' is CUDA_R_16F ('__half') [buffer-type]
  // HEADER-NEXT: buffer.type: status 7

  // Pointer facts from the inspectors installed above.
  CALL("pointer.null", cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, nullptr, fA, 8, fA, 8, &zero, fC, 8));
  // HEADER: cublasSgemm_v2: 'alpha' is null; cuBLAS reads it on every call [scalar-pointer-mode]
  // HEADER-NEXT: pointer.null: status 7
  const double *dDev = static_cast<const double *>(dev);
  CALL("pointer.mode", cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, dDev, dDev, 8, dDev, 8, &done, static_cast<double *>(dev), 8));
  // HEADER: cublasDgemm_v2: 'alpha' points to device memory but the handle's pointer mode is CUBLAS_POINTER_MODE_HOST, where cuBLAS reads it on the host [scalar-pointer-mode]
  // HEADER-NEXT: pointer.mode: status 7
  CALL("pointer.null-c", cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, fA, 8, fA, 8, &one, static_cast<float *>(nullptr), 8));
  // HEADER: cublasSgemm_v2: 'C' is null but 'beta' is not zero, so C is read [scalar-pointer-mode]
  // HEADER-NEXT: pointer.null-c: status 7
  alignas(16) static const unsigned char raw[32] = {};
  const auto *zDev = static_cast<const cuDoubleComplex *>(dev);
  CALL("scalar.alignment", cublasZgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, reinterpret_cast<const cuDoubleComplex *>(raw + 8), zDev, 2, zDev, 2, reinterpret_cast<const cuDoubleComplex *>(raw), static_cast<cuDoubleComplex *>(dev), 2));
  // HEADER: cublasZgemm_v2: 'alpha' (0x{{[0-9a-f]+}}8) is not aligned to 16 bytes, the alignment of 'cuDoubleComplex' [scalar-pointer-mode]
  // HEADER-NEXT: scalar.alignment: status 7
  CALL("int8.ld", cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 8, 8, 10, &ione, i8, CUDA_R_8I, 10, i8, CUDA_R_8I, 12, &izero, i32, CUDA_R_32I, 8, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT));
  // HEADER: cublasGemmEx: 'lda' (10) must be a multiple of 4 with CUBLAS_COMPUTE_32I [int8-alignment]
  // HEADER-NEXT: int8.ld: status 7
  CALL("int8.pointer", cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, 8, 8, 8, &ione, i8 + 2, CUDA_R_8I, 8, i8, CUDA_R_8I, 8, &izero, i32, CUDA_R_32I, 8, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT));
  // HEADER: cublasGemmEx: 'A' is 2 bytes past a 4-byte boundary; CUBLAS_COMPUTE_32I needs it 4-byte aligned [int8-alignment]
  // HEADER-NEXT: int8.pointer: status 7
  CALL("batch.overlap", cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, fA, 8, 64, fA, 8, 64, &zero, fC, 8, 32, 4));
  // HEADER: cublasSgemmStridedBatched: 'strideC' (32) makes the 4 C matrices overlap: row 0, column 4 of C[0] is row 0, column 0 of C[1] [batch-stride]
  // HEADER-NEXT: batch.overlap: status 7
  // Interleaved (four 8-row outputs side by side, ldc 32, stride 8): the
  // spans overlap, no element is shared; cuBLAS answers for itself.
  CALL("batch.interleaved", cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, fA, 8, 64, fA, 8, 64, &zero, fC, 32, 8, 4));
  // HEADER: gemm-guard: {{.*}}: cublasSgemmStridedBatched returned CUBLAS_STATUS_NOT_INITIALIZED although its arguments are valid per the gemm-tidy rulebook
  // HEADER-NEXT: batch.interleaved: status 1
  // 1 MiB holds 262144 floats; A needs lda * (k - 1) + m = 307200.
  CALL("buffer.extent", cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 1024, 8, 300, &one, fA, 1024, fA, 300, &zero, fC, 1024));
  // HEADER: cublasSgemm_v2: 'A' needs 1228800 bytes (lda * (k - 1) + m = 307200 elements of CUDA_R_32F) but only 1048576 remain in its allocation [buffer-extent]
  // HEADER-NEXT: buffer.extent: status 7
  Mode = CUBLAS_POINTER_MODE_DEVICE;
  const float *fDev = static_cast<const float *>(dev);
  CALL("pointer.mode-grouped", cublasSgemmGroupedBatched(h, nullptr, nullptr, nullptr, nullptr, nullptr, fDev, nullptr, nullptr, nullptr, nullptr, fDev, nullptr, nullptr, 0, nullptr));
  // HEADER: cublasSgemmGroupedBatched: cublasSgemmGroupedBatched needs CUBLAS_POINTER_MODE_HOST; in device mode it returns CUBLAS_STATUS_NOT_SUPPORTED [scalar-pointer-mode]
  // HEADER-NEXT: pointer.mode-grouped: status 7
#endif
  return 0;
}
