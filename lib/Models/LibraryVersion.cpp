//===--- LibraryVersion.cpp - gemm-tidy ----------------------------------===//

#include "Models/LibraryVersion.h"

#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

namespace clang::tidy::gemm {

int64_t cublasVersion(const Preprocessor *PP) {
  if (!PP)
    return 0;
  auto Number = [PP](llvm::StringRef Name) -> int64_t {
    const IdentifierInfo *II = PP->getIdentifierInfo(Name);
    const MacroInfo *MI = II ? PP->getMacroInfo(II) : nullptr;
    if (!MI || MI->getNumTokens() != 1 ||
        !MI->getReplacementToken(0).is(tok::numeric_constant))
      return -1;
    const Token &T = MI->getReplacementToken(0);
    int64_t V = -1;
    if (llvm::StringRef(PP->getSpelling(T)).getAsInteger(10, V))
      return -1;
    return V;
  };
  const int64_t Major = Number("CUBLAS_VER_MAJOR"),
                Minor = Number("CUBLAS_VER_MINOR"),
                Patch = Number("CUBLAS_VER_PATCH");
  if (Major < 0 || Minor < 0 || Patch < 0)
    return 0;
  return Major * 10000 + Minor * 100 + Patch;
}

} // namespace clang::tidy::gemm
