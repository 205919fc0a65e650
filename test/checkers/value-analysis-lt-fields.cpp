// RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- %gemm_cxx_flags
//
// cuBLAS handles and cuBLASLt objects held in the fields of a local
// structure: created in place (`cublasLtMatrixLayoutCreate(&s.a, ...)`), by
// a helper of the file that receives the structure by pointer or reference
// and only makes its objects, or by one that returns the structure. Each
// field's object is followed as a variable's is; whatever could reach the
// structure unseen (a call that receives it, a copy, a member function)
// leaves its objects unknown.

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cstdint>

cublasLtHandle_t lt;
const void *A, *B;
void *C, *D, *workspace;
const float one = 1, zero = 0;
void check(cublasStatus_t);
void log(const char *);

struct Setup {
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t a, b, c;
  int64_t m = 64; // numbers beside the objects are followed as before
};

void initSetup(Setup *s, int64_t lda) {
  check(cublasLtMatmulDescCreate(&s->op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  check(cublasLtMatrixLayoutCreate(&s->a, CUDA_R_32F, 64, 32, lda));
  check(cublasLtMatrixLayoutCreate(&s->b, CUDA_R_32F, 32, 16, 32));
  check(cublasLtMatrixLayoutCreate(&s->c, CUDA_R_32F, 64, 16, 64));
}

void initByReference(Setup &s, cublasLtOrder_t order) {
  cublasLtMatmulDescCreate(&s.op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&s.a, CUDA_R_32F, 16, 32, 16);
  cublasLtMatrixLayoutSetAttribute(s.a, CUBLASLT_MATRIX_LAYOUT_ORDER, &order, sizeof(order));
  cublasLtMatrixLayoutCreate(&s.b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&s.c, CUDA_R_32F, 16, 16, 16);
}

Setup makeSetup(cublasComputeType_t compute, cudaDataType scale) {
  Setup s;
  cublasLtMatmulDescCreate(&s.op, compute, scale);
  cublasLtMatrixLayoutCreate(&s.a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&s.b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&s.c, CUDA_R_32F, 64, 16, 64);
  return s;
}

void matmul(const Setup &s);

// ---- positive ------------------------------------------------------------------

void createdInPlace() {
  Setup S;
  cublasLtMatmulDescCreate(&S.op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&S.a, CUDA_R_32F, 64, 32, 32);
  cublasLtMatrixLayoutCreate(&S.b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&S.c, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, S.op, &one, A, S.a, B, S.b, &zero, C, S.c, D, S.c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (32) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-5]]:56: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' is 32, set by cublasLtMatrixLayoutCreate here
  // CHECK-NOTES: :[[@LINE-6]]:48: note: 'CUBLASLT_MATRIX_LAYOUT_ROWS of Adesc' is 64, set by cublasLtMatrixLayoutCreate here
}

void madeThroughAPointer() {
  Setup S;
  initSetup(&S, 32);
  cublasLtMatmul(lt, S.op, &one, A, S.a, B, S.b, &zero, C, S.c, D, S.c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (32) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' is 32, set by initSetup here
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'CUBLASLT_MATRIX_LAYOUT_ROWS of Adesc' is 64, set by initSetup here
}

void madeThroughAReference() {
  Setup S;
  initByReference(S, CUBLASLT_ORDER_ROW);
  cublasLtMatmul(lt, S.op, &one, A, S.a, B, S.b, &zero, C, S.c, D, S.c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (16) must be at least the columns (ORDER_ROW) = 32 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' is 16, set by initByReference here
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'CUBLASLT_MATRIX_LAYOUT_COLS of Adesc' is 32, set by initByReference here
  // CHECK-NOTES: :[[@LINE-5]]:3: note: 'CUBLASLT_MATRIX_LAYOUT_ORDER of Adesc' is CUBLASLT_ORDER_ROW, set by initByReference here
}

void returnedByAHelper(const void *alpha, const void *beta) {
  Setup S = makeSetup(CUBLAS_COMPUTE_16F, CUDA_R_32F);
  cublasLtMatmul(lt, S.op, alpha, A, S.a, B, S.b, beta, C, S.c, D, S.c, nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: unsupported type combination for cublasLtMatmul: computeType CUBLAS_COMPUTE_16F, scaleType CUDA_R_32F, A CUDA_R_32F, B CUDA_R_32F, C CUDA_R_32F, D CUDA_R_32F [gemm-type-combination]
  // CHECK-NOTES: :[[@LINE-3]]:13: note: 'CUBLASLT_MATRIX_LAYOUT_TYPE of Adesc' is CUDA_R_32F, set by makeSetup here
}

// A handle in a structure: its pointer mode is followed too.
struct Context {
  cublasHandle_t handle;
  cudaStream_t stream;
};

void handleInAStructure(const float *dA, float *dC) {
  Context ctx;
  cublasCreate(&ctx.handle);
  cublasSetPointerMode(ctx.handle, CUBLAS_POINTER_MODE_DEVICE);
  const float alpha = 1.f, beta = 0.f;
  cublasSgemm(ctx.handle, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &alpha, dA, 4, dA, 4, &beta, dC, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:62: warning: 'alpha' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE, where the GPU reads it [gemm-scalar-pointer-mode]
  // CHECK-NOTES: :[[@LINE-2]]:62: note: 'alpha' points to host memory, the address of 'alpha'
  // CHECK-NOTES: :[[@LINE-5]]:3: note: the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE, set by cublasSetPointerMode here
  // CHECK-NOTES: :[[@LINE-4]]:62: note: pass a device scalar, or call cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST) first
  // CHECK-MESSAGES: :[[@LINE-5]]:84: warning: 'beta' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE, where the GPU reads it [gemm-scalar-pointer-mode]
  // CHECK-NOTES: :[[@LINE-6]]:84: note: 'beta' points to host memory, the address of 'beta'
  // CHECK-NOTES: :[[@LINE-9]]:3: note: the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE, set by cublasSetPointerMode here
  // CHECK-NOTES: :[[@LINE-8]]:84: note: pass a device scalar, or call cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST) first
}

// ---- negative: look-alikes that must stay silent -------------------------------

void rightValues() {
  Setup S;
  initSetup(&S, 64);
  cublasLtMatmul(lt, S.op, &one, A, S.a, B, S.b, &zero, C, S.c, D, S.c, nullptr, workspace, 0, 0);
  Setup T = makeSetup(CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatmul(lt, T.op, &one, A, T.a, B, T.b, &zero, C, T.c, D, T.c, nullptr, workspace, 0, 0);
}

// The structure reaches a function not followed, by reference, by value or
// through a member function: whatever it did to the objects is unknown.
struct Plan {
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t a, b, c;
  void refresh() const;
};
void tune(const Plan &);
void tuneCopy(Plan);
Plan makePlan(int64_t lda) {
  Plan p;
  cublasLtMatmulDescCreate(&p.op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&p.a, CUDA_R_32F, 64, 32, lda);
  cublasLtMatrixLayoutCreate(&p.b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&p.c, CUDA_R_32F, 64, 16, 64);
  return p;
}

void reachedByOtherCode() {
  Plan P = makePlan(32);
  tune(P);
  cublasLtMatmul(lt, P.op, &one, A, P.a, B, P.b, &zero, C, P.c, D, P.c, nullptr, workspace, 0, 0);
  Plan Q = makePlan(32);
  tuneCopy(Q);
  cublasLtMatmul(lt, Q.op, &one, A, Q.a, B, Q.b, &zero, C, Q.c, D, Q.c, nullptr, workspace, 0, 0);
  Plan R = makePlan(32);
  R.refresh();
  cublasLtMatmul(lt, R.op, &one, A, R.a, B, R.b, &zero, C, R.c, D, R.c, nullptr, workspace, 0, 0);
}

// A copy of a field's object, set right through the copy; a copy of the
// whole structure; a field given another object.
void copiesAndReassignment(cublasLtMatrixLayout_t other) {
  Plan P = makePlan(32);
  cublasLtMatrixLayout_t a = P.a;
  const int64_t ld = 64;
  cublasLtMatrixLayoutSetAttribute(a, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld));
  cublasLtMatmul(lt, P.op, &one, A, P.a, B, P.b, &zero, C, P.c, D, P.c, nullptr, workspace, 0, 0);
  Plan Q = makePlan(32);
  Plan Copy = Q;
  cublasLtMatrixLayoutSetAttribute(Copy.a, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld));
  cublasLtMatmul(lt, Q.op, &one, A, Q.a, B, Q.b, &zero, C, Q.c, D, Q.c, nullptr, workspace, 0, 0);
  Plan R = makePlan(32);
  R.a = other;
  cublasLtMatmul(lt, R.op, &one, A, R.a, B, R.b, &zero, C, R.c, D, R.c, nullptr, workspace, 0, 0);
}

// A helper that does more than make the objects, or makes one twice: the
// structure escapes to it and nothing is known.
void initLogged(Setup *s) {
  log("setup");
  cublasLtMatmulDescCreate(&s->op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&s->a, CUDA_R_32F, 64, 32, 32);
}
void initTwice(Setup &s, int64_t lda) {
  cublasLtMatrixLayoutCreate(&s.a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&s.a, CUDA_R_32F, 64, 32, lda);
}
void helpersNotFollowed() {
  Setup S;
  cublasLtMatrixLayoutCreate(&S.b, CUDA_R_32F, 32, 16, 32);
  initLogged(&S);
  cublasLtMatmul(lt, S.op, &one, A, S.a, B, S.b, &zero, C, S.a, D, S.a, nullptr, workspace, 0, 0);
  Setup T;
  cublasLtMatmulDescCreate(&T.op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  initTwice(T, 32);
  cublasLtMatmul(lt, T.op, &one, A, T.a, B, T.a, &zero, C, T.a, D, T.a, nullptr, workspace, 0, 0);
}

// A returned structure whose helper configures a field it never created.
Setup halfMade() {
  Setup s;
  cublasLtMatrixLayoutCreate(&s.a, CUDA_R_32F, 64, 32, 32);
  const int64_t ld = 64;
  cublasLtMatrixLayoutSetAttribute(s.b, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld));
  return s;
}
void notARecipe() {
  Setup S = halfMade();
  cublasLtMatmul(lt, S.op, &one, A, S.a, B, S.b, &zero, C, S.c, D, S.c, nullptr, workspace, 0, 0);
}

// Set right in a loop before the call, after the helper made it wrong.
void fixedInALoop(int n) {
  Setup S;
  initSetup(&S, 32);
  const int64_t ld = 64;
  for (int i = 0; i < n; ++i)
    cublasLtMatrixLayoutSetAttribute(S.a, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld));
  cublasLtMatmul(lt, S.op, &one, A, S.a, B, S.b, &zero, C, S.c, D, S.c, nullptr, workspace, 0, 0);
}

// Objects in a union share their bytes: not followed.
union Either {
  cublasLtMatrixLayout_t a;
  cublasLtMatrixLayout_t b;
};
void inAUnion(cublasLtMatmulDesc_t op, cublasLtMatrixLayout_t c) {
  Either U;
  cublasLtMatrixLayoutCreate(&U.a, CUDA_R_32F, 64, 32, 32);
  cublasLtMatmul(lt, op, &one, A, U.b, B, c, &zero, C, c, D, c, nullptr, workspace, 0, 0);
}

// ---- classes that own their objects (RAII) -------------------------------------
//
// A class whose constructor only creates its objects, whose member
// functions only configure them, and whose getters only return them: a
// local of it is followed as a structure is.

class Layout {
public:
  Layout(cudaDataType t, uint64_t rows, uint64_t cols, int64_t ld) {
    cublasLtMatrixLayoutCreate(&layout_, t, rows, cols, ld);
  }
  ~Layout() { cublasLtMatrixLayoutDestroy(layout_); }
  void setOrder(cublasLtOrder_t order) {
    cublasLtMatrixLayoutSetAttribute(layout_, CUBLASLT_MATRIX_LAYOUT_ORDER, &order, sizeof(order));
  }
  void refresh(); // not defined here: whatever it does is unknown
  cublasLtMatrixLayout_t get() const { return layout_; }

private:
  cublasLtMatrixLayout_t layout_ = nullptr;
};

class MatmulDesc {
public:
  MatmulDesc(cublasComputeType_t compute, cudaDataType scale) {
    check(cublasLtMatmulDescCreate(&desc_, compute, scale));
  }
  ~MatmulDesc() { cublasLtMatmulDescDestroy(desc_); }
  cublasLtMatmulDesc_t descriptor() const { return this->desc_; }

private:
  cublasLtMatmulDesc_t desc_;
};

void ownedByClasses() {
  MatmulDesc op(CUBLAS_COMPUTE_32F, CUDA_R_32F);
  Layout a(CUDA_R_32F, 16, 32, 16), b(CUDA_R_32F, 32, 16, 32), c(CUDA_R_32F, 16, 16, 16);
  a.setOrder(CUBLASLT_ORDER_ROW);
  cublasLtMatmul(lt, op.descriptor(), &one, A, a.get(), B, b.get(), &zero, C, c.get(), D, c.get(), nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (16) must be at least the columns (ORDER_ROW) = 32 [gemm-leading-dimension]
  // CHECK-NOTES: :[[@LINE-4]]:10: note: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' is 16, set by Layout here
  // CHECK-NOTES: :[[@LINE-5]]:10: note: 'CUBLASLT_MATRIX_LAYOUT_COLS of Adesc' is 32, set by Layout here
  // CHECK-NOTES: :[[@LINE-5]]:5: note: 'CUBLASLT_MATRIX_LAYOUT_ORDER of Adesc' is CUBLASLT_ORDER_ROW, set by setOrder here
}

void rightClasses() {
  MatmulDesc op(CUBLAS_COMPUTE_32F, CUDA_R_32F);
  Layout a(CUDA_R_32F, 64, 32, 64), b(CUDA_R_32F, 32, 16, 32), c(CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op.descriptor(), &one, A, a.get(), B, b.get(), &zero, C, c.get(), D, c.get(), nullptr, workspace, 0, 0);
}

// A member function not followed, a copy of the object, the object given
// to something else, a class whose constructor does more: unknown.
void tuneLayout(cublasLtMatrixLayout_t);
class LoggedLayout {
public:
  LoggedLayout(int64_t ld) {
    log("layout");
    cublasLtMatrixLayoutCreate(&l_, CUDA_R_32F, 64, 32, ld);
  }
  cublasLtMatrixLayout_t get() const { return l_; }

private:
  cublasLtMatrixLayout_t l_;
};

void classesNotFollowed() {
  MatmulDesc op(CUBLAS_COMPUTE_32F, CUDA_R_32F);
  Layout c(CUDA_R_32F, 64, 16, 64), b(CUDA_R_32F, 32, 16, 32);
  Layout a(CUDA_R_32F, 64, 32, 32);
  a.refresh();
  cublasLtMatmul(lt, op.descriptor(), &one, A, a.get(), B, b.get(), &zero, C, c.get(), D, c.get(), nullptr, workspace, 0, 0);
  Layout a2(CUDA_R_32F, 64, 32, 32);
  Layout copy = a2;
  const int64_t ld = 64;
  cublasLtMatrixLayoutSetAttribute(copy.get(), CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof(ld));
  cublasLtMatmul(lt, op.descriptor(), &one, A, a2.get(), B, b.get(), &zero, C, c.get(), D, c.get(), nullptr, workspace, 0, 0);
  Layout a3(CUDA_R_32F, 64, 32, 32);
  tuneLayout(a3.get());
  cublasLtMatmul(lt, op.descriptor(), &one, A, a3.get(), B, b.get(), &zero, C, c.get(), D, c.get(), nullptr, workspace, 0, 0);
  LoggedLayout a4(32);
  cublasLtMatmul(lt, op.descriptor(), &one, A, a4.get(), B, b.get(), &zero, C, c.get(), D, c.get(), nullptr, workspace, 0, 0);
}

// The same objects given to a wrapper by const reference: judged on the
// caller's.
void runLayouts(const MatmulDesc &op, const Layout &a, const Layout &c) {
  cublasLtMatmul(lt, op.descriptor(), &one, A, a.get(), B, a.get(), &zero, C, c.get(), D, c.get(), nullptr, workspace, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Adesc' (32) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
  // CHECK-MESSAGES: :[[@LINE-2]]:62: warning: 'CUBLASLT_MATRIX_LAYOUT_LD of Bdesc' (32) must be at least the rows (ORDER_COL) = 64 [gemm-leading-dimension]
}
void callerOfRunLayouts() {
  MatmulDesc op(CUBLAS_COMPUTE_32F, CUDA_R_32F);
  Layout a(CUDA_R_32F, 64, 64, 32), c(CUDA_R_32F, 64, 64, 64);
  runLayouts(op, a, c);
}
