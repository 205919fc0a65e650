//===--- PrecisionLossCheck.h - gemm-tidy ----------------------------*- C++ -*-===//

#ifndef GEMM_TIDY_PRECISIONLOSSCHECK_H
#define GEMM_TIDY_PRECISIONLOSSCHECK_H

#include "GemmCallCheck.h"

namespace clang::tidy::gemm {

/// Finds fp32 GEMMs that silently compute in half precision: a deprecated
/// *_TENSOR_OP algorithm, or the deprecated CUBLAS_TENSOR_OP_MATH mode.
///
/// For the user-facing documentation see:
/// docs/checks/gemm-precision-loss.md
class PrecisionLossCheck : public GemmCallCheck {
public:
  PrecisionLossCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  bool shouldFix(const rules::Finding &F) const override {
    return FixDefaultTensorOp;
  }

  /// Replace CUBLAS_GEMM_DEFAULT_TENSOR_OP on fp32 data by
  /// CUBLAS_GEMM_DEFAULT, which computes in full fp32 precision: a change of
  /// the results, so off unless asked for.
  const bool FixDefaultTensorOp;
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_PRECISIONLOSSCHECK_H
