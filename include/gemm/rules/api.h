// gemm/rules/api.h - the GEMM family as data: one row per entry point.
//
// A row names the function, its vendor, its shape (single, batched, strided,
// grouped), how its element types are chosen, and the argument position of
// each role. Adding an API is adding a row to ApiTable.
#ifndef GEMM_RULES_API_H
#define GEMM_RULES_API_H

#include <cstdint>
#include <cstring>

namespace gemm {
namespace rules {

// What an argument means, independent of where a given API puts it.
enum class Role : uint8_t {
  // The GEMM family's arguments: the API table's rows give their positions.
  Handle, TransA, TransB, M, N, K, Alpha,
  A, AType, Lda, StrideA,
  B, BType, Ldb, StrideB,
  Beta,
  C, CType, Ldc, StrideC,
  D, DType, Ldd,
  BatchCount, GroupCount, GroupSize,
  ComputeType, Algo, SolutionIndex, Flags,
  // cuBLASLt's arguments besides those it shares (Handle, Alpha, A, B,
  // Beta, C, D, Algo): its objects, the heuristic's count, results array and
  // returned count, the workspace and the attribute calls' buffer
  // (gemm/rules/lt/, lt::Arg).
  ComputeDesc, Adesc, Bdesc, Cdesc, Ddesc, Preference, RequestedAlgoCount,
  HeuristicResults, ReturnedAlgoCount,
  Workspace, WorkspaceSize, Buf, SizeInBytes, SizeWritten, TransformDesc,
  EmulationDesc,
  None, // no argument
  Count
};
// The GEMM family's roles, Handle to Flags: what a CallValues holds.
constexpr unsigned GemmRoleCount = static_cast<unsigned>(Role::Flags) + 1;

// Whose enumerations the arguments are spelled in.
enum class Vendor : uint8_t { Cublas, Hipblas, Rocblas };

enum class Form : uint8_t { Single, Batched, StridedBatched, GroupedBatched };

// How the element types of A, B, C and the compute type are chosen.
enum class TypeScheme : uint8_t {
  Fixed,     // cublas<t>gemm*: the name fixes every type (ApiInfo::FixedType)
  GemmEx,    // cublasGemmEx, ...BatchedEx, ...StridedBatchedEx
  GroupedEx, // cublasGemmGroupedBatchedEx
  SgemmEx,   // cublasSgemmEx: float compute and scale, typed A/B/C
  CgemmEx,   // cublasCgemmEx, cublasCgemm3mEx: cuComplex compute and scale
  HipblasEx, // hipblasGemmEx family (rocBLAS back end table)
  RocblasEx, // rocblas_gemm_ex: D output and rocblas_datatype compute type
};

// Arguments that are pointers (or the handle) rather than numbers.
constexpr bool isPointerRole(Role R) {
  switch (R) {
  case Role::Handle: case Role::Alpha: case Role::Beta: case Role::A:
  case Role::B: case Role::C: case Role::D:
    return true;
  default:
    return false;
  }
}

constexpr int MaxArgs = 24;

struct ApiInfo {
  const char *Name;
  Vendor Vend;
  Form Shape;
  TypeScheme Types;
  int64_t FixedType; // cudaDataType of every matrix for TypeScheme::Fixed
  bool Int64Dims;    // the _64 variants: m, n, k and ld are int64_t
  unsigned NumArgs;
  int8_t Position[GemmRoleCount]; // -1 where the API has no such argument

  constexpr bool has(Role R) const {
    return Position[static_cast<unsigned>(R)] >= 0;
  }
  constexpr int position(Role R) const {
    return Position[static_cast<unsigned>(R)];
  }
  // The role of the argument at Pos; Role::Count where it has none.
  constexpr Role roleAt(unsigned Pos) const {
    for (unsigned I = 0; I < GemmRoleCount; ++I)
      if (Position[I] == static_cast<int>(Pos))
        return static_cast<Role>(I);
    return Role::Count;
  }
  // Grouped APIs take trans, m, n, k, ld, alpha and beta as host arrays
  // indexed by group.
  constexpr bool isGrouped() const { return Shape == Form::GroupedBatched; }
  // Roles passed as one host array entry per group (grouped APIs only).
  constexpr bool isPerGroup(Role R) const {
    switch (R) {
    case Role::TransA: case Role::TransB: case Role::M: case Role::N:
    case Role::K: case Role::Lda: case Role::Ldb: case Role::Ldc:
    case Role::GroupSize:
      return isGrouped();
    default:
      return false;
    }
  }
  constexpr bool isBatched() const { return Shape != Form::Single; }
};

namespace detail {

struct Signature {
  Role Roles[MaxArgs];
  unsigned Size;
};

template <typename... R> constexpr Signature sig(R... Rs) {
  return Signature{{Rs...}, sizeof...(Rs)};
}

constexpr ApiInfo row(const char *Name, Vendor V, Form F, TypeScheme T,
                      int64_t Fixed, bool Is64, const Signature &S) {
  ApiInfo Info{Name, V, F, T, Fixed, Is64, S.Size, {}};
  for (unsigned I = 0; I < GemmRoleCount; ++I)
    Info.Position[I] = -1;
  for (unsigned I = 0; I < S.Size; ++I)
    Info.Position[static_cast<unsigned>(S.Roles[I])] = static_cast<int8_t>(I);
  return Info;
}

using R = Role;
// Argument orders, as declared in cublas_api.h (CUDA 13), hipblas.h and
// rocblas-functions.h.
constexpr Signature GemmExSig =
    sig(R::Handle, R::TransA, R::TransB, R::M, R::N, R::K, R::Alpha, R::A,
        R::AType, R::Lda, R::B, R::BType, R::Ldb, R::Beta, R::C, R::CType,
        R::Ldc, R::ComputeType, R::Algo);
constexpr Signature GemmBatchedExSig =
    sig(R::Handle, R::TransA, R::TransB, R::M, R::N, R::K, R::Alpha, R::A,
        R::AType, R::Lda, R::B, R::BType, R::Ldb, R::Beta, R::C, R::CType,
        R::Ldc, R::BatchCount, R::ComputeType, R::Algo);
constexpr Signature GemmStridedBatchedExSig =
    sig(R::Handle, R::TransA, R::TransB, R::M, R::N, R::K, R::Alpha, R::A,
        R::AType, R::Lda, R::StrideA, R::B, R::BType, R::Ldb, R::StrideB,
        R::Beta, R::C, R::CType, R::Ldc, R::StrideC, R::BatchCount,
        R::ComputeType, R::Algo);
constexpr Signature GemmGroupedBatchedExSig =
    sig(R::Handle, R::TransA, R::TransB, R::M, R::N, R::K, R::Alpha, R::A,
        R::AType, R::Lda, R::B, R::BType, R::Ldb, R::Beta, R::C, R::CType,
        R::Ldc, R::GroupCount, R::GroupSize, R::ComputeType);
constexpr Signature TypedSig =
    sig(R::Handle, R::TransA, R::TransB, R::M, R::N, R::K, R::Alpha, R::A,
        R::Lda, R::B, R::Ldb, R::Beta, R::C, R::Ldc);
constexpr Signature TypedBatchedSig =
    sig(R::Handle, R::TransA, R::TransB, R::M, R::N, R::K, R::Alpha, R::A,
        R::Lda, R::B, R::Ldb, R::Beta, R::C, R::Ldc, R::BatchCount);
constexpr Signature TypedStridedBatchedSig =
    sig(R::Handle, R::TransA, R::TransB, R::M, R::N, R::K, R::Alpha, R::A,
        R::Lda, R::StrideA, R::B, R::Ldb, R::StrideB, R::Beta, R::C, R::Ldc,
        R::StrideC, R::BatchCount);
constexpr Signature TypedGroupedBatchedSig =
    sig(R::Handle, R::TransA, R::TransB, R::M, R::N, R::K, R::Alpha, R::A,
        R::Lda, R::B, R::Ldb, R::Beta, R::C, R::Ldc, R::GroupCount,
        R::GroupSize);
constexpr Signature TypedExSig =
    sig(R::Handle, R::TransA, R::TransB, R::M, R::N, R::K, R::Alpha, R::A,
        R::AType, R::Lda, R::B, R::BType, R::Ldb, R::Beta, R::C, R::CType,
        R::Ldc);
constexpr Signature RocblasGemmExSig =
    sig(R::Handle, R::TransA, R::TransB, R::M, R::N, R::K, R::Alpha, R::A,
        R::AType, R::Lda, R::B, R::BType, R::Ldb, R::Beta, R::C, R::CType,
        R::Ldc, R::D, R::DType, R::Ldd, R::ComputeType, R::Algo,
        R::SolutionIndex, R::Flags);

// The fixed data types of the typed routines (cudaDataType values).
constexpr int64_t S = 0 /*R_32F*/, D = 1 /*R_64F*/, H = 2 /*R_16F*/,
                  Cx = 4 /*C_32F*/, Z = 5 /*C_64F*/, NoType = -1;

} // namespace detail

// Every entry point the checks and the runtime guard know, as X-macro lists
// so that the runtime guard can define a wrapper per name from the same rows:
//   X(NAME, IS_64, VENDOR, FORM, TYPE_SCHEME, FIXED_TYPE, SIGNATURE)
// The cuBLAS names are the linker names: cublas_v2.h maps cublasSgemm to
// cublasSgemm_v2. Each row also stands for its _64 variant.
// clang-format off
#define GEMM_RULES_API_PAIR(X, NAME, ...) X(NAME, false, __VA_ARGS__) X(NAME##_64, true, __VA_ARGS__)
#define GEMM_RULES_FOR_EACH_CUBLAS_API(X) \
  GEMM_RULES_API_PAIR(X, cublasGemmEx, Cublas, Single, GemmEx, NoType, GemmExSig) \
  GEMM_RULES_API_PAIR(X, cublasGemmBatchedEx, Cublas, Batched, GemmEx, NoType, GemmBatchedExSig) \
  GEMM_RULES_API_PAIR(X, cublasGemmStridedBatchedEx, Cublas, StridedBatched, GemmEx, NoType, GemmStridedBatchedExSig) \
  GEMM_RULES_API_PAIR(X, cublasGemmGroupedBatchedEx, Cublas, GroupedBatched, GroupedEx, NoType, GemmGroupedBatchedExSig) \
  GEMM_RULES_API_PAIR(X, cublasSgemmEx, Cublas, Single, SgemmEx, NoType, TypedExSig) \
  GEMM_RULES_API_PAIR(X, cublasCgemmEx, Cublas, Single, CgemmEx, NoType, TypedExSig) \
  GEMM_RULES_API_PAIR(X, cublasCgemm3mEx, Cublas, Single, CgemmEx, NoType, TypedExSig) \
  GEMM_RULES_API_PAIR(X, cublasSgemm_v2, Cublas, Single, Fixed, S, TypedSig) \
  GEMM_RULES_API_PAIR(X, cublasDgemm_v2, Cublas, Single, Fixed, D, TypedSig) \
  GEMM_RULES_API_PAIR(X, cublasCgemm_v2, Cublas, Single, Fixed, Cx, TypedSig) \
  GEMM_RULES_API_PAIR(X, cublasZgemm_v2, Cublas, Single, Fixed, Z, TypedSig) \
  GEMM_RULES_API_PAIR(X, cublasHgemm, Cublas, Single, Fixed, H, TypedSig) \
  GEMM_RULES_API_PAIR(X, cublasCgemm3m, Cublas, Single, Fixed, Cx, TypedSig) \
  GEMM_RULES_API_PAIR(X, cublasZgemm3m, Cublas, Single, Fixed, Z, TypedSig) \
  GEMM_RULES_API_PAIR(X, cublasSgemmBatched, Cublas, Batched, Fixed, S, TypedBatchedSig) \
  GEMM_RULES_API_PAIR(X, cublasDgemmBatched, Cublas, Batched, Fixed, D, TypedBatchedSig) \
  GEMM_RULES_API_PAIR(X, cublasCgemmBatched, Cublas, Batched, Fixed, Cx, TypedBatchedSig) \
  GEMM_RULES_API_PAIR(X, cublasZgemmBatched, Cublas, Batched, Fixed, Z, TypedBatchedSig) \
  GEMM_RULES_API_PAIR(X, cublasHgemmBatched, Cublas, Batched, Fixed, H, TypedBatchedSig) \
  GEMM_RULES_API_PAIR(X, cublasCgemm3mBatched, Cublas, Batched, Fixed, Cx, TypedBatchedSig) \
  GEMM_RULES_API_PAIR(X, cublasSgemmStridedBatched, Cublas, StridedBatched, Fixed, S, TypedStridedBatchedSig) \
  GEMM_RULES_API_PAIR(X, cublasDgemmStridedBatched, Cublas, StridedBatched, Fixed, D, TypedStridedBatchedSig) \
  GEMM_RULES_API_PAIR(X, cublasCgemmStridedBatched, Cublas, StridedBatched, Fixed, Cx, TypedStridedBatchedSig) \
  GEMM_RULES_API_PAIR(X, cublasZgemmStridedBatched, Cublas, StridedBatched, Fixed, Z, TypedStridedBatchedSig) \
  GEMM_RULES_API_PAIR(X, cublasHgemmStridedBatched, Cublas, StridedBatched, Fixed, H, TypedStridedBatchedSig) \
  GEMM_RULES_API_PAIR(X, cublasCgemm3mStridedBatched, Cublas, StridedBatched, Fixed, Cx, TypedStridedBatchedSig) \
  GEMM_RULES_API_PAIR(X, cublasSgemmGroupedBatched, Cublas, GroupedBatched, Fixed, S, TypedGroupedBatchedSig) \
  GEMM_RULES_API_PAIR(X, cublasDgemmGroupedBatched, Cublas, GroupedBatched, Fixed, D, TypedGroupedBatchedSig)
// hipBLAS keeps cuBLAS's argument order; its enums differ (vendor.h).
// hipBLAS 2.x exports the hipDataType forms as *_v2 (HIPBLAS_V2 maps the
// plain names to them); hipBLAS 3.x has only the plain names.
#define GEMM_RULES_FOR_EACH_ROCM_API(X) \
  GEMM_RULES_API_PAIR(X, hipblasGemmEx, Hipblas, Single, HipblasEx, NoType, GemmExSig) \
  GEMM_RULES_API_PAIR(X, hipblasGemmEx_v2, Hipblas, Single, HipblasEx, NoType, GemmExSig) \
  GEMM_RULES_API_PAIR(X, hipblasGemmBatchedEx, Hipblas, Batched, HipblasEx, NoType, GemmBatchedExSig) \
  GEMM_RULES_API_PAIR(X, hipblasGemmBatchedEx_v2, Hipblas, Batched, HipblasEx, NoType, GemmBatchedExSig) \
  GEMM_RULES_API_PAIR(X, hipblasGemmStridedBatchedEx, Hipblas, StridedBatched, HipblasEx, NoType, GemmStridedBatchedExSig) \
  GEMM_RULES_API_PAIR(X, hipblasGemmStridedBatchedEx_v2, Hipblas, StridedBatched, HipblasEx, NoType, GemmStridedBatchedExSig) \
  GEMM_RULES_API_PAIR(X, rocblas_gemm_ex, Rocblas, Single, RocblasEx, NoType, RocblasGemmExSig)
// clang-format on

#define GEMM_RULES_API_ROW(NAME, IS64, VEND, FORM, TYPES, FIXED, SIG)          \
  detail::row(#NAME, Vendor::VEND, Form::FORM, TypeScheme::TYPES,              \
              detail::FIXED, IS64, detail::SIG),

inline constexpr ApiInfo ApiTable[] = {
    GEMM_RULES_FOR_EACH_CUBLAS_API(GEMM_RULES_API_ROW)
    GEMM_RULES_FOR_EACH_ROCM_API(GEMM_RULES_API_ROW)};

#undef GEMM_RULES_API_ROW

inline const ApiInfo *findApi(const char *Name) {
  for (const ApiInfo &Info : ApiTable)
    if (std::strcmp(Info.Name, Name) == 0)
      return &Info;
  return nullptr;
}

} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_API_H
