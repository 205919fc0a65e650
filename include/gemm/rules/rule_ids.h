// gemm/rules/rule_ids.h - every rule id the rules core reports (the ids of
// docs/rules.md and docs/cublaslt.md) and where its findings are reported,
// and the nearest known name to a misspelt one: what GEMM_GUARD_IGNORE
// accepts besides the check names and call sites. RulesTest checks this
// table against the ids the rule headers report.
#ifndef GEMM_RULES_RULE_IDS_H
#define GEMM_RULES_RULE_IDS_H

#include "gemm/rules/check.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace gemm::rules {

// Where each rule's findings are reported (Finding::Where): at the call
// that reads the values, or, for a value wrong in itself, at the setter or
// Create call that wrote it. RulesTest checks that the findings of every
// rule carry the row's Where and the inputs it implies.
struct RuleInfo {
  const char *Id;
  Reported Where;
};

namespace rule_table {
constexpr Reported Call = Reported::AtCall, Setter = Reported::AtSetter;
inline constexpr RuleInfo RuleTable[] = {
    {"batch.overlap", Call}, {"buffer.extent", Call}, {"buffer.type", Call},
    {"enum.algo", Call}, {"enum.compute-type", Call}, {"enum.data-type", Call},
    {"enum.trans", Call}, {"enum.version", Call}, {"group.array", Call},
    {"group.more", Call}, {"int8.ld", Call}, {"int8.pointer", Call},
    {"ld.operand", Call}, {"ld.output", Call}, {"ld.pitch-bytes", Call},
    {"pointer.mode", Call}, {"pointer.mode-grouped", Call},
    {"pointer.null", Call}, {"pointer.null-c", Call},
    {"pointer.null-handle", Call}, {"precision.tensor-op-algo", Call},
    {"precision.tensor-op-math", Call}, {"scalar.alignment", Call},
    {"scalar.type", Call}, {"size.int32", Call}, {"size.negative", Call},
    {"types.c-d", Call}, {"types.combination", Call},
    {"types.legacy-compute", Call}, {"types.mixed-ab", Call},
    {"types.narrow-float", Call}, {"LT-ALGO-COUNT", Call},
    {"LT-ALGO-INIT", Call}, {"LT-ALGO-RESULT", Call}, {"LT-ALIGN-PREF", Call},
    {"LT-ATTR-ENUM", Setter}, {"LT-ATTR-GET", Call}, {"LT-ATTR-NULLBUF", Call},
    {"LT-ATTR-PTRBUF", Call}, {"LT-ATTR-SIZE", Call}, {"LT-ATTR-TYPE", Call},
    {"LT-ATTR-VERSION", Call}, {"LT-BATCH-EQ", Call}, {"LT-BATCH-POS", Setter},
    {"LT-BATCH-STRIDE", Call}, {"LT-CD-FP8ACC", Call}, {"LT-CD-INPLACE", Call},
    {"LT-CD-MATCH", Call}, {"LT-CD-NARROW", Call}, {"LT-CD-NULLC", Call},
    {"LT-EPI-ALIGN", Call}, {"LT-EPI-AUX", Call}, {"LT-EPI-AUXLD", Call},
    {"LT-EPI-AUXSTRIDE", Call}, {"LT-EPI-AUXTYPE", Call},
    {"LT-EPI-BATCHMODE", Call}, {"LT-EPI-BIASPTR", Call},
    {"LT-EPI-BIASTYPE", Call}, {"LT-EPI-BLOCKFP8", Call},
    {"LT-EPI-ROWORDER", Call}, {"LT-EPI-TYPE", Call}, {"LT-EPI-VALUE", Setter},
    {"LT-FP4-CD", Call}, {"LT-FP4-DOUT", Call}, {"LT-FP4-REQ", Call},
    {"LT-FP8-ALIGN", Call}, {"LT-FP8-ARCH", Call}, {"LT-FP8-AUXTYPE", Call},
    {"LT-FP8-BIAS", Call}, {"LT-FP8-CD", Call}, {"LT-FP8-COMPUTE", Call},
    {"LT-FP8-TN", Call}, {"LT-FP8-TYPES", Call}, {"LT-IMMA-ALPHA01", Call},
    {"LT-IMMA-EPI", Call}, {"LT-IMMA-EPI2", Call}, {"LT-IMMA-LD4", Call},
    {"LT-IMMA-MK4", Call}, {"LT-IMMA-ORDER", Call}, {"LT-IMMA-ORDERARCH", Call},
    {"LT-IMMA-PMODE", Call}, {"LT-IMMA-PMODE2", Call}, {"LT-IMMA-PTR4", Call},
    {"LT-IMMA-TN", Call}, {"LT-LD-COL", Call}, {"LT-LD-COL32", Call},
    {"LT-LD-COL32R4", Call}, {"LT-LD-COL4", Call}, {"LT-LD-HERM", Call},
    {"LT-LD-NEG", Setter}, {"LT-LD-ROW", Call}, {"LT-LD-ZERO", Call},
    {"LT-MISC-FILL", Call}, {"LT-MISC-TRANSC", Setter}, {"LT-OBJ-CREATE", Call},
    {"LT-OBJ-DESCARGS", Setter}, {"LT-OBJ-LIFE", Call}, {"LT-OBJ-XFORM", Call},
    {"LT-PTR-AVBS", Call}, {"LT-PTR-BATCHMODE", Call}, {"LT-PTR-LOC", Call},
    {"LT-PTR-NULL", Call}, {"LT-PTR-VALUE", Setter}, {"LT-PTR-VECLEN", Call},
    {"LT-SCALE-2D2D", Call}, {"LT-SCALE-ARCH", Call},
    {"LT-SCALE-BLOCKMIX", Call}, {"LT-SCALE-DNARROW", Call},
    {"LT-SCALE-FP8D", Call}, {"LT-SCALE-MN4", Call}, {"LT-SCALE-NARROW", Call},
    {"LT-SCALE-OUTERVEC", Call}, {"LT-SCALE-PTR", Call},
    {"LT-SCALE-PTRARRAY", Call}, {"LT-SCALE-TILE", Call},
    {"LT-SHAPE-INT32", Setter}, {"LT-SHAPE-MNK", Call}, {"LT-TYPE-AB", Call},
    {"LT-TYPE-ALPHA", Call}, {"LT-TYPE-COMBO", Call}, {"LT-TYPE-D", Call},
    {"LT-TYPE-EMU", Setter}, {"LT-TYPE-FAST", Call}, {"LT-TYPE-SCALE", Call},
    {"LT-WS-ALIGN", Call}, {"LT-WS-NULL", Call}, {"LT-WS-SIZE", Call},
};
} // namespace rule_table
using rule_table::RuleTable;

// The row of rule \p Id, or null.
inline const RuleInfo *findRule(const std::string &Id) {
  for (const RuleInfo &R : RuleTable)
    if (Id == R.Id)
      return &R;
  return nullptr;
}

inline constexpr Category AllCategories[] = {
    Category::LeadingDimension, Category::InvalidSize,
    Category::TypeCombination,  Category::InvalidEnum,
    Category::ScalarType,       Category::BufferType,
    Category::ScalarPointerMode, Category::Int8Alignment,
    Category::BatchStride,      Category::BufferExtent,
    Category::PrecisionLoss,    Category::AttributeEncoding,
    Category::ShapeConsistency, Category::NarrowPrecision,
    Category::Epilogue,         Category::Workspace};

// Whether Name is a check name (leading-dimension) or a rule id (ld.operand).
inline bool isKnownCheckOrRule(const std::string &Name) {
  for (Category C : AllCategories)
    if (Name == categoryName(C))
      return true;
  return findRule(Name) != nullptr;
}

// The Levenshtein distance between A and B, ignoring ASCII case where asked
// ("Device" is next to "device"): the "did you mean" of every front end.
inline size_t editDistance(const std::string &A, const std::string &B,
                           bool IgnoreCase = false) {
  auto Same = [IgnoreCase](char X, char Y) {
    auto Lower = [](char C) { return C >= 'A' && C <= 'Z' ? char(C - 'A' + 'a') : C; };
    return IgnoreCase ? Lower(X) == Lower(Y) : X == Y;
  };
  std::vector<size_t> Row(B.size() + 1);
  for (size_t J = 0; J <= B.size(); ++J)
    Row[J] = J;
  for (size_t I = 1; I <= A.size(); ++I) {
    size_t Diagonal = Row[0];
    Row[0] = I;
    for (size_t J = 1; J <= B.size(); ++J) {
      const size_t Up = Row[J];
      Row[J] = std::min({Row[J] + 1, Row[J - 1] + 1,
                         Diagonal + (Same(A[I - 1], B[J - 1]) ? 0 : 1)});
      Diagonal = Up;
    }
  }
  return Row[B.size()];
}

// The check name or rule id nearest to Name (edit distance at most a third
// of its length), or "" when none is near.
inline std::string nearestCheckOrRule(const std::string &Name) {
  std::string Best;
  size_t BestDistance = Name.size() / 3 + 1;
  auto Consider = [&](const char *Candidate) {
    const size_t D = editDistance(Name, Candidate);
    if (D < BestDistance) {
      BestDistance = D;
      Best = Candidate;
    }
  };
  for (Category C : AllCategories)
    Consider(categoryName(C));
  for (const RuleInfo &R : RuleTable)
    Consider(R.Id);
  return Best;
}

} // namespace gemm::rules

#endif // GEMM_RULES_RULE_IDS_H
