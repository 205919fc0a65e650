//===--- GemmDiagnosis.h - gemm-tidy ------------------------------*- C++ -*-===//
//
// The diagnoses of a call of the GEMM family, and the entry point every
// gemm-* check asks for a call's diagnoses: the arguments are evaluated in
// each of the call's contexts (CallContext.h), jointly per assignment of
// the conditions they share; a finding of the rules core is kept only when
// it holds on every feasible path of a context, and comes with notes that
// show where each deciding value came from.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_DIAGNOSIS_GEMMDIAGNOSIS_H
#define GEMM_TIDY_DIAGNOSIS_GEMMDIAGNOSIS_H

#include "Diagnosis/CallContext.h"

#include <vector>

namespace clang::tidy::gemm {

/// The diagnostics of \p Call, a call of \p Callee, a function of the GEMM
/// family whose row of the API table is \p Api, inside \p Enclosing (null
/// where not known), computed once per call and translation unit and shared
/// by the checks. \p LibraryVersion is CUBLAS_VERSION or 0.
const std::vector<Diagnosis> &diagnoseGemmCall(const CallExpr &Call,
                                               const rules::ApiInfo &Api,
                                               const FunctionDecl &Callee,
                                               const FunctionDecl *Enclosing,
                                               ASTContext &Ctx,
                                               const Preprocessor *PP,
                                               int64_t LibraryVersion);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_DIAGNOSIS_GEMMDIAGNOSIS_H
