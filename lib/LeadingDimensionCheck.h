//===--- LeadingDimensionCheck.h - gemm-tidy ----------------------------*- C++ -*-===//

#ifndef GEMM_TIDY_LEADINGDIMENSIONCHECK_H
#define GEMM_TIDY_LEADINGDIMENSIONCHECK_H

#include "GemmCallCheck.h"

namespace clang::tidy::gemm {

/// Finds leading dimensions below the stored row count of a cuBLAS GEMM operand.
///
/// For the user-facing documentation see:
/// docs/checks/gemm-leading-dimension.md
class LeadingDimensionCheck : public GemmCallCheck {
public:
  LeadingDimensionCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  const std::string &fixNote(const rules::Finding &F) const override {
    return RowMajorHint || !F.RowMajorIdiom ? F.Note : F.SizeNote;
  }

  /// When the leading dimension equals the operand's column count (the row-major
  /// mix-up), explain the row-major idiom in the note; otherwise the note only
  /// gives the size the leading dimension must have.
  const bool RowMajorHint;
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_LEADINGDIMENSIONCHECK_H
