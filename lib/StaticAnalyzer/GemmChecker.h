//===--- GemmChecker.h - gemm-tidy --------------------------------*- C++ -*-===//
//
// The gemm checker package of the Clang Static Analyzer: one checker,
// gemm.ApiModeling, models the functions of the API table (Models/ApiModel.h)
// and the GEMM family (gemm/rules/api.h) in evalCall and keeps the state of
// handles, cuBLASLt objects and allocations; one checker per category of the
// rules core (gemm.LeadingDimension, gemm.ScalarPointerMode, ...) reports that
// category's findings. docs/deep.md describes them.
//
// The one class behind them, GemmChecker, is declared here and defined in a
// file per part (GemmChecker.cpp lists them).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_STATICANALYZER_GEMMCHECKER_H
#define GEMM_TIDY_STATICANALYZER_GEMMCHECKER_H

#include "Models/ApiModel.h"
#include "gemm/rules/api.h"
#include "gemm/rules/findings.h"

#include "clang/StaticAnalyzer/Core/BugReporter/BugType.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace clang::ento {
class CheckerManager;
} // namespace clang::ento

namespace clang::ento::gemm {

/// The number of the rules core's categories, one checker each.
constexpr unsigned NumCategories =
    static_cast<unsigned>(::gemm::rules::Category::Workspace) + 1;

/// "LeadingDimension" for the rules core's "leading-dimension": the
/// checker's name after "gemm.".
std::string checkerNameOf(::gemm::rules::Category Cat);

/// Registers gemm.ApiModeling, the model every reporting checker needs.
void registerApiModeling(CheckerManager &Mgr);

/// Turns on the reports of \p Cat, under the checker being registered.
void registerCategory(CheckerManager &Mgr, ::gemm::rules::Category Cat);

/// gemm.Coverage: the calls the analysis could not judge (docs/deep.md).
void registerCoverage(CheckerManager &Mgr);

namespace model = clang::tidy::gemm;
namespace rules = ::gemm::rules;
namespace lt = ::gemm::rules::lt;

class GemmChecker
    : public Checker<eval::Call, check::PreCall, check::DeadSymbols,
                     check::PointerEscape, check::ConstPointerEscape,
                     check::PostStmt<ImplicitCastExpr>,
                     check::PostStmt<DeclStmt>, check::EndAnalysis,
                     check::Bind> {
public:
  bool evalCall(const CallEvent &Call, CheckerContext &C) const;
  void checkPreCall(const CallEvent &Call, CheckerContext &C) const;
  void checkDeadSymbols(SymbolReaper &SR, CheckerContext &C) const;
  ProgramStateRef checkPointerEscape(ProgramStateRef State,
                                     const InvalidatedSymbols &Escaped,
                                     const CallEvent *Call,
                                     PointerEscapeKind Kind) const;
  ProgramStateRef checkConstPointerEscape(ProgramStateRef State,
                                          const InvalidatedSymbols &Escaped,
                                          const CallEvent *Call,
                                          PointerEscapeKind Kind) const {
    return checkPointerEscape(State, Escaped, Call, Kind);
  }
  void checkPostStmt(const ImplicitCastExpr *Cast, CheckerContext &C) const;
  void checkPostStmt(const DeclStmt *DS, CheckerContext &C) const;
  void checkEndAnalysis(ExplodedGraph &G, BugReporter &BR,
                        ExprEngine &Eng) const;
  // LLVM 22 passes whether the bind initialises a declaration; 19 does not.
  void checkBind(SVal Loc, SVal Val, const Stmt *S, bool,
                 CheckerContext &C) const {
    checkBind(Loc, Val, S, C);
  }
  void checkBind(SVal Loc, SVal Val, const Stmt *S, CheckerContext &C) const;

  void enableCategory(rules::Category Cat, CheckerNameRef Name) {
    const unsigned I = static_cast<unsigned>(Cat);
    Bugs[I] = std::make_unique<BugType>(Name, rules::categoryName(Cat),
                                        "cuBLAS API misuse");
  }

  void enableCoverage(CheckerNameRef Name) {
    CoverageBug = std::make_unique<BugType>(Name, "not judged",
                                            "cuBLAS API misuse");
  }

private:
  /// What the tables say of a callee, by name.
  struct Known {
    const model::ApiFunction *Model = nullptr;
    const rules::ApiInfo *Gemm = nullptr;
  };
  const Known &lookup(const CallEvent &Call) const;
  const Known &lookup(const IdentifierInfo *Id) const;
  /// Whether the checks judge a call of \p K with \p NumArgs arguments
  /// (rather than only model it).
  static bool judges(const Known &K, unsigned NumArgs);

  ProgramStateRef transferCreate(const model::ApiFunction &F,
                                 ProgramStateRef State, const CallEvent &Call,
                                 CheckerContext &C) const;
  ProgramStateRef transferSet(const model::ApiFunction &F,
                              ProgramStateRef State, const CallEvent &Call,
                              CheckerContext &C) const;
  ProgramStateRef transferGet(const model::ApiFunction &F,
                              ProgramStateRef State, const CallEvent &Call,
                              CheckerContext &C) const;
  ProgramStateRef transferDestroy(const model::ApiFunction &F,
                                  ProgramStateRef State,
                                  const CallEvent &Call) const;
  ProgramStateRef transferAllocate(const model::ApiFunction &F,
                                   ProgramStateRef State,
                                   const CallEvent &Call,
                                   CheckerContext &C) const;
  bool evalModelled(const model::ApiFunction &F, const CallEvent &Call,
                    CheckerContext &C) const;
  ProgramStateRef bindOut(ProgramStateRef State, const CallEvent &Call,
                          unsigned Arg, CheckerContext &C, SymbolRef &Sym) const;
  ProgramStateRef writeThroughPointers(ProgramStateRef State,
                                       const CallEvent &Call,
                                       CheckerContext &C) const;

  void checkGemm(const rules::ApiInfo &Api, const CallEvent &Call,
                 CheckerContext &C) const;
  void checkLtMatmul(const model::ApiFunction &F, const CallEvent &Call,
                     CheckerContext &C) const;
  void checkLtObjectCall(const model::ApiFunction &F, const CallEvent &Call,
                         CheckerContext &C) const;

  rules::PointerFacts pointerFacts(SVal V, ProgramStateRef State,
                                   bool Scalar) const;
  int64_t libraryVersion(CheckerContext &C) const;

  /// The state a finding rests on, for its notes.
  struct Evidence {
    SymbolRef Handle = nullptr;             // the handle (GEMM family)
    SymbolRef Objects[rules::lt::ArgCount] = {}; // the Lt objects, by role
  };
  void report(const rules::Finding &F, const Expr *At, const Evidence &E,
              CheckerContext &C, ExplodedNode *&Node,
              bool Certain = false) const;
  void recordVisit(const CallEvent &Call, CheckerContext &C) const;
  void emit(const rules::Finding &F, const Expr *At, const Evidence &E,
            ExplodedNode *Node, BugReporter &BR) const;

  /// A finding made at one visit of a call, waiting for the others.
  struct Pending {
    rules::Finding F;
    const Expr *At;
    Evidence E;
    ExplodedNode *Node;
    unsigned Visits; // how many visits of the call made it
    bool Certain;    // its values are written as constants at the call
  };
  /// The visits of one call in one calling context during the analysis of
  /// one top-level function, and the findings they made, by identity.
  struct CallVisits {
    unsigned Visits = 0;
    std::map<std::string, Pending> Findings;
  };
  using CallKey = std::pair<const Expr *, const StackFrameContext *>;
  /// A path the analyzer stopped before it finished: at a loop (Node, the
  /// path's last), or anywhere, out of its budget of steps (Budget).
  struct Cut {
    bool Budget = false;
    const ExplodedNode *Node = nullptr;
    const CFGBlock *Block = nullptr; // the block it did not enter
    explicit operator bool() const { return Budget || Node; }
  };
  Cut cutBefore(const Expr *Call, const StackFrameContext *Frame,
                const CoreEngine &Core, bool Judged = true) const;
  bool changesNothing(const CallExpr *CE) const;
  /// A call the checks judge, and the call of the top-level function's
  /// body that leads to it (itself, or a call of a function that makes it).
  struct Reach {
    const CallExpr *Call;
    const Expr *Site;
    const Decl *In; // the function whose body holds Call
  };
  void forEachJudgedCall(const Stmt *S, const Decl *In, const Expr *Site,
                         unsigned Depth,
                         llvm::SmallPtrSetImpl<const Decl *> &Seen,
                         llvm::function_ref<void(Reach)> Fn) const;
  void reportUnjudged(Reach At, const LocationContext *Frame,
                      const Decl *Top, const Cut &Why, bool Reached,
                      llvm::ArrayRef<const Pending *> Made, ExprEngine &Eng,
                      BugReporter &BR) const;
  mutable std::map<CallKey, CallVisits> Visits;
  /// The call whose findings report() collects.
  mutable CallVisits *Current = nullptr;

  std::unique_ptr<BugType> Bugs[NumCategories];
  std::unique_ptr<BugType> CoverageBug;
  mutable llvm::DenseMap<const IdentifierInfo *, Known> Cache;
  mutable std::optional<int64_t> Version;
};

/// The function \p Call is, where it is a declaration the analyzer cannot
/// inline: the entry points themselves, not the headers' inline wrappers.
const FunctionDecl *opaqueCallee(const CallEvent &Call);

/// Whether \p FD is a function of the CUDA toolkit without a body here
/// (rules::isToolkitFunctionName): outside the table, none changes a
/// handle's modes or a cuBLASLt object's attributes.
bool isToolkitFunction(const FunctionDecl *FD);

} // namespace clang::ento::gemm

#endif // GEMM_TIDY_STATICANALYZER_GEMMCHECKER_H
