// gemm/rules/lt/int8_rules.h - cuBLASLt matmul rules: int8 and IMMA orders
// (section 7).
#ifndef GEMM_RULES_LT_INT8_RULES_H
#define GEMM_RULES_LT_INT8_RULES_H

#include "gemm/rules/lt/matmul_checker.h"

namespace gemm {
namespace rules {
namespace lt {
namespace detail {

// --- int8 (section 7) ----------------------------------------------------------------------
inline void MatmulChecker::checkInt8() {
  if (T[MatA] != dt::R_8I || !isInt8ComputeType(Compute))
    return;
  const int64_t TA = dv(desc::TRANSA), TB = dv(desc::TRANSB);
  const int64_t PM = dv(desc::POINTER_MODE);
  if (anyImmaOrder()) {
    // LT-IMMA-ORDER.
    for (unsigned M = 0; M < 4; ++M) {
      const int64_t O = lv(M, layout::ORDER);
      const bool Ok = M == MatB ? (O == order::Col4_4R2_8C || O == order::Col32_2R_4R4)
                                : O == order::Col32;
      if (O >= 0 && !Ok)
        err(Category::Int8Alignment, "LT-IMMA-ORDER", la(M, layout::ORDER), O,
            ln(M, layout::ORDER) + " is " + enumText(EnumKind::Order, O) +
                "; with IMMA orders A, C and D use CUBLASLT_ORDER_COL32 and B "
                "CUBLASLT_ORDER_COL4_4R2_8C or CUBLASLT_ORDER_COL32_2R_4R4");
    }
    if ((TA >= 0 && TA != op::N) || (TB >= 0 && TB != op::T))
      err(Category::Int8Alignment, "LT-IMMA-ORDER",
          da(TA >= 0 && TA != op::N ? desc::TRANSA : desc::TRANSB),
          TA >= 0 && TA != op::N ? TA : TB,
          "IMMA orders need TRANSA = CUBLAS_OP_N and TRANSB = CUBLAS_OP_T");
    if (PM > pmode::AlphaDeviceVectorBetaZero)
      err(Category::ScalarPointerMode, "LT-IMMA-PMODE2", da(desc::POINTER_MODE), PM,
          dn(desc::POINTER_MODE) + " " + enumText(EnumKind::PointerMode, PM) +
              " is not supported with IMMA orders (HOST, DEVICE, DEVICE_VECTOR "
              "or ALPHA_DEVICE_VECTOR_BETA_ZERO)");
    if (dv(desc::ALPHA_VECTOR_BATCH_STRIDE, 0) != 0)
      err(Category::ScalarPointerMode, "LT-IMMA-PMODE2",
          da(desc::ALPHA_VECTOR_BATCH_STRIDE), dv(desc::ALPHA_VECTOR_BATCH_STRIDE),
          dn(desc::ALPHA_VECTOR_BATCH_STRIDE) + " is not supported with IMMA orders");
    if (Scale == dt::R_32I) {
      for (Arg A : {Arg::Alpha, Arg::Beta}) {
        const Value V = A == Arg::Alpha ? In.AlphaValue : In.BetaValue;
        if (V.Known && V.V != 0 && V.V != 1)
          err(Category::ScalarType, "LT-IMMA-ALPHA01", Subject{A, -1}, V.V,
              q(argName(A)) + " (" + num(V.V) + ") must be 0 or 1 with "
              "scaleType CUDA_R_32I and IMMA orders");
      }
    }
    // LT-IMMA-ORDERARCH (A).
    if (cc().Known) {
      const bool Ampere = cc().V / 10 == 8;
      bool Bad = cc().V < 75 || cc().V >= 90;
      Bad |= lv(MatB, layout::ORDER) == order::Col32_2R_4R4 && !Ampere;
      if (Bad)
        err(Category::Int8Alignment, "LT-IMMA-ORDERARCH", la(MatB, layout::ORDER),
            lv(MatB, layout::ORDER),
            "the IMMA orders (COL32, COL4_4R2_8C, COL32_2R_4R4) are not "
            "supported on " + ccText() +
                " (COL4_4R2_8C: 7.5 and 8.x; COL32_2R_4R4: 8.x)");
    }
    return;
  }
  if (!allOrders(order::Col))
    return;
  // Regular order: LT-IMMA-TN, -LD4, -MK4, -PMODE.
  if (TA >= 0 && TB >= 0 && (TA != op::T || TB != op::N))
    err(Category::Int8Alignment, "LT-IMMA-TN",
        da(TA != op::T ? desc::TRANSA : desc::TRANSB), TA != op::T ? TA : TB,
        "int8 matmuls support only the TN format (TRANSA = CUBLAS_OP_T, "
        "TRANSB = CUBLAS_OP_N)");
  for (unsigned M : {MatA, MatB, MatC}) {
    const int64_t Ld = lv(M, layout::LD);
    if (Ld > 0 && Ld % 4)
      err(Category::Int8Alignment, "LT-IMMA-LD4", la(M, layout::LD), Ld,
          ln(M, layout::LD) + " (" + num(Ld) +
              ") must be a multiple of 4 in int8 matmuls").Bound = 4;
  }
  int64_t AR = 0, AC = 0;
  if (opShape(MatA, AR, AC)) {
    if (AR % 4)
      err(Category::Int8Alignment, "LT-IMMA-MK4",
          la(MatA, TA == op::N ? layout::ROWS : layout::COLS), AR,
          "m (" + num(AR) + ") must be a multiple of 4 in int8 matmuls").Bound = 4;
    if (AC % 4)
      err(Category::Int8Alignment, "LT-IMMA-MK4",
          la(MatA, TA == op::N ? layout::COLS : layout::ROWS), AC,
          "k (" + num(AC) + ") must be a multiple of 4 in int8 matmuls").Bound = 4;
  }
  if (PM >= 0 && PM != pmode::Host && PM != pmode::Device &&
      PM != pmode::AlphaDeviceVectorBetaHost)
    err(Category::ScalarPointerMode, "LT-IMMA-PMODE", da(desc::POINTER_MODE), PM,
        dn(desc::POINTER_MODE) + " " + enumText(EnumKind::PointerMode, PM) +
            " is not supported in int8 matmuls with regular orders (HOST, "
            "DEVICE or ALPHA_DEVICE_VECTOR_BETA_HOST)");
}

} // namespace detail
} // namespace lt
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_LT_INT8_RULES_H
