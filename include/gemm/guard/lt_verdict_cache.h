// gemm/guard/lt_verdict_cache.h - part of the gemm-tidy runtime guard for cuBLASLt:
// the verdict cache of the heuristic query and the matmul, and their
// checks on a miss.
//
// Included by gemm/lt_guard.h, in order, after the headers it includes;
// include gemm/lt_guard.h, not this file.

#ifndef GEMM_GUARD_LT_VERDICT_CACHE_H
#define GEMM_GUARD_LT_VERDICT_CACHE_H

namespace gemm {
namespace guard {
namespace lt {

namespace detail {

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
  // A matmul problem checked as the matmul's is: a GEMM call, as
  // gemm-explain counts it.
  guard::detail::countCall();
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
  countOther();
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
    countOther();
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
    countOther();
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
  countOther();
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

} // namespace lt
} // namespace guard
} // namespace gemm

#endif // GEMM_GUARD_LT_VERDICT_CACHE_H
