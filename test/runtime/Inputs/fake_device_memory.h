// What the verdict-cache tests install in place of the CUDA runtime's
// pointer queries: one device allocation of AllocSize bytes at DeviceBase
// (the tests shrink it to stand for memory freed and reused), everything
// else pageable host memory, every handle in host pointer mode. Inspected
// counts the pointers the guard asked about; NeverCreated is a handle no
// cublasCreate made (no GPU needed: cuBLAS answers for itself).
#include <cstdint>
#include <cublas_v2.h>

constexpr uintptr_t DeviceBase = 0x7f0000000000;
static uint64_t AllocSize = 1 << 20;
static int Inspected = 0;

gemm::guard::PointerInfo inspect(const void *P) {
  ++Inspected;
  gemm::guard::PointerInfo Info;
  const auto Address = reinterpret_cast<uintptr_t>(P);
  if (Address >= DeviceBase && Address < DeviceBase + AllocSize) {
    Info.Where = gemm::rules::Residency::Device;
    Info.AllocBegin = DeviceBase;
    Info.AllocEnd = DeviceBase + AllocSize;
  } else {
    Info.Where = gemm::rules::Residency::Pageable;
  }
  return Info;
}
bool hostMode(cublasHandle_t, cublasPointerMode_t *M) {
  *M = CUBLAS_POINTER_MODE_HOST;
  return true;
}

alignas(64) static char NeverCreated[4096];
