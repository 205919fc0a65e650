// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags
//
// The cuBLASLt rules whose categories the GemmEx checks already have:
// type combinations, alpha/beta against the pointer mode and the scale
// type, the heuristic's algo count, batch counts.

#include <cublasLt.h>
#include <cuda_runtime.h>
#include <cstdint>

cublasLtHandle_t lt;
const void *A, *B;
void *C, *D, *workspace;
const float one = 1, zero = 0;

// ---- gemm-type-combination ----------------------------------------------------------

void halfInFloatOutWith16FCompute() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_16F, CUDA_R_16F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'alpha' points to 'float' but the scale type is CUDA_R_16F ('__half'); cuBLASLt reads its bytes as that type [gemm-scalar-type]
  // CHECK-NOTES: :[[@LINE-7]]:53: note: 'CUBLASLT_MATMUL_DESC_SCALE_TYPE' is CUDA_R_16F, set by cublasLtMatmulDescCreate here
  // CHECK-MESSAGES: :[[@LINE-3]]:35: warning: unsupported type combination for cublasLtMatmul: computeType CUBLAS_COMPUTE_16F, scaleType CUDA_R_16F, A CUDA_R_16F, B CUDA_R_16F, C CUDA_R_32F, D CUDA_R_32F [gemm-type-combination]
  // CHECK-NOTES: :[[@LINE-7]]:34: note: 'CUBLASLT_MATRIX_LAYOUT_TYPE of Adesc' is CUDA_R_16F, set by cublasLtMatrixLayoutCreate here
  // CHECK-MESSAGES: :[[@LINE-5]]:44: warning: 'beta' points to 'float' but the scale type is CUDA_R_16F ('__half'); cuBLASLt reads its bytes as that type [gemm-scalar-type]
  // CHECK-NOTES: :[[@LINE-11]]:53: note: 'CUBLASLT_MATMUL_DESC_SCALE_TYPE' is CUDA_R_16F, set by cublasLtMatmulDescCreate here
}

void scaleTypeOfAnotherComputeType() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_16F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: scaleType CUDA_R_16F is not supported with CUBLAS_COMPUTE_32F: computeType CUBLAS_COMPUTE_32F, scaleType CUDA_R_16F, A CUDA_R_16F, B CUDA_R_16F, C CUDA_R_16F, D CUDA_R_16F [gemm-type-combination]
  // CHECK-NOTES: :[[@LINE-7]]:53: note: 'CUBLASLT_MATMUL_DESC_SCALE_TYPE' is CUDA_R_16F, set by cublasLtMatmulDescCreate here
  // CHECK-NOTES: :[[@LINE-8]]:33: note: 'CUBLASLT_MATMUL_DESC_COMPUTE_TYPE' is CUBLAS_COMPUTE_32F, set by cublasLtMatmulDescCreate here
  // CHECK-NOTES: :[[@LINE-4]]:22: note: the scale type (of alpha and beta) follows the compute type: 16F -> CUDA_R_16F, 32F -> CUDA_R_32F/CUDA_C_32F, 64F -> CUDA_R_64F/CUDA_C_64F, 32I -> CUDA_R_32I (or CUDA_R_32F with int8 output)
  // CHECK-MESSAGES: :[[@LINE-5]]:26: warning: 'alpha' points to 'float' but the scale type is CUDA_R_16F ('__half'); cuBLASLt reads its bytes as that type [gemm-scalar-type]
  // CHECK-NOTES: :[[@LINE-11]]:53: note: 'CUBLASLT_MATMUL_DESC_SCALE_TYPE' is CUDA_R_16F, set by cublasLtMatmulDescCreate here
  // CHECK-MESSAGES: :[[@LINE-7]]:44: warning: 'beta' points to 'float' but the scale type is CUDA_R_16F ('__half'); cuBLASLt reads its bytes as that type [gemm-scalar-type]
  // CHECK-NOTES: :[[@LINE-13]]:53: note: 'CUBLASLT_MATMUL_DESC_SCALE_TYPE' is CUDA_R_16F, set by cublasLtMatmulDescCreate here
}

// fp16 with fp32 compute and scale: a row of the table.
void halfWithFloatCompute() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
}

// The types depend on a template parameter: judged per instantiation.
template <cudaDataType_t T>
void perInstantiation() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, T, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, T, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: unsupported type combination for cublasLtMatmul: computeType CUBLAS_COMPUTE_32F, scaleType CUDA_R_32F, A CUDA_R_64F, B CUDA_R_64F, C CUDA_R_32F, D CUDA_R_32F [gemm-type-combination]
  // CHECK-NOTES: :[[@LINE-5]]:34: note: 'CUBLASLT_MATRIX_LAYOUT_TYPE of Adesc' is CUDA_R_64F, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE+3]]:15: note: in instantiation of 'perInstantiation<CUDA_R_64F>' requested here
}
template void perInstantiation<CUDA_R_32F>();
template void perInstantiation<CUDA_R_64F>();

// ---- gemm-scalar-pointer-mode ---------------------------------------------------------

// The default pointer mode reads alpha on the host.
void deviceAlphaInHostMode() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  float *alpha;
  cudaMalloc(&alpha, sizeof(float));
  cublasLtMatmul(lt, op, alpha, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'alpha' points to device memory but 'CUBLASLT_MATMUL_DESC_POINTER_MODE' is CUBLASLT_POINTER_MODE_HOST: the host would read it [gemm-scalar-pointer-mode]
  // CHECK-NOTES: :[[@LINE-9]]:3: note: 'CUBLASLT_MATMUL_DESC_POINTER_MODE' is CUBLASLT_POINTER_MODE_HOST, the default after cublasLtMatmulDescCreate here
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'alpha' points to device memory, allocated here
}

void deviceScalarsInDeviceMode() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtPointerMode_t mode = CUBLASLT_POINTER_MODE_DEVICE;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof(mode));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  float *scalars;
  cudaMalloc(&scalars, 2 * sizeof(float));
  cublasLtMatmul(lt, op, scalars, A, a, B, b, scalars + 1, C, d, D, d, nullptr, workspace, 0, 0);
}

// ---- gemm-scalar-type -----------------------------------------------------------------

void doubleAlphaForFloatScale() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  const double alpha = 1, beta = 0;
  cublasLtMatmul(lt, op, &alpha, A, a, B, b, &beta, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'alpha' points to 'double' but the scale type is CUDA_R_32F ('float'); cuBLASLt reads its bytes as that type [gemm-scalar-type]
  // CHECK-NOTES: :[[@LINE-8]]:53: note: 'CUBLASLT_MATMUL_DESC_SCALE_TYPE' is CUDA_R_32F, set by cublasLtMatmulDescCreate here
  // CHECK-MESSAGES: :[[@LINE-3]]:46: warning: 'beta' points to 'double' but the scale type is CUDA_R_32F ('float'); cuBLASLt reads its bytes as that type [gemm-scalar-type]
  // CHECK-NOTES: :[[@LINE-10]]:53: note: 'CUBLASLT_MATMUL_DESC_SCALE_TYPE' is CUDA_R_32F, set by cublasLtMatmulDescCreate here
}

// ---- gemm-invalid-size ------------------------------------------------------------------

void noAlgoRequested() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmulPreference_t pref;
  cublasLtMatmulPreferenceCreate(&pref);
  cublasLtMatmulHeuristicResult_t results[4];
  int found = 0;
  const int requested = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, requested, results, &found);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'requestedAlgoCount' (0) must be at least 1 [gemm-invalid-size]
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 4, results, &found);
}

// ---- gemm-batch-stride -------------------------------------------------------------------

void batchCountsDiffer() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  const int32_t batch = 8, other = 4;
  const int64_t strideA = 64 * 32, strideB = 32 * 16, strideD = 64 * 16;
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof(batch));
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideA, sizeof(strideA));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &other, sizeof(other));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideB, sizeof(strideB));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof(batch));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideD, sizeof(strideD));
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 'CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT of Bdesc' (4) must equal the batch count of D (8) [gemm-batch-stride]
  // CHECK-NOTES: :[[@LINE-6]]:3: note: 'CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT of Bdesc' is 4, set by cublasLtMatrixLayoutSetAttribute here
}

// NVIDIA's LtHSHgemmStridedBatchSimple shape: every layout batched alike.
void stridedBatch() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  const int32_t batch = 8;
  const int64_t strideA = 64 * 32, strideB = 32 * 16, strideD = 64 * 16;
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof(batch));
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideA, sizeof(strideA));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof(batch));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideB, sizeof(strideB));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof(batch));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideD, sizeof(strideD));
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
}

// Per-head outputs side by side in one [64 * heads, 16] buffer: D's ld is
// 64 * heads and each batch starts 64 rows further. The spans overlap, no
// element is shared.
void interleavedHeads() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64 * 4);
  const int32_t heads = 4;
  const int64_t strideA = 64 * 32, strideB = 32 * 16, strideD = 64;
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &heads, sizeof(heads));
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideA, sizeof(strideA));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &heads, sizeof(heads));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideB, sizeof(strideB));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &heads, sizeof(heads));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideD, sizeof(strideD));
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
}

// The same with a stride of 48 rows: D[1]'s first rows are D[0]'s last.
void interleavedTooClose() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64 * 4);
  const int32_t heads = 4;
  const int64_t strideA = 64 * 32, strideB = 32 * 16, strideD = 48;
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &heads, sizeof(heads));
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideA, sizeof(strideA));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &heads, sizeof(heads));
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideB, sizeof(strideB));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &heads, sizeof(heads));
  cublasLtMatrixLayoutSetAttribute(d, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &strideD, sizeof(strideD));
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: 'CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET of Ddesc' (48) makes the 4 D matrices overlap: row 48, column 0 of D[0] is row 0, column 0 of D[1] [gemm-batch-stride]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET of Ddesc' is 48, set by cublasLtMatrixLayoutSetAttribute here
}

// ---- skipped: not proven ---------------------------------------------------------------

// Host scalars in device pointer mode: a device that reads pageable host
// memory (HMM, ATS) takes them; whether this one does is the runtime
// guard's to know.
void hostScalarsInDeviceMode() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtPointerMode_t mode = CUBLASLT_POINTER_MODE_DEVICE;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof(mode));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  const float alpha = 1, beta = 0;
  cublasLtMatmul(lt, op, &alpha, A, a, B, b, &beta, C, d, D, d, nullptr, workspace, 0, 0);
}
