// A project file for realworld-sweep-deep.test: a wrapper whose leading
// dimension is wrong on every path (reported), and its look-alike.
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
