//===--- GemmCallCheck.cpp - gemm-tidy -----------------------------------===//

#include "GemmCallCheck.h"

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
  auto Excluded = functionDecl(isDefinition(), isGemmFamilyFunction());
  if (getLangOpts().CUDA)
    Excluded = functionDecl(
        isDefinition(), anyOf(isGemmFamilyFunction(), hasAttr(attr::CUDAGlobal),
                              hasAttr(attr::CUDADevice)));
  Finder->addMatcher(Excluded.bind("excluded"), this);
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

/// A literal or an enumerator, possibly negated or cast: its value is
/// plain to see at the call.
bool isSelfEvident(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus)
      E = U->getSubExpr()->IgnoreParenCasts();
  if (isa<IntegerLiteral>(E))
    return true;
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref && isa<EnumConstantDecl>(Ref->getDecl());
}

} // namespace

void GemmCallCheck::check(const MatchFinder::MatchResult &Result) {
  const SourceManager &SM = *Result.SourceManager;
  if (const auto *Fn = Result.Nodes.getNodeAs<FunctionDecl>("excluded")) {
    if ((isDeviceOnly(Fn) || isGemmFunctionItself(Fn)) && Fn->getBody())
      ExcludedBodies.push_back(
          SM.getExpansionRange(Fn->getBody()->getSourceRange()).getAsRange());
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

  std::optional<GemmCall> Analyzed =
      analyzeGemmCall(*Call, *Callee, *Result.Context);
  if (!Analyzed)
    return;
  const int64_t Override = libraryVersionOverride();
  Analyzed->Values.LibraryVersion = Override ? Override : cublasVersion(PP);

  for (const rules::Finding &F :
       rules::checkCall(*Analyzed->Api, Analyzed->Values))
    if (F.Cat == Category && shouldReport(F))
      report(*Analyzed, F, SM);
}

void GemmCallCheck::report(const GemmCall &Call, const rules::Finding &F,
                           const SourceManager &SM) {
  const Expr *Arg = Call.argument(F.Param);
  const SourceLocation Loc =
      Arg ? Arg->getExprLoc() : Call.Call->getBeginLoc();
  const SourceLocation Key = SM.getFileLoc(Loc);
  if (!Reported.emplace(Key.getRawEncoding(), F.Message).second)
    return;

  diag(Loc, "%0") << F.Message;
  for (Role R : F.Inputs)
    noteValueOrigin(Call, R, SM);
  if (!F.Note.empty() && shouldAddFixNote(F))
    diag(Loc, "%0", DiagnosticIDs::Note) << F.Note;
}

// A note at the place a deciding value was written, unless it is plain to
// see at the call already (a literal or an enumerator in the argument).
void GemmCallCheck::noteValueOrigin(const GemmCall &Call, Role R,
                                    const SourceManager &SM) {
  const Expr *Arg = Call.argument(R);
  const rules::Value V = Call.Values[R];
  if (!Arg || !V.Known)
    return;
  const Expr *E = strippedArgument(Arg);
  const std::string Name = rules::paramName(*Call.Api, R);

  // Look through wrapper macros (CUBLAS_CHECK(cublasGemmEx(...))) to where
  // the argument itself is spelled.
  SourceLocation At = Arg->getBeginLoc();
  while (At.isMacroID() && SM.isMacroArgExpansion(At))
    At = SM.getImmediateSpellingLoc(At);
  const bool FromMacro = At.isMacroID();

  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl())) {
      const SourceLocation Origin =
          Var->getInit() ? Var->getInit()->getExprLoc() : Var->getLocation();
      if (Var->getName() == Name)
        diag(Origin, "'%0' is %1", DiagnosticIDs::Note)
            << Name << std::to_string(V.V);
      else
        diag(Origin, "'%0' is %1, the value of '%2'", DiagnosticIDs::Note)
            << Name << std::to_string(V.V) << Var->getName();
      return;
    }
  if (!FromMacro && isSelfEvident(E))
    return;

  if (FromMacro && PP) {
    // `#define LDA 64` ... cublasGemmEx(..., LDA, ...): point at the macro's
    // definition, where the number is written.
    const llvm::StringRef Macro =
        Lexer::getImmediateMacroName(At, SM, PP->getLangOpts());
    if (const IdentifierInfo *II =
            Macro.empty() ? nullptr : PP->getIdentifierInfo(Macro))
      if (const MacroInfo *MI = PP->getMacroInfo(II)) {
        diag(MI->getDefinitionLoc(), "'%0' is %1, from macro '%2'",
             DiagnosticIDs::Note)
            << Name << std::to_string(V.V) << Macro;
        return;
      }
  }
  diag(Arg->getExprLoc(), "'%0' evaluates to %1", DiagnosticIDs::Note)
      << Name << std::to_string(V.V);
}

} // namespace clang::tidy::gemm
