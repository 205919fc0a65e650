//===--- ContextCache.h - gemm-tidy -------------------------------*- C++ -*-===//
//
// Facts the checks keep about one translation unit (its call index, the
// diagnoses made, the CFGs of its functions), so that a function with many
// calls is analysed once. A new ASTContext may take the address of one that
// has ended (clang-tidy on several files), and clangd runs several at once
// on different threads: a cache is per thread, and it is emptied when it
// meets another context or when any context has ended since it was filled.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_CONTEXTCACHE_H
#define GEMM_TIDY_CONTEXTCACHE_H

#include "clang/AST/ASTContext.h"
#include <atomic>

namespace clang::tidy::gemm {

/// How many ASTContexts have ended in this process.
inline std::atomic<unsigned> ContextsEnded{0};

/// This thread's T for the translation unit of Ctx, new (value-initialised)
/// when the last one was made for another or an ended context.
template <class T> T &contextCache(ASTContext &Ctx) {
  struct Slot {
    const ASTContext *Ctx = nullptr;
    unsigned Ended = 0;
    T Value{};
  };
  static thread_local Slot S;
  const unsigned Ended = ContextsEnded.load();
  if (S.Ctx != &Ctx || S.Ended != Ended) {
    S.Value = T{};
    S.Ctx = &Ctx;
    S.Ended = Ended;
    Ctx.AddDeallocation([](void *) { ++ContextsEnded; }, nullptr);
  }
  return S.Value;
}

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_CONTEXTCACHE_H
