//===--- LoopEffects.h - gemm-tidy ---------------------------------------===//
//
// Whether a loop the analyzer stopped following could bring a call inside
// it other values on its later iterations: the report policy's rule 3
// (docs/deep.md) keeps a finding back where a stopped path may reach its
// call, and gemm.Coverage reports the call as not judged -- unless the loop
// changes nothing the call reads.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_STATICANALYZER_LOOPEFFECTS_H
#define GEMM_TIDY_STATICANALYZER_LOOPEFFECTS_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang {
class CallExpr;
class Stmt;
} // namespace clang

namespace clang::ento::gemm {

/// Whether every iteration of \p Loop reaches \p Call, written inside it,
/// with what the earlier ones did: the loop (its condition, increment and
/// body) writes only local variables the call's arguments do not read, and
/// calls only functions \p Inert accepts (functions that change no state
/// the checks read). A call whose arguments read through a pointer or a
/// reference is never left alone: a write elsewhere may alias it.
bool loopLeavesCallAlone(const Stmt *Loop, const CallExpr *Call,
                         llvm::function_ref<bool(const CallExpr *)> Inert);

} // namespace clang::ento::gemm

#endif // GEMM_TIDY_STATICANALYZER_LOOPEFFECTS_H
