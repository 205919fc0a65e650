// gemm/guard/lt_objects.h - part of the gemm-tidy runtime guard for cuBLASLt:
// the shadow state of the cuBLASLt objects and what the heuristic
// chose for an algo.
//
// Included by gemm/lt_guard.h, in order, after the headers it includes;
// include gemm/lt_guard.h, not this file.

#ifndef GEMM_GUARD_LT_OBJECTS_H
#define GEMM_GUARD_LT_OBJECTS_H

namespace gemm {
namespace guard {
namespace lt {

namespace detail {

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

} // namespace detail

} // namespace lt
} // namespace guard
} // namespace gemm

#endif // GEMM_GUARD_LT_OBJECTS_H
