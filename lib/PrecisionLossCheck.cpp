//===--- PrecisionLossCheck.cpp - gemm-tidy ------------------------------===//

#include "PrecisionLossCheck.h"

namespace clang::tidy::gemm {

PrecisionLossCheck::PrecisionLossCheck(StringRef Name,
                                       ClangTidyContext *Context)
    : GemmCallCheck(Name, Context, rules::Category::PrecisionLoss),
      FixDefaultTensorOp(Options.get("FixDefaultTensorOp", false)) {}

void PrecisionLossCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  GemmCallCheck::storeOptions(Opts);
  Options.store(Opts, "FixDefaultTensorOp", FixDefaultTensorOp);
}

} // namespace clang::tidy::gemm
