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

// --- the launcher's counts ----------------------------------------------------------

// gemm-guard (the launcher) names a directory in GEMM_GUARD_COUNT_DIR; each
// process that checks a call counts it in <dir>/counts.<pid>, a file mapped
// into memory, so the counts are there however the process ends (os._exit,
// a signal, exec: the new image finds its file and goes on counting). A
// forked child counts in a file of its own. The launcher sums the files up
// and never reads the log: its summary holds when the log cannot be written.
// Where anything fails a count is lost and said once, never the call.
//
// The layout, native byte order, is tools/gemm-guard's too (read_counts):
// a header of eight 64-bit words, then a table of (check, rule) slots.
enum class CallKind : unsigned {
  Gemm,     // a call of the GEMM family, cublasLtMatmul or its heuristic
  LtObject, // a Create, Init, SetAttribute or GetAttribute of a cuBLASLt
            // descriptor, layout, preference or emulation descriptor
  LtOther,  // the other checked cuBLASLt calls: cublasLtCreate, the algo
            // functions, cublasLtMatrixTransform
  Count
};

struct CountSlot {
  std::atomic<uint64_t> Key;   // 0: free; else the names' hash, low bit set
  std::atomic<uint64_t> Calls; // calls with a finding of this check and rule
  std::atomic<uint32_t> Named; // 1 once Check and Rule are written
  uint32_t Padding;
  char Check[48], Rule[56];    // NUL-terminated
};

struct CountFile {
  static constexpr uint64_t Magic = 0x3130445241554747; // "GGUARD01"
  static constexpr unsigned Slots = 64;
  std::atomic<uint64_t> Tag;                                  // Magic
  std::atomic<uint64_t> Calls[static_cast<unsigned>(CallKind::Count)];
  std::atomic<uint64_t> Flagged;  // calls with at least one finding
  std::atomic<uint64_t> Unranked; // findings the table had no slot for
  uint64_t Reserved[2];
  CountSlot Table[Slots];
};
static_assert(sizeof(CountSlot) == 128 && sizeof(CountFile) == 64 + 64 * 128,
              "tools/gemm-guard reads this layout");
static_assert(std::atomic<uint64_t>::is_always_lock_free,
              "the counts are shared between processes");

inline std::atomic<CountFile *> &countFileSlot() {
  static std::atomic<CountFile *> Slot{nullptr};
  return Slot;
}

// <dir>/counts.<pid>, created zeroed or found as an earlier image of this
// process left it; null where it cannot be mapped or is not ours (then
// said once).
inline CountFile *mapCountFile(const char *Dir) {
  const std::string Path = std::string(Dir) + "/counts." +
                           std::to_string(static_cast<long>(::getpid()));
  const int Fd = ::open(Path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (Fd < 0)
    return nullptr;
  struct stat St;
  void *Map = MAP_FAILED;
  if (::fstat(Fd, &St) == 0 &&
      (St.st_size == sizeof(CountFile) ||
       (St.st_size == 0 && ::ftruncate(Fd, sizeof(CountFile)) == 0)))
    Map = ::mmap(nullptr, sizeof(CountFile), PROT_READ | PROT_WRITE,
                 MAP_SHARED, Fd, 0);
  ::close(Fd);
  if (Map == MAP_FAILED)
    return nullptr;
  auto *File = static_cast<CountFile *>(Map);
  uint64_t Tag = 0;
  if (File->Tag.compare_exchange_strong(Tag, CountFile::Magic) ||
      Tag == CountFile::Magic)
    return File;
  ::munmap(Map, sizeof(CountFile)); // someone else's bytes: leave them
  return nullptr;
}

// The process's count file; a private one, never read, where the shared
// one cannot be had, so that counting never fails.
inline CountFile *openCountFile() {
  static CountFile Lost{};
  static std::atomic<bool> ForkAware{false};
  registerAtFork(ForkAware, [] { countFileSlot().store(nullptr); });
  const char *Dir = std::getenv("GEMM_GUARD_COUNT_DIR");
  CountFile *File = Dir && *Dir ? mapCountFile(Dir) : nullptr;
  if (!File) {
    static std::atomic<bool> Said{false};
    complainOnce(Said, std::string("cannot count in GEMM_GUARD_COUNT_DIR='") +
                           (Dir ? Dir : "") +
                           "': the launcher's summary misses this process");
    File = &Lost;
  }
  CountFile *Expected = nullptr;
  if (!countFileSlot().compare_exchange_strong(Expected, File)) {
    if (File != &Lost)
      ::munmap(static_cast<void *>(File), sizeof(CountFile)); // another thread was first
    return Expected;
  }
  return File;
}

// The count file when a launcher asked for counts; one relaxed load when
// none did.
inline CountFile *countFile() {
  static std::atomic<int> Wanted{-1};
  if (!computeOnce(Wanted, -1, [] {
        const char *Dir = std::getenv("GEMM_GUARD_COUNT_DIR");
        return Dir && *Dir ? 1 : 0;
      }))
    return nullptr;
  CountFile *File = countFileSlot().load(std::memory_order_acquire);
  return File ? File : openCountFile();
}

// One checked call (a cached verdict included).
inline void countCall(CallKind Kind = CallKind::Gemm) {
  if (CountFile *File = countFile())
    File->Calls[static_cast<unsigned>(Kind)].fetch_add(1, std::memory_order_relaxed);
}

// Name, which fits.
inline void copyName(char *To, const char *Name) {
  std::memcpy(To, Name, std::strlen(Name) + 1);
}

// One call with a finding of Check and Rule: its slot in the table, found
// by linear probing and claimed with one compare-and-swap; a full table
// counts it apart, so the launcher never reads a full table as clean.
inline void countFinding(CountFile &File, const char *Check, const char *Rule) {
  uint64_t Hash = 0xcbf29ce484222325ull; // FNV-1a over "check\0rule\0"
  for (const char *Name : {Check, Rule}) {
    for (const char *C = Name; *C; ++C)
      Hash = (Hash ^ static_cast<unsigned char>(*C)) * 0x100000001b3ull;
    Hash *= 0x100000001b3ull;
  }
  Hash |= 1;
  const unsigned Start = static_cast<unsigned>(Hash >> 1) % CountFile::Slots;
  if (std::strlen(Check) < sizeof(CountSlot::Check) &&
      std::strlen(Rule) < sizeof(CountSlot::Rule))
    for (unsigned I = 0; I < CountFile::Slots; ++I) {
      CountSlot &S = File.Table[(Start + I) % CountFile::Slots];
      uint64_t Key = S.Key.load(std::memory_order_acquire);
      if (Key == 0 && S.Key.compare_exchange_strong(Key, Hash)) {
        copyName(S.Check, Check);
        copyName(S.Rule, Rule);
        S.Named.store(1, std::memory_order_release);
        Key = Hash;
      }
      if (Key == Hash) {
        S.Calls.fetch_add(1, std::memory_order_relaxed);
        return;
      }
    }
  File.Unranked.fetch_add(1, std::memory_order_relaxed);
}

// A call whose findings (those left after GEMM_GUARD_IGNORE) are reported:
// counted once, and once per check and rule among them. Only the slow path
// of a call with findings comes here.
template <class Findings> void countFindings(const Findings &Found) {
  CountFile *File = countFile();
  if (!File || Found.empty())
    return;
  File->Flagged.fetch_add(1, std::memory_order_relaxed);
  for (size_t I = 0; I < Found.size(); ++I) {
    bool Repeated = false;
    for (size_t J = 0; J < I && !Repeated; ++J)
      Repeated = Found[J].Cat == Found[I].Cat &&
                 std::strcmp(Found[J].RuleId, Found[I].RuleId) == 0;
    if (!Repeated)
      countFinding(*File, rules::categoryName(Found[I].Cat),
                   Found[I].RuleId ? Found[I].RuleId : "");
  }
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
  const LibraryQuery Asking;
  if (!Asking)
    return nullptr; // asked nothing: not tried
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
  const LibraryQuery Asking;
  if (!Attributes || !Asking)
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
