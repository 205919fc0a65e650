//===--- InvalidSizeCheck.cpp - gemm-tidy -------------------------------===//

#include "InvalidSizeCheck.h"

namespace clang::tidy::gemm {

InvalidSizeCheck::InvalidSizeCheck(StringRef Name, ClangTidyContext *Context)
    : GemmCallCheck(Name, Context, rules::Category::InvalidSize),
      CheckNarrowing(Options.get("CheckNarrowing", true)) {}

void InvalidSizeCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  GemmCallCheck::storeOptions(Opts);
  Options.store(Opts, "CheckNarrowing", CheckNarrowing);
}

} // namespace clang::tidy::gemm
