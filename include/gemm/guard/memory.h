// gemm/guard/memory.h - part of the gemm-tidy runtime guard: memory facts: the allocation epoch that cached verdicts depend on,
// the launcher's call counter, the static types of the arguments, and
// what the CUDA runtime says of a pointer.
//
// Included by gemm/guard.h, in order, after the headers it includes;
// include gemm/guard.h, not this file.

#ifndef GEMM_GUARD_MEMORY_H
#define GEMM_GUARD_MEMORY_H

namespace gemm {
namespace guard {

namespace detail {

// --- allocations ------------------------------------------------------------------

// Bumped by every allocation and free the guard sees (the preload library
// interposes cudaMalloc*, cudaFree*, cudaHostRegister/Unregister; the header
// route's macros hear of the same calls in the code they are compiled into):
// cached verdicts that took pointer facts hold only within one epoch.
// Tracking is live once one allocation went through the guard; until then
// (a program whose allocations neither route sees) verdicts that took
// pointer facts are never cached.
inline std::atomic<uint64_t> &memoryEpoch() {
  static std::atomic<uint64_t> Epoch{0};
  return Epoch;
}
inline std::atomic<bool> &trackingLive() {
  static std::atomic<bool> Live{false};
  return Live;
}

// --- the launcher's count of checked calls -----------------------------------------

// gemm-guard (the launcher) names a directory in GEMM_GUARD_COUNT_DIR; each
// process that checks a GEMM call counts it in <dir>/calls.<pid>, 8 bytes
// of a file mapped into memory, so the count is there however the process
// ends (os._exit, a signal, exec). A forked child counts in a file of its
// own. Where anything fails the count is lost, never the call.
inline std::atomic<std::atomic<uint64_t> *> &callCounterSlot() {
  static std::atomic<std::atomic<uint64_t> *> Slot{nullptr};
  return Slot;
}

inline std::atomic<uint64_t> *openCallCounter() {
  static std::atomic<uint64_t> Lost{0};
  static const bool ForkAware = [] {
    ::pthread_atfork(nullptr, nullptr,
                     [] { callCounterSlot().store(nullptr); });
    return true;
  }();
  (void)ForkAware;
  std::atomic<uint64_t> *Counter = &Lost;
  const char *Dir = std::getenv("GEMM_GUARD_COUNT_DIR");
  const std::string Path = std::string(Dir ? Dir : "") + "/calls." +
                           std::to_string(static_cast<long>(::getpid()));
  const int Fd = ::open(Path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  struct stat St;
  if (Fd >= 0 && ::fstat(Fd, &St) == 0 &&
      (St.st_size >= 8 || ::ftruncate(Fd, 8) == 0)) {
    void *Map = ::mmap(nullptr, 8, PROT_READ | PROT_WRITE, MAP_SHARED, Fd, 0);
    if (Map != MAP_FAILED)
      Counter = static_cast<std::atomic<uint64_t> *>(Map);
  }
  if (Fd >= 0)
    ::close(Fd);
  std::atomic<uint64_t> *Expected = nullptr;
  if (!callCounterSlot().compare_exchange_strong(Expected, Counter) &&
      Counter != &Lost) {
    ::munmap(static_cast<void *>(Counter), 8); // another thread was first
    return Expected;
  }
  return Counter;
}

// One checked GEMM call (a cached verdict included); one relaxed load when
// no launcher asked.
inline void countCall() {
  static std::atomic<int> Wanted{-1};
  if (!computeOnce(Wanted, -1, [] {
        const char *Dir = std::getenv("GEMM_GUARD_COUNT_DIR");
        return Dir && *Dir ? 1 : 0;
      }))
    return;
  std::atomic<uint64_t> *Counter =
      callCounterSlot().load(std::memory_order_acquire);
  if (!Counter)
    Counter = openCallCounter();
  Counter->fetch_add(1, std::memory_order_relaxed);
}

} // namespace detail

// Tell the guard that device or host memory was allocated, freed or
// registered (the preload library does this for the CUDA runtime's
// functions). An installed pointer inspector's answers may change only
// across such a call: verdicts that took pointer facts are cached until the
// next one.
inline void noteMemoryChange(bool Tracked = true) {
  detail::memoryEpoch().fetch_add(1, std::memory_order_acq_rel);
  if (Tracked)
    detail::trackingLive().store(true, std::memory_order_release);
}

namespace detail {

// --- static types -----------------------------------------------------------

template <class T> struct Always : std::false_type {};

// The cudaDataType a pointee type stands for; -1 for void and for types
// that name no single data type (plain char, for instance).
template <class T> constexpr int64_t dataTypeOf() {
  using U = std::remove_cv_t<T>;
  namespace dt = rules::dt;
  if constexpr (std::is_same_v<U, float>) return dt::R_32F;
  else if constexpr (std::is_same_v<U, double>) return dt::R_64F;
  else if constexpr (std::is_same_v<U, __half>) return dt::R_16F;
  else if constexpr (std::is_same_v<U, __nv_bfloat16>) return dt::R_16BF;
  else if constexpr (std::is_same_v<U, int32_t>) return dt::R_32I;
  else if constexpr (std::is_same_v<U, uint32_t>) return dt::R_32U;
  else if constexpr (std::is_same_v<U, int8_t>) return dt::R_8I;
  else if constexpr (std::is_same_v<U, uint8_t>) return dt::R_8U;
  else if constexpr (std::is_same_v<U, cuComplex> ||
                     std::is_same_v<U, std::complex<float>>) return dt::C_32F;
  else if constexpr (std::is_same_v<U, cuDoubleComplex> ||
                     std::is_same_v<U, std::complex<double>>) return dt::C_64F;
  else return -1;
}

// The pointer arrays of the batched forms (`T *const *`) and what their
// elements point to.
template <class P>
constexpr bool IsPointerArray =
    std::is_pointer_v<std::remove_cv_t<std::remove_pointer_t<P>>>;
template <class P>
using ElementOf = std::remove_cv_t<std::conditional_t<
    IsPointerArray<P>,
    std::remove_pointer_t<std::remove_cv_t<std::remove_pointer_t<P>>>,
    std::remove_pointer_t<P>>>;

// The row of the API table for a cuBLAS name, at compile time.
constexpr bool sameName(const char *A, const char *B) {
  while (*A && *A == *B)
    ++A, ++B;
  return *A == *B;
}
constexpr unsigned rowOf(const char *Name) {
  unsigned I = 0;
  while (I + 1 < std::size(rules::ApiTable) &&
         !sameName(rules::ApiTable[I].Name, Name))
    ++I;
  return I;
}

// Whether cuBLAS's parameter at Pos is a pointer (so that a literal 0 or
// NULL the caller passes there is a null pointer).
constexpr bool takesPointer(const rules::ApiInfo &Api, unsigned Pos) {
  const rules::Role R = Api.roleAt(Pos);
  return R != rules::Role::Count &&
         (rules::isPointerRole(R) || Api.isPerGroup(R));
}

// --- run-time facts -----------------------------------------------------------

using AddressRangeFn = int (*)(unsigned long long *, size_t *,
                               unsigned long long);

// The CUDA runtime's last error, left as the caller had it.
class KeepLastError {
public:
  KeepLastError()
      : Peek(GEMM_GUARD_FUNCTION(Cudart, cudaPeekAtLastError)),
        Before(Peek ? Peek() : cudaErrorUnknown) {}
  ~KeepLastError() {
    if (Before != cudaSuccess)
      return;
    if (auto Clear = GEMM_GUARD_FUNCTION(Cudart, cudaGetLastError))
      (void)Clear();
  }

private:
  decltype(&::cudaPeekAtLastError) Peek;
  cudaError_t Before;
};

// cuMemGetAddressRange, reached through the runtime so that nothing links
// libcuda; null where the driver does not provide it.
inline AddressRangeFn addressRange() {
  static std::atomic<AddressRangeFn> Fn{nullptr};
  static std::atomic<bool> Tried{false};
  if (Tried.load(std::memory_order_acquire))
    return Fn.load(std::memory_order_acquire);
  void *Sym = nullptr;
  if (auto Query = GEMM_GUARD_FUNCTION(Cudart, cudaGetDriverEntryPointByVersion)) {
    KeepLastError Keep;
    cudaDriverEntryPointQueryResult Found = cudaDriverEntryPointSymbolNotFound;
    if (Query("cuMemGetAddressRange", &Sym, 12000, cudaEnableDefault,
              &Found) != cudaSuccess ||
        Found != cudaDriverEntryPointSuccess)
      Sym = nullptr;
  }
  Fn.store(reinterpret_cast<AddressRangeFn>(Sym), std::memory_order_release);
  Tried.store(true, std::memory_order_release);
  return reinterpret_cast<AddressRangeFn>(Sym);
}

// The CUDA runtime's view of a pointer, with the extent of the device
// allocation that holds it.
inline PointerInfo cudaPointerInfo(const void *P) {
  PointerInfo Info;
  auto Attributes = GEMM_GUARD_FUNCTION(Cudart, cudaPointerGetAttributes);
  if (!Attributes)
    return Info;
  cudaPointerAttributes Attr;
  {
    KeepLastError Keep;
    if (Attributes(&Attr, P) != cudaSuccess)
      return Info;
  }
  switch (Attr.type) {
  case cudaMemoryTypeUnregistered: Info.Where = rules::Residency::Pageable; break;
  case cudaMemoryTypeHost: Info.Where = rules::Residency::PinnedHost; break;
  case cudaMemoryTypeDevice: Info.Where = rules::Residency::Device; break;
  case cudaMemoryTypeManaged: Info.Where = rules::Residency::Managed; break;
  }
  if (Info.Where != rules::Residency::Device &&
      Info.Where != rules::Residency::Managed)
    return Info;
  if (AddressRangeFn Range = addressRange()) {
    unsigned long long Base = 0;
    size_t Size = 0;
    if (Range(&Base, &Size, reinterpret_cast<uintptr_t>(P)) == 0 && Size) {
      Info.AllocBegin = Base;
      Info.AllocEnd = Base + Size;
    }
  }
  return Info;
}

inline void describePointer(const void *P, rules::PointerFacts &Facts) {
  Facts.Address = rules::Value::of(static_cast<int64_t>(
      reinterpret_cast<uintptr_t>(P)));
  if (!P || depth() == Depth::Values)
    return;
  const PointerInspector Custom = hookSlot<PointerInspector>().load();
  const PointerInfo Info = Custom ? Custom(P) : cudaPointerInfo(P);
  Facts.Where = Info.Where;
  if (Info.AllocEnd > Info.AllocBegin && Info.AllocBegin <= INT64_MAX &&
      Info.AllocEnd <= INT64_MAX) {
    Facts.AllocBegin = rules::Value::of(static_cast<int64_t>(Info.AllocBegin));
    Facts.AllocEnd = rules::Value::of(static_cast<int64_t>(Info.AllocEnd));
  }
}

} // namespace detail

} // namespace guard
} // namespace gemm

#endif // GEMM_GUARD_MEMORY_H
