//===--- TypeCombinationCheck.cpp - gemm-tidy -------------------------------===//

#include "TypeCombinationCheck.h"

namespace clang::tidy::gemm {

TypeCombinationCheck::TypeCombinationCheck(StringRef Name, ClangTidyContext *Context)
    : GemmCallCheck(Name, Context, rules::Category::TypeCombination),
      CheckLegacyComputeType(Options.get("CheckLegacyComputeType", true)) {}

void TypeCombinationCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  GemmCallCheck::storeOptions(Opts);
  Options.store(Opts, "CheckLegacyComputeType", CheckLegacyComputeType);
}

} // namespace clang::tidy::gemm
