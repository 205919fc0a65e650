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
//     B and C are checked too.
//   * explicit: define GEMM_GUARD_NO_MACROS before including, then call
//     gemm::guard::cublasGemmEx(...) (and every other name of the family)
//     with the same arguments as cuBLAS's function.
//
// Policy, from the environment (read once):
//   GEMM_GUARD=error (default) report, return CUBLAS_STATUS_INVALID_VALUE
//                              without calling cuBLAS
//              abort            report, then abort()
//              warn             report, then call cuBLAS anyway
//              off              call cuBLAS, check nothing
//   GEMM_GUARD_DEPTH=values     the rules on argument values only
//                    pointers   (default) also pointer mode, residency,
//                               alignment and allocation extents
//   GEMM_GUARD_LOG=<file>       append one JSON object per failed check
#ifndef GEMM_GUARD_H
#define GEMM_GUARD_H

#include "gemm/rules.h"

#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime_api.h>
#include <dlfcn.h>

#include <atomic>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <set>
#include <string>
#include <sys/file.h>
#include <tuple>
#include <type_traits>
#include <unistd.h>
#include <utility>
#include <vector>

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

namespace detail {

inline std::atomic<Handler> &handlerSlot() {
  static std::atomic<Handler> Slot{nullptr};
  return Slot;
}

inline std::atomic<PointerInspector> &pointerInspectorSlot() {
  static std::atomic<PointerInspector> Slot{nullptr};
  return Slot;
}

inline std::atomic<PointerModeInspector> &modeInspectorSlot() {
  static std::atomic<PointerModeInspector> Slot{nullptr};
  return Slot;
}

inline void complain(const std::string &Line) {
  std::fputs(("gemm-guard: " + Line + "\n").c_str(), stderr);
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

} // namespace detail

inline Policy policy() {
  static const Policy P = detail::parseEnv<Policy>(
      "GEMM_GUARD", Policy::Error,
      {{"error", Policy::Error}, {"abort", Policy::Abort},
       {"warn", Policy::Warn}, {"off", Policy::Off}});
  return P;
}

inline Depth depth() {
  static const Depth D = detail::parseEnv<Depth>(
      "GEMM_GUARD_DEPTH", Depth::Pointers,
      {{"values", Depth::Values}, {"pointers", Depth::Pointers}});
  return D;
}

inline void setHandler(Handler H) { detail::handlerSlot().store(H); }

// Replace how pointers and pointer modes are inspected (nullptr restores
// the CUDA queries).
inline void setPointerInspector(PointerInspector I) {
  detail::pointerInspectorSlot().store(I);
}
inline void setPointerModeInspector(PointerModeInspector I) {
  detail::modeInspectorSlot().store(I);
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

// --- run-time facts -----------------------------------------------------------

using AddressRangeFn = int (*)(unsigned long long *, size_t *,
                               unsigned long long);

// cuMemGetAddressRange, reached through the runtime so that nothing links
// libcuda; null where the driver does not provide it.
inline AddressRangeFn addressRange() {
  static const AddressRangeFn Fn = [] {
    void *Sym = nullptr;
    cudaDriverEntryPointQueryResult Found = cudaDriverEntryPointSymbolNotFound;
    const cudaError_t Before = cudaPeekAtLastError();
    if (cudaGetDriverEntryPointByVersion("cuMemGetAddressRange", &Sym, 12000,
                                         cudaEnableDefault,
                                         &Found) != cudaSuccess ||
        Found != cudaDriverEntryPointSuccess)
      Sym = nullptr;
    if (Before == cudaSuccess)
      (void)cudaGetLastError(); // leave the caller's error state as it was
    return reinterpret_cast<AddressRangeFn>(Sym);
  }();
  return Fn;
}

// The CUDA runtime's view of a pointer, with the extent of the device
// allocation that holds it.
inline PointerInfo cudaPointerInfo(const void *P) {
  PointerInfo Info;
  cudaPointerAttributes Attr;
  const cudaError_t Before = cudaPeekAtLastError();
  const cudaError_t Err = cudaPointerGetAttributes(&Attr, P);
  if (Before == cudaSuccess && Err != cudaSuccess)
    (void)cudaGetLastError(); // leave the caller's error state as it was
  if (Err != cudaSuccess)
    return Info;
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
  const PointerInspector Custom = pointerInspectorSlot().load();
  const PointerInfo Info = Custom ? Custom(P) : cudaPointerInfo(P);
  Facts.Where = Info.Where;
  if (Info.AllocEnd > Info.AllocBegin) {
    Facts.AllocBegin = rules::Value::of(static_cast<int64_t>(Info.AllocBegin));
    Facts.AllocEnd = rules::Value::of(static_cast<int64_t>(Info.AllocEnd));
  }
}

// --- collecting the arguments ---------------------------------------------------

struct Collected {
  rules::CallValues Values;
  // Every argument in order, for the log: a number or an address. A fixed
  // array: the check path allocates nothing on the heap.
  std::pair<int64_t, bool /*is pointer*/> Raw[rules::MaxArgs];
  unsigned NumRaw = 0;
};

template <class T> bool isZero(const void *P) {
  if constexpr (std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16>)
    return static_cast<float>(*static_cast<const T *>(P)) == 0.0f;
  else if constexpr (std::is_same_v<T, cuComplex> ||
                     std::is_same_v<T, cuDoubleComplex>) {
    const T &V = *static_cast<const T *>(P);
    return V.x == 0 && V.y == 0;
  } else
    return *static_cast<const T *>(P) == T{};
}

template <class A>
void collectOne(const rules::ApiInfo &Api, unsigned Pos, rules::Role R,
                const A &Arg, Collected &Out) {
  using rules::Role;
  using rules::Value;
  if constexpr (std::is_integral_v<A> || std::is_enum_v<A>) {
    const int64_t V = static_cast<int64_t>(Arg);
    Out.Raw[Pos] = {V, false};
    if (R != Role::Count)
      Out.Values[R] = Value::of(V);
    // A cudaDataType compute type selects cublas_api.h's C++ overload.
    if (R == Role::ComputeType && std::is_same_v<A, cudaDataType>)
      Out.Values.LegacyComputeType = Out.Values.ComputeTypeIsDataType = true;
  } else if constexpr (std::is_null_pointer_v<A>) {
    Out.Raw[Pos] = {0, true};
    if (R != Role::Count && R != Role::Handle)
      Out.Values.pointer(R).Address = Value::of(0);
  } else if constexpr (std::is_pointer_v<A>) {
    Out.Raw[Pos] = {static_cast<int64_t>(reinterpret_cast<uintptr_t>(Arg)), true};
    if (R == Role::Count || R == Role::Handle)
      return;
    using Plain = ElementOf<A>;
    // Host arrays of the grouped forms: one entry per group.
    if constexpr (std::is_integral_v<Plain> || std::is_enum_v<Plain>) {
      if (Api.isPerGroup(R)) {
        const Value Count = Out.Values[Role::GroupCount];
        if (Arg && Count.Known && Count.V > 0 && Count.V <= 65536)
          for (int64_t G = 0; G < Count.V; ++G)
            Out.Values.group(R).push_back(
                Value::of(static_cast<int64_t>(Arg[G])));
        return;
      }
    }
    {
      rules::PointerFacts &Facts = Out.Values.pointer(R);
      if (const int64_t Type = dataTypeOf<Plain>(); Type >= 0)
        Facts.PointeeType = Value::of(Type);
      if constexpr (IsPointerArray<A>) {
        Facts.Address = Value::of(static_cast<int64_t>(
            reinterpret_cast<uintptr_t>(Arg)));
        return; // an array of pointers; its elements live on the device
      }
      describePointer(static_cast<const void *>(Arg), Facts);
      // *beta on the host decides whether C is read; read it only where
      // cuBLAS itself would, and only for a type we know.
      if constexpr (dataTypeOf<Plain>() >= 0) {
        if (R == Role::Beta && Arg &&
            (Facts.Where == rules::Residency::Pageable ||
             Facts.Where == rules::Residency::PinnedHost))
          Out.Values.BetaIsZero = Value::of(isZero<Plain>(Arg) ? 1 : 0);
      }
    }
  } else {
    static_assert(Always<A>::value, "unexpected argument type");
  }
}

template <class A>
constexpr bool IsPointerLike = std::is_pointer_v<A> || std::is_null_pointer_v<A>;

inline rules::Role roleAt(const rules::ApiInfo &Api, unsigned Pos) {
  for (unsigned I = 0; I < rules::RoleCount; ++I)
    if (Api.Position[I] == static_cast<int>(Pos))
      return static_cast<rules::Role>(I);
  return rules::Role::Count;
}

template <class Tuple, size_t... I>
void collectAll(const rules::ApiInfo &Api, const Tuple &Args, Collected &Out,
                std::index_sequence<I...>) {
  Out.NumRaw = sizeof...(I);
  // Scalars first: the grouped forms need group_count to read their arrays.
  (..., [&] {
    using A = std::decay_t<std::tuple_element_t<I, Tuple>>;
    if constexpr (!IsPointerLike<A>)
      collectOne(Api, I, roleAt(Api, I), std::get<I>(Args), Out);
  }());
  (..., [&] {
    using A = std::decay_t<std::tuple_element_t<I, Tuple>>;
    if constexpr (IsPointerLike<A>)
      collectOne(Api, I, roleAt(Api, I), std::get<I>(Args), Out);
  }());
}

inline void collectPointerMode(cublasHandle_t H, Collected &Out) {
  if (depth() == Depth::Values)
    return;
  cublasPointerMode_t Mode;
  const PointerModeInspector Custom = modeInspectorSlot().load();
  if (Custom ? Custom(H, &Mode)
             : cublasGetPointerMode(H, &Mode) == CUBLAS_STATUS_SUCCESS)
    Out.Values.PointerMode = rules::Value::of(static_cast<int64_t>(Mode));
}

// CUBLAS_VERSION of the library actually loaded (not of the headers).
inline int64_t libraryVersion() {
  static const int64_t Version = [] {
    int Major = 0, Minor = 0, Patch = 0;
    if (cublasGetProperty(MAJOR_VERSION, &Major) != CUBLAS_STATUS_SUCCESS ||
        cublasGetProperty(MINOR_VERSION, &Minor) != CUBLAS_STATUS_SUCCESS ||
        cublasGetProperty(PATCH_LEVEL, &Patch) != CUBLAS_STATUS_SUCCESS)
      return int64_t{0};
    return int64_t{Major} * 10000 + Minor * 100 + Patch;
  }();
  return Version;
}

// "file:line", or for a return address "libfoo.so (symbol+0x1c)".
inline std::string describeSite(const CallSite &Site) {
  if (!Site.Caller)
    return std::string(Site.File) + ":" + std::to_string(Site.Line);
  Dl_info Info;
  if (!dladdr(Site.Caller, &Info) || !Info.dli_fname)
    return "an unknown caller";
  const char *Slash = std::strrchr(Info.dli_fname, '/');
  std::string Where = Slash ? Slash + 1 : Info.dli_fname;
  if (Info.dli_sname) {
    char Offset[32];
    std::snprintf(Offset, sizeof(Offset), "+0x%llx",
                  static_cast<unsigned long long>(
                      static_cast<const char *>(Site.Caller) -
                      static_cast<const char *>(Info.dli_saddr)));
    Where += std::string(" (") + Info.dli_sname + Offset + ")";
  }
  return Where;
}

// --- reporting --------------------------------------------------------------------

inline std::string jsonString(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    switch (C) {
    case '"': Out += "\\\""; break;
    case '\\': Out += "\\\\"; break;
    case '\n': Out += "\\n"; break;
    case '\t': Out += "\\t"; break;
    default:
      if (static_cast<unsigned char>(C) < 0x20) {
        char Buf[8];
        std::snprintf(Buf, sizeof(Buf), "\\u%04x", C);
        Out += Buf;
      } else {
        Out += C;
      }
    }
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
  const rules::Role R = roleAt(Api, Pos);
  return R == rules::Role::Count ? "arg" + std::to_string(Pos)
                                 : rules::paramName(Api, R);
}

// One JSON object per line: the call, every argument, the facts gathered
// and the findings. A single write() of an O_APPEND file under flock keeps
// records whole when threads and processes share the log.
inline void writeLog(const rules::ApiInfo &Api, const Report &R,
                     const Collected &C, const char *Outcome) {
  static const int Fd = [] {
    const char *Path = std::getenv("GEMM_GUARD_LOG");
    if (!Path || !*Path)
      return -1;
    const int F = ::open(Path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (F < 0)
      complain(std::string("cannot open GEMM_GUARD_LOG='") + Path + "': " +
               std::strerror(errno) + "; not logging");
    return F;
  }();
  if (Fd < 0)
    return;
  std::string J = "{\"guard\":\"gemm-guard\",\"version\":1,\"function\":" +
                  jsonString(R.Function) + ",\"site\":" + jsonString(R.Where) +
                  ",\"pid\":" + std::to_string(::getpid()) +
                  ",\"outcome\":" + jsonString(Outcome) + ",\"args\":[";
  for (unsigned I = 0; I < C.NumRaw; ++I) {
    const rules::Role Role = roleAt(Api, static_cast<unsigned>(I));
    J += std::string(I ? "," : "") + "{\"name\":" +
         jsonString(roleNameAt(Api, static_cast<unsigned>(I))) + ",\"value\":" +
         (C.Raw[I].second ? jsonString(hexText(C.Raw[I].first))
                          : std::to_string(C.Raw[I].first));
    if (Role != rules::Role::Count && !C.Values.group(Role).empty()) {
      J += ",\"elements\":[";
      const auto &G = C.Values.group(Role);
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
         ",\"message\":" + jsonString(F.Message) + "}";
  }
  J += "]}\n";
  ::flock(Fd, LOCK_EX);
  ssize_t Written = ::write(Fd, J.data(), J.size());
  (void)Written;
  ::flock(Fd, LOCK_UN);
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

// cuBLAS failed although the rules found nothing: say so once per call site
// and status (rulebook 1.2: mixed installs give INVALID_VALUE too).
inline void reportValidButFailed(const char *Function, const CallSite &Site,
                                 cublasStatus_t Status) {
  static std::mutex Lock;
  static std::set<std::tuple<const void *, int, int>> Seen;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    const void *Key = Site.Caller ? Site.Caller : Site.File;
    if (!Seen.emplace(Key, Site.Line, static_cast<int>(Status)).second)
      return;
  }
  complain(describeSite(Site) + ": " + Function +
           " returned " + statusName(Status) +
           " although its arguments are valid per the gemm-tidy rulebook; "
           "usual causes: no cublasCreate on this thread's device, mixed "
           "cuBLAS/CUDA installs, a GPU architecture the library does not "
           "support, or an undocumented kernel-coverage gap");
}

// Checks one call and applies the policy. Tag names the function and calls
// the real one.
template <class Tag, class... A>
cublasStatus_t invoke(const CallSite &Site, A... Args) {
  const Policy P = policy();
  if (P == Policy::Off)
    return Tag::call(Args...);
  static const rules::ApiInfo *const Api = rules::findApi(Tag::Name);
  Collected C;
  C.Values.LibraryVersion = libraryVersion();
  const auto Tuple = std::forward_as_tuple(Args...);
  collectAll(*Api, Tuple, C, std::index_sequence_for<A...>{});
  collectPointerMode(std::get<0>(Tuple), C);

  std::vector<rules::Finding> Findings = rules::checkCall(*Api, C.Values);
  if (Findings.empty()) {
    const cublasStatus_t Status = Tag::call(Args...);
    if (Status != CUBLAS_STATUS_SUCCESS)
      reportValidButFailed(Tag::Name, Site, Status);
    return Status;
  }
  const Report R{Tag::Name, describeSite(Site), std::move(Findings)};
  if (Handler H = handlerSlot().load())
    H(R);
  else
    printReport(R);
  writeLog(*Api, R, C,
           P == Policy::Warn ? "called" : P == Policy::Abort ? "aborted"
                                                             : "rejected");
  if (P == Policy::Abort)
    std::abort();
  if (P == Policy::Warn)
    return Tag::call(Args...);
  return CUBLAS_STATUS_INVALID_VALUE;
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

} // namespace guard
} // namespace gemm

#endif // GEMM_GUARD_H

// The whole-translation-unit way: every later call of the family goes
// through the checks. Outside the include guard so that a second inclusion
// after GEMM_GUARD_NO_MACROS was undefined still installs them.
#if !defined(GEMM_GUARD_NO_MACROS) && !defined(GEMM_GUARD_MACROS_INSTALLED)
#define GEMM_GUARD_MACROS_INSTALLED
#include "gemm/guard_macros.inc"
#endif
