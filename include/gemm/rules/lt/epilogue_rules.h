// gemm/rules/lt/epilogue_rules.h - cuBLASLt matmul rules: epilogues and other
// attributes (sections 9, 13, 14).
#ifndef GEMM_RULES_LT_EPILOGUE_RULES_H
#define GEMM_RULES_LT_EPILOGUE_RULES_H

#include "gemm/rules/lt/matmul_checker.h"

namespace gemm {
namespace rules {
namespace lt {
namespace detail {

// --- epilogues (section 9) --------------------------------------------------------------------
inline void MatmulChecker::checkEpilogue() {
  const int64_t E = dv(desc::EPILOGUE);
  if (E < 0 || E == epi::Default)
    return;
  const std::string Name = enumText(EnumKind::Epilogue, E);
  // LT-EPI-BATCHMODE.
  if (anyPointerArray())
    err(Category::Epilogue, "LT-EPI-BATCHMODE", da(desc::EPILOGUE), E,
        dn(desc::EPILOGUE) + " " + Name + " is not supported when a layout "
        "uses CUBLASLT_BATCH_MODE_POINTER_ARRAY (only DEFAULT)");
  // LT-EPI-TYPE / LT-IMMA-EPI / LT-IMMA-EPI2: rows without epilogues.
  if (BiasType == -1)
    err(Category::Epilogue,
        T[MatA] == dt::R_8I ? (anyImmaOrder() ? "LT-IMMA-EPI2" : "LT-IMMA-EPI")
                            : "LT-EPI-TYPE",
        da(desc::EPILOGUE), E,
        dn(desc::EPILOGUE) + " " + Name + " is not supported with " +
            computeName(Compute) + " and " + typeName(T[MatA]) + " -> " +
            typeName(T[MatD]) + " (only CUBLASLT_EPILOGUE_DEFAULT)");
  // LT-EPI-BLOCKFP8 (observed): TransformerEngine allows only DEFAULT,
  // BIAS and DGELU with the 9.0 block scale modes.
  const int64_t MA = dv(desc::A_SCALE_MODE), MB = dv(desc::B_SCALE_MODE);
  const bool Block = MA == smode::Vec128_32F || MA == smode::Blk128x128_32F ||
                     MB == smode::Vec128_32F || MB == smode::Blk128x128_32F;
  if (Block && E != epi::Bias && E != epi::DGelu)
    warn(Category::Epilogue, "LT-EPI-BLOCKFP8", da(desc::EPILOGUE), E,
         dn(desc::EPILOGUE) + " " + Name + " with the VEC128/BLK128x128 "
         "scale modes is outside what TransformerEngine found to work "
         "(DEFAULT, BIAS, DGELU)");
  // LT-EPI-ROWORDER.
  if (lv(MatD, layout::ORDER) == order::Row) {
    if (epilogueUsesBias(E))
      addInput(err(Category::Epilogue, "LT-EPI-ROWORDER", da(desc::EPILOGUE),
                   E,
                   dn(desc::EPILOGUE) + " " + Name +
                       " is not supported when D uses CUBLASLT_ORDER_ROW"),
               {Arg::Ddesc, Fact::Attribute, layout::ORDER});
    else
      addInput(warn(Category::Epilogue, "LT-EPI-ROWORDER", da(desc::EPILOGUE),
                    E,
                    dn(desc::EPILOGUE) + " " + Name +
                        " with D in CUBLASLT_ORDER_ROW: one version of the "
                        "documentation excludes every activation epilogue "
                        "with row-major D"),
               {Arg::Ddesc, Fact::Attribute, layout::ORDER});
  }
  // LT-EPI-BIASTYPE and LT-FP8-BIAS.
  const int64_t BT = dv(desc::BIAS_DATA_TYPE, -2);
  if (epilogueUsesBias(E) && BiasType >= 0 && BT != -2) {
    // The default (-1) is D's type, except (header) IMMA kernels with an
    // int8 C, whose bias has the scale type, and FP8 kernels with a
    // 32F/E4M3/E5M2 D, whose default the header leaves to the docs:
    // silent there.
    int64_t Effective = BT;
    if (BT == -1) {
      const int64_t D = T[MatD];
      if (isInt8ComputeType(Compute) && T[MatC] == dt::R_8I)
        Effective = Scale;
      else if ((Fp8 || Fp4) && (D == dt::R_32F || isNarrow(D)))
        Effective = -1;
      else
        Effective = D;
    }
    if (Effective >= 0 && Effective != BiasType)
      err(Category::Epilogue, (Fp8 || Fp4) ? "LT-FP8-BIAS" : "LT-EPI-BIASTYPE",
          da(desc::BIAS_DATA_TYPE), BT,
          "the bias of " + Name + " is " + typeName(Effective) +
              (BT == -1 ? " (the default: D's type)" : "") + " but " +
              (Fp8 || Fp4 ? std::string("this narrow-precision matmul")
                          : computeName(Compute) + " with " + typeName(T[MatA]) +
                                " -> " + typeName(T[MatD])) +
              " takes a " + typeName(BiasType) + " bias",
          "set " + dn(desc::BIAS_DATA_TYPE) + " to " + typeName(BiasType))
          .Bound = BiasType;
  }
  // LT-EPI-AUXTYPE and LT-FP8-AUXTYPE.
  const int64_t AT = dv(desc::EPILOGUE_AUX_DATA_TYPE, -1);
  if (AT != -1 && T[MatD] >= 0 && AT != T[MatD] && epilogueUsesAux(E)) {
    const bool Fp8Gelu = T[MatD] == dt::R_8F_E4M3 && T[MatA] == dt::R_8F_E4M3 &&
                         T[MatB] == dt::R_8F_E4M3 &&
                         (E == epi::GeluAux || E == epi::GeluAuxBias) &&
                         ((T[MatC] == dt::R_16F && (AT == dt::R_16F || AT == dt::R_8F_E4M3)) ||
                          (T[MatC] == dt::R_16BF && AT == dt::R_16BF));
    if (!Fp8Gelu && T[MatA] >= 0 && T[MatB] >= 0 && T[MatC] >= 0)
      err(Category::Epilogue, Fp8 ? "LT-FP8-AUXTYPE" : "LT-EPI-AUXTYPE",
          da(desc::EPILOGUE_AUX_DATA_TYPE), AT,
          dn(desc::EPILOGUE_AUX_DATA_TYPE) + " " + typeName(AT) +
              " differs from D's type; a non-default aux type is supported "
              "only for E4M3 GELU_AUX outputs",
          "leave it unset (-1)");
  }
  // LT-EPI-AUX, -AUXLD, -AUXSTRIDE.
  if (epilogueUsesAux(E)) {
    const int64_t Ld = dv(desc::EPILOGUE_AUX_LD), Rows = lv(MatD, layout::ROWS);
    const bool Mask = epilogueReluMaskAux(E);
    const int64_t Multiple = Mask ? 128 : 8;
    if (Ld >= 0 && (Ld % Multiple || (Rows >= 0 && Ld < Rows) || Ld == 0))
      err(Category::Epilogue, Ld == 0 ? "LT-EPI-AUX" : "LT-EPI-AUXLD",
          da(desc::EPILOGUE_AUX_LD), Ld,
          dn(desc::EPILOGUE_AUX_LD) + " (" + num(Ld) + ") must be " +
              (Mask ? "a multiple of 128 (bits of the ReLU mask)"
                    : "a multiple of 8 (elements of the GELU input)") +
              " and at least the rows of D" +
              (Rows >= 0 ? " (" + num(Rows) + ")" : std::string()) + " for " + Name)
          .Bound = Multiple;
    const int64_t Stride = dv(desc::EPILOGUE_AUX_BATCH_STRIDE, 0);
    if (Stride % Multiple)
      err(Category::Epilogue, "LT-EPI-AUXSTRIDE", da(desc::EPILOGUE_AUX_BATCH_STRIDE),
          Stride,
          dn(desc::EPILOGUE_AUX_BATCH_STRIDE) + " (" + num(Stride) +
              ") must be a multiple of " + num(Multiple) + " for " + Name)
          .Bound = Multiple;
    if (!In.Heuristic && d(desc::EPILOGUE_AUX_POINTER).Known &&
        d(desc::EPILOGUE_AUX_POINTER).V == 0)
      err(Category::Epilogue, "LT-EPI-AUX", da(desc::EPILOGUE_AUX_POINTER), 0,
          dn(desc::EPILOGUE_AUX_POINTER) + " must be set for " + Name);
  }
  // LT-EPI-BIASPTR.
  if (epilogueUsesBias(E) && !In.Heuristic && d(desc::BIAS_POINTER).Known &&
      d(desc::BIAS_POINTER).V == 0)
    err(Category::Epilogue, "LT-EPI-BIASPTR", da(desc::BIAS_POINTER), 0,
        dn(desc::BIAS_POINTER) + " must be set for " + Name);
  // The bias vector: rows(D) elements (cols(D) for BGRADB).
  if (epilogueUsesBias(E) && !In.Heuristic) {
    const PointerFacts &P = In.descPointer(desc::BIAS_POINTER);
    const int64_t Len = lv(MatD, E == epi::BGradB ? layout::COLS : layout::ROWS);
    const int64_t Type = BT >= 0 ? BT : BiasType;
    const int64_t Bytes =
        Len > 0 && Type >= 0 ? rules::detail::satMul(Len, elementBits(Type)) / 8 : 0;
    const int64_t Available = remaining(P);
    if (Bytes > 0 && P.Address.V && Available >= 0 && Available < Bytes)
      err(Category::Epilogue, "LT-EPI-BIASPTR", da(desc::BIAS_POINTER),
          Available,
          "the bias of " + Name + " holds " + num(Len) + " " + typeName(Type) +
              " elements (" + rules::detail::countText(Bytes) +
              " bytes) but only " + num(Available) + " remain in its allocation")
          .Bound = Bytes;
  }
}

// --- other attributes (section 14, 13) --------------------------------------------------------
inline void MatmulChecker::checkMisc() {
  const int64_t Fill = dv(desc::FILL_MODE, fill::Full);
  if (Fill != fill::Full) {
    bool BadType = false;
    for (unsigned M = 0; M < 4; ++M)
      BadType |= T[M] == dt::R_16BF || isFp8(T[M]);
    if (BadType)
      err(Category::InvalidEnum, "LT-MISC-FILL", da(desc::FILL_MODE), Fill,
          dn(desc::FILL_MODE) + " other than CUBLAS_FILL_MODE_FULL is not "
          "supported for bfloat16 or FP8 data");
    else if (cc().Known && cc().V >= 90)
      err(Category::InvalidEnum, "LT-MISC-FILL", da(desc::FILL_MODE), Fill,
          dn(desc::FILL_MODE) + " other than CUBLAS_FILL_MODE_FULL is not "
          "supported on " + ccText() + " (Hopper and Blackwell)");
  }
  // LT-ALGO-COUNT.
  if (In.Heuristic)
    checkRequestedCount(S, "LT-ALGO-COUNT", In.RequestedAlgoCount);
  // LT-ALGO-RESULT: with no algorithm found, the query returns
  // CUBLAS_STATUS_NOT_SUPPORTED, sets the count to 0 and leaves the
  // results as they were.
  if (!In.Heuristic && In.AlgoResultUnchecked.Known && In.AlgoResultUnchecked.V)
    addInput(
        err(Category::InvalidEnum, "LT-ALGO-RESULT", Subject{Arg::Algo, -1}, 0,
            "'algo' is a result of cublasLtMatmulAlgoGetHeuristic whose "
            "'returnAlgoCount' and status are never read: where no algorithm "
            "is found, cublasLtMatmul gets one that was never set",
            "use the result only when the returned count is at least 1"),
        {Arg::Algo, Fact::Origin});
}

} // namespace detail
} // namespace lt
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_LT_EPILOGUE_RULES_H
