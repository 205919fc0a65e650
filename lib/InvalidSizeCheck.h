//===--- InvalidSizeCheck.h - gemm-tidy ----------------------------*- C++ -*-===//

#ifndef GEMM_TIDY_INVALIDSIZECHECK_H
#define GEMM_TIDY_INVALIDSIZECHECK_H

#include "GemmCallCheck.h"
#include <string_view>
namespace clang::tidy::gemm {

/// Finds negative sizes, batch and group counts, and constants that do not fit
/// the 'int' parameters of the 32-bit cuBLAS GEMM APIs.
///
/// For the user-facing documentation see:
/// docs/checks/gemm-invalid-size.md
class InvalidSizeCheck : public GemmCallCheck {
public:
  InvalidSizeCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  bool shouldReport(const rules::Finding &F) const override {
    return CheckNarrowing || std::string_view(F.RuleId) != "size.int32";
  }

  /// Report constants that do not fit a 32-bit API's 'int' parameters.
  const bool CheckNarrowing;
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_INVALIDSIZECHECK_H
