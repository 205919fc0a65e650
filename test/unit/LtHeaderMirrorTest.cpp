// LtHeaderMirrorTest.cpp - every cuBLASLt attribute id, value type size and
// enumerator that gemm/rules/lt_attributes.h encodes, static_asserted against
// the installed cublasLt.h (CMake adds -I<cuda>/include to this file only).
// Without the header the file compiles to one skipped test.
#include "gemm/rules/lt_check.h"

#include <gtest/gtest.h>

#if __has_include(<cublasLt.h>)
#include <cublasLt.h>
#define GEMM_HAVE_CUBLASLT_H 1
#else
#define GEMM_HAVE_CUBLASLT_H 0
#endif

namespace lt = gemm::rules::lt;

#if GEMM_HAVE_CUBLASLT_H

namespace {

// The value type each attribute's comment in cublasLt.h names.
// clang-format off
#define GEMM_HEADER_DESC_TYPES(X)                                              \
  X(COMPUTE_TYPE, int32_t) X(SCALE_TYPE, int32_t) X(POINTER_MODE, int32_t)     \
  X(TRANSA, int32_t) X(TRANSB, int32_t) X(TRANSC, int32_t)                     \
  X(FILL_MODE, int32_t) X(EPILOGUE, uint32_t) X(BIAS_POINTER, const void *)    \
  X(BIAS_BATCH_STRIDE, int64_t) X(EPILOGUE_AUX_POINTER, void *)                \
  X(EPILOGUE_AUX_LD, int64_t) X(EPILOGUE_AUX_BATCH_STRIDE, int64_t)            \
  X(ALPHA_VECTOR_BATCH_STRIDE, int64_t) X(SM_COUNT_TARGET, int32_t)            \
  X(A_SCALE_POINTER, const void *) X(B_SCALE_POINTER, const void *)            \
  X(C_SCALE_POINTER, const void *) X(D_SCALE_POINTER, const void *)            \
  X(AMAX_D_POINTER, void *) X(EPILOGUE_AUX_DATA_TYPE, int32_t)                 \
  X(EPILOGUE_AUX_SCALE_POINTER, void *) X(EPILOGUE_AUX_AMAX_POINTER, void *)   \
  X(FAST_ACCUM, int8_t) X(BIAS_DATA_TYPE, int32_t) X(A_SCALE_MODE, int32_t)    \
  X(B_SCALE_MODE, int32_t) X(C_SCALE_MODE, int32_t) X(D_SCALE_MODE, int32_t)   \
  X(EPILOGUE_AUX_SCALE_MODE, int32_t) X(D_OUT_SCALE_POINTER, void *)           \
  X(D_OUT_SCALE_MODE, int32_t) X(EMULATION_DESCRIPTOR, cublasLtEmulationDesc_t)
#define GEMM_HEADER_LAYOUT_TYPES(X)                                            \
  X(TYPE, uint32_t) X(ORDER, int32_t) X(ROWS, uint64_t) X(COLS, uint64_t)      \
  X(LD, int64_t) X(BATCH_COUNT, int32_t) X(STRIDED_BATCH_OFFSET, int64_t)      \
  X(PLANE_OFFSET, int64_t) X(BATCH_MODE, uint32_t)
#define GEMM_HEADER_PREF_TYPES(X)                                              \
  X(SEARCH_MODE, uint32_t) X(MAX_WORKSPACE_BYTES, uint64_t)                    \
  X(REDUCTION_SCHEME_MASK, uint32_t) X(MIN_ALIGNMENT_A_BYTES, uint32_t)        \
  X(MIN_ALIGNMENT_B_BYTES, uint32_t) X(MIN_ALIGNMENT_C_BYTES, uint32_t)        \
  X(MIN_ALIGNMENT_D_BYTES, uint32_t) X(MAX_WAVES_COUNT, float)                 \
  X(IMPL_MASK, uint64_t)
#define GEMM_HEADER_XFORM_TYPES(X)                                             \
  X(SCALE_TYPE, int32_t) X(POINTER_MODE, int32_t) X(TRANSA, int32_t)           \
  X(TRANSB, int32_t)
#define GEMM_HEADER_EMU_TYPES(X)                                               \
  X(STRATEGY, int32_t) X(SPECIAL_VALUES_SUPPORT, int32_t)                      \
  X(FIXEDPOINT_MANTISSA_CONTROL, int32_t)                                      \
  X(FIXEDPOINT_MAX_MANTISSA_BIT_COUNT, int32_t)                                \
  X(FIXEDPOINT_MANTISSA_BIT_OFFSET, int32_t)                                   \
  X(FIXEDPOINT_MANTISSA_BIT_COUNT_POINTER, int32_t *)
#define GEMM_HEADER_ALGO_CONFIG_TYPES(X)                                       \
  X(ID, int32_t) X(TILE_ID, uint32_t) X(SPLITK_NUM, int32_t)                   \
  X(REDUCTION_SCHEME, uint32_t) X(CTA_SWIZZLING, uint32_t)                     \
  X(CUSTOM_OPTION, uint32_t) X(STAGES_ID, uint32_t)                            \
  X(INNER_SHAPE_ID, uint16_t) X(CLUSTER_SHAPE_ID, uint16_t)
// clang-format on

// Ids: the core's list against the header's enumerators.
#define GEMM_ID(PREFIX, NAME, ID, ...)                                         \
  static_assert(PREFIX##NAME == ID, #PREFIX #NAME);
#define GEMM_DESC_ID(NAME, ID, ...) GEMM_ID(CUBLASLT_MATMUL_DESC_, NAME, ID)
#define GEMM_LAYOUT_ID(NAME, ID, ...) GEMM_ID(CUBLASLT_MATRIX_LAYOUT_, NAME, ID)
#define GEMM_PREF_ID(NAME, ID, ...) GEMM_ID(CUBLASLT_MATMUL_PREF_, NAME, ID)
GEMM_LT_MATMUL_DESC_ATTRIBUTES(GEMM_DESC_ID)
GEMM_LT_MATRIX_LAYOUT_ATTRIBUTES(GEMM_LAYOUT_ID)
GEMM_LT_MATMUL_PREF_ATTRIBUTES(GEMM_PREF_ID)
#define GEMM_XFORM_ID(NAME, ID, ...) GEMM_ID(CUBLASLT_MATRIX_TRANSFORM_DESC_, NAME, ID)
#define GEMM_EMU_ID(NAME, ID, ...) GEMM_ID(CUBLASLT_EMULATION_DESC_, NAME, ID)
#define GEMM_ALGO_CONFIG_ID(NAME, ID, ...) GEMM_ID(CUBLASLT_ALGO_CONFIG_, NAME, ID)
GEMM_LT_MATRIX_TRANSFORM_DESC_ATTRIBUTES(GEMM_XFORM_ID)
GEMM_LT_EMULATION_DESC_ATTRIBUTES(GEMM_EMU_ID)
GEMM_LT_ALGO_CONFIG_ATTRIBUTES(GEMM_ALGO_CONFIG_ID)

// Sizes: the core's value type against the header's, for every attribute
// the header has (so an attribute the core lacks fails to compile too).
#define GEMM_SIZE(OBJ, PREFIX, NAME, TYPE)                                     \
  static_assert(lt::findAttribute(lt::Object::OBJ, PREFIX##NAME) != nullptr && \
                    lt::attrTypeSize(                                          \
                        lt::findAttribute(lt::Object::OBJ, PREFIX##NAME)       \
                            ->Type) == sizeof(TYPE),                           \
                #PREFIX #NAME " size");
#define GEMM_DESC_SIZE(NAME, TYPE)                                             \
  GEMM_SIZE(MatmulDesc, CUBLASLT_MATMUL_DESC_, NAME, TYPE)
#define GEMM_LAYOUT_SIZE(NAME, TYPE)                                           \
  GEMM_SIZE(MatrixLayout, CUBLASLT_MATRIX_LAYOUT_, NAME, TYPE)
#define GEMM_PREF_SIZE(NAME, TYPE)                                             \
  GEMM_SIZE(Preference, CUBLASLT_MATMUL_PREF_, NAME, TYPE)
GEMM_HEADER_DESC_TYPES(GEMM_DESC_SIZE)
GEMM_HEADER_LAYOUT_TYPES(GEMM_LAYOUT_SIZE)
GEMM_HEADER_PREF_TYPES(GEMM_PREF_SIZE)
#define GEMM_XFORM_SIZE(NAME, TYPE)                                            \
  GEMM_SIZE(TransformDesc, CUBLASLT_MATRIX_TRANSFORM_DESC_, NAME, TYPE)
#define GEMM_EMU_SIZE(NAME, TYPE)                                              \
  GEMM_SIZE(EmulationDesc, CUBLASLT_EMULATION_DESC_, NAME, TYPE)
#define GEMM_ALGO_CONFIG_SIZE(NAME, TYPE)                                      \
  GEMM_SIZE(AlgoConfig, CUBLASLT_ALGO_CONFIG_, NAME, TYPE)
GEMM_HEADER_XFORM_TYPES(GEMM_XFORM_SIZE)
GEMM_HEADER_EMU_TYPES(GEMM_EMU_SIZE)
GEMM_HEADER_ALGO_CONFIG_TYPES(GEMM_ALGO_CONFIG_SIZE)

// Floating-point attributes are exactly the header's float ones.
static_assert(lt::findAttribute(lt::Object::Preference,
                                CUBLASLT_MATMUL_PREF_MAX_WAVES_COUNT)
                  ->Type == lt::AttrType::Float, "");

// The value enumerations the rules use.
#define GEMM_EQ(CORE, HDR) static_assert(CORE == HDR, #HDR);
GEMM_EQ(lt::order::Col, CUBLASLT_ORDER_COL)
GEMM_EQ(lt::order::Row, CUBLASLT_ORDER_ROW)
GEMM_EQ(lt::order::Col32, CUBLASLT_ORDER_COL32)
GEMM_EQ(lt::order::Col4_4R2_8C, CUBLASLT_ORDER_COL4_4R2_8C)
GEMM_EQ(lt::order::Col32_2R_4R4, CUBLASLT_ORDER_COL32_2R_4R4)
GEMM_EQ(lt::pmode::Host, CUBLASLT_POINTER_MODE_HOST)
GEMM_EQ(lt::pmode::Device, CUBLASLT_POINTER_MODE_DEVICE)
GEMM_EQ(lt::pmode::DeviceVector, CUBLASLT_POINTER_MODE_DEVICE_VECTOR)
GEMM_EQ(lt::pmode::AlphaDeviceVectorBetaZero,
        CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO)
GEMM_EQ(lt::pmode::AlphaDeviceVectorBetaHost,
        CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST)
GEMM_EQ(lt::smode::Scalar32F, CUBLASLT_MATMUL_MATRIX_SCALE_SCALAR_32F)
GEMM_EQ(lt::smode::Vec16UE4M3, CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3)
GEMM_EQ(lt::smode::Vec32UE8M0, CUBLASLT_MATMUL_MATRIX_SCALE_VEC32_UE8M0)
GEMM_EQ(lt::smode::OuterVec32F, CUBLASLT_MATMUL_MATRIX_SCALE_OUTER_VEC_32F)
GEMM_EQ(lt::smode::Vec128_32F, CUBLASLT_MATMUL_MATRIX_SCALE_VEC128_32F)
GEMM_EQ(lt::smode::Blk128x128_32F, CUBLASLT_MATMUL_MATRIX_SCALE_BLK128x128_32F)
GEMM_EQ(lt::smode::End, CUBLASLT_MATMUL_MATRIX_SCALE_END)
GEMM_EQ(lt::epi::Default, CUBLASLT_EPILOGUE_DEFAULT)
GEMM_EQ(lt::epi::Relu, CUBLASLT_EPILOGUE_RELU)
GEMM_EQ(lt::epi::Bias, CUBLASLT_EPILOGUE_BIAS)
GEMM_EQ(lt::epi::ReluBias, CUBLASLT_EPILOGUE_RELU_BIAS)
GEMM_EQ(lt::epi::Gelu, CUBLASLT_EPILOGUE_GELU)
GEMM_EQ(lt::epi::GeluBias, CUBLASLT_EPILOGUE_GELU_BIAS)
GEMM_EQ(lt::epi::ReluAux, CUBLASLT_EPILOGUE_RELU_AUX)
GEMM_EQ(lt::epi::ReluAuxBias, CUBLASLT_EPILOGUE_RELU_AUX_BIAS)
GEMM_EQ(lt::epi::DRelu, CUBLASLT_EPILOGUE_DRELU)
GEMM_EQ(lt::epi::DReluBGrad, CUBLASLT_EPILOGUE_DRELU_BGRAD)
GEMM_EQ(lt::epi::GeluAux, CUBLASLT_EPILOGUE_GELU_AUX)
GEMM_EQ(lt::epi::GeluAuxBias, CUBLASLT_EPILOGUE_GELU_AUX_BIAS)
GEMM_EQ(lt::epi::DGelu, CUBLASLT_EPILOGUE_DGELU)
GEMM_EQ(lt::epi::DGeluBGrad, CUBLASLT_EPILOGUE_DGELU_BGRAD)
GEMM_EQ(lt::epi::BGradA, CUBLASLT_EPILOGUE_BGRADA)
GEMM_EQ(lt::epi::BGradB, CUBLASLT_EPILOGUE_BGRADB)
GEMM_EQ(lt::batch_mode::Strided, CUBLASLT_BATCH_MODE_STRIDED)
GEMM_EQ(lt::batch_mode::PointerArray, CUBLASLT_BATCH_MODE_POINTER_ARRAY)
GEMM_EQ(lt::fill::Lower, CUBLAS_FILL_MODE_LOWER)
GEMM_EQ(lt::fill::Upper, CUBLAS_FILL_MODE_UPPER)
GEMM_EQ(lt::fill::Full, CUBLAS_FILL_MODE_FULL)
GEMM_EQ(lt::search::BestFit, CUBLASLT_SEARCH_BEST_FIT)
GEMM_EQ(lt::search::LimitedByAlgoId, CUBLASLT_SEARCH_LIMITED_BY_ALGO_ID)
GEMM_EQ(lt::reduction::Mask, CUBLASLT_REDUCTION_SCHEME_MASK)
GEMM_EQ(gemm::rules::op::N, CUBLAS_OP_N)
GEMM_EQ(gemm::rules::op::T, CUBLAS_OP_T)
GEMM_EQ(gemm::rules::op::C, CUBLAS_OP_C)
GEMM_EQ(gemm::rules::op::CONJG, CUBLAS_OP_CONJG)
GEMM_EQ(gemm::rules::dt::R_8F_E4M3, CUDA_R_8F_E4M3)
GEMM_EQ(gemm::rules::dt::R_8F_E5M2, CUDA_R_8F_E5M2)
GEMM_EQ(gemm::rules::dt::R_8F_UE8M0, CUDA_R_8F_UE8M0)
GEMM_EQ(gemm::rules::dt::R_4F_E2M1, CUDA_R_4F_E2M1)
GEMM_EQ(lt::opaque::MatmulDesc, sizeof(cublasLtMatmulDescOpaque_t))
GEMM_EQ(lt::opaque::MatrixLayout, sizeof(cublasLtMatrixLayoutOpaque_t))
GEMM_EQ(lt::opaque::Preference, sizeof(cublasLtMatmulPreferenceOpaque_t))
GEMM_EQ(lt::opaque::TransformDesc, sizeof(cublasLtMatrixTransformDescOpaque_t))
GEMM_EQ(lt::opaque::EmulationDesc, sizeof(cublasLtEmulationDescOpaque_t))
GEMM_EQ(lt::opaque::Algo, sizeof(cublasLtMatmulAlgo_t))
GEMM_EQ(lt::opaque::HeuristicResult, sizeof(cublasLtMatmulHeuristicResult_t))
// Enumerations are 4 bytes, as the Int32/UInt32 attribute types say.
static_assert(sizeof(cublasLtEpilogue_t) == 4 && sizeof(cublasLtOrder_t) == 4 &&
                  sizeof(cublasOperation_t) == 4 && sizeof(cudaDataType) == 4 &&
                  sizeof(cublasComputeType_t) == 4 &&
                  sizeof(cublasLtMatmulMatrixScale_t) == 4 &&
                  sizeof(cublasLtPointerMode_t) == 4,
              "");

} // namespace

TEST(LtHeaderMirror, MatchesCublasLtHeader) {
  // Everything above is checked at compile time; at run time, the version
  // the rulebook's tables were printed from.
  EXPECT_GE(CUBLAS_VERSION, 130000);
  // The 12.x atomic-sync ids are gone from this header: the core knows
  // them only as removed (LT-ATTR-VERSION).
  for (int64_t Id = 27; Id <= 30; ++Id)
    EXPECT_NE(lt::findAttribute(lt::Object::MatmulDesc, Id)->UntilVersion, 0);
}

#else

TEST(LtHeaderMirror, MatchesCublasLtHeader) {
  GTEST_SKIP() << "cublasLt.h not on the include path";
}

#endif
