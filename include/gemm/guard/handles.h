// gemm/guard/handles.h - part of the gemm-tidy runtime guard: the objects the guard follows by address, without locks, and the
// pointer mode of each cuBLAS handle.
//
// Included by gemm/guard.h, in order, after the headers it includes;
// include gemm/guard.h, not this file.

#ifndef GEMM_GUARD_HANDLES_H
#define GEMM_GUARD_HANDLES_H

namespace gemm {
namespace guard {

namespace detail {

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

} // namespace detail

} // namespace guard
} // namespace gemm

#endif // GEMM_GUARD_HANDLES_H
