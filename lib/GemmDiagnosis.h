//===--- GemmDiagnosis.h - gemm-tidy ------------------------------*- C++ -*-===//
//
// From a matched call to the diagnostics every gemm-* check draws from: the
// arguments are evaluated (ValueAnalysis), jointly per assignment of the
// conditions they share, in the call's own function and in the contexts of
// the calls of that function that pass known values; a finding of the rules
// core is kept only when it holds on every feasible path of a context, and
// comes with notes that show where each deciding value came from.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_GEMMDIAGNOSIS_H
#define GEMM_TIDY_GEMMDIAGNOSIS_H

#include "GemmCallAnalysis.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include <string>
#include <vector>

namespace clang::tidy::gemm {

struct DiagnosisNote {
  SourceLocation Loc;
  std::string Text;
};

struct Diagnosis {
  rules::Finding Finding;
  SourceLocation Loc;               // the argument the finding is about
  SourceRange Range;                // all of that argument
  std::vector<DiagnosisNote> Notes; // where the deciding values came from
  FixItHint Fix; // the rules' replacement of the argument; null where none
};

/// The diagnostics of \p Call, a call inside \p Enclosing (null where not
/// known), computed once per call and translation unit and shared by the
/// checks. \p LibraryVersion is CUBLAS_VERSION or 0.
const std::vector<Diagnosis> &diagnoseGemmCall(const CallExpr &Call,
                                               const FunctionDecl &Callee,
                                               const FunctionDecl *Enclosing,
                                               ASTContext &Ctx,
                                               const Preprocessor *PP,
                                               int64_t LibraryVersion);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_GEMMDIAGNOSIS_H
