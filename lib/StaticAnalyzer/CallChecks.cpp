//===--- CallChecks.cpp - gemm-tidy --------------------------------------===//
//
// The checks: at each call of the GEMM family, cublasLtMatmul and the
// cuBLASLt attribute functions, the arguments' values on the path go to the
// rules core, and each finding goes to report() (ReportPolicy.cpp), under its
// category's checker and in the rules core's words. An argument counts only
// where its SVal is a concrete constant on the path (the report policy,
// docs/deep.md); a pointer argument also says what the memory it points to
// holds and where that memory lies.
//
//===----------------------------------------------------------------------===//

#include "AnalyzerCompat.h"
#include "GemmChecker.h"
#include "ModelState.h"
#include "Models/LibraryVersion.h"
#include "gemm/rules/check.h"
#include "gemm/rules/lt_check.h"

#include "clang/Lex/Lexer.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h"
#include "llvm/ADT/STLExtras.h"
#include <optional>

namespace clang::ento::gemm {

using rules::Role;

// --- the values at a call ------------------------------------------------------

namespace {

/// An address for an allocation, made up: a distinct 2^40-byte window per
/// allocation symbol, aligned as CUDA's allocators align (256 bytes and
/// more), so that offsets, extents and overlaps can be computed.
int64_t madeUpBase(SymbolRef Sym) {
  return (static_cast<int64_t>(compat::symbolId(Sym)) + 1) << 40;
}

/// The type of the values region \p R holds, or null.
QualType valueTypeOf(const MemRegion *R) {
  if (const auto *TR = dyn_cast<TypedValueRegion>(R))
    return TR->getValueType();
  if (const auto *SR = dyn_cast<SymbolicRegion>(R))
    return SR->getPointeeStaticType();
  return QualType();
}

/// Whether \p T is a real floating-point type cuBLAS scalars come in.
bool isFloatingScalar(QualType T, ASTContext &Ctx) {
  const int64_t Code = model::dataTypeCode(T, Ctx);
  return Code == rules::dt::R_32F || Code == rules::dt::R_64F ||
         Code == rules::dt::R_16F || Code == rules::dt::R_16BF;
}

/// The type of the object \p R points to, where the memory is of that type;
/// null where \p R views other memory through a pointer cast: a byte
/// workspace read as float, an int's bits read as float, a `void *`
/// parameter read as T -- what such memory holds is not known. For a
/// \p Scalar, a floating-point object of unknown extent read as another
/// floating-point type (a bf16 scalar cast to `const float *`) is the
/// object's type: cuBLAS reads its bytes and the ones after it.
QualType objectTypeOf(const MemRegion *R, bool Scalar, ASTContext &Ctx) {
  for (const MemRegion *Cur = R; const auto *ER = dyn_cast<ElementRegion>(Cur);
       Cur = ER->getSuperRegion()) {
    QualType Super = valueTypeOf(ER->getSuperRegion());
    if (!Super.isNull())
      if (const ArrayType *AT = Ctx.getAsArrayType(Super))
        Super = AT->getElementType();
    if (!Super.isNull() &&
        Ctx.hasSameUnqualifiedType(Super, ER->getElementType()))
      continue;
    if (Scalar && !Super.isNull() &&
        isa<SymbolicRegion>(ER->getSuperRegion()) &&
        isFloatingScalar(Super, Ctx) &&
        isFloatingScalar(ER->getElementType(), Ctx))
      return Super;
    return QualType();
  }
  return valueTypeOf(R->StripCasts());
}

/// What a pointer to an object of type \p T says: its type, whether it is
/// a pointer, and how many elements a variable or field (\p Whole) holds --
/// `const float alpha[2] = {1, 0}` holds the bytes of a cuComplex.
void describePointee(rules::PointerFacts &P, QualType T, bool Whole,
                     ASTContext &Ctx) {
  int64_t Count = 1;
  if (const ConstantArrayType *AT = Ctx.getAsConstantArrayType(T)) {
    Count = static_cast<int64_t>(AT->getSize().getLimitedValue(INT64_MAX));
    T = AT->getElementType();
  }
  if (const int64_t Code = model::dataTypeCode(T, Ctx); Code >= 0)
    P.PointeeType = Value::of(Code);
  P.PointeeIsPointer = Value::of(T->isPointerType());
  if (Whole && !T->isArrayType())
    P.PointeeCount = Value::of(Count);
}

} // namespace

rules::PointerFacts GemmChecker::pointerFacts(SVal V, ProgramStateRef State,
                                              bool Scalar) const {
  rules::PointerFacts P;
  if (const Value Null = concrete(V); Null.Known) {
    P.Address = Null;
    return P;
  }
  const MemRegion *R = V.getAsRegion();
  if (!R)
    return P;
  // What it points to, by the memory's own type (not the `const void *` a
  // wrapper passes it as).
  const MemRegion *Stripped = R->StripCasts();
  const QualType Pointee =
      objectTypeOf(R, Scalar, State->getStateManager().getContext());
  if (!Pointee.isNull() && !Pointee->isVoidType())
    describePointee(P, Pointee, isa<VarRegion, FieldRegion>(Stripped),
                    State->getStateManager().getContext());
  // Where it lies: the program's own memory is the host's; an allocation
  // of the table's allocators is what it says.
  const MemRegion *Base = R->getBaseRegion();
  if (const auto *SR = dyn_cast<SymbolicRegion>(Base)) {
    SymbolRef Sym = SR->getSymbol();
    if (const Allocation *A = allocationOf(State, Sym)) {
      P.Where = A->Where;
      const RegionOffset Off = R->getAsOffset();
      if (Off.isValid() && !Off.hasSymbolicOffset() &&
          Off.getRegion() == Base && Off.getOffset() % 8 == 0) {
        P.AllocBegin = Value::of(madeUpBase(Sym));
        P.Address = Value::of(madeUpBase(Sym) + Off.getOffset() / 8);
        if (A->Bytes.Known)
          P.AllocEnd = Value::of(madeUpBase(Sym) + A->Bytes.V);
      }
      return P;
    }
  }
  const MemSpaceRegion *Space = compat::memorySpace(R, State);
  if (isa<StackSpaceRegion, GlobalsSpaceRegion, HeapSpaceRegion>(Space))
    P.Where = rules::Residency::Pageable;
  return P;
}

int64_t GemmChecker::libraryVersion(CheckerContext &C) const {
  if (!Version)
    Version = model::cublasVersion(&C.getPreprocessor());
  return *Version;
}

namespace {

/// Whether \p T is the cudaDataType enumeration.
bool isCudaDataType(QualType T) {
  const auto *ET = T.isNull() ? nullptr : T.getCanonicalType()->getAs<EnumType>();
  return ET && ET->getDecl()->getIdentifier() &&
         ET->getDecl()->getName() == "cudaDataType_t";
}

/// Whether the call is made inside an inline overload of a GEMM function
/// (cublas_api.h's C++ cublasGemmEx that takes a cudaDataType compute type
/// and calls the real one): the user's call, outside, is the one checked.
bool writtenAsConstants(const rules::ApiInfo &Api, const rules::Finding &F,
                        const CallEvent &Call, ASTContext &Ctx);

bool insideGemmFunction(CheckerContext &C) {
  const auto *Fn =
      dyn_cast_or_null<FunctionDecl>(C.getLocationContext()->getDecl());
  return Fn && Fn->getIdentifier() && rules::findApi(Fn->getNameAsString().c_str());
}

/// The name the caller wrote where a macro of the vendor's prefix renames
/// the function (cublas_v2.h's cublasSgemm for cublasSgemm_v2); empty
/// otherwise.
std::string spelledName(const CallEvent &Call, CheckerContext &C) {
  const auto *CE = dyn_cast<CallExpr>(Call.getOriginExpr());
  const auto *Ref =
      CE ? dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreParenImpCasts()) : nullptr;
  if (!Ref || !Ref->getLocation().isMacroID())
    return "";
  const SourceManager &SM = C.getSourceManager();
  SourceLocation Loc = Ref->getLocation();
  while (SM.isMacroArgExpansion(Loc))
    Loc = SM.getImmediateSpellingLoc(Loc);
  const StringRef Name =
      Lexer::getImmediateMacroName(Loc, SM, C.getLangOpts());
  return Name.starts_with("cublas") ? Name.str() : "";
}

} // namespace

void GemmChecker::checkGemm(const rules::ApiInfo &Api, const CallEvent &Call,
                            CheckerContext &C) const {
  if (Call.getNumArgs() != Api.NumArgs || insideGemmFunction(C))
    return;
  ProgramStateRef State = C.getState();
  rules::CallValues Values;
  Evidence E;
  for (unsigned I = 0; I < rules::GemmRoleCount; ++I) {
    const Role R = static_cast<Role>(I);
    if (!Api.has(R) || Api.isPerGroup(R))
      continue;
    const SVal V = Call.getArgSVal(Api.position(R));
    if (R == Role::Handle) {
      E.Handle = symbolOf(V);
      if (const HandleModes *M = handleState(State, E.Handle)) {
        Values.PointerMode = M->Pointer;
        Values.MathMode = M->Math;
      }
    } else if (rules::isPointerRole(R)) {
      const bool PointerArray = R != Role::Alpha && R != Role::Beta &&
                                (Api.Shape == rules::Form::Batched ||
                                 Api.isGrouped());
      rules::PointerFacts P =
          pointerFacts(V, State, R == Role::Alpha || R == Role::Beta);
      if (PointerArray) // arrays of device pointers: only NULL is known
        P = rules::PointerFacts{P.Address.Known && P.Address.V == 0
                                    ? P.Address
                                    : Value()};
      Values.pointer(R) = P;
    } else if (!readsLoopWritten(Call.getArgExpr(Api.position(R)), C)) {
      Values[R] = concrete(V);
    }
  }
  if (Api.has(Role::ComputeType)) {
    const unsigned Pos = Api.position(Role::ComputeType);
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(Call.getDecl());
        FD && Pos < FD->getNumParams())
      Values.LegacyComputeType = Api.Vend == rules::Vendor::Cublas &&
                                 isCudaDataType(FD->getParamDecl(Pos)->getType());
    Values.ComputeTypeIsDataType = isCudaDataType(
        Call.getArgExpr(Pos)->IgnoreParenImpCasts()->getType());
  }
  Values.LibraryVersion = libraryVersion(C);
  Values.CalledAs = spelledName(Call, C);
  const std::vector<rules::Finding> Findings = rules::checkCall(Api, Values);
  ExplodedNode *Node = nullptr;
  for (const rules::Finding &F : Findings)
    report(F,
           Api.has(F.Param) ? Call.getArgExpr(Api.position(F.Param))
                            : Call.getOriginExpr(),
           E, C, Node, writtenAsConstants(Api, F, Call, C.getASTContext()));
}

namespace {

/// Whether the arguments that decide \p F are constant expressions where
/// the call is written: no path, finished or not, gives them other values.
bool writtenAsConstants(const rules::ApiInfo &Api, const rules::Finding &F,
                        const CallEvent &Call, ASTContext &Ctx) {
  if (F.Inputs.empty())
    return false;
  return llvm::all_of(F.Inputs, [&](const rules::Input &In) {
    const Role R = In.Argument;
    if (In.What != rules::Fact::Value || R == Role::Handle || rules::isPointerRole(R) || !Api.has(R) ||
        Api.isPerGroup(R))
      return false;
    const Expr *Arg = Call.getArgExpr(Api.position(R));
    return Arg && !Arg->isValueDependent() && Arg->isIntegerConstantExpr(Ctx);
  });
}

/// The position of the argument of \p F that plays \p A, if it has one.
std::optional<unsigned> positionOf(const model::ApiFunction &F, lt::Arg A) {
  for (unsigned I = 0; I < F.NumArgs; ++I)
    if (F.Roles[I] == A)
      return I;
  return std::nullopt;
}

/// Reads the cuBLASLt object argument \p A of \p Call into \p Out and
/// \p M's destroyed(A), where the path created the object, and its symbol
/// into \p Sym, for the notes. Whether the argument is NULL; nothing where
/// \p F has no such argument.
std::optional<bool> readObject(const model::ApiFunction &F,
                               const CallEvent &Call, ProgramStateRef State,
                               lt::Arg A, lt::ObjectState &Out,
                               lt::MatmulValues &M, SymbolRef &Sym) {
  const auto I = positionOf(F, A);
  if (!I)
    return std::nullopt;
  const SVal V = Call.getArgSVal(*I);
  if (const Value Null = concrete(V); Null.Known)
    return Null.V == 0; // NULL
  Sym = symbolOf(V);
  if (const LtObjectInfo *O = objectState(State, Sym)) {
    Out = O->Attrs;
    M.destroyed(A) = O->Destroyed;
  }
  return false;
}

/// Reads whether Cdesc is NULL (then the rules read Ddesc's layout for C),
/// or the object Ddesc is, or one apart; known only where the path created
/// the objects.
void readCdescIdentity(std::optional<bool> CdescNull, SymbolRef CSym,
                       SymbolRef DSym, ProgramStateRef State,
                       lt::MatmulValues &M) {
  if (CdescNull && *CdescNull) {
    M.CdescIsNull = M.CdescIsDdesc = Value::of(1);
    M.Layout[lt::MatC] = M.Layout[lt::MatD];
  } else if (CSym && objectState(State, CSym)) {
    M.CdescIsNull = Value::of(0);
    if (CSym == DSym)
      M.CdescIsDdesc = Value::of(1);
    else if (DSym && objectState(State, DSym))
      M.CdescIsDdesc = Value::of(0);
  }
}

/// Reads the objects of a cublasLtMatmul call: their attributes where the
/// path created or set them, and their symbols into \p Objects, by role.
void readObjects(const model::ApiFunction &F, const CallEvent &Call,
                 ProgramStateRef State, lt::MatmulValues &M,
                 SymbolRef (&Objects)[lt::ArgCount]) {
  auto Read = [&](lt::Arg A, lt::ObjectState &Out) {
    return readObject(F, Call, State, A, Out, M,
                      Objects[static_cast<unsigned>(A)]);
  };
  Read(lt::Arg::ComputeDesc, M.Desc);
  Read(lt::Arg::Preference, M.Pref);
  const std::optional<bool> CdescNull = Read(lt::Arg::Cdesc, M.Layout[lt::MatC]);
  for (unsigned L : {lt::MatA, lt::MatB, lt::MatD})
    Read(lt::layoutArg(L), M.Layout[L]);
  readCdescIdentity(CdescNull, Objects[static_cast<unsigned>(lt::Arg::Cdesc)],
                    Objects[static_cast<unsigned>(lt::Arg::Ddesc)], State, M);
}

/// Reads the rest of what the rules ask of a cublasLtMatmul call: whether C
/// and D are one region (in place), the workspace's size, and how many
/// algorithms a heuristic query asks for.
void readInPlaceAndSizes(const model::ApiFunction &F, const CallEvent &Call,
               lt::MatmulValues &M) {
  if (const auto IC = positionOf(F, lt::Arg::C), ID = positionOf(F, lt::Arg::D);
      IC && ID) {
    const MemRegion *RC = Call.getArgSVal(*IC).getAsRegion();
    if (RC && RC == Call.getArgSVal(*ID).getAsRegion())
      M.CIsD = Value::of(1);
  }
  if (const auto I = positionOf(F, lt::Arg::WorkspaceSize))
    M.WorkspaceSize = concrete(Call.getArgSVal(*I));
  if (const auto I = positionOf(F, lt::Arg::RequestedAlgoCount))
    M.RequestedAlgoCount = concrete(Call.getArgSVal(*I));
}

/// The findings of creating a cuBLASLt object: the values it is created
/// with, under library version \p Version.
std::vector<rules::Finding> createFindings(const model::ApiFunction &F,
                                           const CallEvent &Call,
                                           int64_t Version) {
  llvm::SmallVector<Value, 4> Args;
  for (unsigned I = F.FirstValue; I < Call.getNumArgs(); ++I)
    Args.push_back(concrete(Call.getArgSVal(I)));
  return lt::checkCreate(
      F.Obj, lt::createdState(F.Obj, Args.data(), Args.size()), Version);
}

/// Reads what the buffer's static type says, before any cast to void *:
/// the size of what it points to, whether that is a pointer, whether a
/// floating-point value (nothing for void, bytes or an incomplete type).
void readBufferType(const CallEvent &Call, ASTContext &Ctx,
                    lt::AttributeCall &A) {
  const QualType BufType = Call.getArgExpr(model::BufPos)
                               ->IgnoreParenImpCasts()
                               ->getType();
  if (!BufType->isPointerType())
    return;
  const QualType Pointee = BufType->getPointeeType();
  if (Pointee->isVoidType() || Pointee->isCharType() ||
      Pointee->isStdByteType() || Pointee->isIncompleteType())
    return;
  A.PointeeSize = Value::of(Ctx.getTypeSizeInChars(Pointee).getQuantity());
  A.PointeeIsPointer = Value::of(Pointee->isPointerType());
  A.PointeeIsFloat = Value::of(Pointee->isRealFloatingType());
}

/// A call of a cuBLASLt attribute function as the rules read it: the
/// attribute, the size, the buffer, whether the object was destroyed, and,
/// for a set, the value set where the buffer holds the attribute's type.
lt::AttributeCall attributeCall(const model::ApiFunction &F,
                                const CallEvent &Call, ProgramStateRef State,
                                int64_t Version, ASTContext &Ctx) {
  lt::AttributeCall A;
  A.Obj = F.Obj;
  A.Owner = lt::ownerOf(F.Obj) == lt::Arg::None ? lt::Arg::Adesc
                                                 : lt::ownerOf(F.Obj);
  A.Attr = concrete(Call.getArgSVal(model::AttrPos));
  A.SizeInBytes = concrete(Call.getArgSVal(model::SizePos));
  A.LibraryVersion = Version;
  const SVal Buf = Call.getArgSVal(model::BufPos);
  if (const Value Null = concrete(Buf); Null.Known)
    A.BufIsNull = Value::of(Null.V == 0);
  else if (Buf.getAsRegion())
    A.BufIsNull = Value::of(0);
  readBufferType(Call, Ctx, A);
  if (const LtObjectInfo *O = objectState(State, symbolOf(Call.getArgSVal(0))))
    A.ObjectDestroyed = O->Destroyed;
  if (F.What == model::Effect::Set && A.Attr.Known && Buf.getAsRegion())
    if (const lt::AttrInfo *Info = lt::findAttribute(F.Obj, A.Attr.V);
        Info && (!A.PointeeSize.Known ||
                 A.PointeeSize.V == lt::attrTypeSize(Info->Type)))
      A.Contents = readAttribute(State, Buf.getAsRegion(), *Info, Ctx);
  return A;
}

/// The argument a finding of an object call is about: the buffer, the size,
/// or else the whole call.
const Expr *findingSite(const rules::Finding &Fd, const CallEvent &Call) {
  if (Fd.About.Argument == lt::Arg::Buf)
    return Call.getArgExpr(model::BufPos);
  if (Fd.About.Argument == lt::Arg::SizeInBytes)
    return Call.getArgExpr(model::SizePos);
  return Call.getOriginExpr();
}

} // namespace

void GemmChecker::checkLtMatmul(const model::ApiFunction &F,
                                const CallEvent &Call, CheckerContext &C) const {
  ProgramStateRef State = C.getState();
  lt::MatmulValues M;
  Evidence E;
  M.Heuristic = positionOf(F, lt::Arg::HeuristicResults).has_value();
  M.LibraryVersion = libraryVersion(C);
  readObjects(F, Call, State, M, E.Objects);
  for (lt::Arg A : {lt::Arg::Alpha, lt::Arg::Beta, lt::Arg::A, lt::Arg::B,
                    lt::Arg::C, lt::Arg::D, lt::Arg::Workspace})
    if (const auto I = positionOf(F, A))
      M.pointer(A) = pointerFacts(Call.getArgSVal(*I), State,
                                  A == lt::Arg::Alpha || A == lt::Arg::Beta);
  readInPlaceAndSizes(F, Call, M);
  ExplodedNode *Node = nullptr;
  for (const rules::Finding &Fd : lt::checkMatmul(M)) {
    if (Fd.Where == rules::Reported::AtSetter)
      continue; // reported at the call that wrote the value
    const auto I = positionOf(F, Fd.About.Argument);
    report(Fd, I ? Call.getArgExpr(*I) : Call.getOriginExpr(), E, C, Node);
  }
}

void GemmChecker::checkLtObjectCall(const model::ApiFunction &F,
                                    const CallEvent &Call,
                                    CheckerContext &C) const {
  const std::vector<rules::Finding> Findings =
      F.What == model::Effect::Create
          ? createFindings(F, Call, libraryVersion(C))
          : lt::checkAttributeCall(attributeCall(F, Call, C.getState(),
                                                 libraryVersion(C),
                                                 C.getASTContext()),
                                   F.What == model::Effect::Get);
  Evidence E;
  ExplodedNode *Node = nullptr;
  for (const rules::Finding &Fd : Findings)
    report(Fd, findingSite(Fd, Call), E, C, Node);
}

void GemmChecker::checkPreCall(const CallEvent &Call, CheckerContext &C) const {
  const Known &K = lookup(Call);
  if (K.Gemm) {
    recordVisit(Call, C);
    checkGemm(*K.Gemm, Call, C);
    return;
  }
  if (!opaqueCallee(Call) || !judges(K, Call.getNumArgs()))
    return;
  recordVisit(Call, C);
  if (K.Model->What == model::Effect::Use)
    checkLtMatmul(*K.Model, Call, C);
  else
    checkLtObjectCall(*K.Model, Call, C);
}

} // namespace clang::ento::gemm
