//===--- EpilogueCheck.h - gemm-tidy ----------------------------*- C++ -*-===//

#ifndef GEMM_TIDY_EPILOGUECHECK_H
#define GEMM_TIDY_EPILOGUECHECK_H

#include "GemmCallCheck.h"

namespace clang::tidy::gemm {

/// Finds cublasLtMatmul epilogues whose bias or aux buffers, types,
/// leading dimensions or batch modes cuBLASLt rejects.
///
/// For the user-facing documentation see:
/// docs/checks/gemm-epilogue.md
class EpilogueCheck : public GemmCallCheck {
public:
  EpilogueCheck(StringRef Name, ClangTidyContext *Context)
      : GemmCallCheck(Name, Context, rules::Category::Epilogue) {}
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_EPILOGUECHECK_H
