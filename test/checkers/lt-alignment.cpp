// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags
//
// LT-ALIGN-PREF and LT-EPI-ALIGN, decided where the heuristic query that
// chose the algo sits in the same function as the matmul: a pointer at a
// constant offset into a cudaMalloc'd allocation (which starts 256-byte
// aligned) is less aligned than the preference's MIN_ALIGNMENT_*_BYTES (256
// by default) promised the heuristic, or the bias is less aligned than it
// was at the query (pytorch/pytorch#76021, #194497). Silent where the query
// asked about other objects, where there are two queries, where the
// preference says the real alignment, or where the offset keeps the
// alignment.

#include <cublasLt.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cstdint>

cublasLtHandle_t lt;
const void *B;
void *C, *D, *workspace;
const float one = 1, zero = 0;
void check(cublasStatus_t);
#define CHECK_CUBLAS(x) check(x)

// ---- positive -------------------------------------------------------------------

// A 3-element view into the allocation: 6 bytes past a 256-byte boundary,
// with the preference's default of 256.
void operandView() {
  __half *buf;
  cudaMalloc(&buf, 1 << 20);
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmulPreference_t pref;
  cublasLtMatmulPreferenceCreate(&pref);
  cublasLtMatmulHeuristicResult_t r;
  int n = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &r, &n);
  if (n < 1)
    return;
  const __half *view = buf + 3;
  cublasLtMatmul(lt, op, &one, view, a, B, b, &zero, C, d, D, d, &r.algo, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'A' is only 2-byte aligned but the algo was chosen for 256-byte alignment (CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES); cublasLtMatmul may fail [gemm-buffer-type]
  // CHECK-NOTES: :[[@LINE-3]]:28: note: 'A' is 6 bytes into its allocation, which starts 256-byte aligned
  // CHECK-NOTES: :[[@LINE-10]]:3: note: 'CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES' is 256, the default after cublasLtMatmulPreferenceCreate here
  // CHECK-NOTES: :[[@LINE-8]]:3: note: the heuristic chose 'algo' here
  // CHECK-NOTES: :[[@LINE-5]]:32: note: set the preference to the real alignment before the heuristic query
}

// The preference says 16 for D, the query is checked through a macro, and D
// is 8 bytes into its allocation.
void outputSliceAfterCheckedQuery() {
  __half *out;
  cudaMalloc(&out, 1 << 20);
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmulPreference_t pref;
  cublasLtMatmulPreferenceCreate(&pref);
  const uint32_t sixteen = 16;
  cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES, &sixteen, sizeof(sixteen));
  cublasLtMatmulHeuristicResult_t r;
  int n = 0;
  CHECK_CUBLAS(cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &r, &n));
  cublasLtMatmul(lt, op, &one, B, a, B, b, &zero, C, d, out + 4, d, &r.algo, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:57: warning: 'D' is only 8-byte aligned but the algo was chosen for 16-byte alignment (CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES); cublasLtMatmul may fail [gemm-buffer-type]
  // CHECK-NOTES: :[[@LINE-6]]:3: note: 'CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES' is 16, set by cublasLtMatmulPreferenceSetAttribute here
}

// The bias a 2-byte view at the matmul, 256-byte aligned at the query
// (pytorch/pytorch#194497: "misaligned address").
void biasSliceAfterQuery() {
  __half *bias;
  cudaMalloc(&bias, 4096);
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_BIAS;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmulPreference_t pref;
  cublasLtMatmulPreferenceCreate(&pref);
  cublasLtMatmulHeuristicResult_t r;
  int n = 0;
  if (cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &r, &n) != CUBLAS_STATUS_SUCCESS || n == 0)
    return;
  const __half *slice = bias + 1;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &slice, sizeof(slice));
  cublasLtMatmul(lt, op, &one, B, a, B, b, &zero, C, d, D, d, &r.algo, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_BIAS_POINTER' is only 2-byte aligned but was 256-byte aligned when the heuristic chose the algo [gemm-epilogue]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'CUBLASLT_MATMUL_DESC_BIAS_POINTER' is set by cublasLtMatmulDescSetAttribute here
  // CHECK-NOTES: :[[@LINE-7]]:7: note: the heuristic chose 'algo' here, for a bias pointer 256-byte aligned
  // CHECK-NOTES: :[[@LINE-18]]:3: note: 'CUBLASLT_MATMUL_DESC_EPILOGUE' is CUBLASLT_EPILOGUE_BIAS, set by cublasLtMatmulDescSetAttribute here
}

// The operand a wrapper receives, at an offset its caller chose: judged on
// that caller's allocation (a 256-byte offset keeps the alignment: silent).
void gemmOn(const __half *a_) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmulPreference_t pref;
  cublasLtMatmulPreferenceCreate(&pref);
  cublasLtMatmulHeuristicResult_t r;
  int n = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &r, &n);
  if (n < 1)
    return;
  cublasLtMatmul(lt, op, &one, a_, a, B, b, &zero, C, d, D, d, &r.algo, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'A' is only 2-byte aligned but the algo was chosen for 256-byte alignment (CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES); cublasLtMatmul may fail [gemm-buffer-type]
  // CHECK-NOTES: :[[@LINE+9]]:14: note: 'A' is 6 bytes into its allocation, which starts 256-byte aligned
  // CHECK-NOTES: :[[@LINE-9]]:3: note: 'CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES' is 256, the default after cublasLtMatmulPreferenceCreate here
  // CHECK-NOTES: :[[@LINE-7]]:3: note: the heuristic chose 'algo' here
  // CHECK-NOTES: :[[@LINE+6]]:3: note: 'gemmOn' is called with a_ in device memory here
  // CHECK-NOTES: :[[@LINE-6]]:32: note: set the preference to the real alignment before the heuristic query
}
void callersOfGemmOn() {
  __half *buf;
  cudaMalloc(&buf, 1 << 20);
  gemmOn(buf + 3);
  gemmOn(buf + 128);
}

// ---- negative -------------------------------------------------------------------

// The preference tells the heuristic the real alignment (PyTorch's form).
void preferenceSaysTheAlignment() {
  __half *buf;
  cudaMalloc(&buf, 1 << 20);
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmulPreference_t pref;
  cublasLtMatmulPreferenceCreate(&pref);
  const uint32_t two = 2;
  cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, &two, sizeof(two));
  cublasLtMatmulHeuristicResult_t r;
  int n = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &r, &n);
  if (n < 1)
    return;
  cublasLtMatmul(lt, op, &one, buf + 3, a, B, b, &zero, C, d, D, d, &r.algo, workspace, 0, 0);
  // A view that keeps the alignment: 128 halves are 256 bytes.
  cublasLtMatmul(lt, op, &one, buf + 128, a, B, b, &zero, C, d, D, d, &r.algo, workspace, 0, 0);
}

// The query asked about other layouts, or there are two queries, or the
// algo comes from elsewhere: what the heuristic was told is not known.
void otherQueries(const cublasLtMatmulAlgo_t *given) {
  __half *buf;
  cudaMalloc(&buf, 1 << 20);
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, a2, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&a2, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmulPreference_t pref;
  cublasLtMatmulPreferenceCreate(&pref);
  cublasLtMatmulHeuristicResult_t r, twice;
  int n = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, op, a2, b, d, d, pref, 1, &r, &n);
  if (n < 1)
    return;
  cublasLtMatmul(lt, op, &one, buf + 3, a, B, b, &zero, C, d, D, d, &r.algo, workspace, 0, 0);
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &twice, &n);
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &twice, &n);
  if (n < 1)
    return;
  cublasLtMatmul(lt, op, &one, buf + 3, a, B, b, &zero, C, d, D, d, &twice.algo, workspace, 0, 0);
  cublasLtMatmul(lt, op, &one, buf + 3, a, B, b, &zero, C, d, D, d, given, workspace, 0, 0);
}

// The bias set before the query is the one the matmul uses; a bias from a
// parameter is not known.
void biasKnownAtQuery(const __half *param) {
  __half *bias;
  cudaMalloc(&bias, 4096);
  const __half *slice = bias + 1;
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_BIAS;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &slice, sizeof(slice));
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_16F, 64, 16, 64);
  cublasLtMatmulPreference_t pref;
  cublasLtMatmulPreferenceCreate(&pref);
  cublasLtMatmulHeuristicResult_t r;
  int n = 0;
  cublasLtMatmulAlgoGetHeuristic(lt, op, a, b, d, d, pref, 1, &r, &n);
  if (n < 1)
    return;
  cublasLtMatmul(lt, op, &one, B, a, B, b, &zero, C, d, D, d, &r.algo, workspace, 0, 0);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &param, sizeof(param));
  cublasLtMatmul(lt, op, &one, B, a, B, b, &zero, C, d, D, d, &r.algo, workspace, 0, 0);
}
