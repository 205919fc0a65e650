// gemm/guard/lt_facts.h - part of the gemm-tidy runtime guard for cuBLASLt:
// what only a run knows of a cuBLASLt call: the device, the library
// version, alpha and beta as read.
//
// Included by gemm/lt_guard.h, in order, after the headers it includes;
// include gemm/lt_guard.h, not this file.

#ifndef GEMM_GUARD_LT_FACTS_H
#define GEMM_GUARD_LT_FACTS_H

namespace gemm {
namespace guard {
namespace lt {

namespace detail {

// --- run-time facts --------------------------------------------------------------

inline DeviceFacts deviceFacts() {
  if (DeviceInspector Custom = hookSlot<DeviceInspector>().load())
    return Custom();
  // Per device: compute capability * 2 + pageable access, once known.
  static std::atomic<int> Cache[16] = {};
  auto GetDevice = GEMM_GUARD_FUNCTION(Cudart, cudaGetDevice);
  auto GetAttribute = GEMM_GUARD_FUNCTION(Cudart, cudaDeviceGetAttribute);
  const guard::detail::LibraryQuery Asking;
  if (!GetDevice || !GetAttribute || !Asking)
    return DeviceFacts{};
  guard::detail::KeepLastError Keep;
  int Device = -1;
  if (GetDevice(&Device) != cudaSuccess || Device < 0)
    return DeviceFacts{};
  if (Device < 16)
    if (const int Known = Cache[Device].load(std::memory_order_relaxed))
      return DeviceFacts{Known / 2, Known % 2};
  int Major = 0, Minor = 0, Pageable = 0;
  if (GetAttribute(&Major, cudaDevAttrComputeCapabilityMajor, Device) != cudaSuccess ||
      GetAttribute(&Minor, cudaDevAttrComputeCapabilityMinor, Device) != cudaSuccess ||
      GetAttribute(&Pageable, cudaDevAttrPageableMemoryAccess, Device) != cudaSuccess)
    return DeviceFacts{};
  const DeviceFacts Facts{Major * 10 + Minor, Pageable ? 1 : 0};
  if (Device < 16)
    Cache[Device].store(Facts.ComputeCapability * 2 + Facts.PageableMemoryAccess,
                        std::memory_order_relaxed);
  return Facts;
}

// cublasLtGetVersion of the library actually loaded; 0 while none is.
inline int64_t libraryVersion() {
  static std::atomic<int64_t> Version{-1};
  return guard::detail::loadedVersion(Version, [] {
    const guard::detail::LibraryQuery Asking;
    auto Get = GEMM_GUARD_FUNCTION(CublasLt, cublasLtGetVersion);
    return Get && Asking ? static_cast<int64_t>(Get()) : int64_t{-1};
  });
}

// The bytes of a scalar of cudaDataType Type the rules read; 0 for the
// types they do not.
constexpr unsigned scalarSize(int64_t Type) {
  namespace dt = rules::dt;
  return Type == dt::R_64F                        ? 8
         : Type == dt::R_32F || Type == dt::R_32I ? 4
         : Type == dt::R_16F                      ? 2
                                                  : 0;
}

// A scalar of cudaDataType Type from its bytes, as an integer: its value
// for integer types, 0/1 for zero/non-zero for floating types.
inline rules::Value scalarValue(uint64_t Bits, int64_t Type) {
  namespace dt = rules::dt;
  switch (Type) {
  case dt::R_32F: {
    float V;
    std::memcpy(&V, &Bits, sizeof(V));
    return rules::Value::of(V != 0);
  }
  case dt::R_64F: {
    double V;
    std::memcpy(&V, &Bits, sizeof(V));
    return rules::Value::of(V != 0);
  }
  case dt::R_16F: return rules::Value::of((Bits & 0x7fff) != 0);
  case dt::R_32I: {
    int32_t V;
    std::memcpy(&V, &Bits, sizeof(V));
    return rules::Value::of(V);
  }
  default: return rules::Value::unknown();
  }
}

// Reads the scalar of cudaDataType Type at P (its bytes to Bits). Never
// faults: memory that cannot be read, or a type the rules do not read,
// leaves the value unknown.
inline rules::Value readScalar(const void *P, int64_t Type, uint64_t &Bits) {
  Bits = 0;
  const unsigned Size = scalarSize(Type);
  if (!Size || !guard::detail::readHost(P, &Bits, Size))
    return rules::Value::unknown();
  return scalarValue(Bits, Type);
}

} // namespace detail

} // namespace lt
} // namespace guard
} // namespace gemm

#endif // GEMM_GUARD_LT_FACTS_H
