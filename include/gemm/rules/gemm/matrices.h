// gemm/rules/gemm/matrices.h - GEMM-family rules: the matrices: pointers,
// extents, int8, precision.
#ifndef GEMM_RULES_GEMM_MATRICES_H
#define GEMM_RULES_GEMM_MATRICES_H

#include "gemm/rules/gemm/checker.h"
#include "gemm/rules/overlap.h"

namespace gemm {
namespace rules {
namespace detail {

// --- matrices ---------------------------------------------------------------

inline Checker::Matrix Checker::matrix(Role Ptr) const {
  switch (Ptr) {
  case Role::A:
    return {Role::A, Role::AType, Role::Lda, Role::StrideA, Role::TransA,
            Role::M, Role::K, DataA};
  case Role::B:
    return {Role::B, Role::BType, Role::Ldb, Role::StrideB, Role::TransB,
            Role::K, Role::N, DataB};
  default:
    return {Role::C, Role::CType, Role::Ldc, Role::StrideC, Role::Count,
            Role::M, Role::N, DataC};
  }
}

inline void Checker::checkBuffers() {
  for (Role R : {Role::A, Role::B, Role::C}) {
    const Matrix X = matrix(R);
    const PointerFacts &P = In.pointer(R);
    if (X.DataType >= 0 && P.PointeeType.Known && P.PointeeType.V >= 0 &&
        P.PointeeType.V != X.DataType) {
      std::vector<Input> Inputs{{R, Fact::PointeeType}};
      std::string Why;
      if (Api.has(X.Type)) {
        Inputs.push_back(X.Type);
        Why = quote(name(X.Type)) + " is " + dataTypeName(Api.Vend, X.DataType);
      }
      add(Category::BufferType, "buffer.type", R, -1, P.PointeeType.V,
          quote(name(R)) + " points to '" + typeText(P.PointeeType.V) +
              "' but " +
              (Why.empty() ? fn() + " reads '" +
                                 typeText(X.DataType) + "'"
                           : Why + " ('" + typeText(X.DataType) + "')"),
          "", Inputs)
          .Bound = X.DataType;
    }
    if (!Api.isGrouped() && Api.Shape != Form::Batched)
      checkExtent(X, P);
  }
  checkInt8();
  checkStridedOverlap();
}

// The stored shape of X: rows and columns of the column-major array.
inline bool Checker::storedShape(const Matrix &X, int64_t &Rows, int64_t &Cols,
                                 std::string &Text) const {
  Role RowRole = X.Rows, ColRole = X.Cols;
  if (X.Trans != Role::Count) {
    const Value T = get(X.Trans);
    if (!T.Known || !isValidOperation(canonicalOperation(Api.Vend, T.V)))
      return false;
    if (canonicalOperation(Api.Vend, T.V) != op::N)
      std::swap(RowRole, ColRole);
  }
  const Value RowV = get(RowRole), ColV = get(ColRole);
  if (!RowV.Known || !ColV.Known || RowV.V < 0 || ColV.V < 0)
    return false;
  Rows = RowV.V;
  Cols = ColV.V;
  Text = name(X.Ld) + " * (" + name(ColRole) + " - 1) + " + name(RowRole);
  return true;
}

inline void Checker::checkExtent(const Matrix &X, const PointerFacts &P) {
  if (!P.Address.Known || !P.AllocEnd.Known || P.Address.V == 0)
    return;
  const int64_t Size = X.DataType >= 0 ? elementSize(X.DataType) : 0;
  const Value Ld = get(X.Ld);
  int64_t Rows = 0, Cols = 0;
  std::string Text;
  if (!Size || !Ld.Known || Ld.V <= 0 || !storedShape(X, Rows, Cols, Text) ||
      Rows == 0 || Cols == 0)
    return;
  // Elements from the first to the last one read or written.
  int64_t Elements = satAdd(satMul(Ld.V, Cols - 1), Rows);
  if (Api.Shape == Form::StridedBatched) {
    const Value Stride = get(X.Stride), Batch = get(Role::BatchCount);
    if (!Batch.Known || Batch.V <= 0)
      return;
    if (Batch.V > 1) {
      if (!Stride.Known || Stride.V < 0)
        return;
      Elements = satAdd(Elements, satMul(Stride.V, Batch.V - 1));
      Text += " + " + name(X.Stride) + " * (" + name(Role::BatchCount) + " - 1)";
    }
  }
  // An allocation that starts after the pointer says nothing about it.
  if (P.AllocBegin.Known && P.Address.V < P.AllocBegin.V)
    return;
  const int64_t Bytes = satMul(Elements, Size);
  int64_t Available;
  if (__builtin_sub_overflow(P.AllocEnd.V, P.Address.V, &Available) ||
      Bytes <= Available)
    return;
  add(Category::BufferExtent, "buffer.extent", X.Ptr, -1, Bytes,
      quote(name(X.Ptr)) + " needs " + countText(Bytes) + " bytes (" +
          Text + " = " + countText(Elements) + " elements of " +
          dataTypeName(Api.Vend, X.DataType) + ") but only " +
          std::to_string(Available) + " remain in its allocation",
      "", {{X.Ptr, Fact::Allocation}, X.Ld})
      .Bound = Available;
}

// CUBLAS_COMPUTE_32I: lda and ldb multiples of 4, A and B 4-byte aligned
// (docs/rules.md, `int8.ld`, `int8.pointer`).
inline void Checker::checkInt8() {
  if (!isInt8ComputeType(Compute) || Api.isGrouped())
    return;
  const std::string CT = computeTypeName(Api.Vend, Compute);
  for (Role R : {Role::Lda, Role::Ldb}) {
    const Value Ld = get(R);
    if (Ld.Known && Ld.V > 0 && Ld.V % 4)
      add(Category::Int8Alignment, "int8.ld", R, -1, Ld.V,
          quote(name(R)) + " (" + std::to_string(Ld.V) +
              ") must be a multiple of 4 with " + CT,
          "pad the leading dimension to " +
              std::to_string(satAdd(Ld.V, 4 - Ld.V % 4)),
          {R, Role::ComputeType})
          .Bound = 4;
  }
  if (Api.Shape == Form::Batched)
    return; // A and B are pointer arrays
  for (Role R : {Role::A, Role::B}) {
    const PointerFacts &P = In.pointer(R);
    if (P.Address.Known && P.Address.V % 4)
      add(Category::Int8Alignment, "int8.pointer", R, -1, P.Address.V,
          quote(name(R)) + " is " + std::to_string(P.Address.V % 4) +
              " bytes past a 4-byte boundary; " + CT +
              " needs it 4-byte aligned",
          "", {R, Role::ComputeType})
          .Bound = 4;
  }
}

// fp32 GEMMs that silently run in reduced precision (docs/rules.md,
// `precision.tensor-op-algo`, and the cublasMath_t header comment): a
// *_TENSOR_OP algorithm, or the deprecated
// CUBLAS_TENSOR_OP_MATH math mode, both mean CUBLAS_COMPUTE_32F_FAST_16F.
// The algorithm overrides CUBLAS_COMPUTE_32F_FAST_TF32 too: TF32 was
// asked for, half precision (5 exponent bits) is what runs.
inline void Checker::checkPrecision() {
  const bool Fp32Data =
      (DataA == dt::R_32F || DataA == dt::C_32F) &&
      (DataC < 0 || DataC == DataA);
  const bool PlainCompute = Api.Types == TypeScheme::Fixed
                                ? Api.FixedType == dt::R_32F ||
                                      Api.FixedType == dt::C_32F
                                : Compute == ct::C32F;
  const bool Tf32Compute =
      Api.Types != TypeScheme::Fixed && Compute == ct::C32F_FAST_TF32;
  if (Api.Vend != Vendor::Cublas || !Fp32Data || !(PlainCompute || Tf32Compute))
    return;
  const Value Algo = get(Role::Algo);
  if (Algo.Known && Algo.V >= algo::DefaultTensorOp &&
      Algo.V <= algo::Algo15TensorOp) {
    const std::string Default = "CUBLAS_GEMM_DEFAULT";
    Finding &F = add(
        Category::PrecisionLoss, "precision.tensor-op-algo", Role::Algo, -1,
        Algo.V,
        quote(name(Role::Algo)) + " (" + std::to_string(Algo.V) +
            ") is a deprecated *_TENSOR_OP algorithm: with " +
            dataTypeName(Api.Vend, DataA) +
            " data cuBLAS computes in CUBLAS_COMPUTE_32F_FAST_16F, "
            "silently rounding the inputs to half precision",
        "pass " + Default +
            ", or CUBLAS_COMPUTE_32F_FAST_16F if the lower precision is "
            "wanted",
        {Role::Algo, Role::AType});
    F.Bound = algo::DefaultTensorOp;
    // Full fp32 precision: a change of the results, which the check makes
    // only when asked to.
    if (Algo.V == algo::DefaultTensorOp)
      F.Replacement = Default;
  }
  if (PlainCompute && In.MathMode.Known &&
      (In.MathMode.V & 0xf) == 1 /*TENSOR_OP_MATH*/)
    add(Category::PrecisionLoss, "precision.tensor-op-math", Role::Handle, -1,
        In.MathMode.V,
        "the handle's math mode is the deprecated CUBLAS_TENSOR_OP_MATH: " +
            fn() + " on " + dataTypeName(Api.Vend, DataA) +
            " data computes in CUBLAS_COMPUTE_32F_FAST_16F, silently "
            "rounding the inputs to half precision",
        "set CUBLAS_DEFAULT_MATH (or CUBLAS_TF32_TENSOR_OP_MATH if TF32 is "
        "acceptable)",
        {{Role::Handle, Fact::MathMode}});
}

// Batched C matrices must not share an element (DOC: undefined behaviour).
// Spans may overlap: interleaved batches are valid (overlap.h).
inline void Checker::checkStridedOverlap() {
  if (Api.Shape != Form::StridedBatched)
    return;
  const Value Batch = get(Role::BatchCount), Stride = get(Role::StrideC);
  const Value Ldc = get(Role::Ldc), M = get(Role::M), N = get(Role::N);
  if (!Batch.Known || !Stride.Known || !Ldc.Known || !M.Known || !N.Known)
    return;
  const SharedElement S =
      firstSharedElement(M.V, N.V, Ldc.V, Stride.V, Batch.V);
  if (!S.Found)
    return;
  add(Category::BatchStride, "batch.overlap", Role::StrideC, -1, Stride.V,
      quote(name(Role::StrideC)) + " (" + std::to_string(Stride.V) +
          ") makes the " + std::to_string(Batch.V) +
          " C matrices overlap: " + sharedElementText("C", S),
      "use a stride of at least ldc * n = " + countText(satMul(Ldc.V, N.V)) +
          ", or interleave the matrices so that no element is shared",
      {Role::StrideC, Role::BatchCount, Role::Ldc, Role::N, Role::M})
      .Bound = satAdd(satMul(Ldc.V, N.V - 1), M.V);
}

// Returns false when the compute type is invalid (and reported).
inline bool Checker::checkComputeTypeValue(int64_t Raw, int64_t Canon) {
  if (!isValidComputeTypeFor(Api.Vend, Canon)) {
    std::string Msg = quote(name(Role::ComputeType)) + " (" +
                      std::to_string(Raw) + ") is not a " +
                      computeTypeTypeName(Api.Vend) + " value";
    std::string Note, Replacement;
    if (Api.Vend == Vendor::Cublas && lookupName(DataTypeNames, Raw)) {
      const int64_t Mapped = migrateLegacyComputeType(Raw);
      Msg = quote(name(Role::ComputeType)) + " is " +
            lookupName(DataTypeNames, Raw) + " (" + std::to_string(Raw) +
            "), a cudaDataType, where " + fn() +
            " reads a cublasComputeType_t";
      if (Mapped >= 0) {
        Replacement = lookupName(ComputeTypeNames, Mapped);
        Note = "pass " + Replacement;
      } else {
        Note = "pass a cublasComputeType_t such as CUBLAS_COMPUTE_32F";
      }
    }
    add(Category::InvalidEnum, "enum.compute-type", Role::ComputeType, -1, Raw,
        Msg, Note, {Role::ComputeType})
        .Replacement = Replacement;
    return false;
  }
  const int64_t Since = computeTypeSinceVersion(Canon);
  if (Api.Vend == Vendor::Cublas && In.LibraryVersion > 0 &&
      In.LibraryVersion < Since) {
    add(Category::InvalidEnum, "enum.version", Role::ComputeType, -1, Raw,
        quote(name(Role::ComputeType)) + " " +
            lookupName(ComputeTypeNames, Canon) + " needs cuBLAS " +
            versionText(Since) + " or newer, but CUBLAS_VERSION is " +
            std::to_string(In.LibraryVersion),
        "", {Role::ComputeType});
    return false;
  }
  return true;
}

inline std::string Checker::versionText(int64_t V) {
  return std::to_string(V / 10000) + "." + std::to_string(V / 100 % 100);
}

inline void Checker::legacyComputeFinding(int64_t Raw) {
  const char *Name = lookupName(DataTypeNames, Raw);
  add(Category::TypeCombination, "types.legacy-compute", Role::ComputeType,
      -1, Raw,
      quote(name(Role::ComputeType)) + " " +
          (Name ? std::string(Name) : "(" + std::to_string(Raw) + ")") +
          " is a cudaDataType that the C++ compatibility overload of " +
          fn() +
          " cannot map to a compute type; it returns "
          "CUBLAS_STATUS_NOT_SUPPORTED without calling cuBLAS",
      "the overload maps only CUDA_R_16F, CUDA_R_32F, CUDA_R_64F, "
      "CUDA_R_32I, CUDA_C_32F and CUDA_C_64F; pass a cublasComputeType_t "
      "such as CUBLAS_COMPUTE_32F",
      {Role::ComputeType});
}

inline bool Checker::matches(int64_t Want, int64_t Have) {
  return Want < 0 || Want == Have;
}

inline void Checker::checkCombination(int64_t CT, int64_t AB, Role ABRole, int64_t CType,
                                      Role CRole) {
  const bool HasCompute = Api.has(Role::ComputeType);
  ComboTable Table = combosFor(Api.Types);
  bool Any = false, ComputeAB = false, Compute = false;
  for (const TypeCombo &Row : Table) {
    const bool CMatch = !HasCompute || matches(CT, Row.Compute);
    Compute |= CMatch;
    ComputeAB |= CMatch && matches(AB, Row.AB);
    Any |= CMatch && matches(AB, Row.AB) && matches(CType, Row.C);
    if (Any)
      return; // a supported row: nothing to report
  }
  if (Any)
    return;

  std::string Combo;
  auto Append = [&](const std::string &Part) {
    Combo += (Combo.empty() ? "" : ", ") + Part;
  };
  if (HasCompute && CT >= 0)
    Append(name(Role::ComputeType) + " " + computeTypeName(Api.Vend, CT));
  if (AB >= 0)
    Append(paramName(Api, Role::AType) + "/" + paramName(Api, Role::BType) +
           " " + dataTypeName(Api.Vend, AB));
  if (CType >= 0)
    Append(paramName(Api, CRole) + " " + dataTypeName(Api.Vend, CType));

  // Blame the last argument that, with the earlier ones fixed, leaves no
  // supported row: the output type if compute and input agree, else the
  // input type.
  Role Blamed = Role::ComputeType;
  std::string Note;
  if (!HasCompute || CT < 0 || ComputeAB) {
    Blamed = (ComputeAB && CType >= 0) ? CRole : ABRole;
    Note = supportedList(CT, Blamed == CRole ? AB : -1, Blamed, CRole);
  } else if (Compute) {
    Blamed = AB >= 0 ? ABRole : CRole;
    Note = supportedList(CT, -1, Blamed, CRole);
  }
  std::vector<Input> Inputs;
  if (HasCompute && CT >= 0)
    Inputs.push_back(Role::ComputeType);
  if (AB >= 0)
    Inputs.push_back(ABRole);
  if (CType >= 0)
    Inputs.push_back(CRole);
  add(Category::TypeCombination, "types.combination", Blamed, -1,
      get(Blamed).V,
      "unsupported type combination for " + fn() + ": " +
          Combo,
      Note, Inputs);
}

// "with CUBLAS_COMPUTE_32F and Atype CUDA_R_16F, Ctype must be one of ..."
inline std::string Checker::supportedList(int64_t CT, int64_t AB, Role Blamed,
                                          Role CRole) const {
  const bool HasCompute = Api.has(Role::ComputeType);
  std::vector<int64_t> Seen;
  for (const TypeCombo &Row : combosFor(Api.Types)) {
    if (HasCompute && !matches(CT, Row.Compute))
      continue;
    if (!matches(AB, Row.AB))
      continue;
    const int64_t V = Blamed == CRole ? Row.C : Row.AB;
    bool Dup = false;
    for (int64_t S : Seen)
      Dup |= S == V;
    if (!Dup)
      Seen.push_back(V);
  }
  if (Seen.empty())
    return "";
  std::string Prefix;
  if (HasCompute && CT >= 0)
    Prefix = "with " + computeTypeName(Api.Vend, CT);
  if (AB >= 0)
    Prefix += std::string(Prefix.empty() ? "with " : " and ") +
              paramName(Api, Role::AType) + " " + dataTypeName(Api.Vend, AB);
  std::string List;
  for (size_t I = 0; I < Seen.size(); ++I)
    List += (I == 0 ? "" : I + 1 == Seen.size() ? " or " : ", ") +
            dataTypeName(Api.Vend, Seen[I]);
  const std::string Subject =
      Blamed == CRole ? paramName(Api, CRole)
                            : paramName(Api, Role::AType) + "/" +
                                  paramName(Api, Role::BType);
  return (Prefix.empty() ? "" : Prefix + ", ") + Subject +
         (Seen.size() <= 2 ? " must be " : " must be one of ") + List;
}

} // namespace detail
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_GEMM_MATRICES_H
