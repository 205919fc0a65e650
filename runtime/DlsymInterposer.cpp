//===--- DlsymInterposer.cpp - guarded entry points through dlsym --------===//
//
// Part of libgemm_guard_preload.so. Python's ctypes and lazy loaders find
// cuBLAS functions with dlsym(handle, "cublasGemmEx"), which would bypass
// the preload's definitions. Built without exceptions, so that the lookups
// that are not the guard's business leave by a tail call.
//
//===----------------------------------------------------------------------===//

#include "RealSymbols.h"

#include <atomic>
#include <cstring>
#include <dlfcn.h>

namespace {

// The preload's own definition of Name, if it exports one.
void *ownDefinition(const char *Name) {
  static std::atomic<void *> Self{nullptr};
  void *H = Self.load(std::memory_order_acquire);
  if (!H) {
    Dl_info Info;
    if (!dladdr(reinterpret_cast<void *>(&ownDefinition), &Info) ||
        !(H = dlopen(Info.dli_fname, RTLD_LAZY | RTLD_NOLOAD)))
      return nullptr;
    Self.store(H, std::memory_order_release); // held for the process's life
  }
  void *Sym = gemm::runtime::glibcDlsym()(H, Name);
  Dl_info Info, Mine;
  if (!Sym || !dladdr(Sym, &Info) ||
      !dladdr(reinterpret_cast<void *>(&ownDefinition), &Mine) ||
      Info.dli_fbase != Mine.dli_fbase)
    return nullptr;
  return Sym;
}

} // namespace

// A cuBLAS or cuBLASLt function looked up by name in the real library comes
// back as the preload's guarded definition; every other lookup is glibc's
// own, reached by a tail call so that RTLD_NEXT still means "next after the
// caller".
extern "C" __attribute__((visibility("default"))) void *
dlsym(void *Handle, const char *Name) {
  const gemm::runtime::DlsymFunction Fn = gemm::runtime::glibcDlsym();
  if (!Fn)
    return nullptr;
  // RTLD_DEFAULT finds the preload's definitions already; RTLD_NEXT is
  // relative to the caller, which only the tail call keeps.
  if (Handle != RTLD_DEFAULT && Handle != RTLD_NEXT &&
      std::strncmp(Name, "cublas", 6) == 0) {
    void *Found = Fn(Handle, Name);
    if (gemm::runtime::isInLibrary(gemm::runtime::Library::Cublas, Found) ||
        gemm::runtime::isInLibrary(gemm::runtime::Library::CublasLt, Found))
      if (void *Own = ownDefinition(Name))
        return Own;
    return Found;
  }
#if defined(__clang__) && __has_cpp_attribute(clang::musttail)
  [[clang::musttail]] return Fn(Handle, Name);
#else
  return Fn(Handle, Name); // a sibling call at -O2
#endif
}
