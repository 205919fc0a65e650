//===--- InvalidEnumCheck.cpp - gemm-tidy -------------------------------===//

#include "InvalidEnumCheck.h"

namespace clang::tidy::gemm {

InvalidEnumCheck::InvalidEnumCheck(StringRef Name, ClangTidyContext *Context)
    : GemmCallCheck(Name, Context, rules::Category::InvalidEnum),
      CublasVersion(Options.get("CublasVersion", static_cast<int64_t>(0))) {}

void InvalidEnumCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  GemmCallCheck::storeOptions(Opts);
  Options.store(Opts, "CublasVersion", CublasVersion);
}

} // namespace clang::tidy::gemm
