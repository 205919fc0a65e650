//===--- InvalidEnumCheck.h - gemm-tidy ----------------------------*- C++ -*-===//

#ifndef GEMM_TIDY_INVALIDENUMCHECK_H
#define GEMM_TIDY_INVALIDENUMCHECK_H

#include "GemmCallCheck.h"

namespace clang::tidy::gemm {

/// Finds transpose, algorithm, compute type and data type arguments of a cuBLAS
/// GEMM that are no valid enumerator.
///
/// For the user-facing documentation see:
/// docs/checks/gemm-invalid-enum.md
class InvalidEnumCheck : public GemmCallCheck {
public:
  InvalidEnumCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  int64_t libraryVersionOverride() const override { return CublasVersion; }

  /// The CUBLAS_VERSION to judge version-dependent enumerators by; 0 reads it
  /// from the cuBLAS headers.
  const int64_t CublasVersion;
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_INVALIDENUMCHECK_H
