//===--- LtMatmulDiagnosis.h - gemm-tidy --------------------------*- C++ -*-===//
//
// The diagnostics of a cublasLtMatmul or cublasLtMatmulAlgoGetHeuristic
// call: the states of its descriptor and four layouts (and, for the
// heuristic, its preference) as the value analysis follows them from their
// Create and SetAttribute calls, and the facts of its pointer and size
// arguments, fill the rules core's MatmulValues (gemm/rules/lt_check.h) per
// assignment of the conditions they depend on; a finding is kept only when
// it holds on every feasible path, with notes at the calls that set the
// deciding attributes.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_LTMATMULDIAGNOSIS_H
#define GEMM_TIDY_LTMATMULDIAGNOSIS_H

#include "Diagnosis/CallContext.h"
#include "Models/ApiModel.h"

#include <vector>

namespace clang::tidy::gemm {

/// The diagnostics of \p Call (a call of cublasLtMatmul or
/// cublasLtMatmulAlgoGetHeuristic: classify() calls its callee LtMatmul)
/// inside \p Enclosing (null where not known), computed once per call,
/// library version and target list and shared by the checks.
/// \p ComputeCapabilities are the targets (major * 10 + minor); empty: the
/// architecture rules stay silent.
const std::vector<Diagnosis> &
diagnoseLtMatmulCall(const CallExpr &Call, const FunctionDecl *Enclosing,
                     ASTContext &Ctx, int64_t LibraryVersion,
                     const std::vector<int64_t> &ComputeCapabilities);

/// The compute capabilities of "89;90" (also "sm_89", "8.9"); unparsable
/// entries are left out.
std::vector<int64_t> parseComputeCapabilities(llvm::StringRef List);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_LTMATMULDIAGNOSIS_H
