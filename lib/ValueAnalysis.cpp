//===--- ValueAnalysis.cpp - gemm-tidy -----------------------------------===//
//
// A small abstract interpreter over the structured body of one function:
// statements before the target call are executed on an environment of the
// locals (and fields of local aggregates) that nothing can modify behind the
// analysis' back, i.e. whose address never escapes. An if/else on an unknown
// condition forks the environment and merges it again with the condition as
// a guard, so values chosen by one flag stay correlated. Loops, switches and
// anything unstructured make the variables they write unknown; a goto makes
// every local unknown.
//
//===----------------------------------------------------------------------===//

#include "ValueAnalysis.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <algorithm>

namespace clang::tidy::gemm {

namespace {

constexpr unsigned MaxAlternatives = 16;
constexpr unsigned MaxDepth = 8;

bool isTrackableType(QualType T) {
  T = T.getCanonicalType();
  return (T->isIntegralOrEnumerationType() || T->isRecordType()) &&
         !T.isVolatileQualified();
}

const VarDecl *referencedVar(const Expr *E) {
  if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr))
    return dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

// The local variable an lvalue names, directly or through a field access
// (`s.lda`), and the field.
std::pair<const VarDecl *, const FieldDecl *> lvalueTarget(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const VarDecl *V = referencedVar(E))
    return {V, nullptr};
  if (const auto *M = dyn_cast<MemberExpr>(E))
    if (const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl()))
      if (!M->isArrow())
        if (const VarDecl *V = referencedVar(M->getBase()))
          return {V, F};
  return {nullptr, nullptr};
}

std::optional<int64_t> checkedOp(BinaryOperatorKind Op, int64_t L, int64_t R) {
  __int128 V;
  switch (Op) {
  case BO_Add: V = static_cast<__int128>(L) + R; break;
  case BO_Sub: V = static_cast<__int128>(L) - R; break;
  case BO_Mul: V = static_cast<__int128>(L) * R; break;
  case BO_Div:
    if (R == 0 || (L == INT64_MIN && R == -1)) return std::nullopt;
    V = L / R; break;
  case BO_Rem:
    if (R == 0 || (L == INT64_MIN && R == -1)) return std::nullopt;
    V = L % R; break;
  case BO_Shl:
    if (R < 0 || R > 62) return std::nullopt;
    V = static_cast<__int128>(L) << R; break;
  case BO_Shr:
    if (R < 0 || R > 63) return std::nullopt;
    V = L >> R; break;
  case BO_And: V = L & R; break;
  case BO_Or: V = L | R; break;
  case BO_Xor: V = L ^ R; break;
  case BO_LT: V = L < R; break;
  case BO_GT: V = L > R; break;
  case BO_LE: V = L <= R; break;
  case BO_GE: V = L >= R; break;
  case BO_EQ: V = L == R; break;
  case BO_NE: V = L != R; break;
  case BO_LAnd: V = L && R; break;
  case BO_LOr: V = L || R; break;
  default: return std::nullopt;
  }
  if (V > INT64_MAX || V < INT64_MIN)
    return std::nullopt;
  return static_cast<int64_t>(V);
}

// What an integer conversion to T does to V.
int64_t convert(int64_t V, QualType T, const ASTContext &Ctx) {
  T = T.getCanonicalType();
  if (T->isBooleanType())
    return V != 0;
  if (const auto *ET = T->getAs<EnumType>())
    if (ET->getDecl()->isComplete())
      T = ET->getDecl()->getIntegerType();
  if (!T->isIntegerType())
    return V;
  const uint64_t Width = Ctx.getIntWidth(T);
  if (Width >= 64)
    return V;
  const uint64_t Mask = (uint64_t{1} << Width) - 1;
  uint64_t U = static_cast<uint64_t>(V) & Mask;
  if (T->isSignedIntegerOrEnumerationType() && (U >> (Width - 1)))
    U |= ~Mask;
  return static_cast<int64_t>(U);
}

// The cudaDataType a C++ object type stands for; -1 where none (void,
// plain char, a type the rules do not model).
int64_t dataTypeCode(QualType T, const ASTContext &Ctx) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (const auto *B = T->getAs<BuiltinType>()) {
    switch (B->getKind()) {
    case BuiltinType::Float: return 0;   // CUDA_R_32F
    case BuiltinType::Double: return 1;  // CUDA_R_64F
    case BuiltinType::SChar: return 3;   // CUDA_R_8I
    case BuiltinType::UChar: return 8;   // CUDA_R_8U
    case BuiltinType::Int: return Ctx.getIntWidth(T) == 32 ? 10 : -1;
    case BuiltinType::UInt: return Ctx.getIntWidth(T) == 32 ? 12 : -1;
    case BuiltinType::Half: case BuiltinType::Float16: return 2;
    case BuiltinType::BFloat16: return 14;
    default: return -1;
    }
  }
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return -1;
  const llvm::StringRef Name = RD->getName();
  if (Name == "__half")
    return 2; // CUDA_R_16F
  if (Name == "__nv_bfloat16")
    return 14; // CUDA_R_16BF
  if (Name == "float2")
    return 4; // CUDA_C_32F (cuComplex)
  if (Name == "double2")
    return 5; // CUDA_C_64F (cuDoubleComplex)
  if (Name == "complex" && RD->isInStdNamespace())
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      if (Spec->getTemplateArgs().size() == 1) {
        const int64_t Inner =
            dataTypeCode(Spec->getTemplateArgs()[0].getAsType(), Ctx);
        return Inner == 0 ? 4 : Inner == 1 ? 5 : -1;
      }
  return -1;
}

// CUDA allocators and cuBLAS handle constructors: they take the address of
// the variable they set, which is no escape.
enum class Setter { None, Device, Managed, Pinned, Handle };

Setter setterOf(const CallExpr *Call) {
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier() || Call->getNumArgs() == 0)
    return Setter::None;
  const llvm::StringRef N = Callee->getName();
  if (N == "cudaMalloc" || N == "cudaMallocAsync" || N == "cudaMallocPitch" ||
      N == "cudaMallocFromPoolAsync" || N == "cudaGetSymbolAddress")
    return Setter::Device;
  if (N == "cudaMallocManaged")
    return Setter::Managed;
  if (N == "cudaMallocHost" || N == "cudaHostAlloc")
    return Setter::Pinned;
  if (N == "cublasCreate_v2" || N == "cublasCreate")
    return Setter::Handle;
  return Setter::None;
}

// cuBLAS calls that take a handle and leave its modes alone.
bool keepsHandleModes(const FunctionDecl *Callee) {
  if (!Callee || !Callee->getIdentifier())
    return false;
  const llvm::StringRef N = Callee->getName();
  return N.starts_with("cublas") && !N.starts_with("cublasSetPointerMode") &&
         !N.starts_with("cublasSetMathMode") && !N.starts_with("cublasCreate") &&
         !N.starts_with("cublasDestroy");
}

std::string describe(const Expr *E, const ASTContext &Ctx) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  E->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  OS.flush();
  if (S.size() > 40)
    S = S.substr(0, 37) + "...";
  return S;
}

} // namespace

std::optional<Guard> conjoin(const Guard &A, const Guard &B) {
  Guard Out(A.begin(), A.end());
  for (const Literal &L : B) {
    auto It = std::find_if(Out.begin(), Out.end(),
                           [&](const Literal &X) { return X.Atom == L.Atom; });
    if (It == Out.end())
      Out.push_back(L);
    else if (It->Positive != L.Positive)
      return std::nullopt;
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

bool holds(const Guard &G, unsigned Assignment) {
  for (const Literal &L : G)
    if (((Assignment >> L.Atom) & 1) != static_cast<unsigned>(L.Positive))
      return false;
  return true;
}

// --- the environment ---------------------------------------------------------------

struct FunctionValues::Env {
  std::map<const VarDecl *, SymbolicValue> Locals;
  std::map<std::pair<const VarDecl *, const FieldDecl *>, SymbolicValue> Fields;
  /// Parameters of a callee being evaluated inline (a getter's body).
  llvm::DenseMap<const ParmVarDecl *, SymbolicValue> CalleeParams;
  /// Local pointers: what they point to, where, and the allocation size.
  std::map<const VarDecl *, SymbolicValue> PtrType, PtrWhere, PtrSize,
      PtrOffset;
  /// Local cuBLAS handles: their pointer mode and math mode.
  std::map<const VarDecl *, SymbolicValue> HandleMode, HandleMath;
  bool Terminated = false; // no path falls through to here
};

namespace {

SymbolicValue withGuard(const SymbolicValue &V, const Guard &G) {
  if (!V.Known)
    return V;
  SymbolicValue Out;
  Out.Known = true;
  Out.NeedsParams = V.NeedsParams;
  for (const Alternative &A : V.Alternatives)
    if (std::optional<Guard> Both = conjoin(A.When, G))
      Out.Alternatives.push_back({*Both, A.Value, A.From});
  return Out;
}

SymbolicValue mergeValues(const SymbolicValue &A, const SymbolicValue &B,
                          Literal L) {
  if (!A.Known || !B.Known) {
    SymbolicValue U;
    U.NeedsParams = A.NeedsParams;
    U.NeedsParams.append(B.NeedsParams.begin(), B.NeedsParams.end());
    return U;
  }
  SymbolicValue Out = withGuard(A, {L});
  SymbolicValue Other = withGuard(B, {Literal{L.Atom, !L.Positive}});
  Out.Alternatives.append(Other.Alternatives.begin(), Other.Alternatives.end());
  if (Out.Alternatives.size() > MaxAlternatives)
    return SymbolicValue::unknown();
  return Out;
}

template <class Map>
void mergeMaps(Map &Into, const Map &Then, const Map &Else, Literal L) {
  Map Out;
  for (const auto &[K, V] : Then) {
    auto It = Else.find(K);
    if (It != Else.end())
      Out[K] = mergeValues(V, It->second, L);
    else
      Out[K] = SymbolicValue::unknown();
  }
  for (const auto &[K, V] : Else)
    if (!Then.count(K))
      Out[K] = SymbolicValue::unknown();
  Into = std::move(Out);
}

// Every local (or local's field) a statement may write.
void collectWrites(const Stmt *S, llvm::SmallPtrSetImpl<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *B = dyn_cast<BinaryOperator>(S)) {
    if (B->isAssignmentOp())
      if (const VarDecl *V = lvalueTarget(B->getLHS()).first)
        Out.insert(V);
  } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
    if (U->isIncrementDecrementOp())
      if (const VarDecl *V = lvalueTarget(U->getSubExpr()).first)
        Out.insert(V);
  } else if (const auto *D = dyn_cast<DeclStmt>(S)) {
    for (const Decl *Dl : D->decls())
      if (const auto *V = dyn_cast<VarDecl>(Dl))
        Out.insert(V);
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S)) {
    if (Op->isAssignmentOp() && Op->getNumArgs() > 0)
      if (const VarDecl *V = lvalueTarget(Op->getArg(0)).first)
        Out.insert(V);
  } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
    // A call that receives a pointer or handle may change what it knows.
    if (!keepsHandleModes(Call->getDirectCallee()))
      for (const Expr *Arg : Call->arguments())
        if (const VarDecl *V = referencedVar(Arg))
          if (V->getType()->isPointerType())
            Out.insert(V);
  }
  for (const Stmt *Child : S->children())
    collectWrites(Child, Out);
}

} // namespace

// --- escapes and the walk ------------------------------------------------------------

class FunctionValues::Walker {
public:
  Walker(FunctionValues &FV) : FV(FV) {}

  // Finds the statements from S down to the target.
  bool findPath(const Stmt *S, const Stmt *Target,
                llvm::SmallVectorImpl<const Stmt *> &Path) {
    if (!S)
      return false;
    Path.push_back(S);
    if (S == Target)
      return true;
    for (const Stmt *Child : S->children())
      if (findPath(Child, Target, Path))
        return true;
    Path.pop_back();
    return false;
  }

  void scanEscapes(const Stmt *S) {
    if (!S)
      return;
    if (isa<GotoStmt, IndirectGotoStmt, LabelStmt, GCCAsmStmt, MSAsmStmt>(S))
      FV.GaveUp = true;
    if (const auto *U = dyn_cast<UnaryOperator>(S)) {
      if (U->getOpcode() == UO_AddrOf)
        escape(U->getSubExpr());
      if (U->isIncrementDecrementOp())
        writeParam(U->getSubExpr());
    }
    if (const auto *B = dyn_cast<BinaryOperator>(S))
      if (B->isAssignmentOp())
        writeParam(B->getLHS());
    if (const auto *D = dyn_cast<DeclStmt>(S))
      for (const Decl *Dl : D->decls())
        if (const auto *V = dyn_cast<VarDecl>(Dl)) {
          if (V->getType()->isReferenceType() && V->getInit() &&
              !V->getType()->getPointeeType().isConstQualified())
            escape(V->getInit());
          // A copy of a handle can change its modes behind the analysis.
          if (const VarDecl *From = referencedVar(V->getInit()))
            if (From->getType()->isPointerType() &&
                !From->getType()->getPointeeType()->isVoidType())
              FV.Aliased[From] = true;
        }
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
      if (const VarDecl *From = referencedVar(B->getRHS()))
        if (From->getType()->isPointerType())
          FV.Aliased[From] = true;
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (setterOf(Call) != Setter::None) {
        // cudaMalloc(&p, ...), cublasCreate(&h): the first argument is set,
        // not exposed.
        for (unsigned I = 1; I < Call->getNumArgs(); ++I)
          scanEscapes(Call->getArg(I));
        return;
      }
      for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
        QualType ParamTy;
        if (Callee && I < Callee->getNumParams())
          ParamTy = Callee->getParamDecl(I)->getType();
        // Unknown callee or a non-const reference parameter may write it.
        if (ParamTy.isNull() ||
            (ParamTy->isReferenceType() &&
             !ParamTy->getPointeeType().isConstQualified()))
          escape(Call->getArg(I));
      }
      if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
        if (const CXXMethodDecl *M = Member->getMethodDecl())
          if (!M->isConst())
            escape(Member->getImplicitObjectArgument());
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S))
      if (Op->getNumArgs() > 0)
        escape(Op->getArg(0));
    if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
      for (const LambdaCapture &C : Lambda->captures())
        if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
          if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
            FV.Escapes[V] = true;
      return; // its body runs elsewhere
    }
    for (const Stmt *Child : S->children())
      scanEscapes(Child);
  }

  // Executes S (which does not contain the target) on E.
  void exec(const Stmt *S, Env &E, Guard &Path) {
    if (!S || E.Terminated)
      return;
    if (const auto *C = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *Child : C->body())
        exec(Child, E, Path);
      return;
    }
    if (const auto *D = dyn_cast<DeclStmt>(S)) {
      for (const Decl *Dl : D->decls())
        if (const auto *V = dyn_cast<VarDecl>(Dl))
          declare(V, E);
      return;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      branch(If, E, Path);
      return;
    }
    if (isa<ReturnStmt, BreakStmt, ContinueStmt, CoreturnStmt>(S)) {
      E.Terminated = true;
      return;
    }
    if (const auto *Ex = dyn_cast<Expr>(S)) {
      if (isa<CXXThrowExpr>(Ex->IgnoreParenImpCasts())) {
        E.Terminated = true;
        return;
      }
      effects(Ex, E);
      return;
    }
    if (isa<NullStmt>(S))
      return;
    havoc(S, E); // loops, switch, try: what they write becomes unknown
  }

  // Walks from Path[I] (which contains the target) down to the target.
  void walkTo(const llvm::SmallVectorImpl<const Stmt *> &P, size_t I, Env &E,
              Guard &Path) {
    const Stmt *S = P[I];
    if (I + 1 == P.size() || E.Terminated) {
      FV.AtTarget = std::make_unique<Env>(E);
      FV.TargetPath = Path;
      return;
    }
    const Stmt *Next = P[I + 1];
    if (const auto *C = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *Child : C->body()) {
        if (Child == Next)
          return walkTo(P, I + 1, E, Path);
        exec(Child, E, Path);
      }
      return;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (Next == If->getThen() || Next == If->getElse()) {
        const SymbolicValue Cond = enterIf(If, E, Path);
        const bool Then = Next == If->getThen();
        if (Cond.isConstant()) {
          if ((Cond.Alternatives[0].Value != 0) != Then)
            FV.GaveUp = true; // the target is unreachable
        } else if (std::optional<Literal> L = FV.atomFor(If->getCond())) {
          const Literal Taken{L->Atom, Then ? L->Positive : !L->Positive};
          if (std::optional<Guard> G = conjoin(Path, {Taken}))
            Path = *G;
        }
      }
      return walkTo(P, I + 1, E, Path);
    }
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt,
            CXXTryStmt>(S)) {
      if (const auto *For = dyn_cast<ForStmt>(S); For && Next == For->getInit())
        return walkTo(P, I + 1, E, Path);
      havoc(S, E);
      return walkTo(P, I + 1, E, Path);
    }
    if (const auto *D = dyn_cast<DeclStmt>(S)) {
      // The target is in an initializer: earlier declarations take effect.
      for (const Decl *Dl : D->decls()) {
        const auto *V = dyn_cast<VarDecl>(Dl);
        if (V && V->getInit() == Next)
          break;
        if (V)
          declare(V, E);
      }
      return walkTo(P, I + 1, E, Path);
    }
    // Inside an expression: argument side effects are not modelled.
    return walkTo(P, I + 1, E, Path);
  }

private:
  FunctionValues &FV;

  void escape(const Expr *E) {
    if (!E)
      return;
    if (const VarDecl *V = lvalueTarget(E).first)
      FV.Escapes[V] = true;
    else if (const VarDecl *V2 = referencedVar(E))
      FV.Escapes[V2] = true;
  }

  void writeParam(const Expr *E) {
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(lvalueTarget(E).first))
      FV.WrittenParams[P] = true;
  }

  bool tracked(const VarDecl *V) const {
    return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
           !FV.Escapes.lookup(V) && !V->getType()->isReferenceType() &&
           (isTrackableType(V->getType()) ||
            (V->getType()->isPointerType() &&
             !V->getType().isVolatileQualified()));
  }

  void setPointer(const VarDecl *V, const PointerValue &P, Env &E) {
    E.PtrType[V] = P.Type;
    E.PtrWhere[V] = P.Where;
    E.PtrSize[V] = P.Size;
    E.PtrOffset[V] = P.Offset;
  }

  // cudaMalloc(&p, size), cublasCreate(&h), cublasSetPointerMode(h, m), and
  // anything else that receives a handle.
  void callEffects(const CallExpr *Call, Env &E) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    const Setter Kind = setterOf(Call);
    if (Kind != Setter::None) {
      const auto *Addr = dyn_cast<UnaryOperator>(
          Call->getArg(0)->IgnoreParenImpCasts());
      const VarDecl *V = Addr && Addr->getOpcode() == UO_AddrOf
                             ? referencedVar(Addr->getSubExpr())
                             : nullptr;
      if (!tracked(V))
        return;
      if (Kind == Setter::Handle) {
        E.HandleMode[V] = FV.Aliased.lookup(V)
                              ? SymbolicValue::unknown()
                              : SymbolicValue::constant(0, {Call, "set by cublasCreate here"});
        E.HandleMath[V] = E.HandleMode[V].Known
                              ? SymbolicValue::constant(0, {Call, "set by cublasCreate here"})
                              : SymbolicValue::unknown();
        return;
      }
      PointerValue P;
      const int64_t Where = Kind == Setter::Device    ? 3 /*Device*/
                            : Kind == Setter::Managed ? 4 /*Managed*/
                                                      : 2 /*PinnedHost*/;
      P.Where = SymbolicValue::constant(Where, {Call, "allocated here"});
      P.Offset = SymbolicValue::constant(0, {Call, ""});
      if (V->getType()->isPointerType())
        if (int64_t T = dataTypeCode(V->getType()->getPointeeType(), FV.Ctx); T >= 0)
          P.Type = SymbolicValue::constant(T, {Call, ""});
      if (Setter::Device == Kind && Callee && Callee->getName() != "cudaMallocPitch" &&
          Callee->getName() != "cudaGetSymbolAddress" && Call->getNumArgs() >= 2)
        P.Size = FV.eval(Call->getArg(1), E, 0);
      setPointer(V, P, E);
      return;
    }
    // The handle modes.
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const VarDecl *H = referencedVar(Call->getArg(I));
      if (!H || !E.HandleMode.count(H))
        continue;
      const llvm::StringRef Name =
          Callee && Callee->getIdentifier() ? Callee->getName() : "";
      if (I == 0 && Name.starts_with("cublasSetPointerMode") &&
          Call->getNumArgs() == 2) {
        E.HandleMode[H] = FV.eval(Call->getArg(1), E, 0);
        for (Alternative &A : E.HandleMode[H].Alternatives)
          A.From = {Call, "set by cublasSetPointerMode here"};
      } else if (I == 0 && Name.starts_with("cublasSetMathMode") &&
                 Call->getNumArgs() == 2) {
        E.HandleMath[H] = FV.eval(Call->getArg(1), E, 0);
        for (Alternative &A : E.HandleMath[H].Alternatives)
          A.From = {Call, "set by cublasSetMathMode here"};
      } else if (!keepsHandleModes(Callee)) {
        E.HandleMode[H] = SymbolicValue::unknown();
        E.HandleMath[H] = SymbolicValue::unknown();
      }
    }
  }

  void declare(const VarDecl *V, Env &E) {
    if (!tracked(V))
      return;
    const Expr *Init = V->getInit();
    if (V->getType()->isPointerType()) {
      if (Init) {
        effects(Init, E);
        setPointer(V, FV.evalPointer(Init, E, 0), E);
      } else {
        setPointer(V, PointerValue(), E);
      }
      return;
    }
    if (!V->getType()->isRecordType()) {
      if (Init) {
        effects(Init, E);
        SymbolicValue Val = FV.eval(Init, E, 0);
        for (Alternative &A : Val.Alternatives)
          if (!A.From.At || A.From.At == Init->IgnoreParenImpCasts() ||
              A.From.What.empty())
            A.From = {Init, "the value of '" + V->getName().str() + "'"};
        E.Locals[V] = Val;
      } else {
        E.Locals[V] = SymbolicValue::unknown(); // indeterminate
      }
      return;
    }
    declareRecord(V, E);
  }

  void declareRecord(const VarDecl *V, Env &E) {
    const auto *RD = V->getType()->getAsRecordDecl();
    if (!RD || !RD->getDefinition())
      return;
    const Expr *Init = V->getInit() ? V->getInit()->IgnoreImplicit() : nullptr;
    // Aggregate and designated initialisers.
    if (const auto *List = dyn_cast_or_null<InitListExpr>(Init)) {
      if (List->isSemanticForm() || List->getSemanticForm())
        List = List->isSemanticForm() ? List : List->getSemanticForm();
      unsigned I = 0;
      for (const FieldDecl *F : RD->fields()) {
        if (I < List->getNumInits()) {
          const Expr *FI = List->getInit(I);
          SymbolicValue Val = F->getType()->isIntegralOrEnumerationType()
                                  ? FV.eval(FI, E, 0)
                                  : SymbolicValue::unknown();
          for (Alternative &A : Val.Alternatives)
            A.From = {FI, "the initializer of '" + V->getName().str() + "." +
                              F->getName().str() + "'"};
          E.Fields[{V, F}] = Val;
        }
        ++I;
      }
      return;
    }
    // A constant expression (a constexpr constructor, default member
    // initialisers of a trivial default construction).
    if (Init) {
      Expr::EvalResult R;
      if (!Init->isValueDependent() && Init->EvaluateAsRValue(R, FV.Ctx) &&
          R.Val.isStruct()) {
        unsigned I = 0;
        for (const FieldDecl *F : RD->fields()) {
          if (I < R.Val.getStructNumFields() &&
              R.Val.getStructField(I).isInt())
            E.Fields[{V, F}] = SymbolicValue::constant(
                R.Val.getStructField(I).getInt().getExtValue(),
                {Init, "the initializer of '" + V->getName().str() + "." +
                           F->getName().str() + "'"});
          ++I;
        }
        return;
      }
    }
    // Default initialization: the default member initialisers hold.
    const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
    const bool Trivial =
        !Init || (Construct && Construct->getConstructor()->isDefaulted());
    if (!Trivial)
      return;
    for (const FieldDecl *F : RD->fields())
      if (const Expr *Default = F->getInClassInitializer())
        if (F->getType()->isIntegralOrEnumerationType()) {
          SymbolicValue Val = FV.eval(Default, E, 0);
          for (Alternative &A : Val.Alternatives)
            A.From = {Default, "the default member initializer of '" +
                                   F->getName().str() + "'"};
          E.Fields[{V, F}] = Val;
        }
  }

  void assign(const Expr *LHS, SymbolicValue Val, const Expr *At, Env &E) {
    auto [V, F] = lvalueTarget(LHS);
    if (!tracked(V))
      return;
    if (!F && V->getType()->isPointerType()) {
      setPointer(V, At ? FV.evalPointer(At, E, 0) : PointerValue(), E);
      return;
    }
    for (Alternative &A : Val.Alternatives)
      A.From = {At, "assigned to '" +
                        (F ? V->getName().str() + "." + F->getName().str()
                           : V->getName().str()) +
                        "' here"};
    if (F)
      E.Fields[{V, F}] = Val;
    else if (!V->getType()->isRecordType())
      E.Locals[V] = Val;
  }

  // Applies the writes inside an expression statement.
  void effects(const Expr *Ex, Env &E) {
    if (!Ex)
      return;
    Ex = Ex->IgnoreParens();
    if (const auto *B = dyn_cast<BinaryOperator>(Ex)) {
      if (B->getOpcode() == BO_Assign) {
        effects(B->getRHS(), E);
        assign(B->getLHS(), FV.eval(B->getRHS(), E, 0), B->getRHS(), E);
        return;
      }
      if (B->isCompoundAssignmentOp()) {
        effects(B->getRHS(), E);
        const SymbolicValue Old = FV.eval(B->getLHS(), E, 0);
        const SymbolicValue Rhs = FV.eval(B->getRHS(), E, 0);
        SymbolicValue New;
        if (Old.isConstant() && Rhs.isConstant())
          if (std::optional<int64_t> V = checkedOp(
                  BinaryOperator::getOpForCompoundAssignment(B->getOpcode()),
                  Old.Alternatives[0].Value, Rhs.Alternatives[0].Value))
            New = SymbolicValue::constant(
                convert(*V, B->getLHS()->getType(), FV.Ctx));
        assign(B->getLHS(), New, B, E);
        return;
      }
      if (B->getOpcode() == BO_LAnd || B->getOpcode() == BO_LOr ||
          B->getOpcode() == BO_Comma) {
        effects(B->getLHS(), E);
        if (B->getOpcode() == BO_Comma)
          effects(B->getRHS(), E);
        else
          havoc(B->getRHS(), E); // may not run
        return;
      }
    }
    if (const auto *U = dyn_cast<UnaryOperator>(Ex);
        U && U->isIncrementDecrementOp()) {
      const SymbolicValue Old = FV.eval(U->getSubExpr(), E, 0);
      SymbolicValue New;
      if (Old.isConstant())
        New = SymbolicValue::constant(convert(
            Old.Alternatives[0].Value + (U->isIncrementOp() ? 1 : -1),
            U->getSubExpr()->getType(), FV.Ctx));
      assign(U->getSubExpr(), New, U, E);
      return;
    }
    if (const auto *C = dyn_cast<AbstractConditionalOperator>(Ex)) {
      effects(C->getCond(), E);
      havoc(C->getTrueExpr(), E);
      havoc(C->getFalseExpr(), E);
      return;
    }
    if (isa<LambdaExpr>(Ex))
      return;
    for (const Stmt *Child : Ex->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child))
        effects(CE, E);
    if (const auto *Call = dyn_cast<CallExpr>(Ex))
      callEffects(Call, E);
  }

  void havoc(const Stmt *S, Env &E) {
    llvm::SmallPtrSet<const VarDecl *, 8> Written;
    collectWrites(S, Written);
    for (const VarDecl *V : Written) {
      if (E.Locals.count(V))
        E.Locals[V] = SymbolicValue::unknown();
      for (auto *Map : {&E.PtrType, &E.PtrWhere, &E.PtrSize, &E.PtrOffset,
                        &E.HandleMode, &E.HandleMath})
        if (Map->count(V))
          (*Map)[V] = SymbolicValue::unknown();
      for (auto &[K, Val] : E.Fields)
        if (K.first == V)
          Val = SymbolicValue::unknown();
    }
  }

  // The init statement, condition variable and condition of an if: their
  // effects on E, and the condition's value.
  SymbolicValue enterIf(const IfStmt *If, Env &E, Guard &Path) {
    if (If->getInit())
      exec(If->getInit(), E, Path);
    if (const DeclStmt *CondVar = If->getConditionVariableDeclStmt())
      exec(CondVar, E, Path);
    effects(If->getCond(), E);
    return FV.eval(If->getCond(), E, 0);
  }

  // An if/else that does not contain the target, executed on E.
  void branch(const IfStmt *If, Env &E, Guard &Path) {
    const SymbolicValue Cond = enterIf(If, E, Path);
    if (Cond.isConstant()) {
      exec(Cond.Alternatives[0].Value ? If->getThen() : If->getElse(), E, Path);
      return;
    }
    std::optional<Literal> L = FV.atomFor(If->getCond());
    Env Then = E, Else = E;
    Guard ThenPath = Path, ElsePath = Path;
    exec(If->getThen(), Then, ThenPath);
    exec(If->getElse(), Else, ElsePath);
    if (Then.Terminated && Else.Terminated) {
      E.Terminated = true;
      return;
    }
    if (!L) { // no usable condition: keep only what both paths agree on
      havoc(If, E);
      return;
    }
    // A path that returned does not reach the target: the other holds.
    if (Then.Terminated || Else.Terminated) {
      const bool ThenRuns = !Then.Terminated;
      if (std::optional<Guard> G = conjoin(
              Path, {Literal{L->Atom, ThenRuns ? L->Positive : !L->Positive}}))
        Path = *G;
      E = ThenRuns ? std::move(Then) : std::move(Else);
      return;
    }
    mergeMaps(E.Locals, Then.Locals, Else.Locals, *L);
    mergeMaps(E.Fields, Then.Fields, Else.Fields, *L);
    mergeMaps(E.PtrType, Then.PtrType, Else.PtrType, *L);
    mergeMaps(E.PtrWhere, Then.PtrWhere, Else.PtrWhere, *L);
    mergeMaps(E.PtrSize, Then.PtrSize, Else.PtrSize, *L);
    mergeMaps(E.PtrOffset, Then.PtrOffset, Else.PtrOffset, *L);
    mergeMaps(E.HandleMode, Then.HandleMode, Else.HandleMode, *L);
    mergeMaps(E.HandleMath, Then.HandleMath, Else.HandleMath, *L);
  }
};

// --- the analysis -----------------------------------------------------------------

FunctionValues::FunctionValues(ASTContext &Ctx, const FunctionDecl *Fn,
                               const Stmt *Target, std::vector<AtomInfo> &Atoms,
                               Bindings Params)
    : Ctx(Ctx), Fn(Fn), Atoms(Atoms), Params(std::move(Params)) {
  const Stmt *Body = Fn ? Fn->getBody() : nullptr;
  Walker W(*this);
  llvm::SmallVector<const Stmt *, 16> Path;
  if (!Body || !W.findPath(Body, Target, Path)) {
    GaveUp = true;
    return;
  }
  W.scanEscapes(Body);
  if (GaveUp)
    return;
  Env Start;
  Guard Reach;
  W.walkTo(Path, 0, Start, Reach);
  if (!AtTarget)
    GaveUp = true;
}

FunctionValues::~FunctionValues() = default;

SymbolicValue FunctionValues::evaluate(const Expr *E) {
  if (GaveUp || !AtTarget) {
    // Still fold constants: they need no environment.
    Env Empty;
    SymbolicValue V = eval(E, Empty, 0);
    return V.isConstant() ? V : SymbolicValue::unknown();
  }
  return eval(E, *AtTarget, 0);
}

bool FunctionValues::stableCondition(const Expr *Cond) const {
  if (!Cond)
    return false;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Cond)) {
    if (isa<EnumConstantDecl>(Ref->getDecl()))
      return true;
    if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl()))
      return !WrittenParams.lookup(P);
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      return V->getType().isConstQualified() && !V->getType().isVolatileQualified();
    return false;
  }
  if (isa<IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr>(Cond))
    return true;
  if (isa<UnaryOperator, BinaryOperator, CastExpr>(Cond)) {
    for (const Stmt *Child : Cond->children())
      if (!stableCondition(dyn_cast_or_null<Expr>(Child)))
        return false;
    if (const auto *B = dyn_cast<BinaryOperator>(Cond))
      return !B->isAssignmentOp();
    if (const auto *U = dyn_cast<UnaryOperator>(Cond))
      return !U->isIncrementDecrementOp();
    return true;
  }
  return false;
}

std::optional<Literal> FunctionValues::atomFor(const Expr *Cond) {
  if (!Cond)
    return std::nullopt;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Cond); U && U->getOpcode() == UO_LNot) {
    std::optional<Literal> Inner = atomFor(U->getSubExpr());
    if (Inner)
      Inner->Positive = !Inner->Positive;
    return Inner;
  }
  // Conditions on values nothing can change are one atom wherever they
  // appear; any other condition is an atom of its own, uncorrelated.
  if (stableCondition(Cond)) {
    llvm::FoldingSetNodeID ID;
    Cond->Profile(ID, Ctx, /*Canonical=*/true);
    for (unsigned I = 0; I < Atoms.size(); ++I) {
      llvm::FoldingSetNodeID Other;
      if (!stableCondition(Atoms[I].Cond))
        continue;
      Atoms[I].Cond->Profile(Other, Ctx, true);
      if (Other == ID)
        return Literal{I, true};
    }
  }
  if (Atoms.size() >= 16)
    return std::nullopt;
  Atoms.push_back({Cond, describe(Cond, Ctx)});
  return Literal{static_cast<unsigned>(Atoms.size() - 1), true};
}

SymbolicValue FunctionValues::evalVar(const VarDecl *V, const Env &Vars,
                                      unsigned Depth) {
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    auto Callee = Vars.CalleeParams.find(P);
    if (Callee != Vars.CalleeParams.end())
      return Callee->second;
    if (WrittenParams.lookup(P))
      return SymbolicValue::unknown();
    auto Bound = Params.find(P);
    if (Bound != Params.end())
      return Bound->second;
    SymbolicValue U;
    if (P->getDeclContext() == Fn)
      U.NeedsParams.push_back(P);
    return U;
  }
  auto It = Vars.Locals.find(V);
  if (It != Vars.Locals.end())
    return It->second;
  // A const variable whose initializer is not a constant expression but
  // can be followed (`const int ld = t ? k : m;` at namespace scope).
  if (V->getType().isConstQualified() && !V->getType().isVolatileQualified() &&
      !V->hasLocalStorage() && V->getInit() && Depth < MaxDepth) {
    SymbolicValue Val = eval(V->getInit(), Env(), Depth + 1);
    for (Alternative &A : Val.Alternatives)
      A.From = {V->getInit(), "the value of '" + V->getName().str() + "'"};
    return Val;
  }
  return SymbolicValue::unknown();
}

SymbolicValue FunctionValues::evalCall(const CallExpr *Call, const Env &Vars,
                                       unsigned Depth) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || Depth >= MaxDepth)
    return SymbolicValue::unknown();
  // std::min and std::max.
  if (Callee->isInStdNamespace() && Call->getNumArgs() == 2 &&
      Callee->getIdentifier() &&
      (Callee->getName() == "min" || Callee->getName() == "max")) {
    const SymbolicValue A = eval(Call->getArg(0), Vars, Depth + 1);
    const SymbolicValue B = eval(Call->getArg(1), Vars, Depth + 1);
    if (!A.Known || !B.Known)
      return SymbolicValue::unknown();
    SymbolicValue Out;
    Out.Known = true;
    const bool Min = Callee->getName() == "min";
    for (const Alternative &X : A.Alternatives)
      for (const Alternative &Y : B.Alternatives)
        if (std::optional<Guard> G = conjoin(X.When, Y.When))
          Out.Alternatives.push_back(
              {*G, Min ? std::min(X.Value, Y.Value) : std::max(X.Value, Y.Value),
               {Call, ""}});
    return Out.Alternatives.size() > MaxAlternatives ? SymbolicValue::unknown()
                                                     : Out;
  }
  // A function whose body only returns an expression: evaluate it with the
  // arguments bound to its parameters.
  const FunctionDecl *Def = nullptr;
  if (!Callee->hasBody(Def) || !Def)
    return SymbolicValue::unknown();
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() != 1)
    return SymbolicValue::unknown();
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
  if (!Ret || !Ret->getRetValue() || isa<CXXMethodDecl>(Def) ||
      Def->getNumParams() != Call->getNumArgs())
    return SymbolicValue::unknown();
  Env Inner;
  for (unsigned I = 0; I < Def->getNumParams(); ++I)
    Inner.CalleeParams[Def->getParamDecl(I)] =
        eval(Call->getArg(I), Vars, Depth + 1);
  SymbolicValue V = eval(Ret->getRetValue(), Inner, Depth + 1);
  if (!V.Known)
    return V;
  for (Alternative &A : V.Alternatives) {
    A.Value = convert(A.Value, Def->getReturnType(), Ctx);
    A.From = {Call, "returned by '" + Def->getNameAsString() + "'"};
  }
  return V;
}

SymbolicValue FunctionValues::eval(const Expr *E, const Env &Vars,
                                   unsigned Depth) {
  if (!E || Depth > MaxDepth || E->isValueDependent() || E->isTypeDependent() ||
      E->containsErrors())
    return SymbolicValue::unknown();
  E = E->IgnoreParens();
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    return eval(Cleanups->getSubExpr(), Vars, Depth + 1);
  if (const auto *Temporary = dyn_cast<MaterializeTemporaryExpr>(E))
    return eval(Temporary->getSubExpr(), Vars, Depth + 1);
  if (E->getType()->isIntegralOrEnumerationType()) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx)) {
      const llvm::APSInt &I = R.Val.getInt();
      return SymbolicValue::constant(
          I.isRepresentableByInt64() ? I.getExtValue() : INT64_MAX, {E, ""});
    }
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_LValueToRValue: case CK_NoOp: case CK_IntegralCast:
    case CK_IntegralToBoolean: case CK_BooleanToSignedIntegral:
    case CK_UserDefinedConversion: case CK_ConstructorConversion: {
      SymbolicValue V = eval(Cast->getSubExpr(), Vars, Depth + 1);
      if (Cast->getType()->isIntegralOrEnumerationType())
        for (Alternative &A : V.Alternatives)
          A.Value = convert(A.Value, Cast->getType(), Ctx);
      return V;
    }
    default:
      return SymbolicValue::unknown();
    }
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *EC = dyn_cast<EnumConstantDecl>(Ref->getDecl()))
      return SymbolicValue::constant(EC->getInitVal().getExtValue(), {E, ""});
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      return evalVar(V, Vars, Depth);
    return SymbolicValue::unknown();
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    auto [V, F] = lvalueTarget(M);
    if (V && F) {
      auto It = Vars.Fields.find({V, F});
      if (It != Vars.Fields.end())
        return It->second;
    }
    return SymbolicValue::unknown();
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    SymbolicValue V = eval(U->getSubExpr(), Vars, Depth + 1);
    if (!V.Known)
      return V;
    for (Alternative &A : V.Alternatives) {
      switch (U->getOpcode()) {
      case UO_Minus:
        if (A.Value == INT64_MIN) return SymbolicValue::unknown();
        A.Value = -A.Value; break;
      case UO_Plus: break;
      case UO_Not: A.Value = ~A.Value; break;
      case UO_LNot: A.Value = !A.Value; break;
      default: return SymbolicValue::unknown();
      }
      A.Value = convert(A.Value, U->getType(), Ctx);
    }
    return V;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp() || B->getOpcode() == BO_Comma)
      return SymbolicValue::unknown();
    const SymbolicValue L = eval(B->getLHS(), Vars, Depth + 1);
    const SymbolicValue R = eval(B->getRHS(), Vars, Depth + 1);
    if (!L.Known || !R.Known) {
      SymbolicValue U;
      U.NeedsParams = L.NeedsParams;
      U.NeedsParams.append(R.NeedsParams.begin(), R.NeedsParams.end());
      return U;
    }
    SymbolicValue Out;
    Out.Known = true;
    for (const Alternative &X : L.Alternatives)
      for (const Alternative &Y : R.Alternatives) {
        std::optional<Guard> G = conjoin(X.When, Y.When);
        if (!G)
          continue;
        std::optional<int64_t> V = checkedOp(B->getOpcode(), X.Value, Y.Value);
        if (!V)
          return SymbolicValue::unknown();
        Out.Alternatives.push_back(
            {*G, convert(*V, B->getType(), Ctx), X.From.At ? X.From : Y.From});
      }
    if (Out.Alternatives.size() > MaxAlternatives)
      return SymbolicValue::unknown();
    return Out;
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    const SymbolicValue Cond = eval(C->getCond(), Vars, Depth + 1);
    const SymbolicValue T = eval(C->getTrueExpr(), Vars, Depth + 1);
    const SymbolicValue F = eval(C->getFalseExpr(), Vars, Depth + 1);
    SymbolicValue Out;
    Out.Known = true;
    auto Add = [&](const SymbolicValue &Branch, const Guard &When) {
      if (!Branch.Known)
        return false;
      for (const Alternative &A : Branch.Alternatives)
        if (std::optional<Guard> G = conjoin(A.When, When))
          Out.Alternatives.push_back({*G, A.Value, A.From});
      return true;
    };
    bool Ok = true;
    if (Cond.Known) {
      for (const Alternative &A : Cond.Alternatives)
        Ok &= Add(A.Value ? T : F, A.When);
    } else if (std::optional<Literal> L = atomFor(C->getCond())) {
      Ok = Add(T, {*L}) && Add(F, {Literal{L->Atom, !L->Positive}});
    } else {
      Ok = false;
    }
    if (!Ok || Out.Alternatives.size() > MaxAlternatives) {
      SymbolicValue U;
      U.NeedsParams = Cond.NeedsParams;
      U.NeedsParams.append(T.NeedsParams.begin(), T.NeedsParams.end());
      U.NeedsParams.append(F.NeedsParams.begin(), F.NeedsParams.end());
      return U;
    }
    for (Alternative &A : Out.Alternatives)
      A.Value = convert(A.Value, C->getType(), Ctx);
    return Out;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return evalCall(Call, Vars, Depth);
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(E))
    return eval(Default->getExpr(), Vars, Depth + 1);
  return SymbolicValue::unknown();
}

FunctionValues::PointerValue
FunctionValues::evalPointer(const Expr *E, const Env &Vars, unsigned Depth) {
  PointerValue Out;
  if (!E || Depth > MaxDepth || E->isValueDependent() || E->isTypeDependent() ||
      E->containsErrors())
    return Out;
  E = E->IgnoreParens();
  constexpr int64_t Pageable = 1, Device = 3; // gemm::rules::Residency
  auto TypeOf = [&](QualType T, const Expr *At) {
    const int64_t Code = dataTypeCode(T, Ctx);
    return Code >= 0 ? SymbolicValue::constant(Code, {At, ""})
                     : SymbolicValue::unknown();
  };
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    return evalPointer(Cleanups->getSubExpr(), Vars, Depth + 1);
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_NoOp: case CK_BitCast: case CK_LValueToRValue:
    case CK_ArrayToPointerDecay: case CK_UncheckedDerivedToBase:
    case CK_DerivedToBase: {
      // Through (const void *), static_cast and reinterpret_cast to the
      // object the pointer was taken from.
      PointerValue Inner = evalPointer(Cast->getSubExpr(), Vars, Depth + 1);
      // A byte buffer cast to a typed pointer is a workspace: its bytes
      // have no type the analysis can know.
      if (isa<ExplicitCastExpr>(Cast) && Cast->getType()->isPointerType() &&
          Cast->getSubExpr()->getType()->isPointerType()) {
        const QualType To = Cast->getType()->getPointeeType();
        const QualType From = Cast->getSubExpr()->getType()->getPointeeType();
        if (!To->isVoidType() && !From->isVoidType() &&
            !From->isIncompleteType() && Ctx.getTypeSize(From) == 8 &&
            Ctx.getTypeSize(To) != 8)
          Inner.Type = SymbolicValue::unknown();
      }
      if (!Inner.Type.Known && Cast->getCastKind() == CK_ArrayToPointerDecay)
        if (const auto *AT = Ctx.getAsArrayType(Cast->getSubExpr()->getType()))
          Inner.Type = TypeOf(AT->getElementType(), Cast);
      return Inner;
    }
    case CK_NullToPointer:
      return Out;
    default:
      return Out;
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf) {
    const Expr *Object = U->getSubExpr()->IgnoreParenImpCasts();
    Out.Type = TypeOf(Object->getType(), U);
    // `const float beta = 1; &beta`: whether the scalar is zero.
    if (const VarDecl *V = referencedVar(Object))
      if (V->getType().isConstQualified() && V->getInit() &&
          !V->getType().isVolatileQualified()) {
        Expr::EvalResult R;
        if (!V->getInit()->isValueDependent() &&
            V->getInit()->EvaluateAsRValue(R, Ctx)) {
          if (R.Val.isFloat())
            Out.IsZero = SymbolicValue::constant(R.Val.getFloat().isZero(), {U, ""});
          else if (R.Val.isInt())
            Out.IsZero = SymbolicValue::constant(R.Val.getInt().isZero(), {U, ""});
        }
      }
    const Expr *Base = Object;
    while (const auto *Sub = dyn_cast<ArraySubscriptExpr>(Base))
      Base = Sub->getBase()->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Base))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl())) {
        if (V->hasAttr<CUDADeviceAttr>() || V->hasAttr<CUDAConstantAttr>())
          Out.Where = SymbolicValue::constant(Device, {U, "a __device__ variable"});
        else if (!V->getType()->isReferenceType() && Base == Object)
          Out.Where = SymbolicValue::constant(
              Pageable, {U, "the address of '" + V->getName().str() + "'"});
        else if (!V->getType()->isReferenceType() && !V->getType()->isPointerType())
          Out.Where = SymbolicValue::constant(
              Pageable, {U, "an element of '" + V->getName().str() + "'"});
      }
    return Out;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V)
      return Out;
    auto Find = [&](const std::map<const VarDecl *, SymbolicValue> &M) {
      auto It = M.find(V);
      return It == M.end() ? SymbolicValue::unknown() : It->second;
    };
    if (Vars.PtrWhere.count(V) || Vars.PtrType.count(V)) {
      // A local followed from its initialiser: what that says, and nothing
      // more (`T *p = (T *)workspace;` has an unknown origin).
      Out.Type = Find(Vars.PtrType);
      Out.Where = Find(Vars.PtrWhere);
      Out.Size = Find(Vars.PtrSize);
      Out.Offset = Find(Vars.PtrOffset);
      return Out;
    }
    // A typed parameter or global says what it points to.
    if (V->getType()->isPointerType())
      Out.Type = TypeOf(V->getType()->getPointeeType(), E);
    // A host array decays to host memory.
    if (!Out.Where.Known && V->getType()->isArrayType() &&
        !V->hasAttr<CUDADeviceAttr>() && !V->hasAttr<CUDAConstantAttr>())
      Out.Where = SymbolicValue::constant(Pageable, {E, ""});
    return Out;
  }
  if (const auto *New = dyn_cast<CXXNewExpr>(E)) {
    Out.Type = TypeOf(New->getAllocatedType(), E);
    Out.Where = SymbolicValue::constant(Pageable, {E, "allocated with new"});
    return Out;
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    const SymbolicValue Cond = eval(C->getCond(), Vars, Depth + 1);
    const PointerValue T = evalPointer(C->getTrueExpr(), Vars, Depth + 1);
    const PointerValue F = evalPointer(C->getFalseExpr(), Vars, Depth + 1);
    auto Join = [&](const SymbolicValue &A, const SymbolicValue &B) {
      if (!A.Known || !B.Known)
        return SymbolicValue::unknown();
      if (Cond.isConstant())
        return Cond.Alternatives[0].Value ? A : B;
      std::optional<Literal> L = atomFor(C->getCond());
      if (!L)
        return SymbolicValue::unknown();
      SymbolicValue Out = A;
      Out.Alternatives.clear();
      for (const Alternative &X : A.Alternatives)
        if (std::optional<Guard> G = conjoin(X.When, {*L}))
          Out.Alternatives.push_back({*G, X.Value, X.From});
      for (const Alternative &X : B.Alternatives)
        if (std::optional<Guard> G =
                conjoin(X.When, {Literal{L->Atom, !L->Positive}}))
          Out.Alternatives.push_back({*G, X.Value, X.From});
      return Out;
    };
    Out.Type = Join(T.Type, F.Type);
    Out.Where = Join(T.Where, F.Where);
    Out.Size = Join(T.Size, F.Size);
    Out.Offset = Join(T.Offset, F.Offset);
    return Out;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    const llvm::StringRef Name =
        Callee && Callee->getIdentifier() ? Callee->getName() : "";
    if (E->getType()->isPointerType())
      Out.Type = TypeOf(E->getType()->getPointeeType(), E);
    const auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
    const CXXRecordDecl *Class = Member ? Member->getRecordDecl() : nullptr;
    if (Name == "malloc" || Name == "calloc")
      Out.Where = SymbolicValue::constant(Pageable, {E, "allocated with " + Name.str()});
    else if (Class && Name == "data" && Class->getIdentifier() &&
             Class->getName() == "vector" && Class->isInStdNamespace())
      Out.Where = SymbolicValue::constant(Pageable, {E, "a std::vector's storage"});
    else if (Callee && Callee->getDeclContext()->isNamespace() &&
             Name == "raw_pointer_cast") {
      const auto *NS = dyn_cast<NamespaceDecl>(Callee->getDeclContext());
      if (NS && NS->getName() == "thrust" && Call->getNumArgs() == 1) {
        QualType ArgTy = Call->getArg(0)->getType();
        const auto *RD = ArgTy->getAsCXXRecordDecl();
        if (RD && RD->getName() == "device_ptr")
          Out.Where = SymbolicValue::constant(Device, {E, "a thrust::device_ptr"});
      }
    } else if (Class && Name == "data" && Class->getIdentifier() &&
               Class->getName() == "device_vector")
      Out.Where = SymbolicValue::constant(Device, {E, "a thrust::device_vector's storage"});
    return Out;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) &&
      B->getType()->isPointerType()) {
    const Expr *Ptr = B->getLHS()->getType()->isPointerType() ? B->getLHS()
                                                               : B->getRHS();
    PointerValue P = evalPointer(Ptr, Vars, Depth + 1);
    const Expr *Index = Ptr == B->getLHS() ? B->getRHS() : B->getLHS();
    const SymbolicValue Steps = eval(Index, Vars, Depth + 1);
    const QualType Elem = B->getType()->getPointeeType();
    SymbolicValue Offset;
    if (P.Offset.isConstant() && Steps.isConstant() && !Elem->isVoidType() &&
        !Elem->isIncompleteType()) {
      const int64_t Bytes = Ctx.getTypeSizeInChars(Elem).getQuantity();
      const int64_t Sign = B->getOpcode() == BO_Sub ? -1 : 1;
      Offset = SymbolicValue::constant(
          P.Offset.Alternatives[0].Value +
              Sign * Steps.Alternatives[0].Value * Bytes,
          {B, ""});
    }
    // The size stays that of the allocation; the offset says where in it.
    P.Offset = Offset;
    if (!Offset.Known)
      P.Size = SymbolicValue::unknown();
    return P;
  }
  if (E->getType()->isPointerType())
    Out.Type = TypeOf(E->getType()->getPointeeType(), E);
  return Out;
}

FunctionValues::PointerValue FunctionValues::evaluatePointer(const Expr *E) {
  if (GaveUp || !AtTarget)
    return evalPointer(E, Env(), 0);
  return evalPointer(E, *AtTarget, 0);
}

FunctionValues::HandleValue FunctionValues::evaluateHandle(const Expr *E) {
  HandleValue Out;
  const VarDecl *V = referencedVar(E);
  if (!V || GaveUp || !AtTarget || Aliased.lookup(V))
    return Out;
  auto Mode = AtTarget->HandleMode.find(V);
  if (Mode != AtTarget->HandleMode.end())
    Out.PointerMode = Mode->second;
  auto Math = AtTarget->HandleMath.find(V);
  if (Math != AtTarget->HandleMath.end())
    Out.MathMode = Math->second;
  return Out;
}

} // namespace clang::tidy::gemm
