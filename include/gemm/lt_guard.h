// gemm/lt_guard.h - the gemm-tidy runtime guard for cuBLASLt.
//
// Follows every cuBLASLt matmul descriptor, matrix layout and matmul
// preference from Create (or Init) through SetAttribute to Destroy in a
// shadow state, checks each attribute as it is set, and checks the whole
// setup at cublasLtMatmulAlgoGetHeuristic and cublasLtMatmul with the rules
// core (gemm/rules/lt_check.h) and what only a run knows: the device's
// compute capability, where alpha, beta, the matrices, bias, scales and the
// workspace live and how they are aligned, and what the heuristic assumed.
//
// Same routes, policies (GEMM_GUARD, GEMM_GUARD_DEPTH), log (GEMM_GUARD_LOG)
// and message format as the GemmEx guard (gemm/guard.h, docs/cublaslt.md):
//   * whole translation unit: `-include gemm/lt_guard.h` (it includes
//     gemm/guard.h, so the cublasGemmEx family is guarded too);
//   * explicit: define GEMM_GUARD_NO_MACROS and call
//     gemm::guard::lt::cublasLtMatmul(...) and the other names below;
//   * unmodified binaries: libgemm_guard_preload.so.
//
// Shadow state: the GemmEx guard's table of objects followed by address
// (guard::detail::AddressTable: atomics only, no lock on any path, nothing
// to reset after fork), marked destroyed on Destroy (a later use is
// reported); re-creating an object at the same address reuses its slot.
// Objects the guard never saw created (or more live objects than slots)
// have unknown attributes, so the rules stay silent on them.
//
// A repeated valid matmul or heuristic query is answered by the GemmEx
// guard's verdict cache, keyed on the objects' generations (moved by every
// change the guard sees) among everything else the verdict depends on.
#ifndef GEMM_LT_GUARD_H
#define GEMM_LT_GUARD_H

#include "gemm/guard.h"
#if __cplusplus >= 201703L // (before C++17, gemm/guard.h has said why not)
#include "gemm/rules/lt_check.h"

#include <cublasLt.h>

#include <atomic>
#include <cstring>

namespace gemm {
namespace guard {
namespace lt {

namespace rl = rules::lt;

// What a check of one Lt call found: a Report of the one kind both
// libraries' checks give, as its own type so that an LtHandler is installed
// apart from the cuBLAS Handler.
struct LtReport : Report {};
using LtHandler = void (*)(const LtReport &);
// What the guard asks about the current device; -1 where not known (no
// GPU). Tests and tools may install their own inspector.
struct DeviceFacts {
  int ComputeCapability = -1; // major * 10 + minor
  int PageableMemoryAccess = -1; // 1: the GPU reads pageable host memory (HMM, ATS)
};
using DeviceInspector = DeviceFacts (*)();

namespace detail {

using guard::detail::hookSlot;

// --- shadow state -------------------------------------------------------------

struct Shadow {
  std::atomic<uintptr_t> Key{0};
  std::atomic<uint64_t> KnownMask{0}; // bit Id: Attr[Id] is known
  std::atomic<int64_t> Attr[rl::MaxAttributes] = {};
  // Moved on by every change the guard sees (Create, Init, SetAttribute,
  // Destroy) to a value no object had before: the verdict cache keys on it.
  std::atomic<uint64_t> Generation{0};
};
using ShadowTable = guard::detail::AddressTable<Shadow, 2048>;

inline ShadowTable &table() {
  static ShadowTable Table;
  return Table;
}

inline Shadow *find(const void *Object) { return table().find(Object); }
inline bool destroyed(const void *Object) { return table().destroyed(Object); }

// After the change it stands for.
inline void nextGeneration(Shadow &S) {
  static std::atomic<uint64_t> Counter{0};
  S.Generation.store(Counter.fetch_add(1, std::memory_order_relaxed) + 1,
                     std::memory_order_release);
}

// The state Object is in, as one word: its slot's generation (live or
// destroyed), or 0 for an object the guard does not follow. Equal words
// mean equal attributes and an equal destroyed flag.
inline uint64_t generationOf(const void *Object) {
  const Shadow *S = table().findEither(Object);
  return S ? S->Generation.load(std::memory_order_acquire) : 0;
}

inline void drop(const void *Object) {
  if (Shadow *S = find(Object)) {
    S->KnownMask.store(0, std::memory_order_release);
    nextGeneration(*S);
    ShadowTable::markDestroyed(*S, Object);
  }
}

inline void store(Shadow &S, const rl::ObjectState &State) {
  uint64_t Mask = 0;
  for (int64_t Id = 0; Id < rl::MaxAttributes; ++Id)
    if (State[Id].Known) {
      S.Attr[Id].store(State[Id].V, std::memory_order_relaxed);
      Mask |= uint64_t{1} << Id;
    }
  S.KnownMask.store(Mask, std::memory_order_release);
  nextGeneration(S);
}

inline void record(const void *Object, const rl::ObjectState &State) {
  if (Shadow *S = table().claim(Object))
    store(*S, State);
}

// The object a successful Create wrote to *Out, read without trusting Out.
template <class H> H createdObject(H *Out) {
  H Object = nullptr;
  guard::detail::readHost(Out, &Object, sizeof(Object));
  return Object;
}

// A successful SetAttribute; a value the guard could not read leaves the
// attribute unknown.
inline void recordAttribute(const void *Object, int64_t Id, rules::Value V) {
  if (Id < 0 || Id >= rl::MaxAttributes)
    return;
  if (Shadow *S = find(Object)) {
    if (V.Known) {
      S->Attr[Id].store(V.V, std::memory_order_relaxed);
      S->KnownMask.fetch_or(uint64_t{1} << Id, std::memory_order_release);
    } else {
      S->KnownMask.fetch_and(~(uint64_t{1} << Id), std::memory_order_release);
    }
    nextGeneration(*S);
  }
}

// The attributes of Object as far as the guard saw them set; every value
// unknown for an untracked object.
inline rl::ObjectState stateOf(const void *Object) {
  rl::ObjectState State;
  if (const Shadow *S = find(Object)) {
    const uint64_t Mask = S->KnownMask.load(std::memory_order_acquire);
    for (int64_t Id = 0; Id < rl::MaxAttributes; ++Id)
      if (Mask >> Id & 1)
        State[Id] = rules::Value::of(S->Attr[Id].load(std::memory_order_relaxed));
  }
  return State;
}

// --- what the heuristic chose (LT-WS-SIZE, LT-ALIGN-PREF, LT-EPI-ALIGN) ----------

struct AlgoRecord {
  std::atomic<uint64_t> Key{0};
  std::atomic<int64_t> Workspace{0};
  std::atomic<int64_t> MinAlignment[4] = {};
  std::atomic<int64_t> BiasAlignment{0};
};
constexpr unsigned AlgoSlots = 256;

inline AlgoRecord *algoTable() {
  static AlgoRecord Table[AlgoSlots];
  return Table;
}

// Moved on after every record written: cached matmul verdicts that looked
// the records up hold only within one.
inline std::atomic<uint64_t> &algoEpoch() {
  static std::atomic<uint64_t> Epoch{0};
  return Epoch;
}

// FNV-1a over words.
inline uint64_t mixWords(uint64_t H, const uint64_t *W, unsigned N) {
  for (unsigned I = 0; I < N; ++I)
    H = (H ^ W[I]) * 1099511628211ull;
  return H;
}
inline uint64_t algoHash(const cublasLtMatmulAlgo_t &Algo) {
  return mixWords(1469598103934665603ull, Algo.data, 8);
}

// One key for an algo's contents and the descriptors it was chosen for;
// never 0, the empty key.
inline uint64_t algoKey(const cublasLtMatmulAlgo_t &Algo,
                        const void *const (&Objects)[5]) {
  uint64_t Addresses[5];
  for (unsigned I = 0; I < 5; ++I)
    Addresses[I] = reinterpret_cast<uintptr_t>(Objects[I]);
  return mixWords(algoHash(Algo), Addresses, 5) | 1;
}

inline int64_t alignmentOf(uintptr_t Address) {
  return Address ? static_cast<int64_t>(Address & (~Address + 1)) : 0;
}

// Records what an algo needs on the descriptors Objects (Op, A, B, C, D):
// its workspace, the alignments the preference Pref promised (unknown
// without one) and the bias alignment it was chosen for.
inline void recordAlgo(const cublasLtMatmulAlgo_t &Algo,
                       const void *const (&Objects)[5], int64_t Workspace,
                       const rl::ObjectState *Pref) {
  const rules::Value Bias = stateOf(Objects[0])[rl::desc::BIAS_POINTER];
  const uint64_t Key = algoKey(Algo, Objects);
  int64_t Align[4];
  for (unsigned M = 0; M < 4; ++M) {
    const rules::Value A =
        Pref ? (*Pref)[rl::pref::MIN_ALIGNMENT_A_BYTES + M] : rules::Value::unknown();
    Align[M] = A.Known ? A.V : 0;
  }
  const int64_t BiasAlign = Bias.Known && Bias.V
                                ? alignmentOf(static_cast<uintptr_t>(Bias.V))
                                : 0;
  AlgoRecord &R = algoTable()[Key % AlgoSlots];
  // The same record again (a heuristic asked on every call) keeps the
  // epoch, and so the cached verdicts.
  bool Same = R.Key.load(std::memory_order_acquire) == Key &&
              R.Workspace.load() == Workspace && R.BiasAlignment.load() == BiasAlign;
  for (unsigned M = 0; M < 4; ++M)
    Same &= R.MinAlignment[M].load() == Align[M];
  if (Same && R.Key.load(std::memory_order_acquire) == Key)
    return;
  R.Key.store(0, std::memory_order_release); // invalid while rewritten
  R.Workspace.store(Workspace);
  for (unsigned M = 0; M < 4; ++M)
    R.MinAlignment[M].store(Align[M]);
  R.BiasAlignment.store(BiasAlign);
  R.Key.store(Key, std::memory_order_release);
  algoEpoch().fetch_add(1, std::memory_order_acq_rel);
}

// --- run-time facts --------------------------------------------------------------

inline DeviceFacts deviceFacts() {
  if (DeviceInspector Custom = hookSlot<DeviceInspector>().load())
    return Custom();
  // Per device: compute capability * 2 + pageable access, once known.
  static std::atomic<int> Cache[16] = {};
  auto GetDevice = GEMM_GUARD_FUNCTION(Cudart, cudaGetDevice);
  auto GetAttribute = GEMM_GUARD_FUNCTION(Cudart, cudaDeviceGetAttribute);
  if (!GetDevice || !GetAttribute)
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
  const int64_t Known = Version.load(std::memory_order_acquire);
  if (Known >= 0)
    return Known;
  auto Get = GEMM_GUARD_FUNCTION(CublasLt, cublasLtGetVersion);
  if (!Get)
    return 0;
  const int64_t V = static_cast<int64_t>(Get());
  Version.store(V, std::memory_order_release);
  return V;
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

// --- reporting ----------------------------------------------------------------------

inline std::string subject(const rl::Finding &F) { return rl::subjectName(F.About); }

// One JSON object per line, as the GemmEx guard writes them (one writer,
// guard/report.h), with the Lt rule ids and the objects' attributes the
// findings name.
inline void writeLog(const LtReport &R, const char *Outcome,
                     std::initializer_list<std::pair<const char *, int64_t>> Args) {
  if (guard::detail::logFd() < 0)
    return;
  using guard::detail::jsonString;
  std::string Rendered;
  bool First = true;
  for (const auto &A : Args) {
    Rendered += std::string(First ? "" : ",") + "{\"name\":" + jsonString(A.first) +
                ",\"value\":" + std::to_string(A.second) + "}";
    First = false;
  }
  guard::detail::writeRecord(R, Outcome, Rendered, "null", subject);
}

// The findings decide: true to call cuBLASLt, false to return
// CUBLAS_STATUS_INVALID_VALUE. Findings GEMM_GUARD_IGNORE names are dropped;
// warnings (advisory: cuBLASLt runs the call as asked) are reported and
// never block. *Clean, where given, says whether none was left.
inline bool decide(const char *Function, const CallSite &Site,
                   std::vector<rl::Finding> Found,
                   std::initializer_list<std::pair<const char *, int64_t>> Args = {},
                   bool *Clean = nullptr) {
  std::vector<rl::Finding> Findings;
  for (rl::Finding &F : Found)
    if (!guard::detail::isIgnored(F.Cat, F.RuleId, Site))
      Findings.push_back(std::move(F));
  if (Clean)
    *Clean = Findings.empty();
  if (Findings.empty())
    return true;
  const bool Error = rl::hasError(Findings);
  const Policy P = policy();
  LtReport R;
  R.Function = Function;
  R.Where = guard::detail::describeSite(Site);
  R.Findings = std::move(Findings);
  if (LtHandler H = hookSlot<LtHandler>().load())
    H(R);
  else
    guard::detail::printReport(R);
  writeLog(R,
           !Error || P == Policy::Warn ? "called"
           : P == Policy::Abort        ? "aborted"
                                       : "rejected",
           Args);
  if (Error && P == Policy::Abort)
    std::abort();
  return !Error || P == Policy::Warn;
}

// cuBLASLt failed although the rules found nothing: said once per call site
// and status, with how to make cuBLASLt say why.
inline void reportValidButFailed(const char *Function, const CallSite &Site,
                                 cublasStatus_t Status) {
  guard::detail::reportValidButFailed(
      Function, Site, Status,
      "rerun with CUBLASLT_LOG_LEVEL=1 (or CUBLASLT_LOG_MASK) for cuBLASLt's "
      "reason");
}

inline bool checking() { return policy() != Policy::Off; }
inline bool pointerDepth() { return depth() == Depth::Pointers; }

// --- the static type of a SetAttribute buffer (header route) -----------------------

template <class T> void describeBuffer(rl::AttributeCall &C) {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_void_v<U> || std::is_same_v<U, char> ||
                std::is_same_v<U, unsigned char> ||
                std::is_same_v<U, signed char>) {
    // raw bytes (memcpy-style buffers, int8_t for FAST_ACCUM): unknown
  } else {
    C.PointeeSize = rules::Value::of(sizeof(U));
    C.PointeeIsPointer = rules::Value::of(std::is_pointer_v<U> ? 1 : 0);
    if constexpr (std::is_arithmetic_v<U> || std::is_enum_v<U>)
      C.PointeeIsFloat = rules::Value::of(std::is_floating_point_v<U> ? 1 : 0);
  }
}

// The value an attribute buffer holds, read as the attribute's type; unknown
// where the buffer cannot be read (never faults).
inline rules::Value readAttribute(const void *Buffer, rl::AttrType Type) {
  unsigned char Buf[8];
  const int64_t Size = rl::attrTypeSize(Type);
  if (Size <= 0 || Size > 8 ||
      !guard::detail::readHost(Buffer, Buf, static_cast<size_t>(Size)))
    return rules::Value::unknown();
  switch (Type) {
  case rl::AttrType::Int8: { int8_t V; std::memcpy(&V, Buf, 1); return rules::Value::of(V); }
  case rl::AttrType::UInt16: { uint16_t V; std::memcpy(&V, Buf, 2); return rules::Value::of(V); }
  case rl::AttrType::Int32: { int32_t V; std::memcpy(&V, Buf, 4); return rules::Value::of(V); }
  case rl::AttrType::UInt32: { uint32_t V; std::memcpy(&V, Buf, 4); return rules::Value::of(V); }
  case rl::AttrType::Float: { uint32_t V; std::memcpy(&V, Buf, 4); return rules::Value::of(V); }
  case rl::AttrType::Int64:
  case rl::AttrType::UInt64:
  case rl::AttrType::Pointer: { int64_t V; std::memcpy(&V, Buf, 8); return rules::Value::of(V); }
  }
  return rules::Value::unknown();
}

// --- the guarded entry points ---------------------------------------------------------
// Each takes the caller's site and the real function; the routes (macros,
// explicit calls, the preload library) supply both.

template <class Fn>
cublasStatus_t create(const CallSite &Site, Fn Real, cublasLtHandle_t *Handle) {
  if (checking() && !Handle) {
    rl::Finding F;
    F.Cat = rules::Category::InvalidEnum;
    F.RuleId = "LT-OBJ-CREATE";
    F.About = {rl::Arg::Handle, -1};
    F.Message = "'lightHandle' must not be NULL";
    if (!decide("cublasLtCreate", Site, {F}))
      return CUBLAS_STATUS_INVALID_VALUE;
  }
  return Real(Handle);
}

template <class Fn>
cublasStatus_t destroyHandle(const CallSite &, Fn Real, cublasLtHandle_t Handle) {
  return Real(Handle);
}

// The object kinds, for the entry points they share: the function names,
// and whether the guard follows the object (an algo is the caller's own
// structure, never created nor destroyed).
template <rl::Object O> struct Kind {
  static constexpr bool Tracked = true;
};
#define GEMM_LT_KIND(KIND, OBJ)                                                \
  template <> struct Kind<rl::Object::KIND> {                                  \
    static constexpr bool Tracked = true;                                      \
    static constexpr const char *Set = "cublasLt" #OBJ "SetAttribute";         \
    static constexpr const char *Get = "cublasLt" #OBJ "GetAttribute";         \
  };
GEMM_LT_KIND(MatmulDesc, MatmulDesc)
GEMM_LT_KIND(MatrixLayout, MatrixLayout)
GEMM_LT_KIND(Preference, MatmulPreference)
GEMM_LT_KIND(TransformDesc, MatrixTransformDesc)
GEMM_LT_KIND(EmulationDesc, EmulationDesc)
#undef GEMM_LT_KIND
template <> struct Kind<rl::Object::AlgoConfig> {
  static constexpr bool Tracked = false;
  static constexpr const char *Set = "cublasLtMatmulAlgoConfigSetAttribute";
  static constexpr const char *Get = "cublasLtMatmulAlgoConfigGetAttribute";
};

// The Create and Init forms: the value rules on the attributes the
// arguments give (State), the real call, then the shadow of the object it
// created or initialised (Created(), read only after success).
template <class CallFn, class ObjectFn>
cublasStatus_t createObject(const CallSite &Site, const char *Name, rl::Object O,
                            const rl::ObjectState &State,
                            std::initializer_list<std::pair<const char *, int64_t>> Args,
                            CallFn Call, ObjectFn Created) {
  if (!decide(Name, Site, rl::checkCreate(O, State), Args))
    return CUBLAS_STATUS_INVALID_VALUE;
  const cublasStatus_t Status = Call();
  if (Status == CUBLAS_STATUS_SUCCESS)
    record(Created(), State);
  return Status;
}

template <class Fn>
cublasStatus_t matmulDescInit(const CallSite &Site, const char *Name, Fn Real,
                              cublasLtMatmulDesc_t Desc, size_t Size,
                              cublasComputeType_t Compute, cudaDataType_t Scale) {
  if (!checking())
    return Real(Desc, Size, Compute, Scale);
  return createObject(
      Site, Name, rl::Object::MatmulDesc,
      rl::matmulDesc(rules::Value::of(Compute), rules::Value::of(Scale)),
      {{"computeType", Compute}, {"scaleType", Scale}},
      [&] { return Real(Desc, Size, Compute, Scale); }, [&] { return Desc; });
}

template <class Fn>
cublasStatus_t matmulDescCreate(const CallSite &Site, Fn Real,
                                cublasLtMatmulDesc_t *Desc,
                                cublasComputeType_t Compute, cudaDataType_t Scale) {
  if (!checking() || !Desc)
    return Real(Desc, Compute, Scale);
  return createObject(
      Site, "cublasLtMatmulDescCreate", rl::Object::MatmulDesc,
      rl::matmulDesc(rules::Value::of(Compute), rules::Value::of(Scale)),
      {{"computeType", Compute}, {"scaleType", Scale}},
      [&] { return Real(Desc, Compute, Scale); },
      [&] { return createdObject(Desc); });
}

inline rl::ObjectState transformDescState(cudaDataType Scale) {
  const rules::Value Args[] = {rules::Value::of(Scale)};
  return rl::createdState(rl::Object::TransformDesc, Args, 1);
}

template <class Fn>
cublasStatus_t transformDescCreate(const CallSite &Site, Fn Real,
                                   cublasLtMatrixTransformDesc_t *Desc,
                                   cudaDataType Scale) {
  if (!checking() || !Desc)
    return Real(Desc, Scale);
  return createObject(Site, "cublasLtMatrixTransformDescCreate",
                      rl::Object::TransformDesc, transformDescState(Scale),
                      {{"scaleType", Scale}}, [&] { return Real(Desc, Scale); },
                      [&] { return createdObject(Desc); });
}

template <class Fn>
cublasStatus_t transformDescInit(const CallSite &Site, Fn Real,
                                 cublasLtMatrixTransformDesc_t Desc, size_t Size,
                                 cudaDataType Scale) {
  if (!checking())
    return Real(Desc, Size, Scale);
  return createObject(Site, "cublasLtMatrixTransformDescInit",
                      rl::Object::TransformDesc, transformDescState(Scale),
                      {{"scaleType", Scale}},
                      [&] { return Real(Desc, Size, Scale); }, [&] { return Desc; });
}

inline rl::ObjectState layoutState(cudaDataType Type, uint64_t Rows,
                                   uint64_t Cols, int64_t Ld) {
  return rl::matrixLayout(rules::Value::of(Type),
                          rules::Value::of(static_cast<int64_t>(Rows)),
                          rules::Value::of(static_cast<int64_t>(Cols)),
                          rules::Value::of(Ld));
}

template <class Fn>
cublasStatus_t matrixLayoutCreate(const CallSite &Site, Fn Real,
                                  cublasLtMatrixLayout_t *Layout,
                                  cudaDataType Type, uint64_t Rows,
                                  uint64_t Cols, int64_t Ld) {
  if (!checking() || !Layout)
    return Real(Layout, Type, Rows, Cols, Ld);
  return createObject(Site, "cublasLtMatrixLayoutCreate", rl::Object::MatrixLayout,
                      layoutState(Type, Rows, Cols, Ld),
                      {{"type", Type}, {"rows", static_cast<int64_t>(Rows)},
                       {"cols", static_cast<int64_t>(Cols)}, {"ld", Ld}},
                      [&] { return Real(Layout, Type, Rows, Cols, Ld); },
                      [&] { return createdObject(Layout); });
}

template <class Fn>
cublasStatus_t matrixLayoutInit(const CallSite &Site, const char *Name, Fn Real,
                                cublasLtMatrixLayout_t Layout, size_t Size,
                                cudaDataType Type, uint64_t Rows, uint64_t Cols,
                                int64_t Ld) {
  if (!checking())
    return Real(Layout, Size, Type, Rows, Cols, Ld);
  return createObject(Site, Name, rl::Object::MatrixLayout,
                      layoutState(Type, Rows, Cols, Ld), {},
                      [&] { return Real(Layout, Size, Type, Rows, Cols, Ld); },
                      [&] { return Layout; });
}

// The Create and Init forms without arguments (preference, emulation
// descriptor): every attribute at its default.
template <rl::Object O, class Fn, class H>
cublasStatus_t plainCreate(const CallSite &, Fn Real, H *Out) {
  const cublasStatus_t Status = Real(Out);
  if (checking() && Out && Status == CUBLAS_STATUS_SUCCESS)
    record(createdObject(Out), rl::initialState(O));
  return Status;
}

template <rl::Object O, class Fn, class H>
cublasStatus_t plainInit(const CallSite &, Fn Real, H Object, size_t Size) {
  const cublasStatus_t Status = Real(Object, Size);
  if (checking() && Status == CUBLAS_STATUS_SUCCESS)
    record(Object, rl::initialState(O));
  return Status;
}

template <class Fn, class H>
cublasStatus_t destroyObject(const CallSite &, Fn Real, H Object) {
  drop(Object); // before the address can be reused by another thread
  return Real(Object);
}

// The arguments every attribute call shares.
template <rl::Object O, class A>
rl::AttributeCall attributeCall(A Attr, const void *Buf, size_t Size) {
  rl::AttributeCall C;
  C.Obj = O;
  C.Owner = rl::ownerOf(O);
  C.Attr = rules::Value::of(static_cast<int64_t>(Attr));
  C.SizeInBytes = rules::Value::of(static_cast<int64_t>(Size));
  C.BufIsNull = rules::Value::of(Buf == nullptr);
  return C;
}

template <rl::Object O, class Fn, class H, class A, class B>
cublasStatus_t setAttribute(const CallSite &Site, Fn Real, H Object, A Attr,
                            const B *Buf, size_t Size) {
  if (!checking())
    return Real(Object, Attr, Buf, Size);
  rl::AttributeCall C = attributeCall<O>(Attr, Buf, Size);
  if (Kind<O>::Tracked)
    C.ObjectDestroyed = rules::Value::of(destroyed(Object));
  describeBuffer<B>(C);
  const rl::AttrInfo *Info = rl::findAttribute(O, C.Attr.V);
  if (Buf && Info && static_cast<int64_t>(Size) == rl::attrTypeSize(Info->Type))
    C.Contents = readAttribute(Buf, Info->Type);
  if (!decide(Kind<O>::Set, Site, rl::checkAttributeCall(C, false),
              {{"attr", C.Attr.V}, {"sizeInBytes", static_cast<int64_t>(Size)}}))
    return CUBLAS_STATUS_INVALID_VALUE;
  const cublasStatus_t Status = Real(Object, Attr, Buf, Size);
  if (Status == CUBLAS_STATUS_SUCCESS && Kind<O>::Tracked)
    recordAttribute(Object, C.Attr.V, C.Contents);
  return Status;
}

template <rl::Object O, class Fn, class H, class A>
cublasStatus_t getAttribute(const CallSite &Site, Fn Real, H Object, A Attr,
                            void *Buf, size_t Size, size_t *Written) {
  if (checking()) {
    rl::AttributeCall C = attributeCall<O>(Attr, Buf, Size);
    C.SizeWrittenIsNull = rules::Value::of(Written == nullptr);
    if (!decide(Kind<O>::Get, Site, rl::checkAttributeCall(C, true)))
      return CUBLAS_STATUS_INVALID_VALUE;
  }
  return Real(Object, Attr, Buf, Size, Written);
}

// The shared part of the heuristic and the matmul: the objects' states.
inline void collectObjects(rl::MatmulValues &V, cublasLtMatmulDesc_t Op,
                           cublasLtMatrixLayout_t Adesc,
                           cublasLtMatrixLayout_t Bdesc,
                           cublasLtMatrixLayout_t Cdesc,
                           cublasLtMatrixLayout_t Ddesc) {
  using rules::Value;
  V.Desc = stateOf(Op);
  const cublasLtMatrixLayout_t Layouts[4] = {Adesc, Bdesc, Cdesc ? Cdesc : Ddesc,
                                             Ddesc};
  for (unsigned M = 0; M < 4; ++M)
    V.Layout[M] = stateOf(Layouts[M]);
  auto Address = [](const void *P) {
    return Value::of(static_cast<int64_t>(reinterpret_cast<uintptr_t>(P)));
  };
  V.pointer(rl::Arg::ComputeDesc).Address = Address(Op);
  V.pointer(rl::Arg::Adesc).Address = Address(Adesc);
  V.pointer(rl::Arg::Bdesc).Address = Address(Bdesc);
  V.pointer(rl::Arg::Cdesc).Address = Address(Cdesc);
  V.pointer(rl::Arg::Ddesc).Address = Address(Ddesc);
  const void *const Objects[5] = {Op, Adesc, Bdesc, Cdesc, Ddesc};
  const rl::Arg Args[5] = {rl::Arg::ComputeDesc, rl::Arg::Adesc, rl::Arg::Bdesc,
                           rl::Arg::Cdesc, rl::Arg::Ddesc};
  for (unsigned I = 0; I < 5; ++I)
    V.destroyed(Args[I]) = Value::of(destroyed(Objects[I]));
  V.CdescIsNull = Value::of(Cdesc == nullptr);
  V.CdescIsDdesc = Value::of(Cdesc == nullptr || Cdesc == Ddesc);
  if (pointerDepth()) {
    const DeviceFacts Facts = deviceFacts();
    if (Facts.ComputeCapability > 0)
      V.ComputeCapability = Value::of(Facts.ComputeCapability);
    if (Facts.PageableMemoryAccess >= 0)
      V.PageableAccessible = Value::of(Facts.PageableMemoryAccess);
  }
}

// --- the verdict cache ---------------------------------------------------------------
// Clean verdicts of the heuristic and the matmul live in the GemmEx guard's
// cache (guard::detail::isCachedClean), keyed on everything they depend
// on: the entry point and the static types of its arguments, the library
// version, the device's facts (depth pointers), the memory epoch (where
// pointer facts were taken), the epoch of the heuristic's records (matmul),
// every argument the rules read, and the generation of every object passed
// (moved by each Create, Init, SetAttribute and Destroy the guard sees). The
// matmul's late words are *alpha, *beta and the algo's contents, where the
// checks read them: read again only where they were read under the same key,
// just before cuBLASLt reads them itself.

struct HeuristicTag {};
struct MatmulTag {};
constexpr unsigned KeyHead = 4, HeuristicKeyWords = KeyHead + 8 + 6,
                   MatmulKeyWords = KeyHead + 1 + 15 + 5;

inline uint64_t word(const void *P) { return reinterpret_cast<uintptr_t>(P); }

// The words every key starts with; false where the verdict must not be
// cached (pointer facts while allocations are not tracked).
inline bool keyHead(guard::detail::Key &K, const char *Instance,
                    bool PointerFacts) {
  const bool Pointers = pointerDepth();
  if (Pointers && PointerFacts &&
      !guard::detail::trackingLive().load(std::memory_order_acquire))
    return false;
  K.N = 0;
  K.W[K.N++] = word(Instance);
  K.W[K.N++] = static_cast<uint64_t>(libraryVersion());
  uint64_t Device = 0;
  if (Pointers) {
    const DeviceFacts F = deviceFacts();
    Device = (static_cast<uint64_t>(static_cast<uint32_t>(F.ComputeCapability)) << 8) |
             static_cast<uint8_t>(F.PageableMemoryAccess);
  }
  K.W[K.N++] = Device;
  K.W[K.N++] = Pointers && PointerFacts
                   ? guard::detail::memoryEpoch().load(std::memory_order_acquire)
                   : 0;
  return true;
}

inline bool heuristicKey(guard::detail::Key &K, cublasLtHandle_t Handle,
                         cublasLtMatmulDesc_t Op, cublasLtMatrixLayout_t Adesc,
                         cublasLtMatrixLayout_t Bdesc, cublasLtMatrixLayout_t Cdesc,
                         cublasLtMatrixLayout_t Ddesc,
                         cublasLtMatmulPreference_t Pref, int Requested) {
  if (!keyHead(K, &guard::detail::InstanceId<HeuristicTag>, false))
    return false;
  for (const void *P : {static_cast<const void *>(Handle),
                        static_cast<const void *>(Op), static_cast<const void *>(Adesc),
                        static_cast<const void *>(Bdesc), static_cast<const void *>(Cdesc),
                        static_cast<const void *>(Ddesc), static_cast<const void *>(Pref)})
    K.W[K.N++] = word(P);
  K.W[K.N++] = static_cast<uint64_t>(static_cast<int64_t>(Requested));
  for (const void *P : {static_cast<const void *>(Op), static_cast<const void *>(Adesc),
                        static_cast<const void *>(Bdesc),
                        static_cast<const void *>(Cdesc ? Cdesc : Ddesc),
                        static_cast<const void *>(Ddesc), static_cast<const void *>(Pref)})
    K.W[K.N++] = generationOf(P);
  K.Hash = guard::detail::keyHash<HeuristicKeyWords>(K.W);
  return true;
}

// The words of K that were true when the checks started are still true.
inline bool keyStill(const guard::detail::Key &Before,
                     const guard::detail::Key &Now) {
  return Before.N == Now.N &&
         std::memcmp(Before.W, Now.W, sizeof(uint64_t) * Now.N) == 0;
}

// The heuristic's checks in full, without the cache: the rules, the report
// and the policy; true to call cuBLASLt. A clean verdict is remembered
// under K where Cacheable.
inline bool checkHeuristicCall(const CallSite &Site, const guard::detail::Key &K,
                               bool Cacheable, cublasLtHandle_t Handle,
                               cublasLtMatmulDesc_t Op, cublasLtMatrixLayout_t Adesc,
                               cublasLtMatrixLayout_t Bdesc,
                               cublasLtMatrixLayout_t Cdesc,
                               cublasLtMatrixLayout_t Ddesc,
                               cublasLtMatmulPreference_t Pref, int Requested) {
  rl::MatmulValues V;
  V.Heuristic = true;
  V.LibraryVersion = libraryVersion();
  collectObjects(V, Op, Adesc, Bdesc, Cdesc, Ddesc);
  V.RequestedAlgoCount = rules::Value::of(Requested);
  V.destroyed(rl::Arg::Preference) = rules::Value::of(destroyed(Pref));
  bool Clean = false;
  if (!decide("cublasLtMatmulAlgoGetHeuristic", Site, rl::checkMatmul(V),
              {{"requestedAlgoCount", Requested}}, &Clean))
    return false;
  guard::detail::Key Now;
  if (Clean && Cacheable &&
      heuristicKey(Now, Handle, Op, Adesc, Bdesc, Cdesc, Ddesc, Pref, Requested) &&
      keyStill(K, Now))
    guard::detail::rememberClean(K);
  return true;
}

template <class Fn>
cublasStatus_t algoGetHeuristic(
    const CallSite &Site, Fn Real, cublasLtHandle_t Handle,
    cublasLtMatmulDesc_t Op, cublasLtMatrixLayout_t Adesc,
    cublasLtMatrixLayout_t Bdesc, cublasLtMatrixLayout_t Cdesc,
    cublasLtMatrixLayout_t Ddesc, cublasLtMatmulPreference_t Pref, int Requested,
    cublasLtMatmulHeuristicResult_t Results[], int *Returned) {
  if (!checking())
    return Real(Handle, Op, Adesc, Bdesc, Cdesc, Ddesc, Pref, Requested, Results,
                Returned);
  guard::detail::Key K;
  const bool Cacheable =
      heuristicKey(K, Handle, Op, Adesc, Bdesc, Cdesc, Ddesc, Pref, Requested);
  const bool Cached =
      Cacheable && guard::detail::isCachedClean<HeuristicKeyWords>(K);
  if (!Cached && !checkHeuristicCall(Site, K, Cacheable, Handle, Op, Adesc, Bdesc,
                                     Cdesc, Ddesc, Pref, Requested))
    return CUBLAS_STATUS_INVALID_VALUE;
  const cublasStatus_t Status = Real(Handle, Op, Adesc, Bdesc, Cdesc, Ddesc,
                                     Pref, Requested, Results, Returned);
  if (Status != CUBLAS_STATUS_SUCCESS) {
    reportValidButFailed("cublasLtMatmulAlgoGetHeuristic", Site, Status);
    return Status;
  }
  // Remember what each returned algo needs and assumed.
  if (!Results || !Returned)
    return Status;
  int Count = 0;
  if (!guard::detail::readHost(Returned, &Count, sizeof(Count)) || Count <= 0)
    return Status;
  const rl::ObjectState P = stateOf(Pref);
  const void *const Objects[5] = {Op, Adesc, Bdesc, Cdesc ? Cdesc : Ddesc, Ddesc};
  // At most as many as the table holds, up to the first unreadable entry.
  for (int I = 0; I < Count && I < Requested && I < int{AlgoSlots}; ++I) {
    cublasLtMatmulHeuristicResult_t Result;
    if (!guard::detail::readHost(&Results[I], &Result, sizeof(Result)))
      break;
    if (Result.state == CUBLAS_STATUS_SUCCESS)
      recordAlgo(Result.algo, Objects, static_cast<int64_t>(Result.workspaceSize),
                 &P);
  }
  return Status;
}

// cublasLtMatmulAlgoCheck: the rules on the descriptors, as for the
// heuristic; after a successful check, what the algo needs is recorded as
// the heuristic's choices are.
template <class Fn>
cublasStatus_t algoCheck(const CallSite &Site, Fn Real, cublasLtHandle_t Handle,
                         cublasLtMatmulDesc_t Op, cublasLtMatrixLayout_t Adesc,
                         cublasLtMatrixLayout_t Bdesc, cublasLtMatrixLayout_t Cdesc,
                         cublasLtMatrixLayout_t Ddesc,
                         const cublasLtMatmulAlgo_t *Algo,
                         cublasLtMatmulHeuristicResult_t *Result) {
  if (!checking())
    return Real(Handle, Op, Adesc, Bdesc, Cdesc, Ddesc, Algo, Result);
  rl::MatmulValues V;
  V.Heuristic = true;
  V.LibraryVersion = libraryVersion();
  collectObjects(V, Op, Adesc, Bdesc, Cdesc, Ddesc);
  if (!decide("cublasLtMatmulAlgoCheck", Site, rl::checkMatmul(V)))
    return CUBLAS_STATUS_INVALID_VALUE;
  const cublasStatus_t Status = Real(Handle, Op, Adesc, Bdesc, Cdesc, Ddesc, Algo, Result);
  if (Status != CUBLAS_STATUS_SUCCESS) {
    reportValidButFailed("cublasLtMatmulAlgoCheck", Site, Status);
    return Status;
  }
  cublasLtMatmulAlgo_t Checked;
  cublasLtMatmulHeuristicResult_t Out;
  const void *const Objects[5] = {Op, Adesc, Bdesc, Cdesc ? Cdesc : Ddesc, Ddesc};
  if (guard::detail::readHost(Algo, &Checked, sizeof(Checked)) &&
      guard::detail::readHost(Result, &Out, sizeof(Out)))
    recordAlgo(Checked, Objects, static_cast<int64_t>(Out.workspaceSize), nullptr);
  return Status;
}

// cublasLtMatmulAlgoGetIds and cublasLtMatmulAlgoInit: the arguments the
// header calls invalid; the algo AlgoInit writes is the caller's structure
// (the matmul's verdict reads it, by contents, as it reads any algo).
template <class Fn>
cublasStatus_t algoGetIds(const CallSite &Site, Fn Real, cublasLtHandle_t Handle,
                          cublasComputeType_t Compute, cudaDataType_t Scale,
                          cudaDataType_t At, cudaDataType_t Bt, cudaDataType_t Ct,
                          cudaDataType_t Dt, int Requested, int Ids[], int *Returned) {
  if (checking()) {
    rl::AlgoSetupValues V;
    V.RequestedAlgoCount = rules::Value::of(Requested);
    if (!decide("cublasLtMatmulAlgoGetIds", Site, rl::checkAlgoSetup(V),
                {{"requestedAlgoCount", Requested}}))
      return CUBLAS_STATUS_INVALID_VALUE;
  }
  const cublasStatus_t Status =
      Real(Handle, Compute, Scale, At, Bt, Ct, Dt, Requested, Ids, Returned);
  if (Status != CUBLAS_STATUS_SUCCESS && checking())
    reportValidButFailed("cublasLtMatmulAlgoGetIds", Site, Status);
  return Status;
}

template <class Fn>
cublasStatus_t algoInit(const CallSite &Site, Fn Real, cublasLtHandle_t Handle,
                        cublasComputeType_t Compute, cudaDataType_t Scale,
                        cudaDataType_t At, cudaDataType_t Bt, cudaDataType_t Ct,
                        cudaDataType_t Dt, int AlgoId, cublasLtMatmulAlgo_t *Algo) {
  if (checking()) {
    rl::AlgoSetupValues V;
    V.AlgoIsNull = rules::Value::of(Algo == nullptr);
    if (!decide("cublasLtMatmulAlgoInit", Site, rl::checkAlgoSetup(V),
                {{"algoId", AlgoId}}))
      return CUBLAS_STATUS_INVALID_VALUE;
  }
  const cublasStatus_t Status = Real(Handle, Compute, Scale, At, Bt, Ct, Dt, AlgoId, Algo);
  if (Status != CUBLAS_STATUS_SUCCESS && checking())
    reportValidButFailed("cublasLtMatmulAlgoInit", Site, Status);
  return Status;
}

// cublasLtMatrixTransform: which matrices come without their layouts, and
// which objects were destroyed.
template <class Fn>
cublasStatus_t matrixTransform(const CallSite &Site, Fn Real, cublasLtHandle_t Handle,
                               cublasLtMatrixTransformDesc_t Desc,
                               const void *Alpha, const void *A,
                               cublasLtMatrixLayout_t Adesc, const void *Beta,
                               const void *B, cublasLtMatrixLayout_t Bdesc, void *C,
                               cublasLtMatrixLayout_t Cdesc, cudaStream_t Stream) {
  if (!checking())
    return Real(Handle, Desc, Alpha, A, Adesc, Beta, B, Bdesc, C, Cdesc, Stream);
  rl::TransformValues V;
  const void *const Args[6] = {A, Adesc, B, Bdesc, C, Cdesc};
  const rl::Arg Names[6] = {rl::Arg::A, rl::Arg::Adesc, rl::Arg::B,
                            rl::Arg::Bdesc, rl::Arg::C, rl::Arg::Cdesc};
  for (unsigned I = 0; I < 6; ++I)
    V.isNull(Names[I]) = rules::Value::of(Args[I] == nullptr);
  V.destroyed(rl::Arg::TransformDesc) = rules::Value::of(destroyed(Desc));
  for (unsigned I = 1; I < 6; I += 2)
    V.destroyed(Names[I]) = rules::Value::of(destroyed(Args[I]));
  if (!decide("cublasLtMatrixTransform", Site, rl::checkTransform(V)))
    return CUBLAS_STATUS_INVALID_VALUE;
  const cublasStatus_t Status =
      Real(Handle, Desc, Alpha, A, Adesc, Beta, B, Bdesc, C, Cdesc, Stream);
  if (Status != CUBLAS_STATUS_SUCCESS)
    reportValidButFailed("cublasLtMatrixTransform", Site, Status);
  return Status;
}

template <class S> void describeScalar(rules::PointerFacts &F, const S *P) {
  if constexpr (!std::is_void_v<S>) {
    if (const int64_t T = guard::detail::dataTypeOf<S>(); T >= 0)
      F.PointeeType = rules::Value::of(T);
  }
  (void)P;
}

template <class S1, class S2>
bool matmulKey(guard::detail::Key &K, cublasLtHandle_t Handle,
               cublasLtMatmulDesc_t Op, const S1 *Alpha, const void *A,
               cublasLtMatrixLayout_t Adesc, const void *B,
               cublasLtMatrixLayout_t Bdesc, const S2 *Beta, const void *C,
               cublasLtMatrixLayout_t Cdesc, const void *D,
               cublasLtMatrixLayout_t Ddesc, const cublasLtMatmulAlgo_t *Algo,
               const void *Workspace, size_t WorkspaceSize) {
  if (!keyHead(K, &guard::detail::InstanceId<MatmulTag, S1, S2>, true))
    return false;
  K.W[K.N++] = algoEpoch().load(std::memory_order_acquire);
  for (const void *P :
       {static_cast<const void *>(Handle), static_cast<const void *>(Op),
        static_cast<const void *>(Alpha), A, static_cast<const void *>(Adesc), B,
        static_cast<const void *>(Bdesc), static_cast<const void *>(Beta), C,
        static_cast<const void *>(Cdesc), D, static_cast<const void *>(Ddesc),
        static_cast<const void *>(Algo), Workspace})
    K.W[K.N++] = word(P);
  K.W[K.N++] = static_cast<uint64_t>(WorkspaceSize);
  for (const void *P : {static_cast<const void *>(Op), static_cast<const void *>(Adesc),
                        static_cast<const void *>(Bdesc),
                        static_cast<const void *>(Cdesc ? Cdesc : Ddesc),
                        static_cast<const void *>(Ddesc)})
    K.W[K.N++] = generationOf(P);
  K.Hash = guard::detail::keyHash<MatmulKeyWords>(K.W);
  return true;
}

// The matmul's late words: the bytes of *alpha and *beta (as many as the
// mask's low nibbles say) and the hash of the algo (bit 8).
struct MatmulLate {
  static constexpr unsigned Count = 3;
  const void *Alpha, *Beta;
  const cublasLtMatmulAlgo_t *Algo;
  static constexpr uint64_t AlgoRead = 1 << 8;
  void operator()(uint64_t Mask, uint64_t *Out) const {
    if (const unsigned N = Mask & 15)
      std::memcpy(&Out[0], Alpha, N);
    if (const unsigned N = Mask >> 4 & 15)
      std::memcpy(&Out[1], Beta, N);
    if (Mask & AlgoRead) {
      cublasLtMatmulAlgo_t Copy;
      std::memcpy(&Copy, Algo, sizeof(Copy));
      Out[2] = algoHash(Copy);
    }
  }
};

// The matmul's checks in full, without the cache: every fact, the rules,
// the report and the policy; true to call cuBLASLt. A clean verdict is
// remembered under K (where Cacheable) with what the checks read.
template <class S1, class S2>
bool checkMatmulCall(const CallSite &Site, guard::detail::Key &K, bool Cacheable,
                     cublasLtHandle_t Handle, cublasLtMatmulDesc_t Op,
                     const S1 *Alpha, const void *A, cublasLtMatrixLayout_t Adesc,
                     const void *B, cublasLtMatrixLayout_t Bdesc, const S2 *Beta,
                     const void *C, cublasLtMatrixLayout_t Cdesc, void *D,
                     cublasLtMatrixLayout_t Ddesc, const cublasLtMatmulAlgo_t *Algo,
                     void *Workspace, size_t WorkspaceSize) {
  using rules::Value;
  rl::MatmulValues V;
  V.LibraryVersion = libraryVersion();
  collectObjects(V, Op, Adesc, Bdesc, Cdesc, Ddesc);
  V.CIsD = Value::of(C == D);
  V.WorkspaceSize = Value::of(static_cast<int64_t>(WorkspaceSize));
  const void *Data[4] = {A, B, C, D};
  for (unsigned M = 0; M < 4; ++M)
    guard::detail::describePointer(Data[M], V.pointer(rl::dataArg(M)));
  guard::detail::describePointer(Alpha, V.pointer(rl::Arg::Alpha));
  guard::detail::describePointer(Beta, V.pointer(rl::Arg::Beta));
  guard::detail::describePointer(Workspace, V.pointer(rl::Arg::Workspace));
  describeScalar(V.pointer(rl::Arg::Alpha), Alpha);
  describeScalar(V.pointer(rl::Arg::Beta), Beta);
  for (int64_t Id : rl::MatmulValues::DevicePointerAttributes)
    if (V.Desc[Id].Known && V.Desc[Id].V)
      guard::detail::describePointer(reinterpret_cast<const void *>(V.Desc[Id].V),
                                     V.descPointer(Id));
  // What the checks read from host memory, for the cache: a mask, then the
  // late words (MatmulLate). Memory that cannot be read leaves its rules
  // silent, and the verdict uncached.
  uint64_t Read[1 + MatmulLate::Count] = {};
  // *alpha and *beta, where cuBLASLt itself reads them on the host.
  const Value Mode = V.Desc[rl::desc::POINTER_MODE];
  const Value Scale = V.Desc[rl::desc::SCALE_TYPE];
  auto HostReadable = [](const rules::PointerFacts &F) {
    return F.Where == rules::Residency::Pageable ||
           F.Where == rules::Residency::PinnedHost;
  };
  if (Mode.Known && Scale.Known && pointerDepth() && scalarSize(Scale.V)) {
    const uint64_t Size = scalarSize(Scale.V);
    if (Mode.V == rl::pmode::Host && Alpha && HostReadable(V.pointer(rl::Arg::Alpha))) {
      V.AlphaValue = readScalar(Alpha, Scale.V, Read[1]);
      Cacheable &= V.AlphaValue.Known;
      Read[0] |= Size;
    }
    if ((Mode.V == rl::pmode::Host || Mode.V == rl::pmode::AlphaDeviceVectorBetaHost) &&
        Beta && HostReadable(V.pointer(rl::Arg::Beta))) {
      V.BetaValue = readScalar(Beta, Scale.V, Read[2]);
      Cacheable &= V.BetaValue.Known;
      Read[0] |= Size << 4;
      if (V.BetaValue.Known)
        V.BetaIsZero = Value::of(V.BetaValue.V == 0);
    }
  }
  if (Mode.Known && Mode.V == rl::pmode::AlphaDeviceVectorBetaZero)
    V.BetaIsZero = Value::of(1);
  // What the heuristic said about this algo for these descriptors.
  cublasLtMatmulAlgo_t Copy;
  if (Algo && guard::detail::readHost(Algo, &Copy, sizeof(Copy))) {
    Read[0] |= MatmulLate::AlgoRead;
    Read[3] = algoHash(Copy);
    const void *const Objects[5] = {Op, Adesc, Bdesc, Cdesc ? Cdesc : Ddesc, Ddesc};
    const uint64_t Key = algoKey(Copy, Objects);
    const AlgoRecord &R = algoTable()[Key % AlgoSlots];
    if (R.Key.load(std::memory_order_acquire) == Key) {
      V.AlgoWorkspaceSize = Value::of(R.Workspace.load());
      if (pointerDepth())
        for (unsigned M = 0; M < 4; ++M)
          if (const int64_t Align = R.MinAlignment[M].load())
            V.AlgoMinAlignment[M] = Value::of(Align);
      if (const int64_t BA = R.BiasAlignment.load())
        V.AlgoBiasAlignment = Value::of(BA);
      if (R.Key.load(std::memory_order_acquire) != Key) // rewritten meanwhile
        V.AlgoWorkspaceSize = V.AlgoBiasAlignment = Value::unknown();
    }
  } else if (Algo) {
    Cacheable = false;
  }
  bool Clean = false;
  if (!decide("cublasLtMatmul", Site, rl::checkMatmul(V),
              {{"workspaceSizeInBytes", static_cast<int64_t>(WorkspaceSize)}},
              &Clean))
    return false;
  guard::detail::Key Now;
  if (Clean && Cacheable &&
      matmulKey(Now, Handle, Op, Alpha, A, Adesc, B, Bdesc, Beta, C, Cdesc, D,
                Ddesc, Algo, Workspace, WorkspaceSize) &&
      keyStill(K, Now)) {
    for (uint64_t W : Read)
      K.W[K.N++] = W;
    guard::detail::rememberClean(K);
  }
  return true;
}

template <class Fn, class S1, class S2>
cublasStatus_t matmul(const CallSite &Site, Fn Real,
                      cublasLtHandle_t Handle, cublasLtMatmulDesc_t Op,
                      const S1 *Alpha, const void *A, cublasLtMatrixLayout_t Adesc,
                      const void *B, cublasLtMatrixLayout_t Bdesc, const S2 *Beta,
                      const void *C, cublasLtMatrixLayout_t Cdesc, void *D,
                      cublasLtMatrixLayout_t Ddesc, const cublasLtMatmulAlgo_t *Algo,
                      void *Workspace, size_t WorkspaceSize, cudaStream_t Stream) {
  if (!checking())
    return Real(Handle, Op, Alpha, A, Adesc, B, Bdesc, Beta, C, Cdesc, D, Ddesc,
                Algo, Workspace, WorkspaceSize, Stream);
  guard::detail::countCall();
  guard::detail::Key K;
  bool Cacheable = matmulKey(K, Handle, Op, Alpha, A, Adesc, B, Bdesc, Beta, C,
                             Cdesc, D, Ddesc, Algo, Workspace, WorkspaceSize);
  const bool Cached =
      Cacheable &&
      guard::detail::isCachedClean<MatmulKeyWords>(K, MatmulLate{Alpha, Beta, Algo});
  if (!Cached && !checkMatmulCall(Site, K, Cacheable, Handle, Op, Alpha, A, Adesc,
                                  B, Bdesc, Beta, C, Cdesc, D, Ddesc, Algo,
                                  Workspace, WorkspaceSize))
    return CUBLAS_STATUS_INVALID_VALUE;
  const cublasStatus_t Status = Real(Handle, Op, Alpha, A, Adesc, B, Bdesc, Beta,
                                     C, Cdesc, D, Ddesc, Algo, Workspace,
                                     WorkspaceSize, Stream);
  if (Status != CUBLAS_STATUS_SUCCESS)
    reportValidButFailed("cublasLtMatmul", Site, Status);
  return Status;
}

} // namespace detail

inline void setHandler(LtHandler H) { detail::hookSlot<LtHandler>().store(H); }
inline void setDeviceInspector(DeviceInspector I) { detail::hookSlot<DeviceInspector>().store(I); }

// --- the explicit route -------------------------------------------------------------------
// gemm::guard::lt::cublasLtMatmul(args...) checks and calls cublasLtMatmul
// (linked directly), remembering the caller's file and line.

#define GEMM_LT_SITE const char *File = __builtin_FILE(), int Line = __builtin_LINE()
#define GEMM_LT_AT CallSite{File, Line}

inline cublasStatus_t cublasLtCreate(cublasLtHandle_t *H, GEMM_LT_SITE) {
  return detail::create(GEMM_LT_AT, &::cublasLtCreate, H);
}
inline cublasStatus_t cublasLtDestroy(cublasLtHandle_t H, GEMM_LT_SITE) {
  return detail::destroyHandle(GEMM_LT_AT, &::cublasLtDestroy, H);
}
inline cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *D,
                                               cublasComputeType_t C,
                                               cudaDataType_t S, GEMM_LT_SITE) {
  return detail::matmulDescCreate(GEMM_LT_AT, &::cublasLtMatmulDescCreate, D, C, S);
}
inline cublasStatus_t cublasLtMatmulDescInit(cublasLtMatmulDesc_t D,
                                             cublasComputeType_t C,
                                             cudaDataType_t S, GEMM_LT_SITE) {
  return detail::matmulDescInit(GEMM_LT_AT, "cublasLtMatmulDescInit",
                                &::cublasLtMatmulDescInit_internal, D,
                                sizeof(*D), C, S);
}
inline cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *L,
                                                 cudaDataType T, uint64_t R,
                                                 uint64_t C, int64_t Ld,
                                                 GEMM_LT_SITE) {
  return detail::matrixLayoutCreate(GEMM_LT_AT, &::cublasLtMatrixLayoutCreate, L,
                                    T, R, C, Ld);
}
inline cublasStatus_t cublasLtMatrixLayoutInit(cublasLtMatrixLayout_t L,
                                               cudaDataType T, uint64_t R,
                                               uint64_t C, int64_t Ld,
                                               GEMM_LT_SITE) {
  return detail::matrixLayoutInit(GEMM_LT_AT, "cublasLtMatrixLayoutInit",
                                  &::cublasLtMatrixLayoutInit_internal, L,
                                  sizeof(*L), T, R, C, Ld);
}
inline cublasStatus_t cublasLtMatrixTransformDescCreate(
    cublasLtMatrixTransformDesc_t *D, cudaDataType S, GEMM_LT_SITE) {
  return detail::transformDescCreate(GEMM_LT_AT, &::cublasLtMatrixTransformDescCreate,
                                     D, S);
}
inline cublasStatus_t cublasLtMatrixTransformDescInit(
    cublasLtMatrixTransformDesc_t D, cudaDataType S, GEMM_LT_SITE) {
  return detail::transformDescInit(
      GEMM_LT_AT, &::cublasLtMatrixTransformDescInit_internal, D, sizeof(*D), S);
}
// The Create and Init forms without arguments.
#define GEMM_LT_PLAIN_CREATE(OBJ, HANDLE, KIND)                                \
  inline cublasStatus_t cublasLt##OBJ##Create(HANDLE *O, GEMM_LT_SITE) {       \
    return detail::plainCreate<rl::Object::KIND>(                              \
        GEMM_LT_AT, &::cublasLt##OBJ##Create, O);                              \
  }                                                                            \
  inline cublasStatus_t cublasLt##OBJ##Init(HANDLE O, GEMM_LT_SITE) {          \
    return detail::plainInit<rl::Object::KIND>(                                \
        GEMM_LT_AT, &::cublasLt##OBJ##Init_internal, O, sizeof(*O));           \
  }
GEMM_LT_PLAIN_CREATE(MatmulPreference, cublasLtMatmulPreference_t, Preference)
GEMM_LT_PLAIN_CREATE(EmulationDesc, cublasLtEmulationDesc_t, EmulationDesc)
#undef GEMM_LT_PLAIN_CREATE
// Destroy, SetAttribute and GetAttribute of the three object kinds. The
// setter is a template so that the header sees what buf points to.
#define GEMM_LT_OBJECT_FUNCTIONS(OBJ, HANDLE, ATTR, KIND)                      \
  inline cublasStatus_t cublasLt##OBJ##Destroy(HANDLE O, GEMM_LT_SITE) {       \
    return detail::destroyObject(GEMM_LT_AT, &::cublasLt##OBJ##Destroy, O);    \
  }                                                                            \
  template <class B>                                                           \
  cublasStatus_t cublasLt##OBJ##SetAttribute(HANDLE O, ATTR A, const B *Buf,   \
                                             size_t Size, GEMM_LT_SITE) {      \
    return detail::setAttribute<rl::Object::KIND>(                             \
        GEMM_LT_AT, &::cublasLt##OBJ##SetAttribute, O, A, Buf, Size);          \
  }                                                                            \
  inline cublasStatus_t cublasLt##OBJ##SetAttribute(                           \
      HANDLE O, ATTR A, std::nullptr_t, size_t Size, GEMM_LT_SITE) {           \
    return detail::setAttribute<rl::Object::KIND>(                             \
        GEMM_LT_AT, &::cublasLt##OBJ##SetAttribute, O, A,                      \
        static_cast<const void *>(nullptr), Size);                             \
  }                                                                            \
  inline cublasStatus_t cublasLt##OBJ##GetAttribute(                           \
      HANDLE O, ATTR A, void *Buf, size_t Size, size_t *W, GEMM_LT_SITE) {     \
    return detail::getAttribute<rl::Object::KIND>(                             \
        GEMM_LT_AT, &::cublasLt##OBJ##GetAttribute, O, A, Buf, Size, W);       \
  }
GEMM_LT_OBJECT_FUNCTIONS(MatmulDesc, cublasLtMatmulDesc_t,
                         cublasLtMatmulDescAttributes_t, MatmulDesc)
GEMM_LT_OBJECT_FUNCTIONS(MatrixLayout, cublasLtMatrixLayout_t,
                         cublasLtMatrixLayoutAttribute_t, MatrixLayout)
GEMM_LT_OBJECT_FUNCTIONS(MatmulPreference, cublasLtMatmulPreference_t,
                         cublasLtMatmulPreferenceAttributes_t, Preference)
GEMM_LT_OBJECT_FUNCTIONS(MatrixTransformDesc, cublasLtMatrixTransformDesc_t,
                         cublasLtMatrixTransformDescAttributes_t, TransformDesc)
GEMM_LT_OBJECT_FUNCTIONS(EmulationDesc, cublasLtEmulationDesc_t,
                         cublasLtEmulationDescAttributes_t, EmulationDesc)
#undef GEMM_LT_OBJECT_FUNCTIONS

// An algo's configuration: the same attribute checks; the algo itself is
// the caller's structure, not followed.
template <class B>
cublasStatus_t cublasLtMatmulAlgoConfigSetAttribute(
    cublasLtMatmulAlgo_t *Algo, cublasLtMatmulAlgoConfigAttributes_t A,
    const B *Buf, size_t Size, GEMM_LT_SITE) {
  return detail::setAttribute<rl::Object::AlgoConfig>(
      GEMM_LT_AT, &::cublasLtMatmulAlgoConfigSetAttribute, Algo, A, Buf, Size);
}
inline cublasStatus_t cublasLtMatmulAlgoConfigSetAttribute(
    cublasLtMatmulAlgo_t *Algo, cublasLtMatmulAlgoConfigAttributes_t A,
    std::nullptr_t, size_t Size, GEMM_LT_SITE) {
  return detail::setAttribute<rl::Object::AlgoConfig>(
      GEMM_LT_AT, &::cublasLtMatmulAlgoConfigSetAttribute, Algo, A,
      static_cast<const void *>(nullptr), Size);
}
inline cublasStatus_t cublasLtMatmulAlgoConfigGetAttribute(
    const cublasLtMatmulAlgo_t *Algo, cublasLtMatmulAlgoConfigAttributes_t A,
    void *Buf, size_t Size, size_t *W, GEMM_LT_SITE) {
  return detail::getAttribute<rl::Object::AlgoConfig>(
      GEMM_LT_AT, &::cublasLtMatmulAlgoConfigGetAttribute, Algo, A, Buf, Size, W);
}
inline cublasStatus_t cublasLtMatmulAlgoGetIds(
    cublasLtHandle_t H, cublasComputeType_t Compute, cudaDataType_t Scale,
    cudaDataType_t At, cudaDataType_t Bt, cudaDataType_t Ct, cudaDataType_t Dt,
    int Requested, int Ids[], int *Returned, GEMM_LT_SITE) {
  return detail::algoGetIds(GEMM_LT_AT, &::cublasLtMatmulAlgoGetIds, H, Compute,
                            Scale, At, Bt, Ct, Dt, Requested, Ids, Returned);
}
inline cublasStatus_t cublasLtMatmulAlgoInit(
    cublasLtHandle_t H, cublasComputeType_t Compute, cudaDataType_t Scale,
    cudaDataType_t At, cudaDataType_t Bt, cudaDataType_t Ct, cudaDataType_t Dt,
    int AlgoId, cublasLtMatmulAlgo_t *Algo, GEMM_LT_SITE) {
  return detail::algoInit(GEMM_LT_AT, &::cublasLtMatmulAlgoInit, H, Compute, Scale,
                          At, Bt, Ct, Dt, AlgoId, Algo);
}
inline cublasStatus_t cublasLtMatrixTransform(
    cublasLtHandle_t H, cublasLtMatrixTransformDesc_t Desc, const void *Alpha,
    const void *A, cublasLtMatrixLayout_t Adesc, const void *Beta, const void *B,
    cublasLtMatrixLayout_t Bdesc, void *C, cublasLtMatrixLayout_t Cdesc,
    cudaStream_t Stream, GEMM_LT_SITE) {
  return detail::matrixTransform(GEMM_LT_AT, &::cublasLtMatrixTransform, H, Desc,
                                 Alpha, A, Adesc, Beta, B, Bdesc, C, Cdesc, Stream);
}
inline cublasStatus_t cublasLtMatmulAlgoCheck(
    cublasLtHandle_t H, cublasLtMatmulDesc_t Op, cublasLtMatrixLayout_t A,
    cublasLtMatrixLayout_t B, cublasLtMatrixLayout_t C, cublasLtMatrixLayout_t D,
    const cublasLtMatmulAlgo_t *Algo, cublasLtMatmulHeuristicResult_t *R,
    GEMM_LT_SITE) {
  return detail::algoCheck(GEMM_LT_AT, &::cublasLtMatmulAlgoCheck, H, Op, A, B,
                           C, D, Algo, R);
}

inline cublasStatus_t cublasLtMatmulAlgoGetHeuristic(
    cublasLtHandle_t H, cublasLtMatmulDesc_t Op, cublasLtMatrixLayout_t A,
    cublasLtMatrixLayout_t B, cublasLtMatrixLayout_t C, cublasLtMatrixLayout_t D,
    cublasLtMatmulPreference_t P, int N, cublasLtMatmulHeuristicResult_t R[],
    int *Ret, GEMM_LT_SITE) {
  return detail::algoGetHeuristic(GEMM_LT_AT, &::cublasLtMatmulAlgoGetHeuristic,
                                  H, Op, A, B, C, D, P, N,
                                  R, Ret);
}
template <class S1, class S2>
cublasStatus_t cublasLtMatmul(cublasLtHandle_t H, cublasLtMatmulDesc_t Op,
                              const S1 *Alpha, const void *A,
                              cublasLtMatrixLayout_t Adesc, const void *B,
                              cublasLtMatrixLayout_t Bdesc, const S2 *Beta,
                              const void *C, cublasLtMatrixLayout_t Cdesc, void *D,
                              cublasLtMatrixLayout_t Ddesc,
                              const cublasLtMatmulAlgo_t *Algo, void *Workspace,
                              size_t WorkspaceSize, cudaStream_t Stream,
                              GEMM_LT_SITE) {
  return detail::matmul(GEMM_LT_AT, &::cublasLtMatmul, H,
                        Op, Alpha, A, Adesc, B, Bdesc, Beta, C, Cdesc, D, Ddesc,
                        Algo, Workspace, WorkspaceSize, Stream);
}

#undef GEMM_LT_SITE
#undef GEMM_LT_AT

} // namespace lt
} // namespace guard
} // namespace gemm

#endif // C++17
#endif // GEMM_LT_GUARD_H

// The whole-translation-unit route: every later call goes through the
// checks with its file and line (the default arguments above).
#if __cplusplus >= 201703L && !defined(GEMM_GUARD_NO_MACROS) &&                \
    !defined(GEMM_LT_GUARD_MACROS_INSTALLED)
#define GEMM_LT_GUARD_MACROS_INSTALLED
#define cublasLtCreate(...) ::gemm::guard::lt::cublasLtCreate(__VA_ARGS__)
#define cublasLtDestroy(...) ::gemm::guard::lt::cublasLtDestroy(__VA_ARGS__)
#define cublasLtMatmulDescCreate(...) ::gemm::guard::lt::cublasLtMatmulDescCreate(__VA_ARGS__)
#define cublasLtMatmulDescInit(...) ::gemm::guard::lt::cublasLtMatmulDescInit(__VA_ARGS__)
#define cublasLtMatmulDescDestroy(...) ::gemm::guard::lt::cublasLtMatmulDescDestroy(__VA_ARGS__)
#define cublasLtMatmulDescSetAttribute(...) ::gemm::guard::lt::cublasLtMatmulDescSetAttribute(__VA_ARGS__)
#define cublasLtMatmulDescGetAttribute(...) ::gemm::guard::lt::cublasLtMatmulDescGetAttribute(__VA_ARGS__)
#define cublasLtMatrixLayoutCreate(...) ::gemm::guard::lt::cublasLtMatrixLayoutCreate(__VA_ARGS__)
#define cublasLtMatrixLayoutInit(...) ::gemm::guard::lt::cublasLtMatrixLayoutInit(__VA_ARGS__)
#define cublasLtMatrixLayoutDestroy(...) ::gemm::guard::lt::cublasLtMatrixLayoutDestroy(__VA_ARGS__)
#define cublasLtMatrixLayoutSetAttribute(...) ::gemm::guard::lt::cublasLtMatrixLayoutSetAttribute(__VA_ARGS__)
#define cublasLtMatrixLayoutGetAttribute(...) ::gemm::guard::lt::cublasLtMatrixLayoutGetAttribute(__VA_ARGS__)
#define cublasLtMatmulPreferenceCreate(...) ::gemm::guard::lt::cublasLtMatmulPreferenceCreate(__VA_ARGS__)
#define cublasLtMatmulPreferenceInit(...) ::gemm::guard::lt::cublasLtMatmulPreferenceInit(__VA_ARGS__)
#define cublasLtMatmulPreferenceDestroy(...) ::gemm::guard::lt::cublasLtMatmulPreferenceDestroy(__VA_ARGS__)
#define cublasLtMatmulPreferenceSetAttribute(...) ::gemm::guard::lt::cublasLtMatmulPreferenceSetAttribute(__VA_ARGS__)
#define cublasLtMatmulPreferenceGetAttribute(...) ::gemm::guard::lt::cublasLtMatmulPreferenceGetAttribute(__VA_ARGS__)
#define cublasLtMatrixTransformDescCreate(...) ::gemm::guard::lt::cublasLtMatrixTransformDescCreate(__VA_ARGS__)
#define cublasLtMatrixTransformDescInit(...) ::gemm::guard::lt::cublasLtMatrixTransformDescInit(__VA_ARGS__)
#define cublasLtMatrixTransformDescDestroy(...) ::gemm::guard::lt::cublasLtMatrixTransformDescDestroy(__VA_ARGS__)
#define cublasLtMatrixTransformDescSetAttribute(...) ::gemm::guard::lt::cublasLtMatrixTransformDescSetAttribute(__VA_ARGS__)
#define cublasLtMatrixTransformDescGetAttribute(...) ::gemm::guard::lt::cublasLtMatrixTransformDescGetAttribute(__VA_ARGS__)
#define cublasLtEmulationDescCreate(...) ::gemm::guard::lt::cublasLtEmulationDescCreate(__VA_ARGS__)
#define cublasLtEmulationDescInit(...) ::gemm::guard::lt::cublasLtEmulationDescInit(__VA_ARGS__)
#define cublasLtEmulationDescDestroy(...) ::gemm::guard::lt::cublasLtEmulationDescDestroy(__VA_ARGS__)
#define cublasLtEmulationDescSetAttribute(...) ::gemm::guard::lt::cublasLtEmulationDescSetAttribute(__VA_ARGS__)
#define cublasLtEmulationDescGetAttribute(...) ::gemm::guard::lt::cublasLtEmulationDescGetAttribute(__VA_ARGS__)
#define cublasLtMatmulAlgoConfigSetAttribute(...) ::gemm::guard::lt::cublasLtMatmulAlgoConfigSetAttribute(__VA_ARGS__)
#define cublasLtMatmulAlgoConfigGetAttribute(...) ::gemm::guard::lt::cublasLtMatmulAlgoConfigGetAttribute(__VA_ARGS__)
#define cublasLtMatmulAlgoGetIds(...) ::gemm::guard::lt::cublasLtMatmulAlgoGetIds(__VA_ARGS__)
#define cublasLtMatmulAlgoInit(...) ::gemm::guard::lt::cublasLtMatmulAlgoInit(__VA_ARGS__)
#define cublasLtMatrixTransform(...) ::gemm::guard::lt::cublasLtMatrixTransform(__VA_ARGS__)
#define cublasLtMatmulAlgoCheck(...) ::gemm::guard::lt::cublasLtMatmulAlgoCheck(__VA_ARGS__)
#define cublasLtMatmulAlgoGetHeuristic(...) ::gemm::guard::lt::cublasLtMatmulAlgoGetHeuristic(__VA_ARGS__)
#define cublasLtMatmul(...) ::gemm::guard::lt::cublasLtMatmul(__VA_ARGS__)
#endif
