// gemm/guard/verdict_cache.h - part of the gemm-tidy runtime guard: the verdict cache: calls whose every finding was clean, keyed on
// everything their verdict depends on.
//
// Included by gemm/guard.h, in order, after the headers it includes;
// include gemm/guard.h, not this file.

#ifndef GEMM_GUARD_VERDICT_CACHE_H
#define GEMM_GUARD_VERDICT_CACHE_H

namespace gemm {
namespace guard {

namespace detail {

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
  std::atomic<uint64_t> W[KeyWords]{}; // (initialised: constant, no lock)
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

} // namespace detail

} // namespace guard
} // namespace gemm

#endif // GEMM_GUARD_VERDICT_CACHE_H
