//===--- GemmCallCheck.cpp - gemm-tidy -----------------------------------===//

#include "GemmCallCheck.h"
#include "GemmDiagnosis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang::ast_matchers;

namespace clang::tidy::gemm {

using rules::Role;

GemmCallCheck::GemmCallCheck(StringRef Name, ClangTidyContext *Context,
                             rules::Category Category)
    : ClangTidyCheck(Name, Context), Category(Category) {}

void GemmCallCheck::registerMatchers(MatchFinder *Finder) {
  // Narrow by name first: every other call costs one identifier lookup.
  // No ancestor matchers: they would build a parent map of the whole
  // translation unit, which costs more than everything else here.
  const auto GemmFunction = functionDecl(isGemmFamilyFunction());
  Finder->addMatcher(callExpr(callee(GemmFunction.bind("callee"))).bind("call"),
                     this);
  // Every function definition: where a call sits, and whether its calls
  // are the user's to check (not device code, not cuBLAS's own overloads).
  Finder->addMatcher(functionDecl(isDefinition()).bind("function"), this);
}

void GemmCallCheck::registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                                        Preprocessor *) {
  this->PP = PP;
}

namespace {

/// Device code calls the device-side cuBLAS API, which has other rules.
bool isDeviceOnly(const Decl *D) {
  if (!D)
    return false;
  if (D->hasAttr<CUDAGlobalAttr>())
    return true;
  return D->hasAttr<CUDADeviceAttr>() && !D->hasAttr<CUDAHostAttr>();
}

/// cublas_api.h defines inline overloads (the cudaDataType computeType
/// forms) that call the real entry point; those are not the user's calls.
bool isGemmFunctionItself(const FunctionDecl *FD) {
  const IdentifierInfo *Id = FD->getIdentifier();
  return Id && gemmApiNamed(Id->getName());
}

} // namespace

const FunctionDecl *
GemmCallCheck::enclosingFunction(SourceLocation At,
                                 const SourceManager &SM) const {
  for (auto It = Functions.rbegin(); It != Functions.rend(); ++It)
    if (SM.isPointWithin(At, It->second.getBegin(), It->second.getEnd()))
      return It->first;
  return nullptr;
}

void GemmCallCheck::check(const MatchFinder::MatchResult &Result) {
  const SourceManager &SM = *Result.SourceManager;
  if (const auto *Fn = Result.Nodes.getNodeAs<FunctionDecl>("function")) {
    if (!Fn->getBody())
      return;
    const SourceRange Body =
        SM.getExpansionRange(Fn->getBody()->getSourceRange()).getAsRange();
    if (isDeviceOnly(Fn) || isGemmFunctionItself(Fn))
      ExcludedBodies.push_back(Body);
    Functions.emplace_back(Fn, Body);
    return;
  }
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  const auto *Callee = Result.Nodes.getNodeAs<FunctionDecl>("callee");
  if (!Call || !Callee)
    return;
  const SourceLocation At = SM.getExpansionLoc(Call->getBeginLoc());
  if (SM.isInSystemHeader(At))
    return;
  for (const SourceRange &Body : ExcludedBodies)
    if (SM.isPointWithin(At, Body.getBegin(), Body.getEnd()))
      return;

  const int64_t Override = libraryVersionOverride();
  const int64_t Version = Override ? Override : cublasVersion(PP);
  for (const Diagnosis &D :
       diagnoseGemmCall(*Call, *Callee, enclosingFunction(At, SM),
                        *Result.Context, PP, Version)) {
    const rules::Finding &F = D.Finding;
    if (!reportsCategory(F.Cat) || !shouldReport(F))
      continue;
    if (!Reported.emplace(SM.getFileLoc(D.Loc).getRawEncoding(), F.Message)
             .second)
      continue;
    diag(D.Loc, "%0") << F.Message;
    for (const DiagnosisNote &N : D.Notes)
      diag(N.Loc, "%0", DiagnosticIDs::Note) << N.Text;
    if (!F.Note.empty() && shouldAddFixNote(F))
      diag(D.Loc, "%0", DiagnosticIDs::Note) << F.Note;
  }
}

} // namespace clang::tidy::gemm
