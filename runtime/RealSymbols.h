//===--- RealSymbols.h - the real CUDA libraries behind the preload ------===//
//
// libgemm_guard_preload.so defines functions of libraries it does not link
// (cuBLAS, cuBLASLt, the CUDA runtime) and forwards to the copies the
// process has loaded itself, however they were loaded: linked by the
// executable, or dlopen'ed with RTLD_LOCAL by an extension module.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUNTIME_REALSYMBOLS_H
#define GEMM_RUNTIME_REALSYMBOLS_H

namespace gemm::runtime {

enum class Library { Cublas, CublasLt, Cudart };

// The address of `name` in the real library of that family the process has
// loaded (found with dlopen(<soname>, RTLD_NOLOAD) over the known sonames,
// then a search), never one of the preload's own interposers; nullptr when
// it cannot be found. Thread-safe, fork-safe, never aborts.
void *realSymbol(Library lib, const char *name) noexcept;

// glibc's dlsym, not the preload's interposer of it; null if not found.
using DlsymFunction = void *(*)(void *, const char *) noexcept;
DlsymFunction glibcDlsym() noexcept;

// Whether `address` lies in a library of that family (not in the preload).
bool isInLibrary(Library lib, const void *address) noexcept;

} // namespace gemm::runtime

#endif // GEMM_RUNTIME_REALSYMBOLS_H
