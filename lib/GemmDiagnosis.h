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
#include "ValueAnalysis.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include <optional>
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

// --- shared with the cuBLASLt diagnosis (LtMatmulDiagnosis) ---------------

/// Arguments are judged jointly for each assignment of at most this many
/// conditions (64 assignments per context); beyond, path by path.
inline constexpr unsigned MaxCorrelatedAtoms = 6;

/// A way the parameters of a function get constant values: from one of its
/// call sites (and, for that call site's own parameters, one of its
/// caller's frames), with the notes that walk the chain.
struct Frame {
  FunctionValues::Bindings Bindings;
  std::vector<DiagnosisNote> Chain; // innermost call site first
};

/// The frames that bind \p Fn's integer parameters to constants, through
/// up to three levels of callers in the main file.
std::vector<Frame> callerFrames(const FunctionDecl *Fn, ASTContext &Ctx);

/// " when 'c' is true and 'd' is false": the conditions of \p G, for notes.
std::string whenText(const Guard &G, const std::vector<AtomInfo> &Atoms);

/// "in instantiation of 'f<float>' requested here" for a call in a template
/// instantiation; none otherwise.
std::optional<DiagnosisNote> instantiationNote(const FunctionDecl *Enclosing,
                                              ASTContext &Ctx);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_GEMMDIAGNOSIS_H
