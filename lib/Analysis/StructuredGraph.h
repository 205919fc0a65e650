//===--- StructuredGraph.h - gemm-tidy ----------------------------*- C++ -*-===//
//
// The CFG of a structured body built from its statements in one pass, for
// the walk (Walker.h): the graph CFG::buildCFG would build with
// graphOptions(false), as far as the walk can tell (the same blocks in the
// same reverse post-order, the same edges in the same order, the same
// elements that act, the same conditions and terminators). Clang's builder
// costs more than the walk of a switch it builds; this one covers straight
// statements (StraightRun: declarations, assignments, calls of functions,
// member functions and lambdas, constructions), if/else, switch of
// top-level cases, for and while loops and return, and gives way to Clang's
// (null) on anything else: do, range-for, break out of a loop, continue, a
// label, a ?:, && or ||, a condition the builder could decide, a body
// nested too deep. For the walk it leaves out a switch's cases whose ways
// its join could not change (cases that only assign constants, past the
// last few that disagree on each variable): the walk goes the same way
// through what is left.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_ANALYSIS_STRUCTUREDGRAPH_H
#define GEMM_TIDY_ANALYSIS_STRUCTUREDGRAPH_H

#include "clang/Analysis/CFG.h"
#include <memory>
#include <string>
#include <vector>

namespace clang::tidy::gemm {

/// The CFG of \p Body built from its structure; null where Clang's builder
/// must build it. Where \p LeaveOutCases, a switch's cases whose ways out
/// the walk's join could not change are left out (the cases that only
/// assign constants, past the first few that already disagree on each):
/// the walk goes the same way through what is left, the graph is not the
/// one Clang's builder makes.
std::unique_ptr<CFG> structuredGraph(const Stmt *Body,
                                     bool LeaveOutCases = true);

/// The blocks in the order the walk executes them: reverse post-order
/// from the entry (successors in order), catch handlers as roots of their
/// own (the CFG reaches them only from explicit throws).
std::vector<const CFGBlock *> walkOrder(const CFG &G);

/// Whether the walk goes the same way through \p A and \p B (the blocks
/// in reverse post-order, each one's elements of the kinds graphOptions()
/// adds and its condition, its terminator, its successors and predecessors
/// in order); where not, \p Why says where they part.
bool sameWalk(const CFG &A, const CFG &B, std::string &Why);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_ANALYSIS_STRUCTUREDGRAPH_H
