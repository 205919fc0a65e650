//===--- PluginLoader.cpp - gemm-tidy ------------------------------------===//
//
// libGemmTidy.so, the file users pass to `clang-tidy --load`. It carries no
// LLVM code: it finds out which LLVM the host clang-tidy runs on, and loads
// the checks (libGemmTidyChecks.so, beside it) only when that is the LLVM
// they were built for. A plugin built for another LLVM would otherwise list
// its checks and then silently report nothing, or crash.
//
//===----------------------------------------------------------------------===//

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <link.h>
#include <string>
#include <unistd.h>

#ifndef GEMM_TIDY_LLVM_MAJOR
#error "GEMM_TIDY_LLVM_MAJOR must name the LLVM major version built against"
#endif
#ifndef GEMM_TIDY_CHECKS_LIBRARY
#error "GEMM_TIDY_CHECKS_LIBRARY must name the checks library"
#endif

namespace {

// "libclang-cpp.so.22.1" -> 22, "libLLVM.so.19.1" -> 19, "libLLVM-19.so" ->
// 19; 0 when the name is none of these.
int majorFromLibraryName(const char *Path) {
  const char *Base = std::strrchr(Path, '/');
  Base = Base ? Base + 1 : Path;
  for (const char *Prefix : {"libclang-cpp.so.", "libLLVM.so.", "libLLVM-"}) {
    const size_t Len = std::strlen(Prefix);
    if (std::strncmp(Base, Prefix, Len) == 0 && std::isdigit(Base[Len]))
      return std::atoi(Base + Len);
  }
  return 0;
}

int callback(dl_phdr_info *Info, size_t, void *Data) {
  int &Major = *static_cast<int *>(Data);
  if (Info->dlpi_name && !Major)
    Major = majorFromLibraryName(Info->dlpi_name);
  return Major != 0;
}

// "/usr/lib/llvm-22/bin/clang-tidy" -> 22.
int majorFromExecutablePath() {
  char Buf[4096];
  const ssize_t N = readlink("/proc/self/exe", Buf, sizeof(Buf) - 1);
  if (N <= 0)
    return 0;
  Buf[N] = '\0';
  const char *P = std::strstr(Buf, "/llvm-");
  return (P && std::isdigit(P[6])) ? std::atoi(P + 6) : 0;
}

// A statically linked clang-tidy exports clang::getClangFullVersion() when
// it supports plugins at all: "... clang version 22.1.0 ...".
int majorFromClangVersionString() {
  using Fn = std::string (*)();
  void *Sym = dlsym(RTLD_DEFAULT, "_ZN5clang19getClangFullVersionB5cxx11Ev");
  if (!Sym)
    return 0;
  const std::string Version = reinterpret_cast<Fn>(Sym)();
  const size_t At = Version.find("version ");
  return At == std::string::npos ? 0 : std::atoi(Version.c_str() + At + 8);
}

int hostLlvmMajor() {
  int Major = 0;
  dl_iterate_phdr(callback, &Major);
  if (!Major)
    Major = majorFromClangVersionString();
  if (!Major)
    Major = majorFromExecutablePath();
  return Major;
}

std::string thisLibraryDirectory() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&thisLibraryDirectory), &Info) ||
      !Info.dli_fname)
    return ".";
  std::string Path = Info.dli_fname;
  const size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? "." : Path.substr(0, Slash);
}

[[noreturn]] void fail(const std::string &Message) {
  std::fputs(("error: " + Message + "\n").c_str(), stderr);
  std::fflush(stderr);
  std::_Exit(1);
}

__attribute__((constructor)) void loadGemmTidyChecks() {
  const int Built = GEMM_TIDY_LLVM_MAJOR;
  const int Host = hostLlvmMajor();
  const std::string Dir = thisLibraryDirectory();
  if (Host != 0 && Host != Built)
    fail("gemm-tidy plugin " + Dir + "/libGemmTidy.so was built for LLVM " +
         std::to_string(Built) + " but this clang-tidy is LLVM " +
         std::to_string(Host) + "; rebuild it with 'cmake -B build-" +
         std::to_string(Host) + " -DLLVM_DIR=/usr/lib/llvm-" +
         std::to_string(Host) + "/lib/cmake/llvm' or run clang-tidy-" +
         std::to_string(Built));
  const std::string Checks = Dir + "/" GEMM_TIDY_CHECKS_LIBRARY;
  if (!dlopen(Checks.c_str(), RTLD_NOW | RTLD_GLOBAL))
    fail("gemm-tidy plugin cannot load its checks from " + Checks + ": " +
         dlerror());
}

} // namespace
