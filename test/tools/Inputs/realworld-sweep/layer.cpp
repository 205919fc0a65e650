// A project file for realworld-sweep-deep.test: a wrapper whose leading
// dimension is wrong on every path (reported), its look-alike, and a caller
// whose path the analyzer stops in a loop before the call (not judged).
#include <cublas_v2.h>

struct Layer {
  cublasHandle_t handle;
  float *w, *x, *y;
  void forward(int lda) {
    const float one = 1.0f, zero = 0.0f;
    cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, 64, 64, 64, &one, w, lda, x, 64,
                &zero, y, 64);
  }
};

void run(Layer &layer) { layer.forward(32); }
void run_ok(Layer &layer) { layer.forward(64); }
void run_warm(Layer &layer, int *t) {
  for (int i = 0; i < 100; ++i)
    t[i] = i;
  layer.forward(64);
}
