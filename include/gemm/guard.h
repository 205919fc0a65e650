// gemm/guard.h - the gemm-tidy runtime guard.
//
// Checks every call of the cuBLAS GEMM family on real values before cuBLAS
// sees it, with the rules core the clang-tidy checks use, plus what only a
// run knows: the handle's pointer mode, where alpha and beta live, the
// alignment of the pointers and the extents of their allocations.
//
// Two ways in (docs/runtime-guard.md):
//   * whole translation unit: compile with `-include gemm/guard.h`, or
//     include it after cublas_v2.h. Every call of the family is rerouted
//     through the checks with the caller's file and line, and keeps the
//     static types of its arguments, so the pointee types of alpha, beta, A,
//     B and C are checked too. C translation units compile unchanged and
//     unguarded (the preload library guards them).
//   * explicit: define GEMM_GUARD_NO_MACROS before including, then call
//     gemm::guard::cublasGemmEx(...) (and every other name of the family)
//     with the same arguments as cuBLAS's function.
//
// Policy, from the environment (read once):
//   GEMM_GUARD=error (default) report; a finding cuBLAS rejects or that
//                              crashes or corrupts memory returns
//                              CUBLAS_STATUS_INVALID_VALUE without calling
//                              cuBLAS; advisory findings only report
//              abort            report, then abort() on a blocking finding
//              warn             report, then call cuBLAS anyway
//              off              call cuBLAS, check nothing
//   GEMM_GUARD_DEPTH=values     the rules on argument values only
//                    pointers   (default) also pointer mode, residency,
//                               alignment and allocation extents
//   GEMM_GUARD_LOG=<file>       append one JSON object per call with findings
//   GEMM_GUARD_IGNORE=<list>    comma-separated check names (precision-loss),
//                               rule ids (ld.operand) and file:line call
//                               sites whose findings are dropped
//
// The guard takes no lock on any path: every shared value is an atomic, so a
// process may fork while other threads are inside it.
#ifndef GEMM_GUARD_H
#define GEMM_GUARD_H

#if defined(__cplusplus) && __cplusplus < 201703L
#error "gemm/guard.h needs C++17 or later (-std=c++17); check a C++14 program unmodified with the preload library (libgemm_guard_preload.so, see docs/runtime-guard.md)"
#elif defined(__cplusplus)

#include "gemm/rules.h"

#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime_api.h>
#include <dlfcn.h>

#include <atomic>
#include <cerrno>
#include <complex>
#include <cxxabi.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <mutex>
#include <pthread.h>
#include <string>
#include <sys/auxv.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <tuple>
#include <type_traits>
#include <unistd.h>
#include <unordered_map>
#include <utility>
#include <vector>

// How the guard reaches the cuBLAS and CUDA runtime functions it calls
// besides the one it checks: a function pointer, or null where the process
// has none. The header route links them; libgemm_guard_preload.so, which
// links neither library, resolves them at run time.
#ifndef GEMM_GUARD_FUNCTION
#define GEMM_GUARD_FUNCTION(LIBRARY, NAME) (&::NAME)
#endif

namespace gemm {
namespace guard {

enum class Policy { Error, Abort, Warn, Off };
enum class Depth { Values, Pointers };

// Where a call comes from: a source file and line (the header route), or
// the return address inside an unmodified binary (the preload library).
struct CallSite {
  const char *File;
  int Line;
  const void *Caller = nullptr;
};

// What a check of one call found. Where is "file:line", or the object and
// symbol that called for the preload library.
struct Report {
  const char *Function;
  std::string Where;
  std::vector<rules::Finding> Findings;
};

// What the guard learns about a pointer at run time: its residency and the
// allocation around it. The default asks the CUDA runtime and driver; tests
// and tools may install their own.
struct PointerInfo {
  rules::Residency Where = rules::Residency::Unknown;
  uint64_t AllocBegin = 0, AllocEnd = 0; // 0, 0 where not known
};
using PointerInspector = PointerInfo (*)(const void *);
using PointerModeInspector = bool (*)(cublasHandle_t, cublasPointerMode_t *);

// Replaces the one-line-per-finding report on stderr. The policy still
// decides whether cuBLAS is called. Pass nullptr to restore the default.
using Handler = void (*)(const Report &);

// Findings cuBLAS runs anyway and that neither crash nor corrupt memory:
// reported, never blocking (the rules core decides which).
using rules::isAdvisory;

namespace detail {

// The hook of type Hook a program installed (a handler or an inspector, of
// this guard or the cuBLASLt one: each has its own function type); null
// while none is. An atomic, constant-initialised: no lock on any path.
template <class Hook> std::atomic<Hook> &hookSlot() {
  static std::atomic<Hook> Slot{nullptr};
  return Slot;
}

inline void complain(const std::string &Line) {
  std::fputs(("gemm-guard: " + Line + "\n").c_str(), stderr);
}

// Says Line once per flag.
inline void complainOnce(std::atomic<bool> &Said, const std::string &Line) {
  if (!Said.exchange(true, std::memory_order_relaxed))
    complain(Line);
}

template <class T>
T parseEnv(const char *Name, T Default,
           std::initializer_list<std::pair<const char *, T>> Choices) {
  const char *Value = std::getenv(Name);
  if (!Value || !*Value)
    return Default;
  std::string Known;
  for (const auto &C : Choices) {
    if (std::strcmp(Value, C.first) == 0)
      return C.second;
    Known += (Known.empty() ? "" : ", ") + std::string(C.first);
  }
  complain(std::string(Name) + "='" + Value + "' is not one of " + Known +
           "; using " + Choices.begin()[static_cast<int>(Default)].first);
  return Default;
}

// A value computed once without a lock: threads that race compute the same
// value, and none ever waits, so a child forked at any moment finds no lock
// held (function-local statics with dynamic initialisers would take one).
template <class T, class F>
T computeOnce(std::atomic<T> &Slot, T Unset, F Compute) {
  T V = Slot.load(std::memory_order_acquire);
  if (V != Unset)
    return V;
  V = Compute();
  Slot.store(V, std::memory_order_release);
  return V;
}

// Copies Size bytes from Src if all of them are readable; never faults.
inline bool readHost(const void *Src, void *Dst, size_t Size) {
  if (!Src)
    return false;
  if (Size == 0)
    return true;
  iovec Local{Dst, Size};
  iovec Remote{const_cast<void *>(Src), Size};
  return ::process_vm_readv(::getpid(), &Local, 1, &Remote, 1, 0) ==
         static_cast<ssize_t>(Size);
}

} // namespace detail

inline Policy policy() {
  static std::atomic<int> P{-1};
  return static_cast<Policy>(detail::computeOnce(P, -1, [] {
    return static_cast<int>(detail::parseEnv<Policy>(
        "GEMM_GUARD", Policy::Error,
        {{"error", Policy::Error}, {"abort", Policy::Abort},
         {"warn", Policy::Warn}, {"off", Policy::Off}}));
  }));
}

inline Depth depth() {
  static std::atomic<int> D{-1};
  return static_cast<Depth>(detail::computeOnce(D, -1, [] {
    return static_cast<int>(detail::parseEnv<Depth>(
        "GEMM_GUARD_DEPTH", Depth::Pointers,
        {{"values", Depth::Values}, {"pointers", Depth::Pointers}}));
  }));
}

inline void setHandler(Handler H) { detail::hookSlot<Handler>().store(H); }

namespace detail {
inline std::atomic<uint64_t> &memoryEpoch();
} // namespace detail

// Replace how pointers and pointer modes are inspected (nullptr restores
// the defaults: the CUDA queries, and the guard's table of handles).
inline void setPointerInspector(PointerInspector I) {
  detail::hookSlot<PointerInspector>().store(I);
  detail::memoryEpoch().fetch_add(1); // facts cached from the old one expire
}
inline void setPointerModeInspector(PointerModeInspector I) {
  detail::hookSlot<PointerModeInspector>().store(I);
}

namespace detail {

// --- GEMM_GUARD_IGNORE ---------------------------------------------------------

struct IgnoreList {
  std::vector<std::string> Names;                // checks and rule ids
  std::vector<std::pair<std::string, int>> Sites; // file, line
};

inline const IgnoreList *ignoreList() {
  static std::atomic<const IgnoreList *> List{nullptr};
  if (const IgnoreList *L = List.load(std::memory_order_acquire))
    return L;
  auto *Parsed = new IgnoreList;
  const char *Env = std::getenv("GEMM_GUARD_IGNORE");
  std::string Text = Env ? Env : "";
  size_t Pos = 0;
  while (Pos <= Text.size()) {
    size_t Comma = Text.find(',', Pos);
    if (Comma == std::string::npos)
      Comma = Text.size();
    std::string Item = Text.substr(Pos, Comma - Pos);
    Pos = Comma + 1;
    while (!Item.empty() && Item.back() == ' ')
      Item.pop_back();
    while (!Item.empty() && Item.front() == ' ')
      Item.erase(Item.begin());
    if (Item.empty())
      continue;
    const size_t Colon = Item.rfind(':');
    if (Colon != std::string::npos && Colon + 1 < Item.size() &&
        Item.find_first_not_of("0123456789", Colon + 1) == std::string::npos)
      Parsed->Sites.emplace_back(Item.substr(0, Colon),
                                 std::atoi(Item.c_str() + Colon + 1));
    else
      Parsed->Names.push_back(Item);
  }
  const IgnoreList *Expected = nullptr;
  if (!List.compare_exchange_strong(Expected, Parsed))
    delete Parsed; // another thread published the same list first
  return List.load(std::memory_order_acquire);
}

// A GEMM_GUARD_IGNORE name that is no check and no rule id ignores nothing:
// said once, when the guard is loaded, with the nearest name that is.
inline bool warnUnknownIgnored() {
  for (const std::string &Name : ignoreList()->Names) {
    if (rules::isKnownCheckOrRule(Name))
      continue;
    const std::string Near = rules::nearestCheckOrRule(Name);
    const std::string Line =
        "gemm-guard: GEMM_GUARD_IGNORE: no check or rule is named '" + Name +
        "'" + (Near.empty() ? "" : "; did you mean '" + Near + "'?") + "\n";
    std::fputs(Line.c_str(), stderr);
  }
  return true;
}
inline const bool IgnoreListChecked = warnUnknownIgnored();

// File names the same file as Pattern: equal, or ending in "/" + Pattern.
inline bool sameFile(const char *File, const std::string &Pattern) {
  const size_t N = std::strlen(File);
  if (N < Pattern.size() || Pattern.empty())
    return false;
  const char *Tail = File + N - Pattern.size();
  return std::strcmp(Tail, Pattern.c_str()) == 0 &&
         (Tail == File || Tail[-1] == '/' || Pattern.front() == '/');
}

// Whether GEMM_GUARD_IGNORE drops a finding of check Cat and rule RuleId at
// Site (the GemmEx and the cuBLASLt findings alike).
inline bool isIgnored(rules::Category Cat, const char *RuleId,
                      const CallSite &Site) {
  const IgnoreList *L = ignoreList();
  for (const std::string &Name : L->Names)
    if (Name == rules::categoryName(Cat) || Name == RuleId)
      return true;
  if (Site.File)
    for (const auto &S : L->Sites)
      if (S.second == Site.Line && sameFile(Site.File, S.first))
        return true;
  return false;
}

// --- objects the guard follows by address ------------------------------------

// A fixed open-addressing table of slots keyed by an object's address, read
// and written with atomics only: no lock on any path, nothing to reset after
// fork. Slot needs a member `std::atomic<uintptr_t> Key`. Keys: 0 (never
// used), an address (live), or the address | 1 (destroyed: kept so that a
// later use is found, until the slot is claimed again). Objects the table
// has no room for are simply not followed.
template <class Slot, unsigned Slots, unsigned Probes = 64> class AddressTable {
public:
  static constexpr uintptr_t DestroyedBit = 1;

  // Addresses the table can hold: not null, and even (handles and opaque
  // structures are at least 8-byte aligned).
  static bool trackable(const void *Object) {
    const uintptr_t Key = reinterpret_cast<uintptr_t>(Object);
    return Key != 0 && !(Key & DestroyedBit);
  }

  // The live slot of Object; nullptr if none.
  Slot *find(const void *Object) {
    return trackable(Object) ? findKey(reinterpret_cast<uintptr_t>(Object))
                             : nullptr;
  }

  // Whether Object was destroyed (and not created again) while followed.
  bool destroyed(const void *Object) {
    return trackable(Object) &&
           findKey(reinterpret_cast<uintptr_t>(Object) | DestroyedBit);
  }

  // The slot of Object, live or destroyed; nullptr if none.
  Slot *findEither(const void *Object) {
    if (!trackable(Object))
      return nullptr;
    const uintptr_t Key = reinterpret_cast<uintptr_t>(Object);
    for (unsigned I = 0, S = home(Key); I < Probes; ++I, S = (S + 1) % Slots) {
      const uintptr_t K = Table[S].Key.load(std::memory_order_acquire);
      if ((K & ~DestroyedBit) == Key)
        return &Table[S];
      if (K == 0)
        return nullptr;
    }
    return nullptr;
  }

  // The slot of Object, claimed if it has none; nullptr when the table is
  // full around it.
  Slot *claim(const void *Object) {
    if (!trackable(Object))
      return nullptr;
    const uintptr_t Key = reinterpret_cast<uintptr_t>(Object);
    if (Slot *S = findKey(Key))
      return S;
    if (Slot *S = findKey(Key | DestroyedBit)) { // created again
      uintptr_t K = Key | DestroyedBit;
      if (S->Key.compare_exchange_strong(K, Key, std::memory_order_acq_rel))
        return S;
    }
    for (unsigned I = 0, S = home(Key); I < Probes; ++I, S = (S + 1) % Slots) {
      uintptr_t K = Table[S].Key.load(std::memory_order_acquire);
      if ((K == 0 || (K & DestroyedBit)) &&
          Table[S].Key.compare_exchange_strong(K, Key, std::memory_order_acq_rel))
        return &Table[S];
    }
    return nullptr;
  }

  // Marks the live slot S of Object destroyed.
  static void markDestroyed(Slot &S, const void *Object) {
    S.Key.store(reinterpret_cast<uintptr_t>(Object) | DestroyedBit,
                std::memory_order_release);
  }

private:
  static unsigned home(uintptr_t Key) {
    return static_cast<unsigned>((Key >> 4) * 0x9E3779B97F4A7C15ull >> 40) %
           Slots;
  }

  // The slot holding Key exactly (live or destroyed form); nullptr if none.
  Slot *findKey(uintptr_t Key) {
    for (unsigned I = 0, S = home(Key & ~DestroyedBit); I < Probes;
         ++I, S = (S + 1) % Slots) {
      const uintptr_t K = Table[S].Key.load(std::memory_order_acquire);
      if (K == Key)
        return &Table[S];
      if (K == 0)
        return nullptr;
    }
    return nullptr;
  }

  Slot Table[Slots];
};

// --- handles --------------------------------------------------------------------

// The pointer mode of every handle the guard saw created: the guard never
// asks a handle anything, so a garbage or destroyed handle cannot crash it.
// Handles created where the guard does not see it have no known mode, and
// the rules that need one stay silent.
struct HandleSlot {
  std::atomic<uintptr_t> Key{0};
  std::atomic<int> Mode{-1};
};
using HandleTable = AddressTable<HandleSlot, 1024>;

inline HandleTable &handleTable() {
  static HandleTable Table;
  return Table;
}

inline void noteHandleMode(cublasHandle_t H, int Mode) {
  if (HandleSlot *Slot = handleTable().claim(H))
    Slot->Mode.store(Mode, std::memory_order_release);
}

inline void forgetHandle(cublasHandle_t H) {
  if (HandleSlot *Slot = handleTable().find(H)) {
    Slot->Mode.store(-1, std::memory_order_release);
    HandleTable::markDestroyed(*Slot, H);
  }
}

// -1 where the handle's mode is not known.
inline int handleMode(cublasHandle_t H) {
  const PointerModeInspector Custom = hookSlot<PointerModeInspector>().load();
  if (Custom) {
    cublasPointerMode_t Mode;
    return Custom(H, &Mode) ? static_cast<int>(Mode) : -1;
  }
  const HandleSlot *Slot = handleTable().find(H);
  return Slot ? Slot->Mode.load(std::memory_order_acquire) : -1;
}

// The guard's versions of the functions that create, configure and destroy
// handles: the real function, then the table.
template <class Fn> cublasStatus_t trackCreate(Fn Real, cublasHandle_t *H) {
  if (!Real)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  const cublasStatus_t S = Real(H);
  if (S == CUBLAS_STATUS_SUCCESS && H)
    noteHandleMode(*H, CUBLAS_POINTER_MODE_HOST);
  return S;
}
template <class Fn>
cublasStatus_t trackSetPointerMode(Fn Real, cublasHandle_t H,
                                   cublasPointerMode_t Mode) {
  if (!Real)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  const cublasStatus_t S = Real(H, Mode);
  if (S == CUBLAS_STATUS_SUCCESS)
    noteHandleMode(H, static_cast<int>(Mode));
  return S;
}
template <class Fn> cublasStatus_t trackDestroy(Fn Real, cublasHandle_t H) {
  forgetHandle(H);
  return Real ? Real(H) : CUBLAS_STATUS_NOT_INITIALIZED;
}

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

// --- collecting the arguments ---------------------------------------------------

struct Collected {
  rules::CallValues Values;
  // Every argument in order, for the log: a number or an address. A fixed
  // array: collecting allocates nothing on the heap.
  std::pair<int64_t, bool /*is pointer*/> Raw[rules::MaxArgs];
  unsigned NumRaw = 0;
  // The grouped APIs' host arrays, read in chunks (readGroups): where each
  // one is and the size of its elements (0: not a host array).
  const void *GroupArray[rules::RoleCount] = {};
  unsigned GroupElement[rules::RoleCount] = {};
  std::vector<rules::Value> Logged[rules::RoleCount]; // first chunk, for the log
  // *beta on the host, read only where cuBLAS itself would read it.
  bool (*BetaIsZero)(const void *) = nullptr;
  unsigned BetaSize = 0;
};

template <class T> bool isZero(const void *P) {
  T V;
  std::memcpy(static_cast<void *>(&V), P, sizeof(T));
  if constexpr (std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16>)
    return static_cast<float>(V) == 0.0f;
  else if constexpr (std::is_same_v<T, cuComplex> ||
                     std::is_same_v<T, cuDoubleComplex>)
    return V.x == 0 && V.y == 0;
  else if constexpr (std::is_same_v<T, std::complex<float>> ||
                     std::is_same_v<T, std::complex<double>>)
    return V == T{};
  else
    return V == T{};
}

inline void collectNull(rules::Role R, unsigned Pos, Collected &Out) {
  Out.Raw[Pos] = {0, true};
  if (R != rules::Role::Count)
    Out.Values.pointer(R).Address = rules::Value::of(0);
}

template <class A>
void collectOne(const rules::ApiInfo &Api, unsigned Pos, rules::Role R,
                const A &Arg, Collected &Out) {
  using rules::Role;
  using rules::Value;
  if constexpr (std::is_integral_v<A> || std::is_enum_v<A>) {
    if (takesPointer(Api, Pos))
      return collectNull(R, Pos, Out); // 0 or NULL where cuBLAS takes a pointer
    const int64_t V = static_cast<int64_t>(Arg);
    Out.Raw[Pos] = {V, false};
    if (R != Role::Count)
      Out.Values[R] = Value::of(V);
    // A cudaDataType compute type selects cublas_api.h's C++ overload.
    if (R == Role::ComputeType && std::is_same_v<A, cudaDataType>)
      Out.Values.LegacyComputeType = Out.Values.ComputeTypeIsDataType = true;
  } else if constexpr (std::is_null_pointer_v<A>) {
    collectNull(R, Pos, Out);
  } else if constexpr (std::is_pointer_v<A>) {
    const int64_t Address =
        static_cast<int64_t>(reinterpret_cast<uintptr_t>(Arg));
    Out.Raw[Pos] = {Address, true};
    if (R == Role::Count)
      return;
    rules::PointerFacts &Facts = Out.Values.pointer(R);
    if (R == Role::Handle) {
      Facts.Address = Value::of(Address); // never dereferenced
      return;
    }
    using Plain = ElementOf<A>;
    // Host arrays of the grouped forms: one entry per group (alpha_array
    // and beta_array hold the scalars themselves).
    if (Api.isGrouped() &&
        (Api.isPerGroup(R) || R == Role::Alpha || R == Role::Beta)) {
      Facts.Address = Value::of(Address);
      if constexpr (!IsPointerArray<A> &&
                    (std::is_arithmetic_v<Plain> || std::is_enum_v<Plain> ||
                     dataTypeOf<Plain>() >= 0)) {
        if (const int64_t Type = dataTypeOf<Plain>(); Type >= 0)
          Facts.PointeeType = Value::of(Type);
        Out.GroupElement[static_cast<unsigned>(R)] = sizeof(Plain);
        Out.GroupArray[static_cast<unsigned>(R)] = Arg;
      }
      return;
    }
    if (const int64_t Type = dataTypeOf<Plain>(); Type >= 0)
      Facts.PointeeType = Value::of(Type);
    if constexpr (IsPointerArray<A>) {
      Facts.Address = Value::of(Address);
      return; // an array of pointers; its elements live on the device
    } else {
      describePointer(static_cast<const void *>(Arg), Facts);
      if constexpr (dataTypeOf<Plain>() >= 0) {
        if (R == Role::Beta) {
          Out.BetaIsZero = &isZero<Plain>;
          Out.BetaSize = sizeof(Plain);
        }
      }
    }
  } else {
    static_assert(Always<A>::value, "unexpected argument type");
  }
}

template <class A>
constexpr bool IsPointerLike = std::is_pointer_v<A> || std::is_null_pointer_v<A>;

template <class Tuple, size_t... I>
void collectAll(const rules::ApiInfo &Api, const Tuple &Args, Collected &Out,
                std::index_sequence<I...>) {
  Out.NumRaw = sizeof...(I);
  (..., collectOne(Api, I, Api.roleAt(I), std::get<I>(Args), Out));
}

// *beta decides whether a null C is read (rulebook 1.2): read it only in
// host pointer mode, from host memory, and only if it is readable.
inline void collectBeta(Collected &C, const void *Beta) {
  using rules::Residency;
  const rules::PointerFacts &P = C.Values.pointer(rules::Role::Beta);
  const rules::PointerFacts &Out = C.Values.pointer(rules::Role::C);
  unsigned char Copy[16];
  if (!C.BetaIsZero || C.BetaSize > sizeof(Copy) || !Out.Address.Known ||
      Out.Address.V != 0 || !C.Values.PointerMode.Known ||
      C.Values.PointerMode.V != rules::pointer_mode::Host ||
      (P.Where != Residency::Pageable && P.Where != Residency::PinnedHost) ||
      !readHost(Beta, Copy, C.BetaSize))
    return;
  C.Values.BetaIsZero = rules::Value::of(C.BetaIsZero(Copy) ? 1 : 0);
}

// CUBLAS_VERSION of the library actually loaded (not of the headers); 0
// while no cuBLAS is loaded.
inline int64_t libraryVersion() {
  static std::atomic<int64_t> Version{-1};
  const int64_t Known = Version.load(std::memory_order_acquire);
  if (Known >= 0)
    return Known;
  auto Get = GEMM_GUARD_FUNCTION(Cublas, cublasGetProperty);
  if (!Get)
    return 0;
  int Major = 0, Minor = 0, Patch = 0;
  int64_t V = 0;
  if (Get(MAJOR_VERSION, &Major) == CUBLAS_STATUS_SUCCESS &&
      Get(MINOR_VERSION, &Minor) == CUBLAS_STATUS_SUCCESS &&
      Get(PATCH_LEVEL, &Patch) == CUBLAS_STATUS_SUCCESS)
    V = int64_t{Major} * 10000 + Minor * 100 + Patch;
  Version.store(V, std::memory_order_release);
  return V;
}

// --- the grouped APIs --------------------------------------------------------------

// Groups are read and checked in chunks, so that every group is checked
// with bounded memory; a report keeps the first MaxGroupFindings findings
// about single groups and counts the rest.
constexpr int64_t GroupChunk = 4096;
constexpr size_t MaxGroupFindings = 64;

inline rules::Finding unreadableArray(const rules::ApiInfo &Api, rules::Role R,
                                      int64_t Entry, int64_t Count) {
  rules::Finding F;
  F.Cat = rules::Category::BufferExtent;
  F.RuleId = "group.array";
  F.Param = R;
  F.Value = Entry;
  F.Bound = Count;
  std::string Name = rules::paramName(Api, R);
  if (R != rules::Role::GroupSize)
    Name += "_array";
  F.Message = "'" + Name + "' ends at entry " + std::to_string(Entry) +
              " (the next one is not readable memory) but 'group_count' is " +
              std::to_string(Count) + ": cuBLAS reads one entry per group";
  F.Inputs = {R, rules::Role::GroupCount};
  return F;
}

// Reads entries [Base, Base + N) of one host array into Values; returns the
// number of entries that could be read.
inline int64_t readGroupArray(const void *Array, unsigned Element, int64_t Base,
                              int64_t N, std::vector<rules::Value> &Values) {
  Values.clear();
  static_assert(sizeof(void *) == 8, "64-bit hosts only");
  std::vector<unsigned char> Bytes(static_cast<size_t>(N) * Element);
  const auto *Start = static_cast<const unsigned char *>(Array) + Base * Element;
  int64_t Got = N;
  if (!readHost(Start, Bytes.data(), Bytes.size())) {
    // The readable entries are a prefix: find its end by bisection.
    int64_t Lo = 0, Hi = N; // Lo entries read, Hi not all readable
    while (Hi - Lo > 1) {
      const int64_t Mid = Lo + (Hi - Lo) / 2;
      if (readHost(Start + Lo * Element, Bytes.data() + Lo * Element,
                   static_cast<size_t>(Mid - Lo) * Element))
        Lo = Mid;
      else
        Hi = Mid;
    }
    Got = Lo;
  }
  for (int64_t I = 0; I < Got; ++I) {
    const unsigned char *E = Bytes.data() + I * Element;
    int64_t V = 0;
    if (Element == 2 || Element == 16) {
      // a __half or complex scalar: read, never judged
    } else if (Element == 4) {
      int32_t X;
      std::memcpy(&X, E, 4);
      V = X;
    } else {
      std::memcpy(&V, E, 8);
    }
    Values.push_back(rules::Value::of(V));
  }
  return Got;
}

inline std::vector<rules::Finding> checkValues(const rules::ApiInfo &Api,
                                               Collected &C) {
  using rules::Role;
  std::vector<rules::Finding> Out = rules::checkCall(Api, C.Values);
  const rules::Value Count = C.Values[Role::GroupCount];
  if (!Api.isGrouped() || !Count.Known || Count.V <= 0)
    return Out;
  bool Dead[rules::RoleCount] = {};
  size_t Kept = 0, Dropped = 0;
  rules::Category DroppedCat = rules::Category::LeadingDimension;
  for (int64_t Base = 0; Base < Count.V; Base += GroupChunk) {
    const int64_t N = std::min(GroupChunk, Count.V - Base);
    bool Any = false;
    for (unsigned R = 0; R < rules::RoleCount; ++R) {
      // The scalars of alpha_array and beta_array are only read, not judged.
      const bool Scalars = R == static_cast<unsigned>(Role::Alpha) ||
                           R == static_cast<unsigned>(Role::Beta);
      std::vector<rules::Value> Unjudged;
      std::vector<rules::Value> &G = Scalars ? Unjudged : C.Values.PerGroup[R];
      G.clear();
      if (!C.GroupArray[R] || !C.GroupElement[R] || Dead[R])
        continue;
      const int64_t Got =
          readGroupArray(C.GroupArray[R], C.GroupElement[R], Base, N, G);
      if (Base == 0 && !Scalars)
        C.Logged[R] = G;
      if (Got < N) {
        Dead[R] = true;
        Out.push_back(unreadableArray(Api, static_cast<Role>(R), Base + Got,
                                      Count.V));
      }
      Any |= Got > 0;
    }
    if (!Any)
      break;
    C.Values.GroupBase = Base;
    for (rules::Finding &F : rules::checkCall(Api, C.Values)) {
      if (F.Group < 0)
        continue; // reported by the first pass
      if (Kept < MaxGroupFindings) {
        Out.push_back(std::move(F));
        ++Kept;
      } else {
        ++Dropped;
        DroppedCat = F.Cat;
      }
    }
  }
  C.Values.GroupBase = 0;
  if (Dropped) {
    rules::Finding F;
    F.Cat = DroppedCat;
    F.RuleId = "group.more";
    F.Param = Role::GroupCount;
    F.Value = static_cast<int64_t>(Dropped);
    F.Message = "and " + std::to_string(Dropped) +
                " more findings in later groups";
    Out.push_back(std::move(F));
  }
  return Out;
}

// --- the verdict cache -------------------------------------------------------------

// Calls whose every finding was clean, keyed on everything their verdict
// depends on: for the GemmEx family every argument, the handle's pointer
// mode and (where pointer facts were taken) the memory epoch; for cuBLASLt
// (gemm/lt_guard.h) also the objects' shadow generations. A seqlock over
// atomics: readers never wait and writers that would have to give up; a
// repeated valid call costs a hash and a compare.
//
// A key may end in late words: values in the caller's memory that the
// checks read (cuBLASLt's *alpha, *beta and algo). They are not hashed and
// are read only once the first words matched a line, as that line's mask
// word says, so memory is never read unless the checks read it under the
// same key before.
constexpr unsigned KeyWords = 32, CacheLines = 1024;

struct Key {
  uint64_t W[KeyWords];
  unsigned N = 0; // words stored, late words included
  uint64_t Hash = 0;
};

// Rotated words summed (independent, no chain to wait for), then one
// multiplication to mix.
template <unsigned N> uint64_t keyHash(const uint64_t *W) {
  static_assert(N <= KeyWords, "key too long");
  uint64_t Sum = 0;
  for (unsigned I = 0; I < N; ++I) {
    const unsigned R = (I * 23 + 5) % 64;
    Sum += (W[I] << R) | (W[I] >> ((64 - R) % 64));
  }
  Sum *= 0x9E3779B97F4A7C15ull;
  return Sum ^ (Sum >> 29);
}

struct CacheLine {
  std::atomic<uint64_t> Seq{0}; // odd while written; 0 while empty
  std::atomic<uint64_t> W[KeyWords];
};

inline CacheLine &cacheLine(const Key &K) {
  static CacheLine Lines[CacheLines];
  return Lines[K.Hash % CacheLines];
}

// No late words.
struct NoLateWords {
  static constexpr unsigned Count = 0;
  void operator()(uint64_t, uint64_t *) const {}
};

// Whether the key's first N words (and its Late::Count late words after
// the mask word W[N]) are those of a clean verdict. Late(Mask, Out) reads
// the late words the mask names into Out.
template <unsigned N, class Late = NoLateWords>
bool isCachedClean(const Key &K, const Late &ReadLate = Late()) {
  constexpr unsigned Tail = Late::Count ? Late::Count + 1 : 0;
  static_assert(N + Tail <= KeyWords, "key too long");
  CacheLine &L = cacheLine(K);
  const uint64_t S = L.Seq.load(std::memory_order_acquire);
  if (S == 0 || (S & 1))
    return false;
  bool Same = true;
  for (unsigned I = 0; I < N; ++I)
    Same &= L.W[I].load(std::memory_order_relaxed) == K.W[I];
  uint64_t Stored[Tail ? Tail : 1] = {};
  if constexpr (Tail > 0) // (a loop to 0 is a warning under nvcc)
    for (unsigned I = 0; I < Tail; ++I)
      Stored[I] = L.W[N + I].load(std::memory_order_relaxed);
  std::atomic_thread_fence(std::memory_order_acquire);
  if (!Same || L.Seq.load(std::memory_order_relaxed) != S)
    return false;
  if constexpr (Tail > 0) {
    // A consistent line for these first words: its mask says what the
    // checks read under them.
    uint64_t Now[Late::Count] = {};
    ReadLate(Stored[0], Now);
    for (unsigned I = 0; I < Late::Count; ++I)
      if (Now[I] != Stored[I + 1])
        return false;
  }
  return true;
}

inline void rememberClean(const Key &K) {
  CacheLine &L = cacheLine(K);
  uint64_t S = L.Seq.load(std::memory_order_relaxed);
  if ((S & 1) || !L.Seq.compare_exchange_strong(S, S + 1,
                                                std::memory_order_acquire))
    return; // another writer is at it: leave the line to it
  for (unsigned I = 0; I < K.N; ++I)
    L.W[I].store(K.W[I], std::memory_order_relaxed);
  L.Seq.store(S + 2, std::memory_order_release);
}

template <class Tag, class... A> inline const char InstanceId = 0;

// An argument as a word of the key; NonNull turns false on a null pointer
// (findings, or *beta decides).
template <class A> uint64_t keyWord(const A &Arg, bool &NonNull) {
  if constexpr (std::is_pointer_v<A>) {
    NonNull &= Arg != nullptr;
    return reinterpret_cast<uintptr_t>(Arg);
  } else if constexpr (std::is_null_pointer_v<A>) {
    NonNull = false;
    return 0;
  } else {
    return static_cast<uint64_t>(static_cast<int64_t>(Arg));
  }
}

template <class First, class... Rest>
cublasHandle_t handleOf(const First &Handle, const Rest &...) {
  if constexpr (std::is_pointer_v<First>)
    return reinterpret_cast<cublasHandle_t>(const_cast<void *>(
        static_cast<const void *>(Handle)));
  else
    return nullptr;
}

constexpr unsigned KeyHead = 3; // instantiation, epoch, pointer mode

// The key of a call, or false where its verdict must not be cached.
template <class Tag, class... A, size_t... I>
bool makeKey(const rules::ApiInfo &Api, Key &K, std::index_sequence<I...>,
             const A &...Args) {
  static_assert(KeyHead + sizeof...(A) <= KeyWords, "too many arguments");
  if (Api.isGrouped())
    return false; // the host arrays' contents are not in the key
  const bool Pointers = depth() == Depth::Pointers;
  if (Pointers && !trackingLive().load(std::memory_order_acquire))
    return false;
  K.W[0] = reinterpret_cast<uintptr_t>(&InstanceId<Tag, A...>);
  K.W[1] = Pointers ? memoryEpoch().load(std::memory_order_acquire) : 0;
  K.W[2] = Pointers ? static_cast<uint64_t>(handleMode(handleOf(Args...))) : 0;
  bool NonNull = true;
  ((K.W[KeyHead + I] = keyWord(Args, NonNull)), ...);
  K.N = KeyHead + sizeof...(A);
  K.Hash = keyHash<KeyHead + sizeof...(A)>(K.W);
  return NonNull;
}

// --- call sites --------------------------------------------------------------------

// Calls Visit(symbol, name) for each entry of the full symbol table of an
// ELF file until it returns true; false where the file cannot be read or
// has no symbol table (stripped). Only the report path and the preload's
// start read it.
template <class F> bool forEachElfSymbol(const char *Path, F Visit) {
  const int Fd = ::open(Path, O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return false;
  struct stat St;
  void *Map = MAP_FAILED;
  if (::fstat(Fd, &St) == 0 &&
      St.st_size >= static_cast<off_t>(sizeof(Elf64_Ehdr)))
    Map = ::mmap(nullptr, static_cast<size_t>(St.st_size), PROT_READ, MAP_PRIVATE, Fd, 0);
  ::close(Fd);
  if (Map == MAP_FAILED)
    return false;
  const auto *Base = static_cast<const unsigned char *>(Map);
  const uint64_t Size = static_cast<uint64_t>(St.st_size);
  bool Stopped = false;
  Elf64_Ehdr Eh;
  std::memcpy(&Eh, Base, sizeof(Eh));
  const bool Valid = std::memcmp(Eh.e_ident, ELFMAG, SELFMAG) == 0 &&
                     Eh.e_ident[EI_CLASS] == ELFCLASS64 &&
                     Eh.e_shentsize == sizeof(Elf64_Shdr) &&
                     Eh.e_shoff < Size &&
                     Eh.e_shnum <= (Size - Eh.e_shoff) / sizeof(Elf64_Shdr);
  for (unsigned I = 0; Valid && !Stopped && I < Eh.e_shnum; ++I) {
    Elf64_Shdr Sh, Str;
    std::memcpy(&Sh, Base + Eh.e_shoff + I * sizeof(Elf64_Shdr), sizeof(Sh));
    if (Sh.sh_type != SHT_SYMTAB || Sh.sh_link >= Eh.e_shnum ||
        Sh.sh_offset > Size || Sh.sh_size > Size - Sh.sh_offset)
      continue;
    std::memcpy(&Str, Base + Eh.e_shoff + Sh.sh_link * sizeof(Elf64_Shdr),
                sizeof(Str));
    if (Str.sh_offset > Size || Str.sh_size > Size - Str.sh_offset)
      continue;
    for (uint64_t S = 0; !Stopped && S + sizeof(Elf64_Sym) <= Sh.sh_size;
         S += sizeof(Elf64_Sym)) {
      Elf64_Sym Sym;
      std::memcpy(&Sym, Base + Sh.sh_offset + S, sizeof(Sym));
      if (Sym.st_name >= Str.sh_size)
        continue;
      const char *Text =
          reinterpret_cast<const char *>(Base + Str.sh_offset + Sym.st_name);
      Stopped = Visit(Sym, std::string(
                               Text, strnlen(Text, Str.sh_size - Sym.st_name)));
    }
  }
  ::munmap(Map, static_cast<size_t>(St.st_size));
  return Stopped;
}

// The function that holds Address (a link-time address), and the offset.
inline bool elfFunctionAt(const char *Path, uint64_t Address, std::string &Name,
                          uint64_t &Offset) {
  return forEachElfSymbol(Path, [&](const Elf64_Sym &Sym, std::string Text) {
    if (ELF64_ST_TYPE(Sym.st_info) != STT_FUNC || Sym.st_shndx == SHN_UNDEF ||
        Address < Sym.st_value || Address - Sym.st_value >= Sym.st_size)
      return false;
    Name = std::move(Text);
    Offset = Address - Sym.st_value;
    return true;
  });
}

// Whether the file defines (not merely references) the symbol Name.
inline bool elfDefines(const char *Path, const char *Name) {
  return forEachElfSymbol(Path, [&](const Elf64_Sym &Sym, const std::string &Text) {
    return Sym.st_shndx != SHN_UNDEF && Text == Name;
  });
}

// A C++ symbol as its source names it ("linearForward(cublasContext*, float
// const*)" for _Z13linearForwardP13cublasContextPKf); any other unchanged.
inline std::string demangled(const char *Symbol) {
  if (std::strncmp(Symbol, "_Z", 2) != 0)
    return Symbol;
  int Status = -1;
  char *Text = abi::__cxa_demangle(Symbol, nullptr, nullptr, &Status);
  const std::string Name = Status == 0 && Text ? Text : Symbol;
  std::free(Text);
  return Name;
}

// The functions of CPython's C API that name the running Python line, found
// in the process (a python executable or a libpython it loaded) with dlsym,
// so that no Python header or library is needed; all null elsewhere.
struct PythonApi {
  using Object = void *;
  int (*IsInitialized)() = nullptr;
  Object (*CurrentThreadState)() = nullptr; // attached to this thread (3.12+)
                                            // or holding the GIL (3.5-3.11)
  Object (*OwnThreadState)() = nullptr;     // this thread's own
  Object (*ErrOccurred)() = nullptr;
  void (*ErrClear)() = nullptr;
  Object (*Frame)() = nullptr;
  Object (*GetAttr)(Object, const char *) = nullptr;
  const char *(*Utf8)(Object) = nullptr;
  long (*AsLong)(Object) = nullptr;
  void (*DecRef)(Object) = nullptr;

  PythonApi() {
    auto Find = [](auto &Fn, const char *Name) {
      Fn = reinterpret_cast<std::remove_reference_t<decltype(Fn)>>(
          dlsym(RTLD_DEFAULT, Name));
      return Fn != nullptr;
    };
    bool Ok = Find(CurrentThreadState, "PyThreadState_GetUnchecked") ||
              Find(CurrentThreadState, "_PyThreadState_UncheckedGet");
    Ok = Find(IsInitialized, "Py_IsInitialized") && Ok;
    Ok = Find(OwnThreadState, "PyGILState_GetThisThreadState") && Ok;
    Ok = Find(ErrOccurred, "PyErr_Occurred") && Find(ErrClear, "PyErr_Clear") && Ok;
    Ok = Find(Frame, "PyEval_GetFrame") && Find(GetAttr, "PyObject_GetAttrString") && Ok;
    Ok = Find(Utf8, "PyUnicode_AsUTF8") && Find(AsLong, "PyLong_AsLong") && Ok;
    Ok = Find(DecRef, "Py_DecRef") && Ok;
    if (!Ok)
      IsInitialized = nullptr;
  }
};

// "train.py:42", the Python line this thread is running, where the process
// is CPython and this thread holds the GIL: the interpreter's frames are then
// this thread's to read, through the C API. "" otherwise (no Python, the GIL
// released as ctypes.CDLL and most extensions release it around a call, an
// exception pending): reading them then could crash, and taking the GIL
// could hang.
inline std::string pythonSite() {
  static const PythonApi Py;
  if (!Py.IsInitialized || !Py.IsInitialized())
    return "";
  void *Current = Py.CurrentThreadState();
  if (!Current || Current != Py.OwnThreadState() || Py.ErrOccurred())
    return "";
  std::string Site;
  void *Frame = Py.Frame(); // borrowed
  void *Code = Frame ? Py.GetAttr(Frame, "f_code") : nullptr;
  void *Line = Frame ? Py.GetAttr(Frame, "f_lineno") : nullptr;
  void *File = Code ? Py.GetAttr(Code, "co_filename") : nullptr;
  const char *Text = File ? Py.Utf8(File) : nullptr;
  const long Number = Line ? Py.AsLong(Line) : -1;
  if (Text && *Text && Number > 0)
    Site = std::string(Text) + ":" + std::to_string(Number);
  for (void *Owned : {File, Line, Code})
    if (Owned)
      Py.DecRef(Owned);
  if (Py.ErrOccurred()) // none was pending: ours to clear
    Py.ErrClear();
  return Site;
}

// The caller at a return address: "libfoo.so (symbol+0x1c)", the symbol
// demangled, or "prog+0x11a9" (an offset for addr2line) where no symbol
// names it.
inline std::string nativeSite(const void *Caller) {
  Dl_info Info;
  if (!dladdr(Caller, &Info))
    return "an unknown caller";
  std::string Path = Info.dli_fname && *Info.dli_fname ? Info.dli_fname : "";
  const char *Slash = std::strrchr(Path.c_str(), '/');
  std::string Where = Slash ? Slash + 1 : Path;
  const uint64_t Address = reinterpret_cast<uintptr_t>(Caller);
  const uint64_t Base = reinterpret_cast<uintptr_t>(Info.dli_fbase);
  auto Hex = [](uint64_t V) {
    char Buf[24];
    std::snprintf(Buf, sizeof(Buf), "0x%llx", static_cast<unsigned long long>(V));
    return std::string(Buf);
  };
  if (Info.dli_sname && Info.dli_saddr)
    return Where + " (" + demangled(Info.dli_sname) + "+" +
           Hex(Address - reinterpret_cast<uintptr_t>(Info.dli_saddr)) + ")";
  // Not exported: the object's own symbol table. Shared objects and PIE
  // executables are linked at 0; a fixed-address executable at its base.
  Elf64_Ehdr Eh;
  const bool Fixed = Info.dli_fbase &&
                     detail::readHost(Info.dli_fbase, &Eh, sizeof(Eh)) &&
                     Eh.e_type == ET_EXEC;
  const uint64_t Linked = Fixed ? Address : Address - Base;
  std::string Name;
  uint64_t Offset = 0;
  Dl_info Main;
  const bool IsMain =
      dladdr(reinterpret_cast<const void *>(getauxval(AT_PHDR)), &Main) &&
      Main.dli_fbase == Info.dli_fbase;
  if (elfFunctionAt(IsMain ? "/proc/self/exe" : Path.c_str(), Linked, Name,
                    Offset))
    return Where + " (" + demangled(Name.c_str()) + "+" + Hex(Offset) + ")";
  return Where + "+" + Hex(Linked);
}

// The native sites named so far, by return address, so that a report in a
// loop reads the object's symbol table once, not per call (21 us per report
// under the preload before). Only tried, never waited for: a report that
// finds the table busy (another thread, or a fork taken while it was held)
// names its site afresh.
inline std::string cachedNativeSite(const void *Caller) {
  // Never destroyed: threads may still report while the process exits.
  static std::mutex &Lock = *new std::mutex;
  static auto &Known = *new std::unordered_map<const void *, std::string>;
  {
    std::unique_lock<std::mutex> Held(Lock, std::try_to_lock);
    if (Held) {
      const auto It = Known.find(Caller);
      if (It != Known.end())
        return It->second;
    }
  }
  std::string Site = nativeSite(Caller);
  std::unique_lock<std::mutex> Held(Lock, std::try_to_lock);
  if (Held && Known.size() < 4096)
    Known.emplace(Caller, Site);
  return Site;
}

// "file:line", or for a return address the Python line running on this
// thread where there is one (see pythonSite), else the native caller.
inline std::string describeSite(const CallSite &Site) {
  if (!Site.Caller)
    return std::string(Site.File) + ":" + std::to_string(Site.Line);
  std::string Python = pythonSite();
  if (!Python.empty())
    return Python;
  return cachedNativeSite(Site.Caller);
}

// --- reporting --------------------------------------------------------------------

// The length of the UTF-8 sequence at S (at most N bytes), or 0 where the
// bytes are not valid UTF-8.
inline size_t utf8Length(const unsigned char *S, size_t N) {
  const unsigned char C = S[0];
  size_t Len;
  unsigned char Lo = 0x80, Hi = 0xBF;
  if (C < 0x80)
    return 1;
  if (C >= 0xC2 && C <= 0xDF)
    Len = 2;
  else if (C >= 0xE0 && C <= 0xEF) {
    Len = 3;
    if (C == 0xE0) Lo = 0xA0;
    if (C == 0xED) Hi = 0x9F;
  } else if (C >= 0xF0 && C <= 0xF4) {
    Len = 4;
    if (C == 0xF0) Lo = 0x90;
    if (C == 0xF4) Hi = 0x8F;
  } else
    return 0;
  if (N < Len || S[1] < Lo || S[1] > Hi)
    return 0;
  for (size_t I = 2; I < Len; ++I)
    if (S[I] < 0x80 || S[I] > 0xBF)
      return 0;
  return Len;
}

// A JSON string; bytes that are not UTF-8 (a file name in another
// encoding) become \u00XX, so every record stays valid JSON.
inline std::string jsonString(const std::string &S) {
  std::string Out = "\"";
  const auto *Bytes = reinterpret_cast<const unsigned char *>(S.data());
  for (size_t I = 0; I < S.size();) {
    const unsigned char C = Bytes[I];
    const size_t Len = utf8Length(Bytes + I, S.size() - I);
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += static_cast<char>(C);
    } else if (C == '\n') {
      Out += "\\n";
    } else if (C == '\t') {
      Out += "\\t";
    } else if (C < 0x20 || Len == 0) {
      char Buf[8];
      std::snprintf(Buf, sizeof(Buf), "\\u%04x", C);
      Out += Buf;
    } else {
      Out.append(S, I, Len);
      I += Len;
      continue;
    }
    ++I;
  }
  return Out + "\"";
}

inline std::string hexText(int64_t V) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "0x%llx",
                static_cast<unsigned long long>(V));
  return Buf;
}

inline std::string roleNameAt(const rules::ApiInfo &Api, unsigned Pos) {
  const rules::Role R = Api.roleAt(Pos);
  return R == rules::Role::Count ? "arg" + std::to_string(Pos)
                                 : rules::paramName(Api, R);
}

inline int logFd() {
  static std::atomic<int> Fd{-2};
  int F = Fd.load(std::memory_order_acquire);
  if (F != -2)
    return F;
  const char *Path = std::getenv("GEMM_GUARD_LOG");
  F = -1;
  if (Path && *Path) {
    F = ::open(Path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (F < 0) {
      static std::atomic<bool> Said{false};
      complainOnce(Said, std::string("cannot open GEMM_GUARD_LOG='") + Path +
                             "': " + std::strerror(errno) + "; not logging");
    }
  }
  int Expected = -2;
  if (!Fd.compare_exchange_strong(Expected, F) && F >= 0)
    ::close(F); // another thread opened it first
  return Fd.load(std::memory_order_acquire);
}

// Appends one record to the log: a single write() of an O_APPEND file under
// flock keeps records whole when threads and processes share the log (flock
// belongs to the open file, so a forked child never waits for its parent's
// threads).
inline void appendLog(int Fd, const std::string &J) {
  ::flock(Fd, LOCK_EX);
  const ssize_t Written = ::write(Fd, J.data(), J.size());
  const int Error = errno;
  ::flock(Fd, LOCK_UN);
  if (Written != static_cast<ssize_t>(J.size())) {
    static std::atomic<bool> Said{false};
    const char *Path = std::getenv("GEMM_GUARD_LOG");
    complainOnce(Said, std::string("cannot write to GEMM_GUARD_LOG='") +
                           (Path ? Path : "") + "': " +
                           (Written < 0 ? std::strerror(Error)
                                        : "short write") +
                           "; log records are being lost");
  }
}

// One JSON object per line: the call, every argument, the facts gathered
// and the findings.
inline void writeLog(const rules::ApiInfo &Api, const Report &R,
                     const Collected &C, const char *Outcome) {
  const int Fd = logFd();
  if (Fd < 0)
    return;
  std::string J = "{\"guard\":\"gemm-guard\",\"version\":1,\"function\":" +
                  jsonString(R.Function) + ",\"site\":" + jsonString(R.Where) +
                  ",\"pid\":" + std::to_string(::getpid()) +
                  ",\"outcome\":" + jsonString(Outcome) + ",\"args\":[";
  for (unsigned I = 0; I < C.NumRaw; ++I) {
    const rules::Role Role = Api.roleAt(static_cast<unsigned>(I));
    J += std::string(I ? "," : "") + "{\"name\":" +
         jsonString(roleNameAt(Api, static_cast<unsigned>(I))) + ",\"value\":" +
         (C.Raw[I].second ? jsonString(hexText(C.Raw[I].first))
                          : std::to_string(C.Raw[I].first));
    if (Role != rules::Role::Count &&
        !C.Logged[static_cast<unsigned>(Role)].empty()) {
      J += ",\"elements\":[";
      const auto &G = C.Logged[static_cast<unsigned>(Role)];
      for (size_t E = 0; E < G.size(); ++E)
        J += (E ? "," : "") + std::to_string(G[E].V);
      J += "]";
    }
    J += "}";
  }
  J += "],\"pointer_mode\":" +
       (C.Values.PointerMode.Known ? std::to_string(C.Values.PointerMode.V)
                                   : std::string("null")) +
       ",\"findings\":[";
  for (size_t I = 0; I < R.Findings.size(); ++I) {
    const rules::Finding &F = R.Findings[I];
    J += std::string(I ? "," : "") + "{\"check\":" +
         jsonString(rules::categoryName(F.Cat)) +
         ",\"rule\":" + jsonString(F.RuleId) +
         ",\"param\":" + jsonString(rules::paramName(Api, F.Param, F.Group)) +
         ",\"value\":" + std::to_string(F.Value) +
         ",\"bound\":" + std::to_string(F.Bound) +
         ",\"advisory\":" + (isAdvisory(F) ? "true" : "false") +
         ",\"message\":" + jsonString(F.Message) + "}";
  }
  J += "]}\n";
  appendLog(Fd, J);
}

inline void printReport(const Report &R) {
  std::string Text;
  for (const rules::Finding &F : R.Findings)
    Text += "gemm-guard: " + R.Where + ": " + R.Function + ": " + F.Message +
            " [" + rules::categoryName(F.Cat) + "]\n";
  std::fputs(Text.c_str(), stderr);
}

inline const char *statusName(cublasStatus_t S) {
  switch (S) {
  case CUBLAS_STATUS_SUCCESS: return "CUBLAS_STATUS_SUCCESS";
  case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
  case CUBLAS_STATUS_ALLOC_FAILED: return "CUBLAS_STATUS_ALLOC_FAILED";
  case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
  case CUBLAS_STATUS_ARCH_MISMATCH: return "CUBLAS_STATUS_ARCH_MISMATCH";
  case CUBLAS_STATUS_MAPPING_ERROR: return "CUBLAS_STATUS_MAPPING_ERROR";
  case CUBLAS_STATUS_EXECUTION_FAILED: return "CUBLAS_STATUS_EXECUTION_FAILED";
  case CUBLAS_STATUS_INTERNAL_ERROR: return "CUBLAS_STATUS_INTERNAL_ERROR";
  case CUBLAS_STATUS_NOT_SUPPORTED: return "CUBLAS_STATUS_NOT_SUPPORTED";
  case CUBLAS_STATUS_LICENSE_ERROR: return "CUBLAS_STATUS_LICENSE_ERROR";
  }
  return "an unknown status";
}

// True the first time Key is seen: a lock-free set of hashes.
inline bool firstTime(uint64_t Key) {
  constexpr unsigned Slots = 1024, Probes = 32;
  static std::atomic<uint64_t> Seen[Slots];
  Key |= 1; // 0 marks a free slot
  for (unsigned I = 0, S = static_cast<unsigned>(Key >> 7) % Slots; I < Probes;
       ++I, S = (S + 1) % Slots) {
    uint64_t Old = Seen[S].load(std::memory_order_acquire);
    if (Old == Key)
      return false;
    if (Old == 0 && Seen[S].compare_exchange_strong(Old, Key))
      return true;
    if (Old == Key)
      return false;
  }
  return false; // full: stop repeating ourselves
}

// cuBLAS failed although the rules found nothing: say so once per call site
// and status (rulebook 1.2: mixed installs give INVALID_VALUE too), with
// Advice on finding the cause.
inline void reportValidButFailed(
    const char *Function, const CallSite &Site, cublasStatus_t Status,
    const char *Advice =
        "usual causes: no cublasCreate on this thread's device, mixed "
        "cuBLAS/CUDA installs, a GPU architecture the library does not "
        "support, or an undocumented kernel-coverage gap") {
  const uint64_t Key =
      (reinterpret_cast<uintptr_t>(Site.Caller ? Site.Caller : Site.File) *
           0x9E3779B97F4A7C15ull ^
       static_cast<uint64_t>(Site.Line) * 0xff51afd7ed558ccdull) +
      static_cast<uint64_t>(Status);
  if (!firstTime(Key))
    return;
  complain(describeSite(Site) + ": " + Function +
           " returned " + statusName(Status) +
           " although its arguments are valid per the gemm-tidy rulebook; " +
           Advice);
}

// --- the call ---------------------------------------------------------------------

// An argument as cuBLAS's parameter takes it: a literal 0 or NULL where a
// pointer is expected becomes nullptr (it compiled before only as a null
// pointer constant).
template <bool Pointer, class A> decltype(auto) passed(const A &Arg) {
  if constexpr (Pointer && std::is_integral_v<A>)
    return nullptr;
  else
    return Arg;
}

template <class Tag, class Tuple, size_t... I>
cublasStatus_t callReal(const Tuple &Args, std::index_sequence<I...>) {
  constexpr const rules::ApiInfo &Api = rules::ApiTable[rowOf(Tag::Name)];
  return Tag::call(passed<takesPointer(Api, I)>(std::get<I>(Args))...);
}

template <class Tag>
cublasStatus_t callChecked(const CallSite &Site, cublasStatus_t Status) {
  if (Status != CUBLAS_STATUS_SUCCESS)
    reportValidButFailed(Tag::Name, Site, Status);
  return Status;
}

// The status cuBLAS gives a call the guard rejects: a null handle is
// refused before any argument is read, with CUBLAS_STATUS_NOT_INITIALIZED;
// every other rule's failure is CUBLAS_STATUS_INVALID_VALUE.
inline cublasStatus_t
rejectionStatus(const std::vector<rules::Finding> &Findings) {
  for (const rules::Finding &F : Findings)
    if (F.Param == rules::Role::Handle &&
        std::strcmp(F.RuleId, "pointer.null-handle") == 0)
      return CUBLAS_STATUS_NOT_INITIALIZED;
  return CUBLAS_STATUS_INVALID_VALUE;
}

// The slow path: every fact, the rules, the report and the policy.
template <class Tag, class... A>
cublasStatus_t checkAndCall(const CallSite &Site, const Key *CacheKey,
                            const A &...Args) {
  constexpr const rules::ApiInfo &Api = rules::ApiTable[rowOf(Tag::Name)];
  const auto Tuple = std::forward_as_tuple(Args...);
  constexpr auto Indices = std::index_sequence_for<A...>{};
  Collected C;
  C.Values.LibraryVersion = libraryVersion();
  collectAll(Api, Tuple, C, Indices);
  if (depth() == Depth::Pointers) {
    const int Mode = handleMode(handleOf(Args...));
    if (Mode >= 0)
      C.Values.PointerMode = rules::Value::of(Mode);
  }
  if constexpr (Api.position(rules::Role::Beta) >= 0) {
    using BetaArg = std::tuple_element_t<Api.position(rules::Role::Beta),
                                         std::tuple<A...>>;
    if constexpr (std::is_pointer_v<BetaArg>)
      collectBeta(C, static_cast<const void *>(
                         std::get<Api.position(rules::Role::Beta)>(Tuple)));
  }

  std::vector<rules::Finding> Findings;
  bool Blocking = false;
  for (rules::Finding &F : checkValues(Api, C)) {
    if (isIgnored(F.Cat, F.RuleId, Site))
      continue;
    Blocking |= !isAdvisory(F);
    Findings.push_back(std::move(F));
  }
  if (Findings.empty()) {
    if (CacheKey)
      rememberClean(*CacheKey);
    return callChecked<Tag>(Site, callReal<Tag>(Tuple, Indices));
  }
  const Policy P = policy();
  const Report R{Tag::Name, describeSite(Site), std::move(Findings)};
  if (Handler H = hookSlot<Handler>().load())
    H(R);
  else
    printReport(R);
  const bool Rejects = Blocking && P == Policy::Error;
  writeLog(Api, R, C,
           Blocking && P == Policy::Abort ? "aborted"
           : Rejects                      ? "rejected"
                                          : "called");
  if (Blocking && P == Policy::Abort)
    std::abort();
  if (Rejects)
    return rejectionStatus(R.Findings);
  return callChecked<Tag>(Site, callReal<Tag>(Tuple, Indices));
}

// Checks one call and applies the policy. Tag names the function and calls
// the real one. A repeated clean call costs a key and a cache probe.
template <class Tag, class... A>
cublasStatus_t invoke(const CallSite &Site, A... Args) {
  if (policy() == Policy::Off)
    return callReal<Tag>(std::forward_as_tuple(Args...),
                         std::index_sequence_for<A...>{});
  countCall();
  constexpr const rules::ApiInfo &Api = rules::ApiTable[rowOf(Tag::Name)];
  Key K;
  if (!makeKey<Tag>(Api, K, std::index_sequence_for<A...>{}, Args...))
    return checkAndCall<Tag>(Site, nullptr, Args...);
  if (isCachedClean<KeyHead + sizeof...(A)>(K))
    return callChecked<Tag>(Site, callReal<Tag>(std::forward_as_tuple(Args...),
                                                std::index_sequence_for<A...>{}));
  return checkAndCall<Tag>(Site, &K, Args...);
}

// One tag per cuBLAS function: its name, and a call of the real function
// (the parentheses keep the name from expanding as the guard's macro).
#define GEMM_GUARD_TAG(NAME, ...)                                              \
  struct NAME##_tag {                                                          \
    static constexpr const char *Name = #NAME;                                 \
    template <class... A> static cublasStatus_t call(A... Args) {              \
      return (::NAME)(Args...);                                                \
    }                                                                          \
  };
GEMM_RULES_FOR_EACH_CUBLAS_API(GEMM_GUARD_TAG)
#undef GEMM_GUARD_TAG

} // namespace detail

// The explicit way: gemm::guard::cublasGemmEx(args...) checks and calls
// cublasGemmEx(args...), remembering the caller's file and line.
#define GEMM_GUARD_EXPLICIT(NAME, ...)                                         \
  template <class... A> struct NAME {                                          \
    cublasStatus_t Status;                                                     \
    NAME(A... Args, const char *File = __builtin_FILE(),                       \
         int Line = __builtin_LINE())                                          \
        : Status(detail::invoke<detail::NAME##_tag>(CallSite{File, Line},      \
                                                    Args...)) {}               \
    operator cublasStatus_t() const { return Status; }                         \
  };                                                                           \
  template <class... A> NAME(A...) -> NAME<A...>;
GEMM_RULES_FOR_EACH_CUBLAS_API(GEMM_GUARD_EXPLICIT)
#undef GEMM_GUARD_EXPLICIT

// The functions that create, configure and destroy handles, so that the
// guard knows each handle's pointer mode without asking the handle.
inline cublasStatus_t cublasCreate_v2(cublasHandle_t *Handle) {
  return detail::trackCreate(GEMM_GUARD_FUNCTION(Cublas, cublasCreate_v2), Handle);
}
inline cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t Handle,
                                              cublasPointerMode_t Mode) {
  return detail::trackSetPointerMode(
      GEMM_GUARD_FUNCTION(Cublas, cublasSetPointerMode_v2), Handle, Mode);
}
inline cublasStatus_t cublasDestroy_v2(cublasHandle_t Handle) {
  return detail::trackDestroy(GEMM_GUARD_FUNCTION(Cublas, cublasDestroy_v2),
                              Handle);
}

} // namespace guard
} // namespace gemm

// What the header route's macros expand to: global names, so that a
// qualified call (::cublasSgemm(...)) still compiles.
#define GEMM_GUARD_GLOBAL(NAME, ...)                                           \
  template <class... A>                                                        \
  inline cublasStatus_t gemm_guard_##NAME(const ::gemm::guard::CallSite &Site, \
                                          A... Args) {                         \
    return ::gemm::guard::detail::invoke<::gemm::guard::detail::NAME##_tag>(   \
        Site, Args...);                                                        \
  }
GEMM_RULES_FOR_EACH_CUBLAS_API(GEMM_GUARD_GLOBAL)
#undef GEMM_GUARD_GLOBAL
inline cublasStatus_t gemm_guard_cublasCreate_v2(cublasHandle_t *Handle) {
  return ::gemm::guard::cublasCreate_v2(Handle);
}
inline cublasStatus_t gemm_guard_cublasSetPointerMode_v2(cublasHandle_t Handle,
                                                         cublasPointerMode_t Mode) {
  return ::gemm::guard::cublasSetPointerMode_v2(Handle, Mode);
}
inline cublasStatus_t gemm_guard_cublasDestroy_v2(cublasHandle_t Handle) {
  return ::gemm::guard::cublasDestroy_v2(Handle);
}
// What the header route's allocation macros wrap a call of the CUDA
// runtime's cudaMalloc, cudaFree and kin in: the call has returned, so the
// memory it allocated or freed is what cached verdicts must not outlive. In
// device code (the device runtime's cudaMalloc) there is nothing to tell.
#if defined(__CUDACC__)
__host__ __device__
#endif
inline cudaError_t gemm_guard_memory_call(cudaError_t Result) {
#if !defined(__CUDA_ARCH__)
  ::gemm::guard::noteMemoryChange();
#endif
  return Result;
}

#endif // __cplusplus
#endif // GEMM_GUARD_H

// The whole-translation-unit way: every later call of the family goes
// through the checks. Outside the include guard so that a second inclusion
// after GEMM_GUARD_NO_MACROS was undefined still installs them.
#if defined(__cplusplus) && __cplusplus >= 201703L &&                          \
    !defined(GEMM_GUARD_NO_MACROS) &&                 \
    !defined(GEMM_GUARD_MACROS_INSTALLED)
#define GEMM_GUARD_MACROS_INSTALLED
// The runtime's C++ overloads (cudaMalloc(T **, size_t), ...) are declared
// before the allocation macros exist.
#include <cuda_runtime.h>
#include "gemm/guard_macros.inc"
#endif
