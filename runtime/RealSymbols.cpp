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

struct Family {
  const char *Prefix;       // the basename every soname of it starts with
  const char *Sonames[5];   // newest first
};

const Family &family(Library Lib) {
  static constexpr Family Cublas{
      "libcublas.so",
      {"libcublas.so.13", "libcublas.so.12", "libcublas.so.11",
       "libcublas.so", nullptr}};
  static constexpr Family CublasLt{
      "libcublasLt.so",
      {"libcublasLt.so.13", "libcublasLt.so.12", "libcublasLt.so.11",
       "libcublasLt.so", nullptr}};
  static constexpr Family Cudart{
      "libcudart.so",
      {"libcudart.so.13", "libcudart.so.12", "libcudart.so.11",
       "libcudart.so", nullptr}};
  switch (Lib) {
  case Library::Cublas: return Cublas;
  case Library::CublasLt: return CublasLt;
  case Library::Cudart: break;
  }
  return Cudart;
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

// `Name` in the object `Handle` stands for, unless it is one of ours.
void *lookIn(void *Handle, const char *Name) {
  if (!Handle)
    return nullptr;
  const DlsymFunction Dlsym = glibcDlsym();
  void *Sym = Dlsym ? Dlsym(Handle, Name) : nullptr;
  Dl_info Info;
  if (Sym && dladdr(Sym, &Info) && Info.dli_fbase == ownBase())
    Sym = nullptr;
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
         hasPrefix(Info.dli_fname, family(Lib).Prefix);
}

void *realSymbol(Library Lib, const char *Name) noexcept {
  const Family &F = family(Lib);
  // The sonames this family is known by, if the process has one loaded.
  for (const char *const *Soname = F.Sonames; *Soname; ++Soname)
    if (void *Sym = lookIn(dlopen(*Soname, RTLD_LAZY | RTLD_NOLOAD), Name))
      return Sym;
  // Any other object of the family, e.g. a renamed copy a wheel bundles.
  Search S{F.Prefix, {}};
  if (dl_iterate_phdr(findLoaded, &S))
    if (void *Sym = lookIn(dlopen(S.Path, RTLD_LAZY | RTLD_NOLOAD), Name))
      return Sym;
  // Last, the global scope after the preload (a library that defines the
  // family under another name).
  const DlsymFunction Dlsym = glibcDlsym();
  void *Sym = Dlsym ? Dlsym(RTLD_NEXT, Name) : nullptr;
  Dl_info Info;
  if (Sym && dladdr(Sym, &Info) && Info.dli_fbase == ownBase())
    return nullptr;
  return Sym;
}

} // namespace gemm::runtime
