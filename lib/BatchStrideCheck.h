//===--- BatchStrideCheck.h - gemm-tidy ----------------------------*- C++ -*-===//

#ifndef GEMM_TIDY_BATCHSTRIDECHECK_H
#define GEMM_TIDY_BATCHSTRIDECHECK_H

#include "GemmCallCheck.h"

namespace clang::tidy::gemm {

/// Finds strided batched GEMMs whose C matrices overlap, and matrices that
/// reach past an allocation made with cudaMalloc in the same function.
///
/// For the user-facing documentation see:
/// docs/checks/gemm-batch-stride.md
class BatchStrideCheck : public GemmCallCheck {
public:
  BatchStrideCheck(StringRef Name, ClangTidyContext *Context)
      : GemmCallCheck(Name, Context, rules::Category::BatchStride) {}

private:
  bool reportsCategory(rules::Category C) const override {
    return C == rules::Category::BatchStride ||
           C == rules::Category::BufferExtent;
  }
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_BATCHSTRIDECHECK_H
