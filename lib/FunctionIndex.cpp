//===--- FunctionIndex.cpp - gemm-tidy -----------------------------------===//

#include "FunctionIndex.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>

namespace clang::tidy::gemm {

namespace {

/// Calls \p Each with every call in \p Fn's code: its body and, for a
/// constructor, its initialisers, but not its lambdas' bodies, which are
/// functions of their own (a worklist: generated code nests thousands of
/// operators).
template <class EachFn> void forEachCall(const FunctionDecl &Fn, EachFn Each) {
  llvm::SmallVector<const Stmt *, 32> Work;
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Fn))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getInit())
        Work.push_back(Init->getInit());
  Work.push_back(Fn.getBody());
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *Call = dyn_cast<CallExpr>(S))
      Each(Call);
    if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
      for (const Expr *Init : Lambda->capture_inits())
        if (Init)
          Work.push_back(Init);
      continue;
    }
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
}

/// The template a function was instantiated from, or the function itself.
const FunctionDecl *patternOf(const FunctionDecl *Fn) {
  const FunctionDecl *Pattern = Fn->getTemplateInstantiationPattern();
  return Pattern ? Pattern : Fn;
}

/// Of a group of functions that share their text, one template's pattern
/// and instantiations (GroupFacts::OneTemplate): the one whose parameter or
/// local variable \p Call's own code odr-uses. Such a use, neither a
/// capture nor unevaluated, is possible in that function's code alone (a
/// lambda or a local class would capture it or could not name it), and no
/// function of the group holds another. Null where none is found (a call
/// naming only globals).
const FunctionDecl *
namedOwner(const CallExpr &Call,
           llvm::ArrayRef<const FunctionIndex::Entry *> Group) {
  // (The call's arguments are short: a few dozen nodes at most are looked
  // at, not lambdas' bodies nor unevaluated operands.)
  constexpr unsigned MaxNodes = 64;
  unsigned Visited = 0;
  llvm::SmallVector<const Stmt *, 16> Work;
  for (const Stmt *Child : Call.children())
    Work.push_back(Child);
  while (!Work.empty() && ++Visited <= MaxNodes) {
    const Stmt *S = Work.pop_back_val();
    if (!S || isa<LambdaExpr, UnaryExprOrTypeTraitExpr>(S))
      continue;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      if (!V || !V->isLocalVarDeclOrParm() ||
          Ref->refersToEnclosingVariableOrCapture() ||
          Ref->isNonOdrUse() != NOUR_None)
        continue;
      for (const FunctionIndex::Entry *E : Group)
        if (V->getDeclContext() == E->Fn)
          return E->Fn;
      continue;
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return nullptr;
}

} // namespace

FunctionIndex::FunctionIndex(ASTContext &Ctx, FileID File)
    : SM(Ctx.getSourceManager()), File(File),
      FileBegin(SM.getLocForStartOfFile(File).getRawEncoding()),
      FileEnd(FileBegin + SM.getFileIDSize(File)) {
  // clangd narrows the traversal to the main file's declarations (the
  // preamble's would have to be read back to be walked).
  for (Decl *D : Ctx.getTraversalScope())
    if (const auto *TU = dyn_cast<TranslationUnitDecl>(D)) {
      for (const Decl *Child : TU->decls())
        add(Child);
    } else {
      add(D);
    }
  // (The order among a template's instantiations, which share their text,
  // does not matter: enclosing() looks into each.)
  // An explicit specialization, reached twice (where it is written and
  // among its template's specializations), is indexed once: the sort puts
  // its two entries side by side.
  std::sort(Entries.begin(), Entries.end(), [](const Entry &A, const Entry &B) {
    return A.Begin != B.Begin ? A.Begin < B.Begin
           : A.End != B.End   ? A.End > B.End
                              : std::less<const FunctionDecl *>()(A.Fn, B.Fn);
  });
  Entries.erase(std::unique(Entries.begin(), Entries.end(),
                            [](const Entry &A, const Entry &B) {
                              return A.Fn == B.Fn;
                            }),
                Entries.end());
  unsigned Max = 0;
  for (const Entry &E : Entries)
    MaxEnd.push_back(Max = std::max(Max, E.End));
}

bool FunctionIndex::inFile(SourceLocation Loc) const {
  if (Loc.isInvalid())
    return false;
  if (Loc.isMacroID())
    Loc = SM.getExpansionLoc(Loc);
  // A file's locations are one range of the source manager's offsets (a
  // file it includes gets a range of its own): no lookup of the FileID.
  return Loc.getRawEncoding() >= FileBegin && Loc.getRawEncoding() <= FileEnd;
}

void FunctionIndex::add(const Decl *D) {
  if (!inFile(D->getLocation()))
    return;
  if (const auto *Template = dyn_cast<FunctionTemplateDecl>(D)) {
    add(Template->getTemplatedDecl());
    for (const FunctionDecl *Instance : Template->specializations())
      add(Instance);
    return;
  }
  if (const auto *Template = dyn_cast<ClassTemplateDecl>(D)) {
    add(Template->getTemplatedDecl());
    for (const ClassTemplateSpecializationDecl *Instance :
         Template->specializations())
      add(Instance);
    return;
  }
  if (const auto *Friend = dyn_cast<FriendDecl>(D)) {
    if (const NamedDecl *Befriended = Friend->getFriendDecl())
      add(Befriended);
    return;
  }
  if (const auto *Fn = dyn_cast<FunctionDecl>(D))
    addFunction(Fn);
  // Namespaces, linkage specifications, classes; a function's own
  // declarations hold its local classes and its lambdas' closure types.
  if (isa<EnumDecl>(D))
    return;
  if (const auto *DC = dyn_cast<DeclContext>(D))
    for (const Decl *Child : DC->decls())
      add(Child);
}

void FunctionIndex::addFunction(const FunctionDecl *Fn) {
  const Stmt *Code =
      Fn->isThisDeclarationADefinition() ? Fn->getBody() : nullptr;
  if (!Code)
    return;
  const SourceRange Body =
      SM.getExpansionRange(Code->getSourceRange()).getAsRange();
  // A constructor's code starts at its initialisers.
  SourceLocation Begin = Body.getBegin();
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Fn))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isWritten() && Init->getSourceLocation().isValid()) {
        Begin = SM.getExpansionLoc(Init->getSourceLocation());
        break;
      }
  // (Offsets in the file from the locations' encodings, as inFile().)
  const SourceLocation End = Body.getEnd();
  if (Begin.isInvalid() || End.isInvalid() || Begin.isMacroID() ||
      End.isMacroID())
    return;
  const SourceLocation::UIntTy BeginRaw = Begin.getRawEncoding(),
                               EndRaw = End.getRawEncoding();
  if (BeginRaw < FileBegin || EndRaw > FileEnd || EndRaw < BeginRaw)
    return;
  Entries.push_back({static_cast<unsigned>(BeginRaw - FileBegin),
                     static_cast<unsigned>(EndRaw - FileBegin), Fn});
}

FunctionIndex::Enclosing FunctionIndex::enclosing(const CallExpr &Call,
                                                  unsigned Offset) const {
  Enclosing Out;
  // The entries that begin at or before the call, nearest first: those
  // that contain it are the innermost first (texts nest).
  const size_t After =
      llvm::upper_bound(Entries, Offset,
                        [](unsigned O, const Entry &E) { return O < E.Begin; }) -
      Entries.begin();
  llvm::SmallVector<const Entry *, 8> Containing;
  for (size_t I = After; I-- > 0 && MaxEnd[I] >= Offset;)
    if (Entries[I].End >= Offset)
      Containing.push_back(&Entries[I]);
  if (Containing.empty())
    return Out;
  size_t Same = 1;
  while (Same < Containing.size() &&
         Containing[Same]->Begin == Containing[0]->Begin &&
         Containing[Same]->End == Containing[0]->End)
    ++Same;
  if (Same == 1) {
    Out.Innermost = Containing[0]->Fn;
  } else {
    // A template's pattern and instantiations, or functions one macro
    // expansion defines: the one whose code holds the call, told by the
    // names the call uses where it can be. Else each such group's bodies
    // are walked once, for all the calls in them.
    const llvm::ArrayRef<const Entry *> Group(Containing.data(), Same);
    const Entry *First = Group.back(); // (the scan went backwards)
    auto [It, New] = Groups.try_emplace(First);
    GroupFacts &Facts = It->second;
    if (New) {
      const FunctionDecl *Pattern = patternOf(First->Fn);
      Facts.OneTemplate = llvm::all_of(Group, [&](const Entry *E) {
        return patternOf(E->Fn) == Pattern;
      });
    }
    if (Facts.OneTemplate)
      Out.Innermost = namedOwner(Call, Group);
    if (!Out.Innermost) {
      if (!Facts.Walked)
        for (const Entry *E : Group)
          forEachCall(*E->Fn, [&](const CallExpr *C) {
            Owner.try_emplace(C, E->Fn);
          });
      Facts.Walked = true;
      Out.Innermost = Owner.lookup(&Call);
    }
  }
  for (const Entry *E : Containing)
    Out.Containing.push_back(E->Fn);
  return Out;
}

} // namespace clang::tidy::gemm
