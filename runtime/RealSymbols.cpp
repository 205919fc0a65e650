//===--- RealSymbols.cpp - the real CUDA libraries behind the preload ----===//
//
// No lock of its own and nothing cached: callers cache what they resolve
// (in atomics), so a child forked at any moment finds no lock held here.
// The dynamic loader's own locks are fork-safe in glibc.
//
//===----------------------------------------------------------------------===//

#include "RealSymbols.h"

#include <atomic>
#include <cstring>
#include <initializer_list>
#include <dlfcn.h>
#include <link.h>

namespace gemm::runtime {
namespace {

// The sonames a family is known by: its basename with these suffixes,
// newest first.
constexpr const char *SonameSuffixes[] = {".13", ".12", ".11", ""};

const char *prefix(Library Lib) {
  switch (Lib) {
  case Library::Cublas: return "libcublas.so";
  case Library::CublasLt: return "libcublasLt.so";
  case Library::Cudart: break;
  }
  return "libcudart.so";
}

// The load address of the object holding this code: the preload itself.
const void *ownBase() {
  Dl_info Info;
  if (dladdr(reinterpret_cast<const void *>(&ownBase), &Info))
    return Info.dli_fbase;
  return nullptr;
}

bool hasPrefix(const char *Path, const char *Prefix) {
  if (!Path)
    return false;
  const char *Slash = std::strrchr(Path, '/');
  const char *Base = Slash ? Slash + 1 : Path;
  return std::strncmp(Base, Prefix, std::strlen(Prefix)) == 0;
}

// Sym, unless it is one of the preload's own definitions.
void *notOurs(void *Sym) {
  Dl_info Info;
  if (Sym && dladdr(Sym, &Info) && Info.dli_fbase == ownBase())
    return nullptr;
  return Sym;
}

// `Name` in the object `Handle` stands for, unless it is one of ours.
void *lookIn(void *Handle, const char *Name) {
  if (!Handle)
    return nullptr;
  const DlsymFunction Dlsym = glibcDlsym();
  void *Sym = notOurs(Dlsym ? Dlsym(Handle, Name) : nullptr);
  dlclose(Handle);
  return Sym;
}

struct Search {
  const char *Prefix;
  char Path[4096];
};

int findLoaded(struct dl_phdr_info *Info, size_t, void *Data) {
  auto *S = static_cast<Search *>(Data);
  if (!hasPrefix(Info->dlpi_name, S->Prefix) ||
      reinterpret_cast<const void *>(Info->dlpi_addr) == ownBase())
    return 0;
  std::strncpy(S->Path, Info->dlpi_name, sizeof(S->Path) - 1);
  S->Path[sizeof(S->Path) - 1] = 0;
  return 1;
}

} // namespace

DlsymFunction glibcDlsym() noexcept {
  // dlvsym is not interposed; it finds glibc's dlsym past the preload.
  static std::atomic<DlsymFunction> Real{nullptr};
  DlsymFunction Fn = Real.load(std::memory_order_acquire);
  if (!Fn) {
    for (const char *Version : {"GLIBC_2.34", "GLIBC_2.2.5"})
      if ((Fn = reinterpret_cast<DlsymFunction>(
               dlvsym(RTLD_NEXT, "dlsym", Version))))
        break;
    Real.store(Fn, std::memory_order_release);
  }
  return Fn;
}

bool isInLibrary(Library Lib, const void *Address) noexcept {
  Dl_info Info;
  return Address && dladdr(Address, &Info) && Info.dli_fbase != ownBase() &&
         hasPrefix(Info.dli_fname, prefix(Lib));
}

void *realSymbol(Library Lib, const char *Name) noexcept {
  const char *Prefix = prefix(Lib);
  // The sonames this family is known by, if the process has one loaded.
  for (const char *Suffix : SonameSuffixes) {
    char Soname[64];
    std::strncpy(Soname, Prefix, sizeof(Soname) - 8);
    Soname[sizeof(Soname) - 8] = 0;
    std::strcat(Soname, Suffix);
    if (void *Sym = lookIn(dlopen(Soname, RTLD_LAZY | RTLD_NOLOAD), Name))
      return Sym;
  }
  // Any other object of the family, e.g. a renamed copy a wheel bundles.
  Search S{Prefix, {}};
  if (dl_iterate_phdr(findLoaded, &S))
    if (void *Sym = lookIn(dlopen(S.Path, RTLD_LAZY | RTLD_NOLOAD), Name))
      return Sym;
  // Last, the global scope after the preload (a library that defines the
  // family under another name).
  const DlsymFunction Dlsym = glibcDlsym();
  return notOurs(Dlsym ? Dlsym(RTLD_NEXT, Name) : nullptr);
}

} // namespace gemm::runtime
