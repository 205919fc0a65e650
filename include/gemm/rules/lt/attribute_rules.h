// gemm/rules/lt/attribute_rules.h - the rules of one attribute: its encoding at
// *SetAttribute/*GetAttribute, its value, and the values Create gives.
#ifndef GEMM_RULES_LT_ATTRIBUTE_RULES_H
#define GEMM_RULES_LT_ATTRIBUTE_RULES_H

#include "gemm/rules/lt/objects.h"

namespace gemm {
namespace rules {
namespace lt {

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

// LT-OBJ-LIFE: the object argument A names was destroyed before the call.
inline void reportDestroyed(Sink &S, Arg A) {
  S.add(Category::InvalidEnum, "LT-OBJ-LIFE", Subject{A, -1}, 0,
        q(argName(A)) + " was destroyed before this call")
      .Inputs = {{A, Fact::Destroyed}};
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
inline bool judgeValue(Sink &S, Object O, Arg Owner, int64_t Id, int64_t V,
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

// judgeValue's findings judge the one value a setter or Create wrote: they
// are reported at that call, not at every call that reads the object.
inline bool checkValue(Sink &S, Object O, Arg Owner, int64_t Id, int64_t V,
                       int64_t LibraryVersion) {
  const size_t First = S.Out.size();
  const bool Valid = judgeValue(S, O, Owner, Id, V, LibraryVersion);
  for (size_t I = First; I < S.Out.size(); ++I)
    S.Out[I].Where = Reported::AtSetter;
  return Valid;
}

} // namespace detail

// X*SetAttribute and X*GetAttribute: LT-ATTR-SIZE, -NULLBUF, -PTRBUF, -TYPE,
// -ENUM, -VERSION, -GET, and the value rules of the attribute.
inline std::vector<Finding> checkAttributeCall(const AttributeCall &C,
                                               bool IsGet) {
  Sink S;
  using detail::num;
  using detail::q;
  if (C.ObjectDestroyed.Known && C.ObjectDestroyed.V) {
    S.add(Category::InvalidEnum, "LT-OBJ-LIFE", Subject{C.Owner, -1}, 0,
          std::string("the ") + objectName(C.Obj) +
              " was destroyed before this call")
        .Inputs = {{C.Owner, Fact::Destroyed}};
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
  Sink S;
  const Arg Owner = ownerOf(O);
  for (int64_t Id = 0; Id < MaxAttributes; ++Id) {
    const AttrInfo *Info = findAttribute(O, Id);
    if (Info && Info->Default == FromCreate && Created[Id].Known)
      detail::checkValue(S, O, Owner, Id, Created[Id].V, LibraryVersion);
  }
  return S.Out;
}

} // namespace lt
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_LT_ATTRIBUTE_RULES_H
