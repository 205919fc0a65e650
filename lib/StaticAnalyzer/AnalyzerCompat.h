//===--- AnalyzerCompat.h - gemm-tidy -----------------------------*- C++ -*-===//
//
// The few Static Analyzer interfaces that differ between the LLVM versions
// the plugin is built for (19 and 22), behind one spelling each. Nothing
// else in lib/StaticAnalyzer names a version.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_STATICANALYZER_ANALYZERCOMPAT_H
#define GEMM_TIDY_STATICANALYZER_ANALYZERCOMPAT_H

#include "clang/Basic/Version.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/SVals.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/SymbolManager.h"

namespace clang::ento::gemm::compat {

/// The integer a concrete SVal holds.
inline const llvm::APSInt &valueOf(const nonloc::ConcreteInt &CI) {
#if CLANG_VERSION_MAJOR >= 21
  return *CI.getValue();
#else
  return CI.getValue();
#endif
}
inline const llvm::APSInt &valueOf(const loc::ConcreteInt &CI) {
#if CLANG_VERSION_MAJOR >= 21
  return *CI.getValue();
#else
  return CI.getValue();
#endif
}

/// A fresh symbol of type \p T for what \p Call produces; \p Tag tells
/// apart the symbols of one call (its status, an out-parameter).
inline DefinedOrUnknownSVal conjure(const CallEvent &Call, CheckerContext &C,
                                    QualType T, const void *Tag) {
  SValBuilder &SVB = C.getSValBuilder();
#if CLANG_VERSION_MAJOR >= 21
  return SVB.conjureSymbolVal(Call, T, C.blockCount(), Tag);
#else
  return SVB.conjureSymbolVal(Tag, Call.getOriginExpr(), C.getLocationContext(),
                              T, C.blockCount());
#endif
}

/// \p State with the contents of \p Regions forgotten, as \p Call writes
/// them (the GEMM's output); nothing else is touched.
inline ProgramStateRef invalidate(ProgramStateRef State,
                                  ArrayRef<const MemRegion *> Regions,
                                  const CallEvent &Call, CheckerContext &C) {
#if CLANG_VERSION_MAJOR >= 21
  return State->invalidateRegions(Regions, Call.getCFGElementRef(),
                                  C.blockCount(), C.getLocationContext(),
                                  /*CausesPointerEscape=*/false);
#else
  return State->invalidateRegions(Regions, Call.getOriginExpr(),
                                  C.blockCount(), C.getLocationContext(),
                                  /*CausesPointerEscape=*/false);
#endif
}

/// A number that tells \p Sym from the translation unit's other symbols.
inline unsigned symbolId(SymbolRef Sym) {
#if CLANG_VERSION_MAJOR >= 21
  return Sym->getSymbolID();
#else
  const auto *Data = dyn_cast<SymbolData>(Sym);
  return Data ? Data->getSymbolID() : 0;
#endif
}

/// The memory space \p R lies in.
inline const MemSpaceRegion *memorySpace(const MemRegion *R,
                                         ProgramStateRef State) {
#if CLANG_VERSION_MAJOR >= 21
  return R->getMemorySpace(State);
#else
  (void)State;
  return R->getMemorySpace();
#endif
}

/// The width of the bit-field \p FD.
inline unsigned bitWidth(const FieldDecl *FD, const ASTContext &Ctx) {
#if CLANG_VERSION_MAJOR >= 20
  (void)Ctx;
  return FD->getBitWidthValue();
#else
  return FD->getBitWidthValue(Ctx);
#endif
}

} // namespace clang::ento::gemm::compat

#endif // GEMM_TIDY_STATICANALYZER_ANALYZERCOMPAT_H
