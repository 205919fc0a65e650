//===--- RealSymbols.h - the real library functions behind the guard ------===//
//
// The preload library defines cuBLAS and cuBLASLt entry points; these find
// the real ones it forwards to.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_RUNTIME_REALSYMBOLS_H
#define GEMM_RUNTIME_REALSYMBOLS_H

namespace gemm::runtime {
enum class Library { Cublas, CublasLt, Cudart };
// The address of `name` in the real library of that family the process has loaded (found with
// dlopen(<soname>, RTLD_NOLOAD) over the known sonames, then a search), never one of the preload's
// own interposers; nullptr when it cannot be found. Thread-safe, fork-safe, never aborts.
void *realSymbol(Library lib, const char *name) noexcept;
} // namespace gemm::runtime

#endif // GEMM_RUNTIME_REALSYMBOLS_H
