//===--- TypeCombinationCheck.h - gemm-tidy ----------------------------*- C++ -*-===//

#ifndef GEMM_TIDY_TYPECOMBINATIONCHECK_H
#define GEMM_TIDY_TYPECOMBINATIONCHECK_H

#include "GemmCallCheck.h"
#include <string_view>
namespace clang::tidy::gemm {

/// Finds (Atype, Btype, Ctype, computeType) combinations that a cuBLAS GEMM does
/// not support.
///
/// For the user-facing documentation see:
/// docs/checks/gemm-type-combination.md
class TypeCombinationCheck : public GemmCallCheck {
public:
  TypeCombinationCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  bool shouldReport(const rules::Finding &F) const override {
    return CheckLegacyComputeType ||
           std::string_view(F.RuleId) != "types.legacy-compute";
  }

  /// Report cudaDataType compute types that the C++ compatibility overload
  /// cannot map (it returns CUBLAS_STATUS_NOT_SUPPORTED).
  const bool CheckLegacyComputeType;
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_TYPECOMBINATIONCHECK_H
