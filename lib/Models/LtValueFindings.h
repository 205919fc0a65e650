//===--- LtValueFindings.h - gemm-tidy ----------------------------*- C++ -*-===//
//
// Which cuBLASLt findings judge a value as a setter or Create wrote it.
// Both tiers report those at the call that wrote the value, not again at
// every matmul that reads the object; the list is shared so that they
// agree on where each finding lands.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_MODELS_LTVALUEFINDINGS_H
#define GEMM_TIDY_MODELS_LTVALUEFINDINGS_H

#include "gemm/rules/findings.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

namespace clang::tidy::gemm {

/// Whether \p F, found at a cublasLtMatmul or heuristic call, is about a
/// value a setter or Create wrote (reported at that call instead).
inline bool isSetterValueFinding(const ::gemm::rules::Finding &F) {
  static const llvm::StringRef Ids[] = {
      "LT-OBJ-DESCARGS", "LT-TYPE-EMU",   "LT-MISC-TRANSC",
      "LT-EPI-VALUE",    "LT-PTR-VALUE",  "LT-ATTR-ENUM",
      "LT-SHAPE-INT32",  "LT-LD-NEG",     "LT-BATCH-POS"};
  return llvm::is_contained(Ids, llvm::StringRef(F.RuleId));
}

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_MODELS_LTVALUEFINDINGS_H
