//===--- GemmCallCheck.h - gemm-tidy ------------------------------*- C++ -*-===//
//
// The part every gemm-* check shares: collect calls of the GEMM family, fold
// their arguments, ask the rules core, and report the findings of one
// category with notes that show where each deciding value came from.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_GEMMCALLCHECK_H
#define GEMM_TIDY_GEMMCALLCHECK_H

#include "GemmCallAnalysis.h"
#include "Models/ApiModel.h"

#include "clang-tidy/ClangTidyCheck.h"
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::gemm {

class GemmCallCheck : public ClangTidyCheck {
public:
  GemmCallCheck(StringRef Name, ClangTidyContext *Context,
                rules::Category Category);
  ~GemmCallCheck() override;

  void registerMatchers(ast_matchers::MatchFinder *Finder) final;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) final;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void onStartOfTranslationUnit() final {
    Reported.clear();
    Traversal = Collected();
    HeaderVersion.reset();
    CompileTargets.reset();
  }
  void onEndOfTranslationUnit() final;

  /// A call to diagnose, and the row of its callee.
  struct PendingCall {
    const CallExpr *Call;
    const FunctionDecl *Callee;
    CalleeRow Row; // classify(*Callee)
  };
  /// What the traversal collects for the end of the translation unit: the
  /// calls to diagnose, in the order it met them, and the main file's calls
  /// of functions it defines (where a wrapper's parameters may be bound),
  /// whose enclosing functions are known once the whole file is
  /// (FunctionIndex).
  struct Collected {
    std::vector<PendingCall> Calls;
    std::vector<const CallExpr *> Sites;
    ASTContext *Ctx = nullptr;
  };

protected:
  /// Whether findings of category \p C are this check's.
  virtual bool reportsCategory(rules::Category C) const { return C == Category; }
  /// Whether this check reports \p F; the category is already checked.
  virtual bool shouldReport(const rules::Finding &F) const { return true; }
  /// The rules core's note on how to fix \p F (empty: none).
  virtual const std::string &fixNote(const rules::Finding &F) const {
    return F.Note;
  }
  /// Whether to attach the fix-it that replaces \p F's argument, where the
  /// rules core gives one.
  virtual bool shouldFix(const rules::Finding &F) const { return true; }
  /// The cuBLAS version the rules assume; 0 to read CUBLAS_VERSION.
  virtual int64_t libraryVersionOverride() const { return 0; }

private:
  /// Analyses one collected call and gives each of \p Members (the group,
  /// asked once per translation unit) its diagnostics.
  void diagnose(const PendingCall &P, const FunctionDecl *Enclosing,
                ASTContext &Ctx, llvm::ArrayRef<GemmCallCheck *> Members);
  /// Whether \p P has a diagnostic for any of \p Members (none given).
  bool findsAny(const PendingCall &P, const FunctionDecl *Enclosing,
                ASTContext &Ctx, llvm::ArrayRef<GemmCallCheck *> Members);
  /// Hands \p Each each of \p Members and \p P's diagnostics for its
  /// options.
  template <class EachFn>
  void forEachMember(const PendingCall &P, const FunctionDecl *Enclosing,
                     ASTContext &Ctx, llvm::ArrayRef<GemmCallCheck *> Members,
                     EachFn Each);
  /// The diagnostics of \p P for \p Member's options, by the table its
  /// callee is in (the one place the kinds of call part ways).
  const std::vector<struct Diagnosis> &
  diagnosesOf(const PendingCall &P, const FunctionDecl *Enclosing,
              ASTContext &Ctx, int64_t Version, GemmCallCheck &Member);
  /// The compute capabilities this check decides the architecture rules for.
  const std::vector<int64_t> &targets(const ASTContext &Ctx);
  /// Gives \p D, found by the group's leader, if it is this check's.
  void emit(const struct Diagnosis &D, const SourceManager &SM);

  /// The enabled gemm-* checks of one clang-tidy run share one set of
  /// matchers: the first to register them (the leader) analyses each call
  /// once and hands every member the diagnostics of its category.
  ClangTidyContext *const Group;
  bool Leader = false;

  const rules::Category Category;
  Preprocessor *PP = nullptr;
  /// Call site and message of each warning already given, so a call in a
  /// template is reported once however often it is instantiated.
  std::set<std::pair<unsigned, std::string>> Reported;
  Collected Traversal;
  /// CUBLAS_VERSION of the headers, read once per translation unit.
  std::optional<int64_t> HeaderVersion;
  /// The compute capabilities the architecture rules (cuBLASLt's A-tagged
  /// rules) are decided for: the TargetComputeCapabilities option, else the
  /// GPU architecture a CUDA compilation targets; none: they stay silent.
  const std::string TargetComputeCapabilities;
  std::optional<std::vector<int64_t>> CompileTargets;
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_GEMMCALLCHECK_H
