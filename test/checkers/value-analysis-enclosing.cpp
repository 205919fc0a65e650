// The function a call sits in, found from the declarations at the end of
// the translation unit (FunctionIndex): a local's value is known only when
// the call is analysed in its own function, so each warning below needs the
// right one, and each silent call the right one too.
// RUN: %check_gemm_tidy %s 'gemm-leading-dimension' %t -- -- %gemm_cxx_flags

#include <cublas_v2.h>

cublasHandle_t h;
const float *A, *B, *al, *be;
float *C;

// Two functions from one macro expansion share its text: each call is
// judged with its own function's local.
#define TWO_GEMMS(FIRST, SECOND)                                               \
  void firstOfTwo() {                                                          \
    int ld = FIRST;                                                            \
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64); \
  }                                                                            \
  void secondOfTwo() {                                                         \
    int ld = SECOND;                                                           \
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64); \
  }
TWO_GEMMS(64, 32)
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: 'lda' (32) must be at least max(1, m) = 64

// A lambda in a template: the pattern's and each instantiation's call
// operator share the text (reported once).
template <int Rows> void lambdaInTemplate() {
  auto run = [] {
    int ld = 16;
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
    // CHECK-MESSAGES: :[[@LINE-1]]:63: warning: 'lda' (16) must be at least max(1, m) = 64
  };
  run();
}
void instantiateLambdas() {
  lambdaInTemplate<64>();
  lambdaInTemplate<16>();
}

// A generic lambda's instantiation.
void genericLambda() {
  auto run = [](auto scale) {
    int ld = 16;
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, scale, A, ld, B, 8, be, C, 64);
    // CHECK-MESSAGES: :[[@LINE-1]]:66: warning: 'lda' (16) must be at least max(1, m) = 64
  };
  run(al);
}

// A friend defined in its class, a local class's member, a lambda at
// namespace scope.
struct WithFriend {
  friend void befriended() {
    int ld = 16;
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
    // CHECK-MESSAGES: :[[@LINE-1]]:63: warning: 'lda' (16) must be at least max(1, m) = 64
  }
};

void withLocalClass() {
  struct Local {
    static void run() {
      int ld = 16;
      cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
      // CHECK-MESSAGES: :[[@LINE-1]]:65: warning: 'lda' (16) must be at least max(1, m) = 64
    }
  };
  Local::run();
}

auto atNamespaceScope = [] {
  int ld = 16;
  return cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:68: warning: 'lda' (16) must be at least max(1, m) = 64
};

// A wrapper's call site inside a lambda binds its constants; the one
// that passes 64 is silent.
static void wrapper(int ld) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (16) must be at least max(1, m) = 64
}
void callsFromLambdas() {
  auto bad = [] { wrapper(16); };
  auto good = [] { wrapper(64); };
  bad();
  good();
}

// A member function defined outside its class template, instantiated.
template <class T> struct Holder {
  void run();
};
template <class T> void Holder<T>::run() {
  int ld = sizeof(T) == 4 ? 16 : 64;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (16) must be at least max(1, m) = 64
}
void instantiateHolders() {
  Holder<float>().run();
  Holder<double>().run();
}

// A template's instantiations told apart by the names their calls use (a
// parameter, a local), or, where the call names none of its function's
// own, by a walk of their bodies: each is judged with its own values.
template <int Rows> void namesOnlyGlobals() {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, Rows, 8, 8, al, A, 32, B, 8, be, C, Rows);
  // CHECK-MESSAGES: :[[@LINE-1]]:63: warning: 'lda' (32) must be at least max(1, m) = 64
}
void instantiateNamesOnlyGlobals() {
  namesOnlyGlobals<64>();
  namesOnlyGlobals<16>();
}

template <int Rows> void recursiveInstances(int ld) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (16) must be at least max(1, m) = 64
  // CHECK-MESSAGES: :[[@LINE-2]]:61: warning: 'lda' (32) must be at least max(1, m) = 64
  if constexpr (Rows > 16)
    recursiveInstances<Rows / 2>(Rows / 2);
}
void instantiateRecursively() { recursiveInstances<64>(64); }

// Only an unevaluated use of the parameter: the walk tells them apart.
template <class T> void unevaluatedUse(T x) {
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, (int)sizeof(x), B, 8, be, C, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: 'lda' (4) must be at least max(1, m) = 64
  // CHECK-MESSAGES: :[[@LINE-2]]:61: warning: 'lda' (8) must be at least max(1, m) = 64
}
void instantiateUnevaluated() {
  unevaluatedUse(1.0f);
  unevaluatedUse(1.0);
}

// A template defined by a macro: its instantiations share the expansion.
#define TEMPLATE_FROM_MACRO                                                    \
  template <int Rows> void templateFromMacro() {                               \
    int ld = Rows;                                                             \
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, ld, B, 8, be, C, 64); \
  }
TEMPLATE_FROM_MACRO
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: 'lda' (16) must be at least max(1, m) = 64
void instantiateFromMacro() {
  templateFromMacro<16>();
  templateFromMacro<64>();
}
