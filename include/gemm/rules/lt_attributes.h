// gemm/rules/lt_attributes.h - the cuBLASLt objects as data: the value
// enumerations, and every attribute of the matmul descriptor, the matrix
// layout and the matmul preference with its id, value type, size and default.
//
// Source: the CUDA 13.1 cublasLt.h (docs/cublaslt.md, Attribute ids, value
// types and defaults). The unit test LtHeaderMirror static_asserts every id,
// size and enumerator below against the installed cublasLt.h. Plain
// integers: this header needs neither CUDA nor LLVM. Data types, compute
// types and cublasOperation_t are the ones of gemm/rules/enums.h.
#ifndef GEMM_RULES_LT_ATTRIBUTES_H
#define GEMM_RULES_LT_ATTRIBUTES_H

#include "gemm/rules/enums.h"
#include "gemm/rules/type_tables.h"

#include <cstdint>

namespace gemm {
namespace rules {
namespace lt {

// cublasLtOrder_t.
namespace order {
constexpr int64_t Col = 0, Row = 1, Col32 = 2, Col4_4R2_8C = 3,
                  Col32_2R_4R4 = 4;
} // namespace order

// cublasLtPointerMode_t.
namespace pmode {
constexpr int64_t Host = 0, Device = 1, DeviceVector = 2,
                  AlphaDeviceVectorBetaZero = 3, AlphaDeviceVectorBetaHost = 4;
} // namespace pmode

// cublasLtMatmulMatrixScale_t.
namespace smode {
constexpr int64_t Scalar32F = 0, Vec16UE4M3 = 1, Vec32UE8M0 = 2,
                  OuterVec32F = 3, Vec128_32F = 4, Blk128x128_32F = 5, End = 6;
} // namespace smode

// cublasLtEpilogue_t.
namespace epi {
constexpr int64_t Default = 1, Relu = 2, Bias = 4, ReluBias = 6, Gelu = 32,
                  GeluBias = 36, ReluAux = 130, ReluAuxBias = 134, DRelu = 136,
                  DReluBGrad = 152, GeluAux = 160, GeluAuxBias = 164,
                  DGelu = 192, DGeluBGrad = 208, BGradA = 256, BGradB = 512;
} // namespace epi

// cublasLtBatchMode_t, cublasFillMode_t, cublasLtMatmulSearch_t,
// cublasLtReductionScheme_t.
namespace batch_mode {
constexpr int64_t Strided = 0, PointerArray = 1;
} // namespace batch_mode
namespace fill {
constexpr int64_t Lower = 0, Upper = 1, Full = 2;
} // namespace fill
namespace search {
constexpr int64_t BestFit = 0, LimitedByAlgoId = 1;
} // namespace search
namespace reduction {
constexpr int64_t Mask = 7;
} // namespace reduction

// The objects whose attributes the rules read: the matmul's, the matrix
// transform's descriptor, the emulation descriptor, and the configuration
// of a cublasLtMatmulAlgo_t (cublasLtMatmulAlgoConfigSetAttribute).
enum class Object : uint8_t {
  MatmulDesc, MatrixLayout, Preference, TransformDesc, EmulationDesc, AlgoConfig
};

// The value type of an attribute: what `buf` must point to.
enum class AttrType : uint8_t { Int8, UInt16, Int32, UInt32, Int64, UInt64, Float, Pointer };

constexpr int64_t attrTypeSize(AttrType T) {
  switch (T) {
  case AttrType::Int8: return 1;
  case AttrType::UInt16: return 2;
  case AttrType::Int32: case AttrType::UInt32: case AttrType::Float: return 4;
  case AttrType::Int64: case AttrType::UInt64: case AttrType::Pointer: return 8;
  }
  return 0;
}

constexpr const char *attrTypeName(AttrType T) {
  switch (T) {
  case AttrType::Int8: return "int8_t";
  case AttrType::UInt16: return "uint16_t";
  case AttrType::Int32: return "int32_t";
  case AttrType::UInt32: return "uint32_t";
  case AttrType::Int64: return "int64_t";
  case AttrType::UInt64: return "uint64_t";
  case AttrType::Float: return "float";
  case AttrType::Pointer: return "a pointer";
  }
  return "?";
}

// Which enumeration an attribute's value belongs to (rule LT-ATTR-ENUM).
enum class EnumKind : uint8_t {
  None, ComputeType, DataType, DataTypeOrDefault, PointerMode, Operation,
  TransC, FillMode, Epilogue, ScaleMode, Order, BatchMode, SearchMode,
  ReductionMask, Bool, ZeroOrOne
};

// Marks an attribute whose initial value comes from the Create call.
constexpr int64_t FromCreate = INT64_MIN;

struct AttrInfo {
  int64_t Id;
  const char *Name; // the enumerator as cublasLt.h spells it
  AttrType Type;
  EnumKind Kind;
  int64_t Default;      // FromCreate for the Create arguments
  int64_t UntilVersion; // CUBLAS_VERSION that removed it; 0: still there
};

// X(NAME, ID, TYPE, KIND, DEFAULT): one line per attribute, the single
// source for the tables below and for the header mirror test.
#define GEMM_LT_MATMUL_DESC_ATTRIBUTES(X)                                      \
  X(COMPUTE_TYPE, 0, Int32, ComputeType, FromCreate)                           \
  X(SCALE_TYPE, 1, Int32, DataType, FromCreate)                                \
  X(POINTER_MODE, 2, Int32, PointerMode, 0)                                    \
  X(TRANSA, 3, Int32, Operation, 0)                                            \
  X(TRANSB, 4, Int32, Operation, 0)                                            \
  X(TRANSC, 5, Int32, TransC, 0)                                               \
  X(FILL_MODE, 6, Int32, FillMode, 2)                                          \
  X(EPILOGUE, 7, UInt32, Epilogue, 1)                                          \
  X(BIAS_POINTER, 8, Pointer, None, 0)                                         \
  X(BIAS_BATCH_STRIDE, 10, Int64, None, 0)                                     \
  X(EPILOGUE_AUX_POINTER, 11, Pointer, None, 0)                                \
  X(EPILOGUE_AUX_LD, 12, Int64, None, 0)                                       \
  X(EPILOGUE_AUX_BATCH_STRIDE, 13, Int64, None, 0)                             \
  X(ALPHA_VECTOR_BATCH_STRIDE, 14, Int64, None, 0)                             \
  X(SM_COUNT_TARGET, 15, Int32, None, 0)                                       \
  X(A_SCALE_POINTER, 17, Pointer, None, 0)                                     \
  X(B_SCALE_POINTER, 18, Pointer, None, 0)                                     \
  X(C_SCALE_POINTER, 19, Pointer, None, 0)                                     \
  X(D_SCALE_POINTER, 20, Pointer, None, 0)                                     \
  X(AMAX_D_POINTER, 21, Pointer, None, 0)                                      \
  X(EPILOGUE_AUX_DATA_TYPE, 22, Int32, DataTypeOrDefault, -1)                  \
  X(EPILOGUE_AUX_SCALE_POINTER, 23, Pointer, None, 0)                          \
  X(EPILOGUE_AUX_AMAX_POINTER, 24, Pointer, None, 0)                           \
  X(FAST_ACCUM, 25, Int8, Bool, 0)                                             \
  X(BIAS_DATA_TYPE, 26, Int32, DataTypeOrDefault, -1)                          \
  X(A_SCALE_MODE, 31, Int32, ScaleMode, 0)                                     \
  X(B_SCALE_MODE, 32, Int32, ScaleMode, 0)                                     \
  X(C_SCALE_MODE, 33, Int32, ScaleMode, 0)                                     \
  X(D_SCALE_MODE, 34, Int32, ScaleMode, 0)                                     \
  X(EPILOGUE_AUX_SCALE_MODE, 35, Int32, ScaleMode, 0)                          \
  X(D_OUT_SCALE_POINTER, 36, Pointer, None, 0)                                 \
  X(D_OUT_SCALE_MODE, 37, Int32, ScaleMode, 0)                                 \
  X(EMULATION_DESCRIPTOR, 38, Pointer, None, 0)

#define GEMM_LT_MATRIX_LAYOUT_ATTRIBUTES(X)                                    \
  X(TYPE, 0, UInt32, DataType, FromCreate)                                     \
  X(ORDER, 1, Int32, Order, 0)                                                 \
  X(ROWS, 2, UInt64, None, FromCreate)                                         \
  X(COLS, 3, UInt64, None, FromCreate)                                         \
  X(LD, 4, Int64, None, FromCreate)                                            \
  X(BATCH_COUNT, 5, Int32, None, 1)                                            \
  X(STRIDED_BATCH_OFFSET, 6, Int64, None, 0)                                   \
  X(PLANE_OFFSET, 7, Int64, None, 0)                                           \
  X(BATCH_MODE, 8, UInt32, BatchMode, 0)

#define GEMM_LT_MATMUL_PREF_ATTRIBUTES(X)                                      \
  X(SEARCH_MODE, 0, UInt32, SearchMode, 0)                                     \
  X(MAX_WORKSPACE_BYTES, 1, UInt64, None, 0)                                   \
  X(REDUCTION_SCHEME_MASK, 3, UInt32, ReductionMask, 7)                        \
  X(MIN_ALIGNMENT_A_BYTES, 5, UInt32, None, 256)                               \
  X(MIN_ALIGNMENT_B_BYTES, 6, UInt32, None, 256)                               \
  X(MIN_ALIGNMENT_C_BYTES, 7, UInt32, None, 256)                               \
  X(MIN_ALIGNMENT_D_BYTES, 8, UInt32, None, 256)                               \
  X(MAX_WAVES_COUNT, 9, Float, None, 0)                                        \
  X(IMPL_MASK, 12, UInt64, None, -1)

// cublasLtMatrixTransformDescAttributes_t (CUDA 13.1 cublasLt.h).
#define GEMM_LT_MATRIX_TRANSFORM_DESC_ATTRIBUTES(X)                            \
  X(SCALE_TYPE, 0, Int32, DataType, FromCreate)                                \
  X(POINTER_MODE, 1, Int32, PointerMode, 0)                                    \
  X(TRANSA, 2, Int32, Operation, 0)                                            \
  X(TRANSB, 3, Int32, Operation, 0)

// cublasLtEmulationDescAttributes_t (CUDA 13.1 cublasLt.h; the enumerations
// of the first three are the runtime's, not checked here).
#define GEMM_LT_EMULATION_DESC_ATTRIBUTES(X)                                   \
  X(STRATEGY, 0, Int32, None, 0)                                               \
  X(SPECIAL_VALUES_SUPPORT, 1, Int32, None, 0xFFFF)                            \
  X(FIXEDPOINT_MANTISSA_CONTROL, 2, Int32, None, 0)                            \
  X(FIXEDPOINT_MAX_MANTISSA_BIT_COUNT, 3, Int32, None, 0)                      \
  X(FIXEDPOINT_MANTISSA_BIT_OFFSET, 4, Int32, None, 0)                         \
  X(FIXEDPOINT_MANTISSA_BIT_COUNT_POINTER, 5, Pointer, None, 0)

// cublasLtMatmulAlgoConfigAttributes_t (CUDA 13.1 cublasLt.h): ID is set by
// cublasLtMatmulAlgoInit; CTA_SWIZZLING is 0 or 1, other values reserved.
#define GEMM_LT_ALGO_CONFIG_ATTRIBUTES(X)                                      \
  X(ID, 0, Int32, None, FromCreate)                                            \
  X(TILE_ID, 1, UInt32, None, 0)                                               \
  X(SPLITK_NUM, 2, Int32, None, 1)                                             \
  X(REDUCTION_SCHEME, 3, UInt32, ReductionMask, 0)                             \
  X(CTA_SWIZZLING, 4, UInt32, ZeroOrOne, 0)                                    \
  X(CUSTOM_OPTION, 5, UInt32, None, 0)                                         \
  X(STAGES_ID, 6, UInt32, None, 0)                                             \
  X(INNER_SHAPE_ID, 7, UInt16, None, 0)                                        \
  X(CLUSTER_SHAPE_ID, 8, UInt16, None, 0)

// Attribute ids by name: desc::TransA, layout::Ld, pref::MaxWorkspaceBytes.
#define GEMM_LT_ID(NAME, ID, ...) NAME = ID,
namespace desc {
enum : int64_t { GEMM_LT_MATMUL_DESC_ATTRIBUTES(GEMM_LT_ID) Count = 39 };
} // namespace desc
namespace layout {
enum : int64_t { GEMM_LT_MATRIX_LAYOUT_ATTRIBUTES(GEMM_LT_ID) Count = 9 };
} // namespace layout
namespace pref {
enum : int64_t { GEMM_LT_MATMUL_PREF_ATTRIBUTES(GEMM_LT_ID) Count = 13 };
} // namespace pref
namespace xform {
enum : int64_t { GEMM_LT_MATRIX_TRANSFORM_DESC_ATTRIBUTES(GEMM_LT_ID) Count = 4 };
} // namespace xform
namespace emu {
enum : int64_t { GEMM_LT_EMULATION_DESC_ATTRIBUTES(GEMM_LT_ID) Count = 6 };
} // namespace emu
namespace algo_config {
enum : int64_t { GEMM_LT_ALGO_CONFIG_ATTRIBUTES(GEMM_LT_ID) Count = 9 };
} // namespace algo_config
#undef GEMM_LT_ID

// One past the largest attribute id of any object: the size of a state.
constexpr int64_t MaxAttributes = desc::Count;

// CUBLAS_VERSION 13.0: the 12.x atomic-synchronisation attributes are gone.
namespace version {
constexpr int64_t AtomicSyncRemoved = 130000;
} // namespace version

#define GEMM_LT_ROW(NAME, ID, TYPE, KIND, DEFAULT)                             \
  {ID, GEMM_LT_PREFIX #NAME, AttrType::TYPE, EnumKind::KIND, DEFAULT, 0},
#define GEMM_LT_PREFIX "CUBLASLT_MATMUL_DESC_"
inline constexpr AttrInfo MatmulDescAttributes[] = {
    GEMM_LT_MATMUL_DESC_ATTRIBUTES(GEMM_LT_ROW)
    // cuBLAS 12.x only (rulebook LT-ATTR-VERSION).
    {27, "CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_NUM_CHUNKS_D_ROWS", AttrType::Int32,
     EnumKind::None, 0, version::AtomicSyncRemoved},
    {28, "CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_NUM_CHUNKS_D_COLS", AttrType::Int32,
     EnumKind::None, 0, version::AtomicSyncRemoved},
    {29, "CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_IN_COUNTERS_POINTER",
     AttrType::Pointer, EnumKind::None, 0, version::AtomicSyncRemoved},
    {30, "CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_OUT_COUNTERS_POINTER",
     AttrType::Pointer, EnumKind::None, 0, version::AtomicSyncRemoved},
};
#undef GEMM_LT_PREFIX
#define GEMM_LT_PREFIX "CUBLASLT_MATRIX_LAYOUT_"
inline constexpr AttrInfo MatrixLayoutAttributes[] = {
    GEMM_LT_MATRIX_LAYOUT_ATTRIBUTES(GEMM_LT_ROW)};
#undef GEMM_LT_PREFIX
#define GEMM_LT_PREFIX "CUBLASLT_MATMUL_PREF_"
inline constexpr AttrInfo PreferenceAttributes[] = {
    GEMM_LT_MATMUL_PREF_ATTRIBUTES(GEMM_LT_ROW)};
#undef GEMM_LT_PREFIX
#define GEMM_LT_PREFIX "CUBLASLT_MATRIX_TRANSFORM_DESC_"
inline constexpr AttrInfo TransformDescAttributes[] = {
    GEMM_LT_MATRIX_TRANSFORM_DESC_ATTRIBUTES(GEMM_LT_ROW)};
#undef GEMM_LT_PREFIX
#define GEMM_LT_PREFIX "CUBLASLT_EMULATION_DESC_"
inline constexpr AttrInfo EmulationDescAttributes[] = {
    GEMM_LT_EMULATION_DESC_ATTRIBUTES(GEMM_LT_ROW)};
#undef GEMM_LT_PREFIX
#define GEMM_LT_PREFIX "CUBLASLT_ALGO_CONFIG_"
inline constexpr AttrInfo AlgoConfigAttributes[] = {
    GEMM_LT_ALGO_CONFIG_ATTRIBUTES(GEMM_LT_ROW)};
#undef GEMM_LT_PREFIX
#undef GEMM_LT_ROW

// Direct lookup by id: one slot per possible id of each object.
struct AttrIndex {
  const AttrInfo *Slot[MaxAttributes] = {};
};
template <unsigned N> constexpr AttrIndex makeIndex(const AttrInfo (&Table)[N]) {
  AttrIndex I;
  for (const AttrInfo &A : Table)
    I.Slot[A.Id] = &A;
  return I;
}
inline constexpr AttrIndex MatmulDescIndex = makeIndex(MatmulDescAttributes);
inline constexpr AttrIndex MatrixLayoutIndex = makeIndex(MatrixLayoutAttributes);
inline constexpr AttrIndex PreferenceIndex = makeIndex(PreferenceAttributes);
inline constexpr AttrIndex TransformDescIndex = makeIndex(TransformDescAttributes);
inline constexpr AttrIndex EmulationDescIndex = makeIndex(EmulationDescAttributes);
inline constexpr AttrIndex AlgoConfigIndex = makeIndex(AlgoConfigAttributes);

// The attribute Id of an object, or nullptr where no header has it.
constexpr const AttrInfo *findAttribute(Object O, int64_t Id) {
  if (Id < 0 || Id >= MaxAttributes)
    return nullptr;
  switch (O) {
  case Object::MatmulDesc: return MatmulDescIndex.Slot[Id];
  case Object::MatrixLayout: return MatrixLayoutIndex.Slot[Id];
  case Object::Preference: return PreferenceIndex.Slot[Id];
  case Object::TransformDesc: return TransformDescIndex.Slot[Id];
  case Object::EmulationDesc: return EmulationDescIndex.Slot[Id];
  case Object::AlgoConfig: return AlgoConfigIndex.Slot[Id];
  }
  return nullptr;
}

// The attributes a Create (or *Init) call's arguments set, in the order of
// those arguments: the object's FromCreate attributes, by id. cublasLt.h
// declares them in that order (cublasLtMatmulDescCreate: computeType,
// scaleType; cublasLtMatrixLayoutCreate: type, rows, cols, ld;
// cublasLtMatrixTransformDescCreate: scaleType); AlgoConfig's ID is
// cublasLtMatmulAlgoInit's algoId.
struct CreatedAttributes {
  int64_t Id[4] = {};
  unsigned Count = 0;
  constexpr const int64_t *begin() const { return Id; }
  constexpr const int64_t *end() const { return Id + Count; }
};
constexpr CreatedAttributes createdAttributes(Object O) {
  CreatedAttributes C;
  for (int64_t Id = 0; Id < MaxAttributes && C.Count < 4; ++Id) {
    const AttrInfo *A = findAttribute(O, Id);
    if (A && A->Default == FromCreate)
      C.Id[C.Count++] = Id;
  }
  return C;
}

constexpr const char *objectName(Object O) {
  switch (O) {
  case Object::MatmulDesc: return "cublasLtMatmulDesc_t";
  case Object::MatrixLayout: return "cublasLtMatrixLayout_t";
  case Object::Preference: return "cublasLtMatmulPreference_t";
  case Object::TransformDesc: return "cublasLtMatrixTransformDesc_t";
  case Object::EmulationDesc: return "cublasLtEmulationDesc_t";
  case Object::AlgoConfig: return "cublasLtMatmulAlgo_t";
  }
  return "?";
}

// Sizes of the opaque structures the *Init functions fill (docs/cublaslt.md,
// Attribute ids, value types and defaults).
namespace opaque {
constexpr int64_t MatmulDesc = 256, MatrixLayout = 64, Preference = 64,
                  TransformDesc = 64, EmulationDesc = 64, Algo = 64,
                  HeuristicResult = 96;
} // namespace opaque

inline constexpr EnumName EpilogueNames[] = {
    {epi::Default, "CUBLASLT_EPILOGUE_DEFAULT"},
    {epi::Relu, "CUBLASLT_EPILOGUE_RELU"},
    {epi::Bias, "CUBLASLT_EPILOGUE_BIAS"},
    {epi::ReluBias, "CUBLASLT_EPILOGUE_RELU_BIAS"},
    {epi::Gelu, "CUBLASLT_EPILOGUE_GELU"},
    {epi::GeluBias, "CUBLASLT_EPILOGUE_GELU_BIAS"},
    {epi::ReluAux, "CUBLASLT_EPILOGUE_RELU_AUX"},
    {epi::ReluAuxBias, "CUBLASLT_EPILOGUE_RELU_AUX_BIAS"},
    {epi::DRelu, "CUBLASLT_EPILOGUE_DRELU"},
    {epi::DReluBGrad, "CUBLASLT_EPILOGUE_DRELU_BGRAD"},
    {epi::GeluAux, "CUBLASLT_EPILOGUE_GELU_AUX"},
    {epi::GeluAuxBias, "CUBLASLT_EPILOGUE_GELU_AUX_BIAS"},
    {epi::DGelu, "CUBLASLT_EPILOGUE_DGELU"},
    {epi::DGeluBGrad, "CUBLASLT_EPILOGUE_DGELU_BGRAD"},
    {epi::BGradA, "CUBLASLT_EPILOGUE_BGRADA"},
    {epi::BGradB, "CUBLASLT_EPILOGUE_BGRADB"},
};

inline constexpr EnumName OrderNames[] = {
    {order::Col, "CUBLASLT_ORDER_COL"},
    {order::Row, "CUBLASLT_ORDER_ROW"},
    {order::Col32, "CUBLASLT_ORDER_COL32"},
    {order::Col4_4R2_8C, "CUBLASLT_ORDER_COL4_4R2_8C"},
    {order::Col32_2R_4R4, "CUBLASLT_ORDER_COL32_2R_4R4"},
};

inline constexpr EnumName PointerModeNames[] = {
    {pmode::Host, "CUBLASLT_POINTER_MODE_HOST"},
    {pmode::Device, "CUBLASLT_POINTER_MODE_DEVICE"},
    {pmode::DeviceVector, "CUBLASLT_POINTER_MODE_DEVICE_VECTOR"},
    {pmode::AlphaDeviceVectorBetaZero,
     "CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO"},
    {pmode::AlphaDeviceVectorBetaHost,
     "CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST"},
};

inline constexpr EnumName ScaleModeNames[] = {
    {smode::Scalar32F, "CUBLASLT_MATMUL_MATRIX_SCALE_SCALAR_32F"},
    {smode::Vec16UE4M3, "CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3"},
    {smode::Vec32UE8M0, "CUBLASLT_MATMUL_MATRIX_SCALE_VEC32_UE8M0"},
    {smode::OuterVec32F, "CUBLASLT_MATMUL_MATRIX_SCALE_OUTER_VEC_32F"},
    {smode::Vec128_32F, "CUBLASLT_MATMUL_MATRIX_SCALE_VEC128_32F"},
    {smode::Blk128x128_32F, "CUBLASLT_MATMUL_MATRIX_SCALE_BLK128x128_32F"},
};

inline constexpr EnumName FillModeNames[] = {
    {fill::Lower, "CUBLAS_FILL_MODE_LOWER"},
    {fill::Upper, "CUBLAS_FILL_MODE_UPPER"},
    {fill::Full, "CUBLAS_FILL_MODE_FULL"},
};

inline constexpr EnumName BatchModeNames[] = {
    {batch_mode::Strided, "CUBLASLT_BATCH_MODE_STRIDED"},
    {batch_mode::PointerArray, "CUBLASLT_BATCH_MODE_POINTER_ARRAY"},
};

// The enumerators of an attribute kind, as their headers spell them; empty
// for kinds that are numbers (masks, flags, plain integers).
struct EnumNames {
  const EnumName *Begin = nullptr, *End = nullptr;
  constexpr const EnumName *begin() const { return Begin; }
  constexpr const EnumName *end() const { return End; }
};
template <unsigned N> constexpr EnumNames namesOf(const EnumName (&Table)[N]) {
  return EnumNames{Table, Table + N};
}
constexpr EnumNames enumNames(EnumKind K) {
  switch (K) {
  case EnumKind::ComputeType: return namesOf(ComputeTypeNames);
  case EnumKind::DataType:
  case EnumKind::DataTypeOrDefault: return namesOf(DataTypeNames);
  case EnumKind::Operation:
  case EnumKind::TransC: return namesOf(OperationNames);
  case EnumKind::Epilogue: return namesOf(EpilogueNames);
  case EnumKind::Order: return namesOf(OrderNames);
  case EnumKind::PointerMode: return namesOf(PointerModeNames);
  case EnumKind::ScaleMode: return namesOf(ScaleModeNames);
  case EnumKind::FillMode: return namesOf(FillModeNames);
  case EnumKind::BatchMode: return namesOf(BatchModeNames);
  default: return EnumNames{};
  }
}

// Whether V is a valid value of an attribute of kind K (rule LT-ATTR-ENUM).
constexpr bool isValidEnumValue(EnumKind K, int64_t V) {
  switch (K) {
  case EnumKind::None: return true;
  case EnumKind::ComputeType: return isKnownComputeType(V);
  case EnumKind::DataType: return isKnownDataType(V);
  case EnumKind::DataTypeOrDefault: return V == -1 || isKnownDataType(V);
  case EnumKind::PointerMode: return V >= pmode::Host && V <= pmode::AlphaDeviceVectorBetaHost;
  case EnumKind::Operation: return isValidOperation(V);
  case EnumKind::TransC: return V == op::N;
  case EnumKind::FillMode: return V >= fill::Lower && V <= fill::Full;
  case EnumKind::Epilogue: return lookupName(EpilogueNames, V) != nullptr;
  case EnumKind::ScaleMode: return V >= smode::Scalar32F && V < smode::End;
  case EnumKind::Order: return V >= order::Col && V <= order::Col32_2R_4R4;
  case EnumKind::BatchMode: return V == batch_mode::Strided || V == batch_mode::PointerArray;
  case EnumKind::SearchMode: return V == search::BestFit || V == search::LimitedByAlgoId;
  case EnumKind::ReductionMask: return V >= 0 && (V & ~reduction::Mask) == 0;
  case EnumKind::Bool: return true; // any int8_t; non-zero means on
  case EnumKind::ZeroOrOne: return V == 0 || V == 1;
  }
  return true;
}

constexpr const char *enumKindName(EnumKind K) {
  switch (K) {
  case EnumKind::ComputeType: return "cublasComputeType_t";
  case EnumKind::DataType: return "cudaDataType";
  case EnumKind::DataTypeOrDefault: return "cudaDataType (or -1 for the default)";
  case EnumKind::PointerMode: return "cublasLtPointerMode_t";
  case EnumKind::Operation: return "cublasOperation_t (CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C)";
  case EnumKind::TransC: return "CUBLAS_OP_N, the only supported TRANSC";
  case EnumKind::FillMode: return "cublasFillMode_t";
  case EnumKind::Epilogue: return "cublasLtEpilogue_t";
  case EnumKind::ScaleMode: return "cublasLtMatmulMatrixScale_t";
  case EnumKind::Order: return "cublasLtOrder_t";
  case EnumKind::BatchMode: return "cublasLtBatchMode_t";
  case EnumKind::SearchMode: return "cublasLtMatmulSearch_t (2..9 are reserved)";
  case EnumKind::ReductionMask: return "cublasLtReductionScheme_t mask (within 0x7)";
  case EnumKind::ZeroOrOne: return "0 or 1 (other values are reserved)";
  default: return "valid value";
  }
}

// --- epilogue properties (docs/cublaslt.md, Epilogues) -----------------------

constexpr bool epilogueReadsBias(int64_t E) {
  return E == epi::Bias || E == epi::ReluBias || E == epi::GeluBias ||
         E == epi::ReluAuxBias || E == epi::GeluAuxBias;
}
constexpr bool epilogueWritesBiasGradient(int64_t E) {
  return E == epi::DReluBGrad || E == epi::DGeluBGrad || E == epi::BGradA ||
         E == epi::BGradB;
}
constexpr bool epilogueUsesBias(int64_t E) {
  return epilogueReadsBias(E) || epilogueWritesBiasGradient(E);
}
// The aux buffer is a ReLU bit-mask (ld in bits, multiple of 128).
constexpr bool epilogueReluMaskAux(int64_t E) {
  return E == epi::ReluAux || E == epi::ReluAuxBias || E == epi::DRelu ||
         E == epi::DReluBGrad;
}
// The aux buffer is the GELU input (ld in elements, multiple of 8).
constexpr bool epilogueGeluAux(int64_t E) {
  return E == epi::GeluAux || E == epi::GeluAuxBias || E == epi::DGelu ||
         E == epi::DGeluBGrad;
}
constexpr bool epilogueUsesAux(int64_t E) {
  return epilogueReluMaskAux(E) || epilogueGeluAux(E);
}

// --- data types the Lt tables add (docs/cublaslt.md, Types; FP8, FP4) --------

constexpr bool isFp8(int64_t T) {
  return T == dt::R_8F_E4M3 || T == dt::R_8F_E5M2;
}
constexpr bool isFp4(int64_t T) { return T == dt::R_4F_E2M1; }
constexpr bool isNarrow(int64_t T) { return isFp8(T) || isFp4(T); }

// Bits per element, FP8/FP4 included; 0 where the rules do not size it.
constexpr int64_t elementBits(int64_t T) {
  if (isFp8(T))
    return 8;
  if (isFp4(T))
    return 4;
  return elementSize(T) * 8;
}

constexpr bool isImmaOrder(int64_t O) {
  return O == order::Col32 || O == order::Col4_4R2_8C ||
         O == order::Col32_2R_4R4;
}

} // namespace lt
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_LT_ATTRIBUTES_H
