//===--- LtMatmulDiagnosis.cpp - gemm-tidy -------------------------------===//

#include "Diagnosis/LtMatmulDiagnosis.h"
#include "Diagnosis/AlgoSource.h"
#include "Analysis/Syntax.h"
#include "ContextCache.h"
#include "gemm/rules/lt_check.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace clang::tidy::gemm {

namespace lt = rules::lt;
using lt::Arg;
using rules::Value;

namespace {

// The objects the rules read: the descriptor, the layouts of A, B, C and D,
// the preference.
constexpr unsigned NumObjects = 6;
constexpr Arg ObjectArgs[NumObjects] = {Arg::ComputeDesc, Arg::Adesc,
                                        Arg::Bdesc,       Arg::Cdesc,
                                        Arg::Ddesc,       Arg::Preference};
constexpr unsigned ObjC = 3, ObjD = 4;
// The pointer arguments whose facts the rules read.
constexpr Arg PointerArgs[] = {Arg::Alpha, Arg::Beta, Arg::A,        Arg::B,
                               Arg::C,     Arg::D,    Arg::Workspace};
constexpr unsigned NumPointers = std::size(PointerArgs);
constexpr unsigned BetaPointer = 1, WorkspacePointer = NumPointers - 1;

bool isHeuristic(const CallExpr &Call) { return Call.getNumArgs() == 10; }

// The argument of \p Call that plays \p A, or null.
const Expr *argument(const CallExpr &Call, Arg A) {
  const ApiFunction *F = apiFunctionOf(Call.getDirectCallee());
  return F ? argumentPlaying(Call, *F, A) : nullptr;
}

// One calling context of the call: every value the rules read, each a few
// alternatives under conditions, and the chain of call sites that bound
// the enclosing function's parameters.
struct LtContext : ContextBase {
  std::vector<SymbolicValue> Attr[NumObjects]; // by id; empty: not followed
  SymbolicValue Destroyed[NumObjects];
  bool Null[NumObjects] = {};
  PointerSymbols Pointers[NumPointers];
  SymbolicValue WorkspaceSize, RequestedAlgoCount;
  Value CdescIsNull, CdescIsDdesc, CIsD;
  // Where the heuristic query that chose 'algo' asked about the same
  // objects: the preference's MIN_ALIGNMENT_{A,B,C,D}_BYTES and the bias
  // pointer there (the alignments the algo was chosen for).
  SymbolicValue QueryAlignment[4], QueryBias;
};

// The alignment a made-up address (FunctionValues::AllocationBase plus an
// offset) proves: CUDA's allocators promise 256 bytes, no more.
int64_t provenAlignment(int64_t Address) {
  return std::min<int64_t>(Address & -Address, 256);
}

// Whether \p Query asked about the objects \p Call uses (a NULL Cdesc is
// Ddesc): only then did it choose 'algo' for them.
bool asksAboutSameObjects(const CallExpr &Query, const CallExpr &Call,
                          ASTContext &Ctx) {
  auto Object = [&](const CallExpr &X, Arg A) {
    const Expr *E = argument(X, A);
    if (A == Arg::Cdesc && E && writtenNull(*E, Ctx))
      E = argument(X, Arg::Ddesc);
    return objectRef(E);
  };
  for (Arg A : {Arg::ComputeDesc, Arg::Adesc, Arg::Bdesc, Arg::Cdesc, Arg::Ddesc}) {
    const ObjectRef V = Object(Call, A);
    if (!V || V != Object(Query, A))
      return false;
  }
  return true;
}

// What the heuristic assumed when it chose 'algo', where \p Query did so
// for \p Call's objects: read where the walk reaches the query.
void evaluateAtQuery(const CallExpr &Query, const CallExpr &Call,
                     const FunctionDecl *Fn, ASTContext &Ctx,
                     FunctionValues::Bindings Bindings, LtContext &Out) {
  if (!asksAboutSameObjects(Query, Call, Ctx))
    return;
  const Expr *Pref = argument(Query, Arg::Preference);
  const Expr *Desc = argument(Query, Arg::ComputeDesc);
  if (!Pref || writtenNull(*Pref, Ctx))
    return;
  FunctionValues FV(Ctx, Fn, Out.Atoms, std::move(Bindings));
  FV.walkTo(&Query);
  for (unsigned M = 0; M < 4; ++M)
    Out.QueryAlignment[M] =
        FV.evaluateAttribute(Pref, lt::pref::MIN_ALIGNMENT_A_BYTES + M);
  Out.QueryBias = FV.evaluateAttribute(Desc, lt::desc::BIAS_POINTER);
}

// Reads the six objects at \p Call: NULL, destroyed or not, and every
// attribute where \p FV's walk saw the object created.
void readObjects(const CallExpr &Call, FunctionValues &FV, ASTContext &Ctx,
                 LtContext &Out) {
  for (unsigned O = 0; O < NumObjects; ++O) {
    const Expr *E = argument(Call, ObjectArgs[O]);
    if (!E)
      continue;
    if (writtenNull(*E, Ctx)) {
      Out.Null[O] = true;
      continue;
    }
    Out.Destroyed[O] =
        FV.evaluateAttribute(E, FunctionValues::DestroyedAttribute);
    if (!Out.Destroyed[O].Known)
      continue; // not created here, or exposed to something not followed
    Out.Attr[O].resize(lt::MaxAttributes);
    for (int64_t Id = 0; Id < lt::MaxAttributes; ++Id)
      Out.Attr[O][Id] = FV.evaluateAttribute(E, Id);
  }
}

// Reads where each pointer argument of \p Call points; asks \p Fn's
// callers where alpha and beta lie when \p Fn does not say and the
// descriptor's pointer mode makes that matter.
void readPointers(const CallExpr &Call, const FunctionDecl *Fn,
                  FunctionValues &FV, ASTContext &Ctx, LtContext &Out) {
  for (unsigned I = 0; I < NumPointers; ++I) {
    const Expr *E = argument(Call, PointerArgs[I]);
    if (!E)
      continue;
    const bool Scalar = PointerArgs[I] == Arg::Alpha || PointerArgs[I] == Arg::Beta;
    readPointer(FV, *E, Scalar ? PointerRole::Scalar : PointerRole::Buffer, Ctx,
                Out.Pointers[I]);
    if (Scalar)
      Out.askCallersWhere(*E, Out.Pointers[I], Fn);
  }
  // Where alpha and beta lie decides only against a known pointer mode.
  if (Out.Attr[0].empty() || !Out.Attr[0][lt::desc::POINTER_MODE].Known)
    Out.PointerParams.clear();
}

// Asks \p Fn's callers about the buffers a wrapper receives: how much
// workspace they allocated; the operands too where the heuristic was told
// their alignment here (\p Source).
void askCallersAboutBuffers(const CallExpr &Call, const FunctionDecl *Fn,
                            const AlgoSource &Source, LtContext &Out) {
  if (const Expr *E = argument(Call, Arg::Workspace))
    Out.askCallersAbout(*E, Out.Pointers[WorkspacePointer], Fn);
  if (Source.Query && !Source.Via)
    for (unsigned I = 2; I < WorkspacePointer; ++I) // A, B, C, D
      if (const Expr *E = argument(Call, PointerArgs[I]))
        Out.askCallersAbout(*E, Out.Pointers[I], Fn);
}

// Reads whether Cdesc is NULL, or the same object as Ddesc, or a distinct
// object created apart: the rules read one layout for C and D then.
void readDescriptorIdentity(const CallExpr &Call, LtContext &Out) {
  const ObjectRef CVar = objectRef(argument(Call, Arg::Cdesc));
  const ObjectRef DVar = objectRef(argument(Call, Arg::Ddesc));
  if (Out.Null[ObjC]) {
    Out.CdescIsNull = Value::of(1); // (the rules read Ddesc for C)
  } else if (!Out.Attr[ObjC].empty()) {
    Out.CdescIsNull = Value::of(0);
    if (CVar && CVar == DVar)
      Out.CdescIsDdesc = Value::of(1);
    else if (!Out.Attr[ObjD].empty())
      Out.CdescIsDdesc = Value::of(0);
  }
}

// Reads whether C and D are one buffer (in place): the same pointer, or the
// same constant offset from it; or two parameters of \p Fn that every
// caller gives one buffer (\p SameBuffer). Distinct buffers are not proven
// (two pointers may alias); where no caller bound anything yet, the callers
// decide.
void readBufferIdentity(const CallExpr &Call, const FunctionDecl *Fn,
                        FunctionValues &FV, ASTContext &Ctx,
                        llvm::ArrayRef<ParameterPair> SameBuffer,
                        bool BindsNothing, LtContext &Out) {
  const Expr *C = argument(Call, Arg::C), *D = argument(Call, Arg::D);
  const ParmVarDecl *CParam = parameterOf(C, Fn), *DParam = parameterOf(D, Fn);
  if (sameBuffer(C, D, FV, Ctx) ||
      (CParam && DParam &&
       (llvm::is_contained(SameBuffer, std::make_pair(CParam, DParam)) ||
        llvm::is_contained(SameBuffer, std::make_pair(DParam, CParam))) &&
       !FV.writesParameter(CParam) && !FV.writesParameter(DParam)))
    Out.CIsD = Value::of(1);
  else if (CParam && DParam && CParam != DParam && BindsNothing)
    Out.BufferPairs.push_back({CParam, DParam}); // the callers decide
}

// Reads every value the rules read at \p Call in one calling context of
// \p Fn (its parameters bound as \p Bindings says), in the order that
// numbers the conditions the values depend on.
void evaluateIn(const CallExpr &Call, const FunctionDecl *Fn, ASTContext &Ctx,
                const AlgoSource &Source, FunctionValues::Bindings Bindings,
                LtContext &Out) {
  if (Source.Query && !Source.Via)
    evaluateAtQuery(*Source.Query, Call, Fn, Ctx, Bindings, Out);
  const bool BindsNothing = Bindings.bindsNothing();
  const auto SameBuffer = Bindings.SameBuffer;
  FunctionValues FV(Ctx, Fn, Out.Atoms, std::move(Bindings));
  FV.walkTo(&Call);
  readObjects(Call, FV, Ctx, Out);
  readPointers(Call, Fn, FV, Ctx, Out);
  askCallersAboutBuffers(Call, Fn, Source, Out);
  if (const Expr *E = argument(Call, Arg::WorkspaceSize))
    Out.WorkspaceSize = FV.evaluate(strippedArgument(E));
  if (const Expr *E = argument(Call, Arg::RequestedAlgoCount))
    Out.RequestedAlgoCount = FV.evaluate(strippedArgument(E));
  readDescriptorIdentity(Call, Out);
  if (!isHeuristic(Call))
    readBufferIdentity(Call, Fn, FV, Ctx, SameBuffer, BindsNothing, Out);
  Out.reachedBy(FV);
}

bool needsParams(const LtContext &C) {
  auto Needs = [](const SymbolicValue &V) {
    return !V.Known && !V.NeedsParams.empty();
  };
  for (const auto &Attrs : C.Attr)
    for (const SymbolicValue &V : Attrs)
      if (Needs(V))
        return true;
  for (const SymbolicValue &V : C.Destroyed)
    if (Needs(V))
      return true; // an object parameter: as the callers made it
  if (!C.BufferPairs.empty())
    return true;
  return Needs(C.WorkspaceSize) || Needs(C.RequestedAlgoCount) ||
         !C.PointerParams.empty();
}


unsigned objectIndex(Arg A) {
  for (unsigned O = 0; O < NumObjects; ++O)
    if (ObjectArgs[O] == A)
      return O;
  return NumObjects;
}

std::string valueText(lt::Object O, int64_t Id, int64_t V) {
  const lt::AttrInfo *Info = lt::findAttribute(O, Id);
  if (!Info || Info->Kind == lt::EnumKind::None ||
      Info->Kind == lt::EnumKind::Bool)
    return std::to_string(V);
  return lt::detail::enumText(Info->Kind, V);
}

// Notes at the calls that gave \p V, attribute \p Id of the object
// argument \p Object plays, its values.
void noteAttributeValue(const LtContext &C, Arg Object, int64_t Id,
                        const SymbolicValue &V,
                        std::set<std::pair<unsigned, std::string>> &Seen,
                        std::vector<DiagnosisNote> &Notes,
                        bool SetOnly = false) {
  const lt::Object Kind = lt::objectOf(Object);
  const lt::AttrInfo *Info = lt::findAttribute(Kind, Id);
  if (!Info || !V.Known)
    return;
  const std::string Name = lt::subjectName({Object, Id});
  for (const Alternative &A : V.Alternatives) {
    if (SetOnly && llvm::StringRef(A.From.What).starts_with("the default"))
      continue;
    std::string Text = "'" + Name + "'";
    const llvm::StringRef What = A.From.What;
    if (Info->Type == lt::AttrType::Pointer && A.Value && What.starts_with("set by"))
      Text += " is " + What.str(); // not "is set, set by"
    else
      Text += (Info->Type == lt::AttrType::Pointer
                   ? (A.Value ? " is set" : " is NULL")
                   : " is " + valueText(Kind, Id, A.Value)) +
              (What.empty() ? "" : ", " + What.str());
    Text += whenText(A.When, C.Atoms);
    if (A.From.At && Seen.emplace(A.From.At->getExprLoc().getRawEncoding(),
                                  Text).second)
      Notes.push_back({A.From.At->getExprLoc(), Text});
  }
}

// Notes at the calls that gave attribute \p Id of object \p O its values.
void noteAttribute(const LtContext &C, unsigned O, int64_t Id,
                   std::set<std::pair<unsigned, std::string>> &Seen,
                   std::vector<DiagnosisNote> &Notes, bool SetOnly = false) {
  if (O == ObjC && C.Null[ObjC])
    O = ObjD; // a NULL Cdesc reads Ddesc
  if (O < NumObjects && Id == FunctionValues::DestroyedAttribute) {
    for (const Alternative &A : C.Destroyed[O].Alternatives)
      if (A.Value && A.From.At)
        Notes.push_back({A.From.At->getExprLoc(),
                         "'" + std::string(lt::argName(ObjectArgs[O])) +
                             "' was " + A.From.What.str() +
                             whenText(A.When, C.Atoms)});
    return;
  }
  if (O >= NumObjects || C.Attr[O].empty() || Id < 0 ||
      Id >= lt::MaxAttributes)
    return;
  noteAttributeValue(C, ObjectArgs[O], Id, C.Attr[O][Id], Seen, Notes, SetOnly);
}

// Notes for where pointer argument \p A points; for the workspace, the
// size of its allocation.
void notePointer(const CallExpr &Call, const LtContext &C, Arg A,
                 std::vector<DiagnosisNote> &Notes) {
  for (unsigned I = 0; I < NumPointers; ++I) {
    if (PointerArgs[I] != A || !C.Pointers[I].Where.Known)
      continue;
    const Expr *Arg = argument(Call, A);
    if (A == Arg::Workspace) {
      for (const Alternative &Alt : C.Pointers[I].Size.Alternatives)
        Notes.push_back(
            {Alt.From.At ? Alt.From.At->getExprLoc() : Arg->getExprLoc(),
             "'workspace' is in an allocation of " + std::to_string(Alt.Value) +
                 " bytes" + whenText(Alt.When, C.Atoms)});
      continue;
    }
    noteAlternatives(
        C.Pointers[I].Where, *Arg,
        [&](int64_t W) {
          return "'" + std::string(lt::argName(A)) + "' points to " +
                 residencyText(W);
        },
        C.Atoms, Notes);
  }
}

// Notes for the offset of pointer argument \p A into its allocation.
void noteOffset(const CallExpr &Call, const LtContext &C, Arg A,
                std::vector<DiagnosisNote> &Notes) {
  for (unsigned I = 0; I < NumPointers; ++I)
    if (PointerArgs[I] == A)
      noteAlternatives(
          C.Pointers[I].Offset, *argument(Call, A),
          [&](int64_t Offset) {
            return "'" + std::string(lt::argName(A)) + "' is " +
                   std::to_string(Offset) +
                   " bytes into its allocation, which starts 256-byte aligned";
          },
          C.Atoms, Notes);
}

// Notes for attribute \p Id as the heuristic query that chose 'algo' saw
// it: the preference's alignments, or the bias pointer's alignment.
void noteAtQuery(const LtContext &C, Arg Object, int64_t Id,
                 const AlgoSource &Source,
                 std::set<std::pair<unsigned, std::string>> &Seen,
                 std::vector<DiagnosisNote> &Notes) {
  if (Object == Arg::ComputeDesc && Id == lt::desc::BIAS_POINTER) {
    for (const Alternative &A : C.QueryBias.Alternatives)
      if (A.Value > 0)
        Notes.push_back({Source.Query->getBeginLoc(),
                         "the heuristic chose 'algo' here, for a bias pointer " +
                             std::to_string(provenAlignment(A.Value)) +
                             "-byte aligned" + whenText(A.When, C.Atoms)});
    return;
  }
  const int64_t M = Id - lt::pref::MIN_ALIGNMENT_A_BYTES;
  if (Object == Arg::Preference && M >= 0 && M < 4)
    noteAttributeValue(C, Arg::Preference, Id, C.QueryAlignment[M], Seen,
                       Notes);
  Notes.push_back({Source.Query->getBeginLoc(), "the heuristic chose 'algo' here"});
}

// Notes for where 'algo' came from: the call whose result it is, and a
// query whose outcome is never read.
void noteAlgoOrigin(const AlgoSource &Source,
                    std::vector<DiagnosisNote> &Notes) {
  if (Source.Via)
    Notes.push_back({Source.Via->getBeginLoc(),
                     "'algo' comes from what '" +
                         Source.Via->getDirectCallee()->getNameAsString() +
                         "' returns here"});
  if (Source.Unchecked)
    Notes.push_back({Source.Query->getBeginLoc(),
                     "the query is not checked here: its status is discarded "
                     "and its 'returnAlgoCount' is never read"});
}

// Notes for the values a finding rests on (Finding::Inputs), in its order.
// The values passed themselves are in the message.
void noteInputs(const CallExpr &Call, const LtContext &C,
                const lt::Finding &F, const AlgoSource &Source,
                std::vector<DiagnosisNote> &Notes) {
  std::set<std::pair<unsigned, std::string>> Seen;
  for (const rules::Input &In : F.Inputs) {
    const unsigned O = objectIndex(In.Argument);
    switch (In.What) {
    case rules::Fact::Attribute:
    case rules::Fact::SetAttribute:
      noteAttribute(C, O, In.Attr, Seen, Notes,
                    In.What == rules::Fact::SetAttribute);
      break;
    case rules::Fact::Destroyed:
      noteAttribute(C, O, FunctionValues::DestroyedAttribute, Seen, Notes);
      break;
    case rules::Fact::Residency:
    case rules::Fact::Allocation:
      notePointer(Call, C, In.Argument, Notes);
      break;
    case rules::Fact::Alignment:
      noteOffset(Call, C, In.Argument, Notes);
      break;
    case rules::Fact::AttributeAtQuery:
      noteAtQuery(C, In.Argument, In.Attr, Source, Seen, Notes);
      break;
    case rules::Fact::Origin:
      noteAlgoOrigin(Source, Notes);
      break;
    default:
      break;
    }
  }
}

using FindingKey = std::tuple<std::string, unsigned, int64_t>;

// What makes two findings one: the rule, the argument and the attribute.
FindingKey keyOf(const lt::Finding &F) {
  return FindingKey{F.RuleId, static_cast<unsigned>(F.About.Argument),
                    F.About.Attr};
}

// The values the rules read in context \p C under assignment \p A of its
// conditions (findingsOnEveryPath), into \p V (a fresh one, filled in
// place: it is ten kilobytes); \p Source, what the query that chose 'algo'
// assumed.
void matmulValuesUnder(const CallExpr &Call, const LtContext &C, unsigned A,
                       bool Correlated, int64_t Version,
                       const AlgoSource &Source, lt::MatmulValues &V) {
  auto Pick = [&](const SymbolicValue &S) {
    return valueUnder(S, A, Correlated);
  };
  V.Heuristic = isHeuristic(Call);
  V.LibraryVersion = Version;
  for (unsigned O = 0; O < NumObjects; ++O) {
    lt::ObjectState &S = O == 0                ? V.Desc
                         : O == NumObjects - 1 ? V.Pref
                                               : V.Layout[O - 1];
    for (unsigned Id = 0; Id < C.Attr[O].size(); ++Id)
      S[Id] = Pick(C.Attr[O][Id]);
    V.destroyed(ObjectArgs[O]) = Pick(C.Destroyed[O]);
    if (C.Null[O])
      V.pointer(ObjectArgs[O]).Address = Value::of(0);
  }
  V.CdescIsNull = C.CdescIsNull;
  V.CdescIsDdesc = C.CdescIsDdesc;
  V.CIsD = C.CIsD;
  for (unsigned I = 0; I < NumPointers; ++I)
    pickPointerFacts(C.Pointers[I], A, Correlated, V.pointer(PointerArgs[I]));
  V.BetaIsZero = Pick(C.Pointers[BetaPointer].IsZero);
  V.WorkspaceSize = Pick(C.WorkspaceSize);
  V.RequestedAlgoCount = Pick(C.RequestedAlgoCount);
  if (Source.Unchecked)
    V.AlgoResultUnchecked = Value::of(1);
  for (unsigned M = 0; M < 4; ++M)
    if (const Value W = Pick(C.QueryAlignment[M]); W.Known && W.V > 0)
      V.AlgoMinAlignment[M] = W;
  if (const Value B = Pick(C.QueryBias); B.Known && B.V > 0)
    V.AlgoBiasAlignment = Value::of(provenAlignment(B.V));
}

// The findings the rules make of \p V that are reported at the call (the
// others are at the setter). An architecture rule holds where one of the
// \p Targets breaks it (V's ComputeCapability is set to each in turn).
std::vector<lt::Finding> findingsAtCall(lt::MatmulValues &V,
                                        const std::vector<int64_t> &Targets) {
  std::vector<lt::Finding> Here;
  auto Judge = [&](Value CC) {
    V.ComputeCapability = CC;
    for (lt::Finding &F : lt::checkMatmul(V))
      if (F.Where == rules::Reported::AtCall) // else: at the setter
        Here.push_back(std::move(F));
  };
  if (Targets.empty())
    Judge(Value::unknown());
  for (int64_t CC : Targets)
    Judge(Value::of(CC));
  return Here;
}

// Whether \p F is about a Cdesc that is Ddesc (or NULL) and \p Keys holds
// the same finding about Ddesc: one object, reported once, as D's.
bool reportedAsDdesc(const lt::Finding &F, const LtContext &C,
                     const std::set<FindingKey> &Keys) {
  return F.About.Argument == Arg::Cdesc &&
         (C.Null[ObjC] || (C.CdescIsDdesc.Known && C.CdescIsDdesc.V)) &&
         Keys.count({F.RuleId, static_cast<unsigned>(Arg::Ddesc),
                     F.About.Attr});
}

// The diagnosis of \p F at the argument it is about: the notes for its
// inputs, the chain of call sites, the template instantiation.
Diagnosis diagnosisOf(lt::Finding &F, const CallExpr &Call, const LtContext &C,
                      ASTContext &Ctx, const FunctionDecl *Enclosing,
                      const AlgoSource &Source) {
  Diagnosis D = diagnosisAt(argument(Call, F.About.Argument), Call);
  noteInputs(Call, C, F, Source, D.Notes);
  noteContext(C, Enclosing, Ctx, D.Notes);
  D.Finding = std::move(F);
  return D;
}

// Diagnoses \p Call in context \p C: the findings on every path of \p C
// that reaches it. \p Source: the heuristic query 'algo' comes from, a
// fact of the call whatever the context.
void diagnoseContext(const CallExpr &Call, const LtContext &C, ASTContext &Ctx,
                     int64_t Version, const std::vector<int64_t> &Targets,
                     const FunctionDecl *Enclosing,
                     const AlgoSource &Source,
                     std::vector<Diagnosis> &Out) {
  auto Check = [&](unsigned A, bool Correlated) {
    lt::MatmulValues V;
    matmulValuesUnder(Call, C, A, Correlated, Version, Source, V);
    return findingsAtCall(V, Targets);
  };
  std::vector<lt::Finding> Common =
      findingsOnEveryPath(C.Path, C.Atoms.size(), Check, keyOf);
  std::set<FindingKey> Keys;
  for (const lt::Finding &F : Common)
    Keys.insert(keyOf(F));
  for (lt::Finding &F : Common)
    if (!reportedAsDdesc(F, C, Keys))
      Out.push_back(diagnosisOf(F, Call, C, Ctx, Enclosing, Source));
}

using CacheKey = std::tuple<const CallExpr *, int64_t, std::vector<int64_t>>;
struct LtCache {
  std::map<CacheKey, std::vector<Diagnosis>> Done;
};

} // namespace

std::vector<int64_t> parseComputeCapabilities(llvm::StringRef List) {
  std::vector<int64_t> Out;
  llvm::SmallVector<llvm::StringRef, 4> Items;
  List.split(Items, ';', -1, false);
  for (llvm::StringRef Item : Items) {
    Item = Item.trim();
    Item.consume_front("sm_");
    Item.consume_front("compute_");
    std::string Digits;
    for (char Ch : Item)
      if (Ch != '.')
        Digits += Ch;
    // sm_90a, sm_100f: the family suffix names the same capability.
    while (!Digits.empty() && !isdigit(static_cast<unsigned char>(Digits.back())))
      Digits.pop_back();
    int64_t CC = 0;
    if (!Digits.empty() && !llvm::StringRef(Digits).getAsInteger(10, CC) &&
        CC >= 10 && CC < 1000 && !llvm::is_contained(Out, CC))
      Out.push_back(CC);
  }
  return Out;
}

const std::vector<Diagnosis> &
diagnoseLtMatmulCall(const CallExpr &Call, const FunctionDecl *Enclosing,
                     ASTContext &Ctx, int64_t LibraryVersion,
                     const std::vector<int64_t> &ComputeCapabilities) {
  LtCache &Cache = contextCache<LtCache>(Ctx);
  auto [It, Inserted] = Cache.Done.try_emplace(
      CacheKey{&Call, LibraryVersion, ComputeCapabilities});
  if (!Inserted || Call.containsErrors())
    return It->second;
  // Read once per call: the function's text, whatever the context.
  const AlgoSource Source =
      isHeuristic(Call) ? AlgoSource()
                        : algoSourceOf(argument(Call, Arg::Algo), Enclosing);
  It->second = diagnoseEachCallContext<LtContext>(
      Enclosing, Ctx,
      [&](FunctionValues::Bindings B, LtContext &C) {
        evaluateIn(Call, Enclosing, Ctx, Source, std::move(B), C);
      },
      needsParams,
      [&](const LtContext &C, std::vector<Diagnosis> &Here) {
        diagnoseContext(Call, C, Ctx, LibraryVersion, ComputeCapabilities,
                        Enclosing, Source, Here);
      });
  return It->second;
}

} // namespace clang::tidy::gemm
