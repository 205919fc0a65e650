//===--- CallContext.cpp - gemm-tidy -------------------------------------===//

#include "Diagnosis/CallContext.h"
#include "Analysis/Syntax.h"
#include "ContextCache.h"
#include "Models/ApiModel.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <iterator>
#include <map>
#include <set>

namespace clang::tidy::gemm {

// A literal or an enumerator, perhaps cast: a value the argument spells
// itself, the same in every calling context and template instantiation.
bool isSelfEvident(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus)
      E = U->getSubExpr()->IgnoreParenCasts();
  if (isa<IntegerLiteral, CharacterLiteral>(E))
    return true;
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref && isa<EnumConstantDecl>(Ref->getDecl());
}

std::string whenText(const Guard &G, const std::vector<AtomInfo> &Atoms) {
  std::string S;
  for (const Literal &L : G)
    if (L.Atom < Atoms.size())
      S += std::string(S.empty() ? " when " : " and ") + "'" +
           Atoms[L.Atom].text() + "' is " + (L.Positive ? "true" : "false");
  return S;
}

Diagnosis diagnosisAt(const Expr *Arg, const CallExpr &Call) {
  Diagnosis D;
  D.Loc = Arg ? Arg->getExprLoc() : Call.getBeginLoc();
  D.Range = Arg ? Arg->getSourceRange() : Call.getSourceRange();
  return D;
}

void noteContext(const ContextBase &C, const FunctionDecl *Enclosing,
                 ASTContext &Ctx, std::vector<DiagnosisNote> &Notes) {
  noteChain(C.Chain, Notes);
  if (!Enclosing || !Enclosing->isTemplateInstantiation())
    return;
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  Enclosing->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), true);
  OS.flush();
  Notes.push_back({Enclosing->getPointOfInstantiation().isValid()
                       ? Enclosing->getPointOfInstantiation()
                       : Enclosing->getLocation(),
                   "in instantiation of '" + Name + "' requested here"});
}

namespace {

// Notes a constant the argument names as variable \p Var, at the variable's
// initializer; the note names \p Var where it is not called \p Name.
void noteVariableValue(const VarDecl &Var, const std::string &Name,
                       int64_t Value, std::vector<DiagnosisNote> &Notes) {
  const SourceLocation Origin =
      Var.getInit() ? Var.getInit()->getExprLoc() : Var.getLocation();
  Notes.push_back(
      {Origin, Var.getName() == Name
                   ? "'" + Name + "' is " + std::to_string(Value)
                   : "'" + Name + "' is " + std::to_string(Value) +
                         ", the value of '" + Var.getName().str() + "'"});
}

// Notes a constant that the macro expanded at \p At spells, at the macro's
// definition; false where the preprocessor does not know that macro.
bool noteMacroValue(SourceLocation At, const std::string &Name, int64_t Value,
                    const SourceManager &SM, const Preprocessor &PP,
                    std::vector<DiagnosisNote> &Notes) {
  const llvm::StringRef Macro =
      Lexer::getImmediateMacroName(At, SM, PP.getLangOpts());
  const IdentifierInfo *II =
      Macro.empty() ? nullptr : PP.getIdentifierInfo(Macro);
  const MacroInfo *MI = II ? PP.getMacroInfo(II) : nullptr;
  if (!MI)
    return false;
  Notes.push_back({MI->getDefinitionLoc(), "'" + Name + "' is " +
                                               std::to_string(Value) +
                                               ", from macro '" + Macro.str() +
                                               "'"});
  return true;
}

// Notes a constant spelled in the argument itself: a constant variable, a
// macro, or an expression; nothing for a literal or an enumerator, whose
// value the argument shows.
void noteSpelledValue(const Expr &Arg, const Expr &Stripped,
                      const std::string &Name, int64_t Value,
                      const SourceManager &SM, const Preprocessor *PP,
                      std::vector<DiagnosisNote> &Notes) {
  SourceLocation At = Arg.getBeginLoc();
  while (At.isMacroID() && SM.isMacroArgExpansion(At))
    At = SM.getImmediateSpellingLoc(At);
  const bool FromMacro = At.isMacroID();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Stripped.IgnoreParens()))
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      return noteVariableValue(*Var, Name, Value, Notes);
  if (!FromMacro && isSelfEvident(&Stripped))
    return;
  if (FromMacro && PP && noteMacroValue(At, Name, Value, SM, *PP, Notes))
    return;
  Notes.push_back({Arg.getExprLoc(),
                   "'" + Name + "' evaluates to " + std::to_string(Value)});
}

// Notes a value that flowed into \p Arg: one note per place it was written
// (and per text, where conditions tell the writes apart).
void noteFlowedValue(const Expr &Arg, const std::string &Name,
                     const SymbolicValue &V, const std::vector<AtomInfo> &Atoms,
                     std::vector<DiagnosisNote> &Notes) {
  std::set<std::pair<unsigned, std::string>> Seen;
  for (const Alternative &A : V.Alternatives) {
    const SourceLocation Loc =
        A.From.At ? A.From.At->getExprLoc() : Arg.getExprLoc();
    std::string Text = "'" + Name + "' is " + std::to_string(A.Value);
    if (!A.From.What.empty() && A.From.What != "the value of '" + Name + "'")
      Text += ", " + A.From.What.str();
    Text += whenText(A.When, Atoms);
    if (Seen.emplace(Loc.getRawEncoding(), Text).second)
      Notes.push_back({Loc, Text});
  }
}

} // namespace

void noteValue(const Expr &Arg, const std::string &Name,
               const SymbolicValue &V, const std::vector<AtomInfo> &Atoms,
               ASTContext &Ctx, const Preprocessor *PP,
               std::vector<DiagnosisNote> &Notes) {
  if (!V.Known)
    return;
  const Expr *Stripped = strippedArgument(&Arg);
  // A value spelled in the argument itself, or one that flowed in.
  if (V.isConstant() && V.Alternatives[0].From.At == Stripped->IgnoreParens() &&
      V.Alternatives[0].From.What.empty())
    noteSpelledValue(Arg, *Stripped, Name, V.Alternatives[0].Value,
                     Ctx.getSourceManager(), PP, Notes);
  else
    noteFlowedValue(Arg, Name, V, Atoms, Notes);
}

namespace {

// The variable outside any function's frame (a global, a static) that
// \p Arg reads as it is, through the implicit conversions that keep a
// pointer (FunctionValues::evalPointer's first steps); null otherwise.
const DeclRefExpr *staticPointerRead(const Expr &Arg) {
  const Expr *E = Arg.IgnoreParens();
  while (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_NoOp: case CK_BitCast: case CK_LValueToRValue:
    case CK_UncheckedDerivedToBase: case CK_DerivedToBase:
      E = Cast->getSubExpr()->IgnoreParens();
      continue;
    default:
      return nullptr;
    }
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return V && !V->hasLocalStorage() && !E->isValueDependent() ? Ref : nullptr;
}

// The facts of each static read as a pointer, per role, made at the first
// read of the translation unit: the walk never follows a static, so what
// its declared type says is all there is (FunctionValues::
// pointerOfVariable), the same at every read but for where the notes
// point (the read the facts were made at, moved to each later one).
struct StaticPointers {
  StaticPointers() {} // (no aggregate: DenseMap's constructor is explicit)
  struct Facts {
    const DeclRefExpr *MadeAt;
    PointerSymbols Symbols;
  };
  llvm::DenseMap<std::pair<const VarDecl *, unsigned>, Facts> ByVariable;
};

void moveOrigins(SymbolicValue &V, const Expr *From, const Expr *To) {
  for (Alternative &A : V.Alternatives)
    if (A.From.At == From)
      A.From.At = To;
}

} // namespace

void readPointer(FunctionValues &FV, const Expr &Arg, PointerRole Role,
                 ASTContext &Ctx, PointerSymbols &Out) {
  if (writtenNull(Arg, Ctx)) {
    Out.Null = true;
    return;
  }
  const DeclRefExpr *Static = FV.reachable() ? staticPointerRead(Arg) : nullptr;
  StaticPointers::Facts *Kept = nullptr;
  if (Static) {
    auto [It, New] = contextCache<StaticPointers>(Ctx).ByVariable.try_emplace(
        {cast<VarDecl>(Static->getDecl()), static_cast<unsigned>(Role)});
    Kept = &It->second;
    if (!New) {
      // (Out's are fresh unknowns, as most of a static's facts are.)
      const PointerSymbols &From = Kept->Symbols;
      for (auto [To, V] : {std::pair(&Out.Type, &From.Type),
                           {&Out.Count, &From.Count},
                           {&Out.ToPointer, &From.ToPointer},
                           {&Out.Where, &From.Where},
                           {&Out.Size, &From.Size},
                           {&Out.Offset, &From.Offset},
                           {&Out.IsZero, &From.IsZero}})
        if (!V->isPlainUnknown()) {
          *To = *V;
          moveOrigins(*To, Kept->MadeAt, Static);
        }
      return;
    }
    Kept->MadeAt = Static;
  }
  FunctionValues::PointerValue P = FV.evaluatePointer(&Arg);
  if (Role == PointerRole::Scalar && !P.Type.Known)
    P.Type = std::move(P.CastFrom);
  // (Out's are fresh unknowns: most facts of most pointers stay so.)
  auto Take = [](SymbolicValue &To, SymbolicValue &From) {
    if (!From.isPlainUnknown())
      To = std::move(From);
  };
  Take(Out.Type, P.Type);
  Take(Out.Count, P.Count);
  Take(Out.ToPointer, P.ToPointer);
  Take(Out.Where, P.Where);
  Take(Out.Size, P.Size);
  Take(Out.Offset, P.Offset);
  Take(Out.IsZero, P.IsZero);
  if (Kept)
    Kept->Symbols = Out;
}

void noteAlternatives(const SymbolicValue &V, const Expr &Arg,
                      llvm::function_ref<std::string(int64_t)> Describe,
                      const std::vector<AtomInfo> &Atoms,
                      std::vector<DiagnosisNote> &Notes) {
  if (!V.Known)
    return;
  for (const Alternative &A : V.Alternatives) {
    std::string Text = Describe(A.Value);
    if (!A.From.What.empty())
      Text += ", " + A.From.What.str();
    Text += whenText(A.When, Atoms);
    Notes.push_back(
        {A.From.At ? A.From.At->getExprLoc() : Arg.getExprLoc(), Text});
  }
}

} // namespace clang::tidy::gemm
