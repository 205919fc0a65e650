//===--- ModelState.h - gemm-tidy ---------------------------------*- C++ -*-===//
//
// What gemm.ApiModeling knows on a path: program-state maps, keyed by the
// symbols the evalCall summaries conjure (ApiModeling.cpp), for each handle's
// modes, each cuBLASLt object's attributes and each allocation's residency
// and size, and the set of variables written in a loop whose bound the
// analyzer does not know. The maps are registered in ModelState.cpp alone:
// REGISTER_MAP_WITH_PROGRAMSTATE defines its trait in an anonymous namespace,
// so a second translation unit would get a map of its own. The checker's
// other files reach them through the functions declared here, as clang's
// DynamicType.h exports the dynamic type map. Also how the checker reads a
// value off the path (the report policy: concrete constants only).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_STATICANALYZER_MODELSTATE_H
#define GEMM_TIDY_STATICANALYZER_MODELSTATE_H

#include "gemm/rules/lt_check.h"

#include "clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/ProgramState.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/SVals.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/SymbolManager.h"
#include "llvm/ADT/FoldingSet.h"

namespace clang::ento::gemm {

namespace rules = ::gemm::rules;
namespace lt = ::gemm::rules::lt;
using rules::Value;

inline void profileValue(llvm::FoldingSetNodeID &ID, const Value &V) {
  ID.AddBoolean(V.Known);
  ID.AddInteger(V.Known ? V.V : 0);
}

inline bool sameValue(const Value &A, const Value &B) {
  return A.Known == B.Known && (!A.Known || A.V == B.V);
}

/// A cuBLAS handle's modes; unknown for a handle the path did not create
/// or set.
struct HandleModes {
  Value Pointer, Math;
  bool operator==(const HandleModes &O) const {
    return sameValue(Pointer, O.Pointer) && sameValue(Math, O.Math);
  }
  void Profile(llvm::FoldingSetNodeID &ID) const {
    profileValue(ID, Pointer);
    profileValue(ID, Math);
  }
};

/// A cuBLASLt object: its kind, whether it was destroyed, its attributes.
struct LtObjectInfo {
  lt::Object Kind = lt::Object::MatmulDesc;
  Value Destroyed;
  lt::ObjectState Attrs;
  bool operator==(const LtObjectInfo &O) const {
    if (Kind != O.Kind || !sameValue(Destroyed, O.Destroyed))
      return false;
    for (int64_t Id = 0; Id < lt::MaxAttributes; ++Id)
      if (!sameValue(Attrs[Id], O.Attrs[Id]))
        return false;
    return true;
  }
  void Profile(llvm::FoldingSetNodeID &ID) const {
    ID.AddInteger(static_cast<unsigned>(Kind));
    profileValue(ID, Destroyed);
    for (int64_t Id = 0; Id < lt::MaxAttributes; ++Id)
      profileValue(ID, Attrs[Id]);
  }
};

/// Memory an allocator of the table returned.
struct Allocation {
  rules::Residency Where = rules::Residency::Unknown;
  Value Bytes;
  bool operator==(const Allocation &O) const {
    return Where == O.Where && sameValue(Bytes, O.Bytes);
  }
  void Profile(llvm::FoldingSetNodeID &ID) const {
    ID.AddInteger(static_cast<unsigned>(Where));
    profileValue(ID, Bytes);
  }
};

// The state of a symbol, or null (also for no symbol: an argument that is
// the address of storage, not a conjured object).
const HandleModes *handleState(ProgramStateRef State, SymbolRef Sym);
const LtObjectInfo *objectState(ProgramStateRef State, SymbolRef Sym);
const Allocation *allocationOf(ProgramStateRef State, SymbolRef Sym);

// A symbol's entry written or dropped.
ProgramStateRef setHandleState(ProgramStateRef State, SymbolRef Sym,
                               const HandleModes &M);
ProgramStateRef removeHandleState(ProgramStateRef State, SymbolRef Sym);
ProgramStateRef setObjectState(ProgramStateRef State, SymbolRef Sym,
                               const LtObjectInfo &O);
ProgramStateRef setAllocation(ProgramStateRef State, SymbolRef Sym,
                              const Allocation &A);
ProgramStateRef removeAllocation(ProgramStateRef State, SymbolRef Sym);

/// \p State with \p R marked as written in a loop of unknown bound
/// (\p Written), or with the mark dropped (a write outside such a loop).
ProgramStateRef markLoopWritten(ProgramStateRef State, const MemRegion *R,
                                bool Written);

/// Whether \p E reads a variable a loop of unknown bound wrote.
bool readsLoopWritten(const Expr *E, CheckerContext &C);

/// \p State without the entries of the symbols \p SR found dead.
ProgramStateRef removeDeadSymbols(ProgramStateRef State, SymbolReaper &SR);

/// The value of \p V where it is a concrete constant; unknown otherwise,
/// however tightly the constraints pin it (the report policy).
Value concrete(SVal V);

/// The symbol a handle, object or allocation argument holds, or null.
SymbolRef symbolOf(SVal V);

/// The value of attribute \p Info the store holds at \p Buf, read as the
/// attribute's type, where it is a constant.
Value readAttribute(ProgramStateRef State, const MemRegion *Buf,
                    const lt::AttrInfo &Info, ASTContext &Ctx);

/// The condition of \p S where it is a loop, or null.
const Expr *loopCondition(const Stmt *S);

/// Whether \p Cond, a loop's condition, reads a value the analyzer does not
/// know on this path (a parameter, a field, a call's result): the loop may
/// run more often than the analyzer follows it.
bool hasUnknownBound(const Stmt *Cond, ProgramStateRef State,
                     const LocationContext *LCtx);

} // namespace clang::ento::gemm

#endif // GEMM_TIDY_STATICANALYZER_MODELSTATE_H
