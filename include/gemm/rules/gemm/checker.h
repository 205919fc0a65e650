// gemm/rules/gemm/checker.h - the checker of one GEMM-family call: its state
// and helpers; the rules, one family a header, are its member functions
// (gemm/rules/gemm/*.h), run in the order run() gives.
#ifndef GEMM_RULES_GEMM_CHECKER_H
#define GEMM_RULES_GEMM_CHECKER_H

#include "gemm/rules/gemm/call_values.h"
#include "gemm/rules/type_tables.h"
#include "gemm/rules/vendor.h"
#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace gemm {
namespace rules {
namespace detail {

inline std::string quote(const std::string &S) { return "'" + S + "'"; }

// Sizes and spans of non-negative operands, saturating: a result past
// INT64_MAX is INT64_MAX, which no allocation or stride reaches.
inline int64_t satMul(int64_t A, int64_t B) {
  int64_t R;
  return __builtin_mul_overflow(A, B, &R) ? INT64_MAX : R;
}
inline int64_t satAdd(int64_t A, int64_t B) {
  int64_t R;
  return __builtin_add_overflow(A, B, &R) ? INT64_MAX : R;
}
// A saturated count, as the words of a message.
inline std::string countText(int64_t V) {
  return V == INT64_MAX ? "more than " + std::to_string(V - 1)
                        : std::to_string(V);
}

// The stored shape of an operand: A is m x k unless transposed, B is k x n.
struct Operand {
  Role Trans, Ld, Rows, Cols; // Rows/Cols of op(X), before the transpose
  char Letter;
};

class Checker {
public:
  Checker(const ApiInfo &Api, const CallValues &In) : Api(Api), In(In) {
    for (unsigned I = 0; I < GemmRoleCount; ++I)
      Narrowed[I] = false;
  }

  std::vector<Finding> run() {
    checkSizeWidths();
    if (Api.isGrouped())
      checkGroups();
    else
      checkShape(-1);
    checkTypes();
    checkPitches();
    checkAlgo();
    checkScalars();
    checkBuffers();
    checkPrecision();
    return std::move(S.Out);
  }

private:
  const ApiInfo &Api;
  const CallValues &In;
  Sink S;
  bool Narrowed[GemmRoleCount];
  // Canonical types once checkTypes has judged them; -1 where unknown or
  // invalid (an invalid one has been reported already).
  int64_t DataA = -1, DataB = -1, DataC = -1, Compute = -1;

  Value get(Role R, int Group = -1) const {
    if (!Api.has(R) || Narrowed[static_cast<unsigned>(R)])
      return Value::unknown();
    if (Group >= 0 && isPerGroup(R)) {
      const std::vector<Value> &G = In.group(R);
      return static_cast<size_t>(Group) < G.size() ? G[static_cast<size_t>(Group)]
                                                  : Value::unknown();
    }
    return In[R];
  }

  bool isPerGroup(Role R) const { return Api.isPerGroup(R); }

  // Group indexes the host arrays given; the name and the finding carry
  // its number among all groups.
  int absoluteGroup(Role R, int Group) const {
    return isPerGroup(R) && Group >= 0
               ? static_cast<int>(Group + In.GroupBase)
               : -1;
  }

  std::string name(Role R, int Group = -1) const {
    return paramName(Api, R, absoluteGroup(R, Group));
  }

  // The function as the messages name it.
  std::string fn() const {
    return In.CalledAs.empty() ? std::string(Api.Name) : In.CalledAs;
  }

  Finding &add(Category Cat, const char *RuleId, Role Param, int Group,
               int64_t V, std::string Msg, std::string Note,
               std::vector<Input> Inputs) {
    // cuBLAS runs a call that loses precision (docs/rules.md: the
    // precision.* rules are warnings).
    Finding &F = S.add(Cat, RuleId, V, std::move(Msg), std::move(Note),
                       Cat == Category::PrecisionLoss ? Severity::Warning
                                                      : Severity::Error);
    F.Param = Param;
    F.Group = absoluteGroup(Param, Group);
    F.Inputs = std::move(Inputs);
    return F;
  }

  // --- sizes: gemm/sizes.h
  void checkSizeWidths();
  static bool fitsInt(int64_t V);
  bool has64BitVariant() const;
  void checkNonNegative(Role R, int Group);
  void checkGroups();
  void checkGroupPointers(int64_t Count);
  void checkShape(int Group);

  // --- enums: gemm/enum_values.h
  bool checkTrans(Role R, int Group);
  int64_t conjugateIntent(Role Trans) const;
  void checkAlgo();

  // --- leading dimensions: gemm/leading_dimensions.h
  bool usesMaxOne() const;
  int64_t lowerBound(int64_t Dim) const;
  std::string boundText(const std::string &DimName, int64_t Dim) const;
  void checkOperandLd(const Operand &X, int Group);
  void checkOutputLd(Role LdRole, char Letter, int Group);
  void checkPitches();

  // --- types: gemm/types.h
  void checkTypes();

  // --- scalars: alpha and beta: gemm/scalars.h
  int64_t expectedScaleType() const;
  static std::string typeText(int64_t DataType);
  static std::string hex(int64_t V);
  std::string scaleReason() const;
  void checkScalars();

  // --- matrices: gemm/matrices.h
  struct Matrix {
    Role Ptr, Type, Ld, Stride;
    Role Trans; // Role::Count for C
    Role Rows, Cols; // of op(X)
    int64_t DataType;
  };
  Matrix matrix(Role Ptr) const;
  void checkBuffers();
  bool storedShape(const Matrix &X, int64_t &Rows, int64_t &Cols,
                   std::string &Text) const;
  void checkExtent(const Matrix &X, const PointerFacts &P);
  void checkInt8();
  void checkPrecision();
  void checkStridedOverlap();
  bool checkComputeTypeValue(int64_t Raw, int64_t Canon);
  static std::string versionText(int64_t V);
  void legacyComputeFinding(int64_t Raw);
  static bool matches(int64_t Want, int64_t Have);
  void checkCombination(int64_t CT, int64_t AB, Role ABRole, int64_t CType,
                        Role CRole);
  std::string supportedList(int64_t CT, int64_t AB, Role Blamed,
                            Role CRole) const;
};

} // namespace detail
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_GEMM_CHECKER_H
