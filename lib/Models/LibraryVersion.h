//===--- LibraryVersion.h - gemm-tidy -----------------------------*- C++ -*-===//
//
// The cuBLAS version the translation unit is compiled against, which some
// rules depend on. Shared by the clang-tidy checks and the Static Analyzer
// checkers (lib/StaticAnalyzer), so it depends on clang's Lex library only.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_MODELS_LIBRARYVERSION_H
#define GEMM_TIDY_MODELS_LIBRARYVERSION_H

#include <cstdint>

namespace clang {
class Preprocessor;
} // namespace clang

namespace clang::tidy::gemm {

/// CUBLAS_VERSION from the cuBLAS headers seen so far, or 0.
int64_t cublasVersion(const Preprocessor *PP);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_MODELS_LIBRARYVERSION_H
