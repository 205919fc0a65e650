// Pointer facts for the agreement test's program, as test/runtime/
// guard-rules.cpp installs them: the runtime tests' fake 1 MiB device
// allocation, every other address pageable host memory, the handle in host
// pointer mode. No GPU is needed: invalid calls are rejected by the guard,
// valid ones stop at cuBLAS's missing handle.
#include "../runtime/Inputs/fake_device.h"
#ifdef GEMM_GUARD_H
inline bool inspectMode(cublasHandle_t, cublasPointerMode_t *M) {
  *M = CUBLAS_POINTER_MODE_HOST;
  return true;
}
inline void installInspectors() {
  gemm::guard::setPointerInspector(inspect);
  gemm::guard::setPointerModeInspector(inspectMode);
}
inline void *fakeDevice() { return reinterpret_cast<void *>(DeviceBase); }
#else
inline void installInspectors() {}
inline void *fakeDevice() { return nullptr; }
#endif
