//===--- LtObjectCall.cpp - gemm-tidy ------------------------------------===//

#include "Diagnosis/LtObjectCall.h"
#include "ContextCache.h"

#include <map>
#include <tuple>

namespace clang::tidy::gemm {

using lt::Arg;

namespace {

bool isNull(const Expr *E, ASTContext &Ctx) {
  return E->IgnoreParenImpCasts()->isNullPointerConstant(
      Ctx, Expr::NPC_ValueDependentIsNotNull);
}

// What the static type of `buf` says about the object it points to, as
// describeBuffer of gemm/lt_guard.h says it from the deduced type: nothing
// for void and for byte buffers (char, std::byte), nor for classes. A
// one-byte variable whose address is taken (`int8_t t; ..., &t, ...`) is
// one value, not bytes, so its size is known.
struct BufferFacts {
  lt::AttributeCall Facts; // BufIsNull and the Pointee* fields
  const Expr *Held = nullptr; // `x` of `&x`: the value the buffer holds
  QualType Pointee;
};

BufferFacts describeBuffer(const Expr *Buf, ASTContext &Ctx) {
  BufferFacts Out;
  if (isNull(Buf, Ctx)) {
    Out.Facts.BufIsNull = rules::Value::of(1);
    return Out;
  }
  const Expr *E = Buf->IgnoreParenImpCasts();
  if (E->isTypeDependent() || E->containsErrors())
    return Out;
  QualType Pointee;
  if (const auto *Addr = dyn_cast<UnaryOperator>(E);
      Addr && Addr->getOpcode() == UO_AddrOf) {
    Out.Facts.BufIsNull = rules::Value::of(0);
    Out.Held = Addr->getSubExpr()->IgnoreParens();
    Pointee = Out.Held->getType();
  } else if (const ArrayType *Array = Ctx.getAsArrayType(E->getType())) {
    Out.Facts.BufIsNull = rules::Value::of(0);
    Pointee = Array->getElementType();
  } else if (E->getType()->isPointerType()) {
    Pointee = E->getType()->getPointeeType();
  }
  if (Pointee.isNull() || Pointee->isDependentType() ||
      Pointee->isIncompleteType())
    return Out;
  Pointee = Pointee.getCanonicalType().getUnqualifiedType();
  Out.Pointee = Pointee;
  const bool Scalar = Pointee->isIntegralOrEnumerationType() ||
                      Pointee->isRealFloatingType() ||
                      Pointee->isPointerType();
  const bool OneVariable =
      Out.Held && isa<DeclRefExpr, MemberExpr>(Out.Held) &&
      !Ctx.getAsArrayType(Out.Held->getType());
  if (!Scalar)
    return Out;
  const int64_t Size = Ctx.getTypeSizeInChars(Pointee).getQuantity();
  if (Size == 1 && !OneVariable)
    return Out;
  Out.Facts.PointeeSize = rules::Value::of(Size);
  Out.Facts.PointeeIsPointer = rules::Value::of(Pointee->isPointerType());
  if (!Pointee->isPointerType())
    Out.Facts.PointeeIsFloat = rules::Value::of(Pointee->isRealFloatingType());
  return Out;
}

// The value a buffer of the attribute's size holds, read as its type.
int64_t readAs(lt::AttrType T, int64_t V) {
  switch (T) {
  case lt::AttrType::Int8: return static_cast<int8_t>(V);
  case lt::AttrType::UInt16: return static_cast<uint16_t>(V);
  case lt::AttrType::Int32: return static_cast<int32_t>(V);
  case lt::AttrType::UInt32: return static_cast<uint32_t>(V);
  default: return V;
  }
}

// How the rules read an argument of the other Use rows (the matmul's are
// LtMatmulDiagnosis's): whether NULL as written (a null pointer constant,
// the address of a variable, an array), also where it points (an
// allocation: not NULL), or its integer value.
enum class Read : uint8_t { None, AsWritten, Pointer, Integer };
constexpr Read readOf(Arg Role) {
  switch (Role) {
  case Arg::A: case Arg::B: case Arg::C: return Read::Pointer;
  case Arg::Adesc: case Arg::Bdesc: case Arg::Cdesc: case Arg::Algo:
    return Read::AsWritten;
  case Arg::RequestedAlgoCount: return Read::Integer;
  default: return Read::None;
  }
}
struct ReadArg {
  Arg Role;
  unsigned Pos;
  Read How;
};
// At most the six of cublasLtMatrixTransform.
constexpr unsigned MaxReadArgs = 6;
using ReadArgs = llvm::SmallVector<ReadArg, MaxReadArgs>;

// The arguments the rules read of a Use row, in order.
ReadArgs readArgs(const ApiFunction &F) {
  ReadArgs Out;
  if (F.What != Effect::Use || !F.Roles)
    return Out;
  for (unsigned Pos = 0; Pos < F.NumArgs && Out.size() < MaxReadArgs; ++Pos)
    if (const Read How = readOf(F.Roles[Pos]); How != Read::None)
      Out.push_back({F.Roles[Pos], Pos, How});
  return Out;
}

// The values of one calling context, by argument position (Create), the
// attribute, size and contents of an attribute call, or the values of
// readArgs (Pointer: where it points; Integer: the value).
struct Context : ContextBase {
  SymbolicValue Attr, Size, Contents;
  std::vector<SymbolicValue> Created;
  SymbolicValue Values[MaxReadArgs];

  bool needsParams() const {
    auto Needs = [](const SymbolicValue &V) {
      return !V.Known && !V.NeedsParams.empty();
    };
    return Needs(Attr) || Needs(Size) || Needs(Contents) ||
           std::any_of(Created.begin(), Created.end(), Needs) ||
           std::any_of(std::begin(Values), std::end(Values), Needs);
  }
};

struct Call {
  const CallExpr &E;
  const ApiFunction &Fn;
  ReadArgs Reads; // readArgs(Fn)
  BufferFacts Buffer;
  // readArgs: NULL (1) or not (0) as written.
  rules::Value Null[MaxReadArgs];

  const Expr *arg(unsigned I) const {
    return I < E.getNumArgs() ? E.getArg(I) : nullptr;
  }
  bool creates() const { return createsObject(Fn.What); }
  bool reads() const { return Fn.What == Effect::Use; }
  // The position of the Create argument that gives attribute \p Id, or -1.
  int createdArg(int64_t Id) const {
    const lt::CreatedAttributes Created = lt::createdAttributes(Fn.Obj);
    for (unsigned I = 0; I < Created.Count; ++I)
      if (Created.Id[I] == Id)
        return static_cast<int>(Fn.FirstValue + I);
    return -1;
  }
};

void evaluateIn(const Call &C, const FunctionDecl *Fn, ASTContext &Ctx,
                FunctionValues::Bindings Bindings, Context &Out) {
  FunctionValues FV(Ctx, Fn, Out.Atoms, std::move(Bindings));
  FV.walkTo(&C.E);
  if (C.reads()) {
    const ReadArgs &Args = C.Reads;
    for (unsigned I = 0; I < Args.size(); ++I) {
      const Expr *E = C.arg(Args[I].Pos);
      if (Args[I].How == Read::Pointer && !C.Null[I].Known)
        Out.Values[I] = FV.evaluatePointer(E).Where;
      else if (Args[I].How == Read::Integer)
        Out.Values[I] = FV.evaluate(strippedArgument(E));
    }
  } else if (C.creates()) {
    Out.Created.reserve(lt::createdAttributes(C.Fn.Obj).Count);
    for (unsigned I = 0; I < lt::createdAttributes(C.Fn.Obj).Count; ++I)
      Out.Created.push_back(
          FV.evaluate(strippedArgument(C.arg(C.Fn.FirstValue + I))));
  } else {
    Out.Attr = FV.evaluate(strippedArgument(C.arg(AttrPos)));
    Out.Size = FV.evaluate(strippedArgument(C.arg(SizePos)));
    if (C.Fn.What == Effect::Set && C.Buffer.Held &&
        C.Buffer.Held->getType()->isIntegralOrEnumerationType())
      Out.Contents = FV.evaluate(C.Buffer.Held);
  }
  Out.reachedBy(FV);
}

// The rules core's findings on one assignment of a context's conditions.
std::vector<lt::Finding> check(const Call &C, const Context &X, unsigned A,
                               bool Correlated, int64_t Version) {
  auto Pick = [&](const SymbolicValue &V) {
    return valueUnder(V, A, Correlated);
  };
  if (C.reads()) {
    const ReadArgs &Args = C.Reads;
    lt::TransformValues Transform;
    lt::AlgoSetupValues Setup;
    for (unsigned I = 0; I < Args.size(); ++I) {
      const rules::Value V = Pick(X.Values[I]);
      if (Args[I].How == Read::Integer)
        Setup.RequestedAlgoCount = V;
      else if (Args[I].Role == Arg::Algo)
        Setup.AlgoIsNull = C.Null[I];
      else
        Transform.isNull(Args[I].Role) =
            C.Null[I].Known ? C.Null[I]
            : V.Known       ? rules::Value::of(0) // an allocation
                            : rules::Value::unknown();
    }
    return C.Fn.Obj == lt::Object::TransformDesc ? lt::checkTransform(Transform)
                                                 : lt::checkAlgoSetup(Setup);
  }
  if (C.creates()) {
    std::vector<rules::Value> Args;
    for (const SymbolicValue &V : X.Created)
      Args.push_back(Pick(V));
    return lt::checkCreate(
        C.Fn.Obj, lt::createdState(C.Fn.Obj, Args.data(), Args.size()),
        Version);
  }
  lt::AttributeCall Values = C.Buffer.Facts;
  Values.Obj = C.Fn.Obj;
  Values.Owner = lt::ownerOf(C.Fn.Obj);
  Values.Attr = Pick(X.Attr);
  Values.SizeInBytes = Pick(X.Size);
  Values.LibraryVersion = Version;
  const bool IsGet = C.Fn.What == Effect::Get;
  const rules::Value Contents = Pick(X.Contents);
  const lt::AttrInfo *Info =
      Values.Attr.Known ? lt::findAttribute(C.Fn.Obj, Values.Attr.V) : nullptr;
  // Read as the attribute's type only what has its size, as the guard does.
  if (Contents.Known && Info && Values.PointeeSize.Known &&
      Values.PointeeSize.V == lt::attrTypeSize(Info->Type))
    Values.Contents = rules::Value::of(readAs(Info->Type, Contents.V));
  return lt::checkAttributeCall(Values, IsGet);
}



// The argument a finding is about: the buffer, the size or sizeWritten, the
// attribute itself, the buffer for a value it holds, or the Create argument
// that gave the attribute.
const Expr *argumentOf(const lt::Finding &F, const Call &C) {
  if (C.reads())
    return argumentPlaying(C.E, C.Fn, F.About.Argument);
  switch (F.About.Argument) {
  case Arg::Buf: return C.arg(BufPos);
  case Arg::SizeInBytes: return C.arg(SizePos);
  case Arg::SizeWritten: return C.arg(WrittenPos);
  default: break;
  }
  if (!C.creates())
    return C.arg(F.About.Attr >= 0 ? BufPos : AttrPos);
  const int Pos = C.createdArg(F.About.Attr);
  return Pos < 0 ? nullptr : C.arg(Pos);
}

void noteInputs(const lt::Finding &F, const Call &C, const Context &X,
                ASTContext &Ctx, const Preprocessor *PP,
                std::vector<DiagnosisNote> &Notes) {
  if (C.reads()) {
    const ReadArgs &Args = C.Reads;
    for (unsigned I = 0; I < Args.size(); ++I)
      if (Args[I].How == Read::Integer && Args[I].Role == F.About.Argument)
        noteValue(*C.arg(Args[I].Pos), lt::argName(Args[I].Role), X.Values[I],
                  X.Atoms, Ctx, PP, Notes);
    return; // the pointers: the message names them
  }
  if (C.creates()) {
    // Named as a declaration of the callee names the parameter (cublasLt.h:
    // computeType, scaleType; type, rows, cols, ld).
    const int Pos = C.createdArg(F.About.Attr);
    const FunctionDecl *Callee = C.E.getDirectCallee();
    if (Pos < 0 || !C.arg(Pos) || !Callee)
      return;
    std::string Name;
    for (const FunctionDecl *D : Callee->redecls())
      if (static_cast<unsigned>(Pos) < D->getNumParams() &&
          !D->getParamDecl(Pos)->getName().empty()) {
        Name = D->getParamDecl(Pos)->getName().str();
        break;
      }
    if (Name.empty())
      Name = "argument " + std::to_string(Pos + 1);
    noteValue(*C.arg(Pos), Name, X.Created[Pos - C.Fn.FirstValue], X.Atoms,
              Ctx, PP, Notes);
    return;
  }
  if (const Expr *Attr = C.arg(AttrPos))
    noteValue(*Attr, "attr", X.Attr, X.Atoms, Ctx, PP, Notes);
  if (F.About.Argument == Arg::SizeInBytes)
    if (const Expr *Size = C.arg(SizePos))
      noteValue(*Size, "sizeInBytes", X.Size, X.Atoms, Ctx, PP, Notes);
  if (F.About.Argument == Arg::Buf && !C.Buffer.Pointee.isNull())
    Notes.push_back({C.arg(BufPos)->getExprLoc(),
                     "'buf' points to '" +
                         C.Buffer.Pointee.getAsString(Ctx.getPrintingPolicy()) +
                         "'"});
  if (F.About.Attr >= 0 && C.Buffer.Held)
    noteValue(*C.Buffer.Held, "*buf", X.Contents, X.Atoms, Ctx, PP, Notes);
}

// What the call's arguments say as written, whatever the context: which
// pointers a reading call is given as NULL or as an address, a setter's or
// getter's buffer.
void readWritten(Call &C, ASTContext &Ctx) {
  const CallExpr &E = C.E;
  if (C.reads()) {
    const ReadArgs &Args = C.Reads;
    for (unsigned I = 0; I < Args.size(); ++I) {
      if (Args[I].How == Read::Integer)
        continue;
      const Expr *Given = E.getArg(Args[I].Pos)->IgnoreParenImpCasts();
      const auto *Addr = dyn_cast<UnaryOperator>(Given);
      if (isNull(Given, Ctx))
        C.Null[I] = rules::Value::of(1);
      else if ((Addr && Addr->getOpcode() == UO_AddrOf) ||
               Ctx.getAsArrayType(Given->getType()))
        C.Null[I] = rules::Value::of(0);
    }
  } else if (!C.creates()) {
    C.Buffer = describeBuffer(E.getArg(BufPos), Ctx);
    if (C.Fn.What == Effect::Get)
      C.Buffer.Facts.SizeWrittenIsNull =
          rules::Value::of(isNull(E.getArg(WrittenPos), Ctx));
  }
}

// The diagnoses made in one translation unit, by call and library version.
struct LtObjectCache {
  std::map<std::pair<const CallExpr *, int64_t>, std::vector<Diagnosis>> Done;
};

} // namespace

const std::vector<Diagnosis> &
diagnoseLtObjectCall(const CallExpr &E, const ApiFunction &Function,
                     const FunctionDecl *Enclosing, ASTContext &Ctx,
                     const Preprocessor *PP, int64_t LibraryVersion) {
  LtObjectCache &Cache = contextCache<LtObjectCache>(Ctx);
  auto [It, Inserted] = Cache.Done.try_emplace({&E, LibraryVersion});
  if (!Inserted)
    return It->second;
  const FunctionDecl *Callee = E.getDirectCallee();
  // An old or foreign declaration (K&R C, another arity) is not the one
  // the rules describe.
  if (!Callee || Callee->getNumParams() != Function.NumArgs ||
      E.getNumArgs() != Function.NumArgs || E.containsErrors())
    return It->second;
  Call C{E, Function, readArgs(Function), {}, {}};
  readWritten(C, Ctx);
  It->second = diagnoseEachCallContext<Context>(
      Enclosing, Ctx,
      [&](FunctionValues::Bindings B, Context &X) {
        evaluateIn(C, Enclosing, Ctx, std::move(B), X);
      },
      [](const Context &X) { return X.needsParams(); },
      [&](const Context &X, std::vector<Diagnosis> &Out) {
        auto Check = [&](unsigned A, bool Correlated) {
          return check(C, X, A, Correlated, LibraryVersion);
        };
        for (lt::Finding &F : findingsOnEveryPath(
                 X.Path, X.Atoms.size(), Check, [](const lt::Finding &F) {
                   return std::make_tuple(std::string(F.RuleId), F.About.Argument,
                                          F.About.Attr);
                 })) {
          Diagnosis D = diagnosisAt(argumentOf(F, C), E);
          noteInputs(F, C, X, Ctx, PP, D.Notes);
          noteContext(X, Enclosing, Ctx, D.Notes);
          D.Finding = std::move(F);
          Out.push_back(std::move(D));
        }
      });
  return It->second;
}

} // namespace clang::tidy::gemm
