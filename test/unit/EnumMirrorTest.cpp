// EnumMirrorTest.cpp - the values gemm/rules/enums.h mirrors, compared with
// the real CUDA headers (library_types.h, cublas_api.h) when they are on the
// include path. CMake adds -I<cuda>/include to this file only; without the
// headers every test here is skipped.
#include "gemm/rules.h"

#include <gtest/gtest.h>

#include <cstring>
#include <iterator>
#include <set>
#include <string>

#if __has_include(<cublas_api.h>)
#include <cublas_api.h>
#include <library_types.h>
#define GEMM_HAVE_CUDA_HEADERS 1
#else
#define GEMM_HAVE_CUDA_HEADERS 0
#endif

using namespace gemm::rules;

#if GEMM_HAVE_CUDA_HEADERS

namespace {

struct RealEnumerator {
  int64_t Value;
  const char *Spelling; // the enumerator as written in the header
  const char *Name;     // the name the core must give the value
  int64_t Core;         // the core's constant for the value
};

// An enumerator the core names as the header spells it.
#define GEMM_SAME(Core, E)                                                     \
  { E, #E, #E, Core }

// Every cudaDataType enumerator of library_types.h (CUDA 13).
const RealEnumerator RealDataTypes[] = {
    GEMM_SAME(dt::R_16F, CUDA_R_16F),
    GEMM_SAME(dt::C_16F, CUDA_C_16F),
    GEMM_SAME(dt::R_16BF, CUDA_R_16BF),
    GEMM_SAME(dt::C_16BF, CUDA_C_16BF),
    GEMM_SAME(dt::R_32F, CUDA_R_32F),
    GEMM_SAME(dt::C_32F, CUDA_C_32F),
    GEMM_SAME(dt::R_64F, CUDA_R_64F),
    GEMM_SAME(dt::C_64F, CUDA_C_64F),
    GEMM_SAME(dt::R_4I, CUDA_R_4I),
    GEMM_SAME(dt::C_4I, CUDA_C_4I),
    GEMM_SAME(dt::R_4U, CUDA_R_4U),
    GEMM_SAME(dt::C_4U, CUDA_C_4U),
    GEMM_SAME(dt::R_8I, CUDA_R_8I),
    GEMM_SAME(dt::C_8I, CUDA_C_8I),
    GEMM_SAME(dt::R_8U, CUDA_R_8U),
    GEMM_SAME(dt::C_8U, CUDA_C_8U),
    GEMM_SAME(dt::R_16I, CUDA_R_16I),
    GEMM_SAME(dt::C_16I, CUDA_C_16I),
    GEMM_SAME(dt::R_16U, CUDA_R_16U),
    GEMM_SAME(dt::C_16U, CUDA_C_16U),
    GEMM_SAME(dt::R_32I, CUDA_R_32I),
    GEMM_SAME(dt::C_32I, CUDA_C_32I),
    GEMM_SAME(dt::R_32U, CUDA_R_32U),
    GEMM_SAME(dt::C_32U, CUDA_C_32U),
    GEMM_SAME(dt::R_64I, CUDA_R_64I),
    GEMM_SAME(dt::C_64I, CUDA_C_64I),
    GEMM_SAME(dt::R_64U, CUDA_R_64U),
    GEMM_SAME(dt::C_64U, CUDA_C_64U),
    GEMM_SAME(dt::R_8F_E4M3, CUDA_R_8F_E4M3),
    // An alias: the first-listed name wins.
    {CUDA_R_8F_UE4M3, "CUDA_R_8F_UE4M3", "CUDA_R_8F_E4M3", dt::R_8F_E4M3},
    GEMM_SAME(dt::R_8F_E5M2, CUDA_R_8F_E5M2),
    GEMM_SAME(dt::R_8F_UE8M0, CUDA_R_8F_UE8M0),
    GEMM_SAME(dt::R_6F_E2M3, CUDA_R_6F_E2M3),
    GEMM_SAME(dt::R_6F_E3M2, CUDA_R_6F_E3M2),
    GEMM_SAME(dt::R_4F_E2M1, CUDA_R_4F_E2M1),
};

// Every cublasComputeType_t enumerator of cublas_api.h (CUDA 13).
const RealEnumerator RealComputeTypes[] = {
    GEMM_SAME(ct::C16F, CUBLAS_COMPUTE_16F),
    GEMM_SAME(ct::C16F_PEDANTIC, CUBLAS_COMPUTE_16F_PEDANTIC),
    GEMM_SAME(ct::C32F, CUBLAS_COMPUTE_32F),
    GEMM_SAME(ct::C32F_PEDANTIC, CUBLAS_COMPUTE_32F_PEDANTIC),
    GEMM_SAME(ct::C32F_FAST_16F, CUBLAS_COMPUTE_32F_FAST_16F),
    GEMM_SAME(ct::C32F_FAST_16BF, CUBLAS_COMPUTE_32F_FAST_16BF),
    GEMM_SAME(ct::C32F_FAST_TF32, CUBLAS_COMPUTE_32F_FAST_TF32),
    GEMM_SAME(ct::C32F_EMULATED_16BFX9, CUBLAS_COMPUTE_32F_EMULATED_16BFX9),
    GEMM_SAME(ct::C64F, CUBLAS_COMPUTE_64F),
    GEMM_SAME(ct::C64F_PEDANTIC, CUBLAS_COMPUTE_64F_PEDANTIC),
    GEMM_SAME(ct::C64F_EMULATED_FIXEDPOINT,
              CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT),
    GEMM_SAME(ct::C32I, CUBLAS_COMPUTE_32I),
    GEMM_SAME(ct::C32I_PEDANTIC, CUBLAS_COMPUTE_32I_PEDANTIC),
};

const RealEnumerator RealOperations[] = {
    GEMM_SAME(op::N, CUBLAS_OP_N),
    GEMM_SAME(op::T, CUBLAS_OP_T),
    GEMM_SAME(op::C, CUBLAS_OP_C),
    {CUBLAS_OP_HERMITAN, "CUBLAS_OP_HERMITAN", "CUBLAS_OP_C", op::C},
    GEMM_SAME(op::CONJG, CUBLAS_OP_CONJG),
};

// Every cublasGemmAlgo_t enumerator.
const int64_t RealAlgos[] = {
    CUBLAS_GEMM_DFALT,
    CUBLAS_GEMM_DEFAULT,
    CUBLAS_GEMM_ALGO0,
    CUBLAS_GEMM_ALGO1,
    CUBLAS_GEMM_ALGO2,
    CUBLAS_GEMM_ALGO3,
    CUBLAS_GEMM_ALGO4,
    CUBLAS_GEMM_ALGO5,
    CUBLAS_GEMM_ALGO6,
    CUBLAS_GEMM_ALGO7,
    CUBLAS_GEMM_ALGO8,
    CUBLAS_GEMM_ALGO9,
    CUBLAS_GEMM_ALGO10,
    CUBLAS_GEMM_ALGO11,
    CUBLAS_GEMM_ALGO12,
    CUBLAS_GEMM_ALGO13,
    CUBLAS_GEMM_ALGO14,
    CUBLAS_GEMM_ALGO15,
    CUBLAS_GEMM_ALGO16,
    CUBLAS_GEMM_ALGO17,
    CUBLAS_GEMM_ALGO18,
    CUBLAS_GEMM_ALGO19,
    CUBLAS_GEMM_ALGO20,
    CUBLAS_GEMM_ALGO21,
    CUBLAS_GEMM_ALGO22,
    CUBLAS_GEMM_ALGO23,
    CUBLAS_GEMM_DEFAULT_TENSOR_OP,
    CUBLAS_GEMM_DFALT_TENSOR_OP,
    CUBLAS_GEMM_ALGO0_TENSOR_OP,
    CUBLAS_GEMM_ALGO1_TENSOR_OP,
    CUBLAS_GEMM_ALGO2_TENSOR_OP,
    CUBLAS_GEMM_ALGO3_TENSOR_OP,
    CUBLAS_GEMM_ALGO4_TENSOR_OP,
    CUBLAS_GEMM_ALGO5_TENSOR_OP,
    CUBLAS_GEMM_ALGO6_TENSOR_OP,
    CUBLAS_GEMM_ALGO7_TENSOR_OP,
    CUBLAS_GEMM_ALGO8_TENSOR_OP,
    CUBLAS_GEMM_ALGO9_TENSOR_OP,
    CUBLAS_GEMM_ALGO10_TENSOR_OP,
    CUBLAS_GEMM_ALGO11_TENSOR_OP,
    CUBLAS_GEMM_ALGO12_TENSOR_OP,
    CUBLAS_GEMM_ALGO13_TENSOR_OP,
    CUBLAS_GEMM_ALGO14_TENSOR_OP,
    CUBLAS_GEMM_ALGO15_TENSOR_OP,
    CUBLAS_GEMM_AUTOTUNE,
};

#undef GEMM_SAME

template <unsigned N> unsigned distinctValues(const EnumName (&T)[N]) {
  std::set<int64_t> S;
  for (const EnumName &E : T)
    S.insert(E.Value);
  return static_cast<unsigned>(S.size());
}

template <unsigned N> unsigned distinctValues(const RealEnumerator (&T)[N]) {
  std::set<int64_t> S;
  for (const RealEnumerator &E : T)
    S.insert(E.Value);
  return static_cast<unsigned>(S.size());
}

template <unsigned N>
const RealEnumerator *findReal(const RealEnumerator (&T)[N], int64_t V) {
  for (const RealEnumerator &E : T)
    if (E.Value == V)
      return &E;
  return nullptr;
}

bool startsWith(const char *S, const char *Prefix) {
  return std::strncmp(S, Prefix, std::strlen(Prefix)) == 0;
}

// The core's constant for each enumerator is the header's value.
template <unsigned N> void expectCoreConstants(const RealEnumerator (&T)[N]) {
  for (const RealEnumerator &E : T)
    EXPECT_EQ(E.Core, E.Value) << E.Spelling;
}

// The core's name table against the header's enumerators, both ways.
template <unsigned N, unsigned M>
void expectSameNames(const EnumName (&Core)[N],
                     const RealEnumerator (&Real)[M]) {
  // Header -> core: every enumerator is known, under its own name.
  for (const RealEnumerator &E : Real) {
    SCOPED_TRACE(E.Spelling);
    const char *Name = lookupName(Core, E.Value);
    ASSERT_NE(Name, nullptr);
    EXPECT_STREQ(Name, E.Name);
  }
  // Core -> header: nothing invented, no duplicates.
  for (const EnumName &E : Core) {
    SCOPED_TRACE(E.Name);
    const RealEnumerator *R = findReal(Real, E.Value);
    ASSERT_NE(R, nullptr);
    EXPECT_STREQ(R->Name, E.Name);
  }
  EXPECT_EQ(distinctValues(Core), N);
  EXPECT_EQ(distinctValues(Core), distinctValues(Real));
}

// Known holds for every enumerator, and from From to To (excluded) for the
// enumerators alone: values between and around them are not known.
template <unsigned M>
void expectKnownExactly(const RealEnumerator (&Real)[M], bool (*Known)(int64_t),
                        int64_t From, int64_t To) {
  for (const RealEnumerator &E : Real)
    EXPECT_TRUE(Known(E.Value)) << E.Spelling;
  for (int64_t V = From; V < To; ++V)
    EXPECT_EQ(Known(V), findReal(Real, V) != nullptr) << V;
}

// cublasMigrateComputeType (cublas_api.h) is static inline and reads the
// math mode through cublasGetMathMode. This test binary does not link
// cuBLAS, so this definition stands in for the library's and lets the real
// header code run without a handle or a GPU.
cublasMath_t StubMathMode = CUBLAS_DEFAULT_MATH;

} // namespace

extern "C" cublasStatus_t CUBLASWINAPI cublasGetMathMode(cublasHandle_t,
                                                         cublasMath_t *Mode) {
  *Mode = StubMathMode;
  return CUBLAS_STATUS_SUCCESS;
}

#define REQUIRE_CUDA_HEADERS()

#else

#define REQUIRE_CUDA_HEADERS()                                                 \
  GTEST_SKIP() << "CUDA headers (cublas_api.h) not on the include path"

#endif // GEMM_HAVE_CUDA_HEADERS

TEST(EnumMirror, DataTypeConstants) {
  REQUIRE_CUDA_HEADERS();
#if GEMM_HAVE_CUDA_HEADERS
  expectCoreConstants(RealDataTypes);
#endif
}

TEST(EnumMirror, DataTypeNamesMatchEnumerators) {
  REQUIRE_CUDA_HEADERS();
#if GEMM_HAVE_CUDA_HEADERS
  expectSameNames(DataTypeNames, RealDataTypes);
  expectKnownExactly(RealDataTypes, isKnownDataType, -64, 2048);
  for (const RealEnumerator &E : RealDataTypes) {
    SCOPED_TRACE(E.Spelling);
    EXPECT_EQ(isComplexDataType(E.Value), startsWith(E.Name, "CUDA_C_"));
    const bool Narrow = startsWith(E.Name, "CUDA_R_8F_") ||
                        startsWith(E.Name, "CUDA_R_6F_") ||
                        startsWith(E.Name, "CUDA_R_4F_");
    EXPECT_EQ(isNarrowFloatDataType(E.Value), Narrow);
  }
#endif
}

TEST(EnumMirror, ComputeTypeConstants) {
  REQUIRE_CUDA_HEADERS();
#if GEMM_HAVE_CUDA_HEADERS
  expectCoreConstants(RealComputeTypes);
#endif
}

TEST(EnumMirror, ComputeTypeNamesMatchEnumerators) {
  REQUIRE_CUDA_HEADERS();
#if GEMM_HAVE_CUDA_HEADERS
  expectSameNames(ComputeTypeNames, RealComputeTypes);
  // Including the holes 66, 67 and 76.
  expectKnownExactly(RealComputeTypes, isKnownComputeType, -64, 1024);
#endif
}

TEST(EnumMirror, OperationNamesMatchEnumerators) {
  REQUIRE_CUDA_HEADERS();
#if GEMM_HAVE_CUDA_HEADERS
  expectCoreConstants(RealOperations);
  expectSameNames(OperationNames, RealOperations);
  // CUBLAS_OP_CONJG is a placeholder "not supported in the current
  // release" (docs/rules.md, `enum.trans`).
  for (const RealEnumerator &E : RealOperations)
    EXPECT_EQ(isValidOperation(E.Value), E.Value != CUBLAS_OP_CONJG)
        << E.Spelling;
  for (int64_t V = -8; V < 256; ++V)
    EXPECT_EQ(isValidOperation(V),
              V == CUBLAS_OP_N || V == CUBLAS_OP_T || V == CUBLAS_OP_C)
        << V;
#endif
}

TEST(EnumMirror, AlgoMatchesEnumerators) {
  REQUIRE_CUDA_HEADERS();
#if GEMM_HAVE_CUDA_HEADERS
  EXPECT_EQ(algo::Default, CUBLAS_GEMM_DEFAULT);
  EXPECT_EQ(algo::Algo0, CUBLAS_GEMM_ALGO0);
  EXPECT_EQ(algo::Algo23, CUBLAS_GEMM_ALGO23);
  EXPECT_EQ(algo::DefaultTensorOp, CUBLAS_GEMM_DEFAULT_TENSOR_OP);
  EXPECT_EQ(algo::Algo0TensorOp, CUBLAS_GEMM_ALGO0_TENSOR_OP);
  EXPECT_EQ(algo::Algo15TensorOp, CUBLAS_GEMM_ALGO15_TENSOR_OP);
  EXPECT_EQ(algo::Autotune, CUBLAS_GEMM_AUTOTUNE);
  std::set<int64_t> Real(std::begin(RealAlgos), std::end(RealAlgos));
  EXPECT_EQ(Real.size(), 1u + 24u + 1u + 16u + 1u);
  for (int64_t V = -1; V <= 1000; ++V)
    EXPECT_EQ(isValidAlgo(V), Real.count(V) == 1) << V;
  EXPECT_FALSE(isValidAlgo(-2));
#endif
}

TEST(EnumMirror, PointerModeConstants) {
  REQUIRE_CUDA_HEADERS();
#if GEMM_HAVE_CUDA_HEADERS
  EXPECT_EQ(pointer_mode::Host, CUBLAS_POINTER_MODE_HOST);
  EXPECT_EQ(pointer_mode::Device, CUBLAS_POINTER_MODE_DEVICE);
#endif
}

TEST(EnumMirror, HeaderVersionHasEveryComputeType) {
  REQUIRE_CUDA_HEADERS();
#if GEMM_HAVE_CUDA_HEADERS
  // The mirrored values come from the 13.x header; an older header would
  // lack the emulated compute types the core gates on.
  EXPECT_GE(CUBLAS_VERSION, version::Emulated64FFixedPoint);
  EXPECT_GE(CUBLAS_VERSION, version::Emulated16BFx9);
  EXPECT_EQ(version::Emulated16BFx9, 120900);
  EXPECT_EQ(version::Emulated64FFixedPoint, 130000);
  EXPECT_EQ(computeTypeSinceVersion(CUBLAS_COMPUTE_32F_EMULATED_16BFX9),
            version::Emulated16BFx9);
  EXPECT_EQ(computeTypeSinceVersion(CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT),
            version::Emulated64FFixedPoint);
  for (const RealEnumerator &E : RealComputeTypes) {
    if (E.Value == CUBLAS_COMPUTE_32F_EMULATED_16BFX9 ||
        E.Value == CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT)
      continue;
    EXPECT_EQ(computeTypeSinceVersion(E.Value), 0) << E.Spelling;
  }
#endif
}

TEST(EnumMirror, LegacyComputeTypeMatchesCublasMigrateComputeType) {
  REQUIRE_CUDA_HEADERS();
#if GEMM_HAVE_CUDA_HEADERS
  // Runs the header's own switch (through the stub cublasGetMathMode above)
  // for every cudaDataType value the enumeration can hold (0..63), in the
  // default and in the pedantic math mode.
  int Mapped = 0;
  for (cublasMath_t Mode : {CUBLAS_DEFAULT_MATH, CUBLAS_PEDANTIC_MATH}) {
    StubMathMode = Mode;
    for (int V = 0; V < 64; ++V) {
      SCOPED_TRACE(testing::Message() << "mode " << Mode << ", type " << V);
      cublasComputeType_t Out = CUBLAS_COMPUTE_32F_FAST_TF32;
      const cublasStatus_t S = cublasMigrateComputeType(
          nullptr, static_cast<cudaDataType_t>(V), &Out);
      const int64_t Core = migrateLegacyComputeType(V);
      if (Core < 0) {
        EXPECT_EQ(S, CUBLAS_STATUS_NOT_SUPPORTED);
        continue;
      }
      ++Mapped;
      ASSERT_EQ(S, CUBLAS_STATUS_SUCCESS);
      const char *CoreName = lookupName(ComputeTypeNames, Core);
      ASSERT_NE(CoreName, nullptr);
      const char *RealName = lookupName(ComputeTypeNames, Out);
      ASSERT_NE(RealName, nullptr);
      // The core keeps the non-pedantic variant for both modes.
      EXPECT_EQ(std::string(RealName),
                std::string(CoreName) +
                    (Mode == CUBLAS_PEDANTIC_MATH ? "_PEDANTIC" : ""));
    }
  }
  // CUDA_R_32F, CUDA_C_32F, CUDA_R_64F, CUDA_C_64F, CUDA_R_16F, CUDA_R_32I.
  EXPECT_EQ(Mapped, 2 * 6);
  StubMathMode = CUBLAS_DEFAULT_MATH;
  // And the table of docs/rules.md (`types.legacy-compute`), spelled out.
  EXPECT_EQ(migrateLegacyComputeType(CUDA_R_32F), CUBLAS_COMPUTE_32F);
  EXPECT_EQ(migrateLegacyComputeType(CUDA_C_32F), CUBLAS_COMPUTE_32F);
  EXPECT_EQ(migrateLegacyComputeType(CUDA_R_64F), CUBLAS_COMPUTE_64F);
  EXPECT_EQ(migrateLegacyComputeType(CUDA_C_64F), CUBLAS_COMPUTE_64F);
  EXPECT_EQ(migrateLegacyComputeType(CUDA_R_16F), CUBLAS_COMPUTE_16F);
  EXPECT_EQ(migrateLegacyComputeType(CUDA_R_32I), CUBLAS_COMPUTE_32I);
  EXPECT_EQ(migrateLegacyComputeType(CUDA_R_16BF), -1);
  EXPECT_EQ(migrateLegacyComputeType(CUDA_C_16F), -1);
  EXPECT_EQ(migrateLegacyComputeType(CUDA_R_8I), -1);
  // A compute type is not a data type: the overload rejects it.
  EXPECT_EQ(migrateLegacyComputeType(CUBLAS_COMPUTE_32F), -1);
#endif
}

TEST(EnumMirror, VendorNamesReuseTheCudaSpelling) {
  REQUIRE_CUDA_HEADERS();
#if GEMM_HAVE_CUDA_HEADERS
  // hipDataType copies cudaDataType's numbering and names (HIP_ for CUDA_).
  for (const RealEnumerator &E : RealDataTypes) {
    SCOPED_TRACE(E.Spelling);
    EXPECT_EQ(dataTypeName(Vendor::Cublas, E.Value), E.Name);
    EXPECT_EQ(dataTypeName(Vendor::Hipblas, E.Value),
              std::string("HIP_") + (E.Name + 5));
  }
  for (const RealEnumerator &E : RealComputeTypes)
    EXPECT_EQ(computeTypeName(Vendor::Hipblas, E.Value),
              std::string("HIPBLAS_") + (E.Name + 7))
        << E.Spelling;
#endif
}
