//===--- GemmCallAnalysis.h - gemm-tidy ---------------------------*- C++ -*-===//
//
// Turns a call of the GEMM family into the rules core's input: the API row
// and, for each role, the argument's value when it can be folded at compile
// time. What cannot be folded stays unknown, so the rules stay silent on it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_GEMMCALLANALYSIS_H
#define GEMM_TIDY_GEMMCALLANALYSIS_H

#include "gemm/rules.h"

#include "clang/AST/Expr.h"
#include "Models/LibraryVersion.h"
#include "clang/Lex/Preprocessor.h"
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::gemm {

namespace rules = ::gemm::rules;

struct GemmCall {
  const CallExpr *Call = nullptr;
  const rules::ApiInfo *Api = nullptr;
  /// The flags of the call and the grouped APIs' constant host arrays; the
  /// scalar arguments are evaluated in context by GemmDiagnosis.
  rules::CallValues Values;

  /// The argument that plays role \p R, or null where the API has none.
  const Expr *argument(rules::Role R) const;
};

/// Describes \p Call, a call of \p Callee, whose row of the API table is
/// \p Api (classify(), Models/ApiModel.h). Returns nothing when the call is
/// not one the rules apply to: a callee whose parameter count differs from
/// the API table (an old or foreign declaration), or arguments that contain
/// errors.
std::optional<GemmCall> analyzeGemmCall(const CallExpr &Call,
                                        const rules::ApiInfo &Api,
                                        const FunctionDecl &Callee,
                                        const ASTContext &Ctx);


/// An integer constant as a 64-bit parameter receives it: an unsigned
/// value above INT64_MAX (`(size_t)-1`) keeps its bits, so it is negative,
/// as an int64_t parameter (and, narrowed, an int one) sees it.
int64_t integerAsReceived(const llvm::APSInt &V);

/// The argument with parentheses and implicit conversions stripped.
const Expr *strippedArgument(const Expr *E);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_GEMMCALLANALYSIS_H
