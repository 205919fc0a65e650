//===--- LeadingDimensionCheck.cpp - gemm-tidy -------------------------------===//

#include "LeadingDimensionCheck.h"

namespace clang::tidy::gemm {

LeadingDimensionCheck::LeadingDimensionCheck(StringRef Name, ClangTidyContext *Context)
    : GemmCallCheck(Name, Context, rules::Category::LeadingDimension),
      RowMajorHint(Options.get("RowMajorHint", true)) {}

void LeadingDimensionCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  GemmCallCheck::storeOptions(Opts);
  Options.store(Opts, "RowMajorHint", RowMajorHint);
}

} // namespace clang::tidy::gemm
