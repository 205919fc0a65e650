// The cuBLASLt rule families, each beside a look-alike that must stay
// silent: epilogues, FP8 and FP4 (narrow precision), workspace, shape consistency,
// attribute encoding, and the GEMM family's precision loss. The objects
// live in a small RAII plan whose constructor makes them, so every value
// reaches the rules through inlined C++.
// REQUIRES: gemm-analyzer, cuda-headers
// RUN: %clang_analyze_gemm %gemm_cxx_flags %s

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cstdint>

cublasLtHandle_t lt;
const float one = 1, zero = 0;

struct Plan {
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t a, b, d;
  Plan(cudaDataType_t AB, cudaDataType_t Out, int64_t M, int64_t N, int64_t K,
       bool TransA = false) {
    cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
    if (TransA) {
      const cublasOperation_t t = CUBLAS_OP_T;
      cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof(t));
      cublasLtMatrixLayoutCreate(&a, AB, K, M, K);
    } else {
      cublasLtMatrixLayoutCreate(&a, AB, M, K, M);
    }
    cublasLtMatrixLayoutCreate(&b, AB, K, N, K);
    cublasLtMatrixLayoutCreate(&d, Out, M, N, M);
  }
  ~Plan() {
    cublasLtMatrixLayoutDestroy(d);
    cublasLtMatrixLayoutDestroy(b);
    cublasLtMatrixLayoutDestroy(a);
    cublasLtMatmulDescDestroy(op);
  }
  template <typename T>
  void set(cublasLtMatmulDescAttributes_t Attr, const T &Value) {
    cublasLtMatmulDescSetAttribute(op, Attr, &Value, sizeof(Value));
  }
  void run(const void *A, const void *B, void *D, void *Ws, size_t WsSize) {
    cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, D, d, D, d, nullptr, Ws, WsSize, 0); // #run
  }
};

struct Buffers {
  void *A, *B, *D, *Ws;
  Buffers() {
    cudaMalloc(&A, 1 << 20);
    cudaMalloc(&B, 1 << 20);
    cudaMalloc(&D, 1 << 20);
    cudaMalloc(&Ws, 4096);
  }
};

// --- epilogues ---------------------------------------------------------------
void biasEpilogue() {
  Buffers M;
  Plan P(CUDA_R_16F, CUDA_R_16F, 64, 16, 32);
  P.set(CUBLASLT_MATMUL_DESC_EPILOGUE, CUBLASLT_EPILOGUE_BIAS);
  P.run(M.A, M.B, M.D, M.Ws, 4096);
  // expected-warning@#run {{'CUBLASLT_MATMUL_DESC_BIAS_POINTER' must be set for CUBLASLT_EPILOGUE_BIAS [gemm.Epilogue]}}
}
void biasEpilogueWithBias() { // look-alike: the bias is set
  Buffers M;
  Plan P(CUDA_R_16F, CUDA_R_16F, 64, 16, 32);
  P.set(CUBLASLT_MATMUL_DESC_EPILOGUE, CUBLASLT_EPILOGUE_BIAS);
  P.set(CUBLASLT_MATMUL_DESC_BIAS_POINTER, M.D);
  P.run(M.A, M.B, M.D, M.Ws, 4096);
}

// --- FP8 ---------------------------------------------------------------------
void fp8BothE5M2() {
  Buffers M;
  Plan P(CUDA_R_8F_E5M2, CUDA_R_16BF, 64, 16, 32, /*TransA=*/true);
  P.run(M.A, M.B, M.D, M.Ws, 4096);
  // expected-warning@#run {{E5M2 x E5M2 is not a supported FP8 combination; use E4M3 for at least one of A and B [gemm.NarrowPrecision]}}
}
void fp8E4M3() { // look-alike: E4M3 x E4M3, A transposed
  Buffers M;
  Plan P(CUDA_R_8F_E4M3, CUDA_R_16BF, 64, 16, 32, /*TransA=*/true);
  P.run(M.A, M.B, M.D, M.Ws, 4096);
}

// --- FP4 ---------------------------------------------------------------------
void fp4WithoutBlockScales() {
  Buffers M;
  Plan P(CUDA_R_4F_E2M1, CUDA_R_16BF, 64, 16, 32, /*TransA=*/true);
  P.run(M.A, M.B, M.D, M.Ws, 4096);
  // expected-warning@#run {{'CUBLASLT_MATMUL_DESC_A_SCALE_MODE' must be CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 for FP4 data [gemm.NarrowPrecision]}}
  // expected-warning@#run {{'CUBLASLT_MATMUL_DESC_B_SCALE_MODE' must be CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 for FP4 data [gemm.NarrowPrecision]}}
}
void fp4WithBlockScales() { // look-alike: NVFP4 A and B, BF16 out
  Buffers M;
  Plan P(CUDA_R_4F_E2M1, CUDA_R_16BF, 64, 16, 32, /*TransA=*/true);
  P.set(CUBLASLT_MATMUL_DESC_A_SCALE_MODE, CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3);
  P.set(CUBLASLT_MATMUL_DESC_B_SCALE_MODE, CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3);
  P.set(CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, M.Ws);
  P.set(CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, M.Ws);
  P.run(M.A, M.B, M.D, M.Ws, 4096);
}
void fp8WithFp4BlockScales() { // VEC16_UE4M3 is FP4's mode, not FP8's
  Buffers M;
  Plan P(CUDA_R_8F_E4M3, CUDA_R_16BF, 64, 16, 32, /*TransA=*/true);
  P.set(CUBLASLT_MATMUL_DESC_A_SCALE_MODE, CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3);
  P.set(CUBLASLT_MATMUL_DESC_B_SCALE_MODE, CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3);
  P.set(CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, M.Ws);
  P.set(CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, M.Ws);
  P.run(M.A, M.B, M.D, M.Ws, 4096);
  // expected-warning@#run {{'CUBLASLT_MATMUL_DESC_A_SCALE_MODE' CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 does not fit CUDA_R_8F_E4M3 data: VEC32_UE8M0 is for FP8, VEC16_UE4M3 for FP4 [gemm.NarrowPrecision]}}
  // expected-warning@#run {{'CUBLASLT_MATMUL_DESC_B_SCALE_MODE' CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 does not fit CUDA_R_8F_E4M3 data: VEC32_UE8M0 is for FP8, VEC16_UE4M3 for FP4 [gemm.NarrowPrecision]}}
}

// --- workspace -----------------------------------------------------------------
void workspaceTooSmall() {
  Buffers M;
  Plan P(CUDA_R_32F, CUDA_R_32F, 64, 16, 32);
  P.run(M.A, M.B, M.D, M.Ws, 8192);
  // expected-warning@#run {{'workspaceSizeInBytes' (8192) exceeds the 4096 bytes left in the workspace allocation [gemm.Workspace]}}
}
void workspaceFits() { // look-alike: the size of the allocation
  Buffers M;
  Plan P(CUDA_R_32F, CUDA_R_32F, 64, 16, 32);
  P.run(M.A, M.B, M.D, M.Ws, 4096);
}

// --- shape consistency -----------------------------------------------------------
void shapesDisagree() {
  Buffers M;
  Plan P(CUDA_R_32F, CUDA_R_32F, 64, 16, 32);
  cublasLtMatrixLayoutDestroy(P.b);
  cublasLtMatrixLayoutCreate(&P.b, CUDA_R_32F, 16, 16, 16);
  P.run(M.A, M.B, M.D, M.Ws, 4096);
  // expected-warning@#run {{the rows of op(B) ('CUBLASLT_MATRIX_LAYOUT_ROWS of Bdesc') (16) does not match k, the columns of op(A) ('CUBLASLT_MATRIX_LAYOUT_COLS of Adesc') (32) [gemm.ShapeConsistency]}}
}
void shapesAgree() { // look-alike: B remade with the same shape
  Buffers M;
  Plan P(CUDA_R_32F, CUDA_R_32F, 64, 16, 32);
  cublasLtMatrixLayoutDestroy(P.b);
  cublasLtMatrixLayoutCreate(&P.b, CUDA_R_32F, 32, 16, 32);
  P.run(M.A, M.B, M.D, M.Ws, 4096);
}

// --- attribute encoding ----------------------------------------------------------
void wrongSize() {
  Plan P(CUDA_R_32F, CUDA_R_32F, 64, 16, 32);
  const int32_t epilogue = CUBLASLT_EPILOGUE_RELU;
  cublasLtMatmulDescSetAttribute(P.op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, 8);
  // expected-warning@-1 {{'sizeInBytes' (8) does not match 'CUBLASLT_MATMUL_DESC_EPILOGUE', which is uint32_t (4 bytes)}}
}
void rightSize() { // look-alike: the template member passes sizeof(T)
  Plan P(CUDA_R_32F, CUDA_R_32F, 64, 16, 32);
  P.set(CUBLASLT_MATMUL_DESC_EPILOGUE, CUBLASLT_EPILOGUE_RELU);
}

// --- precision loss (the GEMM family) -----------------------------------------------
struct Gemm {
  cublasHandle_t h;
  cublasGemmAlgo_t algo = CUBLAS_GEMM_DEFAULT;
  Gemm() { cublasCreate(&h); }
  void run(const float *A, float *C) {
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &one, A, CUDA_R_32F, 8, A, CUDA_R_32F, 8, &zero, C, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F, algo); // #gemm
  }
};
void tensorOpAlgo(const float *A, float *C) {
  Gemm G;
  G.algo = CUBLAS_GEMM_DEFAULT_TENSOR_OP;
  G.run(A, C);
  // expected-warning@#gemm {{'algo' (99) is a deprecated *_TENSOR_OP algorithm: with CUDA_R_32F data cuBLAS computes in CUBLAS_COMPUTE_32F_FAST_16F, silently rounding the inputs to half precision [gemm.PrecisionLoss]}}
}
void defaultAlgo(const float *A, float *C) { // look-alike
  Gemm G;
  G.run(A, C);
}
