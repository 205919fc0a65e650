// gemm/rules/lt_check.h - the verdict on cuBLASLt setups: attribute
// encodings at the *SetAttribute/*GetAttribute/*Create calls, and the whole
// matmul (descriptor, four layouts, pointers, workspace, device) at
// cublasLtMatmulAlgoGetHeuristic and cublasLtMatmul.
//
// Same contract as gemm/rules/check.h: the caller gives each value or
// "unknown"; each finding names what it is about (an argument, or an
// attribute of a descriptor or layout), its value, the bound and the rule id
// of /work/shared/cublaslt-rules.md (docs/cublaslt.md lists them). Unknown
// values never yield a finding; architecture rules (A-tagged) stay silent
// while the compute capability is unknown.
#ifndef GEMM_RULES_LT_CHECK_H
#define GEMM_RULES_LT_CHECK_H

#include "gemm/rules/check.h"
#include "gemm/rules/lt_attributes.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace gemm {
namespace rules {
namespace lt {

// Error: documented invalid, or a table omission cuBLASLt rejects;
// Warning: observed failures, or a documented restriction in doubt.
using rules::Severity;
using rules::Finding;

// The four matrices, in layout order.
enum Matrix : uint8_t { MatA, MatB, MatC, MatD };
constexpr Arg layoutArg(unsigned M) {
  return M == MatA ? Arg::Adesc : M == MatB ? Arg::Bdesc
                                            : M == MatC ? Arg::Cdesc
                                                        : Arg::Ddesc;
}
constexpr Arg dataArg(unsigned M) {
  return M == MatA ? Arg::A : M == MatB ? Arg::B : M == MatC ? Arg::C : Arg::D;
}
constexpr char matrixLetter(unsigned M) { return "ABCD"[M]; }

constexpr const char *argName(Arg A) {
  switch (A) {
  case Arg::None: return "";
  case Arg::Handle: return "lightHandle";
  case Arg::ComputeDesc: return "computeDesc";
  case Arg::Alpha: return "alpha";
  case Arg::A: return "A";
  case Arg::Adesc: return "Adesc";
  case Arg::B: return "B";
  case Arg::Bdesc: return "Bdesc";
  case Arg::Beta: return "beta";
  case Arg::C: return "C";
  case Arg::Cdesc: return "Cdesc";
  case Arg::D: return "D";
  case Arg::Ddesc: return "Ddesc";
  case Arg::Preference: return "preference";
  case Arg::RequestedAlgoCount: return "requestedAlgoCount";
  case Arg::Algo: return "algo";
  case Arg::Workspace: return "workspace";
  case Arg::WorkspaceSize: return "workspaceSizeInBytes";
  case Arg::Buf: return "buf";
  case Arg::SizeInBytes: return "sizeInBytes";
  case Arg::SizeWritten: return "sizeWritten";
  case Arg::TransformDesc: return "transformDesc";
  case Arg::EmulationDesc: return "emulationDesc";
  case Arg::Count: break;
  }
  return "?";
}

constexpr Object objectOf(Arg A) {
  return A == Arg::ComputeDesc     ? Object::MatmulDesc
         : A == Arg::Preference    ? Object::Preference
         : A == Arg::TransformDesc ? Object::TransformDesc
         : A == Arg::EmulationDesc ? Object::EmulationDesc
         : A == Arg::Algo          ? Object::AlgoConfig
                                   : Object::MatrixLayout;
}

// The argument that names an object of kind O where a call has one of
// that kind only; None for layouts (a matmul has four).
constexpr Arg ownerOf(Object O) {
  switch (O) {
  case Object::MatmulDesc: return Arg::ComputeDesc;
  case Object::MatrixLayout: return Arg::None;
  case Object::Preference: return Arg::Preference;
  case Object::TransformDesc: return Arg::TransformDesc;
  case Object::EmulationDesc: return Arg::EmulationDesc;
  case Object::AlgoConfig: return Arg::Algo;
  }
  return Arg::None;
}


// "CUBLASLT_MATRIX_LAYOUT_LD of Adesc", "CUBLASLT_MATMUL_DESC_TRANSA",
// "workspace".
inline std::string subjectName(const Subject &S) {
  if (S.Attr < 0)
    return argName(S.Argument);
  const AttrInfo *Info = findAttribute(objectOf(S.Argument), S.Attr);
  std::string Name = Info ? Info->Name : "attribute " + std::to_string(S.Attr);
  if (S.Argument == Arg::Adesc || S.Argument == Arg::Bdesc ||
      S.Argument == Arg::Cdesc || S.Argument == Arg::Ddesc)
    Name += std::string(" of ") + argName(S.Argument);
  return Name;
}

// The attributes of one object; Attr[id] for every id of its table.
struct ObjectState {
  Value Attr[MaxAttributes];
  Value &operator[](int64_t Id) { return Attr[Id]; }
  const Value &operator[](int64_t Id) const { return Attr[Id]; }
};

// The state right after Create (or *Init): every attribute at its default,
// the Create arguments as given.
inline ObjectState initialState(Object O) {
  ObjectState S;
  auto Fill = [&S](const auto &Table) {
    for (const AttrInfo &A : Table)
      if (A.Default != FromCreate && A.UntilVersion == 0)
        S[A.Id] = Value::of(A.Default);
  };
  switch (O) {
  case Object::MatmulDesc: Fill(MatmulDescAttributes); break;
  case Object::MatrixLayout: Fill(MatrixLayoutAttributes); break;
  case Object::Preference: Fill(PreferenceAttributes); break;
  case Object::TransformDesc: Fill(TransformDescAttributes); break;
  case Object::EmulationDesc: Fill(EmulationDescAttributes); break;
  case Object::AlgoConfig: Fill(AlgoConfigAttributes); break;
  }
  return S;
}
// The state after a Create call whose arguments that become attributes
// are the NumArgs values of Args, in argument order (createdAttributes).
inline ObjectState createdState(Object O, const Value *Args, size_t NumArgs) {
  ObjectState S = initialState(O);
  const CreatedAttributes Created = createdAttributes(O);
  for (unsigned I = 0; I < Created.Count && I < NumArgs; ++I)
    S[Created.Id[I]] = Args[I];
  return S;
}
inline ObjectState matmulDesc(Value Compute, Value Scale) {
  const Value Args[] = {Compute, Scale};
  return createdState(Object::MatmulDesc, Args, 2);
}
inline ObjectState matrixLayout(Value Type, Value Rows, Value Cols, Value Ld) {
  const Value Args[] = {Type, Rows, Cols, Ld};
  return createdState(Object::MatrixLayout, Args, 4);
}

// --- one attribute ------------------------------------------------------------

// The arguments of X*SetAttribute(obj, attr, buf, sizeInBytes) and
// X*GetAttribute(obj, attr, buf, sizeInBytes, sizeWritten).
struct AttributeCall {
  Object Obj = Object::MatmulDesc;
  Arg Owner = Arg::ComputeDesc; // how findings name the object
  Value Attr;
  Value SizeInBytes;
  Value BufIsNull;     // 1: buf is NULL
  Value Contents;      // the value buf holds (set only), read as the type
  // What the static type of buf says (unknown for void and char buffers).
  Value PointeeSize;      // sizeof(*buf)
  Value PointeeIsPointer; // 1: *buf is a pointer
  Value PointeeIsFloat;   // 1: *buf is float or double, 0: an integer or enum
  Value SizeWrittenIsNull; // get only
  Value ObjectDestroyed;   // 1: the object was destroyed before this call
  int64_t LibraryVersion = 0; // CUBLAS_VERSION; 0 when unknown
};

namespace detail {

inline std::string num(int64_t V) { return std::to_string(V); }
inline std::string q(const std::string &S) { return "'" + S + "'"; }

inline std::string enumText(EnumKind K, int64_t V) {
  for (const EnumName &E : enumNames(K))
    if (E.Value == V)
      return E.Name;
  return num(V);
}

class Sink {
public:
  std::vector<Finding> Out;

  Finding &add(Category Cat, const char *Rule, Subject About, int64_t V,
               std::string Msg, std::string Note = "",
               Severity Sev = Severity::Error) {
    Finding F;
    F.Cat = Cat;
    F.RuleId = Rule;
    F.Sev = Sev;
    F.About = About;
    F.Value = V;
    F.Message = std::move(Msg);
    F.Note = std::move(Note);
    Out.push_back(std::move(F));
    return Out.back();
  }
};

// LT-OBJ-LIFE: the object argument A names was destroyed before the call.
inline void reportDestroyed(Sink &S, Arg A) {
  S.add(Category::InvalidEnum, "LT-OBJ-LIFE", Subject{A, -1}, 0,
        q(argName(A)) + " was destroyed before this call");
}

// 'requestedAlgoCount' must be at least 1 (the heuristic, AlgoGetIds).
inline void checkRequestedCount(Sink &S, const char *Rule, Value Count) {
  if (Count.Known && Count.V <= 0)
    S.add(Category::InvalidSize, Rule, Subject{Arg::RequestedAlgoCount, -1},
          Count.V, "'requestedAlgoCount' (" + num(Count.V) + ") must be at least 1")
        .Bound = 1;
}

// Whether checkValue would accept V: the cheap test of the hot path.
inline bool valueIsValid(Object O, const AttrInfo &Info, int64_t V,
                         int64_t LibraryVersion) {
  if (O == Object::MatmulDesc && Info.Id == desc::COMPUTE_TYPE)
    return isKnownComputeType(V) &&
           !(LibraryVersion > 0 && LibraryVersion < computeTypeSinceVersion(V));
  if (!isValidEnumValue(Info.Kind, V))
    return false;
  if (O != Object::MatrixLayout)
    return true;
  switch (Info.Id) {
  case layout::ROWS:
  case layout::COLS: return V >= 0 && V <= std::numeric_limits<int32_t>::max();
  case layout::LD: return V >= 0;
  case layout::BATCH_COUNT: return V >= 1;
  default: return true;
  }
}

// Rules on one attribute value, wherever it was set (Create argument or
// setter). Returns false when the value is invalid (and reported).
inline bool checkValue(Sink &S, Object O, Arg Owner, int64_t Id, int64_t V,
                       int64_t LibraryVersion) {
  const AttrInfo *Info = findAttribute(O, Id);
  if (!Info || valueIsValid(O, *Info, V, LibraryVersion))
    return true;
  const Subject About{Owner, Id};
  // Valid values are the hot path: words only for findings.
  struct LazyName {
    Subject About;
    operator std::string() const { return q(subjectName(About)); }
    std::string operator+(const std::string &S) const {
      return std::string(*this) + S;
    }
    std::string operator+(const char *S) const { return std::string(*this) + S; }
  } const Name{About};
  if (O == Object::MatmulDesc && Id == desc::COMPUTE_TYPE) {
    if (!isKnownComputeType(V)) {
      std::string Msg = Name + " (" + num(V) + ") is not a cublasComputeType_t";
      std::string Note = "pass a cublasComputeType_t such as CUBLAS_COMPUTE_32F";
      if (const char *DT = lookupName(DataTypeNames, V)) {
        Msg = Name + " is " + DT + " (" + num(V) +
              "), a cudaDataType, where cublasLtMatmulDescCreate reads a "
              "cublasComputeType_t (the CUDA 10 two-argument form)";
        if (migrateLegacyComputeType(V) >= 0)
          Note = std::string("pass ") +
                 lookupName(ComputeTypeNames, migrateLegacyComputeType(V)) +
                 " and the scale type separately";
      }
      S.add(Category::InvalidEnum, "LT-OBJ-DESCARGS", About, V, Msg, Note);
      return false;
    }
    const int64_t Since = computeTypeSinceVersion(V);
    if (LibraryVersion > 0 && LibraryVersion < Since) {
      S.add(Category::InvalidEnum, "LT-TYPE-EMU", About, V,
            Name + " " + lookupName(ComputeTypeNames, V) + " needs cuBLAS " +
                num(Since / 10000) + "." + num(Since / 100 % 100) +
                " or newer, but CUBLAS_VERSION is " + num(LibraryVersion));
      return false;
    }
    return true;
  }
  if (!isValidEnumValue(Info->Kind, V)) {
    const char *Rule = Info->Kind == EnumKind::TransC   ? "LT-MISC-TRANSC"
                       : Info->Kind == EnumKind::Epilogue ? "LT-EPI-VALUE"
                       : Info->Kind == EnumKind::PointerMode ? "LT-PTR-VALUE"
                                                           : "LT-ATTR-ENUM";
    std::string Msg = Name + " (" + enumText(Info->Kind, V) + ") is not a " +
                      enumKindName(Info->Kind);
    if (Info->Kind == EnumKind::Operation && V == op::CONJG)
      Msg = Name + " is CUBLAS_OP_CONJG, which cuBLASLt does not support";
    if (Info->Kind == EnumKind::TransC)
      Msg = Name + " is " + enumText(Info->Kind, V) +
            "; cuBLASLt supports only CUBLAS_OP_N";
    S.add(Category::InvalidEnum, Rule, About, V, Msg);
    return false;
  }
  if (O == Object::MatrixLayout) {
    if ((Id == layout::ROWS || Id == layout::COLS) &&
        (V < 0 || V > std::numeric_limits<int32_t>::max())) {
      S.add(Category::InvalidSize, "LT-SHAPE-INT32", About, V,
            Name + " (" + num(V) + ") is not representable as int32_t; cuBLASLt supports only "
                "such sizes" +
                (V < 0 ? " (a negative int converted to uint64_t)" : ""))
          .Bound = std::numeric_limits<int32_t>::max();
      return false;
    }
    if (Id == layout::LD && V < 0) {
      S.add(Category::LeadingDimension, "LT-LD-NEG", About, V,
            Name + " (" + num(V) + ") must not be negative");
      return false;
    }
    if (Id == layout::BATCH_COUNT && V < 1) {
      S.add(Category::InvalidSize, "LT-BATCH-POS", About, V,
            Name + " (" + num(V) + ") must be at least 1")
          .Bound = 1;
      return false;
    }
  }
  return true;
}

} // namespace detail

// X*SetAttribute and X*GetAttribute: LT-ATTR-SIZE, -NULLBUF, -PTRBUF, -TYPE,
// -ENUM, -VERSION, -GET, and the value rules of the attribute.
inline std::vector<Finding> checkAttributeCall(const AttributeCall &C,
                                               bool IsGet) {
  detail::Sink S;
  using detail::num;
  using detail::q;
  if (C.ObjectDestroyed.Known && C.ObjectDestroyed.V) {
    S.add(Category::InvalidEnum, "LT-OBJ-LIFE", Subject{C.Owner, -1}, 0,
          std::string("the ") + objectName(C.Obj) +
              " was destroyed before this call");
    return S.Out;
  }
  if (!C.Attr.Known)
    return S.Out;
  const AttrInfo *Info = findAttribute(C.Obj, C.Attr.V);
  if (!Info || (Info->UntilVersion && C.LibraryVersion >= Info->UntilVersion &&
                C.LibraryVersion > 0)) {
    std::string Msg = "attribute " + num(C.Attr.V) + " is not a " +
                      std::string(objectName(C.Obj)) + " attribute";
    if (Info)
      Msg = std::string(Info->Name) + " (" + num(C.Attr.V) +
            ") was removed in cuBLAS 13.0; CUBLAS_VERSION is " +
            num(C.LibraryVersion);
    else if (C.LibraryVersion > 0)
      Msg += " of CUBLAS_VERSION " + num(C.LibraryVersion);
    S.add(Category::AttributeEncoding, "LT-ATTR-VERSION", Subject{C.Owner, -1},
          C.Attr.V, Msg);
    return S.Out;
  }
  const int64_t Size = attrTypeSize(Info->Type);
  const std::string Name = q(Info->Name);
  if (IsGet && C.SizeInBytes.Known && C.SizeInBytes.V == 0) {
    if (C.SizeWrittenIsNull.Known && C.SizeWrittenIsNull.V)
      S.add(Category::AttributeEncoding, "LT-ATTR-GET",
            Subject{Arg::SizeWritten, -1}, 0,
            "'sizeWritten' must not be NULL when 'sizeInBytes' is 0 (the "
            "call asks for the size of " + Name + ")");
    return S.Out;
  }
  if (C.BufIsNull.Known && C.BufIsNull.V)
    S.add(Category::AttributeEncoding, IsGet ? "LT-ATTR-GET" : "LT-ATTR-NULLBUF",
          Subject{Arg::Buf, -1}, 0,
          std::string("'buf' must not be NULL when ") +
              (IsGet ? "reading " : "setting ") + Name);
  if (C.SizeInBytes.Known && C.SizeInBytes.V != Size)
    S.add(Category::AttributeEncoding, "LT-ATTR-SIZE",
          Subject{Arg::SizeInBytes, -1}, C.SizeInBytes.V,
          "'sizeInBytes' (" + num(C.SizeInBytes.V) + ") does not match " +
              Name + ", which is " + attrTypeName(Info->Type) + " (" +
              num(Size) + " bytes); cuBLASLt returns "
              "CUBLAS_STATUS_INVALID_VALUE and keeps the old value",
          std::string("pass sizeof(") + attrTypeName(Info->Type) + ") = " +
              num(Size))
        .Bound = Size;
  // A pointer attribute given the buffer itself: its element is not a
  // pointer, nor an 8-byte integer that could hold one (uintptr_t).
  const bool HoldsAddress =
      C.PointeeSize.Known && C.PointeeSize.V == 8 && C.PointeeIsFloat.Known &&
      !C.PointeeIsFloat.V;
  if (Info->Type == AttrType::Pointer && C.PointeeIsPointer.Known &&
      !C.PointeeIsPointer.V && !HoldsAddress)
    S.add(Category::AttributeEncoding, "LT-ATTR-PTRBUF", Subject{Arg::Buf, -1}, 0,
          Name + " holds a pointer: 'buf' must be the address of a variable "
                 "holding it, not the buffer itself",
          "pass &ptr and sizeof(ptr)");
  else if (C.PointeeSize.Known && C.PointeeSize.V != Size &&
           (!C.SizeInBytes.Known || C.SizeInBytes.V == Size))
    S.add(Category::AttributeEncoding, "LT-ATTR-TYPE", Subject{Arg::Buf, -1},
          C.PointeeSize.V,
          "'buf' points to a " + num(C.PointeeSize.V) + "-byte object but " +
              Name + " is " + attrTypeName(Info->Type) + " (" + num(Size) +
              " bytes)",
          std::string("store the value in a ") + attrTypeName(Info->Type))
        .Bound = Size;
  else if (C.PointeeIsFloat.Known && Info->Type != AttrType::Pointer &&
           (C.PointeeIsFloat.V != 0) != (Info->Type == AttrType::Float))
    S.add(Category::AttributeEncoding, "LT-ATTR-TYPE", Subject{Arg::Buf, -1}, 0,
          std::string("'buf' points to ") +
              (C.PointeeIsFloat.V ? "a floating-point value" : "an integer") +
              " but " + Name + " is " + attrTypeName(Info->Type) +
              "; cuBLASLt reads its bytes as that type");
  if (!IsGet && C.Contents.Known && S.Out.empty())
    detail::checkValue(S, C.Obj, C.Owner, C.Attr.V, C.Contents.V,
                       C.LibraryVersion);
  return S.Out;
}

// cublasLtMatmulDescCreate and cublasLtMatrixLayoutCreate: the value rules
// of the arguments that become attributes.
inline std::vector<Finding> checkCreate(Object O, const ObjectState &Created,
                                        int64_t LibraryVersion = 0) {
  detail::Sink S;
  const Arg Owner = ownerOf(O);
  for (int64_t Id = 0; Id < MaxAttributes; ++Id) {
    const AttrInfo *Info = findAttribute(O, Id);
    if (Info && Info->Default == FromCreate && Created[Id].Known)
      detail::checkValue(S, O, Owner, Id, Created[Id].V, LibraryVersion);
  }
  return S.Out;
}

// --- the matmul -----------------------------------------------------------------

// Everything known at cublasLtMatmulAlgoGetHeuristic or cublasLtMatmul.
struct MatmulValues {
  bool Heuristic = false; // the heuristic query: no data pointers
  ObjectState Desc;       // Desc and Layout: unknown where not tracked
  ObjectState Layout[4];  // A, B, C, D; C is D's when Cdesc is NULL
  ObjectState Pref;       // heuristic only
  // 1 where the argument is NULL, 0 where not; for every pointer argument.
  PointerFacts Pointer[ArgCount];
  // 1 where the object an argument names was destroyed before the call.
  Value Destroyed[ArgCount];
  // Facts about the pointers held by the device-pointer attributes of the
  // descriptor (DevicePointerAttributes); Address mirrors Desc.
  PointerFacts DescPointer[8];
  Value CdescIsNull;     // Cdesc == NULL
  Value CdescIsDdesc;    // Cdesc == Ddesc (the same object)
  Value CIsD;            // C and D are the same buffer (in place)
  Value AlphaValue;      // *alpha and *beta where readable, as an integer
  Value BetaValue;       // (R_32I scale) or 0/1 for zero/non-zero
  Value BetaIsZero;
  Value WorkspaceSize;
  Value AlgoWorkspaceSize; // what the heuristic said this algo needs
  // What the heuristic assumed when it chose the algo: the preference's
  // MIN_ALIGNMENT_{A,B,C,D}_BYTES and the alignment of the bias pointer.
  Value AlgoMinAlignment[4];
  Value AlgoBiasAlignment;
  Value RequestedAlgoCount;
  // 1: 'algo' is a result of a heuristic query whose returnAlgoCount and
  // status nothing reads (a fact of the source; the guard leaves it unknown).
  Value AlgoResultUnchecked;
  Value ComputeCapability; // major * 10 + minor
  // 1 where the device reads pageable host memory (HMM, ATS): pageable
  // memory is then no finding where the GPU reads.
  Value PageableAccessible;
  int64_t LibraryVersion = 0;

  static constexpr int64_t DevicePointerAttributes[8] = {
      desc::BIAS_POINTER,    desc::EPILOGUE_AUX_POINTER, desc::A_SCALE_POINTER,
      desc::B_SCALE_POINTER, desc::C_SCALE_POINTER,      desc::D_SCALE_POINTER,
      desc::AMAX_D_POINTER,  desc::D_OUT_SCALE_POINTER};
  PointerFacts &descPointer(int64_t Id) {
    for (unsigned I = 0; I < 8; ++I)
      if (DevicePointerAttributes[I] == Id)
        return DescPointer[I];
    return DescPointer[0]; // not reached for the listed ids
  }
  const PointerFacts &descPointer(int64_t Id) const {
    return const_cast<MatmulValues *>(this)->descPointer(Id);
  }
  Value &destroyed(Arg A) { return Destroyed[static_cast<unsigned>(A)]; }
  const Value &destroyed(Arg A) const {
    return Destroyed[static_cast<unsigned>(A)];
  }
  PointerFacts &pointer(Arg A) { return Pointer[static_cast<unsigned>(A)]; }
  const PointerFacts &pointer(Arg A) const {
    return Pointer[static_cast<unsigned>(A)];
  }
};

namespace detail {

class MatmulChecker {
public:
  explicit MatmulChecker(const MatmulValues &In) : In(In) {}

  std::vector<Finding> run() {
    if (!checkObjects())
      return std::move(S.Out);
    validateValues();
    readTypes();
    checkShape();
    checkLeadingDimensions();
    checkBatch();
    checkTypes();
    checkCD();
    checkNarrow();
    checkScaleModes();
    checkInt8();
    checkPointerMode();
    checkEpilogue();
    checkMisc();
    if (!In.Heuristic) {
      checkWorkspace();
      checkPointers();
    }
    return std::move(S.Out);
  }

private:
  const MatmulValues &In;
  Sink S;
  // Attributes found invalid (and reported): bit Id of Invalid[0] for the
  // descriptor, of Invalid[1 + M] for layout M. They read as unknown.
  uint64_t Invalid[5] = {};
  int64_t T[4] = {-1, -1, -1, -1}; // data types of A, B, C, D
  int64_t Compute = -1, Scale = -1;

  // --- helpers ---------------------------------------------------------------
  Value d(int64_t Id) const {
    return Invalid[0] >> Id & 1 ? Value::unknown() : In.Desc[Id];
  }
  Value l(unsigned M, int64_t Id) const {
    return Invalid[1 + M] >> Id & 1 ? Value::unknown() : In.Layout[M][Id];
  }
  int64_t dv(int64_t Id, int64_t Unknown = -1) const {
    const Value V = d(Id);
    return V.Known ? V.V : Unknown;
  }
  int64_t lv(unsigned M, int64_t Id, int64_t Unknown = -1) const {
    const Value V = l(M, Id);
    return V.Known ? V.V : Unknown;
  }
  static Subject da(int64_t Id) { return Subject{Arg::ComputeDesc, Id}; }
  static Subject la(unsigned M, int64_t Id) { return Subject{layoutArg(M), Id}; }
  static std::string dn(int64_t Id) { return q(subjectName(da(Id))); }
  static std::string ln(unsigned M, int64_t Id) {
    return q(subjectName(la(M, Id)));
  }
  static std::string typeName(int64_t T) {
    const char *N = lookupName(DataTypeNames, T);
    return N ? N : num(T);
  }
  static std::string computeName(int64_t C) {
    const char *N = lookupName(ComputeTypeNames, C);
    return N ? N : num(C);
  }
  Value cc() const { return In.ComputeCapability; }
  bool ccIn(bool (*Pred)(int64_t)) const { return cc().Known && Pred(cc().V); }
  std::string ccNumber() const {
    return num(cc().V / 10) + "." + num(cc().V % 10);
  }
  std::string ccText() const { return "compute capability " + ccNumber(); }
  Finding &err(Category C, const char *Rule, Subject About, int64_t V,
               std::string Msg, std::string Note = "") {
    return S.add(C, Rule, About, V, std::move(Msg), std::move(Note));
  }
  Finding &warn(Category C, const char *Rule, Subject About, int64_t V,
                std::string Msg, std::string Note = "") {
    return S.add(C, Rule, About, V, std::move(Msg), std::move(Note),
                 Severity::Warning);
  }
  // Whether a finding already names \p About: one defect, one finding.
  bool reportedOn(Subject About) const {
    for (const Finding &F : S.Out)
      if (F.About.Argument == About.Argument && F.About.Attr == About.Attr)
        return true;
    return false;
  }
  // Pageable host memory on a device that is known not to read it.
  bool gpuCannotRead(const PointerFacts &P) const {
    return P.Where == Residency::Pageable && In.PageableAccessible.Known &&
           !In.PageableAccessible.V;
  }
  // The bytes from P to the end of its allocation; -1 where not known (or P
  // lies outside it: with 0 <= P < end no subtraction overflows on a
  // hostile address).
  static int64_t remaining(const PointerFacts &P) {
    if (!P.Address.Known || !P.AllocEnd.Known || P.Address.V < 0 ||
        P.Address.V >= P.AllocEnd.V ||
        (P.AllocBegin.Known && P.Address.V < P.AllocBegin.V))
      return -1;
    return P.AllocEnd.V - P.Address.V;
  }
  bool isNull(Arg A) const {
    const Value &V = In.pointer(A).Address;
    return V.Known && V.V == 0;
  }
  // Cdesc is NULL: C's layout is Ddesc's.
  bool cdescNull() const { return In.CdescIsNull.Known && In.CdescIsNull.V; }
  // C read through Ddesc (Cdesc NULL or Ddesc) as a narrow matrix: one
  // defect, LT-CD-NARROW's; the type and alignment rules of C stay silent.
  bool cReadsNarrowD() const {
    return (cdescNull() || (In.CdescIsDdesc.Known && In.CdescIsDdesc.V)) &&
           isNarrow(T[MatC]);
  }
  bool anyPointerArray() const {
    for (unsigned M = 0; M < 4; ++M)
      if (lv(M, layout::BATCH_MODE) == batch_mode::PointerArray)
        return true;
    return false;
  }
  bool allOrders(int64_t O) const {
    for (unsigned M = 0; M < 4; ++M)
      if (lv(M, layout::ORDER) != O)
        return false;
    return true;
  }
  bool anyImmaOrder() const {
    for (unsigned M = 0; M < 4; ++M)
      if (isImmaOrder(lv(M, layout::ORDER)))
        return true;
    return false;
  }

  // --- objects -----------------------------------------------------------------
  // LT-OBJ-LIFE: the descriptor and the layouts of A, B and D are required.
  bool checkObjects() {
    bool Ok = true;
    for (Arg A : {Arg::ComputeDesc, Arg::Adesc, Arg::Bdesc, Arg::Cdesc,
                  Arg::Ddesc, Arg::Preference})
      if (In.destroyed(A).Known && In.destroyed(A).V) {
        reportDestroyed(S, A);
        Ok = false;
      }
    for (Arg A : {Arg::ComputeDesc, Arg::Adesc, Arg::Bdesc, Arg::Ddesc})
      if (isNull(A)) {
        err(Category::InvalidEnum, "LT-OBJ-LIFE", Subject{A, -1}, 0,
            q(argName(A)) + " is NULL; create it first (only Cdesc may be "
                            "NULL, meaning Ddesc)");
        Ok = false;
      }
    return Ok;
  }

  // Values set by means the setter checks did not see: report and forget.
  void validateValues() {
    auto Validate = [&](const auto &Table, Object O, Arg Owner,
                        const ObjectState &St, uint64_t &Bad) {
      for (const AttrInfo &A : Table)
        if (St[A.Id].Known &&
            !valueIsValid(O, A, St[A.Id].V, In.LibraryVersion)) {
          checkValue(S, O, Owner, A.Id, St[A.Id].V, In.LibraryVersion);
          Bad |= uint64_t{1} << A.Id;
        }
    };
    Validate(MatmulDescAttributes, Object::MatmulDesc, Arg::ComputeDesc,
             In.Desc, Invalid[0]);
    for (unsigned M = 0; M < 4; ++M) {
      if (M != MatC || !cdescNull())
        Validate(MatrixLayoutAttributes, Object::MatrixLayout, layoutArg(M),
                 In.Layout[M], Invalid[1 + M]);
      else
        Invalid[1 + M] = Invalid[1 + MatD]; // C reads D's layout
    }
  }

  void readTypes() {
    for (unsigned M = 0; M < 4; ++M)
      T[M] = lv(M, layout::TYPE);
    Compute = dv(desc::COMPUTE_TYPE);
    Scale = dv(desc::SCALE_TYPE);
  }

  // --- shape (section 3) ---------------------------------------------------------
  // Rows and columns of op(X) for A and B; -1 where unknown.
  bool opShape(unsigned M, int64_t &Rows, int64_t &Cols) const {
    const int64_t R = lv(M, layout::ROWS), C = lv(M, layout::COLS);
    if (R < 0 || C < 0)
      return false;
    if (M == MatA || M == MatB) {
      const int64_t Op = dv(M == MatA ? desc::TRANSA : desc::TRANSB);
      if (Op < 0)
        return false;
      Rows = Op == op::N ? R : C;
      Cols = Op == op::N ? C : R;
      return true;
    }
    Rows = R;
    Cols = C;
    return true;
  }

  // LT-SHAPE-MNK.
  void checkShape() {
    int64_t AR = 0, AC = 0, BR = 0, BC = 0, DR = 0, DC = 0, CR = 0, CC = 0;
    const bool HaveA = opShape(MatA, AR, AC), HaveB = opShape(MatB, BR, BC),
               HaveD = opShape(MatD, DR, DC), HaveC = opShape(MatC, CR, CC);
    auto Mismatch = [&](unsigned M, int64_t Attr, const std::string &What,
                        int64_t Have, int64_t Want, const std::string &Why) {
      err(Category::ShapeConsistency, "LT-SHAPE-MNK", la(M, Attr), Have,
          What + " (" + num(Have) + ") does not match " + Why + " (" +
              num(Want) + ")",
          "D (m x n) = op(A) (m x k) * op(B) (k x n); the layouts describe "
          "the matrices as stored, before TRANSA/TRANSB")
          .Bound = Want;
    };
    auto Stored = [&](unsigned M, bool OpRows) {
      if (M == MatC || M == MatD)
        return OpRows ? layout::ROWS : layout::COLS;
      const bool N = dv(M == MatA ? desc::TRANSA : desc::TRANSB) == op::N;
      return (OpRows == N) ? layout::ROWS : layout::COLS;
    };
    auto opText = [&](unsigned M, bool OpRows) {
      return std::string(OpRows ? "the rows" : "the columns") + " of op(" +
             matrixLetter(M) + ") (" + ln(M, Stored(M, OpRows)) + ")";
    };
    if (HaveA && HaveB && AC != BR)
      Mismatch(MatB, Stored(MatB, true), opText(MatB, true), BR, AC,
               "k, " + opText(MatA, false));
    if (HaveA && HaveD && AR != DR)
      Mismatch(MatA, Stored(MatA, true), opText(MatA, true), AR, DR,
               "m, the rows of D");
    if (HaveB && HaveD && BC != DC)
      Mismatch(MatB, Stored(MatB, false), opText(MatB, false), BC, DC,
               "n, the columns of D");
    if (HaveC && HaveD && !cdescNull()) {
      if (CR != DR)
        Mismatch(MatC, layout::ROWS, "the rows of C", CR, DR, "the rows of D");
      if (CC != DC)
        Mismatch(MatC, layout::COLS, "the columns of C", CC, DC,
                 "the columns of D");
    }
  }

  // --- leading dimensions (LT-LD-*) -------------------------------------------------
  bool cOutOfPlace() const {
    return In.CIsD.Known && !In.CIsD.V && In.CdescIsDdesc.Known &&
           !In.CdescIsDdesc.V;
  }
  bool cInPlace() const {
    return (In.CIsD.Known && In.CIsD.V) ||
           (In.CdescIsDdesc.Known && In.CdescIsDdesc.V);
  }

  void checkLeadingDimensions() {
    for (unsigned M = 0; M < 4; ++M) {
      if (M == MatC && cdescNull())
        continue;
      const int64_t Ld = lv(M, layout::LD), Rows = lv(M, layout::ROWS),
                    Cols = lv(M, layout::COLS), Ord = lv(M, layout::ORDER);
      if (Ld < 0 || Ord < 0)
        continue;
      if (Ld == 0 && M == MatC && !cInPlace())
        continue; // LT-LD-ZERO: broadcast C (silent unless provably in place)
      int64_t Bound = -1;
      const char *Rule = "LT-LD-COL";
      const char *Why = "";
      switch (Ord) {
      case order::Col:
        if (Rows >= 0) Bound = Rows, Why = "the rows (ORDER_COL)";
        break;
      case order::Row:
        if (Cols >= 0) Bound = Cols, Why = "the columns (ORDER_ROW)", Rule = "LT-LD-ROW";
        break;
      case order::Col32:
        if (Rows >= 0) Bound = 32 * Rows, Why = "32 * rows (ORDER_COL32)", Rule = "LT-LD-COL32";
        break;
      case order::Col4_4R2_8C:
        if (Rows >= 0) Bound = 256 * ((Rows + 7) / 8), Why = "256 * ceil(rows / 8) (ORDER_COL4_4R2_8C)", Rule = "LT-LD-COL4";
        break;
      case order::Col32_2R_4R4:
        if (Rows >= 0) Bound = 1024 * ((Rows + 31) / 32), Why = "1024 * ceil(rows / 32) (ORDER_COL32_2R_4R4)", Rule = "LT-LD-COL32R4";
        break;
      }
      if (Bound < 0 || Ld >= Bound)
        continue;
      std::string Note;
      if (Ld == 0)
        Rule = "LT-LD-ZERO", Note = "ld = 0 is allowed only for C, out of place";
      err(Category::LeadingDimension, Rule, la(M, layout::LD), Ld,
          ln(M, layout::LD) + " (" + num(Ld) + ") must be at least " +
              std::string(Why) +
              " = " + num(Bound),
          Note)
          .Bound = Bound;
    }
    // LT-LD-HERM.
    const bool Herm = dv(desc::TRANSA) == op::C || dv(desc::TRANSB) == op::C;
    bool AnyRow = false, AllKnown = true;
    for (unsigned M = 0; M < 4; ++M) {
      AnyRow |= lv(M, layout::ORDER) == order::Row;
      AllKnown &= l(M, layout::ORDER).Known;
    }
    if (Herm && AnyRow && AllKnown && !allOrders(order::Row))
      err(Category::LeadingDimension, "LT-LD-HERM",
          da(dv(desc::TRANSA) == op::C ? desc::TRANSA : desc::TRANSB), op::C,
          "CUBLAS_OP_C with CUBLASLT_ORDER_ROW is supported only when A, B, C "
          "and D all use CUBLASLT_ORDER_ROW");
  }

  // --- batch (section 12) --------------------------------------------------------------
  void checkBatch() {
    const int64_t DB = lv(MatD, layout::BATCH_COUNT);
    for (unsigned M : {MatA, MatB, MatC}) {
      const int64_t B = lv(M, layout::BATCH_COUNT);
      if (B > 0 && DB > 0 && B != DB)
        err(Category::BatchStride, "LT-BATCH-EQ", la(M, layout::BATCH_COUNT), B,
            ln(M, layout::BATCH_COUNT) + " (" + num(B) +
                ") must equal the batch count of D (" + num(DB) + ")")
            .Bound = DB;
    }
    // LT-BATCH-STRIDE: D matrices must not overlap (ORDER_COL).
    const int64_t Stride = lv(MatD, layout::STRIDED_BATCH_OFFSET, INT64_MIN);
    const int64_t Ld = lv(MatD, layout::LD), Cols = lv(MatD, layout::COLS),
                  Rows = lv(MatD, layout::ROWS);
    if (DB > 1 && Stride != INT64_MIN && lv(MatD, layout::ORDER) == order::Col &&
        lv(MatD, layout::BATCH_MODE) == batch_mode::Strided && Ld >= Rows &&
        Rows > 0 && Cols > 0) {
      const int64_t Span = Ld * (Cols - 1) + Rows;
      if ((Stride < 0 ? -Stride : Stride) < Span)
        err(Category::BatchStride, "LT-BATCH-STRIDE",
            la(MatD, layout::STRIDED_BATCH_OFFSET), Stride,
            ln(MatD, layout::STRIDED_BATCH_OFFSET) + " (" + num(Stride) +
                ") is less than the " + num(Span) +
                " elements each D matrix spans (ld * (cols - 1) + rows): the " +
                num(DB) + " D matrices overlap")
            .Bound = Span;
    }
  }

  // --- types (section 5) -----------------------------------------------------------------
  struct LtRow {
    int64_t Compute, Scale, AB, C, Bias; // Bias -1: no epilogue
  };

  static bool noEpilogueRow(int64_t AB, int64_t C, int64_t Compute) {
    return AB == dt::R_8I || isComplexDataType(AB) || isComplexDataType(C) ||
           isInt8ComputeType(Compute);
  }

  // 1 when a layout is planar complex, 0 when none is, -1 when a plane
  // offset is unknown (one computed from the planes' pointers).
  int planarity() const {
    int Out = 0;
    for (unsigned M = 0; M < 4; ++M) {
      const Value V = l(M, layout::PLANE_OFFSET);
      if (!V.Known)
        Out = -1;
      else if (V.V != 0)
        return 1;
    }
    return Out;
  }

  // Whether (Compute, Scale, AB, C) is a row of Table 1 (regular), Table 2
  // (IMMA orders) or Table 5 (planar); fills the row's bias type. With the
  // planarity unknown, a Table 5 row is one.
  bool regularRow(int64_t CT, int64_t SC, int64_t AB, int64_t C,
                  int64_t &Bias) const {
    Bias = -1;
    if (const int Planar = planarity()) {
      const bool Ok = (CT == ct::C32F) && SC == dt::C_32F &&
                      ((AB == dt::C_16F && (C == dt::C_16F || C == dt::C_32F)) ||
                       (AB == dt::C_16BF && (C == dt::C_16BF || C == dt::C_32F)));
      if (Ok || Planar == 1)
        return Ok;
    }
    if (anyImmaOrder()) {
      if (!isInt8ComputeType(CT) || AB != dt::R_8I)
        return false;
      if (SC == dt::R_32I && C == dt::R_32I)
        return true;
      if (SC == dt::R_32F && C == dt::R_8I) {
        Bias = dt::R_32F;
        return true;
      }
      return false;
    }
    // Table 1 is cublasGemmEx's table plus int8 -> int8 with float scale.
    if (isInt8ComputeType(CT) && SC == dt::R_32F && AB == dt::R_8I &&
        C == dt::R_8I)
      return true;
    for (const TypeCombo &Row : GemmExCombos)
      if (Row.Compute == CT && Row.Scale == SC && Row.AB == AB && Row.C == C) {
        if (!noEpilogueRow(AB, C, CT))
          Bias = C;
        return true;
      }
    return false;
  }

  // Whether some scale type makes (Compute, AB, C) a row.
  bool rowForSomeScale(int64_t CT, int64_t AB, int64_t C) const {
    int64_t Bias;
    for (int64_t SC : {dt::R_16F, dt::R_32F, dt::R_32I, dt::R_64F, dt::C_32F,
                       dt::C_64F})
      if (regularRow(CT, SC, AB, C, Bias))
        return true;
    return false;
  }

  static constexpr const char *ScaleFollowsCompute =
      "the scale type (of alpha and beta) follows the compute type: "
      "16F -> CUDA_R_16F, 32F -> CUDA_R_32F/CUDA_C_32F, 64F -> "
      "CUDA_R_64F/CUDA_C_64F, 32I -> CUDA_R_32I (or CUDA_R_32F with "
      "int8 output)";

  // Whether some row of any table (1, 2, 3-4 narrow, 5 planar) pairs the
  // compute type with the scale type, whatever the operands.
  static bool scalePairs(int64_t CT, int64_t SC) {
    if (isInt8ComputeType(CT) && (SC == dt::R_32F || SC == dt::R_32I))
      return true;
    if (CT == ct::C32F && (SC == dt::R_32F || SC == dt::C_32F))
      return true;
    for (const TypeCombo &Row : GemmExCombos)
      if (Row.Compute == CT && Row.Scale == SC)
        return true;
    return false;
  }

  int64_t BiasType = -2; // the table's bias type; -1 none, -2 unknown

  void checkTypes() {
    const bool Known = T[MatA] >= 0 && T[MatB] >= 0 && T[MatC] >= 0 &&
                       T[MatD] >= 0 && Compute >= 0 && Scale >= 0;
    if (!Known) {
      // The descriptor alone decides (cublasLtMatmulDescCreate(&d,
      // CUBLAS_COMPUTE_16F, CUDA_R_32F)); with the operands known, the
      // rows below say more.
      if (Compute >= 0 && Scale >= 0 && !scalePairs(Compute, Scale))
        err(Category::TypeCombination, "LT-TYPE-SCALE", da(desc::SCALE_TYPE), Scale,
            "scaleType " + typeName(Scale) + " is not supported with " +
                computeName(Compute) + ", whatever the operand types: no row of "
                "cuBLASLt's type tables pairs them",
            ScaleFollowsCompute);
      return;
    }
    if (isNarrow(T[MatA]) || isNarrow(T[MatB]) || isNarrow(T[MatD]))
      return checkNarrowTypes();
    auto Combo = [&] {
      return "computeType " + computeName(Compute) + ", scaleType " +
             typeName(Scale) + ", A " + typeName(T[MatA]) + ", B " +
             typeName(T[MatB]) + ", C " + typeName(T[MatC]) + ", D " +
             typeName(T[MatD]);
    };
    if (T[MatA] != T[MatB]) {
      err(Category::TypeCombination, "LT-TYPE-AB", la(MatB, layout::TYPE),
          T[MatB],
          "A and B types differ (" + typeName(T[MatA]) + ", " +
              typeName(T[MatB]) +
              "); only FP8 E4M3 x E5M2 pairs may mix: " + Combo());
      return;
    }
    if (T[MatC] != T[MatD]) {
      err(Category::TypeCombination, "LT-TYPE-D", la(MatD, layout::TYPE),
          T[MatD],
          "D (" + typeName(T[MatD]) + ") must have C's type (" +
              typeName(T[MatC]) + ") outside the FP8/FP4 tables");
      return;
    }
    int64_t Bias;
    if (regularRow(Compute, Scale, T[MatA], T[MatC], Bias)) {
      BiasType = Bias;
      return;
    }
    if (rowForSomeScale(Compute, T[MatA], T[MatC])) {
      err(Category::TypeCombination, "LT-TYPE-SCALE", da(desc::SCALE_TYPE),
          Scale,
          "scaleType " + typeName(Scale) + " is not supported with " +
              computeName(Compute) + ": " + Combo(),
          ScaleFollowsCompute);
      return;
    }
    if (anyImmaOrder() && planarity() != 1) {
      // Table 2: the types may be a regular row; the order is what is wrong.
      unsigned M = 0;
      while (M < 3 && !isImmaOrder(lv(M, layout::ORDER)))
        ++M;
      const int64_t O = lv(M, layout::ORDER);
      err(Category::TypeCombination, "LT-TYPE-COMBO", la(M, layout::ORDER), O,
          ln(M, layout::ORDER) + " is " + enumText(EnumKind::Order, O) +
              ", an IMMA order, which takes only int8 A and B with an int8 "
              "compute type: " + Combo(),
          "use CUBLASLT_ORDER_COL or CUBLASLT_ORDER_ROW for these types");
      return;
    }
    const bool Fast = Compute == ct::C32F_FAST_16F ||
                      Compute == ct::C32F_FAST_16BF ||
                      Compute == ct::C32F_FAST_TF32 ||
                      Compute == ct::C32F_EMULATED_16BFX9;
    err(Category::TypeCombination,
        Fast ? "LT-TYPE-FAST" : "LT-TYPE-COMBO", la(MatA, layout::TYPE),
        T[MatA],
        "unsupported type combination for cublasLtMatmul: " + Combo(),
        Fast ? "the FAST and EMULATED compute types take only CUDA_R_32F or "
               "CUDA_C_32F data"
             : "");
  }

  // --- narrow precision (section 6) ------------------------------------------------------
  bool Fp8 = false, Fp4 = false;
  // LT-FP4-DOUT reported the missing D_OUT_SCALE_POINTER: the documented
  // FP4 rule owns that defect, LT-SCALE-PTR (its generalisation) stays silent.
  bool DOutPointerReported = false;

  void checkNarrowTypes() {
    const int64_t A = T[MatA], B = T[MatB], C = T[MatC], D = T[MatD];
    Fp8 = isFp8(A) || isFp8(B);
    Fp4 = isFp4(A) || isFp4(B);
    if (!isNarrow(A) || !isNarrow(B) || (isFp8(A) != isFp8(B))) {
      err(Category::TypeCombination, "LT-TYPE-COMBO",
          la(isNarrow(A) ? MatB : MatA, layout::TYPE), isNarrow(A) ? B : A,
          "A (" + typeName(A) + ") and B (" + typeName(B) +
              ") must both be FP8 (E4M3/E5M2) or both FP4 (E2M1)" +
              (!isNarrow(A) && !isNarrow(B) ? " for a narrow D (" + typeName(D) + ")" : ""));
      Fp8 = Fp4 = false;
      return;
    }
    if (Compute != ct::C32F || Scale != dt::R_32F) {
      err(Category::NarrowPrecision, Fp8 ? "LT-FP8-COMPUTE" : "LT-FP4-REQ",
          da(Compute != ct::C32F ? desc::COMPUTE_TYPE : desc::SCALE_TYPE),
          Compute != ct::C32F ? Compute : Scale,
          std::string(Fp8 ? "FP8" : "FP4") +
              " matmuls need CUBLAS_COMPUTE_32F and scaleType CUDA_R_32F, not " +
              computeName(Compute) + " and " + typeName(Scale));
    }
    if (A == dt::R_8F_E5M2 && B == dt::R_8F_E5M2) {
      err(Category::NarrowPrecision, "LT-FP8-TYPES", la(MatB, layout::TYPE), B,
          "E5M2 x E5M2 is not a supported FP8 combination; use E4M3 for at "
          "least one of A and B");
      return;
    }
    // (C, D) rows of Tables 3 and 4.
    const bool AnyE5M2 = A == dt::R_8F_E5M2 || B == dt::R_8F_E5M2;
    const int64_t NarrowD = Fp8 ? dt::R_8F_E4M3 : dt::R_4F_E2M1;
    const bool CDOk =
        (C == dt::R_16BF && (D == dt::R_16BF || D == NarrowD ||
                             (AnyE5M2 && D == dt::R_8F_E5M2))) ||
        (C == dt::R_16F && (D == dt::R_16F || D == NarrowD ||
                            (AnyE5M2 && D == dt::R_8F_E5M2))) ||
        (C == dt::R_32F && D == dt::R_32F);
    if (!CDOk && !cReadsNarrowD()) {
      err(Category::NarrowPrecision, Fp8 ? "LT-FP8-CD" : "LT-FP4-CD",
          la(isNarrow(D) || D == C ? MatC : MatD, layout::TYPE),
          isNarrow(D) || D == C ? C : D,
          "C " + typeName(C) + " and D " + typeName(D) + " are not a supported " +
              (Fp8 ? "FP8" : "FP4") + " output pair for A " + typeName(A) +
              " and B " + typeName(B),
          std::string("(C, D) must be (16BF, 16BF), (16BF, ") + typeName(NarrowD) +
              "), (16F, 16F), (16F, " + typeName(NarrowD) + ") or (32F, 32F)" +
              (AnyE5M2 ? "; with an E5M2 input also (16BF or 16F, CUDA_R_8F_E5M2)" : ""));
      return;
    }
    BiasType = C == dt::R_16F ? dt::R_16F : dt::R_16BF;
  }

  void checkNarrow() {
    if (!Fp8 && !Fp4)
      return;
    const char *Kind = Fp8 ? "FP8" : "FP4";
    // LT-FP8-ARCH / LT-FP4-REQ (A).
    if (cc().Known && cc().V < (Fp8 ? 89 : 100))
      err(Category::NarrowPrecision, Fp8 ? "LT-FP8-ARCH" : "LT-FP4-REQ",
          la(MatA, layout::TYPE), T[MatA],
          std::string(Kind) + " matmuls need compute capability " +
              (Fp8 ? "8.9" : "10.0") + " or newer, not " + ccNumber())
          .Bound = Fp8 ? 89 : 100;
    // TN: always for FP4; on 8.9, 9.0 and 12.x for FP8.
    const bool TnRequired =
        Fp4 || (cc().Known && (cc().V == 89 || cc().V / 10 == 9 ||
                               cc().V / 10 == 12));
    const int64_t TA = dv(desc::TRANSA), TB = dv(desc::TRANSB);
    if (TnRequired && TA >= 0 && TB >= 0 && allOrders(order::Col) &&
        (TA != op::T || TB != op::N))
      err(Category::NarrowPrecision, Fp8 ? "LT-FP8-TN" : "LT-FP4-REQ",
          da(TA != op::T ? desc::TRANSA : desc::TRANSB), TA != op::T ? TA : TB,
          std::string(Kind) + " matmuls need the TN layout (TRANSA = "
                              "CUBLAS_OP_T, TRANSB = CUBLAS_OP_N)" +
              (Fp8 ? " on " + ccText() : std::string()) + "; got TRANSA " +
              enumText(EnumKind::Operation, TA) + ", TRANSB " +
              enumText(EnumKind::Operation, TB));
    // LT-FP8-ALIGN: 16-byte dimension and leading-dimension rules. With a
    // NULL Cdesc, C's rows and ld are Ddesc's: those are what is checked,
    // and named.
    for (unsigned M : {MatA, MatB, MatC}) {
      const int64_t Bits = elementBits(T[M]);
      if (!Bits || lv(M, layout::ORDER) != order::Col ||
          (M == MatC && cReadsNarrowD()))
        continue;
      unsigned Owner = M;
      if (M == MatC && cdescNull())
        Owner = MatD;
      auto Misaligned = [&](int64_t Attr, int64_t V) {
        err(Category::NarrowPrecision, "LT-FP8-ALIGN", la(Owner, Attr), V,
            ln(Owner, Attr) + " (" + num(V) + ")" +
                (Owner != M ? ", which C uses because Cdesc is NULL," : "") +
                " times the " + num(Bits) + "-bit element of " +
                typeName(T[M]) + " must be a multiple of 16 bytes in " +
                Kind + " matmuls")
            .Bound = 128 / Bits;
      };
      const int64_t Rows = lv(M, layout::ROWS), Ld = lv(M, layout::LD);
      if (Rows > 0 && (Rows * Bits) % 128)
        Misaligned(layout::ROWS, Rows);
      if (Ld > 0 && (Ld * Bits) % 128)
        Misaligned(layout::LD, Ld);
    }
    // LT-FP4-DOUT.
    if (isFp4(T[MatD])) {
      const int64_t Mode = dv(desc::D_OUT_SCALE_MODE);
      if (Mode >= 0 && Mode != smode::Vec16UE4M3)
        err(Category::NarrowPrecision, "LT-FP4-DOUT", da(desc::D_OUT_SCALE_MODE),
            Mode,
            dn(desc::D_OUT_SCALE_MODE) + " must be "
            "CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 when D is CUDA_R_4F_E2M1");
      if (!In.Heuristic && d(desc::D_OUT_SCALE_POINTER).Known &&
          d(desc::D_OUT_SCALE_POINTER).V == 0) {
        DOutPointerReported = true;
        err(Category::NarrowPrecision, "LT-FP4-DOUT",
            da(desc::D_OUT_SCALE_POINTER), 0,
            dn(desc::D_OUT_SCALE_POINTER) +
                " must be set when D is CUDA_R_4F_E2M1 (the scale factors "
                "cuBLASLt writes for D)");
      }
    }
    // LT-CD-FP8ACC (observed): accumulation into C with FP8 output.
    if (isFp8(T[MatD]) && In.BetaIsZero.Known && !In.BetaIsZero.V)
      warn(Category::NarrowPrecision, "LT-CD-FP8ACC", Subject{Arg::Beta, -1}, 1,
           "beta is non-zero with FP8 D; TransformerEngine reports that "
           "accumulation into C is not supported for FP8 output");
  }

  // --- scaling modes (6.3) ------------------------------------------------------------------
  static constexpr int64_t ScaleModeAttrs[] = {
      desc::A_SCALE_MODE, desc::B_SCALE_MODE, desc::C_SCALE_MODE,
      desc::D_SCALE_MODE, desc::EPILOGUE_AUX_SCALE_MODE, desc::D_OUT_SCALE_MODE};
  static int64_t scalePointerFor(int64_t ModeAttr) {
    switch (ModeAttr) {
    case desc::A_SCALE_MODE: return desc::A_SCALE_POINTER;
    case desc::B_SCALE_MODE: return desc::B_SCALE_POINTER;
    case desc::C_SCALE_MODE: return desc::C_SCALE_POINTER;
    case desc::D_SCALE_MODE: return desc::D_SCALE_POINTER;
    case desc::EPILOGUE_AUX_SCALE_MODE: return desc::EPILOGUE_AUX_SCALE_POINTER;
    default: return desc::D_OUT_SCALE_POINTER;
    }
  }
  static bool is90Mode(int64_t M) {
    return M == smode::OuterVec32F || M == smode::Vec128_32F ||
           M == smode::Blk128x128_32F;
  }

  void checkScaleModes() {
    const int64_t MA = dv(desc::A_SCALE_MODE), MB = dv(desc::B_SCALE_MODE);
    auto ModeText = [](int64_t M) { return enumText(EnumKind::ScaleMode, M); };
    // LT-SCALE-NARROW: scales only on narrow matmuls (C's tensorwide
    // scale excepted) and only on narrow tensors.
    const bool Known = T[MatA] >= 0 && T[MatB] >= 0 && T[MatD] >= 0;
    const bool NarrowMatmul = isNarrow(T[MatA]) || isNarrow(T[MatB]);
    if (Known) {
      struct Ptr { int64_t Attr; int Matrix; };
      for (Ptr P : {Ptr{desc::A_SCALE_POINTER, MatA}, Ptr{desc::B_SCALE_POINTER, MatB},
                    Ptr{desc::D_SCALE_POINTER, MatD}, Ptr{desc::AMAX_D_POINTER, -1},
                    Ptr{desc::EPILOGUE_AUX_SCALE_POINTER, -1},
                    Ptr{desc::EPILOGUE_AUX_AMAX_POINTER, -1},
                    Ptr{desc::D_OUT_SCALE_POINTER, -1}}) {
        const Value V = d(P.Attr);
        if (!V.Known || V.V == 0)
          continue;
        const bool Bad = !NarrowMatmul ||
                         (P.Matrix >= 0 && !isNarrow(T[P.Matrix]));
        if (Bad)
          err(Category::NarrowPrecision, "LT-SCALE-NARROW", da(P.Attr), V.V,
              dn(P.Attr) + " is set but " +
                  (NarrowMatmul ? std::string(1, matrixLetter(static_cast<unsigned>(P.Matrix))) + " is " +
                                      typeName(T[P.Matrix]) + ", not a narrow type"
                                : std::string("neither A nor B is FP8 or FP4")) +
                  "; cuBLASLt accepts scales only for narrow-precision tensors "
                  "(C's tensorwide scale excepted)");
      }
    }
    // LT-SCALE-DNARROW.
    if (isNarrow(T[MatD]) && dv(desc::D_SCALE_MODE, 0) != smode::Scalar32F)
      err(Category::NarrowPrecision, "LT-SCALE-DNARROW", da(desc::D_SCALE_MODE),
          dv(desc::D_SCALE_MODE),
          dn(desc::D_SCALE_MODE) + " must be SCALAR_32F when D is " +
              typeName(T[MatD]));
    // LT-SCALE-PTRARRAY.
    if (anyPointerArray())
      for (int64_t A : ScaleModeAttrs)
        if (dv(A, 0) != smode::Scalar32F)
          err(Category::NarrowPrecision, "LT-SCALE-PTRARRAY", da(A), dv(A),
              dn(A) + " must be SCALAR_32F when a layout uses "
                      "CUBLASLT_BATCH_MODE_POINTER_ARRAY");
    // 9.0 block modes: LT-SCALE-2D2D, -OUTERVEC, -FP8D, -MN4.
    if (is90Mode(MA) || is90Mode(MB)) {
      const bool Outer = MA == smode::OuterVec32F || MB == smode::OuterVec32F;
      if (MA >= 0 && MB >= 0) {
        const bool PairOk =
            Outer ? MA == MB
                  : (MA == smode::Vec128_32F || MA == smode::Blk128x128_32F) &&
                        (MB == smode::Vec128_32F || MB == smode::Blk128x128_32F) &&
                        !(MA == smode::Blk128x128_32F && MB == smode::Blk128x128_32F);
        if (!PairOk)
          err(Category::NarrowPrecision, Outer ? "LT-SCALE-OUTERVEC" : "LT-SCALE-2D2D",
              da(desc::B_SCALE_MODE), MB,
              "scale modes " + ModeText(MA) + " (A) and " + ModeText(MB) + " (B) are not a "
              "supported pair; supported: OUTER_VEC x OUTER_VEC, VEC128 x "
              "VEC128, VEC128 x BLK128x128, BLK128x128 x VEC128");
      }
      for (int64_t A : {desc::C_SCALE_MODE, desc::D_SCALE_MODE,
                        desc::EPILOGUE_AUX_SCALE_MODE, desc::D_OUT_SCALE_MODE})
        if (dv(A, 0) != smode::Scalar32F)
          err(Category::NarrowPrecision, "LT-SCALE-OUTERVEC", da(A), dv(A),
              dn(A) + " must stay SCALAR_32F with the " +
                  (Outer ? "OUTER_VEC_32F" : "VEC128/BLK128x128") + " modes on A and B");
      if (Outer && d(desc::D_SCALE_POINTER).Known && d(desc::D_SCALE_POINTER).V)
        err(Category::NarrowPrecision, "LT-SCALE-OUTERVEC",
            da(desc::D_SCALE_POINTER), d(desc::D_SCALE_POINTER).V,
            dn(desc::D_SCALE_POINTER) + " is not supported with OUTER_VEC_32F");
      if (isFp8(T[MatD]))
        err(Category::NarrowPrecision, "LT-SCALE-FP8D", la(MatD, layout::TYPE),
            T[MatD],
            "D cannot be FP8 (" + typeName(T[MatD]) + ") with scale mode " +
                ModeText(is90Mode(MA) ? MA : MB) + "; use CUDA_R_16F, CUDA_R_16BF or CUDA_R_32F");
      if (!Outer) {
        const int64_t Rows = lv(MatD, layout::ROWS), Cols = lv(MatD, layout::COLS);
        if (Rows > 0 && Rows % 4)
          err(Category::NarrowPrecision, "LT-SCALE-MN4", la(MatD, layout::ROWS),
              Rows, "m (" + num(Rows) + ") must be a multiple of 4 with the "
                                        "VEC128/BLK128x128 scale modes").Bound = 4;
        if (Cols > 0 && Cols % 4)
          err(Category::NarrowPrecision, "LT-SCALE-MN4", la(MatD, layout::COLS),
              Cols, "n (" + num(Cols) + ") must be a multiple of 4 with the "
                                        "VEC128/BLK128x128 scale modes").Bound = 4;
      }
    }
    // LT-SCALE-BLOCKMIX and LT-FP4-REQ (A/B scale mode of FP4 data).
    for (unsigned M : {MatA, MatB}) {
      const int64_t Attr = M == MatA ? desc::A_SCALE_MODE : desc::B_SCALE_MODE;
      const int64_t Mode = dv(Attr);
      if (Mode < 0 || T[M] < 0)
        continue;
      if (isFp4(T[M]) && Mode != smode::Vec16UE4M3)
        err(Category::NarrowPrecision, "LT-FP4-REQ", da(Attr), Mode,
            dn(Attr) + " must be CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 for "
                       "FP4 data");
      else if ((Mode == smode::Vec16UE4M3 && !isFp4(T[M])) ||
               (Mode == smode::Vec32UE8M0 && !isFp8(T[M])))
        err(Category::NarrowPrecision, "LT-SCALE-BLOCKMIX", da(Attr), Mode,
            dn(Attr) + " " + enumText(EnumKind::ScaleMode, Mode) +
                " does not fit " + typeName(T[M]) +
                " data: VEC32_UE8M0 is for FP8, VEC16_UE4M3 for FP4");
      else if (isFp8(T[M]) && (MA == smode::Vec32UE8M0 || MB == smode::Vec32UE8M0) &&
               Mode != smode::Vec32UE8M0)
        err(Category::NarrowPrecision, "LT-SCALE-BLOCKMIX", da(Attr), Mode,
            dn(Attr) + " must also be VEC32_UE8M0: 1D block scaling applies "
                       "to every FP8 tensor");
    }
    // LT-SCALE-PTR: block and vector modes need their scale pointer.
    if (!In.Heuristic)
      for (int64_t A : ScaleModeAttrs) {
        const int64_t Mode = dv(A, 0);
        const Value P = d(scalePointerFor(A));
        if (A == desc::D_OUT_SCALE_MODE && DOutPointerReported)
          continue;
        if (Mode != smode::Scalar32F && P.Known && P.V == 0)
          err(Category::NarrowPrecision, "LT-SCALE-PTR", da(scalePointerFor(A)), 0,
              dn(scalePointerFor(A)) + " must be set: " + dn(A) + " is " +
                  enumText(EnumKind::ScaleMode, Mode));
      }
    // LT-SCALE-ARCH (A).
    if (cc().Known)
      for (int64_t A : ScaleModeAttrs) {
        const int64_t Mode = dv(A, 0);
        const bool Bad = (is90Mode(Mode) && cc().V / 10 != 9) ||
                         ((Mode == smode::Vec16UE4M3 || Mode == smode::Vec32UE8M0) &&
                          cc().V < 100);
        if (Bad)
          err(Category::NarrowPrecision, "LT-SCALE-ARCH", da(A), Mode,
              dn(A) + " " + enumText(EnumKind::ScaleMode, Mode) +
                  " is not supported on " + ccText() +
                  (is90Mode(Mode) ? " (compute capability 9.0 only)"
                                  : " (compute capability 10.0 or newer)"));
      }
  }

  // --- C versus D (section 4) -----------------------------------------------------------------
  void checkCD() {
    const int64_t D = T[MatD];
    const bool CNull = cdescNull();
    if (isNarrow(D)) {
      // LT-CD-NARROW: C needs its own, wider descriptor.
      if (CNull || (In.CdescIsDdesc.Known && In.CdescIsDdesc.V))
        err(Category::NarrowPrecision, "LT-CD-NARROW", Subject{Arg::Cdesc, -1}, 0,
            std::string("'Cdesc' ") + (CNull ? "is NULL" : "is Ddesc") +
                " but D is " + typeName(D) +
                "; a narrow D needs a C layout of CUDA_R_16BF, CUDA_R_16F or "
                "CUDA_R_32F",
            "pass a separate Cdesc (C may be NULL with beta = 0)");
      else if (In.CIsD.Known && In.CIsD.V)
        err(Category::NarrowPrecision, "LT-CD-NARROW", Subject{Arg::C, -1}, 0,
            "C and D are the same buffer but D is " + typeName(D) +
                "; a narrow D cannot be computed in place");
      return;
    }
    // LT-CD-INPLACE: in place means C == D *and* Cdesc == Ddesc. One buffer
    // read through one layout and written through another is neither of the
    // two forms cuBLASLt documents: D's tiles overwrite C's before they are
    // read. Two descriptors that describe the same memory are harmless;
    // rows, columns, batch count and type are other rules' (SHAPE-MNK,
    // BATCH-EQ, the type table).
    if (!CNull && In.CIsD.Known && In.CIsD.V && In.CdescIsDdesc.Known &&
        !In.CdescIsDdesc.V) {
      struct Attr { int64_t Id; const char *What; };
      for (Attr A : {Attr{layout::ORDER, "order"}, Attr{layout::LD, "leading dimension"},
                     Attr{layout::STRIDED_BATCH_OFFSET, "batch stride"}}) {
        const Value C = l(MatC, A.Id), DV = l(MatD, A.Id);
        if (!C.Known || !DV.Known || C.V == DV.V ||
            (A.Id == layout::STRIDED_BATCH_OFFSET && lv(MatD, layout::BATCH_COUNT) == 1) ||
            reportedOn(la(MatC, A.Id)) || reportedOn(la(MatD, A.Id)))
          continue; // the same data, or the layout's own rule said it
        err(Category::ShapeConsistency, "LT-CD-INPLACE", la(MatC, A.Id), C.V,
            std::string("C and D are the same buffer but Cdesc and Ddesc differ in ") +
                A.What + " (" + num(C.V) + " and " + num(DV.V) +
                "); cuBLASLt computes in place only when Cdesc is Ddesc",
            "pass Ddesc as Cdesc, or give D a buffer of its own")
            .Bound = DV.V;
        break; // one defect: the buffer shared through two layouts
      }
    }
    // LT-CD-MATCH: out of place, C and D agree on everything but ld.
    if (CNull || !cOutOfPlace())
      return;
    struct Attr { int64_t Id; const char *What; };
    for (Attr A : {Attr{layout::TYPE, "data type"}, Attr{layout::ROWS, "rows"},
                   Attr{layout::COLS, "columns"},
                   Attr{layout::BATCH_COUNT, "batch count"},
                   Attr{layout::ORDER, "order"}}) {
      const Value C = l(MatC, A.Id), DV = l(MatD, A.Id);
      if (C.Known && DV.Known && C.V != DV.V &&
          A.Id != layout::ROWS && A.Id != layout::COLS &&
          A.Id != layout::BATCH_COUNT) // reported by SHAPE-MNK and BATCH-EQ
        err(Category::ShapeConsistency, "LT-CD-MATCH", la(MatC, A.Id), C.V,
            std::string("out of place, C and D must have the same ") + A.What +
                ": " + ln(MatC, A.Id) + " is " + num(C.V) + ", D's is " +
                num(DV.V))
            .Bound = DV.V;
    }
  }

  // --- int8 (section 7) ----------------------------------------------------------------------
  void checkInt8() {
    if (T[MatA] != dt::R_8I || !isInt8ComputeType(Compute))
      return;
    const int64_t TA = dv(desc::TRANSA), TB = dv(desc::TRANSB);
    const int64_t PM = dv(desc::POINTER_MODE);
    if (anyImmaOrder()) {
      // LT-IMMA-ORDER.
      for (unsigned M = 0; M < 4; ++M) {
        const int64_t O = lv(M, layout::ORDER);
        const bool Ok = M == MatB ? (O == order::Col4_4R2_8C || O == order::Col32_2R_4R4)
                                  : O == order::Col32;
        if (O >= 0 && !Ok)
          err(Category::Int8Alignment, "LT-IMMA-ORDER", la(M, layout::ORDER), O,
              ln(M, layout::ORDER) + " is " + enumText(EnumKind::Order, O) +
                  "; with IMMA orders A, C and D use CUBLASLT_ORDER_COL32 and B "
                  "CUBLASLT_ORDER_COL4_4R2_8C or CUBLASLT_ORDER_COL32_2R_4R4");
      }
      if ((TA >= 0 && TA != op::N) || (TB >= 0 && TB != op::T))
        err(Category::Int8Alignment, "LT-IMMA-ORDER",
            da(TA >= 0 && TA != op::N ? desc::TRANSA : desc::TRANSB),
            TA >= 0 && TA != op::N ? TA : TB,
            "IMMA orders need TRANSA = CUBLAS_OP_N and TRANSB = CUBLAS_OP_T");
      if (PM > pmode::AlphaDeviceVectorBetaZero)
        err(Category::ScalarPointerMode, "LT-IMMA-PMODE2", da(desc::POINTER_MODE), PM,
            dn(desc::POINTER_MODE) + " " + enumText(EnumKind::PointerMode, PM) +
                " is not supported with IMMA orders (HOST, DEVICE, DEVICE_VECTOR "
                "or ALPHA_DEVICE_VECTOR_BETA_ZERO)");
      if (dv(desc::ALPHA_VECTOR_BATCH_STRIDE, 0) != 0)
        err(Category::ScalarPointerMode, "LT-IMMA-PMODE2",
            da(desc::ALPHA_VECTOR_BATCH_STRIDE), dv(desc::ALPHA_VECTOR_BATCH_STRIDE),
            dn(desc::ALPHA_VECTOR_BATCH_STRIDE) + " is not supported with IMMA orders");
      if (Scale == dt::R_32I) {
        for (Arg A : {Arg::Alpha, Arg::Beta}) {
          const Value V = A == Arg::Alpha ? In.AlphaValue : In.BetaValue;
          if (V.Known && V.V != 0 && V.V != 1)
            err(Category::ScalarType, "LT-IMMA-ALPHA01", Subject{A, -1}, V.V,
                q(argName(A)) + " (" + num(V.V) + ") must be 0 or 1 with "
                "scaleType CUDA_R_32I and IMMA orders");
        }
      }
      // LT-IMMA-ORDERARCH (A).
      if (cc().Known) {
        const bool Ampere = cc().V / 10 == 8;
        bool Bad = cc().V < 75 || cc().V >= 90;
        Bad |= lv(MatB, layout::ORDER) == order::Col32_2R_4R4 && !Ampere;
        if (Bad)
          err(Category::Int8Alignment, "LT-IMMA-ORDERARCH", la(MatB, layout::ORDER),
              lv(MatB, layout::ORDER),
              "the IMMA orders (COL32, COL4_4R2_8C, COL32_2R_4R4) are not "
              "supported on " + ccText() +
                  " (COL4_4R2_8C: 7.5 and 8.x; COL32_2R_4R4: 8.x)");
      }
      return;
    }
    if (!allOrders(order::Col))
      return;
    // Regular order: LT-IMMA-TN, -LD4, -MK4, -PMODE.
    if (TA >= 0 && TB >= 0 && (TA != op::T || TB != op::N))
      err(Category::Int8Alignment, "LT-IMMA-TN",
          da(TA != op::T ? desc::TRANSA : desc::TRANSB), TA != op::T ? TA : TB,
          "int8 matmuls support only the TN format (TRANSA = CUBLAS_OP_T, "
          "TRANSB = CUBLAS_OP_N)");
    for (unsigned M : {MatA, MatB, MatC}) {
      const int64_t Ld = lv(M, layout::LD);
      if (Ld > 0 && Ld % 4)
        err(Category::Int8Alignment, "LT-IMMA-LD4", la(M, layout::LD), Ld,
            ln(M, layout::LD) + " (" + num(Ld) +
                ") must be a multiple of 4 in int8 matmuls").Bound = 4;
    }
    int64_t AR = 0, AC = 0;
    if (opShape(MatA, AR, AC)) {
      if (AR % 4)
        err(Category::Int8Alignment, "LT-IMMA-MK4",
            la(MatA, TA == op::N ? layout::ROWS : layout::COLS), AR,
            "m (" + num(AR) + ") must be a multiple of 4 in int8 matmuls").Bound = 4;
      if (AC % 4)
        err(Category::Int8Alignment, "LT-IMMA-MK4",
            la(MatA, TA == op::N ? layout::COLS : layout::ROWS), AC,
            "k (" + num(AC) + ") must be a multiple of 4 in int8 matmuls").Bound = 4;
    }
    if (PM >= 0 && PM != pmode::Host && PM != pmode::Device &&
        PM != pmode::AlphaDeviceVectorBetaHost)
      err(Category::ScalarPointerMode, "LT-IMMA-PMODE", da(desc::POINTER_MODE), PM,
          dn(desc::POINTER_MODE) + " " + enumText(EnumKind::PointerMode, PM) +
              " is not supported in int8 matmuls with regular orders (HOST, "
              "DEVICE or ALPHA_DEVICE_VECTOR_BETA_HOST)");
  }

  // --- pointer mode (section 8) ----------------------------------------------------------------
  void checkPointerMode() {
    const int64_t PM = dv(desc::POINTER_MODE);
    if (PM < 0)
      return;
    if (anyPointerArray() && PM != pmode::Host && PM != pmode::Device)
      err(Category::ScalarPointerMode, "LT-PTR-BATCHMODE", da(desc::POINTER_MODE), PM,
          dn(desc::POINTER_MODE) + " must be HOST or DEVICE when a layout uses "
                                   "CUBLASLT_BATCH_MODE_POINTER_ARRAY");
    const int64_t Avbs = dv(desc::ALPHA_VECTOR_BATCH_STRIDE, 0);
    if (Avbs != 0 && (PM == pmode::AlphaDeviceVectorBetaZero || anyPointerArray()))
      err(Category::ScalarPointerMode, "LT-PTR-AVBS",
          da(desc::ALPHA_VECTOR_BATCH_STRIDE), Avbs,
          dn(desc::ALPHA_VECTOR_BATCH_STRIDE) + " (" + num(Avbs) +
              ") must be 0 " +
              (PM == pmode::AlphaDeviceVectorBetaZero
                   ? "with ALPHA_DEVICE_VECTOR_BETA_ZERO"
                   : "when a layout uses CUBLASLT_BATCH_MODE_POINTER_ARRAY"));
    if (In.Heuristic)
      return;
    // LT-TYPE-ALPHA: *alpha and *beta have the scale type.
    for (Arg A : {Arg::Alpha, Arg::Beta}) {
      const Value PT = In.pointer(A).PointeeType;
      if (const Value &ToPointer = In.pointer(A).PointeeIsPointer;
          ToPointer.Known && ToPointer.V) {
        err(Category::ScalarType, "LT-TYPE-ALPHA", Subject{A, -1}, 0,
            q(argName(A)) + " points to a pointer, not to a scalar: cuBLASLt "
                            "reads the pointer's bytes as the scale type",
            "pass the pointer itself, not its address")
            .Bound = Scale;
        continue;
      }
      if (PT.Known && PT.V >= 0 && Scale >= 0 && PT.V != Scale &&
          !holdsComplex(In.pointer(A), Scale))
        err(Category::ScalarType, "LT-TYPE-ALPHA", Subject{A, -1}, PT.V,
            q(argName(A)) + " points to '" +
                (cxxTypeName(PT.V) ? cxxTypeName(PT.V) : typeName(PT.V)) +
                "' but the scale type is " + typeName(Scale) + " ('" +
                (cxxTypeName(Scale) ? cxxTypeName(Scale) : typeName(Scale)) +
                "'); cuBLASLt reads its bytes as that type")
            .Bound = Scale;
    }
    // LT-PTR-NULL.
    if (isNull(Arg::Alpha))
      err(Category::ScalarPointerMode, "LT-PTR-NULL", Subject{Arg::Alpha, -1}, 0,
          "'alpha' must not be NULL");
    if (isNull(Arg::Beta) && PM != pmode::AlphaDeviceVectorBetaZero)
      err(Category::ScalarPointerMode, "LT-PTR-NULL", Subject{Arg::Beta, -1}, 0,
          "'beta' must not be NULL with " + enumText(EnumKind::PointerMode, PM) +
              " (only ALPHA_DEVICE_VECTOR_BETA_ZERO ignores it)");
    // LT-PTR-LOC: where alpha and beta live.
    for (Arg A : {Arg::Alpha, Arg::Beta}) {
      const PointerFacts &P = In.pointer(A);
      if (P.Where == Residency::Unknown || (P.Address.Known && !P.Address.V))
        continue;
      const bool HostSide = PM == pmode::Host ||
                            (A == Arg::Beta && PM == pmode::AlphaDeviceVectorBetaHost);
      if (A == Arg::Beta && PM == pmode::AlphaDeviceVectorBetaZero)
        continue;
      if (HostSide && P.Where == Residency::Device)
        err(Category::ScalarPointerMode, "LT-PTR-LOC", Subject{A, -1}, P.Address.V,
            q(argName(A)) + " points to device memory but " +
                dn(desc::POINTER_MODE) + " is " + enumText(EnumKind::PointerMode, PM) +
                ": the host would read it");
      else if (!HostSide && gpuCannotRead(P))
        err(Category::ScalarPointerMode, "LT-PTR-LOC", Subject{A, -1}, P.Address.V,
            q(argName(A)) + " points to pageable host memory but " +
                dn(desc::POINTER_MODE) + " is " + enumText(EnumKind::PointerMode, PM) +
                ": the GPU would read it");
    }
    // LT-PTR-VECLEN: vector modes read rows(D) scale-type elements.
    const int64_t Rows = lv(MatD, layout::ROWS), Size = Scale >= 0 ? elementSize(Scale) : 0;
    for (Arg A : {Arg::Alpha, Arg::Beta}) {
      const bool Vector = PM == pmode::DeviceVector ||
                          (A == Arg::Alpha && (PM == pmode::AlphaDeviceVectorBetaZero ||
                                               PM == pmode::AlphaDeviceVectorBetaHost));
      const PointerFacts &P = In.pointer(A);
      const int64_t Available = remaining(P);
      if (!Vector || Rows <= 0 || !Size || !P.Address.V || Available < 0)
        continue;
      if (Available < rules::detail::satMul(Rows, Size))
        err(Category::ScalarPointerMode, "LT-PTR-VECLEN", Subject{A, -1}, Available,
            q(argName(A)) + " is a vector of rows(D) = " + num(Rows) + " " +
                typeName(Scale) + " elements (" +
                rules::detail::countText(rules::detail::satMul(Rows, Size)) +
                " bytes) in " + enumText(EnumKind::PointerMode, PM) +
                ", but only " + num(Available) + " bytes remain in its allocation")
            .Bound = Rows * Size;
    }
  }

  // --- epilogues (section 9) --------------------------------------------------------------------
  void checkEpilogue() {
    const int64_t E = dv(desc::EPILOGUE);
    if (E < 0 || E == epi::Default)
      return;
    const std::string Name = enumText(EnumKind::Epilogue, E);
    // LT-EPI-BATCHMODE.
    if (anyPointerArray())
      err(Category::Epilogue, "LT-EPI-BATCHMODE", da(desc::EPILOGUE), E,
          dn(desc::EPILOGUE) + " " + Name + " is not supported when a layout "
          "uses CUBLASLT_BATCH_MODE_POINTER_ARRAY (only DEFAULT)");
    // LT-EPI-TYPE / LT-IMMA-EPI / LT-IMMA-EPI2: rows without epilogues.
    if (BiasType == -1)
      err(Category::Epilogue,
          T[MatA] == dt::R_8I ? (anyImmaOrder() ? "LT-IMMA-EPI2" : "LT-IMMA-EPI")
                              : "LT-EPI-TYPE",
          da(desc::EPILOGUE), E,
          dn(desc::EPILOGUE) + " " + Name + " is not supported with " +
              computeName(Compute) + " and " + typeName(T[MatA]) + " -> " +
              typeName(T[MatD]) + " (only CUBLASLT_EPILOGUE_DEFAULT)");
    // LT-EPI-BLOCKFP8 (observed): TransformerEngine allows only DEFAULT,
    // BIAS and DGELU with the 9.0 block scale modes.
    const int64_t MA = dv(desc::A_SCALE_MODE), MB = dv(desc::B_SCALE_MODE);
    const bool Block = MA == smode::Vec128_32F || MA == smode::Blk128x128_32F ||
                       MB == smode::Vec128_32F || MB == smode::Blk128x128_32F;
    if (Block && E != epi::Bias && E != epi::DGelu)
      warn(Category::Epilogue, "LT-EPI-BLOCKFP8", da(desc::EPILOGUE), E,
           dn(desc::EPILOGUE) + " " + Name + " with the VEC128/BLK128x128 "
           "scale modes is outside what TransformerEngine found to work "
           "(DEFAULT, BIAS, DGELU)");
    // LT-EPI-ROWORDER.
    if (lv(MatD, layout::ORDER) == order::Row) {
      if (epilogueUsesBias(E))
        err(Category::Epilogue, "LT-EPI-ROWORDER", da(desc::EPILOGUE), E,
            dn(desc::EPILOGUE) + " " + Name + " is not supported when D uses "
            "CUBLASLT_ORDER_ROW");
      else
        warn(Category::Epilogue, "LT-EPI-ROWORDER", da(desc::EPILOGUE), E,
             dn(desc::EPILOGUE) + " " + Name + " with D in CUBLASLT_ORDER_ROW: "
             "one version of the documentation excludes every activation "
             "epilogue with row-major D");
    }
    // LT-EPI-BIASTYPE and LT-FP8-BIAS.
    const int64_t BT = dv(desc::BIAS_DATA_TYPE, -2);
    if (epilogueUsesBias(E) && BiasType >= 0 && BT != -2) {
      // The default (-1) is D's type, except (header) IMMA kernels with an
      // int8 C, whose bias has the scale type, and FP8 kernels with a
      // 32F/E4M3/E5M2 D, whose default the header leaves to the docs:
      // silent there.
      int64_t Effective = BT;
      if (BT == -1) {
        const int64_t D = T[MatD];
        if (isInt8ComputeType(Compute) && T[MatC] == dt::R_8I)
          Effective = Scale;
        else if ((Fp8 || Fp4) && (D == dt::R_32F || isNarrow(D)))
          Effective = -1;
        else
          Effective = D;
      }
      if (Effective >= 0 && Effective != BiasType)
        err(Category::Epilogue, (Fp8 || Fp4) ? "LT-FP8-BIAS" : "LT-EPI-BIASTYPE",
            da(desc::BIAS_DATA_TYPE), BT,
            "the bias of " + Name + " is " + typeName(Effective) +
                (BT == -1 ? " (the default: D's type)" : "") + " but " +
                (Fp8 || Fp4 ? std::string("this narrow-precision matmul")
                            : computeName(Compute) + " with " + typeName(T[MatA]) +
                                  " -> " + typeName(T[MatD])) +
                " takes a " + typeName(BiasType) + " bias",
            "set " + dn(desc::BIAS_DATA_TYPE) + " to " + typeName(BiasType))
            .Bound = BiasType;
    }
    // LT-EPI-AUXTYPE and LT-FP8-AUXTYPE.
    const int64_t AT = dv(desc::EPILOGUE_AUX_DATA_TYPE, -1);
    if (AT != -1 && T[MatD] >= 0 && AT != T[MatD] && epilogueUsesAux(E)) {
      const bool Fp8Gelu = T[MatD] == dt::R_8F_E4M3 && T[MatA] == dt::R_8F_E4M3 &&
                           T[MatB] == dt::R_8F_E4M3 &&
                           (E == epi::GeluAux || E == epi::GeluAuxBias) &&
                           ((T[MatC] == dt::R_16F && (AT == dt::R_16F || AT == dt::R_8F_E4M3)) ||
                            (T[MatC] == dt::R_16BF && AT == dt::R_16BF));
      if (!Fp8Gelu && T[MatA] >= 0 && T[MatB] >= 0 && T[MatC] >= 0)
        err(Category::Epilogue, Fp8 ? "LT-FP8-AUXTYPE" : "LT-EPI-AUXTYPE",
            da(desc::EPILOGUE_AUX_DATA_TYPE), AT,
            dn(desc::EPILOGUE_AUX_DATA_TYPE) + " " + typeName(AT) +
                " differs from D's type; a non-default aux type is supported "
                "only for E4M3 GELU_AUX outputs",
            "leave it unset (-1)");
    }
    // LT-EPI-AUX, -AUXLD, -AUXSTRIDE.
    if (epilogueUsesAux(E)) {
      const int64_t Ld = dv(desc::EPILOGUE_AUX_LD), Rows = lv(MatD, layout::ROWS);
      const bool Mask = epilogueReluMaskAux(E);
      const int64_t Multiple = Mask ? 128 : 8;
      if (Ld >= 0 && (Ld % Multiple || (Rows >= 0 && Ld < Rows) || Ld == 0))
        err(Category::Epilogue, Ld == 0 ? "LT-EPI-AUX" : "LT-EPI-AUXLD",
            da(desc::EPILOGUE_AUX_LD), Ld,
            dn(desc::EPILOGUE_AUX_LD) + " (" + num(Ld) + ") must be " +
                (Mask ? "a multiple of 128 (bits of the ReLU mask)"
                      : "a multiple of 8 (elements of the GELU input)") +
                " and at least the rows of D" +
                (Rows >= 0 ? " (" + num(Rows) + ")" : std::string()) + " for " + Name)
            .Bound = Multiple;
      const int64_t Stride = dv(desc::EPILOGUE_AUX_BATCH_STRIDE, 0);
      if (Stride % Multiple)
        err(Category::Epilogue, "LT-EPI-AUXSTRIDE", da(desc::EPILOGUE_AUX_BATCH_STRIDE),
            Stride,
            dn(desc::EPILOGUE_AUX_BATCH_STRIDE) + " (" + num(Stride) +
                ") must be a multiple of " + num(Multiple) + " for " + Name)
            .Bound = Multiple;
      if (!In.Heuristic && d(desc::EPILOGUE_AUX_POINTER).Known &&
          d(desc::EPILOGUE_AUX_POINTER).V == 0)
        err(Category::Epilogue, "LT-EPI-AUX", da(desc::EPILOGUE_AUX_POINTER), 0,
            dn(desc::EPILOGUE_AUX_POINTER) + " must be set for " + Name);
    }
    // LT-EPI-BIASPTR.
    if (epilogueUsesBias(E) && !In.Heuristic && d(desc::BIAS_POINTER).Known &&
        d(desc::BIAS_POINTER).V == 0)
      err(Category::Epilogue, "LT-EPI-BIASPTR", da(desc::BIAS_POINTER), 0,
          dn(desc::BIAS_POINTER) + " must be set for " + Name);
    // The bias vector: rows(D) elements (cols(D) for BGRADB).
    if (epilogueUsesBias(E) && !In.Heuristic) {
      const PointerFacts &P = In.descPointer(desc::BIAS_POINTER);
      const int64_t Len = lv(MatD, E == epi::BGradB ? layout::COLS : layout::ROWS);
      const int64_t Type = BT >= 0 ? BT : BiasType;
      const int64_t Bytes =
          Len > 0 && Type >= 0 ? rules::detail::satMul(Len, elementBits(Type)) / 8 : 0;
      const int64_t Available = remaining(P);
      if (Bytes > 0 && P.Address.V && Available >= 0 && Available < Bytes)
        err(Category::Epilogue, "LT-EPI-BIASPTR", da(desc::BIAS_POINTER),
            Available,
            "the bias of " + Name + " holds " + num(Len) + " " + typeName(Type) +
                " elements (" + rules::detail::countText(Bytes) +
                " bytes) but only " + num(Available) + " remain in its allocation")
            .Bound = Bytes;
    }
  }

  // --- other attributes (section 14, 13) --------------------------------------------------------
  void checkMisc() {
    const int64_t Fill = dv(desc::FILL_MODE, fill::Full);
    if (Fill != fill::Full) {
      bool BadType = false;
      for (unsigned M = 0; M < 4; ++M)
        BadType |= T[M] == dt::R_16BF || isFp8(T[M]);
      if (BadType)
        err(Category::InvalidEnum, "LT-MISC-FILL", da(desc::FILL_MODE), Fill,
            dn(desc::FILL_MODE) + " other than CUBLAS_FILL_MODE_FULL is not "
            "supported for bfloat16 or FP8 data");
      else if (cc().Known && cc().V >= 90)
        err(Category::InvalidEnum, "LT-MISC-FILL", da(desc::FILL_MODE), Fill,
            dn(desc::FILL_MODE) + " other than CUBLAS_FILL_MODE_FULL is not "
            "supported on " + ccText() + " (Hopper and Blackwell)");
    }
    // LT-ALGO-COUNT.
    if (In.Heuristic)
      checkRequestedCount(S, "LT-ALGO-COUNT", In.RequestedAlgoCount);
    // LT-ALGO-RESULT: with no algorithm found, the query returns
    // CUBLAS_STATUS_NOT_SUPPORTED, sets the count to 0 and leaves the
    // results as they were.
    if (!In.Heuristic && In.AlgoResultUnchecked.Known && In.AlgoResultUnchecked.V)
      err(Category::InvalidEnum, "LT-ALGO-RESULT", Subject{Arg::Algo, -1}, 0,
          "'algo' is a result of cublasLtMatmulAlgoGetHeuristic whose "
          "'returnAlgoCount' and status are never read: where no algorithm "
          "is found, cublasLtMatmul gets one that was never set",
          "use the result only when the returned count is at least 1");
  }

  // --- workspace (section 10) ---------------------------------------------------------------------
  void checkWorkspace() {
    const PointerFacts &W = In.pointer(Arg::Workspace);
    const Value Size = In.WorkspaceSize;
    if (W.Address.Known && W.Address.V == 0 && Size.Known && Size.V > 0)
      err(Category::Workspace, "LT-WS-NULL", Subject{Arg::Workspace, -1}, 0,
          "'workspace' is NULL but 'workspaceSizeInBytes' is " + num(Size.V),
          "pass 0 as the size when there is no workspace");
    if (W.Address.Known && W.Address.V % 256)
      err(Category::Workspace, "LT-WS-ALIGN", Subject{Arg::Workspace, -1},
          W.Address.V,
          "'workspace' is " + num(W.Address.V % 256) +
              " bytes past a 256-byte boundary; cuBLASLt needs it 256-byte aligned")
          .Bound = 256;
    if (Size.Known && In.AlgoWorkspaceSize.Known && Size.V < In.AlgoWorkspaceSize.V)
      err(Category::Workspace, "LT-WS-SIZE", Subject{Arg::WorkspaceSize, -1}, Size.V,
          "'workspaceSizeInBytes' (" + num(Size.V) + ") is less than the " +
              num(In.AlgoWorkspaceSize.V) +
              " bytes the heuristic said this algo needs")
          .Bound = In.AlgoWorkspaceSize.V;
    if (const int64_t Left = remaining(W);
        Size.Known && W.Address.V && Left >= 0 && Left < Size.V)
      err(Category::Workspace, "LT-WS-SIZE", Subject{Arg::WorkspaceSize, -1}, Size.V,
          "'workspaceSizeInBytes' (" + num(Size.V) + ") exceeds the " +
              num(Left) + " bytes left in the workspace allocation")
          .Bound = Left;
  }

  // --- data pointers -------------------------------------------------------------------------------
  void checkPointers() {
    const bool Narrow = Fp8 || Fp4;
    const bool Int8 = T[MatA] == dt::R_8I && isInt8ComputeType(Compute) &&
                      !anyImmaOrder();
    for (unsigned M = 0; M < 4; ++M) {
      const PointerFacts &P = In.pointer(dataArg(M));
      if (!P.Address.Known)
        continue;
      const Arg A = dataArg(M);
      if (P.Address.V == 0) {
        // LT-CD-NULLC: only C may be NULL, and only with beta == 0. An
        // empty matrix may be NULL.
        if (lv(M, layout::ROWS) <= 0 || lv(M, layout::COLS) <= 0)
          continue;
        if (M != MatC)
          err(Category::ScalarPointerMode, "LT-OBJ-LIFE", Subject{A, -1}, 0,
              q(argName(A)) + " is NULL");
        else if (In.BetaIsZero.Known && !In.BetaIsZero.V)
          err(Category::ScalarPointerMode, "LT-CD-NULLC", Subject{A, -1}, 0,
              "'C' is NULL but beta is non-zero");
        continue;
      }
      if (Narrow && M != MatD && P.Address.V % 16)
        err(Category::NarrowPrecision, "LT-FP8-ALIGN", Subject{A, -1}, P.Address.V,
            q(argName(A)) + " is " + num(P.Address.V % 16) +
                " bytes past a 16-byte boundary; " + (Fp8 ? "FP8" : "FP4") +
                " matmuls need A, B and C 16-byte aligned")
            .Bound = 16;
      if (Int8 && P.Address.V % 4)
        err(Category::Int8Alignment, "LT-IMMA-PTR4", Subject{A, -1}, P.Address.V,
            q(argName(A)) + " is " + num(P.Address.V % 4) +
                " bytes past a 4-byte boundary; int8 matmuls need 4-byte "
                "aligned matrices")
            .Bound = 4;
      // LT-ALIGN-PREF: less aligned than the heuristic was told.
      const Value Want = In.AlgoMinAlignment[M];
      const int64_t Have = P.Address.V & -P.Address.V;
      if (Want.Known && Want.V > 0 && Have < Want.V)
        warn(Category::BufferType, "LT-ALIGN-PREF", Subject{A, -1}, Have,
             q(argName(A)) + " is only " + num(Have) +
                 "-byte aligned but the algo was chosen for " + num(Want.V) +
                 "-byte alignment (CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_" +
                 matrixLetter(M) + "_BYTES); cublasLtMatmul may fail",
             "set the preference to the real alignment before the heuristic query")
            .Bound = Want.V;
      if (gpuCannotRead(P))
        err(Category::BufferType, "LT-PTR-LOC", Subject{A, -1}, P.Address.V,
            q(argName(A)) + " points to pageable host memory; cuBLASLt reads "
                            "matrices on the device");
    }
    // LT-EPI-ALIGN: the bias no less aligned than at the heuristic query.
    const Value Bias = d(desc::BIAS_POINTER);
    if (Bias.Known && Bias.V && In.AlgoBiasAlignment.Known &&
        (Bias.V & -Bias.V) < In.AlgoBiasAlignment.V)
      warn(Category::Epilogue, "LT-EPI-ALIGN", da(desc::BIAS_POINTER), Bias.V,
           dn(desc::BIAS_POINTER) + " is only " + num(Bias.V & -Bias.V) +
               "-byte aligned but was " + num(In.AlgoBiasAlignment.V) +
               "-byte aligned when the heuristic chose the algo")
          .Bound = In.AlgoBiasAlignment.V;
    // LT-SCALE-TILE: block scale factors start 16-byte aligned.
    for (int64_t A : ScaleModeAttrs) {
      const int64_t Mode = dv(A, 0), Ptr = scalePointerFor(A);
      const Value V = d(Ptr);
      if (Mode != smode::Scalar32F && Mode != smode::OuterVec32F && V.Known &&
          V.V % 16)
        err(Category::NarrowPrecision, "LT-SCALE-TILE", da(Ptr), V.V,
            dn(Ptr) + " is " + num(V.V % 16) + " bytes past a 16-byte "
            "boundary; block scale factors must start 16-byte aligned")
            .Bound = 16;
    }
    // Pointer attributes that must be device memory.
    for (int64_t Id : MatmulValues::DevicePointerAttributes) {
      const PointerFacts &P = In.descPointer(Id);
      if (gpuCannotRead(P) && P.Address.Known && P.Address.V)
        err(Category::BufferType, "LT-PTR-LOC", da(Id), P.Address.V,
            dn(Id) + " points to pageable host memory; cuBLASLt reads it on "
                     "the device");
    }
  }
};

} // namespace detail

// The verdict on one cublasLtMatmul or cublasLtMatmulAlgoGetHeuristic call.
inline std::vector<Finding> checkMatmul(const MatmulValues &Values) {
  return detail::MatmulChecker(Values).run();
}

// --- cublasLtMatrixTransform ------------------------------------------------------

// What is known at cublasLtMatrixTransform(lightHandle, transformDesc,
// alpha, A, Adesc, beta, B, Bdesc, C, Cdesc, stream): which arguments are
// NULL, and which objects were destroyed before the call.
struct TransformValues {
  Value Null[ArgCount];      // A, Adesc, B, Bdesc, C, Cdesc: 1 where NULL
  Value Destroyed[ArgCount]; // transformDesc, Adesc, Bdesc, Cdesc
  Value &isNull(Arg A) { return Null[static_cast<unsigned>(A)]; }
  const Value &isNull(Arg A) const { return Null[static_cast<unsigned>(A)]; }
  Value &destroyed(Arg A) { return Destroyed[static_cast<unsigned>(A)]; }
  const Value &destroyed(Arg A) const {
    return Destroyed[static_cast<unsigned>(A)];
  }
};

// LT-OBJ-LIFE for the objects, LT-OBJ-XFORM: a matrix needs its layout
// ("Adesc or Bdesc can be NULL if the corresponding pointer is NULL and the
// corresponding scalar is zero"; INVALID_VALUE "when A is not NULL, but
// Adesc is NULL").
inline std::vector<Finding> checkTransform(const TransformValues &In) {
  detail::Sink S;
  for (Arg A : {Arg::TransformDesc, Arg::Adesc, Arg::Bdesc, Arg::Cdesc})
    if (In.destroyed(A).Known && In.destroyed(A).V)
      detail::reportDestroyed(S, A);
  const Arg Pairs[3][2] = {{Arg::A, Arg::Adesc}, {Arg::B, Arg::Bdesc},
                           {Arg::C, Arg::Cdesc}};
  for (const auto &P : Pairs) {
    const Value &Matrix = In.isNull(P[0]), &Layout = In.isNull(P[1]);
    if (Matrix.Known && !Matrix.V && Layout.Known && Layout.V)
      S.add(Category::InvalidEnum, "LT-OBJ-XFORM", Subject{P[1], -1}, 0,
            detail::q(argName(P[0])) + " is not NULL but " +
                detail::q(argName(P[1])) +
                " is NULL: cuBLASLt needs the layout of every matrix it "
                "reads or writes and returns CUBLAS_STATUS_INVALID_VALUE");
  }
  return S.Out;
}

// --- cublasLtMatmulAlgoGetIds and cublasLtMatmulAlgoInit ----------------------------

struct AlgoSetupValues {
  Value RequestedAlgoCount; // AlgoGetIds
  Value AlgoIsNull;         // AlgoInit: 1 where 'algo' is NULL
};

// LT-ALGO-INIT: the arguments the header calls INVALID_VALUE.
inline std::vector<Finding> checkAlgoSetup(const AlgoSetupValues &In) {
  detail::Sink S;
  detail::checkRequestedCount(S, "LT-ALGO-INIT", In.RequestedAlgoCount);
  if (In.AlgoIsNull.Known && In.AlgoIsNull.V)
    S.add(Category::InvalidEnum, "LT-ALGO-INIT", Subject{Arg::Algo, -1}, 0,
          "'algo' must not be NULL: cublasLtMatmulAlgoInit writes the algo there");
  return S.Out;
}

// Whether the findings include one that makes the call invalid (warnings
// are observed restrictions, reported but not enforced).
inline bool hasError(const std::vector<Finding> &Fs) {
  for (const Finding &F : Fs)
    if (F.Sev == Severity::Error)
      return true;
  return false;
}

} // namespace lt
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_LT_CHECK_H
