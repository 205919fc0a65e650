// Pointer facts for the agreement test's program, as test/runtime/
// guard-rules.cpp installs them: one fake 1 MiB device allocation, every
// other address pageable host memory, the handle in host pointer mode. No
// GPU is needed: invalid calls are rejected by the guard, valid ones stop at
// cuBLAS's missing handle.
#include <cstdint>
#ifdef GEMM_GUARD_H
inline constexpr uintptr_t DeviceBase = 0x7f0000000000;
inline gemm::guard::PointerInfo inspect(const void *P) {
  gemm::guard::PointerInfo Info;
  const auto Address = reinterpret_cast<uintptr_t>(P);
  if (Address >= DeviceBase && Address < DeviceBase + (1 << 20)) {
    Info.Where = gemm::rules::Residency::Device;
    Info.AllocBegin = DeviceBase;
    Info.AllocEnd = DeviceBase + (1 << 20);
  } else {
    Info.Where = gemm::rules::Residency::Pageable;
  }
  return Info;
}
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
