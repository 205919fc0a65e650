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
  Handle, TransA, TransB, M, N, K, Alpha,
  A, AType, Lda, StrideA,
  B, BType, Ldb, StrideB,
  Beta,
  C, CType, Ldc, StrideC,
  D, DType, Ldd,
  BatchCount, GroupCount, GroupSize,
  ComputeType, Algo, SolutionIndex, Flags,
  Count
};
constexpr unsigned RoleCount = static_cast<unsigned>(Role::Count);

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

constexpr int MaxArgs = 24;

struct ApiInfo {
  const char *Name;
  Vendor Vend;
  Form Shape;
  TypeScheme Types;
  int64_t FixedType; // cudaDataType of every matrix for TypeScheme::Fixed
  bool Int64Dims;    // the _64 variants: m, n, k and ld are int64_t
  unsigned NumArgs;
  int8_t Position[RoleCount]; // -1 where the API has no such argument

  constexpr bool has(Role R) const {
    return Position[static_cast<unsigned>(R)] >= 0;
  }
  constexpr int position(Role R) const {
    return Position[static_cast<unsigned>(R)];
  }
  // Grouped APIs take trans, m, n, k, ld, alpha and beta as host arrays
  // indexed by group.
  constexpr bool isGrouped() const { return Shape == Form::GroupedBatched; }
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
  for (unsigned I = 0; I < RoleCount; ++I)
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

constexpr Vendor Cu = Vendor::Cublas;
constexpr Form Single = Form::Single, Batched = Form::Batched,
               Strided = Form::StridedBatched, Grouped = Form::GroupedBatched;
constexpr TypeScheme Fixed = TypeScheme::Fixed;
constexpr int64_t S = 0 /*R_32F*/, D = 1 /*R_64F*/, H = 2 /*R_16F*/,
                  Cx = 4 /*C_32F*/, Z = 5 /*C_64F*/, NoType = -1;

} // namespace detail

// Every entry point the checks and the runtime guard know. The cuBLAS names
// are the linker names: cublas_v2.h maps cublasSgemm to cublasSgemm_v2.
inline constexpr ApiInfo ApiTable[] = {
    // clang-format off
#define GEMM_API_PAIR(NAME, VEND, FORM, TYPES, FIXED, SIG)                     \
  detail::row(NAME, VEND, FORM, TYPES, FIXED, false, detail::SIG),             \
  detail::row(NAME "_64", VEND, FORM, TYPES, FIXED, true, detail::SIG)
    GEMM_API_PAIR("cublasGemmEx", detail::Cu, detail::Single, TypeScheme::GemmEx, detail::NoType, GemmExSig),
    GEMM_API_PAIR("cublasGemmBatchedEx", detail::Cu, detail::Batched, TypeScheme::GemmEx, detail::NoType, GemmBatchedExSig),
    GEMM_API_PAIR("cublasGemmStridedBatchedEx", detail::Cu, detail::Strided, TypeScheme::GemmEx, detail::NoType, GemmStridedBatchedExSig),
    GEMM_API_PAIR("cublasGemmGroupedBatchedEx", detail::Cu, detail::Grouped, TypeScheme::GroupedEx, detail::NoType, GemmGroupedBatchedExSig),
    GEMM_API_PAIR("cublasSgemmEx", detail::Cu, detail::Single, TypeScheme::SgemmEx, detail::NoType, TypedExSig),
    GEMM_API_PAIR("cublasCgemmEx", detail::Cu, detail::Single, TypeScheme::CgemmEx, detail::NoType, TypedExSig),
    GEMM_API_PAIR("cublasCgemm3mEx", detail::Cu, detail::Single, TypeScheme::CgemmEx, detail::NoType, TypedExSig),
    GEMM_API_PAIR("cublasSgemm_v2", detail::Cu, detail::Single, detail::Fixed, detail::S, TypedSig),
    GEMM_API_PAIR("cublasDgemm_v2", detail::Cu, detail::Single, detail::Fixed, detail::D, TypedSig),
    GEMM_API_PAIR("cublasCgemm_v2", detail::Cu, detail::Single, detail::Fixed, detail::Cx, TypedSig),
    GEMM_API_PAIR("cublasZgemm_v2", detail::Cu, detail::Single, detail::Fixed, detail::Z, TypedSig),
    GEMM_API_PAIR("cublasHgemm", detail::Cu, detail::Single, detail::Fixed, detail::H, TypedSig),
    GEMM_API_PAIR("cublasCgemm3m", detail::Cu, detail::Single, detail::Fixed, detail::Cx, TypedSig),
    GEMM_API_PAIR("cublasZgemm3m", detail::Cu, detail::Single, detail::Fixed, detail::Z, TypedSig),
    GEMM_API_PAIR("cublasSgemmBatched", detail::Cu, detail::Batched, detail::Fixed, detail::S, TypedBatchedSig),
    GEMM_API_PAIR("cublasDgemmBatched", detail::Cu, detail::Batched, detail::Fixed, detail::D, TypedBatchedSig),
    GEMM_API_PAIR("cublasCgemmBatched", detail::Cu, detail::Batched, detail::Fixed, detail::Cx, TypedBatchedSig),
    GEMM_API_PAIR("cublasZgemmBatched", detail::Cu, detail::Batched, detail::Fixed, detail::Z, TypedBatchedSig),
    GEMM_API_PAIR("cublasHgemmBatched", detail::Cu, detail::Batched, detail::Fixed, detail::H, TypedBatchedSig),
    GEMM_API_PAIR("cublasCgemm3mBatched", detail::Cu, detail::Batched, detail::Fixed, detail::Cx, TypedBatchedSig),
    GEMM_API_PAIR("cublasSgemmStridedBatched", detail::Cu, detail::Strided, detail::Fixed, detail::S, TypedStridedBatchedSig),
    GEMM_API_PAIR("cublasDgemmStridedBatched", detail::Cu, detail::Strided, detail::Fixed, detail::D, TypedStridedBatchedSig),
    GEMM_API_PAIR("cublasCgemmStridedBatched", detail::Cu, detail::Strided, detail::Fixed, detail::Cx, TypedStridedBatchedSig),
    GEMM_API_PAIR("cublasZgemmStridedBatched", detail::Cu, detail::Strided, detail::Fixed, detail::Z, TypedStridedBatchedSig),
    GEMM_API_PAIR("cublasHgemmStridedBatched", detail::Cu, detail::Strided, detail::Fixed, detail::H, TypedStridedBatchedSig),
    GEMM_API_PAIR("cublasCgemm3mStridedBatched", detail::Cu, detail::Strided, detail::Fixed, detail::Cx, TypedStridedBatchedSig),
    GEMM_API_PAIR("cublasSgemmGroupedBatched", detail::Cu, detail::Grouped, detail::Fixed, detail::S, TypedGroupedBatchedSig),
    GEMM_API_PAIR("cublasDgemmGroupedBatched", detail::Cu, detail::Grouped, detail::Fixed, detail::D, TypedGroupedBatchedSig),
    // hipBLAS keeps cuBLAS's argument order; its enums differ (vendor.h).
    // hipBLAS 2.x exports the hipDataType forms as *_v2 (HIPBLAS_V2 maps the
    // plain names to them); hipBLAS 3.x has only the plain names.
    GEMM_API_PAIR("hipblasGemmEx", Vendor::Hipblas, detail::Single, TypeScheme::HipblasEx, detail::NoType, GemmExSig),
    GEMM_API_PAIR("hipblasGemmEx_v2", Vendor::Hipblas, detail::Single, TypeScheme::HipblasEx, detail::NoType, GemmExSig),
    GEMM_API_PAIR("hipblasGemmBatchedEx", Vendor::Hipblas, detail::Batched, TypeScheme::HipblasEx, detail::NoType, GemmBatchedExSig),
    GEMM_API_PAIR("hipblasGemmBatchedEx_v2", Vendor::Hipblas, detail::Batched, TypeScheme::HipblasEx, detail::NoType, GemmBatchedExSig),
    GEMM_API_PAIR("hipblasGemmStridedBatchedEx", Vendor::Hipblas, detail::Strided, TypeScheme::HipblasEx, detail::NoType, GemmStridedBatchedExSig),
    GEMM_API_PAIR("hipblasGemmStridedBatchedEx_v2", Vendor::Hipblas, detail::Strided, TypeScheme::HipblasEx, detail::NoType, GemmStridedBatchedExSig),
    GEMM_API_PAIR("rocblas_gemm_ex", Vendor::Rocblas, detail::Single, TypeScheme::RocblasEx, detail::NoType, RocblasGemmExSig),
#undef GEMM_API_PAIR
    // clang-format on
};

inline const ApiInfo *findApi(const char *Name) {
  for (const ApiInfo &Info : ApiTable)
    if (std::strcmp(Info.Name, Name) == 0)
      return &Info;
  return nullptr;
}

} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_API_H
