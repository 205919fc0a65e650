// Fake device memory for the runtime tests on a machine without a GPU:
// [DeviceBase, +1 MiB) is one device allocation, every other address is
// pageable host memory. cuBLAS never touches it: invalid calls are rejected,
// and with no GPU the valid ones stop at the missing handle. The inspector
// exists where the test is built with the guard's header.
#ifndef GEMM_TEST_FAKE_DEVICE_H
#define GEMM_TEST_FAKE_DEVICE_H

#include <cstdint>

constexpr uintptr_t DeviceBase = 0x7f0000000000;

#ifdef GEMM_GUARD_H
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
#endif

#endif // GEMM_TEST_FAKE_DEVICE_H
