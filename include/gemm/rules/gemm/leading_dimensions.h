// gemm/rules/gemm/leading_dimensions.h - GEMM-family rules: leading dimensions
// and pitches.
#ifndef GEMM_RULES_GEMM_LEADING_DIMENSIONS_H
#define GEMM_RULES_GEMM_LEADING_DIMENSIONS_H

#include "gemm/rules/gemm/checker.h"

namespace gemm {
namespace rules {
namespace detail {

// --- leading dimensions -------------------------------------------------

// "max(1, m)" for cuBLAS and hipBLAS; rocBLAS accepts ld = 0 when the
// dimension is 0 (docs/rules.md, hipBLAS and rocBLAS).
inline bool Checker::usesMaxOne() const { return Api.Vend != Vendor::Rocblas; }

inline int64_t Checker::lowerBound(int64_t Dim) const {
  return usesMaxOne() ? std::max<int64_t>(1, Dim) : Dim;
}

inline std::string Checker::boundText(const std::string &DimName, int64_t Dim) const {
  if (usesMaxOne())
    return "max(1, " + DimName + ") = " + std::to_string(lowerBound(Dim));
  return DimName + " = " + std::to_string(Dim);
}

inline void Checker::checkOperandLd(const Operand &X, int Group) {
  Value Ld = get(X.Ld, Group);
  if (!Ld.Known)
    return;
  Value Trans = get(X.Trans, Group);
  Value Rows = get(X.Rows, Group), Cols = get(X.Cols, Group);
  if (!Trans.Known) {
    // Invalid for every valid op only if below both candidate bounds.
    if (!Rows.Known || !Cols.Known || Rows.V < 0 || Cols.V < 0)
      return;
    const int64_t Min = std::min(lowerBound(Rows.V), lowerBound(Cols.V));
    if (Ld.V >= Min)
      return;
    const std::string LdName = quote(name(X.Ld, Group));
    add(Category::LeadingDimension, "ld.operand", X.Ld, Group, Ld.V,
        LdName + " (" + std::to_string(Ld.V) + ") must be at least " +
            boundText(name(X.Rows, Group), Rows.V) + " when " +
            quote(name(X.Trans, Group)) + " is " +
            operationName(Api.Vend, vendorOperation(Api.Vend, op::N)) +
            " and at least " + boundText(name(X.Cols, Group), Cols.V) +
            " otherwise",
        "", {X.Ld, X.Rows, X.Cols}).Bound = Min;
    return;
  }

  const bool NoTrans = canonicalOperation(Api.Vend, Trans.V) == op::N;
  const Role StoredRows = NoTrans ? X.Rows : X.Cols;
  const Role StoredCols = NoTrans ? X.Cols : X.Rows;
  Value Dim = get(StoredRows, Group);
  if (!Dim.Known || Dim.V < 0 || Ld.V >= lowerBound(Dim.V))
    return;
  // A violation: only now are the words worth building.
  const std::string LdName = quote(name(X.Ld, Group));
  const std::string Letter(1, X.Letter);
  const std::string RowsName = name(StoredRows, Group);
  const std::string ColsName = name(StoredCols, Group);
  std::string Msg = LdName + " (" + std::to_string(Ld.V) +
                    ") must be at least " + boundText(RowsName, Dim.V) +
                    " because " + quote(name(X.Trans, Group)) + " is " +
                    operationName(Api.Vend, Trans.V) + " (" + Letter +
                    " is stored " + RowsName + " x " + ColsName +
                    ", column-major)";
  Value Other = get(StoredCols, Group);
  std::string Note;
  const bool Idiom = Other.Known && Other.V == Ld.V;
  if (Idiom)
    Note = LdName + " equals " + quote(ColsName) + ", the number of columns of " +
           Letter + " as stored; for row-major data, swap the operands (compute C^T = B^T * A^T) or flip " +
           quote(name(X.Trans, Group));
  const std::string SizeNote =
      "set " + LdName + " to the number of rows of the allocation holding " +
      Letter + ", at least " + std::to_string(lowerBound(Dim.V));
  Finding &F = add(Category::LeadingDimension, "ld.operand", X.Ld, Group,
                   Ld.V, Msg, Idiom ? Note : SizeNote,
                   {X.Ld, X.Trans, StoredRows});
  F.Bound = lowerBound(Dim.V);
  F.RowMajorIdiom = Idiom;
  if (Idiom)
    F.SizeNote = SizeNote;
}

inline void Checker::checkOutputLd(Role LdRole, char Letter, int Group) {
  Value Ld = get(LdRole, Group);
  Value M = get(Role::M, Group);
  if (!Ld.Known || !M.Known || M.V < 0 || Ld.V >= lowerBound(M.V))
    return;
  const std::string LdName = quote(name(LdRole, Group));
  const std::string MName = name(Role::M, Group), NName = name(Role::N, Group);
  std::string Msg = LdName + " (" + std::to_string(Ld.V) +
                    ") must be at least " + boundText(MName, M.V) + " (" +
                    std::string(1, Letter) + " is stored " + MName + " x " +
                    NName + ", column-major)";
  Value N = get(Role::N, Group);
  std::string Note;
  const bool Idiom = N.Known && N.V == Ld.V;
  if (Idiom)
    Note = LdName + " equals " + quote(NName) + ", the number of columns of " +
           std::string(1, Letter) +
           "; for a row-major result, swap A and B and exchange m and n (compute C^T = B^T * A^T)";
  const std::string SizeNote =
      "set " + LdName + " to the number of rows of the allocation holding " +
      std::string(1, Letter) + ", at least " + std::to_string(lowerBound(M.V));
  Finding &F = add(Category::LeadingDimension, "ld.output", LdRole, Group,
                   Ld.V, Msg, Idiom ? Note : SizeNote, {LdRole, Role::M});
  F.Bound = lowerBound(M.V);
  F.RowMajorIdiom = Idiom;
  if (Idiom)
    F.SizeNote = SizeNote;
}

// cuBLAS counts leading dimensions in elements; cudaMallocPitch returns
// the pitch in bytes. They differ unless an element is one byte.
inline void Checker::checkPitches() {
  for (Role R : {Role::A, Role::B, Role::C}) {
    const Matrix X = matrix(R);
    if (!Api.has(X.Ld) || isPerGroup(X.Ld) ||
        !In.PitchBytes[static_cast<unsigned>(X.Ld)] || X.DataType < 0)
      continue;
    const int64_t Bytes = elementSize(X.DataType);
    if (Bytes <= 1)
      continue; // 0: a size the rules do not know; 1: bytes are elements
    const char *Cxx = cxxTypeName(X.DataType);
    const std::string Divisor =
        Cxx ? "sizeof(" + std::string(Cxx) + ")" : std::to_string(Bytes);
    const Value Ld = get(X.Ld);
    std::vector<Input> Inputs{X.Ld};
    if (Api.has(X.Type))
      Inputs.push_back(X.Type);
    add(Category::LeadingDimension, "ld.pitch-bytes", X.Ld, -1,
        Ld.Known ? Ld.V : 0,
        quote(name(X.Ld)) +
            " is a pitch in bytes from cudaMallocPitch, but cuBLAS counts "
            "leading dimensions in elements of " + name(R) + " (" +
            dataTypeName(Api.Vend, X.DataType) +
            ", " + std::to_string(Bytes) + " bytes each)",
        "divide the pitch by " + Divisor + " to pass it as " +
            quote(name(X.Ld)),
        std::move(Inputs));
  }
}

} // namespace detail
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_GEMM_LEADING_DIMENSIONS_H
