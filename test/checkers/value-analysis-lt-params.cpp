// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags
//
// cuBLASLt objects a function receives from its callers: a wrapper that
// takes the descriptor and layouts (or a structure holding them) and calls
// cublasLtMatmul is judged, for each call site of the file, on the objects
// as that caller made them. The objects are followed from the wrapper's
// entry until something could reach them by another name: a call that may
// (the caller's variable, a global), or a setter on another parameter of
// the same type (a caller may pass one layout twice).

#include <cublasLt.h>
#include <cstdint>

cublasLtHandle_t lt;
const void *A, *B;
void *C, *D, *workspace;
const float one = 1, zero = 0;
void tune(cublasLtMatrixLayout_t);

void run(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a,
         cublasLtMatrixLayout_t b, cublasLtMatrixLayout_t c) {
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (32) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE+11]]:54: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' is 32, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE+10]]:46: note: 'CUBLASLT_MATRIX_LAYOUT_ROWS of Adesc' is 64, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE+12]]:3: note: 'run' is called with op, a, b, c here
}

// ---- positive ------------------------------------------------------------------

void callerWithAWrongLayout() {
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t a, b, c;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 32);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 16, 64);
  run(op, a, b, c);
}

// The wrapper configures a descriptor it receives, then multiplies.
void runWithEpilogue(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a,
                     cublasLtMatrixLayout_t c, const void *bias) {
  const cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_BIAS;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmul(lt, op, &one, A, a, B, a, &zero, C, c, D, c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'CUBLASLT_MATMUL_DESC_BIAS_POINTER' must be set for CUBLASLT_EPILOGUE_BIAS [gemm-epilogue]
  // CHECK-NOTES: :[[@LINE+7]]:3: note: 'CUBLASLT_MATMUL_DESC_BIAS_POINTER' is NULL, the default after cublasLtMatmulDescCreate here
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'CUBLASLT_MATMUL_DESC_EPILOGUE' is CUBLASLT_EPILOGUE_BIAS, set by cublasLtMatmulDescSetAttribute here
  // CHECK-NOTES: :[[@LINE+8]]:3: note: 'runWithEpilogue' is called with op, a, c here
}
void callerOfTheEpilogueWrapper(const void *bias) {
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t a, c;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 32, 32, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 32, 32, 32);
  runWithEpilogue(op, a, c, bias);
}

// A structure of objects received by const reference.
struct Setup {
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t a, b, c;
};
void runSetup(const Setup &s) {
  cublasLtMatmul(lt, s.op, &one, A, s.a, B, s.b, &zero, C, s.c, D, s.c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Bdesc' (16) must be at least the rows (ORDER_COL) = 32 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE+8]]:56: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Bdesc' is 16, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE+7]]:48: note: 'CUBLASLT_MATRIX_LAYOUT_ROWS of Bdesc' is 32, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE+8]]:3: note: 'runSetup' is called with s.op, s.a, s.b, s.c here
}
void callerWithAStructure() {
  Setup S;
  cublasLtMatmulDescCreate(&S.op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&S.a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&S.b, CUDA_R_32F, 32, 16, 16);
  cublasLtMatrixLayoutCreate(&S.c, CUDA_R_32F, 64, 16, 64);
  runSetup(S);
}

// ---- negative: look-alikes that must stay silent -------------------------------

// Right objects from every caller.
void runRight(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a, cublasLtMatrixLayout_t c) {
  cublasLtMatmul(lt, op, &one, A, a, B, a, &zero, C, c, D, c, nullptr, workspace, 0, 0);
}
void callerRight() {
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t a, c;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 32, 32, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 32, 32, 32);
  runRight(op, a, c);
}

// The caller passes one layout as two parameters; the wrapper fixes one of
// them, which fixes the other too.
void runFixingB(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a,
                cublasLtMatrixLayout_t b, cublasLtMatrixLayout_t c) {
  const int64_t ld = 64;
  cublasLtMatrixLayoutSetAttribute(b, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld));
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, c, D, c, nullptr, workspace, 0, 0);
}
void callerPassingOneLayoutTwice() {
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t a, c;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 64, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 64, 64);
  runFixingB(op, a, a, c);
}

// The wrapper hands the layout to something not followed first, or is
// given another one.
void runAfterTuning(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a,
                    cublasLtMatrixLayout_t c, cublasLtMatrixLayout_t other) {
  tune(a);
  cublasLtMatmul(lt, op, &one, A, a, B, a, &zero, C, c, D, c, nullptr, workspace, 0, 0);
  c = other;
  cublasLtMatmul(lt, op, &one, A, other, B, other, &zero, C, c, D, c, nullptr, workspace, 0, 0);
}
void callerOfTuning(cublasLtMatrixLayout_t other) {
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t a, c;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 64, 32);
  cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 64, 64, 32);
  runAfterTuning(op, a, c, other);
}

// A caller whose objects are not followed (received from its own caller,
// or handed to something else before the call).
void runUnknown(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a) {
  cublasLtMatmul(lt, op, &one, A, a, B, a, &zero, C, a, D, a, nullptr, workspace, 0, 0);
}
void callerNotFollowed(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t a) {
  runUnknown(op, a);
  cublasLtMatrixLayout_t b;
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 64, 64, 32);
  tune(b);
  runUnknown(op, b);
}

// C and D given as two parameters: in place where the caller passes one
// buffer for both (at the same offset), whatever the wrapper's names.
void gemmInPlace(const void *c, void *d, int64_t ldd) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, cl, dl;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16BF, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16BF, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&cl, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&dl, CUDA_R_16BF, 64, 16, ldd);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &one, c, cl, d, dl, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: C and D are the same buffer but Cdesc and Ddesc differ in leading dimension (64 and 128); cuBLASLt computes in place only when Cdesc is Ddesc [gemm-shape-consistency]
  // CHECK-NOTES: :[[@LINE-4]]:56: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Cdesc' is 64, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-4]]:56: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Ddesc' is 128, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE+17]]:3: note: 'gemmInPlace' is called with ldd = 128, c and d the same buffer here
  // CHECK-NOTES: :[[@LINE-5]]:53: note: pass Ddesc as Cdesc, or give D a buffer of its own
}
// The wrapper that gives D its own buffer when C is D.
void gemmCopying(const void *c, void *d, void *scratch) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, cl, dl;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_16BF, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_16BF, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&cl, CUDA_R_16BF, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&dl, CUDA_R_16BF, 64, 16, 128);
  if (c == d)
    d = scratch;
  cublasLtMatmul(lt, op, &one, A, a, B, b, &one, c, cl, d, dl, nullptr, workspace, 0, 0);
}
void callersOfTheInPlaceWrappers(uint16_t *buf, uint16_t *other, uint16_t *scratch) {
  gemmInPlace(buf + 256, &buf[256], 128);
  gemmInPlace(other, buf, 128);
  gemmInPlace(buf, buf + 256, 128);
  gemmCopying(buf, buf, scratch);
}

// A structure of objects received through a pointer to const.
void runThroughPointer(const Setup *s) {
  cublasLtMatmul(lt, s->op, &one, A, s->a, B, s->b, &zero, C, s->c, D, s->c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (32) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE+21]]:56: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' is 32, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE+20]]:48: note: 'CUBLASLT_MATRIX_LAYOUT_ROWS of Adesc' is 64, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE+22]]:3: note: 'runThroughPointer' is called with s->op, s->a, s->b, s->c here
}
// The same, but the wrapper hands the layout to something not followed,
// or is called after the caller did.
void runThroughPointerAfterTuning(const Setup *s) {
  tune(s->a);
  cublasLtMatmul(lt, s->op, &one, A, s->a, B, s->b, &zero, C, s->c, D, s->c, nullptr, workspace, 0, 0);
}
void inspect(const Setup *);
void callerWithAPointer() {
  Setup S;
  cublasLtMatmulDescCreate(&S.op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&S.a, CUDA_R_32F, 64, 32, 32);
  cublasLtMatrixLayoutCreate(&S.b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&S.c, CUDA_R_32F, 64, 16, 64);
  runThroughPointerAfterTuning(&S);
  runThroughPointer(&S); // S's objects were handed to a function not followed
  Setup T;
  cublasLtMatmulDescCreate(&T.op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&T.a, CUDA_R_32F, 64, 32, 32);
  cublasLtMatrixLayoutCreate(&T.b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&T.c, CUDA_R_32F, 64, 16, 64);
  runThroughPointer(&T);
  inspect(&T);
}
