//===--- LtObjectCall.h - gemm-tidy -------------------------------*- C++ -*-===//
//
// The calls that build cuBLASLt objects: the matmul descriptor's, matrix
// layout's and matmul preference's *SetAttribute and *GetAttribute, and the
// *Create and *Init calls whose arguments become attributes; and the other
// calls the rules judge by their own arguments: cublasLtMatrixTransform,
// cublasLtMatmulAlgoGetIds and cublasLtMatmulAlgoInit. Their arguments
// are folded into the rules core's input (gemm/rules/lt_check.h), the same
// values the runtime guard (gemm/lt_guard.h) gives it from a real call.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_LTOBJECTCALL_H
#define GEMM_TIDY_LTOBJECTCALL_H

#include "Diagnosis/CallContext.h"
#include "Models/ApiModel.h"
#include "gemm/rules/lt_check.h"

namespace clang::tidy::gemm {

/// The diagnostics of \p Call, a call of \p Function (a row classify()
/// calls LtObject) inside \p Enclosing (null where not known): the
/// arguments are evaluated in the call's function and in the contexts of
/// the calls that bind its parameters, and a finding is kept only where it
/// holds on every feasible path. Computed once per call and library
/// version, and shared by the checks.
const std::vector<Diagnosis> &
diagnoseLtObjectCall(const CallExpr &Call, const ApiFunction &Function,
                     const FunctionDecl *Enclosing, ASTContext &Ctx,
                     const Preprocessor *PP, int64_t LibraryVersion);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_LTOBJECTCALL_H
