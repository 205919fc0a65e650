// The stand-in cublasLt.h (test/Inputs/standin, shipped as the cuda-stubs)
// against the rules core, whose values LtHeaderMirrorTest checks against
// the real header: every attribute id and the enumerators the stand-in has.
// RUN: %cxx -std=c++17 -fsyntax-only -I%S/../Inputs/standin -I%S/../../include %s

#include <cublasLt.h>

#include "gemm/rules/lt_attributes.h"

namespace lt = gemm::rules::lt;

#define GEMM_ID(PREFIX, NAME, ID, ...) static_assert(PREFIX##NAME == ID, #PREFIX #NAME);
#define GEMM_DESC_ID(NAME, ID, ...) GEMM_ID(CUBLASLT_MATMUL_DESC_, NAME, ID)
#define GEMM_LAYOUT_ID(NAME, ID, ...) GEMM_ID(CUBLASLT_MATRIX_LAYOUT_, NAME, ID)
#define GEMM_PREF_ID(NAME, ID, ...) GEMM_ID(CUBLASLT_MATMUL_PREF_, NAME, ID)
GEMM_LT_MATMUL_DESC_ATTRIBUTES(GEMM_DESC_ID)
GEMM_LT_MATRIX_LAYOUT_ATTRIBUTES(GEMM_LAYOUT_ID)
GEMM_LT_MATMUL_PREF_ATTRIBUTES(GEMM_PREF_ID)

static_assert(CUBLASLT_ORDER_COL == lt::order::Col && CUBLASLT_ORDER_ROW == lt::order::Row &&
              CUBLASLT_ORDER_COL32 == lt::order::Col32 &&
              CUBLASLT_ORDER_COL4_4R2_8C == lt::order::Col4_4R2_8C &&
              CUBLASLT_ORDER_COL32_2R_4R4 == lt::order::Col32_2R_4R4);
static_assert(CUBLASLT_POINTER_MODE_HOST == lt::pmode::Host &&
              CUBLASLT_POINTER_MODE_DEVICE == lt::pmode::Device &&
              CUBLASLT_POINTER_MODE_DEVICE_VECTOR == lt::pmode::DeviceVector &&
              CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO ==
                  lt::pmode::AlphaDeviceVectorBetaZero &&
              CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST ==
                  lt::pmode::AlphaDeviceVectorBetaHost);
static_assert(CUBLASLT_MATMUL_MATRIX_SCALE_SCALAR_32F == lt::smode::Scalar32F &&
              CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 == lt::smode::Vec16UE4M3 &&
              CUBLASLT_MATMUL_MATRIX_SCALE_VEC32_UE8M0 == lt::smode::Vec32UE8M0 &&
              CUBLASLT_MATMUL_MATRIX_SCALE_OUTER_VEC_32F == lt::smode::OuterVec32F &&
              CUBLASLT_MATMUL_MATRIX_SCALE_VEC128_32F == lt::smode::Vec128_32F &&
              CUBLASLT_MATMUL_MATRIX_SCALE_BLK128x128_32F == lt::smode::Blk128x128_32F);
static_assert(CUBLASLT_EPILOGUE_DEFAULT == lt::epi::Default && CUBLASLT_EPILOGUE_RELU == lt::epi::Relu &&
              CUBLASLT_EPILOGUE_BIAS == lt::epi::Bias && CUBLASLT_EPILOGUE_RELU_BIAS == lt::epi::ReluBias &&
              CUBLASLT_EPILOGUE_GELU == lt::epi::Gelu && CUBLASLT_EPILOGUE_GELU_BIAS == lt::epi::GeluBias &&
              CUBLASLT_EPILOGUE_RELU_AUX == lt::epi::ReluAux &&
              CUBLASLT_EPILOGUE_RELU_AUX_BIAS == lt::epi::ReluAuxBias &&
              CUBLASLT_EPILOGUE_DRELU == lt::epi::DRelu && CUBLASLT_EPILOGUE_DRELU_BGRAD == lt::epi::DReluBGrad &&
              CUBLASLT_EPILOGUE_GELU_AUX == lt::epi::GeluAux &&
              CUBLASLT_EPILOGUE_GELU_AUX_BIAS == lt::epi::GeluAuxBias &&
              CUBLASLT_EPILOGUE_DGELU == lt::epi::DGelu && CUBLASLT_EPILOGUE_DGELU_BGRAD == lt::epi::DGeluBGrad &&
              CUBLASLT_EPILOGUE_BGRADA == lt::epi::BGradA && CUBLASLT_EPILOGUE_BGRADB == lt::epi::BGradB);
static_assert(CUBLASLT_REDUCTION_SCHEME_MASK == lt::reduction::Mask);
static_assert(sizeof(cublasLtMatmulDescOpaque_t) == lt::opaque::MatmulDesc &&
              sizeof(cublasLtMatrixLayoutOpaque_t) == lt::opaque::MatrixLayout &&
              sizeof(cublasLtMatmulPreferenceOpaque_t) == lt::opaque::Preference &&
              sizeof(cublasLtMatmulAlgo_t) == lt::opaque::Algo &&
              sizeof(cublasLtMatmulHeuristicResult_t) == lt::opaque::HeuristicResult);
