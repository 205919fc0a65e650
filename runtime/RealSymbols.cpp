//===--- RealSymbols.cpp - the real library functions behind the guard ----===//
//
// Minimal implementation (the cuBLASLt guard's branch): the library's
// handle from dlopen(RTLD_NOLOAD) over its sonames, else the next definition
// in the search order; never an address inside this preload library.
//
//===----------------------------------------------------------------------===//
#include "RealSymbols.h"

#include <dlfcn.h>

namespace gemm::runtime {

namespace {

const char *const CublasNames[] = {"libcublas.so.13", "libcublas.so.12",
                                   "libcublas.so.11", "libcublas.so", nullptr};
const char *const CublasLtNames[] = {"libcublasLt.so.13", "libcublasLt.so.12",
                                     "libcublasLt.so.11", "libcublasLt.so",
                                     nullptr};
const char *const CudartNames[] = {"libcudart.so.13", "libcudart.so.12",
                                   "libcudart.so", nullptr};

// Whether Sym lies in the shared object that holds this function.
bool isOwn(void *Sym) {
  Dl_info Mine, Theirs;
  if (!dladdr(reinterpret_cast<void *>(&isOwn), &Mine) ||
      !dladdr(Sym, &Theirs))
    return false;
  return Mine.dli_fbase == Theirs.dli_fbase;
}

} // namespace

void *realSymbol(Library Lib, const char *Name) noexcept {
  if (!Name)
    return nullptr;
  const char *const *Names = Lib == Library::Cublas     ? CublasNames
                             : Lib == Library::CublasLt ? CublasLtNames
                                                        : CudartNames;
  for (; *Names; ++Names) {
    void *Handle = dlopen(*Names, RTLD_LAZY | RTLD_NOLOAD);
    if (!Handle)
      continue;
    void *Sym = dlsym(Handle, Name);
    dlclose(Handle); // RTLD_NOLOAD took a reference; the library stays
    if (Sym && !isOwn(Sym))
      return Sym;
  }
  void *Sym = dlsym(RTLD_NEXT, Name);
  return Sym && !isOwn(Sym) ? Sym : nullptr;
}

} // namespace gemm::runtime
