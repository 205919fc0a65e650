// C++ idioms beyond the wrapper forms of the issue, each beside a look-alike
// that must stay silent: a lambda that makes the call, a callback held in a
// std::function, a builder with fluent setters, a CRTP base, a handle held
// in a std::shared_ptr, and a virtual Gemm() called through the base where
// the analyzer knows the dynamic type. No rule names any of them: the
// analyzer inlines what C++ does.
// REQUIRES: gemm-analyzer, cuda-headers
// RUN: %clang_analyze_gemm %gemm_cxx_flags %s

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <functional>
#include <memory>

const float one = 1, zero = 0;

// --- a lambda that makes the call ---------------------------------------------
void lambdaCall(cublasHandle_t h, const float *A, float *C) {
  auto gemm = [&](int m, int ld) {
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, m, m, &one, A, ld, A, m, &zero, C, m); // #lambda
  };
  gemm(64, 32);
  // expected-warning@#lambda {{'lda' (32) must be at least max(1, m) = 64}}
  gemm(64, 64); // look-alike
}

// --- a std::function-held callback ----------------------------------------------
void runLater(const std::function<void(int)> &F, int ld) { F(ld); }
void functionCallback(cublasHandle_t h, const float *A, float *C) {
  std::function<void(int)> F = [=](int ld) {
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &one, A, ld, A, 64, &zero, C, 64); // #function
  };
  runLater(F, 16);
  // expected-warning@#function {{'lda' (16) must be at least max(1, m) = 64}}
}
void functionCallbackRight(cublasHandle_t h, const float *A, float *C) {
  std::function<void(int)> F = [=](int ld) { // look-alike
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &one, A, ld, A, 64, &zero, C, 64);
  };
  runLater(F, 64);
}

// --- a builder with fluent setters ----------------------------------------------------
class GemmBuilder {
public:
  explicit GemmBuilder(cublasHandle_t h) : h(h) {}
  GemmBuilder &rows(int v) { m = v; return *this; }
  GemmBuilder &lda(int v) { ldA = v; return *this; }
  void run(const float *A, float *C) {
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, m, m, &one, A, ldA, A, m, &zero, C, m); // #builder
  }
private:
  cublasHandle_t h;
  int m = 1, ldA = 1;
};
void builder(cublasHandle_t h, const float *A, float *C) {
  GemmBuilder(h).rows(128).lda(64).run(A, C);
  // expected-warning@#builder {{'lda' (64) must be at least max(1, m) = 128}}
  GemmBuilder(h).rows(128).lda(128).run(A, C); // look-alike
}

// --- a CRTP base ------------------------------------------------------------------------
template <class Derived> struct GemmBase {
  void gemm(cublasHandle_t h, const float *A, float *C) {
    const int m = static_cast<Derived *>(this)->rows();
    const int ld = static_cast<Derived *>(this)->leading();
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, m, m, &one, A, ld, A, m, &zero, C, m); // #crtp
  }
};
struct Narrow : GemmBase<Narrow> {
  int rows() const { return 64; }
  int leading() const { return 8; }
};
struct Wide : GemmBase<Wide> {
  int rows() const { return 64; }
  int leading() const { return 64; }
};
void crtp(cublasHandle_t h, const float *A, float *C) {
  Narrow().gemm(h, A, C);
  // expected-warning@#crtp {{'lda' (8) must be at least max(1, m) = 64}}
  Wide().gemm(h, A, C); // look-alike
}

// --- a handle held in a std::shared_ptr ---------------------------------------------
struct HandleOwner {
  cublasHandle_t h;
  explicit HandleOwner(bool Device) {
    cublasCreate(&h);
    if (Device)
      cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  }
  ~HandleOwner() { cublasDestroy(h); }
};
void sharedHandle(const float *A, float *C) {
  auto Owner = std::make_shared<HandleOwner>(true);
  cublasSgemm(Owner->h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &one, A, 16, A, 16, &zero, C, 16);
  // expected-warning@-1 {{'alpha' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE}}
  // expected-warning@-2 {{'beta' points to host memory but the handle's pointer mode is CUBLAS_POINTER_MODE_DEVICE}}
}
void sharedHandleHostMode(const float *A, float *C) { // look-alike
  auto Owner = std::make_shared<HandleOwner>(false);
  cublasSgemm(Owner->h, CUBLAS_OP_N, CUBLAS_OP_N, 16, 16, 16, &one, A, 16, A, 16, &zero, C, 16);
}

// --- a virtual Gemm() through the base ------------------------------------------------
struct Layer {
  virtual ~Layer() = default;
  virtual void Gemm(cublasHandle_t h, const float *A, float *C) = 0;
};
struct BadLayer : Layer {
  void Gemm(cublasHandle_t h, const float *A, float *C) override {
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &one, A, 32, A, 64, &zero, C, 64); // #virtual
  }
};
struct GoodLayer : Layer {
  void Gemm(cublasHandle_t h, const float *A, float *C) override {
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &one, A, 64, A, 64, &zero, C, 64);
  }
};
void forward(Layer &L, cublasHandle_t h, const float *A, float *C) {
  L.Gemm(h, A, C);
}
void throughBase(cublasHandle_t h, const float *A, float *C) {
  BadLayer Bad;
  forward(Bad, h, A, C);
  // expected-warning@#virtual {{'lda' (32) must be at least max(1, m) = 64}}
  GoodLayer Good; // look-alike
  forward(Good, h, A, C);
}
