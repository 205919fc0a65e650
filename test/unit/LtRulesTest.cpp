// LtRulesTest.cpp - the cuBLASLt rules core (gemm/rules/lt_check.h), rule by
// rule: each rule fires on a setup that breaks it and stays silent on the
// valid look-alike (and on unknown values).
#include "gemm/rules/lt_check.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace gemm::rules;
using namespace gemm::rules::lt;

namespace {

std::string describe(const std::vector<lt::Finding> &Fs) {
  std::string S;
  for (const lt::Finding &F : Fs)
    S += std::string("\n  [") + F.RuleId + "] " + subjectName(F.About) + ": " +
         F.Message;
  return S.empty() ? " (no findings)" : S;
}

bool has(const std::vector<lt::Finding> &Fs, const char *Rule) {
  for (const lt::Finding &F : Fs)
    if (std::string(F.RuleId) == Rule)
      return true;
  return false;
}

#define EXPECT_RULE(Fs, Rule) EXPECT_TRUE(has(Fs, Rule)) << describe(Fs)
#define EXPECT_NO_RULE(Fs, Rule) EXPECT_FALSE(has(Fs, Rule)) << describe(Fs)
#define EXPECT_CLEAN(Fs) EXPECT_TRUE((Fs).empty()) << describe(Fs)

Value v(int64_t X) { return Value::of(X); }

// D (m x n) = op(A) * op(B), column-major, with the given transposes; the
// layouts describe the stored matrices.
struct Gemm {
  MatmulValues V;
  Gemm(int64_t M, int64_t N, int64_t K, int64_t AB, int64_t C,
        int64_t Compute = ct::C32F, int64_t Scale = dt::R_32F,
        int64_t TA = op::N, int64_t TB = op::N, int64_t D = -1) {
    V.Desc = matmulDesc(v(Compute), v(Scale));
    V.Desc[desc::TRANSA] = v(TA);
    V.Desc[desc::TRANSB] = v(TB);
    const int64_t AR = TA == op::N ? M : K, AC = TA == op::N ? K : M;
    const int64_t BR = TB == op::N ? K : N, BC = TB == op::N ? N : K;
    V.Layout[MatA] = matrixLayout(v(AB), v(AR), v(AC), v(AR));
    V.Layout[MatB] = matrixLayout(v(AB), v(BR), v(BC), v(BR));
    V.Layout[MatC] = matrixLayout(v(C), v(M), v(N), v(M));
    V.Layout[MatD] = matrixLayout(v(D < 0 ? C : D), v(M), v(N), v(M));
    V.CdescIsNull = v(0);
    V.CdescIsDdesc = v(0);
    V.CIsD = v(0);
    for (Arg A : {Arg::ComputeDesc, Arg::Adesc, Arg::Bdesc, Arg::Cdesc,
                  Arg::Ddesc, Arg::Alpha, Arg::Beta})
      V.pointer(A).Address = v(0x1000);
    for (unsigned M2 = 0; M2 < 4; ++M2)
      V.pointer(dataArg(M2)).Address = v(0x7f0000000000 + M2 * 0x100000);
    V.pointer(Arg::Workspace).Address = v(0x7f0001000000);
    V.WorkspaceSize = v(1 << 20);
  }
  std::vector<lt::Finding> check() const { return checkMatmul(V); }
  Gemm &desc(int64_t Id, int64_t X) { V.Desc[Id] = v(X); return *this; }
  Gemm &lay(unsigned M, int64_t Id, int64_t X) { V.Layout[M][Id] = v(X); return *this; }
  Gemm &cc(int64_t X) { V.ComputeCapability = v(X); return *this; }
  // Cdesc NULL: the rules core reads C with D's layout; C's own is left
  // unknown, as every caller leaves it.
  Gemm &withoutCdesc() {
    V.Layout[MatC] = lt::ObjectState{};
    V.CdescIsNull = v(1);
    V.pointer(Arg::Cdesc).Address = v(0);
    return *this;
  }
};

Gemm fp16() { return Gemm(64, 32, 16, dt::R_16F, dt::R_16F); }
// FP8 TN as in LtFp8Matmul: E4M3 x E4M3, BF16 C, E4M3 D.
Gemm fp8() {
  Gemm S(64, 32, 16, dt::R_8F_E4M3, dt::R_16BF, ct::C32F, dt::R_32F, op::T,
          op::N, dt::R_8F_E4M3);
  return S;
}
// NVFP4 TN as in LtNvfp4Matmul.
Gemm fp4() {
  Gemm S(64, 32, 64, dt::R_4F_E2M1, dt::R_16BF, ct::C32F, dt::R_32F, op::T,
          op::N, dt::R_4F_E2M1);
  S.desc(desc::A_SCALE_MODE, smode::Vec16UE4M3)
      .desc(desc::B_SCALE_MODE, smode::Vec16UE4M3)
      .desc(desc::D_OUT_SCALE_MODE, smode::Vec16UE4M3)
      .desc(desc::A_SCALE_POINTER, 0x7f0002000000)
      .desc(desc::B_SCALE_POINTER, 0x7f0002100000)
      .desc(desc::D_OUT_SCALE_POINTER, 0x7f0002200000);
  return S;
}
// int8 TN, regular order (PyTorch _int_mm).
Gemm int8() {
  return Gemm(64, 32, 16, dt::R_8I, dt::R_32I, ct::C32I, dt::R_32I, op::T,
               op::N);
}
// IMMA orders as in LtIgemmTensor: A, C COL32, B COL4_4R2_8C, NT.
Gemm imma() {
  Gemm S(32, 32, 32, dt::R_8I, dt::R_32I, ct::C32I, dt::R_32I, op::N, op::T);
  S.lay(MatA, layout::ORDER, order::Col32).lay(MatA, layout::LD, 32 * 32)
      .lay(MatB, layout::ORDER, order::Col4_4R2_8C).lay(MatB, layout::LD, 32 * 32)
      .lay(MatC, layout::ORDER, order::Col32).lay(MatC, layout::LD, 32 * 32)
      .lay(MatD, layout::ORDER, order::Col32).lay(MatD, layout::LD, 32 * 32);
  return S;
}

// --- valid setups ---------------------------------------------------------------

TEST(LtRules, ValidSamplesAreClean) {
  EXPECT_CLEAN(fp16().check());
  EXPECT_CLEAN(Gemm(64, 32, 16, dt::R_16BF, dt::R_32F).check());
  EXPECT_CLEAN(Gemm(64, 32, 16, dt::R_32F, dt::R_32F, ct::C32F_FAST_TF32).check());
  EXPECT_CLEAN(Gemm(8, 8, 8, dt::R_64F, dt::R_64F, ct::C64F, dt::R_64F).check());
  EXPECT_CLEAN(fp8().cc(90).check());
  EXPECT_CLEAN(fp4().cc(100).check());
  EXPECT_CLEAN(int8().check());
  EXPECT_CLEAN(imma().cc(80).check());
  // int8 -> int8 with float scale (Table 1 row).
  EXPECT_CLEAN(Gemm(64, 32, 16, dt::R_8I, dt::R_8I, ct::C32I, dt::R_32F, op::T,
                     op::N).check());
}

// The setups of the lit look-alikes (test/checkers/cublaslt-*.cpp) that the
// samples above do not cover: the values those files give at cublasLtMatmul.
TEST(LtRules, LookAlikeSetupsAreClean) {
  // LtHSHgemmStridedBatchSimple: fp16 data, fp32 compute, 4 batches.
  Gemm Hsh(64, 32, 16, dt::R_16F, dt::R_16F);
  for (unsigned M = 0; M < 4; ++M)
    Hsh.lay(M, layout::BATCH_COUNT, 4);
  Hsh.lay(MatA, layout::STRIDED_BATCH_OFFSET, 64 * 16)
      .lay(MatB, layout::STRIDED_BATCH_OFFSET, 16 * 32)
      .lay(MatC, layout::STRIDED_BATCH_OFFSET, 64 * 32)
      .lay(MatD, layout::STRIDED_BATCH_OFFSET, 64 * 32);
  EXPECT_CLEAN(Hsh.check());
  // PyTorch's gemm_and_bias: bf16, RELU_BIAS and GELU_BIAS, A transposed.
  for (int64_t Epi : {epi::ReluBias, epi::GeluBias}) {
    Gemm Addmm(64, 16, 32, dt::R_16BF, dt::R_16BF, ct::C32F, dt::R_32F, op::T);
    Addmm.desc(desc::EPILOGUE, Epi).desc(desc::BIAS_POINTER, 0x7f0003000000);
    EXPECT_CLEAN(Addmm.check());
  }
  // llm.c: fused GELU with bias (aux ld = m), its backward DGELU, a BGRADB.
  Gemm Gelu(3072, 256, 768, dt::R_16BF, dt::R_16BF, ct::C32F, dt::R_32F, op::T);
  Gelu.desc(desc::EPILOGUE, epi::GeluAuxBias)
      .desc(desc::BIAS_POINTER, 0x7f0003000000)
      .desc(desc::BIAS_DATA_TYPE, dt::R_16BF)
      .desc(desc::EPILOGUE_AUX_POINTER, 0x7f0004000000)
      .desc(desc::EPILOGUE_AUX_LD, 3072);
  EXPECT_CLEAN(Gelu.check());
  Gemm DGelu(768, 256, 2304, dt::R_16BF, dt::R_16BF);
  DGelu.desc(desc::EPILOGUE, epi::DGelu)
      .desc(desc::EPILOGUE_AUX_POINTER, 0x7f0004000000)
      .desc(desc::EPILOGUE_AUX_LD, 768);
  EXPECT_CLEAN(DGelu.check());
  // Folk rules: a row-major A (64 x 32, ld 32) and an out-of-place C of
  // ld 0; FP8 NN with an FP16 C and no architecture known; device alpha.
  Gemm Row(64, 16, 32, dt::R_32F, dt::R_32F);
  Row.lay(MatA, layout::ORDER, order::Row).lay(MatA, layout::LD, 32)
      .lay(MatC, layout::LD, 0);
  EXPECT_CLEAN(Row.check());
  Gemm Fp8NN(64, 64, 64, dt::R_8F_E4M3, dt::R_16F, ct::C32F, dt::R_32F, op::N,
             op::N, dt::R_8F_E4M3);
  EXPECT_CLEAN(Fp8NN.check());
  Gemm Device = Gemm(32, 32, 32, dt::R_32F, dt::R_32F);
  Device.desc(desc::POINTER_MODE, pmode::Device);
  Device.V.CdescIsDdesc = v(1);
  Device.V.CIsD = v(1);
  EXPECT_CLEAN(Device.check());
}

TEST(LtRules, UnknownValuesStaySilent) {
  MatmulValues V; // nothing known
  EXPECT_CLEAN(checkMatmul(V));
  Gemm S = fp8();
  S.V.Desc[desc::TRANSA] = Value::unknown();
  S.V.Desc[desc::TRANSB] = Value::unknown();
  EXPECT_CLEAN(S.cc(89).check()); // TN undecidable
}

// --- objects ------------------------------------------------------------------------

TEST(LtRules, NullDescriptors) {
  Gemm S = fp16();
  S.V.pointer(Arg::Adesc).Address = v(0);
  EXPECT_RULE(S.check(), "LT-OBJ-LIFE");
  Gemm C = fp16(); // a NULL Cdesc means Ddesc
  EXPECT_CLEAN(C.withoutCdesc().check());
}

TEST(LtRules, UseAfterDestroy) {
  Gemm S = fp16();
  S.V.destroyed(Arg::Bdesc) = v(1);
  EXPECT_RULE(S.check(), "LT-OBJ-LIFE");
  S.V.destroyed(Arg::Bdesc) = v(0);
  EXPECT_CLEAN(S.check());
  AttributeCall C;
  C.Obj = Object::MatmulDesc;
  C.Attr = v(desc::TRANSA);
  C.SizeInBytes = v(4);
  C.ObjectDestroyed = v(1);
  EXPECT_RULE(checkAttributeCall(C, false), "LT-OBJ-LIFE");
}

TEST(LtRules, DescCreateArguments) {
  auto Fs = checkCreate(Object::MatmulDesc, matmulDesc(v(dt::R_32F), v(dt::R_32F)));
  EXPECT_RULE(Fs, "LT-OBJ-DESCARGS");
  EXPECT_NE(Fs[0].Message.find("CUDA_R_32F"), std::string::npos);
  EXPECT_CLEAN(checkCreate(Object::MatmulDesc, matmulDesc(v(ct::C32F), v(dt::R_32F))));
  EXPECT_RULE(checkCreate(Object::MatmulDesc,
                          matmulDesc(v(ct::C64F_EMULATED_FIXEDPOINT), v(dt::R_64F)),
                          120900),
              "LT-TYPE-EMU");
  EXPECT_CLEAN(checkCreate(Object::MatmulDesc,
                           matmulDesc(v(ct::C64F_EMULATED_FIXEDPOINT), v(dt::R_64F)),
                           130100));
}

TEST(LtRules, LayoutCreateArguments) {
  EXPECT_RULE(checkCreate(Object::MatrixLayout,
                          matrixLayout(v(dt::R_16F), v(-1), v(4), v(4))),
              "LT-SHAPE-INT32");
  EXPECT_RULE(checkCreate(Object::MatrixLayout,
                          matrixLayout(v(dt::R_16F), v(int64_t(1) << 31), v(4), v(4))),
              "LT-SHAPE-INT32");
  EXPECT_RULE(checkCreate(Object::MatrixLayout,
                          matrixLayout(v(dt::R_16F), v(4), v(4), v(-4))),
              "LT-LD-NEG");
  EXPECT_RULE(checkCreate(Object::MatrixLayout,
                          matrixLayout(v(99), v(4), v(4), v(4))),
              "LT-ATTR-ENUM");
  EXPECT_CLEAN(checkCreate(Object::MatrixLayout,
                           matrixLayout(v(dt::R_16F), v(4), v(4), v(4))));
}

// The Create arguments in cublasLt.h's order: the static check and the
// guard both place them by createdAttributes().
TEST(LtRules, CreateArgumentOrder) {
  constexpr CreatedAttributes Desc = createdAttributes(Object::MatmulDesc);
  static_assert(Desc.Count == 2 && Desc.Id[0] == desc::COMPUTE_TYPE &&
                    Desc.Id[1] == desc::SCALE_TYPE,
                "cublasLtMatmulDescCreate(desc, computeType, scaleType)");
  constexpr CreatedAttributes Layout = createdAttributes(Object::MatrixLayout);
  static_assert(Layout.Count == 4 && Layout.Id[0] == layout::TYPE &&
                    Layout.Id[1] == layout::ROWS && Layout.Id[2] == layout::COLS &&
                    Layout.Id[3] == layout::LD,
                "cublasLtMatrixLayoutCreate(layout, type, rows, cols, ld)");
  static_assert(createdAttributes(Object::TransformDesc).Count == 1 &&
                    createdAttributes(Object::TransformDesc).Id[0] == xform::SCALE_TYPE,
                "cublasLtMatrixTransformDescCreate(desc, scaleType)");
  static_assert(createdAttributes(Object::Preference).Count == 0,
                "cublasLtMatmulPreferenceCreate(pref)");

  const ObjectState S = matrixLayout(v(dt::R_16F), v(2), v(3), v(5));
  EXPECT_EQ(S[layout::TYPE].V, dt::R_16F);
  EXPECT_EQ(S[layout::ROWS].V, 2);
  EXPECT_EQ(S[layout::COLS].V, 3);
  EXPECT_EQ(S[layout::LD].V, 5);
  EXPECT_EQ(S[layout::BATCH_COUNT].V, 1); // the defaults stay
  // Fewer values than created attributes: the rest stay unknown.
  const Value One[] = {v(ct::C32F)};
  const ObjectState D = createdState(Object::MatmulDesc, One, 1);
  EXPECT_EQ(D[desc::COMPUTE_TYPE].V, ct::C32F);
  EXPECT_FALSE(D[desc::SCALE_TYPE].Known);
  EXPECT_TRUE(D[desc::TRANSA].Known);
}

// --- attribute encoding ---------------------------------------------------------------

AttributeCall set(Object O, int64_t Attr, int64_t Size, int64_t Contents) {
  AttributeCall C;
  C.Obj = O;
  C.Owner = O == Object::MatrixLayout ? Arg::Adesc : ownerOf(O);
  C.Attr = v(Attr);
  C.SizeInBytes = v(Size);
  C.BufIsNull = v(0);
  C.Contents = v(Contents);
  return C;
}

TEST(LtRules, AttributeSize) {
  // NVIDIA/CUDALibrarySamples#185: an int stride for an int64_t attribute.
  auto Fs = checkAttributeCall(set(Object::MatrixLayout, layout::STRIDED_BATCH_OFFSET, 4, 0), false);
  EXPECT_RULE(Fs, "LT-ATTR-SIZE");
  EXPECT_EQ(Fs[0].Bound, 8);
  EXPECT_RULE(checkAttributeCall(set(Object::MatmulDesc, desc::FAST_ACCUM, 4, 1), false),
              "LT-ATTR-SIZE");
  EXPECT_RULE(checkAttributeCall(set(Object::Preference, pref::MAX_WORKSPACE_BYTES, 4, 0), false),
              "LT-ATTR-SIZE");
  EXPECT_RULE(checkAttributeCall(set(Object::MatrixLayout, layout::BATCH_COUNT, 8, 2), false),
              "LT-ATTR-SIZE");
  EXPECT_CLEAN(checkAttributeCall(set(Object::MatmulDesc, desc::FAST_ACCUM, 1, 1), false));
  EXPECT_CLEAN(checkAttributeCall(set(Object::MatrixLayout, layout::BATCH_COUNT, 4, 2), false));
  EXPECT_CLEAN(checkAttributeCall(set(Object::MatmulDesc, desc::EMULATION_DESCRIPTOR, 8, 0), false));
}

TEST(LtRules, AttributeBufAndPointee) {
  AttributeCall C = set(Object::MatmulDesc, desc::TRANSA, 4, op::T);
  C.BufIsNull = v(1);
  C.Contents = Value::unknown();
  EXPECT_RULE(checkAttributeCall(C, false), "LT-ATTR-NULLBUF");
  // LT-ATTR-PTRBUF: `bias, sizeof(bias)` instead of `&bias, sizeof(bias)`.
  AttributeCall P = set(Object::MatmulDesc, desc::BIAS_POINTER, 8, 0);
  P.Contents = Value::unknown();
  P.PointeeIsPointer = v(0);
  EXPECT_RULE(checkAttributeCall(P, false), "LT-ATTR-PTRBUF");
  P.PointeeIsPointer = v(1);
  EXPECT_CLEAN(checkAttributeCall(P, false));
  // A pointer kept in a uintptr_t is fine.
  P.PointeeIsPointer = v(0);
  P.PointeeSize = v(8);
  P.PointeeIsFloat = v(0);
  EXPECT_CLEAN(checkAttributeCall(P, false));
  P.PointeeIsFloat = v(1); // a double* bias passed as buf
  EXPECT_RULE(checkAttributeCall(P, false), "LT-ATTR-PTRBUF");
  // LT-ATTR-TYPE: right sizeInBytes, wrong object behind buf.
  AttributeCall T = set(Object::MatrixLayout, layout::STRIDED_BATCH_OFFSET, 8, 0);
  T.PointeeSize = v(4);
  EXPECT_RULE(checkAttributeCall(T, false), "LT-ATTR-TYPE");
  AttributeCall F = set(Object::MatrixLayout, layout::BATCH_COUNT, 4, 2);
  F.PointeeSize = v(4);
  F.PointeeIsFloat = v(1);
  EXPECT_RULE(checkAttributeCall(F, false), "LT-ATTR-TYPE");
  // An enum of 4 bytes for an int32_t attribute is fine (CUDALibrarySamples#55).
  F.PointeeIsFloat = v(0);
  EXPECT_CLEAN(checkAttributeCall(F, false));
  AttributeCall W = set(Object::Preference, pref::MAX_WAVES_COUNT, 4, 0);
  W.PointeeSize = v(4);
  W.PointeeIsFloat = v(1);
  EXPECT_CLEAN(checkAttributeCall(W, false));
}

TEST(LtRules, AttributeEnumValues) {
  EXPECT_RULE(checkAttributeCall(set(Object::MatmulDesc, desc::TRANSA, 4, op::CONJG), false),
              "LT-ATTR-ENUM");
  EXPECT_RULE(checkAttributeCall(set(Object::MatmulDesc, desc::TRANSC, 4, op::T), false),
              "LT-MISC-TRANSC");
  EXPECT_RULE(checkAttributeCall(set(Object::MatmulDesc, desc::EPILOGUE, 4, 3), false),
              "LT-EPI-VALUE");
  EXPECT_RULE(checkAttributeCall(set(Object::MatmulDesc, desc::POINTER_MODE, 4, 5), false),
              "LT-PTR-VALUE");
  EXPECT_RULE(checkAttributeCall(set(Object::MatrixLayout, layout::ORDER, 4, 5), false),
              "LT-ATTR-ENUM");
  EXPECT_RULE(checkAttributeCall(set(Object::MatmulDesc, desc::A_SCALE_MODE, 4, 6), false),
              "LT-ATTR-ENUM");
  EXPECT_RULE(checkAttributeCall(set(Object::Preference, pref::SEARCH_MODE, 4, 2), false),
              "LT-ATTR-ENUM");
  EXPECT_RULE(checkAttributeCall(set(Object::Preference, pref::REDUCTION_SCHEME_MASK, 4, 8), false),
              "LT-ATTR-ENUM");
  EXPECT_RULE(checkAttributeCall(set(Object::MatrixLayout, layout::BATCH_COUNT, 4, 0), false),
              "LT-BATCH-POS");
  for (int64_t E : {epi::Default, epi::ReluAuxBias, epi::DGeluBGrad, epi::BGradB})
    EXPECT_CLEAN(checkAttributeCall(set(Object::MatmulDesc, desc::EPILOGUE, 4, E), false));
  EXPECT_CLEAN(checkAttributeCall(set(Object::MatmulDesc, desc::BIAS_DATA_TYPE, 4, -1), false));
  EXPECT_CLEAN(checkAttributeCall(set(Object::Preference, pref::REDUCTION_SCHEME_MASK, 4, 3), false));
}

// The matrix transform descriptor, the emulation descriptor and an algo's
// configuration: the same encoding rules on their own tables.
TEST(LtRules, AttributeOtherObjects) {
  auto Fs = checkAttributeCall(set(Object::AlgoConfig, algo_config::INNER_SHAPE_ID, 4, 0), false);
  EXPECT_RULE(Fs, "LT-ATTR-SIZE");
  ASSERT_FALSE(Fs.empty());
  EXPECT_EQ(Fs[0].Bound, 2);
  EXPECT_CLEAN(checkAttributeCall(set(Object::AlgoConfig, algo_config::INNER_SHAPE_ID, 2, 0), false));
  EXPECT_RULE(checkAttributeCall(set(Object::AlgoConfig, algo_config::CTA_SWIZZLING, 4, 2), false),
              "LT-ATTR-ENUM");
  EXPECT_CLEAN(checkAttributeCall(set(Object::AlgoConfig, algo_config::CTA_SWIZZLING, 4, 1), false));
  EXPECT_CLEAN(checkAttributeCall(set(Object::AlgoConfig, algo_config::SPLITK_NUM, 4, 8), false));
  EXPECT_RULE(checkAttributeCall(set(Object::AlgoConfig, 9, 4, 0), false), "LT-ATTR-VERSION");

  auto Xs = checkAttributeCall(set(Object::TransformDesc, xform::TRANSA, 4, op::CONJG), false);
  EXPECT_RULE(Xs, "LT-ATTR-ENUM");
  ASSERT_FALSE(Xs.empty());
  EXPECT_NE(Xs[0].Message.find("'CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA'"), std::string::npos)
      << Xs[0].Message;
  EXPECT_RULE(checkAttributeCall(set(Object::TransformDesc, xform::POINTER_MODE, 8, 0), false),
              "LT-ATTR-SIZE");
  EXPECT_CLEAN(checkAttributeCall(set(Object::TransformDesc, xform::TRANSB, 4, op::T), false));
  EXPECT_RULE(checkCreate(Object::TransformDesc,
                          [] {
                            ObjectState S = initialState(Object::TransformDesc);
                            S[xform::SCALE_TYPE] = v(99);
                            return S;
                          }()),
              "LT-ATTR-ENUM");

  EXPECT_RULE(checkAttributeCall(set(Object::EmulationDesc,
                                     emu::FIXEDPOINT_MANTISSA_BIT_COUNT_POINTER, 4, 0), false),
              "LT-ATTR-SIZE");
  EXPECT_CLEAN(checkAttributeCall(set(Object::EmulationDesc,
                                      emu::FIXEDPOINT_MANTISSA_BIT_COUNT_POINTER, 8, 0), false));
  EXPECT_EQ(initialState(Object::EmulationDesc)[emu::SPECIAL_VALUES_SUPPORT].V, 0xFFFF);
}

TEST(LtRules, Transform) {
  TransformValues V;
  for (Arg A : {Arg::A, Arg::Adesc, Arg::B, Arg::Bdesc, Arg::C, Arg::Cdesc})
    V.isNull(A) = v(0);
  EXPECT_CLEAN(checkTransform(V));
  // B unused: NULL with its layout NULL (the documented case).
  V.isNull(Arg::B) = V.isNull(Arg::Bdesc) = v(1);
  EXPECT_CLEAN(checkTransform(V));
  V.isNull(Arg::Adesc) = v(1);
  EXPECT_RULE(checkTransform(V), "LT-OBJ-XFORM");
  V.isNull(Arg::Adesc) = Value::unknown();
  EXPECT_CLEAN(checkTransform(V));
  V.destroyed(Arg::TransformDesc) = v(1);
  EXPECT_RULE(checkTransform(V), "LT-OBJ-LIFE");
}

TEST(LtRules, AlgoSetup) {
  AlgoSetupValues V;
  EXPECT_CLEAN(checkAlgoSetup(V));
  V.RequestedAlgoCount = v(0);
  EXPECT_RULE(checkAlgoSetup(V), "LT-ALGO-INIT");
  V.RequestedAlgoCount = v(8);
  V.AlgoIsNull = v(0);
  EXPECT_CLEAN(checkAlgoSetup(V));
  V.AlgoIsNull = v(1);
  EXPECT_RULE(checkAlgoSetup(V), "LT-ALGO-INIT");
}

TEST(LtRules, AttributeVersion) {
  AttributeCall C = set(Object::MatmulDesc, 27, 4, 1); // ATOMIC_SYNC_NUM_CHUNKS_D_ROWS
  C.LibraryVersion = 130100;
  EXPECT_RULE(checkAttributeCall(C, false), "LT-ATTR-VERSION");
  C.LibraryVersion = 120400;
  EXPECT_CLEAN(checkAttributeCall(C, false));
  EXPECT_RULE(checkAttributeCall(set(Object::MatmulDesc, 9, 8, 0), false),
              "LT-ATTR-VERSION");
  EXPECT_RULE(checkAttributeCall(set(Object::MatrixLayout, 9, 8, 0), false),
              "LT-ATTR-VERSION");
}

TEST(LtRules, GetAttribute) {
  AttributeCall G = set(Object::MatmulDesc, desc::EPILOGUE, 0, 0);
  G.SizeWrittenIsNull = v(1);
  EXPECT_RULE(checkAttributeCall(G, true), "LT-ATTR-GET");
  G.SizeWrittenIsNull = v(0);
  EXPECT_CLEAN(checkAttributeCall(G, true));
  AttributeCall N = set(Object::MatmulDesc, desc::EPILOGUE, 4, 0);
  N.BufIsNull = v(1);
  EXPECT_RULE(checkAttributeCall(N, true), "LT-ATTR-GET");
}

// --- shape and leading dimensions ----------------------------------------------------------

TEST(LtRules, ShapeMNK) {
  Gemm S = fp16();
  S.lay(MatB, layout::ROWS, 17).lay(MatB, layout::LD, 17); // k mismatch
  EXPECT_RULE(S.check(), "LT-SHAPE-MNK");
  Gemm T = fp16();
  T.desc(desc::TRANSA, op::T); // A is stored m x k but now read as k x m
  EXPECT_RULE(T.check(), "LT-SHAPE-MNK");
  Gemm C = fp16();
  C.lay(MatC, layout::COLS, 33);
  EXPECT_RULE(C.check(), "LT-SHAPE-MNK");
  // TN built correctly: clean.
  EXPECT_CLEAN(Gemm(64, 32, 16, dt::R_16F, dt::R_16F, ct::C32F, dt::R_32F, op::T, op::T).check());
}

TEST(LtRules, LeadingDimensionPerOrder) {
  EXPECT_RULE(fp16().lay(MatA, layout::LD, 63).check(), "LT-LD-COL");
  Gemm R = fp16(); // ORDER_ROW: ld >= cols
  R.lay(MatA, layout::ORDER, order::Row).lay(MatA, layout::LD, 16);
  EXPECT_CLEAN(R.check());
  R.lay(MatA, layout::LD, 15);
  EXPECT_RULE(R.check(), "LT-LD-ROW");
  Gemm I = imma();
  I.lay(MatA, layout::LD, 32 * 32 - 1);
  EXPECT_RULE(I.check(), "LT-LD-COL32");
  Gemm B = imma();
  B.lay(MatB, layout::LD, 255 * 4); // rows 32 -> 256 * 4 = 1024
  EXPECT_RULE(B.check(), "LT-LD-COL4");
  Gemm B2 = imma();
  B2.lay(MatB, layout::ORDER, order::Col32_2R_4R4).lay(MatB, layout::LD, 1023);
  EXPECT_RULE(B2.check(), "LT-LD-COL32R4");
  B2.lay(MatB, layout::LD, 1024);
  EXPECT_CLEAN(B2.cc(86).check());
}

TEST(LtRules, LeadingDimensionZero) {
  Gemm S = fp16(); // broadcast C out of place: valid
  S.lay(MatC, layout::LD, 0);
  EXPECT_CLEAN(S.check());
  S.V.CIsD = v(1); // in place: ld = 0 is not allowed
  EXPECT_RULE(S.check(), "LT-LD-ZERO");
  EXPECT_RULE(fp16().lay(MatA, layout::LD, 0).check(), "LT-LD-ZERO");
}

TEST(LtRules, HermitianWithRowOrder) {
  Gemm S(8, 8, 8, dt::C_32F, dt::C_32F, ct::C32F, dt::C_32F, op::C, op::N);
  S.lay(MatA, layout::ORDER, order::Row);
  EXPECT_RULE(S.check(), "LT-LD-HERM");
  for (unsigned M = 0; M < 4; ++M)
    S.lay(M, layout::ORDER, order::Row);
  EXPECT_NO_RULE(S.check(), "LT-LD-HERM");
}

// --- batch ------------------------------------------------------------------------------------

TEST(LtRules, Batch) {
  Gemm S = fp16();
  for (unsigned M = 0; M < 4; ++M)
    S.lay(M, layout::BATCH_COUNT, 2).lay(M, layout::STRIDED_BATCH_OFFSET, 64 * 32);
  EXPECT_CLEAN(S.check());
  S.lay(MatB, layout::BATCH_COUNT, 1); // CUDALibrarySamples#185
  EXPECT_RULE(S.check(), "LT-BATCH-EQ");
  Gemm O = fp16();
  for (unsigned M = 0; M < 4; ++M)
    O.lay(M, layout::BATCH_COUNT, 2);
  O.lay(MatD, layout::STRIDED_BATCH_OFFSET, 64);
  EXPECT_RULE(O.check(), "LT-BATCH-STRIDE");
  // Interleaved: four 64-row Ds side by side in columns of 256 (per-head
  // outputs in one buffer): the spans overlap, no element is shared.
  Gemm I = fp16();
  for (unsigned M = 0; M < 4; ++M)
    I.lay(M, layout::BATCH_COUNT, 4);
  for (unsigned M : {MatC, MatD})
    I.lay(M, layout::LD, 256).lay(M, layout::STRIDED_BATCH_OFFSET, 64);
  EXPECT_NO_RULE(I.check(), "LT-BATCH-STRIDE");
  // A fifth D wraps into column 1 of the first.
  for (unsigned M = 0; M < 4; ++M)
    I.lay(M, layout::BATCH_COUNT, 5);
  const auto Fs = I.check();
  EXPECT_RULE(Fs, "LT-BATCH-STRIDE");
  for (const auto &F : Fs)
    if (std::string(F.RuleId) == "LT-BATCH-STRIDE")
      EXPECT_NE(F.Message.find("row 0, column 1 of D[0] is row 0, column 0 of D[4]"),
                std::string::npos)
          << F.Message;
}

// --- types ------------------------------------------------------------------------------------

TEST(LtRules, TypeTables) {
  EXPECT_RULE(Gemm(8, 8, 8, dt::R_16F, dt::R_16F, ct::C16F, dt::R_32F).check(),
              "LT-TYPE-SCALE"); // superbenchmark#732
  EXPECT_CLEAN(Gemm(8, 8, 8, dt::R_16F, dt::R_16F, ct::C16F, dt::R_16F).check());
  EXPECT_RULE(Gemm(8, 8, 8, dt::R_16F, dt::R_16F, ct::C32F_FAST_TF32).check(),
              "LT-TYPE-FAST");
  EXPECT_RULE(Gemm(8, 8, 8, dt::R_32I, dt::R_32I, ct::C32I, dt::R_32I).check(),
              "LT-TYPE-COMBO"); // MatX#538
  EXPECT_RULE(Gemm(8, 8, 8, dt::R_8U, dt::R_32F).check(), "LT-TYPE-COMBO");
  Gemm AB = fp16();
  AB.lay(MatB, layout::TYPE, dt::R_16BF);
  EXPECT_RULE(AB.check(), "LT-TYPE-AB");
  Gemm D = fp16();
  D.lay(MatD, layout::TYPE, dt::R_32F);
  EXPECT_RULE(D.check(), "LT-TYPE-D");
  // fp32 data is a regular row; an IMMA order on it is the mistake, and the
  // finding names the order.
  Gemm Col32 = Gemm(64, 16, 32, dt::R_32F, dt::R_32F);
  Col32.lay(MatA, layout::ORDER, order::Col32).lay(MatA, layout::LD, 2048);
  const std::vector<lt::Finding> Fs = Col32.check();
  ASSERT_TRUE(has(Fs, "LT-TYPE-COMBO")) << describe(Fs);
  for (const lt::Finding &F : Fs)
    if (std::string(F.RuleId) == "LT-TYPE-COMBO") {
      EXPECT_EQ(F.About.Attr, layout::ORDER);
      EXPECT_NE(F.Message.find("CUBLASLT_ORDER_COL32, an IMMA order"),
                std::string::npos)
          << F.Message;
    }
}

TEST(LtRules, ScaleTypeOfNoRowWithTheOperandsUnknown) {
  // cublasLtMatmulDescCreate(&d, CUBLAS_COMPUTE_16F, CUDA_R_32F) and layouts
  // the analysis does not know: no table pairs the two.
  auto DescOnly = [](int64_t Compute, int64_t Scale) {
    Gemm S = fp16();
    S.desc(desc::COMPUTE_TYPE, Compute).desc(desc::SCALE_TYPE, Scale);
    for (unsigned M = 0; M < 4; ++M)
      S.V.Layout[M][layout::TYPE] = Value::unknown();
    return S.check();
  };
  const std::vector<lt::Finding> Fs = DescOnly(ct::C16F, dt::R_32F);
  ASSERT_TRUE(has(Fs, "LT-TYPE-SCALE")) << describe(Fs);
  EXPECT_NE(Fs[0].Message.find("whatever the operand types"), std::string::npos);
  EXPECT_RULE(DescOnly(ct::C64F, dt::R_32F), "LT-TYPE-SCALE");
  EXPECT_RULE(DescOnly(ct::C32I, dt::R_16F), "LT-TYPE-SCALE");
  // Pairs some row has: the operands decide, and are unknown.
  for (auto [Compute, Scale] :
       {std::pair{ct::C16F, dt::R_16F}, {ct::C32F, dt::R_32F}, {ct::C32F, dt::C_32F},
        {ct::C32F_FAST_TF32, dt::R_32F}, {ct::C32I, dt::R_32I}, {ct::C32I, dt::R_32F},
        {ct::C64F, dt::R_64F}, {ct::C64F, dt::C_64F}})
    EXPECT_NO_RULE(DescOnly(Compute, Scale), "LT-TYPE-SCALE");
}

TEST(LtRules, PlanarComplex) {
  Gemm S(8, 8, 8, dt::C_16F, dt::C_32F, ct::C32F, dt::C_32F);
  EXPECT_RULE(S.check(), "LT-TYPE-COMBO"); // not planar: no C_16F rows
  for (unsigned M = 0; M < 4; ++M)
    S.lay(M, layout::PLANE_OFFSET, 1024);
  EXPECT_CLEAN(S.check());
  // A plane offset the analysis could not follow (computed from the planes'
  // pointers, CUDALibrarySamples LtPlanarComplex) may be planar: the Table 5
  // row is not reported, a row of no table still is.
  Gemm U(8, 8, 8, dt::C_16F, dt::C_32F, ct::C32F, dt::C_32F);
  U.V.Layout[MatA][layout::PLANE_OFFSET] = Value::unknown();
  EXPECT_CLEAN(U.check());
  Gemm W(8, 8, 8, dt::C_16F, dt::C_32F, ct::C64F, dt::C_64F);
  W.V.Layout[MatA][layout::PLANE_OFFSET] = Value::unknown();
  EXPECT_RULE(W.check(), "LT-TYPE-COMBO");
}

// --- narrow precision -------------------------------------------------------------------------

TEST(LtRules, Fp8Requirements) {
  Gemm C = fp8();
  C.desc(desc::COMPUTE_TYPE, ct::C32F_FAST_16F);
  EXPECT_RULE(C.check(), "LT-FP8-COMPUTE");
  Gemm T(64, 32, 16, dt::R_8F_E5M2, dt::R_16BF, ct::C32F, dt::R_32F, op::T, op::N, dt::R_16BF);
  EXPECT_RULE(T.check(), "LT-FP8-TYPES");
  Gemm Mixed(64, 32, 16, dt::R_8F_E4M3, dt::R_16BF, ct::C32F, dt::R_32F, op::T, op::N, dt::R_16BF);
  Mixed.lay(MatB, layout::TYPE, dt::R_8F_E5M2);
  EXPECT_CLEAN(Mixed.check());
  Mixed.lay(MatD, layout::TYPE, dt::R_8F_E5M2);
  EXPECT_CLEAN(Mixed.check()); // E5M2 D needs an E5M2 input: there is one
  Gemm CD = fp8();
  CD.lay(MatD, layout::TYPE, dt::R_8F_E5M2); // E4M3 x E4M3 -> E5M2
  EXPECT_RULE(CD.check(), "LT-FP8-CD");
  Gemm C32 = fp8();
  C32.lay(MatC, layout::TYPE, dt::R_32F);
  EXPECT_RULE(C32.check(), "LT-FP8-CD");
  Gemm Half = fp8(); // half A with FP8 B
  Half.lay(MatA, layout::TYPE, dt::R_16F);
  EXPECT_RULE(Half.check(), "LT-TYPE-COMBO");
}

TEST(LtRules, Fp8TnDependsOnArchitecture) {
  Gemm NN(64, 32, 16, dt::R_8F_E4M3, dt::R_16BF, ct::C32F, dt::R_32F, op::N, op::N, dt::R_16BF);
  EXPECT_NO_RULE(NN.check(), "LT-FP8-TN"); // architecture unknown
  EXPECT_RULE(NN.cc(89).check(), "LT-FP8-TN");
  EXPECT_RULE(NN.cc(90).check(), "LT-FP8-TN");
  EXPECT_RULE(NN.cc(120).check(), "LT-FP8-TN");
  EXPECT_NO_RULE(NN.cc(100).check(), "LT-FP8-TN"); // datacenter Blackwell
  EXPECT_RULE(fp8().cc(86).check(), "LT-FP8-ARCH");
  EXPECT_NO_RULE(fp8().cc(89).check(), "LT-FP8-ARCH");
}

TEST(LtRules, Fp8Alignment) {
  Gemm M = fp8(); // CUDALibrarySamples#172: m = 63
  M.lay(MatA, layout::COLS, 63).lay(MatC, layout::ROWS, 63).lay(MatC, layout::LD, 63)
      .lay(MatD, layout::ROWS, 63).lay(MatD, layout::LD, 63);
  EXPECT_RULE(M.check(), "LT-FP8-ALIGN");
  Gemm K = fp8(); // k = 8: A is stored k x m
  K.lay(MatA, layout::ROWS, 8).lay(MatA, layout::LD, 8).lay(MatB, layout::ROWS, 8)
      .lay(MatB, layout::LD, 8);
  EXPECT_RULE(K.check(), "LT-FP8-ALIGN");
  Gemm P = fp8();
  P.V.pointer(Arg::A).Address = v(0x7f0000000008);
  EXPECT_RULE(P.check(), "LT-FP8-ALIGN");
  // A NULL Cdesc: C's ld is Ddesc's, and the finding says so.
  Gemm N(64, 32, 16, dt::R_8F_E4M3, dt::R_16BF, ct::C32F, dt::R_32F, op::T, op::N,
         dt::R_16BF);
  N.lay(MatD, layout::LD, 68).withoutCdesc(); // 68 * 2 bytes
  const std::vector<lt::Finding> Fs = N.check();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "LT-FP8-ALIGN");
  EXPECT_EQ(subjectName(Fs[0].About), "CUBLASLT_MATRIX_LAYOUT_LD of Ddesc");
  EXPECT_EQ(Fs[0].Message,
            "'CUBLASLT_MATRIX_LAYOUT_LD of Ddesc' (68), which C uses because "
            "Cdesc is NULL, times the 16-bit element of CUDA_R_16BF must be a "
            "multiple of 16 bytes in FP8 matmuls");
  EXPECT_CLEAN(N.lay(MatD, layout::LD, 72).withoutCdesc().check());
  // With a Cdesc of its own, D's ld is not one of the rule's.
  N.V.CdescIsNull = v(0);
  N.V.pointer(Arg::Cdesc).Address = v(0x1000);
  N.lay(MatD, layout::LD, 68);
  EXPECT_CLEAN(N.check());
  // fp16 with odd sizes: performance only (LT-ALIGN-TC), never a finding.
  EXPECT_CLEAN(Gemm(63, 31, 15, dt::R_16F, dt::R_16F).check());
}

TEST(LtRules, Fp8Bias) {
  Gemm S = fp8();
  S.desc(desc::EPILOGUE, epi::Bias).desc(desc::BIAS_POINTER, 0x7f0003000000);
  // The default with an E4M3 D: the header leaves it to the docs; silent.
  EXPECT_NO_RULE(S.check(), "LT-FP8-BIAS");
  S.desc(desc::BIAS_DATA_TYPE, dt::R_8F_E4M3);
  EXPECT_RULE(S.check(), "LT-FP8-BIAS");
  S.desc(desc::BIAS_DATA_TYPE, dt::R_16BF);
  EXPECT_CLEAN(S.check());
  S.desc(desc::BIAS_DATA_TYPE, dt::R_32F);
  EXPECT_RULE(S.check(), "LT-FP8-BIAS");
}

TEST(LtRules, Fp8AuxType) {
  Gemm S = fp8();
  S.desc(desc::EPILOGUE, epi::GeluAux).desc(desc::EPILOGUE_AUX_POINTER, 0x7f0004000000)
      .desc(desc::EPILOGUE_AUX_LD, 64).desc(desc::EPILOGUE_AUX_DATA_TYPE, dt::R_16F);
  EXPECT_RULE(S.check(), "LT-FP8-AUXTYPE"); // C is BF16: aux must be BF16
  S.lay(MatC, layout::TYPE, dt::R_16F);
  EXPECT_NO_RULE(S.check(), "LT-FP8-AUXTYPE");
}

TEST(LtRules, Fp4Requirements) {
  Gemm S = fp4();
  EXPECT_RULE(S.cc(90).check(), "LT-FP4-REQ");
  Gemm NN = fp4();
  NN.desc(desc::TRANSA, op::N).lay(MatA, layout::ROWS, 64).lay(MatA, layout::COLS, 64);
  EXPECT_RULE(NN.check(), "LT-FP4-REQ"); // TN always, no architecture needed
  Gemm M = fp4();
  M.desc(desc::A_SCALE_MODE, smode::Scalar32F);
  EXPECT_RULE(M.check(), "LT-FP4-REQ");
  Gemm D = fp4();
  D.desc(desc::D_OUT_SCALE_POINTER, 0);
  EXPECT_RULE(D.check(), "LT-FP4-DOUT");
  Gemm DM = fp4();
  DM.desc(desc::D_OUT_SCALE_MODE, smode::Scalar32F);
  EXPECT_RULE(DM.check(), "LT-FP4-DOUT");
  Gemm CD = fp4();
  CD.lay(MatC, layout::TYPE, dt::R_32F);
  EXPECT_RULE(CD.check(), "LT-FP4-CD");
}

// One defect, one finding: a missing D_OUT_SCALE_POINTER with an FP4 D is
// LT-FP4-DOUT's (the documented rule); LT-SCALE-PTR, its generalisation,
// stays silent there and keeps the other tensors' pointers.
TEST(LtRules, Fp4MissingDOutPointerIsOneFinding) {
  Gemm D = fp4();
  D.desc(desc::D_OUT_SCALE_POINTER, 0);
  const std::vector<lt::Finding> Fs = D.check();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_STREQ(Fs[0].RuleId, "LT-FP4-DOUT");
  EXPECT_EQ(subjectName(Fs[0].About), "CUBLASLT_MATMUL_DESC_D_OUT_SCALE_POINTER");
  Gemm A = fp4(); // A's pointer: LT-SCALE-PTR as before
  A.desc(desc::A_SCALE_POINTER, 0);
  EXPECT_RULE(A.check(), "LT-SCALE-PTR");
  EXPECT_NO_RULE(A.check(), "LT-FP4-DOUT");
  D.V.Heuristic = true; // no pointers at the heuristic: neither rule
  EXPECT_CLEAN(D.check());
}

TEST(LtRules, NullMatrices) {
  Gemm S = fp16();
  S.V.pointer(Arg::B).Address = v(0);
  EXPECT_RULE(S.check(), "LT-OBJ-LIFE");
  Gemm E = Gemm(64, 32, 0, dt::R_16F, dt::R_16F); // k = 0: A and B are empty
  E.V.pointer(Arg::A).Address = v(0);
  E.V.pointer(Arg::B).Address = v(0);
  EXPECT_NO_RULE(E.check(), "LT-OBJ-LIFE");
}

// A NULL Cdesc reads Ddesc: the rules core's normalisation, which the
// static checks, the guard and the explainer leave to it.
TEST(LtRules, NullCdescReadsDdesc) {
  Gemm S = fp16();
  S.lay(MatD, layout::LD, 16).withoutCdesc(); // D is 64 x 32: ld below rows
  const std::vector<lt::Finding> Fs = S.check();
  EXPECT_RULE(Fs, "LT-LD-COL");
  for (const lt::Finding &F : Fs) // one defect, reported as D's
    EXPECT_NE(F.About.Argument, Arg::Cdesc) << describe(Fs);
  Gemm Valid = fp16();
  Valid.withoutCdesc();
  EXPECT_CLEAN(Valid.check());
}

TEST(LtRules, CVersusD) {
  Gemm S = fp8(); // narrow D with Cdesc == NULL (pytorch#167873)
  S.V.CdescIsNull = v(1);
  EXPECT_RULE(S.check(), "LT-CD-NARROW");
  Gemm E = fp8();
  E.V.CdescIsDdesc = v(1);
  EXPECT_RULE(E.check(), "LT-CD-NARROW");
  // One defect, one finding: C read as D's narrow type is not also
  // misaligned as an 8-bit C (D's ld of 72 is no C rule's).
  Gemm L = fp8();
  L.lay(MatD, layout::LD, 72).withoutCdesc();
  const std::vector<lt::Finding> Narrow = L.check();
  ASSERT_EQ(Narrow.size(), 1u) << describe(Narrow);
  EXPECT_STREQ(Narrow[0].RuleId, "LT-CD-NARROW");
  Gemm M = fp16(); // out of place, different orders
  M.lay(MatC, layout::ORDER, order::Row).lay(MatC, layout::LD, 32);
  EXPECT_RULE(M.check(), "LT-CD-MATCH");
  Gemm N = fp8(); // FP8 with C NULL and beta 0: PyTorch's form
  N.V.pointer(Arg::C).Address = v(0);
  N.V.BetaIsZero = v(1);
  EXPECT_CLEAN(N.check());
  N.V.BetaIsZero = v(0);
  EXPECT_RULE(N.check(), "LT-CD-NULLC");
  Gemm W = fp8();
  W.V.BetaIsZero = v(0);
  auto Fs = W.check();
  EXPECT_RULE(Fs, "LT-CD-FP8ACC");
  EXPECT_FALSE(hasError(Fs)) << describe(Fs); // observed, a warning only
  // LT-CD-INPLACE: one buffer through two layouts.
  Gemm P = fp16();
  P.V.CIsD = v(1);
  EXPECT_CLEAN(P.check()); // two descriptors of the same memory: harmless
  P.lay(MatD, layout::LD, 128);
  const std::vector<lt::Finding> InPlace = P.check();
  ASSERT_EQ(InPlace.size(), 1u) << describe(InPlace);
  EXPECT_STREQ(InPlace[0].RuleId, "LT-CD-INPLACE");
  EXPECT_EQ(InPlace[0].Bound, 128);
  P.V.CdescIsDdesc = v(1); // the same object: nothing to differ
  EXPECT_NO_RULE(P.check(), "LT-CD-INPLACE");
  Gemm O = fp16(); // out of place, ld may differ
  O.lay(MatD, layout::LD, 128);
  EXPECT_NO_RULE(O.check(), "LT-CD-INPLACE");
}

TEST(LtRules, ScaleModes) {
  Gemm N = fp16(); // scales on a non-narrow matmul
  N.desc(desc::A_SCALE_POINTER, 0x7f0002000000);
  EXPECT_RULE(N.check(), "LT-SCALE-NARROW");
  Gemm CS = fp16(); // C's tensorwide scale is the exception
  CS.desc(desc::C_SCALE_POINTER, 0x7f0002000000);
  EXPECT_CLEAN(CS.check());
  Gemm DN = fp8();
  DN.desc(desc::D_SCALE_MODE, smode::Vec32UE8M0);
  EXPECT_RULE(DN.check(), "LT-SCALE-DNARROW");
  Gemm B = fp8(); // BLK128 x BLK128
  B.lay(MatD, layout::TYPE, dt::R_16BF)
      .desc(desc::A_SCALE_MODE, smode::Blk128x128_32F).desc(desc::B_SCALE_MODE, smode::Blk128x128_32F)
      .desc(desc::A_SCALE_POINTER, 0x7f0002000000).desc(desc::B_SCALE_POINTER, 0x7f0002100000);
  EXPECT_RULE(B.check(), "LT-SCALE-2D2D");
  B.desc(desc::B_SCALE_MODE, smode::Vec128_32F);
  EXPECT_CLEAN(B.cc(90).check());
  EXPECT_RULE(B.cc(100).check(), "LT-SCALE-ARCH");
  B.lay(MatD, layout::TYPE, dt::R_8F_E4M3);
  EXPECT_RULE(B.check(), "LT-SCALE-FP8D");
  B.lay(MatD, layout::TYPE, dt::R_16BF).desc(desc::EPILOGUE, epi::Gelu);
  EXPECT_RULE(B.check(), "LT-EPI-BLOCKFP8");
  EXPECT_FALSE(hasError(B.cc(90).check())) << describe(B.check());
  B.desc(desc::EPILOGUE, epi::Bias).desc(desc::BIAS_POINTER, 0x7f0003000000)
      .desc(desc::BIAS_DATA_TYPE, dt::R_16BF);
  EXPECT_CLEAN(B.check());
  Gemm M4 = fp8();
  M4.lay(MatD, layout::TYPE, dt::R_16BF).lay(MatD, layout::COLS, 30).lay(MatC, layout::COLS, 30)
      .lay(MatB, layout::COLS, 30)
      .desc(desc::A_SCALE_MODE, smode::Vec128_32F).desc(desc::B_SCALE_MODE, smode::Vec128_32F)
      .desc(desc::A_SCALE_POINTER, 0x7f0002000000).desc(desc::B_SCALE_POINTER, 0x7f0002100000);
  EXPECT_RULE(M4.check(), "LT-SCALE-MN4");
  Gemm O = fp8();
  O.lay(MatD, layout::TYPE, dt::R_16BF)
      .desc(desc::A_SCALE_MODE, smode::OuterVec32F).desc(desc::B_SCALE_MODE, smode::OuterVec32F)
      .desc(desc::A_SCALE_POINTER, 0x7f0002000000).desc(desc::B_SCALE_POINTER, 0x7f0002100000);
  EXPECT_CLEAN(O.check());
  O.desc(desc::C_SCALE_MODE, smode::OuterVec32F);
  EXPECT_RULE(O.check(), "LT-SCALE-OUTERVEC");
  Gemm Mx = fp8(); // MXFP8: all FP8 tensors VEC32_UE8M0
  Mx.lay(MatD, layout::TYPE, dt::R_16BF).desc(desc::A_SCALE_MODE, smode::Vec32UE8M0)
      .desc(desc::A_SCALE_POINTER, 0x7f0002000000).desc(desc::B_SCALE_POINTER, 0x7f0002100000);
  EXPECT_RULE(Mx.check(), "LT-SCALE-BLOCKMIX");
  Mx.desc(desc::B_SCALE_MODE, smode::Vec32UE8M0);
  EXPECT_CLEAN(Mx.cc(100).check());
  Mx.desc(desc::B_SCALE_POINTER, 0); // CUDALibrarySamples#274
  EXPECT_RULE(Mx.check(), "LT-SCALE-PTR");
  Mx.desc(desc::B_SCALE_POINTER, 0x7f0002100008);
  EXPECT_RULE(Mx.check(), "LT-SCALE-TILE");
  Gemm PA = fp8();
  for (unsigned M = 0; M < 4; ++M)
    PA.lay(M, layout::BATCH_MODE, batch_mode::PointerArray);
  PA.lay(MatD, layout::TYPE, dt::R_16BF).desc(desc::A_SCALE_MODE, smode::Vec32UE8M0)
      .desc(desc::B_SCALE_MODE, smode::Vec32UE8M0);
  EXPECT_RULE(PA.check(), "LT-SCALE-PTRARRAY");
}

// --- int8 --------------------------------------------------------------------------------------

TEST(LtRules, Int8RegularOrder) {
  Gemm NN(64, 32, 16, dt::R_8I, dt::R_32I, ct::C32I, dt::R_32I); // pytorch#106840
  EXPECT_RULE(NN.check(), "LT-IMMA-TN");
  Gemm L = int8();
  L.lay(MatA, layout::LD, 18).lay(MatA, layout::ROWS, 18); // k = 18
  L.lay(MatB, layout::ROWS, 18).lay(MatB, layout::LD, 18);
  auto Fs = L.check();
  EXPECT_RULE(Fs, "LT-IMMA-LD4");
  EXPECT_RULE(Fs, "LT-IMMA-MK4");
  EXPECT_RULE(int8().desc(desc::POINTER_MODE, pmode::DeviceVector).check(), "LT-IMMA-PMODE");
  EXPECT_RULE(int8().desc(desc::EPILOGUE, epi::Relu).check(), "LT-IMMA-EPI");
  Gemm P = int8();
  P.V.pointer(Arg::B).Address = v(0x7f0000100002);
  EXPECT_RULE(P.check(), "LT-IMMA-PTR4");
}

TEST(LtRules, Int8ImmaOrders) {
  Gemm S = imma();
  S.desc(desc::TRANSB, op::N);
  S.lay(MatB, layout::ROWS, 32).lay(MatB, layout::COLS, 32);
  EXPECT_RULE(S.check(), "LT-IMMA-ORDER");
  Gemm O = imma();
  O.lay(MatC, layout::ORDER, order::Col).lay(MatC, layout::LD, 32);
  EXPECT_RULE(O.check(), "LT-IMMA-ORDER");
  EXPECT_RULE(imma().cc(90).check(), "LT-IMMA-ORDERARCH"); // bitsandbytes#599
  EXPECT_NO_RULE(imma().cc(75).check(), "LT-IMMA-ORDERARCH");
  Gemm A = imma();
  A.V.AlphaValue = v(2);
  EXPECT_RULE(A.check(), "LT-IMMA-ALPHA01");
  EXPECT_RULE(imma().desc(desc::POINTER_MODE, pmode::AlphaDeviceVectorBetaHost).check(),
              "LT-IMMA-PMODE2");
  EXPECT_RULE(imma().desc(desc::EPILOGUE, epi::Bias).desc(desc::BIAS_POINTER, 0x10).check(),
              "LT-IMMA-EPI2");
  // R_32F scale with int8 output takes an R_32F bias.
  Gemm F = imma();
  F.desc(desc::SCALE_TYPE, dt::R_32F).lay(MatC, layout::TYPE, dt::R_8I).lay(MatD, layout::TYPE, dt::R_8I)
      .desc(desc::EPILOGUE, epi::Bias).desc(desc::BIAS_POINTER, 0x7f0003000000)
      .desc(desc::BIAS_DATA_TYPE, dt::R_32F);
  EXPECT_CLEAN(F.check());
  F.desc(desc::BIAS_DATA_TYPE, -1); // the default is the scale type there
  EXPECT_CLEAN(F.check());
  F.desc(desc::BIAS_DATA_TYPE, dt::R_8I);
  EXPECT_RULE(F.check(), "LT-EPI-BIASTYPE");
}

// --- pointer mode ------------------------------------------------------------------------------

TEST(LtRules, PointerMode) {
  Gemm N = fp16();
  N.V.pointer(Arg::Alpha).Address = v(0);
  EXPECT_RULE(N.check(), "LT-PTR-NULL");
  Gemm BZ = fp16(); // beta NULL with BETA_ZERO (bitsandbytes igemmlt)
  BZ.desc(desc::POINTER_MODE, pmode::AlphaDeviceVectorBetaZero);
  BZ.V.pointer(Arg::Beta).Address = v(0);
  EXPECT_CLEAN(BZ.check());
  Gemm L = fp16();
  L.V.pointer(Arg::Alpha).Where = Residency::Device;
  EXPECT_RULE(L.check(), "LT-PTR-LOC");
  Gemm DL = fp16(); // device alpha in device mode (TE NVFP4): valid
  DL.desc(desc::POINTER_MODE, pmode::Device);
  DL.V.pointer(Arg::Alpha).Where = Residency::Device;
  DL.V.pointer(Arg::Beta).Where = Residency::Device;
  EXPECT_CLEAN(DL.check());
  DL.V.pointer(Arg::Beta).Where = Residency::Pageable;
  EXPECT_NO_RULE(DL.check(), "LT-PTR-LOC"); // unknown whether the GPU reads it
  DL.V.PageableAccessible = v(1);             // HMM/ATS: it does
  EXPECT_NO_RULE(DL.check(), "LT-PTR-LOC");
  DL.V.PageableAccessible = v(0);
  EXPECT_RULE(DL.check(), "LT-PTR-LOC");
  Gemm PA = fp16();
  for (unsigned M = 0; M < 4; ++M)
    PA.lay(M, layout::BATCH_MODE, batch_mode::PointerArray);
  PA.desc(desc::POINTER_MODE, pmode::DeviceVector);
  EXPECT_RULE(PA.check(), "LT-PTR-BATCHMODE");
  Gemm AV = fp16();
  AV.desc(desc::POINTER_MODE, pmode::AlphaDeviceVectorBetaZero)
      .desc(desc::ALPHA_VECTOR_BATCH_STRIDE, 64);
  EXPECT_RULE(AV.check(), "LT-PTR-AVBS");
  AV.desc(desc::POINTER_MODE, pmode::AlphaDeviceVectorBetaHost); // its use
  EXPECT_NO_RULE(AV.check(), "LT-PTR-AVBS");
  Gemm PM = fp16(); // pointer arrays with HOST mode: fine
  for (unsigned M = 0; M < 4; ++M)
    PM.lay(M, layout::BATCH_MODE, batch_mode::PointerArray);
  EXPECT_CLEAN(PM.check());
  Gemm VL = fp16();
  VL.desc(desc::POINTER_MODE, pmode::AlphaDeviceVectorBetaHost);
  VL.V.pointer(Arg::Alpha).Address = v(0x7f0005000000);
  VL.V.pointer(Arg::Alpha).AllocEnd = v(0x7f0005000000 + 63 * 4);
  EXPECT_RULE(VL.check(), "LT-PTR-VECLEN");
  VL.V.pointer(Arg::Alpha).AllocEnd = v(0x7f0005000000 + 64 * 4);
  EXPECT_NO_RULE(VL.check(), "LT-PTR-VECLEN");
}

TEST(LtRules, ScalarTypes) {
  Gemm S = fp16(); // COMPUTE_32F with fp16 data: alpha is float
  S.V.pointer(Arg::Alpha).PointeeType = v(dt::R_32F);
  EXPECT_CLEAN(S.check());
  S.V.pointer(Arg::Beta).PointeeType = v(dt::R_16F);
  EXPECT_RULE(S.check(), "LT-TYPE-ALPHA");
}

TEST(LtRules, AlignmentAssumedByTheHeuristic) {
  Gemm S = fp16();
  S.V.AlgoMinAlignment[MatA] = v(256);
  EXPECT_CLEAN(S.check());
  S.V.pointer(Arg::A).Address = v(0x7f0000000010); // a sub-tensor view
  auto Fs = S.check();
  EXPECT_RULE(Fs, "LT-ALIGN-PREF");
  EXPECT_FALSE(hasError(Fs));
  S.V.AlgoMinAlignment[MatA] = v(16);
  EXPECT_CLEAN(S.check());
  Gemm B = fp16(); // pytorch#194497: a bias slice less aligned than before
  B.desc(desc::EPILOGUE, epi::Bias).desc(desc::BIAS_POINTER, 0x7f0003000002);
  B.V.AlgoBiasAlignment = v(16);
  EXPECT_RULE(B.check(), "LT-EPI-ALIGN");
  B.desc(desc::BIAS_POINTER, 0x7f0003000010);
  EXPECT_CLEAN(B.check());
}

// --- epilogues ---------------------------------------------------------------------------------

TEST(LtRules, Epilogues) {
  Gemm B = fp16();
  B.desc(desc::EPILOGUE, epi::ReluBias).desc(desc::BIAS_POINTER, 0x7f0003000000);
  EXPECT_CLEAN(B.check());
  B.desc(desc::BIAS_POINTER, 0);
  EXPECT_RULE(B.check(), "LT-EPI-BIASPTR");
  B.V.Heuristic = true; // the heuristic may run before the bias is known
  EXPECT_NO_RULE(B.check(), "LT-EPI-BIASPTR");
  Gemm T = fp16();
  T.desc(desc::EPILOGUE, epi::Bias).desc(desc::BIAS_POINTER, 0x10).desc(desc::BIAS_DATA_TYPE, dt::R_32F);
  EXPECT_RULE(T.check(), "LT-EPI-BIASTYPE");
  Gemm C(8, 8, 8, dt::C_32F, dt::C_32F, ct::C32F, dt::C_32F);
  C.desc(desc::EPILOGUE, epi::Relu);
  EXPECT_RULE(C.check(), "LT-EPI-TYPE");
  Gemm A = fp16();
  A.desc(desc::EPILOGUE, epi::ReluAux).desc(desc::EPILOGUE_AUX_POINTER, 0x10)
      .desc(desc::EPILOGUE_AUX_LD, 64);
  EXPECT_RULE(A.check(), "LT-EPI-AUXLD"); // bit-mask ld: multiple of 128
  A.desc(desc::EPILOGUE_AUX_LD, 128);
  EXPECT_CLEAN(A.check());
  A.desc(desc::EPILOGUE_AUX_BATCH_STRIDE, 64);
  EXPECT_RULE(A.check(), "LT-EPI-AUXSTRIDE");
  Gemm G = fp16();
  G.desc(desc::EPILOGUE, epi::GeluAux).desc(desc::EPILOGUE_AUX_POINTER, 0x10);
  EXPECT_RULE(G.check(), "LT-EPI-AUX"); // AUX_LD left at 0
  G.desc(desc::EPILOGUE_AUX_LD, 64);
  EXPECT_CLEAN(G.check());
  G.desc(desc::EPILOGUE_AUX_POINTER, 0);
  EXPECT_RULE(G.check(), "LT-EPI-AUX");
  Gemm R = fp16(); // mlx#2569
  R.desc(desc::EPILOGUE, epi::Bias).desc(desc::BIAS_POINTER, 0x10);
  R.lay(MatD, layout::ORDER, order::Row).lay(MatD, layout::LD, 32)
      .lay(MatC, layout::ORDER, order::Row).lay(MatC, layout::LD, 32);
  EXPECT_RULE(R.check(), "LT-EPI-ROWORDER");
  R.desc(desc::EPILOGUE, epi::Relu);
  auto Fs = R.check();
  EXPECT_RULE(Fs, "LT-EPI-ROWORDER");
  EXPECT_FALSE(hasError(Fs)) << describe(Fs);
  Gemm P = fp16();
  for (unsigned M = 0; M < 4; ++M)
    P.lay(M, layout::BATCH_MODE, batch_mode::PointerArray);
  P.desc(desc::EPILOGUE, epi::Relu);
  EXPECT_RULE(P.check(), "LT-EPI-BATCHMODE");
  Gemm BL = fp16(); // bias shorter than rows(D)
  BL.desc(desc::EPILOGUE, epi::Bias).desc(desc::BIAS_POINTER, 0x7f0003000000);
  BL.V.descPointer(desc::BIAS_POINTER).Address = v(0x7f0003000000);
  BL.V.descPointer(desc::BIAS_POINTER).AllocEnd = v(0x7f0003000000 + 32 * 2);
  EXPECT_RULE(BL.check(), "LT-EPI-BIASPTR");
}

// --- other attributes, workspace, algo -----------------------------------------------------------

TEST(LtRules, FillMode) {
  Gemm B(8, 8, 8, dt::R_16BF, dt::R_16BF);
  B.desc(desc::FILL_MODE, fill::Lower);
  EXPECT_RULE(B.check(), "LT-MISC-FILL");
  Gemm H = fp16();
  H.desc(desc::FILL_MODE, fill::Upper);
  EXPECT_NO_RULE(H.check(), "LT-MISC-FILL");
  EXPECT_RULE(H.cc(90).check(), "LT-MISC-FILL");
  EXPECT_NO_RULE(H.cc(80).check(), "LT-MISC-FILL");
}

TEST(LtRules, Workspace) {
  Gemm S = fp16();
  S.V.pointer(Arg::Workspace).Address = v(0x7f0001000080);
  EXPECT_RULE(S.check(), "LT-WS-ALIGN");
  Gemm N = fp16();
  N.V.pointer(Arg::Workspace).Address = v(0);
  EXPECT_RULE(N.check(), "LT-WS-NULL");
  N.V.WorkspaceSize = v(0); // PyTorch int8_gemm, bitsandbytes
  EXPECT_CLEAN(N.check());
  Gemm Z = fp16();
  Z.V.AlgoWorkspaceSize = v(2 << 20);
  EXPECT_RULE(Z.check(), "LT-WS-SIZE");
  Gemm E = fp16();
  E.V.pointer(Arg::Workspace).AllocEnd = v(0x7f0001000000 + 4096);
  EXPECT_RULE(E.check(), "LT-WS-SIZE");
}

TEST(LtRules, HeuristicQuery) {
  Gemm S = fp16();
  S.V.Heuristic = true;
  S.V.RequestedAlgoCount = v(0);
  EXPECT_RULE(S.check(), "LT-ALGO-COUNT");
  S.V.RequestedAlgoCount = v(1);
  EXPECT_CLEAN(S.check());
  // No data pointers at the heuristic: the pointer rules stay silent.
  S.V.pointer(Arg::Workspace).Address = v(0x3);
  EXPECT_CLEAN(S.check());
}

TEST(LtRules, FindingsNameTheirSubject) {
  auto Fs = fp16().lay(MatA, layout::LD, 63).check();
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(subjectName(Fs[0].About), "CUBLASLT_MATRIX_LAYOUT_LD of Adesc");
  EXPECT_EQ(Fs[0].Cat, Category::LeadingDimension);
  EXPECT_EQ(Fs[0].Value, 63);
  EXPECT_EQ(Fs[0].Bound, 64);
  EXPECT_STREQ(categoryName(Category::AttributeEncoding), "attribute-encoding");
}

} // namespace

// LT-ALGO-RESULT: an algo from a heuristic query nothing checked; the
// heuristic query itself, and an unknown or checked result, are clean.
TEST(LtRules, AlgoFromAnUncheckedQuery) {
  Gemm G = fp16();
  G.V.AlgoResultUnchecked = v(1);
  EXPECT_RULE(G.check(), "LT-ALGO-RESULT");
  G.V.AlgoResultUnchecked = v(0);
  EXPECT_CLEAN(G.check());
  G.V.AlgoResultUnchecked = Value::unknown();
  EXPECT_CLEAN(G.check());
  Gemm H = fp16();
  H.V.Heuristic = true;
  H.V.RequestedAlgoCount = v(1);
  H.V.AlgoResultUnchecked = v(1);
  EXPECT_NO_RULE(H.check(), "LT-ALGO-RESULT");
}
