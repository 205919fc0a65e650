//===--- BodyShape.h - gemm-tidy ----------------------------------*- C++ -*-===//
//
// What the walk needs to know of a function's body before it runs: how
// deep it nests (too deep: not analysed), whether the CFG builder could
// prune an edge of it, whether it is one straight run of statements around
// a call (walked without a graph), which expressions are plain (no
// element of the CFG acts within them), which the constant evaluator
// cannot fold, and the locals one element of the graph writes.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_ANALYSIS_BODYSHAPE_H
#define GEMM_TIDY_ANALYSIS_BODYSHAPE_H

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <vector>

namespace clang::tidy::gemm {

// Deeper than this, a function is not analysed: the CFG builder and the
// AST's own walks recurse once per level (generated code nests thousands).
constexpr unsigned MaxNesting = 256;
// Blocks and elements one walk visits at most; beyond, the function's
// values are unknown (generated functions with tens of thousands of
// statements).
constexpr unsigned MaxBlocks = 4096;
constexpr unsigned MaxElements = 65536;
// Up to this many ways into a block, the walk joins those whose paths
// differ by one condition first; beyond, all in the order they come
// (FunctionValues::Walker::entryState(), and the graph's switches that
// keep that order, StructuredGraph.cpp).
constexpr unsigned PairedJoins = 8;


/// The locals (or locals' fields) one CFG element writes.
void writesOf(const Stmt *S, llvm::SmallPtrSetImpl<const VarDecl *> &Out);

/// Whether evaluating \p S has no effect the walk acts on and branches
/// only where the evaluator follows both ways.
bool plainExpr(const Stmt *S);

/// Calls of a straight run walked without a graph; a body with more (a
/// generated one) has a CFG, whose walk is kept from one call to the next.
constexpr unsigned MaxStraightCalls = 8;

/// The nodes of statements that would be elements of their CFG, in the
/// order they run (the CFG builder's, graphOptions()): local declarations,
/// assignments and calls (of functions, member functions, objects called
/// as functions) of plain expressions, constructions, lambdas. Starts[I]
/// is where the nodes of Elements[I]'s subtree begin. False where a
/// statement has any other node, more than \p MaxCalls calls, or a ?:
/// where \p Conditionals is false (the CFG splits its arms into blocks of
/// their own).
class StraightRun {
public:
  StraightRun(std::vector<const Stmt *> &Elements,
              std::vector<unsigned> &Starts,
              unsigned MaxCalls = MaxStraightCalls, bool Conditionals = true)
      : Elements(Elements), Starts(Starts), MaxCalls(MaxCalls),
        Conditionals(Conditionals) {}

  /// A statement nested \p Level deep; a return only where it is \p Last.
  bool statement(const Stmt *S, bool Last, unsigned Level = 0);

  /// An operand: a call (none under a ?:), or a plain expression, whose
  /// operators are elements too.
  bool expression(const Stmt *S, unsigned Level, bool UnderBranch);

private:
  bool operands(const Stmt *S, unsigned Level, bool UnderBranch);
  bool lambda(const LambdaExpr *L, unsigned Level);
  bool add(const Stmt *S, unsigned Start);

  std::vector<const Stmt *> &Elements;
  std::vector<unsigned> &Starts;
  const unsigned MaxCalls;
  const bool Conditionals;
  unsigned Visited = 0;
  unsigned Calls = 0;
  unsigned Made = 0; // constructions and lambdas
};

/// Whether \p Body is one straight run of statements (its CFG would be one
/// block); \p Elements gets the nodes that would be the graph's elements,
/// in the order they run, and \p Starts, for each, where the nodes of its
/// subtree (a call's arguments) begin in \p Elements.
bool straightRun(const Stmt *Body, std::vector<const Stmt *> &Elements,
                 std::vector<unsigned> &Starts);

/// Whether the constant evaluator cannot fold \p E (it would read a
/// variable of the run or call a function that is not constexpr).
bool cannotFold(const Expr *E, unsigned Depth);

/// Whether Clang's CFG builder could decide \p Cond without running it.
bool decidableCondition(const Expr *Cond);

/// Whether the CFG builder makes \p S a branch whose edges it may prune,
/// with the condition it would try in \p Cond.
bool branchesOn(const Stmt *S, const Expr *&Cond);

/// What the CFG builder would meet in a body: whether it is nested too
/// deep to build a graph of, and whether its pruning of trivially false
/// edges could remove any.
struct BodyShape {
  bool TooDeep = false;
  bool Prunable = false;
};

BodyShape shapeOf(const Stmt *Body);

/// The options of the CFGs the walk runs on: the elements transfer(),
/// scanEscapes() and writesOf() act on, and pruning where \p Prune.
CFG::BuildOptions graphOptions(bool Prune);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_ANALYSIS_BODYSHAPE_H
