// gemm/guard/collect.h - part of the gemm-tidy runtime guard: collecting a call's arguments into the rules core's values, the
// grouped APIs' host arrays, and the rules' verdict on them.
//
// Included by gemm/guard.h, in order, after the headers it includes;
// include gemm/guard.h, not this file.

#ifndef GEMM_GUARD_COLLECT_H
#define GEMM_GUARD_COLLECT_H

namespace gemm {
namespace guard {

namespace detail {

// --- collecting the arguments ---------------------------------------------------

struct Collected {
  rules::CallValues Values;
  // Every argument in order, for the log: a number or an address. A fixed
  // array: collecting allocates nothing on the heap.
  std::pair<int64_t, bool /*is pointer*/> Raw[rules::MaxArgs];
  unsigned NumRaw = 0;
  // The grouped APIs' host arrays, read in chunks (readGroups): where each
  // one is and the size of its elements (0: not a host array).
  const void *GroupArray[rules::GemmRoleCount] = {};
  unsigned GroupElement[rules::GemmRoleCount] = {};
  std::vector<rules::Value> Logged[rules::GemmRoleCount]; // first chunk, for the log
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

// *beta decides whether a null C is read (docs/rules.md, `pointer.null-c`):
// read it only in host pointer mode, from host memory, and only if it is
// readable.
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
  return loadedVersion(Version, [] {
    const LibraryQuery Asking;
    auto Get = GEMM_GUARD_FUNCTION(Cublas, cublasGetProperty);
    if (!Get || !Asking)
      return int64_t{-1};
    int Major = 0, Minor = 0, Patch = 0;
    if (Get(MAJOR_VERSION, &Major) == CUBLAS_STATUS_SUCCESS &&
        Get(MINOR_VERSION, &Minor) == CUBLAS_STATUS_SUCCESS &&
        Get(PATCH_LEVEL, &Patch) == CUBLAS_STATUS_SUCCESS)
      return int64_t{Major} * 10000 + Minor * 100 + Patch;
    return int64_t{0};
  });
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
  bool Dead[rules::GemmRoleCount] = {};
  size_t Kept = 0, Dropped = 0;
  rules::Category DroppedCat = rules::Category::LeadingDimension;
  for (int64_t Base = 0; Base < Count.V; Base += GroupChunk) {
    const int64_t N = std::min(GroupChunk, Count.V - Base);
    bool Any = false;
    for (unsigned R = 0; R < rules::GemmRoleCount; ++R) {
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

} // namespace detail

} // namespace guard
} // namespace gemm

#endif // GEMM_GUARD_COLLECT_H
