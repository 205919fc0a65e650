//===--- GemmCallCheck.cpp - gemm-tidy -----------------------------------===//

#include "GemmCallCheck.h"
#include "FunctionIndex.h"
#include "Diagnosis/GemmDiagnosis.h"
#include "Diagnosis/LtObjectCall.h"
#include "Diagnosis/LtMatmulDiagnosis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include <map>
#include <memory>
#include <mutex>

using namespace clang::ast_matchers;

namespace clang::tidy::gemm {

using rules::Role;

namespace {

// The gemm-* checks alive for each clang-tidy context (clangd runs several
// at once, on several threads).
std::mutex GroupsLock;
std::map<const ClangTidyContext *, std::vector<GemmCallCheck *>> &groups() {
  static std::map<const ClangTidyContext *, std::vector<GemmCallCheck *>> G;
  return G;
}

/// Device code calls the device-side cuBLAS API, which has other rules.
bool isDeviceOnly(const Decl *D) {
  if (!D)
    return false;
  if (D->hasAttr<CUDAGlobalAttr>())
    return true;
  return D->hasAttr<CUDADeviceAttr>() && !D->hasAttr<CUDAHostAttr>();
}

/// Never matches: collects, as the traversal meets them, the calls the
/// checks analyse and, in the main file, the calls of functions defined in
/// the translation unit (before the call or after it), the call sites whose
/// constants a wrapper's parameters are bound to. Both are judged once the
/// whole translation unit is known (onEndOfTranslationUnit). A match, with
/// its bound nodes and its check(), would cost several times the test; a
/// walk of its own, as much as the traversal.
AST_MATCHER_P(CallExpr, collectsCalls, GemmCallCheck::Collected *, Into) {
  const FunctionDecl *Callee = Node.getDirectCallee();
  if (!Callee)
    return false;
  ASTContext &Ctx = Finder->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  if (Callee->hasBody() &&
      SM.isInMainFile(SM.getExpansionLoc(Node.getBeginLoc())))
    Into->Sites.push_back(&Node);
  if (const CalleeRow Row = classify(*Callee)) {
    Into->Calls.push_back({&Node, Callee, Row});
    Into->Ctx = &Ctx;
  }
  return false;
}

} // namespace

GemmCallCheck::GemmCallCheck(StringRef Name, ClangTidyContext *Context,
                             rules::Category Category)
    : ClangTidyCheck(Name, Context), Group(Context), Category(Category),
      TargetComputeCapabilities(
          Options.getLocalOrGlobal("TargetComputeCapabilities", "")) {
  std::lock_guard<std::mutex> Lock(GroupsLock);
  groups()[Group].push_back(this);
}

GemmCallCheck::~GemmCallCheck() {
  std::lock_guard<std::mutex> Lock(GroupsLock);
  auto It = groups().find(Group);
  if (It == groups().end())
    return;
  llvm::erase(It->second, this);
  if (It->second.empty())
    groups().erase(It);
}

void GemmCallCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "TargetComputeCapabilities", TargetComputeCapabilities);
}

void GemmCallCheck::registerMatchers(MatchFinder *Finder) {
  {
    // One leader per group registers the matchers for all.
    std::lock_guard<std::mutex> Lock(GroupsLock);
    for (const GemmCallCheck *Member : groups()[Group])
      if (Member->Leader)
        return;
    Leader = true;
  }
  // One matcher, a single test: every call of the translation unit, the
  // headers' included, meets it, and a matcher composed of generic pieces
  // costs several times as much per node. No ancestor matchers: they would
  // build a parent map of the whole translation unit, which costs more than
  // everything else here; nor one on every function to know where each is:
  // the functions a call sits in are found from the declarations at the
  // end (FunctionIndex).
  Finder->addMatcher(callExpr(collectsCalls(&Traversal)), this);
}

void GemmCallCheck::registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                                        Preprocessor *) {
  this->PP = PP;
}

namespace {

/// Where the calls of a translation unit sit: the functions of each file
/// that has a call, indexed once it is needed (a header's only for calls
/// in it, to leave out its device code and cuBLAS's own inline overloads),
/// and whether it is a system header.
class CallLocator {
public:
  CallLocator(ASTContext &Ctx, bool SystemHeaders)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), SystemHeaders(SystemHeaders) {}

  /// The function \p Call sits in, or null; false for a call in device
  /// code, in a GEMM function's own inline overload, whose calls are not
  /// the user's host calls, or in a system header, which clang-tidy's
  /// --system-headers says whether to check (off unless given).
  bool locate(const CallExpr &Call, const FunctionDecl *&Enclosing);

private:
  struct FileFacts {
    std::unique_ptr<FunctionIndex> Index;
    bool System = false;
  };
  ASTContext &Ctx;
  const SourceManager &SM;
  const bool SystemHeaders;
  llvm::DenseMap<FileID, FileFacts> Files;
};

bool CallLocator::locate(const CallExpr &Call, const FunctionDecl *&Enclosing) {
  // (Where the call is written: its closing parenthesis, unless a macro
  // wrote that, which saves resolving the macro that names most cuBLAS
  // functions, cublasSgemm for cublasSgemm_v2.)
  SourceLocation Written = Call.getRParenLoc();
  if (Written.isInvalid() || Written.isMacroID())
    Written = SM.getExpansionLoc(Call.getBeginLoc());
  const auto [File, Offset] = SM.getDecomposedLoc(Written);
  auto [It, New] = Files.try_emplace(File);
  FileFacts &Facts = It->second;
  if (New)
    Facts.System = SM.isInSystemHeader(SM.getLocForStartOfFile(File));
  if (Facts.System && !SystemHeaders)
    return false;
  if (!Facts.Index)
    Facts.Index = std::make_unique<FunctionIndex>(Ctx, File);
  FunctionIndex::Enclosing E = Facts.Index->enclosing(Call, Offset);
  // (cublas_api.h defines inline overloads of the entry points, the
  // cudaDataType computeType forms, that call the real one.)
  for (const FunctionDecl *Fn : E.Containing)
    if (isDeviceOnly(Fn) || classify(*Fn).isEntryPoint())
      return false;
  // A project header's functions are the translation unit's as much as
  // the main file's: their parameters take their callers' values. In a
  // system header (reached with --system-headers only), folding only.
  Enclosing = !Facts.System ? E.Innermost : nullptr;
  return true;
}

/// The calls of a template's instantiations, by the pattern's function and
/// the call's location (an instantiated call keeps its pattern's): indexes
/// into \p Where, where each call sits (false: not judged).
using InstanceKey = std::pair<const FunctionDecl *, SourceLocation::UIntTy>;
InstanceKey instanceKey(const FunctionDecl *Fn, const CallExpr &Call) {
  return {Fn, Call.getBeginLoc().getRawEncoding()};
}
llvm::DenseMap<InstanceKey, llvm::SmallVector<size_t, 4>>
instancesOf(llvm::ArrayRef<GemmCallCheck::PendingCall> Calls,
            llvm::ArrayRef<std::pair<bool, const FunctionDecl *>> Where) {
  llvm::DenseMap<InstanceKey, llvm::SmallVector<size_t, 4>> Instances;
  for (size_t I = 0; I < Calls.size(); ++I)
    if (const FunctionDecl *Fn = Where[I].second; Where[I].first && Fn)
      if (const FunctionDecl *Pattern = Fn->getTemplateInstantiationPattern())
        Instances[instanceKey(Pattern, *Calls[I].Call)].push_back(I);
  return Instances;
}

} // namespace

void GemmCallCheck::onEndOfTranslationUnit() {
  Collected Found = std::move(Traversal);
  Traversal = Collected();
  const std::vector<PendingCall> &Calls = Found.Calls;
  if (Calls.empty() || !Found.Ctx)
    return; // no call to diagnose: no wrapper's call sites to know
  ASTContext &Ctx = *Found.Ctx;
  CallLocator Locator(Ctx, Group->getOptions().SystemHeaders.value_or(false));
  for (const CallExpr *Site : Found.Sites) {
    const FunctionDecl *Caller = nullptr;
    if (Locator.locate(*Site, Caller) && Caller)
      recordCallSite(*Site, *Caller, Ctx);
  }
  // The group's members, asked once for the translation unit.
  std::vector<GemmCallCheck *> Members;
  {
    std::lock_guard<std::mutex> Lock(GroupsLock);
    Members = groups()[Group];
  }
  // Where each call sits; false where it is not judged.
  std::vector<std::pair<bool, const FunctionDecl *>> Where(Calls.size());
  for (size_t I = 0; I < Calls.size(); ++I)
    Where[I].first = Locator.locate(*Calls[I].Call, Where[I].second);
  const auto Instances = instancesOf(Calls, Where);
  for (size_t I = 0; I < Calls.size(); ++I) {
    const auto [Judged, Enclosing] = Where[I];
    if (!Judged)
      continue;
    // A template's own call is judged with what holds whatever its
    // arguments (the dependent values unknown), so what it finds each
    // instantiation reached there finds too: where no instantiation has a
    // finding, the pattern has none. (Its instantiations are judged first,
    // and reported in their turn; the pattern's findings, where it has
    // some, come first, without an instantiation's note.)
    if (Enclosing)
      if (auto It = Instances.find(instanceKey(Enclosing, *Calls[I].Call));
          It != Instances.end() &&
          llvm::none_of(It->second, [&](size_t J) {
            return findsAny(Calls[J], Where[J].second, Ctx, Members);
          }))
        continue;
    diagnose(Calls[I], Enclosing, Ctx, Members);
  }
}

void GemmCallCheck::diagnose(const PendingCall &P,
                             const FunctionDecl *Enclosing, ASTContext &Ctx,
                             llvm::ArrayRef<GemmCallCheck *> Members) {
  const SourceManager &SM = Ctx.getSourceManager();
  forEachMember(P, Enclosing, Ctx, Members,
                [&](GemmCallCheck &Member, const std::vector<Diagnosis> &Found) {
                  for (const Diagnosis &D : Found)
                    Member.emit(D, SM);
                });
}

bool GemmCallCheck::findsAny(const PendingCall &P,
                             const FunctionDecl *Enclosing, ASTContext &Ctx,
                             llvm::ArrayRef<GemmCallCheck *> Members) {
  bool Any = false;
  forEachMember(P, Enclosing, Ctx, Members,
                [&](GemmCallCheck &, const std::vector<Diagnosis> &Found) {
                  Any |= !Found.empty();
                });
  return Any;
}

template <class EachFn>
void GemmCallCheck::forEachMember(const PendingCall &P,
                                  const FunctionDecl *Enclosing,
                                  ASTContext &Ctx,
                                  llvm::ArrayRef<GemmCallCheck *> Members,
                                  EachFn Each) {
  if (!HeaderVersion)
    HeaderVersion = cublasVersion(PP);
  // A check's CublasVersion option (and, for cublasLtMatmul, its
  // TargetComputeCapabilities) changes the verdict: each member asks for
  // its own, which the diagnoses' caches compute once per distinct one;
  // the members with the previous one's version (and architectures) share
  // its diagnoses without asking (a cache lookup per member and call costs
  // more than the dispatch).
  const std::vector<Diagnosis> *Found = nullptr;
  int64_t FoundFor = 0;
  const std::vector<int64_t> *FoundTargets = nullptr;
  for (GemmCallCheck *Member : Members) {
    const int64_t Override = Member->libraryVersionOverride();
    const int64_t Version = Override ? Override : *HeaderVersion;
    // (cublasLtMatmul's also by the architectures judged.)
    const std::vector<int64_t> *Targets =
        P.Row.K == CalleeRow::LtMatmul ? &Member->targets(Ctx) : nullptr;
    if (!Found || FoundFor != Version ||
        (Targets && *Targets != *FoundTargets)) {
      Found = &diagnosesOf(P, Enclosing, Ctx, Version, *Member);
      FoundFor = Version;
      FoundTargets = Targets;
    }
    Each(*Member, *Found);
  }
}

const std::vector<Diagnosis> &
GemmCallCheck::diagnosesOf(const PendingCall &P, const FunctionDecl *Enclosing,
                           ASTContext &Ctx, int64_t Version,
                           GemmCallCheck &Member) {
  switch (P.Row.K) {
  case CalleeRow::Gemm:
    return diagnoseGemmCall(*P.Call, *P.Row.Api, *P.Callee, Enclosing, Ctx,
                            PP, Version);
  case CalleeRow::LtMatmul:
    return diagnoseLtMatmulCall(*P.Call, Enclosing, Ctx, Version,
                                Member.targets(Ctx));
  case CalleeRow::LtObject:
    return diagnoseLtObjectCall(*P.Call, *P.Row.Fn, Enclosing, Ctx, PP,
                                Version);
  case CalleeRow::None:
    break;
  }
  static const std::vector<Diagnosis> Nothing;
  return Nothing;
}

const std::vector<int64_t> &GemmCallCheck::targets(const ASTContext &Ctx) {
  if (CompileTargets)
    return *CompileTargets;
  CompileTargets = parseComputeCapabilities(TargetComputeCapabilities);
  if (!CompileTargets->empty() || !getLangOpts().CUDA)
    return *CompileTargets;
  // A CUDA compilation for one GPU (--cuda-gpu-arch/--offload-arch: the
  // device side, which clang-tidy parses unless told --cuda-host-only).
  for (const TargetInfo *T : {&Ctx.getTargetInfo(), Ctx.getAuxTargetInfo()})
    if (T && T->getTriple().isNVPTX())
      if (llvm::StringRef CPU = T->getTargetOpts().CPU; CPU.starts_with("sm_"))
        CompileTargets = parseComputeCapabilities(CPU);
  return *CompileTargets;
}

void GemmCallCheck::emit(const Diagnosis &D, const SourceManager &SM) {
  const rules::Finding &F = D.Finding;
  if (!reportsCategory(F.Cat) || !shouldReport(F))
    return;
  // Where the user wrote it: for an argument of a macro such as
  // CUBLAS_CHECK(...) the file location of its spelling, which clangd can
  // name (it drops notes at locations inside a macro expansion).
  const SourceLocation Loc = SM.getFileLoc(D.Loc);
  if (!Reported.emplace(Loc.getRawEncoding(), F.Message).second)
    return;
  {
    DiagnosticBuilder Warning = diag(Loc, "%0") << F.Message;
    const CharSourceRange Range = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(D.Range), SM, getLangOpts());
    if (Range.isValid())
      Warning << Range;
    if (!D.Fix.isNull() && shouldFix(F))
      Warning << D.Fix;
  }
  for (const DiagnosisNote &N : D.Notes)
    diag(SM.getFileLoc(N.Loc), "%0", DiagnosticIDs::Note) << N.Text;
  if (!fixNote(F).empty())
    diag(Loc, "%0", DiagnosticIDs::Note) << fixNote(F);
}

} // namespace clang::tidy::gemm
