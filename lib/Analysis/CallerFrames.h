//===--- CallerFrames.h - gemm-tidy -------------------------------*- C++ -*-===//
//
// The cross-function part of the value analysis: the main file's calls of
// the functions it defines, recorded as the matchers find them, and the
// frames in which a function's parameters take constants from its callers
// -- each call site's arguments bound to the callee's parameters
// (bindArguments: integers, the fields of a structure, a handle's pointer
// mode and a cuBLASLt object's attributes, where a pointer's memory lies,
// two pointers given one buffer), a few levels of wrappers deep, with the
// notes that walk the chain. The diagnoses judge a call in each frame
// (Diagnosis/CallContext.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_ANALYSIS_CALLERFRAMES_H
#define GEMM_TIDY_ANALYSIS_CALLERFRAMES_H

#include "Analysis/FunctionValues.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::gemm {

/// A note of a diagnosis: where a deciding value came from, or a call site
/// of the chain that bound it.
struct DiagnosisNote {
  SourceLocation Loc;
  std::string Text;
};

/// Two parameters of one function, whose arguments a rule relates.
using ParameterPair = std::pair<const ParmVarDecl *, const ParmVarDecl *>;

/// A call site of the chain that bound a frame's parameters: its note
/// ("'f' is called with m = 64 here") is written only where a diagnosis is
/// made in the frame (the text costs more than most frames' judgement).
struct ChainLink {
  const CallExpr *Site;
  const FunctionDecl *Fn; // the function called
  std::string Bound;      // "m = 64, h in CUBLAS_POINTER_MODE_HOST"
  DiagnosisNote note() const;
};

/// Appends the notes of \p Chain to \p Notes.
void noteChain(llvm::ArrayRef<ChainLink> Chain,
               std::vector<DiagnosisNote> &Notes);

/// A way the parameters of a function get constant values: from one of its
/// call sites (and, for that call site's own parameters, one of its caller's
/// frames), with the call sites that make the chain.
struct CallerFrame {
  FunctionValues::Bindings Bindings;
  std::vector<ChainLink> Chain; // innermost call site first
};

/// Records that \p Caller calls \p Site's callee at \p Site, for
/// callerFrames: the check gives every call in the main file's functions as
/// the matchers find it, and diagnoses calls once all are known.
void recordCallSite(const CallExpr &Site, const FunctionDecl &Caller,
                    ASTContext &Ctx);

/// The frames that bind constants to \p Fn's integer parameters, from the
/// main file's calls of it (recordCallSite), a few levels of wrappers deep.
/// \p Pointers: the pointer parameters whose memory the frames of the
/// direct callers bind too (ContextBase::PointerParams).
/// \p BufferPairs: the pairs of pointer parameters the direct callers'
/// frames bind where they pass one buffer (ContextBase::BufferPairs).
std::vector<CallerFrame>
callerFrames(const FunctionDecl *Fn, ASTContext &Ctx,
             llvm::ArrayRef<const ParmVarDecl *> Pointers = {},
             llvm::ArrayRef<ParameterPair> BufferPairs = {});

/// What the call \p Site, where \p Caller's walk reached it, binds to the
/// parameters of \p Fn, its callee: constants (each noted where the caller
/// set it), pitches, the fields of structures, the state of handles and
/// cuBLASLt objects, where the memory of \p Pointers lies, and which of
/// \p BufferPairs are one buffer; with the text of the note that says so
/// ("m = 64, h in CUBLAS_POINTER_MODE_HOST"), empty where it binds nothing.
struct SiteBindings {
  FunctionValues::Bindings Bindings;
  std::string Text;
};
SiteBindings bindArguments(const CallExpr &Site, const FunctionDecl &Fn,
                           FunctionValues &Caller, ASTContext &Ctx,
                           llvm::ArrayRef<const ParmVarDecl *> Pointers,
                           llvm::ArrayRef<ParameterPair> BufferPairs);

/// Whether pointer arguments \p A and \p B are one buffer where \p FV's
/// walk reached its target: the same pointer variable at the same constant
/// offset (`p`, `p + 64`, `&p[64]`).
bool sameBuffer(const Expr *A, const Expr *B, FunctionValues &FV,
                ASTContext &Ctx);

/// Whether, in a template instantiation \p Fn, \p Path reaches the call only
/// when a bool parameter says so: callers may tie that flag to the template
/// argument, so only the frames of callers that pass it as a constant judge
/// such a call.
bool reachedOnlyByFlag(const FunctionDecl *Fn, const Guard &Path,
                       const std::vector<AtomInfo> &Atoms);

/// Whether code in \p Fn stands for more than one body: a template's
/// instantiation (of a function or of a class it is a member of, at any
/// level).
bool isInstantiated(const FunctionDecl &Fn);

/// "device memory", "host memory": a gemm::rules::Residency for notes.
const char *residencyText(int64_t Where);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_ANALYSIS_CALLERFRAMES_H
