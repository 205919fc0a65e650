// gemm/rules/rule_ids.h - every rule id the rules core reports (the ids of
// docs/rules.md), and the nearest known name to a misspelt one: what
// GEMM_GUARD_IGNORE accepts besides the check names and call sites.
// RulesTest checks this list against the ids the rule headers report.
#ifndef GEMM_RULES_RULE_IDS_H
#define GEMM_RULES_RULE_IDS_H

#include "gemm/rules/check.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace gemm::rules {

inline constexpr const char *RuleIds[] = {
    "batch.overlap", "buffer.extent", "buffer.type", "enum.algo",
    "enum.compute-type", "enum.data-type", "enum.trans", "enum.version",
    "group.array", "group.more",
    "int8.ld", "int8.pointer", "ld.operand", "ld.output", "ld.pitch-bytes",
    "pointer.mode", "pointer.mode-grouped", "pointer.null", "pointer.null-c",
    "pointer.null-handle", "precision.tensor-op-algo",
    "precision.tensor-op-math", "scalar.alignment", "scalar.type", "size.int32",
    "size.negative", "types.c-d", "types.combination", "types.legacy-compute",
    "types.mixed-ab", "types.narrow-float", "LT-ALGO-COUNT", "LT-ALGO-INIT",
    "LT-ALGO-RESULT",
    "LT-ALIGN-PREF", "LT-ATTR-ENUM", "LT-ATTR-GET", "LT-ATTR-NULLBUF",
    "LT-ATTR-PTRBUF", "LT-ATTR-SIZE", "LT-ATTR-TYPE", "LT-ATTR-VERSION",
    "LT-BATCH-EQ", "LT-BATCH-POS", "LT-BATCH-STRIDE", "LT-CD-FP8ACC",
    "LT-CD-INPLACE", "LT-CD-MATCH", "LT-CD-NARROW", "LT-CD-NULLC", "LT-EPI-ALIGN",
    "LT-EPI-AUX",
    "LT-EPI-AUXLD", "LT-EPI-AUXSTRIDE", "LT-EPI-AUXTYPE", "LT-EPI-BATCHMODE",
    "LT-EPI-BIASPTR", "LT-EPI-BIASTYPE", "LT-EPI-BLOCKFP8", "LT-EPI-ROWORDER",
    "LT-EPI-TYPE", "LT-EPI-VALUE", "LT-FP4-CD", "LT-FP4-DOUT", "LT-FP4-REQ",
    "LT-FP8-ALIGN", "LT-FP8-ARCH", "LT-FP8-AUXTYPE", "LT-FP8-BIAS", "LT-FP8-CD",
    "LT-FP8-COMPUTE", "LT-FP8-TN", "LT-FP8-TYPES", "LT-IMMA-ALPHA01",
    "LT-IMMA-EPI", "LT-IMMA-EPI2", "LT-IMMA-LD4", "LT-IMMA-MK4",
    "LT-IMMA-ORDER", "LT-IMMA-ORDERARCH", "LT-IMMA-PMODE", "LT-IMMA-PMODE2",
    "LT-IMMA-PTR4", "LT-IMMA-TN", "LT-LD-COL", "LT-LD-COL32", "LT-LD-COL32R4",
    "LT-LD-COL4", "LT-LD-HERM", "LT-LD-NEG", "LT-LD-ROW", "LT-LD-ZERO",
    "LT-MISC-FILL", "LT-MISC-TRANSC", "LT-OBJ-CREATE", "LT-OBJ-DESCARGS",
    "LT-OBJ-LIFE", "LT-OBJ-XFORM", "LT-PTR-AVBS", "LT-PTR-BATCHMODE",
    "LT-PTR-LOC", "LT-PTR-NULL", "LT-PTR-VALUE", "LT-PTR-VECLEN",
    "LT-SCALE-2D2D", "LT-SCALE-ARCH", "LT-SCALE-BLOCKMIX", "LT-SCALE-DNARROW",
    "LT-SCALE-FP8D", "LT-SCALE-MN4", "LT-SCALE-NARROW", "LT-SCALE-OUTERVEC",
    "LT-SCALE-PTR", "LT-SCALE-PTRARRAY", "LT-SCALE-TILE", "LT-SHAPE-INT32",
    "LT-SHAPE-MNK", "LT-TYPE-AB", "LT-TYPE-ALPHA", "LT-TYPE-COMBO", "LT-TYPE-D",
    "LT-TYPE-EMU", "LT-TYPE-FAST", "LT-TYPE-SCALE", "LT-WS-ALIGN", "LT-WS-NULL",
    "LT-WS-SIZE",
};

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
  for (const char *Id : RuleIds)
    if (Name == Id)
      return true;
  return false;
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
  for (const char *Id : RuleIds)
    Consider(Id);
  return Best;
}

} // namespace gemm::rules

#endif // GEMM_RULES_RULE_IDS_H
