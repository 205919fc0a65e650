//===--- ValueAnalysis.cpp - gemm-tidy -----------------------------------===//
//
// A small abstract interpreter over Clang's CFG of one function: the blocks
// before the target call are executed, in reverse post-order, on an
// environment of the locals (and fields of local aggregates) that nothing
// can modify behind the analysis' back, i.e. whose address never escapes.
// A branch on an unknown condition sends each successor the condition as a
// literal of its path; where paths that differ by one condition meet, the
// values they disagree on are kept under that condition, so values chosen
// by one flag stay correlated. A branch whose condition is known sends the
// state one way only, so dead code (after return, throw, noreturn calls,
// under constant conditions) never reaches the target. At a loop's header
// what the loop writes is unknown; each block is visited once.
//
//===----------------------------------------------------------------------===//

#include "ValueAnalysis.h"
#include "ContextCache.h"
#include "GemmCallAnalysis.h"
#include "ObjectFunctions.h"
#include "gemm/rules/lt_attributes.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <cmath>
#include <mutex>

namespace clang::tidy::gemm {

namespace {

constexpr unsigned MaxAlternatives = 16;
constexpr unsigned MaxAtoms = Guard::MaxAtoms; // conditions tracked per function
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

// CUDA allocators and the constructors of cuBLAS handles and cuBLASLt
// objects: they take the address of the variable they set, which is no
// escape.
enum class Setter { None, Device, Managed, Pinned, Object };

// The key under which a handle the analysed function did not create is
// marked (FunctionValues::DestroyedAttribute's neighbour).
constexpr int64_t BorrowedAttribute = -2;

// The row of a cuBLAS or cuBLASLt function (ObjectFunctions.h) where it
// changes the object its first argument names: creates it (from the
// address of the variable), creates it in place (*Init: in the memory the
// variable points to), sets one of its attributes, or ends it. What is
// None for every other function: the getters and the matmul only read it.
using ObjectCallInfo = ObjectFunction;

ObjectCallInfo objectCallOf(const FunctionDecl *Callee) {
  const ObjectFunction *F = objectFunctionOf(Callee);
  if (!F || F->What == ObjectCall::Get || F->What == ObjectCall::Use)
    return {};
  return *F;
}

Setter setterOf(const CallExpr *Call) {
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier() || Call->getNumArgs() == 0)
    return Setter::None;
  const llvm::StringRef N = Callee->getName();
  if (N == "cudaMalloc" || N == "cudaMallocAsync" || N == "cudaMallocPitch" ||
      N == "cudaMallocFromPoolAsync" || N == "cudaGetSymbolAddress")
    return Setter::Device;
  if (N == "cuMemAlloc" || N == "cuMemAlloc_v2" || N == "cuMemAllocAsync" ||
      N == "cuMemAllocPitch" || N == "cuMemAllocPitch_v2")
    return Setter::Device;
  if (N == "cudaMallocManaged")
    return Setter::Managed;
  if (N == "cudaMallocHost" || N == "cudaHostAlloc")
    return Setter::Pinned;
  if (objectCallOf(Callee).What == ObjectCall::Create)
    return Setter::Object;
  return Setter::None;
}

// `&opaque` for a structure cuBLASLt's *Init functions fill in place
// (cublasLtMatrixLayoutOpaque_t and the like): the variable, else null.
const VarDecl *opaqueObject(const Expr *E) {
  const auto *Addr =
      dyn_cast_or_null<UnaryOperator>(E ? E->IgnoreParenCasts() : nullptr);
  if (!Addr || Addr->getOpcode() != UO_AddrOf)
    return nullptr;
  const VarDecl *V = referencedVar(Addr->getSubExpr());
  const auto *Typedef = V ? V->getType()->getAs<TypedefType>() : nullptr;
  return Typedef && Typedef->getDecl()->getName().starts_with("cublasLt") &&
                 Typedef->getDecl()->getName().ends_with("Opaque_t")
             ? V
             : nullptr;
}

// The variable that names an object: a handle or descriptor variable, or
// the structure of `&opaque`.
const VarDecl *objectVar(const Expr *E) {
  if (const VarDecl *V = opaqueObject(E))
    return V;
  const VarDecl *V = referencedVar(E);
  return V && V->getType()->isPointerType() ? V : nullptr;
}

// The variable whose address a setter receives: `cudaMalloc(&p, n)` and
// the C forms `cudaMalloc((void **)&p, n)`, `reinterpret_cast<void **>(&p)`.
const VarDecl *allocatedVar(const CallExpr *Call, unsigned Arg = 0) {
  const auto *Addr =
      dyn_cast<UnaryOperator>(Call->getArg(Arg)->IgnoreParenCasts());
  return Addr && Addr->getOpcode() == UO_AddrOf
             ? referencedVar(Addr->getSubExpr())
             : nullptr;
}

// cudaMallocPitch(&p, &pitch, widthBytes, height) also sets the pitch, in
// bytes: its variable, or null.
const VarDecl *pitchVar(const CallExpr *Call) {
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  return Callee && Callee->getIdentifier() &&
                 Callee->getName() == "cudaMallocPitch" && Call->getNumArgs() >= 2
             ? allocatedVar(Call, 1)
             : nullptr;
}

// cuBLAS and cuBLASLt calls that take an object and leave its state alone:
// all but the ones objectCallOf models. For handles the list is
// cublas_api.h's (value-analysis-handle-setters.test derives it; the
// atomics mode is not one the checks read); for the Lt objects, every other
// function of cublasLt.h reads them (the matmul, the heuristic, the
// getters, the transform) and never writes them.
bool keepsObjectState(const FunctionDecl *Callee) {
  if (!Callee || !Callee->getIdentifier())
    return false;
  const llvm::StringRef N = Callee->getName();
  if (!N.starts_with("cublas") || objectCallOf(Callee).What != ObjectCall::None)
    return false;
  // cuBLAS's own functions, not a project's `cublasConfigure(handle)`.
  const SourceManager &SM = Callee->getASTContext().getSourceManager();
  const llvm::StringRef File = llvm::sys::path::filename(
      SM.getFilename(SM.getSpellingLoc(Callee->getLocation())));
  return File == "cublas_api.h" || File == "cublas_v2.h" ||
         File == "cublas.h" || File == "cublasLt.h";
}

// Whether every argument is a number, an enumerator or a message (a
// `const char *`, a string literal): nothing that could reach an object.
template <class Range> bool onlyNumbersAndMessages(Range Args) {
  for (const Expr *Arg : Args) {
    const QualType T = Arg->IgnoreParenImpCasts()->getType();
    if (T.isNull())
      return false;
    const bool Message = T->isPointerType() && T->getPointeeType().isConstQualified() &&
                         T->getPointeeType()->isCharType();
    if (!T->isArithmeticType() && !T->isEnumeralType() && !Message &&
        !(T->isArrayType() && T->getArrayElementTypeNoTypeQual()->isCharType()))
      return false;
  }
  return true;
}

// Whether \p Call cannot change a cuBLAS handle's modes: cuBLAS's own
// functions other than the setters, the CUDA runtime and driver, the
// system's libraries, and a function given nothing but numbers and
// messages (`check(status, __FILE__, __LINE__)`) -- which could reach a
// handle only through a global, which this analysis assumes it does not.
bool leavesHandlesAlone(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || isa<CXXMemberCallExpr>(Call))
    return false;
  const ObjectCallInfo Info = objectCallOf(Callee);
  if (Info.What != ObjectCall::None) // another name's set or destroy may be this one's
    return !Info.Handle || Info.What == ObjectCall::Create;
  if (keepsObjectState(Callee))
    return true;
  const SourceManager &SM = Callee->getASTContext().getSourceManager();
  if (SM.isInSystemHeader(Callee->getLocation()))
    return true;
  if (Callee->getIdentifier() &&
      (Callee->getName().starts_with("cuda") || Callee->getName().starts_with("cu")) &&
      !Callee->getName().starts_with("cublas"))
    return true;
  return onlyNumbersAndMessages(Call->arguments());
}


// The body of the function a call runs, where the analysis can bind its
// parameters to the call's arguments: a definition whose parameters match
// the arguments; member functions other than static ones read their
// object, which is not followed. Null otherwise.
const CompoundStmt *inlinableBody(const CallExpr *Call,
                                  const FunctionDecl *&Def) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  Def = nullptr;
  if (!Callee || !Callee->hasBody(Def) || !Def ||
      Def->getNumParams() != Call->getNumArgs() ||
      (isa<CXXMethodDecl>(Def) && !cast<CXXMethodDecl>(Def)->isStatic()) ||
      isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Call))
    return nullptr;
  return dyn_cast_or_null<CompoundStmt>(Def->getBody());
}

// The definition of a function whose body only returns an expression
// (`{ return <expr>; }`), with that expression; null otherwise.
const FunctionDecl *singleReturn(const CallExpr *Call, const Expr *&Ret) {
  const FunctionDecl *Def = nullptr;
  const CompoundStmt *Body = inlinableBody(Call, Def);
  if (!Body || Body->body_empty())
    return nullptr;
  // Constants the return may name first (`static const float one = 1.f;
  // return &one;`, a trait's getter): they change nothing.
  for (const Stmt *S : llvm::drop_end(Body->body())) {
    const auto *D = dyn_cast<DeclStmt>(S);
    if (!D)
      return nullptr;
    for (const Decl *Dl : D->decls()) {
      const auto *V = dyn_cast<VarDecl>(Dl);
      if (!V || !V->isStaticLocal() || !V->getType().isConstQualified() ||
          V->getType().isVolatileQualified())
        return nullptr;
    }
  }
  const auto *Return = dyn_cast<ReturnStmt>(Body->body_back());
  Ret = Return ? Return->getRetValue() : nullptr;
  return Ret ? Def : nullptr;
}

// Whether a scalar's initializer is zero: numbers, and the struct scalars
// cuBLAS reads as alpha and beta (`cuComplex beta = {1, 0}`, `__half beta =
// 1.0f`, whose constructors are not constexpr). Unknown where not proven.
std::optional<bool> isZeroScalar(const Expr *Init, const ASTContext &Ctx) {
  if (!Init || Init->isValueDependent() || Init->containsErrors())
    return std::nullopt;
  Expr::EvalResult R;
  if (Init->EvaluateAsRValue(R, Ctx)) {
    if (R.Val.isFloat())
      return R.Val.getFloat().isZero();
    if (R.Val.isInt())
      return R.Val.getInt().isZero();
    if (R.Val.isStruct()) { // cuComplex {x, y}
      bool Zero = true;
      for (unsigned I = 0; I < R.Val.getStructNumFields(); ++I) {
        const APValue &F = R.Val.getStructField(I);
        if (F.isFloat())
          Zero &= F.getFloat().isZero();
        else if (F.isInt())
          Zero &= F.getInt().isZero();
        else
          return std::nullopt;
      }
      return Zero;
    }
    return std::nullopt;
  }
  // `__half beta = 1.0f`: a converting constructor from one number. A
  // number too small for a 16-bit float would round to zero: unknown.
  const auto *Construct = dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit());
  if (!Construct || Construct->getNumArgs() != 1 ||
      dataTypeCode(Init->getType(), Ctx) < 0)
    return std::nullopt;
  const Expr *Arg = Construct->getArg(0);
  if (!Arg->getType()->isArithmeticType() || Arg->isValueDependent())
    return std::nullopt;
  llvm::APFloat F(0.0);
  if (!Arg->EvaluateAsFloat(F, Ctx)) {
    Expr::EvalResult I;
    if (!Arg->EvaluateAsInt(I, Ctx))
      return std::nullopt;
    return I.Val.getInt().isZero();
  }
  if (F.isZero())
    return true;
  bool Lost = false;
  F.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &Lost);
  const double D = F.convertToDouble();
  return std::abs(D) >= 1e-7 || std::isnan(D) ? std::optional<bool>(false)
                                              : std::nullopt;
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

llvm::StringRef OriginText::intern(llvm::StringRef S) {
  if (S.empty())
    return {};
  // Never destroyed: clangd's workers may still be analysing at exit.
  static std::mutex *Lock = new std::mutex;
  static llvm::StringSet<> *Texts = new llvm::StringSet<>;
  std::lock_guard<std::mutex> Hold(*Lock);
  return Texts->insert(S).first->getKey();
}

OriginText OriginText::quoting(llvm::StringRef Lead, llvm::StringRef Name) {
  llvm::SmallString<96> S(Lead);
  S += " '";
  S += Name;
  S += "'";
  return OriginText(S.str());
}

std::string AtomInfo::text() const { return describe(Cond, *Ctx); }

// --- the environment ---------------------------------------------------------------

namespace {
/// A map shared between the states that hold it until one of them writes
/// it (copy on write): the walk copies a state at every branch and joins
/// two at every merge, and most maps are the same on both sides. Reads of
/// a const map share; any non-const access takes a copy of its own first.
template <class Key> class SharedMap {
public:
  using Map = std::map<Key, SymbolicValue>;
  using iterator = typename Map::iterator;
  using const_iterator = typename Map::const_iterator;

  const Map &get() const { return Data ? *Data : empty(); }
  Map &mut() {
    if (!Data)
      Data = std::make_shared<Map>();
    else if (Data.use_count() > 1)
      Data = std::make_shared<Map>(*Data);
    return *Data;
  }
  /// The same map, unwritten since one state was copied from the other.
  bool sameAs(const SharedMap &O) const { return Data == O.Data; }

  const_iterator find(const Key &K) const { return get().find(K); }
  const_iterator begin() const { return get().begin(); }
  const_iterator end() const { return get().end(); }
  const_iterator lower_bound(const Key &K) const { return get().lower_bound(K); }
  size_t count(const Key &K) const { return get().count(K); }
  // (Iterators of a non-const map all come from its own copy.)
  iterator find(const Key &K) { return mut().find(K); }
  iterator begin() { return mut().begin(); }
  iterator end() { return mut().end(); }
  iterator lower_bound(const Key &K) { return mut().lower_bound(K); }
  SymbolicValue &operator[](const Key &K) { return mut()[K]; }
  size_t erase(const Key &K) { return get().count(K) ? mut().erase(K) : 0; }
  iterator erase(iterator It) { return mut().erase(It); }
  iterator erase(iterator From, iterator To) { return mut().erase(From, To); }

private:
  static const Map &empty() {
    static const Map Empty;
    return Empty;
  }
  std::shared_ptr<Map> Data;
};
} // namespace

struct FunctionValues::Env {
  SharedMap<const VarDecl *> Locals;
  SharedMap<std::pair<const VarDecl *, const FieldDecl *>> Fields;
  /// Local pointers: what they point to, where, and the allocation size.
  SharedMap<const VarDecl *> PtrType, PtrWhere, PtrSize, PtrOffset;
  /// Local cuBLAS handles and cuBLASLt objects: their attributes by id
  /// (ObjectFunctions.h).
  SharedMap<std::pair<const VarDecl *, int64_t>> Objects;
  /// The arguments of a callee being evaluated inline (a getter's body):
  /// its parameters' values, and what its pointer parameters point to.
  /// (Apart, and only there: the walk's states, moved at every block, do
  /// not carry them.)
  struct CalleeArgs {
    llvm::DenseMap<const ParmVarDecl *, SymbolicValue> Params;
    llvm::DenseMap<const ParmVarDecl *, PointerValue> Pointers;
  };
  std::shared_ptr<CalleeArgs> Callee;
  CalleeArgs &callee() {
    if (!Callee)
      Callee = std::make_shared<CalleeArgs>();
    return *Callee;
  }
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

// The unknown value of an expression over \p Parts: it needs every
// parameter one of them needs, each once (appended, a value joined at each
// branch of a long function doubled its list at every join: 23 GB for
// TransformerEngine's cublas_gemm).
SymbolicValue unknownOf(std::initializer_list<const SymbolicValue *> Parts) {
  SymbolicValue U;
  for (const SymbolicValue *Part : Parts)
    for (const ParmVarDecl *P : Part->NeedsParams)
      if (!llvm::is_contained(U.NeedsParams, P))
        U.NeedsParams.push_back(P);
  return U;
}

SymbolicValue mergeValues(const SymbolicValue &A, const SymbolicValue &B,
                          Literal L) {
  if (!A.Known || !B.Known) {
    SymbolicValue U = unknownOf({&A, &B});
    if (!A.Known && !B.Known && A.PitchFrom == B.PitchFrom)
      U.PitchFrom = A.PitchFrom; // the same pitch on both paths
    return U;
  }
  SymbolicValue Out = withGuard(A, {L});
  SymbolicValue Other = withGuard(B, {Literal{L.Atom, !L.Positive}});
  Out.Alternatives.append(Other.Alternatives.begin(), Other.Alternatives.end());
  if (Out.Alternatives.size() > MaxAlternatives)
    return SymbolicValue::unknown();
  return Out;
}


// The locals (or locals' fields) one CFG element writes. Every
// subexpression that writes is an element of its own (graphOptions), so
// nothing here recurses.
void writesOf(const Stmt *S, llvm::SmallPtrSetImpl<const VarDecl *> &Out) {
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
    if (!keepsObjectState(Call->getDirectCallee()))
      for (const Expr *Arg : Call->arguments()) {
        if (const VarDecl *V = referencedVar(Arg))
          if (V->getType()->isPointerType())
            Out.insert(V);
        if (const VarDecl *V = opaqueObject(Arg))
          Out.insert(V);
      }
    if (setterOf(Call) != Setter::None)
      if (const VarDecl *V = allocatedVar(Call))
        Out.insert(V);
    if (const VarDecl *Pitch = pitchVar(Call))
      Out.insert(Pitch);
  }
}

// Deeper than this, a function is not analysed: the CFG builder and the
// AST's own walks recurse once per level (generated code nests thousands).
constexpr unsigned MaxNesting = 256;
// Blocks and elements one walk visits at most; beyond, the function's
// values are unknown (generated functions with tens of thousands of
// statements).
constexpr unsigned MaxBlocks = 4096;
constexpr unsigned MaxElements = 65536;

// An expression whose evaluation has no effect the walk acts on and
// branches only where eval() follows both ways: no call, assignment,
// increment, comma, && ||, lambda, unevaluated operand or default argument;
// a ?: of plain operands (eval() gives it the value of each arm under its
// condition's literal, as the CFG's join of the two arms would). Within
// such expressions a CFG has no element that transfer() would execute.
bool plainExpr(const Stmt *S) {
  if (const auto *U = dyn_cast<UnaryOperator>(S))
    return !U->isIncrementDecrementOp() && U->getOpcode() != UO_Coawait;
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return !B->isAssignmentOp() && !B->isLogicalOp() &&
           B->getOpcode() != BO_Comma;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    return isa<VarDecl, EnumConstantDecl, FunctionDecl>(Ref->getDecl());
  return isa<IntegerLiteral, FloatingLiteral, CharacterLiteral,
             CXXBoolLiteralExpr, CXXNullPtrLiteralExpr, GNUNullExpr,
             ImplicitCastExpr, CStyleCastExpr, CXXStaticCastExpr,
             CXXReinterpretCastExpr, CXXConstCastExpr, ParenExpr, MemberExpr,
             ArraySubscriptExpr, InitListExpr, ImplicitValueInitExpr,
             ConstantExpr, SubstNonTypeTemplateParmExpr, ConditionalOperator>(
      S);
}

// The call \p Body is one straight run of statements around, if any: the
// only call of the body, a statement of its own (or returned at the end),
// among local declarations and assignments of plain expressions. Its CFG
// would be one block whose elements that act are these statements in
// order, so the walk of that call needs no graph: the statements before it
// are executed as written. (It stops at the first statement that is not
// plain; computed once per function.) \p Elements gets the nodes that
// would be the graph's elements, which are all that the body's facts are
// made of (scanElement()).
const CallExpr *straightTarget(const Stmt *Body,
                               std::vector<const Stmt *> &Elements) {
  const auto *Block = dyn_cast<CompoundStmt>(Body);
  if (!Block)
    return nullptr;
  const CallExpr *Target = nullptr;
  unsigned Visited = 0;
  llvm::SmallVector<std::pair<const Stmt *, unsigned>, 32> Work;
  auto Plain = [&] { // the expressions in Work
    while (!Work.empty()) {
      auto [S, Level] = Work.pop_back_val();
      if (!S || Level > MaxNesting || ++Visited > MaxElements ||
          !plainExpr(S))
        return false;
      if (isa<UnaryOperator, BinaryOperator>(S))
        Elements.push_back(S);
      for (const Stmt *Child : S->children())
        Work.push_back({Child, Level + 1});
    }
    return true;
  };
  for (const Stmt *S : Block->body()) {
    if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
      if (S != Block->body_back())
        return nullptr;
      S = Ret->getRetValue();
      if (!S)
        break;
    }
    // The statements below are elements; their operands, Plain()'s.
    if (S->getStmtClass() == Stmt::CallExprClass) {
      if (Target)
        return nullptr; // a second call
      Target = cast<CallExpr>(S);
      Elements.push_back(S);
      for (const Stmt *Child : Target->children())
        Work.push_back({Child, 1});
    } else if (const auto *D = dyn_cast<DeclStmt>(S)) {
      Elements.push_back(S);
      for (const Decl *Dl : D->decls()) {
        const auto *V = dyn_cast<VarDecl>(Dl);
        if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
            V->getType()->isVariablyModifiedType())
          return nullptr;
        if (V->getInit())
          Work.push_back({V->getInit(), 1});
      }
    } else if (const auto *B = dyn_cast<BinaryOperator>(S);
               B && B->isAssignmentOp()) {
      Elements.push_back(S);
      Work.push_back({B->getLHS(), 1});
      Work.push_back({B->getRHS(), 1});
    } else if (const auto *U = dyn_cast<UnaryOperator>(S);
               U && U->isIncrementDecrementOp()) {
      Elements.push_back(S);
      Work.push_back({U->getSubExpr(), 1});
    } else if (!isa<NullStmt>(S)) {
      Work.push_back({S, 0});
    }
    if (!Plain())
      return nullptr;
  }
  return Target;
}

// Whether the constant evaluator cannot fold \p E: evaluating it must read
// a variable that is neither const nor constexpr, or call a function that
// is neither constexpr nor a builtin (operands that are always evaluated,
// not the right of && || , nor a ternary's arms).
bool cannotFold(const Expr *E, unsigned Depth) {
  if (!E || Depth > 32)
    return false;
  E = E->IgnoreParens();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    // (A reference initialised with a constant is usable as one.)
    if (!V || V->isConstexpr() || V->getType()->isReferenceType())
      return false;
    if (isa<ParmVarDecl>(V))
      return true; // const or not: a run's value
    if (!V->getType().isConstQualified())
      return true;
    // A const variable folds where its initializer does.
    const Expr *Init = V->getAnyInitializer();
    return !Init || cannotFold(Init, Depth + 1);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = Call->getDirectCallee();
    return F && !F->isConstexpr() && !F->getBuiltinID();
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return cannotFold(Cast->getSubExpr(), Depth + 1);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_Minus: case UO_Plus: case UO_Not: case UO_LNot:
      return cannotFold(U->getSubExpr(), Depth + 1);
    default:
      return false;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp() || B->getOpcode() == BO_Comma)
      return false;
    if (B->isLogicalOp())
      return cannotFold(B->getLHS(), Depth + 1);
    return cannotFold(B->getLHS(), Depth + 1) ||
           cannotFold(B->getRHS(), Depth + 1);
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) // (a static member: no read
    return isa<FieldDecl>(M->getMemberDecl()) && // of the object)
           cannotFold(M->getBase(), Depth + 1);
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return cannotFold(C->getCond(), Depth + 1);
  return false;
}

// Whether Clang's CFG builder could decide \p Cond without running it
// (PruneTriviallyFalseEdges): unless the constant evaluator must read a
// value of the run to fold it (cannotFold()), and it has none of the
// shapes the builder judges by their form, whatever the values: && and ||
// on comparisons of one variable (m < 0 && m > 100), x * 0, x & 0, a
// boolean compared with another integer (!x == 2), (x & 8) == 4.
bool decidableCondition(const Expr *Cond) {
  if (!Cond)
    return true; // (if consteval: decided by its form)
  const Expr *E = Cond->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isLogicalOp() || B->getOpcode() == BO_Mul ||
        B->getOpcode() == BO_And)
      return true;
    if (B->isComparisonOp())
      for (const auto &[Side, Other] : {std::pair(B->getLHS(), B->getRHS()),
                                        std::pair(B->getRHS(), B->getLHS())})
        if (isa<IntegerLiteral>(Side->IgnoreParenImpCasts()) &&
            (isa<BinaryOperator>(Other->IgnoreParenImpCasts()) ||
             Other->isKnownToHaveBooleanValue()))
          return true;
  }
  return !cannotFold(Cond, 0);
}

// Whether the CFG builder makes \p S a branch whose edges it may prune,
// with the condition it would try in \p Cond (null where the form decides:
// && and ||, if consteval).
bool branchesOn(const Stmt *S, const Expr *&Cond) {
  Cond = nullptr;
  if (const auto *If = dyn_cast<IfStmt>(S))
    Cond = If->getCond();
  else if (const auto *While = dyn_cast<WhileStmt>(S))
    Cond = While->getCond();
  else if (const auto *Do = dyn_cast<DoStmt>(S))
    Cond = Do->getCond();
  else if (const auto *For = dyn_cast<ForStmt>(S))
    return (Cond = For->getCond()) != nullptr; // for (;;) loops for ever
  else if (const auto *Range = dyn_cast<CXXForRangeStmt>(S))
    Cond = Range->getCond();
  else if (const auto *Switch = dyn_cast<SwitchStmt>(S))
    Cond = Switch->getCond();
  else if (const auto *Ternary = dyn_cast<AbstractConditionalOperator>(S))
    Cond = Ternary->getCond();
  else if (const auto *B = dyn_cast<BinaryOperator>(S))
    return B->isLogicalOp();
  else
    return false;
  return true;
}

// What the CFG builder would meet in a body: whether it is nested too
// deep to build a graph of, and whether the builder's pruning of trivially
// false edges could remove any (a condition decidableCondition() allows:
// most functions branch only on parameters and locals, which no edge is
// pruned for, and the builder would run the constant evaluator on each
// for nothing).
struct BodyShape {
  bool TooDeep = false;
  bool Prunable = false;
};

BodyShape shapeOf(const Stmt *Body) {
  BodyShape Out;
  llvm::SmallVector<std::pair<const Stmt *, unsigned>, 64> Stack;
  Stack.push_back({Body, 0});
  unsigned Visited = 0;
  while (!Stack.empty()) {
    auto [S, Level] = Stack.pop_back_val();
    if (Level > MaxNesting || ++Visited > 4 * MaxElements) {
      Out.TooDeep = true;
      return Out;
    }
    if (const Expr *Cond; !Out.Prunable && branchesOn(S, Cond))
      Out.Prunable = decidableCondition(Cond);
    for (const Stmt *Child : S->children())
      if (Child)
        Stack.push_back({Child, Level + 1});
  }
  return Out;
}

bool sameValue(const SymbolicValue &A, const SymbolicValue &B) {
  if (!A.Known || !B.Known || A.Alternatives.size() != B.Alternatives.size())
    return false;
  for (unsigned I = 0; I < A.Alternatives.size(); ++I)
    if (A.Alternatives[I].Value != B.Alternatives[I].Value ||
        A.Alternatives[I].When != B.Alternatives[I].When)
      return false;
  return true;
}

// Joins what holds on two paths: a value both agree on stays; values that
// differ are kept under \p L where the paths differ by one condition (the
// first path's values hold when L does), and are unknown otherwise.
template <class Key>
void joinMaps(SharedMap<Key> &IntoMap, const SharedMap<Key> &OtherMap,
              std::optional<Literal> L) {
  if (IntoMap.sameAs(OtherMap))
    return; // nothing written on either path since they parted
  auto &Into = IntoMap.mut();
  const auto &Other = OtherMap.get();
  for (auto &[K, V] : Into) {
    auto It = Other.find(K);
    if (It == Other.end())
      V = SymbolicValue::unknown();
    else if (!sameValue(V, It->second)) {
      if (L && V.Known && It->second.Known)
        V = mergeValues(V, It->second, *L);
      else
        V = mergeValues(V, It->second, Literal{0, true}); // unknown
    }
  }
  for (const auto &[K, V] : Other)
    if (!Into.count(K))
      Into[K] = SymbolicValue::unknown();
}

} // namespace

// --- the walk over the CFG ----------------------------------------------------------

/// What holds on entry to a block or edge: the values, and the ways to get
/// there: a disjunction of the conjunctions of conditions taken (one, with
/// no condition, at the entry).
struct FunctionValues::State {
  Env Vars;
  llvm::SmallVector<Guard, 2> Paths{Guard()};
};

/// What holds for a whole function, whatever its parameters: where each
/// element is, which locals escape, and the order of the blocks.
struct FunctionValues::Facts {
  /// Where each call is (the analysis stops at calls).
  llvm::DenseMap<const Stmt *, std::pair<const CFGBlock *, unsigned>> Where;
  llvm::DenseMap<const VarDecl *, bool> Escapes;
  llvm::DenseMap<const ParmVarDecl *, bool> WrittenParams;
  llvm::DenseMap<const VarDecl *, bool> Aliased;
  bool GaveUp = false;
  std::vector<const CFGBlock *> Order; // reverse post-order
  std::vector<unsigned> Rank;          // by block ID; ~0u: unreachable
};

/// The walk through a function's blocks: the states at their ends, kept
/// between the calls in one function while no parameter is bound, so that
/// each block is executed once for all of them. A state is dropped once
/// every successor has been entered.
struct FunctionValues::Walk {
  std::vector<std::optional<State>> Out;
  std::vector<SymbolicValue> Cond;             // a branch's condition
  std::vector<std::optional<Literal>> CondLit; // and its atom
  std::vector<unsigned> Pending;               // successors not entered
  unsigned Next = 0;                           // blocks of Order done
  std::vector<AtomInfo> Atoms;
  llvm::DenseMap<const Expr *, Literal> ConditionAtoms;
};

namespace {
struct FunctionEntry {
  const Stmt *Body = nullptr;
  std::unique_ptr<CFG> Graph;
  bool GraphTried = false;
  std::shared_ptr<const FunctionValues::Facts> Facts;
  /// The one call the body is a straight line around (straightTarget()),
  /// the nodes its graph's elements would be, and the body's facts for its
  /// walk, which needs no graph.
  const CallExpr *StraightTarget = nullptr;
  std::vector<const Stmt *> StraightElements;
  std::shared_ptr<const FunctionValues::Facts> StraightFacts;
  /// Walks kept for the calls analysed next, one per set of parameter
  /// bindings (none: the function on its own; a caller's constants).
  struct SharedWalk {
    FunctionValues::Bindings Params;
    std::unique_ptr<FunctionValues::Walk> Walk;
  };
  std::vector<SharedWalk> Walks; // the newest last
};

// Walks kept per function: its own and those of a few callers' bindings.
constexpr unsigned KeptWalks = 4;

// Whether two values are the same, where each came from included (a walk
// with one caller's bindings notes that caller's arguments).
bool identical(const SymbolicValue &A, const SymbolicValue &B) {
  if (A.Known != B.Known || A.PitchFrom != B.PitchFrom ||
      A.NeedsParams != B.NeedsParams ||
      A.Alternatives.size() != B.Alternatives.size())
    return false;
  for (unsigned I = 0; I < A.Alternatives.size(); ++I) {
    const Alternative &X = A.Alternatives[I], &Y = B.Alternatives[I];
    if (X.Value != Y.Value || X.When != Y.When || X.From.At != Y.From.At ||
        X.From.What != Y.From.What)
      return false;
  }
  return true;
}

bool sameBindings(const FunctionValues::Bindings &A,
                  const FunctionValues::Bindings &B) {
  if (A.size() != B.size() || !A.HandleModes.empty() || !B.HandleModes.empty() ||
      !A.FieldValues.empty() || !B.FieldValues.empty())
    return false; // (walks with handle modes or fields bound are not kept)
  for (const auto &[P, V] : A) {
    auto It = B.find(P);
    if (It == B.end() || !identical(V, It->second))
      return false;
  }
  return true;
}

// The CFG's elements are the full expressions and conditions, and within
// them every subexpression that can change what the walk knows, in the
// order it runs: the kinds transfer(), scanEscapes() and writesOf() act on.
// (Every subexpression would be an element of its own with all of them
// added: three times the elements, none of which does anything here.)
CFG::BuildOptions graphOptions(bool Prune) {
  CFG::BuildOptions Options;
  Options.PruneTriviallyFalseEdges = Prune;
  for (Stmt::StmtClass Effect :
       {Stmt::BinaryOperatorClass, Stmt::CompoundAssignOperatorClass,
        Stmt::UnaryOperatorClass, Stmt::DeclStmtClass, Stmt::CallExprClass,
        Stmt::CXXMemberCallExprClass, Stmt::CXXOperatorCallExprClass,
        Stmt::CUDAKernelCallExprClass, Stmt::UserDefinedLiteralClass,
        Stmt::LambdaExprClass, Stmt::GCCAsmStmtClass, Stmt::MSAsmStmtClass})
    Options.setAlwaysAdd(Effect);
  return Options;
}

// Functions whose graphs are kept. Calls arrive function by function, and a
// wrapper's callers are at most MaxCallSites per level: a few cover every
// reuse, where keeping every function's would grow with the file (and its
// first touches of memory cost more than the graphs).
constexpr unsigned KeptFunctions = 32;

// The CFG of a function and what the walks learnt about it, kept per
// translation unit for the functions analysed last (a function with many
// calls, a wrapper analysed for each of its callers). No graph where the
// function is too deep. The entry lives until a later call evicts it.
FunctionEntry &entryOf(const FunctionDecl *Fn, Stmt *Body, ASTContext &Ctx) {
  using Cache = std::vector<std::unique_ptr<FunctionEntry>>; // oldest first
  Cache &Kept = contextCache<Cache>(Ctx);
  for (auto It = Kept.rbegin(); It != Kept.rend(); ++It)
    if ((*It)->Body == Body) {
      std::rotate(It.base() - 1, It.base(), Kept.end()); // now the newest
      return *Kept.back();
    }
  if (Kept.size() >= KeptFunctions)
    Kept.erase(Kept.begin());
  Kept.push_back(std::make_unique<FunctionEntry>());
  FunctionEntry &Entry = *Kept.back();
  Entry.Body = Body;
  Entry.StraightTarget = straightTarget(Body, Entry.StraightElements);
  if (!Entry.StraightTarget)
    Entry.StraightElements = {};
  return Entry;
}

// The CFG of the function of \p Entry, built at its first use; null where
// the function is too deep.
const CFG *graphOf(FunctionEntry &Entry, const FunctionDecl *Fn,
                   ASTContext &Ctx) {
  if (!Entry.Graph && !Entry.GraphTried) {
    Entry.GraphTried = true;
    Stmt *Body = const_cast<Stmt *>(Entry.Body);
    if (const BodyShape Shape = shapeOf(Body); !Shape.TooDeep)
      Entry.Graph =
          CFG::buildCFG(Fn, Body, &Ctx, graphOptions(Shape.Prunable));
  }
  return Entry.Graph.get();
}
} // namespace

class FunctionValues::Walker {
public:
  Walker(FunctionValues &FV) : FV(FV) {}

  // The walk of a straight-line body (straightTarget()): the statements
  // before the target, in order, from an empty state; every path reaches it.
  void runStraight(const CompoundStmt *Body, FunctionEntry &Entry,
                   const CallExpr *Target) {
    if (!Entry.StraightFacts)
      Entry.StraightFacts = straightFacts(Entry.StraightElements);
    F = Entry.StraightFacts.get();
    FV.Known = Entry.StraightFacts;
    State In;
    seedHandleModes(In.Vars);
    for (const Stmt *S : Body->body()) {
      if (S == Target)
        break;
      transfer(S, In.Vars);
    }
    FV.AtTarget = std::make_unique<Env>(std::move(In.Vars));
  }

  void run(const CFG &G, FunctionEntry &Entry, const CallExpr *Target) {
    if (!Entry.Facts)
      Entry.Facts = facts(G);
    F = Entry.Facts.get();
    FV.Known = Entry.Facts; // shared: the FunctionValues may outlive the entry
    if (F->GaveUp) {
      FV.GaveUp = true;
      return;
    }
    auto Found = F->Where.find(Target);
    if (Found == F->Where.end()) {
      // No element of the graph: in the body, an unevaluated operand
      // (sizeof, decltype, noexcept), which never runs; outside it (a
      // constructor's initialisers), judged on constants only.
      const SourceManager &SM = FV.Ctx.getSourceManager();
      const SourceRange Body = SM.getExpansionRange(
          FV.Fn->getBody()->getSourceRange()).getAsRange();
      if (SM.isPointWithin(SM.getExpansionLoc(Target->getBeginLoc()),
                           Body.getBegin(), Body.getEnd()))
        FV.Dead = true;
      else
        FV.GaveUp = true;
      return;
    }
    const auto [TargetBlock, TargetIndex] = Found->second;
    const unsigned TargetRank = F->Rank[TargetBlock->getBlockID()];
    if (TargetRank == ~0u) {
      FV.Dead = true; // not reachable from the entry
      return;
    }
    // One walk for the calls of a function analysed one after the other
    // with the same bindings, restarted for a call it has gone past.
    Walk Local;
    W = &Local;
    if (FV.Atoms.empty()) {
      auto Kept = llvm::find_if(Entry.Walks, [&](const auto &SW) {
        return sameBindings(SW.Params, FV.Params);
      });
      if (Kept == Entry.Walks.end()) {
        if (Entry.Walks.size() >= KeptWalks)
          Entry.Walks.erase(Entry.Walks.begin());
        Entry.Walks.push_back({FV.Params, nullptr});
        Kept = Entry.Walks.end() - 1;
      }
      if (!Kept->Walk || Kept->Walk->Next > TargetRank)
        Kept->Walk = std::make_unique<Walk>();
      W = Kept->Walk.get();
    }
    if (W->Out.empty()) {
      const unsigned N = G.getNumBlockIDs();
      W->Out.resize(N);
      W->Cond.assign(N, SymbolicValue::unknown());
      W->CondLit.resize(N);
      W->Pending.assign(N, 0);
      for (const CFGBlock *B : F->Order)
        for (const CFGBlock *S : B->succs())
          if (S && rank(S) > rank(B) && rank(S) != ~0u)
            ++W->Pending[B->getBlockID()];
    }
    FV.Atoms = W->Atoms;
    FV.ConditionAtoms = W->ConditionAtoms;
    while (W->Next < TargetRank)
      execute(F->Order[W->Next++]);
    W->Atoms = FV.Atoms;
    W->ConditionAtoms = FV.ConditionAtoms;

    std::optional<State> In = entryState(G, TargetBlock, false);
    if (!In) {
      FV.Dead = true;
      return;
    }
    // The statements that are part of the target call (its arguments) are
    // not executed before it; those with effects are collected when one is
    // met (a tree: each part is reached once).
    llvm::SmallPtrSet<const Stmt *, 8> InTarget;
    bool Collected = false;
    auto PartOfTarget = [&](const Stmt *S) {
      if (!Collected) {
        Collected = true;
        llvm::SmallVector<const Stmt *, 32> Work{Target};
        unsigned Parts = 0;
        while (!Work.empty() && ++Parts < MaxElements) {
          const Stmt *Part = Work.pop_back_val();
          if (!Part)
            continue;
          if (Part != Target && hasEffects(Part))
            InTarget.insert(Part);
          for (const Stmt *Child : Part->children())
            Work.push_back(Child);
        }
      }
      return InTarget.count(S) != 0;
    };
    unsigned I = 0;
    for (const CFGElement &El : *TargetBlock) {
      if (I++ == TargetIndex)
        break;
      if (std::optional<CFGStmt> CS = El.getAs<CFGStmt>())
        if (hasEffects(CS->getStmt()) && !PartOfTarget(CS->getStmt()))
          transfer(CS->getStmt(), In->Vars);
    }
    FV.AtTarget = std::make_unique<Env>(std::move(In->Vars));
    FV.TargetPath = commonLiterals(In->Paths); // what every way agrees on
  }

private:
  FunctionValues &FV;
  const Facts *F = nullptr;
  Facts *Building = nullptr; // while facts() fills it in
  Walk *W = nullptr;

  unsigned rank(const CFGBlock *B) const { return F->Rank[B->getBlockID()]; }

  // The addresses of locals an element takes, and those of them only a
  // function that fills in or reads the object receives (which do not let
  // the local escape).
  struct AddressScan {
    llvm::SmallPtrSet<const Expr *, 8> SetterAddresses;
    llvm::SmallVector<const Expr *, 8> AddressesTaken;
    void escapeAddresses(Walker &W) {
      for (const Expr *Addr : AddressesTaken)
        if (!SetterAddresses.count(Addr))
          W.escape(cast<UnaryOperator>(Addr)->getSubExpr());
    }
  };

  // What one element tells about the whole function: the locals whose
  // address it takes or that it lets a callee write, the parameters it
  // writes, the pointers it copies.
  void scanElement(const Stmt *S, AddressScan &Scan) {
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      if (setterOf(Call) != Setter::None)
        Scan.SetterAddresses.insert(Call->getArg(0)->IgnoreParenCasts());
      // A cuBLASLt attribute setter only reads its buffer.
      const ObjectCallInfo Info = objectCallOf(Call->getDirectCallee());
      if (Info.What == ObjectCall::Set && !Info.Handle &&
          Call->getNumArgs() == Info.NumArgs)
        Scan.SetterAddresses.insert(Call->getArg(BufPos)->IgnoreParenCasts());
      // Nor does cuBLASLt keep the address of a structure it fills in
      // place (*Init) or reads as an object.
      if (const FunctionDecl *F = Call->getDirectCallee();
          F && F->getIdentifier() && F->getName().starts_with("cublasLt"))
        for (const Expr *Arg : Call->arguments())
          if (opaqueObject(Arg))
            Scan.SetterAddresses.insert(Arg->IgnoreParenCasts());
      if (pitchVar(Call))
        Scan.SetterAddresses.insert(Call->getArg(1)->IgnoreParenCasts());
    }
    scanEscapes(S, Scan.AddressesTaken);
  }

  // The facts of a straight-line body from the nodes straightTarget() found
  // would be its CFG's elements (the others, names, literals, casts and
  // member accesses, tell scanElement() nothing).
  std::shared_ptr<const Facts>
  straightFacts(llvm::ArrayRef<const Stmt *> Elements) {
    auto Out = std::make_shared<Facts>();
    F = Out.get();
    Building = Out.get();
    AddressScan Scan;
    for (const Stmt *S : Elements)
      scanElement(S, Scan);
    Scan.escapeAddresses(*this);
    return Out;
  }

  // Where the elements are, and what escapes (one pass over the elements).
  std::shared_ptr<const Facts> facts(const CFG &G) {
    auto Out = std::make_shared<Facts>();
    F = Out.get();
    Building = Out.get();
    if (G.getNumBlockIDs() > MaxBlocks) {
      Out->GaveUp = true;
      return Out;
    }
    unsigned Elements = 0;
    AddressScan Scan;
    for (const CFGBlock *B : G) {
      unsigned I = 0;
      for (const CFGElement &El : *B) {
        ++I;
        std::optional<CFGStmt> CS = El.getAs<CFGStmt>();
        if (!CS)
          continue;
        if (++Elements > MaxElements) {
          Out->GaveUp = true;
          return Out;
        }
        const Stmt *S = CS->getStmt();
        if (isa<CallExpr>(S))
          Out->Where.try_emplace(S, B, I - 1); // the targets are calls
        scanElement(S, Scan);
      }
    }
    Scan.escapeAddresses(*this);
    // Blocks in reverse post-order from the entry; catch handlers, which
    // the CFG reaches only from explicit throws, are roots of their own.
    Out->Order = reversePostOrder(G);
    Out->Rank.assign(G.getNumBlockIDs(), ~0u);
    for (unsigned I = 0; I < Out->Order.size(); ++I)
      Out->Rank[Out->Order[I]->getBlockID()] = I;
    return Out;
  }

  void execute(const CFGBlock *B) {
    std::optional<State> In = entryState(*B->getParent(), B, true);
    // The predecessors' states are no longer needed once all their
    // successors have been entered.
    for (const CFGBlock *P : B->preds())
      if (P && rank(P) < rank(B) && --W->Pending[P->getBlockID()] == 0)
        W->Out[P->getBlockID()].reset();
    if (!In)
      return;
    for (const CFGElement &El : *B)
      if (std::optional<CFGStmt> CS = El.getAs<CFGStmt>())
        transfer(CS->getStmt(), In->Vars);
    leave(B, *In);
    W->Out[B->getBlockID()] = std::move(In);
  }

  static std::vector<const CFGBlock *> reversePostOrder(const CFG &G) {
    std::vector<const CFGBlock *> Post;
    std::vector<bool> Seen(G.getNumBlockIDs());
    auto Visit = [&](const CFGBlock *Root) {
      if (Seen[Root->getBlockID()])
        return;
      llvm::SmallVector<std::pair<const CFGBlock *, unsigned>, 32> Stack;
      Seen[Root->getBlockID()] = true;
      Stack.push_back({Root, 0});
      while (!Stack.empty()) {
        auto &[B, Next] = Stack.back();
        if (Next < B->succ_size()) {
          const CFGBlock *S = *(B->succ_begin() + Next++);
          if (S && !Seen[S->getBlockID()]) {
            Seen[S->getBlockID()] = true;
            Stack.push_back({S, 0});
          }
          continue;
        }
        Post.push_back(B);
        Stack.pop_back();
      }
    };
    Visit(&G.getEntry());
    for (const CFGBlock *B : G)
      if (isa_and_nonnull<CXXCatchStmt>(B->getLabel()))
        Visit(B);
    std::reverse(Post.begin(), Post.end());
    return Post;
  }

  static bool isBranch(const CFGBlock *B) {
    const Stmt *T = B->getTerminatorStmt();
    if (!T || B->succ_size() != 2)
      return false;
    if (const auto *Op = dyn_cast<BinaryOperator>(T))
      return Op->isLogicalOp();
    return isa<IfStmt, ForStmt, WhileStmt, DoStmt, CXXForRangeStmt,
               AbstractConditionalOperator>(T);
  }

  // The branch condition of B, evaluated where B ends.
  void leave(const CFGBlock *B, const State &S) {
    if (!isBranch(B))
      return;
    const Expr *C = B->getLastCondition();
    if (!C)
      return;
    W->Cond[B->getBlockID()] = FV.eval(C, S.Vars, 0);
    if (!W->Cond[B->getBlockID()].isConstant())
      W->CondLit[B->getBlockID()] = FV.atomFor(C);
  }

  // The state along the edge P -> its Index'th successor; none where the
  // edge cannot be taken.
  std::optional<State> edgeState(const CFGBlock *P, unsigned Index,
                                 bool Consume) {
    std::optional<State> &From = W->Out[P->getBlockID()];
    // The last successor to enter takes the state instead of a copy.
    auto Take = [&]() -> std::optional<State> {
      if (Consume && W->Pending[P->getBlockID()] == 1)
        return std::move(From);
      return From;
    };
    if (!From || !isBranch(P))
      return Take();
    const bool Taken = Index == 0;
    const SymbolicValue &C = W->Cond[P->getBlockID()];
    if (C.isConstant())
      return (C.Alternatives[0].Value != 0) == Taken ? Take() : std::nullopt;
    if (C.Known) {
      // Some value on some way here must send the branch this way.
      bool Feasible = false;
      for (const Alternative &A : C.Alternatives)
        for (const Guard &Way : From->Paths)
          Feasible |= (A.Value != 0) == Taken && conjoin(A.When, Way);
      if (!Feasible)
        return std::nullopt;
    }
    const std::optional<Literal> &L = W->CondLit[P->getBlockID()];
    if (!L)
      return Take();
    const Literal Cond{L->Atom, Taken == static_cast<bool>(L->Positive)};
    llvm::SmallVector<Guard, 2> Ways;
    for (const Guard &Way : From->Paths)
      if (std::optional<Guard> G = conjoin(Way, {Cond}))
        Ways.push_back(std::move(*G));
    if (Ways.empty())
      return std::nullopt; // contradicts the conditions taken on every way
    std::optional<State> S = Take();
    S->Paths = std::move(Ways);
    return S;
  }

  static Guard commonLiterals(llvm::ArrayRef<Guard> Ways) {
    Guard Out = Ways.empty() ? Guard() : Ways[0];
    for (const Guard &Way : Ways.drop_front())
      Out = Out.common(Way);
    return Out;
  }

  // A condition true on every way of A and false on every way of B.
  static std::optional<Literal> separating(llvm::ArrayRef<Guard> A,
                                           llvm::ArrayRef<Guard> B) {
    for (const Literal &X : A.front()) {
      const Literal NotX{X.Atom, !X.Positive};
      if (llvm::all_of(A, [&](const Guard &G) { return G.contains(X); }) &&
          llvm::all_of(B, [&](const Guard &G) { return G.contains(NotX); }))
        return X;
    }
    return std::nullopt;
  }

  // The ways of two states together, simplified: two ways that differ in
  // one condition are one way without it; a way that implies another is
  // dropped. Beyond eight ways, what they all share.
  static void unite(llvm::SmallVector<Guard, 2> &Into,
                    llvm::ArrayRef<Guard> Other) {
    Into.append(Other.begin(), Other.end());
    bool Changed = true;
    while (Changed) {
      Changed = false;
      for (unsigned I = 0; I < Into.size() && !Changed; ++I)
        for (unsigned J = 0; J < Into.size() && !Changed; ++J) {
          if (I == J)
            continue;
          if (Into[I].differsInOne(Into[J])) { // one condition taken both ways
            Into[I] = commonLiterals({Into[I], Into[J]});
            Into.erase(Into.begin() + J);
            Changed = true;
          } else if (Into[J].includes(Into[I])) {
            Into.erase(Into.begin() + J); // Into[J] implies Into[I]
            Changed = true;
          }
        }
    }
    if (Into.size() > 8)
      Into = {commonLiterals(Into)};
  }


  static void join(State &Into, const State &Other) {
    const std::optional<Literal> L = separating(Into.Paths, Other.Paths);
    Env &E = Into.Vars;
    const Env &O = Other.Vars;
    joinMaps(E.Locals, O.Locals, L);
    joinMaps(E.Fields, O.Fields, L);
    joinMaps(E.PtrType, O.PtrType, L);
    joinMaps(E.PtrWhere, O.PtrWhere, L);
    joinMaps(E.PtrSize, O.PtrSize, L);
    joinMaps(E.PtrOffset, O.PtrOffset, L);
    joinMaps(E.Objects, O.Objects, L);
    unite(Into.Paths, Other.Paths);
  }

  // The state on entry to B; Consume: B is being executed, and a
  // predecessor's state it is the last to need may be moved from.
  std::optional<State> entryState(const CFG &G, const CFGBlock *B,
                                  bool Consume) {
    if (B == &G.getEntry()) {
      State S;
      seedHandleModes(S.Vars);
      return S;
    }
    if (isa_and_nonnull<CXXCatchStmt>(B->getLabel()))
      return State(); // nothing known (a handler: wherever it was thrown)
    // The first way in is kept as it came, the others collected to be
    // joined (a State is moved at every step, and most blocks have one).
    std::optional<State> First;
    llvm::SmallVector<State, 2> Incoming;
    bool LoopHeader = false;
    for (const CFGBlock *P : B->preds()) {
      if (!P)
        continue;
      if (rank(P) >= rank(B)) {
        LoopHeader |= rank(P) != ~0u;
        continue; // a back edge: its writes are havocked below
      }
      unsigned Index = 0;
      for (const CFGBlock *S : P->succs()) {
        if (S == B)
          if (std::optional<State> E = edgeState(P, Index, Consume)) {
            if (!First)
              First = std::move(E);
            else
              Incoming.push_back(std::move(*E));
          }
        ++Index;
      }
    }
    if (!First)
      return std::nullopt;
    if (Incoming.empty()) {
      if (LoopHeader)
        havocLoop(B, First->Vars);
      return First;
    }
    Incoming.insert(Incoming.begin(), std::move(*First));
    // Join the paths that differ by one condition first (an else-if chain
    // ends in one block), then the rest.
    bool Merged = true;
    while (Incoming.size() > 1 && Merged && Incoming.size() <= 8) {
      Merged = false;
      for (unsigned I = 0; I < Incoming.size() && !Merged; ++I)
        for (unsigned J = I + 1; J < Incoming.size() && !Merged; ++J)
          if (Incoming[I].Paths.size() == 1 && Incoming[J].Paths.size() == 1 &&
              Incoming[I].Paths[0].differsInOne(Incoming[J].Paths[0])) {
            join(Incoming[I], Incoming[J]);
            Incoming.erase(Incoming.begin() + J);
            Merged = true;
          }
    }
    State In = std::move(Incoming[0]);
    for (unsigned I = 1; I < Incoming.size(); ++I)
      join(In, Incoming[I]);
    if (LoopHeader)
      havocLoop(B, In.Vars);
    return In;
  }

  // A loop's header: what any block of the loop writes is unknown.
  void havocLoop(const CFGBlock *Header, Env &E) {
    llvm::SmallPtrSet<const CFGBlock *, 16> Loop{Header};
    llvm::SmallVector<const CFGBlock *, 16> Work;
    for (const CFGBlock *P : Header->preds())
      if (P && rank(P) >= rank(Header) && rank(P) != ~0u)
        Work.push_back(P);
    while (!Work.empty()) {
      const CFGBlock *B = Work.pop_back_val();
      if (!Loop.insert(B).second)
        continue;
      for (const CFGBlock *P : B->preds())
        if (P)
          Work.push_back(P);
    }
    llvm::SmallPtrSet<const VarDecl *, 8> Written;
    for (const CFGBlock *B : Loop)
      for (const CFGElement &El : *B)
        if (std::optional<CFGStmt> CS = El.getAs<CFGStmt>())
          writesOf(CS->getStmt(), Written);
    havoc(Written, E);
  }

  void scanEscapes(const Stmt *S, llvm::SmallVectorImpl<const Expr *> &Addresses) {
    if (isa<GCCAsmStmt, MSAsmStmt>(S))
      Building->GaveUp = true;
    if (const auto *U = dyn_cast<UnaryOperator>(S)) {
      if (U->getOpcode() == UO_AddrOf)
        Addresses.push_back(U); // unless a setter receives it
      if (U->isIncrementDecrementOp())
        writeParam(U->getSubExpr());
    }
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp()) {
      writeParam(B->getLHS());
      // A copy of a handle can change its modes behind the analysis.
      if (const VarDecl *From = referencedVar(B->getRHS()))
        if (From->getType()->isPointerType())
          Building->Aliased[From] = true;
    }
    if (const auto *D = dyn_cast<DeclStmt>(S))
      for (const Decl *Dl : D->decls())
        if (const auto *V = dyn_cast<VarDecl>(Dl)) {
          if (V->getType()->isReferenceType() && V->getInit() &&
              !V->getType()->getPointeeType().isConstQualified())
            escape(V->getInit());
          if (const VarDecl *From = referencedVar(V->getInit()))
            if (From->getType()->isPointerType() &&
                !From->getType()->getPointeeType()->isVoidType())
              Building->Aliased[From] = true;
        }
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      const unsigned First = setterOf(Call) != Setter::None ? 1 : 0;
      for (unsigned I = First; I < Call->getNumArgs(); ++I) {
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
          // A const member function can still write a mutable field.
          if (!M->isConst() || (M->getParent() && M->getParent()->hasDefinition() &&
                                M->getParent()->hasMutableFields()))
            escape(Member->getImplicitObjectArgument());
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S))
      if (Op->getNumArgs() > 0)
        escape(Op->getArg(0));
    if (const auto *Lambda = dyn_cast<LambdaExpr>(S))
      for (const LambdaCapture &C : Lambda->captures())
        if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
          if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
            Building->Escapes[V] = true;
  }

  void escape(const Expr *E) {
    if (!E)
      return;
    if (const VarDecl *V = lvalueTarget(E).first)
      Building->Escapes[V] = true;
    else if (const VarDecl *V2 = referencedVar(E))
      Building->Escapes[V2] = true;
  }

  void writeParam(const Expr *E) {
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(lvalueTarget(E).first))
      Building->WrittenParams[P] = true;
  }

  bool tracked(const VarDecl *V) const {
    return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
           !F->Escapes.lookup(V) && !V->getType()->isReferenceType() &&
           (isTrackableType(V->getType()) ||
            (V->getType()->isPointerType() &&
             !V->getType().isVolatileQualified()));
  }

  void setPointer(const VarDecl *V, const PointerValue &P, Env &E) {
    E.PtrType[V] = P.Type;
    E.PtrWhere[V] = P.Where;
    E.PtrSize[V] = P.Size;
    E.PtrOffset[V] = P.Offset;
    // An object variable given another value is no longer followed.
    forgetObject(V, E);
  }

  // Whether transfer() can change anything for \p S.
  static bool hasEffects(const Stmt *S) {
    if (const auto *B = dyn_cast<BinaryOperator>(S))
      return B->isAssignmentOp();
    if (const auto *U = dyn_cast<UnaryOperator>(S))
      return U->isIncrementDecrementOp();
    return isa<DeclStmt, CallExpr, CXXConstructExpr>(S);
  }

  // What one element of the CFG does to the environment.
  void transfer(const Stmt *S, Env &E) {
    if (const auto *D = dyn_cast<DeclStmt>(S)) {
      for (const Decl *Dl : D->decls())
        if (const auto *V = dyn_cast<VarDecl>(Dl))
          declare(V, E);
      return;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(S)) {
      if (B->getOpcode() == BO_Assign) {
        assign(B->getLHS(), FV.eval(B->getRHS(), E, 0), B->getRHS(), E);
      } else if (B->isCompoundAssignmentOp()) {
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
      }
      return;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(S);
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
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
        Op && Op->isAssignmentOp()) {
      llvm::SmallPtrSet<const VarDecl *, 2> Written;
      writesOf(Op, Written);
      havoc(Written, E);
      return;
    }
    if (const auto *Call = dyn_cast<CallExpr>(S))
      callEffects(Call, E);
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(S))
      constructEffects(Construct, E);
  }

  // An object built from a handle (an RAII guard whose destructor sets the
  // mode back) may change it, then or at the end of its scope; one built
  // from anything but numbers and messages may reach a borrowed handle.
  void constructEffects(const CXXConstructExpr *Construct, Env &E) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (!Ctor || Ctor->isTrivial())
      return;
    if (std::as_const(E).Objects.get().empty())
      return; // (no object followed: the commonest case)
    for (const Expr *Arg : Construct->arguments())
      if (const VarDecl *H = objectVar(Arg); H && hasObject(H, E))
        forgetAttributes(H, E);
    if (!onlyNumbersAndMessages(Construct->arguments()))
      forgetBorrowed(E);
  }

  // cudaMalloc(&p, size) and its cast forms, cublasCreate(&h),
  // cublasSetPointerMode(h, m), and anything else that receives a handle.
  void callEffects(const CallExpr *Call, Env &E) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    const Setter Kind = setterOf(Call);
    // A handle this function did not create may be reached by another
    // name (the caller's, a structure's): a call that could reach it
    // could change it unseen.
    if (hasBorrowed(E) && !leavesHandlesAlone(Call))
      forgetBorrowed(E);
    if (const VarDecl *Pitch = pitchVar(Call); tracked(Pitch)) {
      SymbolicValue P; // a number of the run's, but known to be a pitch
      P.PitchFrom = Call;
      E.Locals[Pitch] = std::move(P);
    }
    if (Kind != Setter::None) {
      const VarDecl *V = allocatedVar(Call);
      if (!tracked(V))
        return;
      if (Kind == Setter::Object) {
        createObject(V, Call, objectCallOf(Callee), E);
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
      const llvm::StringRef Name = Callee->getName();
      // The byte count is the second argument, except where a pitch or
      // flags come first (cudaMallocPitch: width * height; cuMemAlloc: a
      // handle, not a pointer).
      if (Kind == Setter::Device && Call->getNumArgs() >= 2 &&
          Name != "cudaMallocPitch" && Name != "cudaGetSymbolAddress" &&
          Name != "cudaMallocFromPoolAsync")
        P.Size = FV.eval(Call->getArg(1), E, 0);
      if (Kind == Setter::Pinned || Kind == Setter::Managed)
        if (Call->getNumArgs() >= 2)
          P.Size = FV.eval(Call->getArg(1), E, 0);
      E.Locals.erase(V);
      setPointer(V, P, E);
      return;
    }
    // The objects the call receives.
    const ObjectCallInfo Info = objectCallOf(Callee);
    // *Init fills `&opaque` in place; through a pointer variable, the
    // structure it points to could be reached by another name: unknown.
    if (Info.What == ObjectCall::Init && Call->getNumArgs() > 0)
      if (const VarDecl *V = opaqueObject(Call->getArg(0)); V && tracked(V))
        return createObject(V, Call, Info, E);
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const VarDecl *H = objectVar(Call->getArg(I));
      if (H && I == 0 && Info.What == ObjectCall::Set && Info.Handle &&
          !hasObject(H, E))
        borrowHandle(H, E);
      // A helper that sets the modes of the handle it receives (and leaves
      // them so): what it sets, on a handle received here too.
      if (H && Info.What == ObjectCall::None && isHandleType(H->getType()) && !hasObject(H, E)) {
        borrowHandle(H, E);
        if (hasObject(H, E) && !inlineSetters(Call, I, H, E))
          forgetObject(H, E);
        continue;
      }
      if (!H || !hasObject(H, E))
        continue;
      if (I == 0 && Info.What == ObjectCall::Set)
        setAttribute(H, Call, Info, E, E);
      else if (I == 0 && Info.What == ObjectCall::Destroy)
        destroyObject(H, Call, E);
      else if (!keepsObjectState(Callee) && !inlineSetters(Call, I, H, E))
        forgetAttributes(H, E);
    }
  }

  // --- objects: handles and cuBLASLt descriptors, layouts, preferences ---

  // cublasSetPointerMode(handle, mode) on a handle this function received
  // (a parameter, a local copied from elsewhere): from here on its modes
  // are followed as set, marked borrowed, until a call that could reach it
  // by another name (forgetBorrowed) or a write to the variable.
  void borrowHandle(const VarDecl *V, Env &E) {
    if (!V->getType()->isPointerType() || V->getType().isVolatileQualified() ||
        !V->hasLocalStorage() || F->Escapes.lookup(V) || F->Aliased.lookup(V))
      return;
    E.Objects[{V, DestroyedAttribute}] = SymbolicValue::unknown();
    E.Objects[{V, HandlePointerMode}] = SymbolicValue::unknown();
    E.Objects[{V, HandleMathMode}] = SymbolicValue::unknown();
    E.Objects[{V, BorrowedAttribute}] = SymbolicValue::constant(1);
  }

  // The handles the callers pass, in the pointer modes they have there:
  // borrowed from the entry on.
  void seedHandleModes(Env &E) {
    for (const auto &[P, Mode] : FV.Params.HandleModes) {
      if (F->WrittenParams.lookup(P))
        continue;
      borrowHandle(P, E);
      if (hasObject(P, E))
        E.Objects[{P, HandlePointerMode}] = Mode;
    }
  }

  static bool hasBorrowed(const Env &E) {
    for (const auto &Entry : E.Objects)
      if (Entry.first.second == BorrowedAttribute)
        return true;
    return false;
  }

  static void forgetBorrowed(Env &E) {
    llvm::SmallVector<const VarDecl *, 2> Borrowed;
    for (const auto &[Key, Val] : std::as_const(E).Objects)
      if (Key.second == BorrowedAttribute)
        Borrowed.push_back(Key.first);
    for (const VarDecl *V : Borrowed)
      forgetObject(V, E);
  }

  static bool hasObject(const VarDecl *V, const Env &E) {
    auto It = E.Objects.lower_bound({V, INT64_MIN});
    return It != E.Objects.end() && It->first.first == V;
  }

  static void forgetObject(const VarDecl *V, Env &E) {
    if (!hasObject(V, E))
      return; // (a write would copy a shared map)
    E.Objects.erase(E.Objects.lower_bound({V, INT64_MIN}),
                    E.Objects.lower_bound({V, INT64_MAX}));
  }

  // Something the analysis does not follow received the object: its state
  // is unknown from here on, until it is created again.
  static void forgetAttributes(const VarDecl *V, Env &E) {
    if (!hasObject(V, E))
      return;
    for (auto It = E.Objects.lower_bound({V, INT64_MIN});
         It != E.Objects.end() && It->first.first == V; ++It)
      It->second = SymbolicValue::unknown();
  }

  // The name as the code spells it: cublas_v2.h's cublasCreate for
  // cublasCreate_v2.
  static std::string calleeName(const CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (!F || !F->getIdentifier())
      return "the call";
    llvm::StringRef Name = F->getName();
    if (Name.starts_with("cublas"))
      Name.consume_back("_v2");
    return Name.str();
  }

  // cublasCreate(&h), cublasLtMatmulDescCreate(&d, compute, scale),
  // cublasLtMatrixLayoutCreate(&l, type, rows, cols, ld),
  // cublasLtMatmulPreferenceCreate(&p) and the *Init forms: every attribute
  // at its default, the arguments as given.
  void createObject(const VarDecl *V, const CallExpr *Call,
                    const ObjectCallInfo &Info, Env &E) {
    forgetObject(V, E);
    if (F->Aliased.lookup(V))
      return; // a copy of it could be changed behind the analysis
    const std::string Name = calleeName(Call);
    const Origin Set{Call, "set by " + Name + " here"};
    E.Objects[{V, DestroyedAttribute}] = SymbolicValue::constant(0, Set);
    if (Info.Handle) {
      E.Objects[{V, HandlePointerMode}] = SymbolicValue::constant(0, Set);
      E.Objects[{V, HandleMathMode}] = SymbolicValue::constant(0, Set);
      return;
    }
    const lt::Object O = Info.Obj;
    const Origin Default{Call, "the default after " + Name + " here"};
    for (int64_t Id = 0; Id < lt::MaxAttributes; ++Id) {
      const lt::AttrInfo *A = lt::findAttribute(O, Id);
      if (A && A->UntilVersion == 0 && A->Default != lt::FromCreate)
        E.Objects[{V, Id}] = SymbolicValue::constant(A->Default, Default);
    }
    // The Create arguments, in the core's order (type, rows, cols, ld;
    // compute type, scale type).
    unsigned Arg = Info.FirstValue;
    for (int64_t Id : lt::createdAttributes(O)) {
      SymbolicValue Val = Arg < Call->getNumArgs()
                              ? FV.eval(Call->getArg(Arg), E, 0)
                              : SymbolicValue::unknown();
      for (Alternative &Alt : Val.Alternatives)
        Alt.From = {Call->getArg(Arg), Set.What};
      ++Arg;
      E.Objects[{V, Id}] = std::move(Val);
    }
  }

  void destroyObject(const VarDecl *V, const CallExpr *Call, Env &E) {
    forgetAttributes(V, E);
    E.Objects[{V, DestroyedAttribute}] =
        SymbolicValue::constant(1, {Call, "destroyed here"});
  }

  // cublasSetPointerMode(h, mode), cublasSetMathMode(h, mode), and
  // cublasLt*SetAttribute(obj, ATTR, &value, sizeof(value)), whose
  // arguments are evaluated in \p Args (the caller's environment, or a
  // setter wrapper's parameters); \p Site is the call notes name (the
  // wrapper's, where one is inlined).
  void setAttribute(const VarDecl *V, const CallExpr *Call,
                    const ObjectCallInfo &Info, Env &E, const Env &Args,
                    const CallExpr *Site = nullptr) {
    if (!Site)
      Site = Call;
    const Origin Set{Site, "set by " + calleeName(Site) + " here"};
    auto Store = [&](int64_t Id, SymbolicValue Val) {
      for (Alternative &Alt : Val.Alternatives)
        Alt.From = Set;
      E.Objects[{V, Id}] = std::move(Val);
    };
    if (Call->getNumArgs() != Info.NumArgs)
      return forgetAttributes(V, E);
    if (Info.Handle)
      return Store(Info.Sets, FV.eval(Call->getArg(1), Args, 0));
    const SymbolicValue Id = FV.eval(Call->getArg(AttrPos), Args, 0);
    if (!Id.isConstant())
      return forgetAttributes(V, E); // some attribute changed
    const lt::AttrInfo *Attr =
        lt::findAttribute(Info.Obj, Id.Alternatives[0].Value);
    if (!Attr)
      return; // cuBLASLt rejects the id and changes nothing
    Store(Attr->Id, attributeValue(*Attr, Call->getArg(BufPos),
                                   Call->getArg(SizePos), Args));
  }

  // What `buf` holds, read as the attribute's type: the value of the
  // variable `&value` names when `sizeInBytes` is the attribute's size and
  // the variable is an integer of that size; for a pointer attribute, the
  // made-up address of a whole allocation plus a known offset. Otherwise
  // unknown (gemm-attribute-encoding's findings, or a value not followed).
  SymbolicValue attributeValue(const lt::AttrInfo &Info, const Expr *Buf,
                               const Expr *Size, const Env &Args) {
    const int64_t Bytes = lt::attrTypeSize(Info.Type);
    const SymbolicValue N = FV.eval(Size, Args, 0);
    const auto *Addr = dyn_cast<UnaryOperator>(Buf->IgnoreParenCasts());
    if (!N.isConstant() || N.Alternatives[0].Value != Bytes || !Addr ||
        Addr->getOpcode() != UO_AddrOf)
      return SymbolicValue::unknown();
    const Expr *Object = Addr->getSubExpr();
    const QualType T = Object->getType();
    if (T.isNull() || T->isDependentType() || T->isIncompleteType() ||
        T->isFunctionType() || !T->isConstantSizeType() ||
        FV.Ctx.getTypeSizeInChars(T).getQuantity() != Bytes)
      return SymbolicValue::unknown();
    if (Info.Type == lt::AttrType::Pointer) {
      if (!T->isPointerType())
        return SymbolicValue::unknown();
      const PointerValue P = FV.evalPointer(Object, Args, 0);
      if (!P.Offset.isConstant() || !P.Where.Known)
        return SymbolicValue::unknown();
      return SymbolicValue::constant(AllocationBase +
                                     P.Offset.Alternatives[0].Value);
    }
    if (Info.Type == lt::AttrType::Float || !T->isIntegralOrEnumerationType())
      return SymbolicValue::unknown();
    SymbolicValue Val = FV.eval(Object, Args, 0);
    // As cuBLASLt reads the bytes: the attribute's width and signedness.
    const bool Signed = Info.Type == lt::AttrType::Int8 ||
                        Info.Type == lt::AttrType::Int32 ||
                        Info.Type == lt::AttrType::Int64;
    for (Alternative &Alt : Val.Alternatives) {
      if (Bytes == 8)
        continue;
      const unsigned Bits = 8 * Bytes;
      const uint64_t Mask = (uint64_t{1} << Bits) - 1;
      uint64_t U = static_cast<uint64_t>(Alt.Value) & Mask;
      if (Signed && (U >> (Bits - 1)) & 1)
        U |= ~Mask;
      Alt.Value = static_cast<int64_t>(U);
    }
    return Val;
  }

  // A function of the file that only passes its object parameter to
  // attribute setters (`template <class T> void setAttribute(
  // cublasLtMatmulDesc_t d, cublasLtMatmulDescAttributes_t a, const T v)`):
  // its setters, with its parameters bound to this call's arguments.
  bool inlineSetters(const CallExpr *Call, unsigned I, const VarDecl *V,
                     Env &E) {
    const FunctionDecl *Def = nullptr;
    const CompoundStmt *Body = inlinableBody(Call, Def);
    if (!Body || Body->size() > 8)
      return false;
    const ParmVarDecl *Object = Def->getParamDecl(I);
    llvm::SmallVector<std::pair<const CallExpr *, ObjectCallInfo>, 8> Setters;
    for (const Stmt *S : Body->body()) {
      if (const auto *Return = dyn_cast<ReturnStmt>(S))
        S = Return->getRetValue();
      const auto *Ex = dyn_cast_or_null<Expr>(S);
      const auto *Set = dyn_cast_or_null<CallExpr>(
          Ex ? Ex->IgnoreUnlessSpelledInSource() : nullptr);
      // A status check around the setter: `check(cublasLt...SetAttribute(...))`.
      if (Set && objectCallOf(Set->getDirectCallee()).What == ObjectCall::None &&
          Set->getNumArgs() == 1)
        Set = dyn_cast<CallExpr>(Set->getArg(0)->IgnoreUnlessSpelledInSource());
      if (!Set)
        return false;
      const ObjectCallInfo Info = objectCallOf(Set->getDirectCallee());
      // cuBLAS's own calls between the setters change no object
      // (`cublasSnrm2(h, n, x, 1, result)` after device mode).
      if (Info.What == ObjectCall::None && keepsObjectState(Set->getDirectCallee()))
        continue;
      if (Info.What != ObjectCall::Set || Set->getNumArgs() == 0 ||
          referencedVar(Set->getArg(0)) != Object)
        return false;
      Setters.push_back({Set, Info});
    }
    if (Setters.empty())
      return false;
    Env Inner;
    for (unsigned J = 0; J < Def->getNumParams(); ++J) {
      const ParmVarDecl *P = Def->getParamDecl(J);
      if (P->getType()->isPointerType())
        Inner.callee().Pointers[P] = FV.evalPointer(Call->getArg(J), E, 0);
      else
        Inner.callee().Params[P] = FV.eval(Call->getArg(J), E, 0);
    }
    for (const auto &[Set, Info] : Setters)
      setAttribute(V, Set, Info, E, Inner, Call);
    return true;
  }

  void declare(const VarDecl *V, Env &E) {
    if (!tracked(V))
      return;
    const Expr *Init = V->getInit();
    if (V->getType()->isPointerType()) {
      setPointer(V, Init ? FV.evalPointer(Init, E, 0) : PointerValue(), E);
      return;
    }
    if (!V->getType()->isRecordType()) {
      if (Init) {
        SymbolicValue Val = FV.eval(Init, E, 0);
        OriginText Text;
        for (Alternative &A : Val.Alternatives)
          if (!A.From.At || A.From.At == Init->IgnoreParenImpCasts() ||
              A.From.What.empty()) {
            if (Text.empty())
              Text = OriginText::quoting("the value of", V->getName());
            A.From = {Init, Text};
          }
        E.Locals[V] = std::move(Val);
      } else {
        E.Locals[V] = SymbolicValue::unknown(); // indeterminate
      }
      return;
    }
    declareRecord(V, E);
  }

  static bool modelledField(const FieldDecl *F) {
    return !F->isBitField() && F->getType()->isIntegralOrEnumerationType();
  }

  void setField(const VarDecl *V, const FieldDecl *F, SymbolicValue Val,
                const Expr *At, llvm::StringRef What, Env &E) {
    if (!Val.Alternatives.empty()) {
      llvm::SmallString<96> Text(What);
      Text += " of '";
      Text += V->getName();
      Text += ".";
      Text += F->getName();
      Text += "'";
      const OriginText From(Text.str());
      for (Alternative &A : Val.Alternatives)
        A.From = {At, From};
    }
    E.Fields[{V, F}] = std::move(Val);
  }

  void forgetFields(const VarDecl *V, Env &E) {
    const auto &Fields = std::as_const(E.Fields);
    auto First = Fields.lower_bound({V, nullptr});
    if (First == Fields.end() || First->first.first != V)
      return; // none: no copy of a shared map to write
    for (auto It = E.Fields.begin(); It != E.Fields.end();)
      It = It->first.first == V ? E.Fields.erase(It) : std::next(It);
  }

  // `T t = s;`: t holds what s holds.
  void copyFields(const VarDecl *To, const Expr *From, Env &E) {
    forgetFields(To, E);
    const VarDecl *Source = referencedVar(From);
    if (!Source || !tracked(Source) ||
        Source->getType().getCanonicalType().getUnqualifiedType() !=
            To->getType().getCanonicalType().getUnqualifiedType())
      return;
    std::vector<std::pair<const FieldDecl *, SymbolicValue>> Copied;
    for (const auto &[K, Val] : E.Fields)
      if (K.first == Source)
        Copied.push_back({K.second, Val});
    for (auto &[F, Val] : Copied)
      E.Fields[{To, F}] = std::move(Val);
  }

  // The fields of what a function whose body is `return Plan{...};` (or
  // `return {...};`) returns: each initializer evaluated with the
  // parameters bound to the call's arguments, a structure argument's
  // fields included (`Shape{64, 8}`, a local's). Unknown otherwise.
  void returnedFields(const VarDecl *V, const RecordDecl *RD, const CallExpr *Call,
                      Env &E) {
    const Expr *Ret = nullptr;
    const FunctionDecl *Def = singleReturn(Call, Ret);
    if (!Def || Call->getNumArgs() != Def->getNumParams())
      return;
    const auto *List = dyn_cast<InitListExpr>(aggregateOf(Ret));
    if (!List || (!List->isSemanticForm() && !List->getSemanticForm()))
      return;
    List = List->isSemanticForm() ? List : List->getSemanticForm();
    if (const auto *Class = dyn_cast<CXXRecordDecl>(RD); Class && Class->getNumBases() > 0)
      return;
    Env Inner;
    for (unsigned I = 0; I < Def->getNumParams(); ++I) {
      const ParmVarDecl *P = Def->getParamDecl(I);
      if (P->getType()->isIntegralOrEnumerationType())
        Inner.callee().Params[P] = FV.eval(Call->getArg(I), E, 0);
      else if (P->getType()->isRecordType())
        bindRecordArgument(P, Call->getArg(I), Inner, E);
    }
    unsigned I = 0;
    for (const FieldDecl *F : RD->fields()) {
      if (F->isBitField() && !F->getIdentifier())
        continue;
      if (I < List->getNumInits() && modelledField(F)) {
        SymbolicValue Val = FV.eval(List->getInit(I), Inner, 0);
        Val.NeedsParams.clear(); // (the callee's parameters are bound here)
        const OriginText From("'" + V->getName().str() + "." + F->getName().str() +
                              "' as '" + Def->getNameAsString() + "' returns it");
        for (Alternative &A : Val.Alternatives)
          A.From = {Call, From};
        E.Fields[{V, F}] = std::move(Val);
      }
      ++I;
    }
  }

  // `Plan{...}`, `{...}`, a copy of either: the initializer list.
  static const Expr *aggregateOf(const Expr *E) {
    E = E ? E->IgnoreImplicit() : nullptr;
    if (const auto *Cast = dyn_cast_or_null<CXXFunctionalCastExpr>(E))
      E = Cast->getSubExpr()->IgnoreImplicit();
    if (const auto *Copy = dyn_cast_or_null<CXXConstructExpr>(E);
        Copy && Copy->getNumArgs() == 1 && Copy->getConstructor() &&
        Copy->getConstructor()->isCopyOrMoveConstructor())
      return aggregateOf(Copy->getArg(0));
    return E;
  }

  // A structure argument's fields, as parameter P's in Inner.
  void bindRecordArgument(const ParmVarDecl *P, const Expr *Arg, Env &Inner, const Env &E) {
    const auto *RD = P->getType()->getAsRecordDecl();
    if (!RD || RD->isUnion())
      return;
    const Expr *A = aggregateOf(Arg);
    if (const auto *List = dyn_cast_or_null<InitListExpr>(A)) {
      List = List->isSemanticForm() ? List : List->getSemanticForm();
      if (!List)
        return;
      unsigned I = 0;
      for (const FieldDecl *F : RD->fields()) {
        if (F->isBitField() && !F->getIdentifier())
          continue;
        if (I < List->getNumInits() && modelledField(F))
          Inner.Fields[{P, F}] = FV.eval(List->getInit(I), E, 0);
        ++I;
      }
      return;
    }
    if (const VarDecl *Source = referencedVar(A); Source && tracked(Source))
      for (const auto &[K, Val] : E.Fields)
        if (K.first == Source)
          Inner.Fields[{P, K.second}] = Val;
  }

  void declareRecord(const VarDecl *V, Env &E) {
    forgetFields(V, E);
    const auto *RD = V->getType()->getAsRecordDecl();
    if (!RD || !RD->getDefinition() || RD->isUnion())
      return; // a union's members share their bytes
    const Expr *Init = V->getInit() ? V->getInit()->IgnoreImplicit() : nullptr;
    // Aggregate and designated initialisers.
    if (const auto *List = dyn_cast_or_null<InitListExpr>(Init)) {
      if (List->isSemanticForm() || List->getSemanticForm())
        List = List->isSemanticForm() ? List : List->getSemanticForm();
      // A C++17 aggregate with bases initialises them first.
      if (const auto *Class = dyn_cast<CXXRecordDecl>(RD);
          Class && Class->getNumBases() > 0)
        return;
      unsigned I = 0;
      for (const FieldDecl *F : RD->fields()) {
        if (F->isBitField() && !F->getIdentifier())
          continue; // an unnamed bit-field takes no initializer
        if (I < List->getNumInits() && modelledField(F))
          setField(V, F, FV.eval(List->getInit(I), E, 0), List->getInit(I),
                   "the initializer", E);
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
          if (I < R.Val.getStructNumFields() && modelledField(F) &&
              R.Val.getStructField(I).isInt())
            setField(V, F,
                     SymbolicValue::constant(
                         R.Val.getStructField(I).getInt().getExtValue()),
                     Init, "the initializer", E);
          ++I;
        }
        return;
      }
    }
    // `Plan p = plan(a, b);` where plan only returns an aggregate.
    if (const auto *Call = dyn_cast_or_null<CallExpr>(Init)) {
      returnedFields(V, RD, Call, E);
      return;
    }
    const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
    const CXXConstructorDecl *Ctor =
        Construct ? Construct->getConstructor() : nullptr;
    if (Init && !Construct) {
      copyFields(V, Init, E); // C: `struct shape t = s;`
      return;
    }
    if (Ctor && Ctor->isCopyOrMoveConstructor()) {
      if (Ctor->isTrivial() && Construct->getNumArgs() == 1)
        copyFields(V, Construct->getArg(0)->IgnoreImplicit(), E);
      return;
    }
    // Default initialization: the default member initialisers hold. A
    // constructor whose body is empty: its member initialisers, with its
    // parameters bound to the arguments.
    Env Inner;
    llvm::DenseMap<const FieldDecl *, const Expr *> MemberInits;
    if (Ctor && !(Ctor->isDefaultConstructor() && Ctor->isDefaulted())) {
      const FunctionDecl *Def = nullptr;
      if (!Ctor->hasBody(Def) || !Def)
        return;
      const auto *CtorDef = cast<CXXConstructorDecl>(Def);
      const auto *Body = dyn_cast_or_null<CompoundStmt>(CtorDef->getBody());
      if (!Body || !Body->body_empty() ||
          CtorDef->getNumParams() != Construct->getNumArgs())
        return;
      for (const CXXCtorInitializer *CI : CtorDef->inits()) {
        if (!CI->isMemberInitializer())
          return; // a base or delegated constructor: not followed
        MemberInits[CI->getMember()] = CI->getInit();
      }
      for (unsigned I = 0; I < CtorDef->getNumParams(); ++I)
        Inner.callee().Params[CtorDef->getParamDecl(I)] =
            FV.eval(Construct->getArg(I), E, 0);
    }
    for (const FieldDecl *F : RD->fields()) {
      if (!modelledField(F))
        continue;
      if (const Expr *MI = MemberInits.lookup(F)) {
        if (!isa<CXXDefaultInitExpr>(MI)) {
          setField(V, F, FV.eval(MI, Inner, 0), Init, "the initializer", E);
          continue;
        }
      }
      if (const Expr *Default = F->getInClassInitializer()) {
        SymbolicValue Val = FV.eval(Default, E, 0);
        for (Alternative &A : Val.Alternatives)
          A.From = {Default, "the default member initializer of '" +
                                 F->getName().str() + "'"};
        E.Fields[{V, F}] = Val;
      }
    }
  }

  void assign(const Expr *LHS, SymbolicValue Val, const Expr *At, Env &E) {
    auto [V, F] = lvalueTarget(LHS);
    if (!tracked(V)) {
      if (V && !F)
        forgetObject(V, E); // a borrowed handle's variable given another one
      return;
    }
    if (!F && V->getType()->isPointerType()) {
      setPointer(V, At ? FV.evalPointer(At, E, 0) : PointerValue(), E);
      return;
    }
    if (!F && V->getType()->isRecordType()) {
      copyFields(V, At ? At->IgnoreImplicit() : nullptr, E); // C struct copy
      return;
    }
    if (F && (!modelledField(F) || F->getParent()->isUnion())) {
      forgetFields(V, E);
      return;
    }
    for (Alternative &A : Val.Alternatives)
      A.From = {At, "assigned to '" +
                        (F ? V->getName().str() + "." + F->getName().str()
                           : V->getName().str()) +
                        "' here"};
    if (F)
      E.Fields[{V, F}] = Val;
    else
      E.Locals[V] = Val;
  }

  void havoc(const llvm::SmallPtrSetImpl<const VarDecl *> &Written, Env &E) {
    for (const VarDecl *V : Written) {
      if (E.Locals.count(V))
        E.Locals[V] = SymbolicValue::unknown();
      for (auto *Map : {&E.PtrType, &E.PtrWhere, &E.PtrSize, &E.PtrOffset})
        if (Map->count(V))
          (*Map)[V] = SymbolicValue::unknown();
      for (auto It = E.Objects.lower_bound({V, INT64_MIN});
           It != E.Objects.end() && It->first.first == V; ++It)
        It->second = SymbolicValue::unknown();
      for (auto &[K, Val] : E.Fields)
        if (K.first == V)
          Val = SymbolicValue::unknown();
    }
  }
};

// --- the analysis -----------------------------------------------------------------

FunctionValues::FunctionValues(ASTContext &Ctx, const FunctionDecl *Fn,
                               const CallExpr *Target, std::vector<AtomInfo> &Atoms,
                               Bindings Params)
    : Ctx(Ctx), Fn(Fn), Atoms(Atoms), Params(std::move(Params)) {
  Stmt *Body = Fn ? Fn->getBody() : nullptr;
  FunctionEntry *Entry = Body && Target ? &entryOf(Fn, Body, Ctx) : nullptr;
  if (!Entry) {
    GaveUp = true;
    return;
  }
  Walker W(*this);
  if (Entry->StraightTarget == Target) {
    W.runStraight(cast<CompoundStmt>(Body), *Entry, Target);
    return;
  }
  const CFG *Graph = graphOf(*Entry, Fn, Ctx);
  if (!Graph) {
    GaveUp = true;
    return;
  }
  W.run(*Graph, *Entry, Target);
  if (!AtTarget && !Dead)
    GaveUp = true;
}

FunctionValues::~FunctionValues() = default;

SymbolicValue FunctionValues::evaluate(const Expr *E) {
  if (Dead)
    return SymbolicValue::unknown();
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
      return !(Known && Known->WrittenParams.lookup(P));
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
  // The same branch seen again (a loop) is the same atom.
  if (auto It = ConditionAtoms.find(Cond); It != ConditionAtoms.end())
    return It->second;
  // Conditions on values nothing can change are one atom wherever they
  // appear; any other condition is an atom of its own, uncorrelated.
  unsigned Hash = 0;
  if (stableCondition(Cond)) {
    // A variable or parameter alone (`if (trans)`, the commonest) is the
    // same condition as another read of it: no need to profile either.
    const auto *Read = dyn_cast<DeclRefExpr>(Cond);
    const Decl *Var = Read ? Read->getDecl()->getCanonicalDecl() : nullptr;
    llvm::FoldingSetNodeID ID;
    if (Var) {
      Hash = static_cast<unsigned>(llvm::hash_value(Var)) | 1; // never 0
    } else {
      Cond->Profile(ID, Ctx, /*Canonical=*/true);
      Hash = ID.ComputeHash() | 1;
    }
    for (unsigned I = 0; I < Atoms.size(); ++I) {
      if (Atoms[I].StableHash != Hash)
        continue;
      const auto *OtherRead = dyn_cast<DeclRefExpr>(Atoms[I].Cond);
      bool Same;
      if (Var || OtherRead) {
        Same = Var && OtherRead &&
               OtherRead->getDecl()->getCanonicalDecl() == Var;
      } else {
        llvm::FoldingSetNodeID Other;
        Atoms[I].Cond->Profile(Other, Ctx, true);
        Same = Other == ID;
      }
      if (Same)
        return ConditionAtoms[Cond] = Literal{I, true};
    }
  }
  // Conditions beyond the first 64 of a function are not tracked (more
  // than six already make the arguments be judged path by path, not per
  // assignment; the atoms still prune paths that cannot be taken).
  if (Atoms.size() >= MaxAtoms)
    return std::nullopt;
  Atoms.push_back({Cond, &Ctx, Hash});
  const Literal L{static_cast<unsigned>(Atoms.size() - 1), true};
  ConditionAtoms[Cond] = L;
  return L;
}

SymbolicValue FunctionValues::evalVar(const VarDecl *V, const Env &Vars,
                                      unsigned Depth) {
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    if (Vars.Callee)
      if (auto It = Vars.Callee->Params.find(P); It != Vars.Callee->Params.end())
        return It->second;
    if (Known && Known->WrittenParams.lookup(P))
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
  // A function-scope static is initialised once, by whichever call came
  // first: only a constant initializer (folded by eval) says its value.
  if (V->isStaticLocal())
    return SymbolicValue::unknown();
  // A const variable whose initializer is not a constant expression but
  // can be followed (`const int ld = t ? k : m;` at namespace scope).
  if (V->getType().isConstQualified() && !V->getType().isVolatileQualified() &&
      !V->hasLocalStorage() && V->getInit() && Depth < MaxDepth) {
    SymbolicValue Val = eval(V->getInit(), Env(), Depth + 1);
    const OriginText Text = OriginText::quoting("the value of", V->getName());
    for (Alternative &A : Val.Alternatives)
      A.From = {V->getInit(), Text};
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
  const Expr *Ret = nullptr;
  const FunctionDecl *Def = singleReturn(Call, Ret);
  if (!Def)
    return SymbolicValue::unknown();
  Env Inner;
  for (unsigned I = 0; I < Def->getNumParams(); ++I)
    Inner.callee().Params[Def->getParamDecl(I)] =
        eval(Call->getArg(I), Vars, Depth + 1);
  SymbolicValue V = eval(Ret, Inner, Depth + 1);
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
  // A template argument in an instantiation (`int ld = Ld;`): its value.
  if (const auto *Subst = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return eval(Subst->getReplacement(), Vars, Depth + 1);
  // Literals and enumerators, the commonest arguments, need no evaluator
  // (the implicit conversions above them are the casts below).
  if (const auto *Literal = dyn_cast<IntegerLiteral>(E))
    return SymbolicValue::constant(
        integerAsReceived(llvm::APSInt(
            Literal->getValue(), Literal->getType()->isUnsignedIntegerType())),
        {E, ""});
  // An expression that must read a variable neither const nor constexpr,
  // or call a function that is not constexpr, never folds: spare the
  // constant evaluator (it is most of what arguments and branch conditions
  // cost).
  const Expr *Bare = E->IgnoreParenImpCasts();
  const auto *Read = dyn_cast<DeclRefExpr>(Bare);
  const bool Trivial =
      isa<IntegerLiteral>(Bare) ||
      (Read && isa<EnumConstantDecl>(Read->getDecl()));
  if (E->getType()->isIntegralOrEnumerationType() && !Trivial &&
      !cannotFold(E, 0)) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx)) {
      return SymbolicValue::constant(integerAsReceived(R.Val.getInt()), {E, ""});
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
      // A pitch read or converted to another integer type is still one.
      if (Cast->getCastKind() != CK_LValueToRValue &&
          Cast->getCastKind() != CK_NoOp && Cast->getCastKind() != CK_IntegralCast)
        V.PitchFrom = nullptr;
      return V;
    }
    default:
      return SymbolicValue::unknown();
    }
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *EC = dyn_cast<EnumConstantDecl>(Ref->getDecl()))
      return SymbolicValue::constant(integerAsReceived(EC->getInitVal()),
                                     {E, ""});
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
      if (const auto *P = dyn_cast<ParmVarDecl>(V))
        return paramField(P, F);
    }
    return SymbolicValue::unknown();
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    SymbolicValue V = eval(U->getSubExpr(), Vars, Depth + 1);
    V.PitchFrom = nullptr; // -pitch is no pitch
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
    if (!L.Known || !R.Known)
      return unknownOf({&L, &R});
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
    if (!Ok || Out.Alternatives.size() > MaxAlternatives)
      return unknownOf({&Cond, &T, &F});
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
  if (!E || E->isValueDependent() || E->isTypeDependent() || E->containsErrors())
    return Out;
  E = E->IgnoreParens();
  // Implicit conversions that leave the pointer as it is (the read of a
  // variable, const added, a derived-to-base step), the commonest layers
  // of an argument: nothing to do on the way back out of them.
  while (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    const CastKind Kind = Cast->getCastKind();
    if (Kind != CK_NoOp && Kind != CK_BitCast && Kind != CK_LValueToRValue &&
        Kind != CK_UncheckedDerivedToBase && Kind != CK_DerivedToBase)
      break;
    E = Cast->getSubExpr()->IgnoreParens();
    ++Depth;
  }
  if (Depth > MaxDepth)
    return Out;
  constexpr int64_t Pageable = 1, Device = 3; // gemm::rules::Residency
  auto TypeOf = [&](QualType T, const Expr *At) {
    const int64_t Code = dataTypeCode(T, Ctx);
    return Code >= 0 ? SymbolicValue::constant(Code, {At, ""})
                     : SymbolicValue::unknown();
  };
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E)) {
    Out = evalPointer(Cleanups->getSubExpr(), Vars, Depth + 1);
    return Out;
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_NoOp: case CK_BitCast: case CK_LValueToRValue:
    case CK_ArrayToPointerDecay: case CK_UncheckedDerivedToBase:
    case CK_DerivedToBase: {
      // Through (const void *), static_cast and reinterpret_cast to the
      // object the pointer was taken from.
      PointerValue &Inner = Out;
      Inner = evalPointer(Cast->getSubExpr(), Vars, Depth + 1);
      // A pointer cast from one object type to another says the bytes are
      // read as the new type: a byte workspace viewed as T *, a complex
      // scalar kept as float[2] passed as cuComplex *. What they hold is
      // not known.
      if (isa<ExplicitCastExpr>(Cast) && Cast->getType()->isPointerType() &&
          Cast->getSubExpr()->getType()->isPointerType()) {
        const QualType To = Cast->getType()->getPointeeType();
        const QualType From = Cast->getSubExpr()->getType()->getPointeeType();
        if (!To->isVoidType() && !From->isVoidType() &&
            To.getCanonicalType().getUnqualifiedType() !=
                From.getCanonicalType().getUnqualifiedType()) {
          // float, double, __half, __nv_bfloat16 behind a cast to another.
          auto Floating = [](int64_t T) {
            return T == rules::dt::R_32F || T == rules::dt::R_64F ||
                   T == rules::dt::R_16F || T == rules::dt::R_16BF;
          };
          if (Inner.Type.isConstant() && Floating(Inner.Type.Alternatives[0].Value) &&
              Floating(dataTypeCode(To, Ctx)) && !Inner.Count.Known)
            Inner.CastFrom = Inner.Type;
          Inner.Type = SymbolicValue::unknown();
          Inner.IsZero = SymbolicValue::unknown();
        }
      }
      if (!Inner.Type.Known && Cast->getCastKind() == CK_ArrayToPointerDecay)
        if (const auto *AT = Ctx.getAsArrayType(Cast->getSubExpr()->getType())) {
          Inner.Type = TypeOf(AT->getElementType(), Cast);
          // `const float alpha[2] = {1, 0}` holds a cuComplex.
          if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
            Inner.Count = SymbolicValue::constant(
                static_cast<int64_t>(CAT->getSize().getLimitedValue(INT64_MAX)), {Cast, ""});
        }
      return Out;
    }
    case CK_IntegralToPointer: {
      // cuMemAlloc's CUdeviceptr, cast to a typed pointer: where it lives.
      PointerValue Inner = evalPointer(Cast->getSubExpr(), Vars, Depth + 1);
      Out.Where = Inner.Where;
      return Out;
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
    if (Object->getType()->isPointerType())
      Out.ToPointer = SymbolicValue::constant(1, {U, ""});
    // `const float beta = 1; &beta`: whether the scalar is zero.
    if (const VarDecl *V = referencedVar(Object))
      if (V->getType().isConstQualified() && V->getInit() &&
          !V->getType().isVolatileQualified())
        if (std::optional<bool> Zero = isZeroScalar(V->getInit(), Ctx))
          Out.IsZero = SymbolicValue::constant(*Zero, {U, ""});
    const Expr *Base = Object;
    while (const auto *Sub = dyn_cast<ArraySubscriptExpr>(Base))
      Base = Sub->getBase()->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Base))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl())) {
        if (V->hasAttr<CUDADeviceAttr>() || V->hasAttr<CUDAConstantAttr>())
          Out.Where = SymbolicValue::constant(Device, {U, "a __device__ variable"});
        else if (!V->getType()->isReferenceType() && Base == Object)
          Out.Where = SymbolicValue::constant(
              Pageable, {U, OriginText::quoting("the address of", V->getName())});
        else if (!V->getType()->isReferenceType() && !V->getType()->isPointerType())
          Out.Where = SymbolicValue::constant(
              Pageable, {U, OriginText::quoting("an element of", V->getName())});
      }
    return Out;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V)
      return Out;
    auto Find = [&](const SharedMap<const VarDecl *> &M) {
      auto It = M.find(V);
      return It == M.end() ? SymbolicValue::unknown() : It->second;
    };
    if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
      if (Vars.Callee)
        if (auto Bound = Vars.Callee->Pointers.find(P);
            Bound != Vars.Callee->Pointers.end()) {
          Out = Bound->second;
          return Out;
        }
    }
    if (Vars.PtrWhere.count(V) || Vars.PtrType.count(V)) {
      // A local followed from its initialiser: what that says, and nothing
      // more (`T *p = (T *)workspace;` has an unknown origin).
      Out.Type = Find(Vars.PtrType);
      Out.Where = Find(Vars.PtrWhere);
      Out.Size = Find(Vars.PtrSize);
      Out.Offset = Find(Vars.PtrOffset);
      return Out;
    }
    // A local the walk did not follow (its address escaped, or the walk
    // gave up) may hold anything its declared type allows.
    if (V->hasLocalStorage() && !isa<ParmVarDecl>(V))
      return Out;
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
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == BO_Comma) {
    Out = evalPointer(B->getRHS(), Vars, Depth + 1);
    return Out;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    const llvm::StringRef Name =
        Callee && Callee->getIdentifier() ? Callee->getName() : "";
    // A function whose body returns one expression (an identity function,
    // a trait's `static T *get() { return &global; }`): what it returns.
    const Expr *Ret = nullptr;
    if (const FunctionDecl *Def = singleReturn(Call, Ret)) {
      Env Inner;
      for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
        const ParmVarDecl *P = Def->getParamDecl(I);
        if (P->getType()->isPointerType())
          Inner.callee().Pointers[P] = evalPointer(Call->getArg(I), Vars, Depth + 1);
        else
          Inner.callee().Params[P] = eval(Call->getArg(I), Vars, Depth + 1);
      }
      Out = evalPointer(Ret, Inner, Depth + 1);
      return Out;
    }
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
    PointerValue &P = Out;
    P = evalPointer(Ptr, Vars, Depth + 1);
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
    return Out;
  }
  if (E->getType()->isPointerType())
    Out.Type = TypeOf(E->getType()->getPointeeType(), E);
  return Out;
}

FunctionValues::PointerValue FunctionValues::evaluatePointer(const Expr *E) {
  if (Dead)
    return PointerValue();
  if (GaveUp || !AtTarget)
    return evalPointer(E, Env(), 0);
  return evalPointer(E, *AtTarget, 0);
}

SymbolicValue FunctionValues::evaluateAttribute(const Expr *E, int64_t Id) {
  if (GaveUp || Dead || !AtTarget)
    return SymbolicValue::unknown();
  const Env &At = *AtTarget; // (a read: no copy of a shared map)
  if (At.Objects.get().empty())
    return SymbolicValue::unknown(); // no object created here
  const VarDecl *V = objectVar(E);
  if (!V || Known->Aliased.lookup(V))
    return SymbolicValue::unknown();
  auto It = At.Objects.find({V, Id});
  return It == At.Objects.end() ? SymbolicValue::unknown() : It->second;
}

// Field F of this function's structure parameter P: what its callers bound
// (the caller's object, unchanged here: P is never written and, by const
// reference, nothing but P names it here), else unknown until they do.
SymbolicValue FunctionValues::paramField(const ParmVarDecl *P, const FieldDecl *F) {
  const QualType T = P->getType();
  const bool ByConstRef = T->isReferenceType() && T.getNonReferenceType().isConstQualified();
  if (P->getDeclContext() != Fn || (T->isReferenceType() && !ByConstRef) ||
      !T.getNonReferenceType()->isRecordType() || F->isBitField() ||
      F->getParent()->isUnion() || (Known && Known->WrittenParams.lookup(P)))
    return SymbolicValue::unknown();
  auto It = Params.FieldValues.find({P, F});
  if (It != Params.FieldValues.end())
    return It->second;
  SymbolicValue U;
  U.NeedsParams.push_back(P);
  return U;
}

SymbolicValue FunctionValues::evaluateField(const Expr *Base, const FieldDecl *F) {
  if (Dead || !Base)
    return SymbolicValue::unknown();
  Base = Base->IgnoreParenImpCasts();
  // A structure passed by value: the copy of the caller's object.
  if (const auto *Copy = dyn_cast<CXXConstructExpr>(Base);
      Copy && Copy->getNumArgs() == 1 && Copy->getConstructor() &&
      Copy->getConstructor()->isCopyOrMoveConstructor())
    Base = Copy->getArg(0)->IgnoreParenImpCasts();
  const VarDecl *V = referencedVar(Base);
  if (!V || !F)
    return SymbolicValue::unknown();
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    SymbolicValue Out = paramField(P, F);
    return Out.Known ? Out : SymbolicValue::unknown();
  }
  if (GaveUp || !AtTarget)
    return SymbolicValue::unknown();
  auto It = AtTarget->Fields.find({V, F});
  return It == AtTarget->Fields.end() ? SymbolicValue::unknown() : It->second;
}

FunctionValues::HandleValue FunctionValues::evaluateHandle(const Expr *E) {
  return {evaluateAttribute(E, HandlePointerMode),
          evaluateAttribute(E, HandleMathMode)};
}

} // namespace clang::tidy::gemm
