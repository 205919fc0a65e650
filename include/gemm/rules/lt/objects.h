// gemm/rules/lt/objects.h - cuBLASLt's objects as the rules see them: the
// matrices and the arguments that name them, subjects' names, and an object's
// state (its attributes) from Create on.
#ifndef GEMM_RULES_LT_OBJECTS_H
#define GEMM_RULES_LT_OBJECTS_H

#include "gemm/rules/findings.h"
#include "gemm/rules/lt_attributes.h"
#include "gemm/rules/type_tables.h"
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

// The name cublasLt.h gives an argument (its handle is lightHandle).
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
  case Arg::HeuristicResults: return "heuristicResultsArray";
  case Arg::ReturnedAlgoCount: return "returnAlgoCount";
  case Arg::Algo: return "algo";
  case Arg::Workspace: return "workspace";
  case Arg::WorkspaceSize: return "workspaceSizeInBytes";
  case Arg::Buf: return "buf";
  case Arg::SizeInBytes: return "sizeInBytes";
  case Arg::SizeWritten: return "sizeWritten";
  case Arg::TransformDesc: return "transformDesc";
  case Arg::EmulationDesc: return "emulationDesc";
  default: break; // the GEMM family's roles: paramName names them
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

} // namespace lt
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_LT_OBJECTS_H
