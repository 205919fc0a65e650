//===--- ContextCache.h - gemm-tidy -------------------------------*- C++ -*-===//
//
// Facts the checks keep about one translation unit (its call index, the
// diagnoses made, the CFGs of its functions), so that a function with many
// calls is analysed once. clangd runs several translation units at once on
// different threads, so a cache is per thread; it is emptied when it meets
// another ASTContext, or one at the address of a context that has ended
// (clang-tidy on several files), and never while its own context lives:
// other contexts ending on other threads (clangd evicts idle ASTs from any
// worker) leave it, and the references the analysis holds into it, alone.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_CONTEXTCACHE_H
#define GEMM_TIDY_CONTEXTCACHE_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include <atomic>

namespace clang::tidy::gemm {

/// Set when the ASTContext it was made for ends (by whichever thread ends
/// it); held by the caches filled for that context and by the context's
/// deallocation hook.
struct ContextLifetime : llvm::ThreadSafeRefCountedBase<ContextLifetime> {
  std::atomic<bool> Ended{false};
};

/// This thread's T for the translation unit of Ctx, new (value-initialised)
/// when the last one was made for another context or for an ended one.
template <class T> T &contextCache(ASTContext &Ctx) {
  struct Slot {
    const ASTContext *Ctx = nullptr;
    llvm::IntrusiveRefCntPtr<ContextLifetime> Lifetime;
    T Value{};
  };
  static thread_local Slot S;
  if (S.Ctx != &Ctx || !S.Lifetime || S.Lifetime->Ended.load()) {
    S.Value = T{};
    S.Ctx = &Ctx;
    S.Lifetime = llvm::makeIntrusiveRefCnt<ContextLifetime>();
    S.Lifetime->Retain(); // the hook's reference, released when it runs
    Ctx.AddDeallocation(
        [](void *P) {
          auto *L = static_cast<ContextLifetime *>(P);
          L->Ended.store(true);
          L->Release();
        },
        S.Lifetime.get());
  }
  return S.Value;
}

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_CONTEXTCACHE_H
