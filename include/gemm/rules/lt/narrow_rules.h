// gemm/rules/lt/narrow_rules.h - cuBLASLt matmul rules: FP8, FP4 and scaling
// modes (section 6).
#ifndef GEMM_RULES_LT_NARROW_RULES_H
#define GEMM_RULES_LT_NARROW_RULES_H

#include "gemm/rules/lt/matmul_checker.h"

namespace gemm {
namespace rules {
namespace lt {
namespace detail {

// --- narrow precision (section 6) ------------------------------------------------------

inline void MatmulChecker::checkNarrowTypes() {
  const int64_t A = T[MatA], B = T[MatB], C = T[MatC], D = T[MatD];
  Fp8 = isFp8(A) || isFp8(B);
  Fp4 = isFp4(A) || isFp4(B);
  if (!isNarrow(A) || !isNarrow(B) || (isFp8(A) != isFp8(B))) {
    err(Category::TypeCombination, "LT-TYPE-COMBO",
        la(isNarrow(A) ? MatB : MatA, layout::TYPE), isNarrow(A) ? B : A,
        "A (" + typeName(A) + ") and B (" + typeName(B) +
            ") must both be FP8 (E4M3/E5M2) or both FP4 (E2M1)" +
            (!isNarrow(A) && !isNarrow(B) ? " for a narrow D (" + typeName(D) + ")" : ""));
    Fp8 = Fp4 = false;
    return;
  }
  if (Compute != ct::C32F || Scale != dt::R_32F) {
    Finding &F = err(
        Category::NarrowPrecision, Fp8 ? "LT-FP8-COMPUTE" : "LT-FP4-REQ",
        da(Compute != ct::C32F ? desc::COMPUTE_TYPE : desc::SCALE_TYPE),
        Compute != ct::C32F ? Compute : Scale,
        std::string(Fp8 ? "FP8" : "FP4") +
            " matmuls need CUBLAS_COMPUTE_32F and scaleType CUDA_R_32F, not " +
            computeName(Compute) + " and " + typeName(Scale));
    if (Fp8)
      addTypeInputs(F);
  }
  if (A == dt::R_8F_E5M2 && B == dt::R_8F_E5M2) {
    err(Category::NarrowPrecision, "LT-FP8-TYPES", la(MatB, layout::TYPE), B,
        "E5M2 x E5M2 is not a supported FP8 combination; use E4M3 for at "
        "least one of A and B");
    return;
  }
  // (C, D) rows of Tables 3 and 4.
  const bool AnyE5M2 = A == dt::R_8F_E5M2 || B == dt::R_8F_E5M2;
  const int64_t NarrowD = Fp8 ? dt::R_8F_E4M3 : dt::R_4F_E2M1;
  const bool CDOk =
      (C == dt::R_16BF && (D == dt::R_16BF || D == NarrowD ||
                           (AnyE5M2 && D == dt::R_8F_E5M2))) ||
      (C == dt::R_16F && (D == dt::R_16F || D == NarrowD ||
                          (AnyE5M2 && D == dt::R_8F_E5M2))) ||
      (C == dt::R_32F && D == dt::R_32F);
  if (!CDOk && !cReadsNarrowD()) {
    err(Category::NarrowPrecision, Fp8 ? "LT-FP8-CD" : "LT-FP4-CD",
        la(isNarrow(D) || D == C ? MatC : MatD, layout::TYPE),
        isNarrow(D) || D == C ? C : D,
        "C " + typeName(C) + " and D " + typeName(D) + " are not a supported " +
            (Fp8 ? "FP8" : "FP4") + " output pair for A " + typeName(A) +
            " and B " + typeName(B),
        std::string("(C, D) must be (16BF, 16BF), (16BF, ") + typeName(NarrowD) +
            "), (16F, 16F), (16F, " + typeName(NarrowD) + ") or (32F, 32F)" +
            (AnyE5M2 ? "; with an E5M2 input also (16BF or 16F, CUDA_R_8F_E5M2)" : ""));
    return;
  }
  BiasType = C == dt::R_16F ? dt::R_16F : dt::R_16BF;
}

inline void MatmulChecker::checkNarrow() {
  if (!Fp8 && !Fp4)
    return;
  const char *Kind = Fp8 ? "FP8" : "FP4";
  // LT-FP8-ARCH / LT-FP4-REQ (A).
  if (cc().Known && cc().V < (Fp8 ? 89 : 100))
    err(Category::NarrowPrecision, Fp8 ? "LT-FP8-ARCH" : "LT-FP4-REQ",
        la(MatA, layout::TYPE), T[MatA],
        std::string(Kind) + " matmuls need compute capability " +
            (Fp8 ? "8.9" : "10.0") + " or newer, not " + ccNumber())
        .Bound = Fp8 ? 89 : 100;
  // TN: always for FP4; on 8.9, 9.0 and 12.x for FP8.
  const bool TnRequired =
      Fp4 || (cc().Known && (cc().V == 89 || cc().V / 10 == 9 ||
                             cc().V / 10 == 12));
  const int64_t TA = dv(desc::TRANSA), TB = dv(desc::TRANSB);
  if (TnRequired && TA >= 0 && TB >= 0 && allOrders(order::Col) &&
      (TA != op::T || TB != op::N))
    err(Category::NarrowPrecision, Fp8 ? "LT-FP8-TN" : "LT-FP4-REQ",
        da(TA != op::T ? desc::TRANSA : desc::TRANSB), TA != op::T ? TA : TB,
        std::string(Kind) + " matmuls need the TN layout (TRANSA = "
                            "CUBLAS_OP_T, TRANSB = CUBLAS_OP_N)" +
            (Fp8 ? " on " + ccText() : std::string()) + "; got TRANSA " +
            enumText(EnumKind::Operation, TA) + ", TRANSB " +
            enumText(EnumKind::Operation, TB));
  // LT-FP8-ALIGN: 16-byte dimension and leading-dimension rules. With a
  // NULL Cdesc, C's rows and ld are Ddesc's: those are what is checked,
  // and named.
  for (unsigned M : {MatA, MatB, MatC}) {
    const int64_t Bits = elementBits(T[M]);
    if (!Bits || lv(M, layout::ORDER) != order::Col ||
        (M == MatC && cReadsNarrowD()))
      continue;
    unsigned Owner = M;
    if (M == MatC && cdescNull())
      Owner = MatD;
    auto Misaligned = [&](int64_t Attr, int64_t V) {
      err(Category::NarrowPrecision, "LT-FP8-ALIGN", la(Owner, Attr), V,
          ln(Owner, Attr) + " (" + num(V) + ")" +
              (Owner != M ? ", which C uses because Cdesc is NULL," : "") +
              " times the " + num(Bits) + "-bit element of " +
              typeName(T[M]) + " must be a multiple of 16 bytes in " +
              Kind + " matmuls")
          .Bound = 128 / Bits;
    };
    const int64_t Rows = lv(M, layout::ROWS), Ld = lv(M, layout::LD);
    if (Rows > 0 && (Rows * Bits) % 128)
      Misaligned(layout::ROWS, Rows);
    if (Ld > 0 && (Ld * Bits) % 128)
      Misaligned(layout::LD, Ld);
  }
  // LT-FP4-DOUT.
  if (isFp4(T[MatD])) {
    const int64_t Mode = dv(desc::D_OUT_SCALE_MODE);
    if (Mode >= 0 && Mode != smode::Vec16UE4M3)
      err(Category::NarrowPrecision, "LT-FP4-DOUT", da(desc::D_OUT_SCALE_MODE),
          Mode,
          dn(desc::D_OUT_SCALE_MODE) + " must be "
          "CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 when D is CUDA_R_4F_E2M1");
    if (!In.Heuristic && d(desc::D_OUT_SCALE_POINTER).Known &&
        d(desc::D_OUT_SCALE_POINTER).V == 0) {
      DOutPointerReported = true;
      err(Category::NarrowPrecision, "LT-FP4-DOUT",
          da(desc::D_OUT_SCALE_POINTER), 0,
          dn(desc::D_OUT_SCALE_POINTER) +
              " must be set when D is CUDA_R_4F_E2M1 (the scale factors "
              "cuBLASLt writes for D)");
    }
  }
  // LT-CD-FP8ACC (observed): accumulation into C with FP8 output.
  if (isFp8(T[MatD]) && In.BetaIsZero.Known && !In.BetaIsZero.V)
    warn(Category::NarrowPrecision, "LT-CD-FP8ACC", Subject{Arg::Beta, -1}, 1,
         "beta is non-zero with FP8 D; TransformerEngine reports that "
         "accumulation into C is not supported for FP8 output");
}

// --- scaling modes (6.3) ------------------------------------------------------------------
inline int64_t MatmulChecker::scalePointerFor(int64_t ModeAttr) {
  switch (ModeAttr) {
  case desc::A_SCALE_MODE: return desc::A_SCALE_POINTER;
  case desc::B_SCALE_MODE: return desc::B_SCALE_POINTER;
  case desc::C_SCALE_MODE: return desc::C_SCALE_POINTER;
  case desc::D_SCALE_MODE: return desc::D_SCALE_POINTER;
  case desc::EPILOGUE_AUX_SCALE_MODE: return desc::EPILOGUE_AUX_SCALE_POINTER;
  default: return desc::D_OUT_SCALE_POINTER;
  }
}

inline bool MatmulChecker::is90Mode(int64_t M) {
  return M == smode::OuterVec32F || M == smode::Vec128_32F ||
         M == smode::Blk128x128_32F;
}

inline void MatmulChecker::checkScaleModes() {
  const int64_t MA = dv(desc::A_SCALE_MODE), MB = dv(desc::B_SCALE_MODE);
  auto ModeText = [](int64_t M) { return enumText(EnumKind::ScaleMode, M); };
  // LT-SCALE-NARROW: scales only on narrow matmuls (C's tensorwide
  // scale excepted) and only on narrow tensors.
  const bool Known = T[MatA] >= 0 && T[MatB] >= 0 && T[MatD] >= 0;
  const bool NarrowMatmul = isNarrow(T[MatA]) || isNarrow(T[MatB]);
  if (Known) {
    struct Ptr { int64_t Attr; int Matrix; };
    for (Ptr P : {Ptr{desc::A_SCALE_POINTER, MatA}, Ptr{desc::B_SCALE_POINTER, MatB},
                  Ptr{desc::D_SCALE_POINTER, MatD}, Ptr{desc::AMAX_D_POINTER, -1},
                  Ptr{desc::EPILOGUE_AUX_SCALE_POINTER, -1},
                  Ptr{desc::EPILOGUE_AUX_AMAX_POINTER, -1},
                  Ptr{desc::D_OUT_SCALE_POINTER, -1}}) {
      const Value V = d(P.Attr);
      if (!V.Known || V.V == 0)
        continue;
      const bool Bad = !NarrowMatmul ||
                       (P.Matrix >= 0 && !isNarrow(T[P.Matrix]));
      if (Bad)
        err(Category::NarrowPrecision, "LT-SCALE-NARROW", da(P.Attr), V.V,
            dn(P.Attr) + " is set but " +
                (NarrowMatmul ? std::string(1, matrixLetter(static_cast<unsigned>(P.Matrix))) + " is " +
                                    typeName(T[P.Matrix]) + ", not a narrow type"
                              : std::string("neither A nor B is FP8 or FP4")) +
                "; cuBLASLt accepts scales only for narrow-precision tensors "
                "(C's tensorwide scale excepted)");
    }
  }
  // LT-SCALE-DNARROW.
  if (isNarrow(T[MatD]) && dv(desc::D_SCALE_MODE, 0) != smode::Scalar32F)
    err(Category::NarrowPrecision, "LT-SCALE-DNARROW", da(desc::D_SCALE_MODE),
        dv(desc::D_SCALE_MODE),
        dn(desc::D_SCALE_MODE) + " must be SCALAR_32F when D is " +
            typeName(T[MatD]));
  // LT-SCALE-PTRARRAY.
  if (anyPointerArray())
    for (int64_t A : ScaleModeAttrs)
      if (dv(A, 0) != smode::Scalar32F)
        err(Category::NarrowPrecision, "LT-SCALE-PTRARRAY", da(A), dv(A),
            dn(A) + " must be SCALAR_32F when a layout uses "
                    "CUBLASLT_BATCH_MODE_POINTER_ARRAY");
  // 9.0 block modes: LT-SCALE-2D2D, -OUTERVEC, -FP8D, -MN4.
  if (is90Mode(MA) || is90Mode(MB)) {
    const bool Outer = MA == smode::OuterVec32F || MB == smode::OuterVec32F;
    if (MA >= 0 && MB >= 0) {
      const bool PairOk =
          Outer ? MA == MB
                : (MA == smode::Vec128_32F || MA == smode::Blk128x128_32F) &&
                      (MB == smode::Vec128_32F || MB == smode::Blk128x128_32F) &&
                      !(MA == smode::Blk128x128_32F && MB == smode::Blk128x128_32F);
      if (!PairOk)
        err(Category::NarrowPrecision, Outer ? "LT-SCALE-OUTERVEC" : "LT-SCALE-2D2D",
            da(desc::B_SCALE_MODE), MB,
            "scale modes " + ModeText(MA) + " (A) and " + ModeText(MB) + " (B) are not a "
            "supported pair; supported: OUTER_VEC x OUTER_VEC, VEC128 x "
            "VEC128, VEC128 x BLK128x128, BLK128x128 x VEC128");
    }
    for (int64_t A : {desc::C_SCALE_MODE, desc::D_SCALE_MODE,
                      desc::EPILOGUE_AUX_SCALE_MODE, desc::D_OUT_SCALE_MODE})
      if (dv(A, 0) != smode::Scalar32F)
        err(Category::NarrowPrecision, "LT-SCALE-OUTERVEC", da(A), dv(A),
            dn(A) + " must stay SCALAR_32F with the " +
                (Outer ? "OUTER_VEC_32F" : "VEC128/BLK128x128") + " modes on A and B");
    if (Outer && d(desc::D_SCALE_POINTER).Known && d(desc::D_SCALE_POINTER).V)
      err(Category::NarrowPrecision, "LT-SCALE-OUTERVEC",
          da(desc::D_SCALE_POINTER), d(desc::D_SCALE_POINTER).V,
          dn(desc::D_SCALE_POINTER) + " is not supported with OUTER_VEC_32F");
    if (isFp8(T[MatD]))
      err(Category::NarrowPrecision, "LT-SCALE-FP8D", la(MatD, layout::TYPE),
          T[MatD],
          "D cannot be FP8 (" + typeName(T[MatD]) + ") with scale mode " +
              ModeText(is90Mode(MA) ? MA : MB) + "; use CUDA_R_16F, CUDA_R_16BF or CUDA_R_32F");
    if (!Outer) {
      const int64_t Rows = lv(MatD, layout::ROWS), Cols = lv(MatD, layout::COLS);
      if (Rows > 0 && Rows % 4)
        err(Category::NarrowPrecision, "LT-SCALE-MN4", la(MatD, layout::ROWS),
            Rows, "m (" + num(Rows) + ") must be a multiple of 4 with the "
                                      "VEC128/BLK128x128 scale modes").Bound = 4;
      if (Cols > 0 && Cols % 4)
        err(Category::NarrowPrecision, "LT-SCALE-MN4", la(MatD, layout::COLS),
            Cols, "n (" + num(Cols) + ") must be a multiple of 4 with the "
                                      "VEC128/BLK128x128 scale modes").Bound = 4;
    }
  }
  // LT-SCALE-BLOCKMIX and LT-FP4-REQ (A/B scale mode of FP4 data).
  for (unsigned M : {MatA, MatB}) {
    const int64_t Attr = M == MatA ? desc::A_SCALE_MODE : desc::B_SCALE_MODE;
    const int64_t Mode = dv(Attr);
    if (Mode < 0 || T[M] < 0)
      continue;
    if (isFp4(T[M]) && Mode != smode::Vec16UE4M3)
      err(Category::NarrowPrecision, "LT-FP4-REQ", da(Attr), Mode,
          dn(Attr) + " must be CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3 for "
                     "FP4 data");
    else if ((Mode == smode::Vec16UE4M3 && !isFp4(T[M])) ||
             (Mode == smode::Vec32UE8M0 && !isFp8(T[M])))
      err(Category::NarrowPrecision, "LT-SCALE-BLOCKMIX", da(Attr), Mode,
          dn(Attr) + " " + enumText(EnumKind::ScaleMode, Mode) +
              " does not fit " + typeName(T[M]) +
              " data: VEC32_UE8M0 is for FP8, VEC16_UE4M3 for FP4");
    else if (isFp8(T[M]) && (MA == smode::Vec32UE8M0 || MB == smode::Vec32UE8M0) &&
             Mode != smode::Vec32UE8M0)
      err(Category::NarrowPrecision, "LT-SCALE-BLOCKMIX", da(Attr), Mode,
          dn(Attr) + " must also be VEC32_UE8M0: 1D block scaling applies "
                     "to every FP8 tensor");
  }
  // LT-SCALE-PTR: block and vector modes need their scale pointer.
  if (!In.Heuristic)
    for (int64_t A : ScaleModeAttrs) {
      const int64_t Mode = dv(A, 0);
      const Value P = d(scalePointerFor(A));
      if (A == desc::D_OUT_SCALE_MODE && DOutPointerReported)
        continue;
      if (Mode != smode::Scalar32F && P.Known && P.V == 0)
        err(Category::NarrowPrecision, "LT-SCALE-PTR", da(scalePointerFor(A)), 0,
            dn(scalePointerFor(A)) + " must be set: " + dn(A) + " is " +
                enumText(EnumKind::ScaleMode, Mode));
    }
  // LT-SCALE-ARCH (A).
  if (cc().Known)
    for (int64_t A : ScaleModeAttrs) {
      const int64_t Mode = dv(A, 0);
      const bool Bad = (is90Mode(Mode) && cc().V / 10 != 9) ||
                       ((Mode == smode::Vec16UE4M3 || Mode == smode::Vec32UE8M0) &&
                        cc().V < 100);
      if (Bad)
        err(Category::NarrowPrecision, "LT-SCALE-ARCH", da(A), Mode,
            dn(A) + " " + enumText(EnumKind::ScaleMode, Mode) +
                " is not supported on " + ccText() +
                (is90Mode(Mode) ? " (compute capability 9.0 only)"
                                : " (compute capability 10.0 or newer)"));
    }
}

} // namespace detail
} // namespace lt
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_LT_NARROW_RULES_H
