//===--- FunctionCache.cpp - gemm-tidy -----------------------------------===//

#include "Analysis/FunctionCache.h"
#include "Analysis/BodyShape.h"
#include "Analysis/StructuredGraph.h"
#include "ContextCache.h"

#include <algorithm>

namespace clang::tidy::gemm {

bool sameBindingsOf(llvm::ArrayRef<const ParmVarDecl *> Read,
                    const FunctionValues::Bindings &A,
                    const FunctionValues::Bindings &B) {
  if (!A.Objects.empty() || !B.Objects.empty() || !A.FieldValues.empty() ||
      !B.FieldValues.empty() || !A.PointerWhere.empty() ||
      !B.PointerWhere.empty() || !A.PointerSize.empty() ||
      !B.PointerSize.empty() || !A.PointerOffset.empty() ||
      !B.PointerOffset.empty() || !A.SameBuffer.empty() ||
      !B.SameBuffer.empty())
    return false; // (walks with handle modes or fields bound are not kept)
  for (const ParmVarDecl *P : Read) {
    auto X = A.find(P), Y = B.find(P);
    if ((X == A.end()) != (Y == B.end()) ||
        (X != A.end() && !identical(X->second, Y->second)))
      return false;
  }
  return true;
}

// Functions whose graphs are kept. Calls arrive function by function, and a
// wrapper's callers are at most MaxCallSites per level: a few cover every
// reuse, where keeping every function's would grow with the file (and its
// first touches of memory cost more than the graphs).
constexpr unsigned KeptFunctions = 32;

// The CFG of a function and what the walks learnt about it, kept per
// translation unit for the functions analysed last (a function with many
// calls, a wrapper analysed for each of its callers). No graph where the
// function is too deep. The entry lives until a later call evicts it.
FunctionEntry &entryOf(const FunctionDecl *Fn, Stmt *Body, ASTContext &Ctx) {
  using Cache = std::vector<std::unique_ptr<FunctionEntry>>; // oldest first
  Cache &Kept = contextCache<Cache>(Ctx);
  for (auto It = Kept.rbegin(); It != Kept.rend(); ++It)
    if ((*It)->Body == Body) {
      std::rotate(It.base() - 1, It.base(), Kept.end()); // now the newest
      return *Kept.back();
    }
  // (The oldest entry, past KeptFunctions, is emptied and made the newest:
  // its vectors keep their room.)
  if (Kept.size() >= KeptFunctions) {
    std::rotate(Kept.begin(), Kept.begin() + 1, Kept.end());
    Kept.back()->clear();
  } else {
    Kept.push_back(std::make_unique<FunctionEntry>());
  }
  FunctionEntry &Entry = *Kept.back();
  Entry.Body = Body;
  Entry.Straight =
      straightRun(Body, Entry.StraightElements, Entry.StraightStarts);
  if (!Entry.Straight) {
    Entry.StraightElements.clear();
    Entry.StraightStarts.clear();
  }
  return Entry;
}

// The CFG of the function of \p Entry, built at its first use; null where
// the function is too deep.
const CFG *graphOf(FunctionEntry &Entry, const FunctionDecl *Fn,
                   ASTContext &Ctx) {
  if (!Entry.Graph && !Entry.GraphTried) {
    Entry.GraphTried = true;
    Stmt *Body = const_cast<Stmt *>(Entry.Body);
    Entry.Graph = structuredGraph(Body);
    if (Entry.Graph)
      return Entry.Graph.get();
    if (const BodyShape Shape = shapeOf(Body); !Shape.TooDeep)
      Entry.Graph =
          CFG::buildCFG(Fn, Body, &Ctx, graphOptions(Shape.Prunable));
  }
  return Entry.Graph.get();
}
} // namespace clang::tidy::gemm
