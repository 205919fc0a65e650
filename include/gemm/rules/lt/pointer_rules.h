// gemm/rules/lt/pointer_rules.h - cuBLASLt matmul rules: pointer mode,
// workspace, data pointers (sections 8, 10).
#ifndef GEMM_RULES_LT_POINTER_RULES_H
#define GEMM_RULES_LT_POINTER_RULES_H

#include "gemm/rules/lt/matmul_checker.h"

namespace gemm {
namespace rules {
namespace lt {
namespace detail {

// --- pointer mode (section 8) ----------------------------------------------------------------
inline void MatmulChecker::checkPointerMode() {
  const int64_t PM = dv(desc::POINTER_MODE);
  if (PM < 0)
    return;
  if (anyPointerArray() && PM != pmode::Host && PM != pmode::Device)
    err(Category::ScalarPointerMode, "LT-PTR-BATCHMODE", da(desc::POINTER_MODE), PM,
        dn(desc::POINTER_MODE) + " must be HOST or DEVICE when a layout uses "
                                 "CUBLASLT_BATCH_MODE_POINTER_ARRAY");
  const int64_t Avbs = dv(desc::ALPHA_VECTOR_BATCH_STRIDE, 0);
  if (Avbs != 0 && (PM == pmode::AlphaDeviceVectorBetaZero || anyPointerArray()))
    err(Category::ScalarPointerMode, "LT-PTR-AVBS",
        da(desc::ALPHA_VECTOR_BATCH_STRIDE), Avbs,
        dn(desc::ALPHA_VECTOR_BATCH_STRIDE) + " (" + num(Avbs) +
            ") must be 0 " +
            (PM == pmode::AlphaDeviceVectorBetaZero
                 ? "with ALPHA_DEVICE_VECTOR_BETA_ZERO"
                 : "when a layout uses CUBLASLT_BATCH_MODE_POINTER_ARRAY"));
  if (In.Heuristic)
    return;
  // LT-TYPE-ALPHA: *alpha and *beta have the scale type.
  for (Arg A : {Arg::Alpha, Arg::Beta}) {
    const Value PT = In.pointer(A).PointeeType;
    if (const Value &ToPointer = In.pointer(A).PointeeIsPointer;
        ToPointer.Known && ToPointer.V) {
      err(Category::ScalarType, "LT-TYPE-ALPHA", Subject{A, -1}, 0,
          q(argName(A)) + " points to a pointer, not to a scalar: cuBLASLt "
                          "reads the pointer's bytes as the scale type",
          "pass the pointer itself, not its address")
          .Bound = Scale;
      continue;
    }
    if (PT.Known && PT.V >= 0 && Scale >= 0 && PT.V != Scale &&
        !holdsComplex(In.pointer(A), Scale))
      err(Category::ScalarType, "LT-TYPE-ALPHA", Subject{A, -1}, PT.V,
          q(argName(A)) + " points to '" +
              (cxxTypeName(PT.V) ? cxxTypeName(PT.V) : typeName(PT.V)) +
              "' but the scale type is " + typeName(Scale) + " ('" +
              (cxxTypeName(Scale) ? cxxTypeName(Scale) : typeName(Scale)) +
              "'); cuBLASLt reads its bytes as that type")
          .Bound = Scale;
  }
  // LT-PTR-NULL.
  if (isNull(Arg::Alpha))
    err(Category::ScalarPointerMode, "LT-PTR-NULL", Subject{Arg::Alpha, -1}, 0,
        "'alpha' must not be NULL");
  if (isNull(Arg::Beta) && PM != pmode::AlphaDeviceVectorBetaZero)
    err(Category::ScalarPointerMode, "LT-PTR-NULL", Subject{Arg::Beta, -1}, 0,
        "'beta' must not be NULL with " + enumText(EnumKind::PointerMode, PM) +
            " (only ALPHA_DEVICE_VECTOR_BETA_ZERO ignores it)");
  // LT-PTR-LOC: where alpha and beta live.
  for (Arg A : {Arg::Alpha, Arg::Beta}) {
    const PointerFacts &P = In.pointer(A);
    if (P.Where == Residency::Unknown || (P.Address.Known && !P.Address.V))
      continue;
    const bool HostSide = PM == pmode::Host ||
                          (A == Arg::Beta && PM == pmode::AlphaDeviceVectorBetaHost);
    if (A == Arg::Beta && PM == pmode::AlphaDeviceVectorBetaZero)
      continue;
    if (HostSide && P.Where == Residency::Device)
      err(Category::ScalarPointerMode, "LT-PTR-LOC", Subject{A, -1}, P.Address.V,
          q(argName(A)) + " points to device memory but " +
              dn(desc::POINTER_MODE) + " is " + enumText(EnumKind::PointerMode, PM) +
              ": the host would read it");
    else if (!HostSide && gpuCannotRead(P))
      err(Category::ScalarPointerMode, "LT-PTR-LOC", Subject{A, -1}, P.Address.V,
          q(argName(A)) + " points to pageable host memory but " +
              dn(desc::POINTER_MODE) + " is " + enumText(EnumKind::PointerMode, PM) +
              ": the GPU would read it");
  }
  // LT-PTR-VECLEN: vector modes read rows(D) scale-type elements.
  const int64_t Rows = lv(MatD, layout::ROWS), Size = Scale >= 0 ? elementSize(Scale) : 0;
  for (Arg A : {Arg::Alpha, Arg::Beta}) {
    const bool Vector = PM == pmode::DeviceVector ||
                        (A == Arg::Alpha && (PM == pmode::AlphaDeviceVectorBetaZero ||
                                             PM == pmode::AlphaDeviceVectorBetaHost));
    const PointerFacts &P = In.pointer(A);
    const int64_t Available = remaining(P);
    if (!Vector || Rows <= 0 || !Size || !P.Address.V || Available < 0)
      continue;
    if (Available < rules::detail::satMul(Rows, Size))
      err(Category::ScalarPointerMode, "LT-PTR-VECLEN", Subject{A, -1}, Available,
          q(argName(A)) + " is a vector of rows(D) = " + num(Rows) + " " +
              typeName(Scale) + " elements (" +
              rules::detail::countText(rules::detail::satMul(Rows, Size)) +
              " bytes) in " + enumText(EnumKind::PointerMode, PM) +
              ", but only " + num(Available) + " bytes remain in its allocation")
          .Bound = Rows * Size;
  }
}

// --- workspace (section 10) ---------------------------------------------------------------------
inline void MatmulChecker::checkWorkspace() {
  const PointerFacts &W = In.pointer(Arg::Workspace);
  const Value Size = In.WorkspaceSize;
  if (W.Address.Known && W.Address.V == 0 && Size.Known && Size.V > 0)
    err(Category::Workspace, "LT-WS-NULL", Subject{Arg::Workspace, -1}, 0,
        "'workspace' is NULL but 'workspaceSizeInBytes' is " + num(Size.V),
        "pass 0 as the size when there is no workspace");
  if (W.Address.Known && W.Address.V % 256)
    err(Category::Workspace, "LT-WS-ALIGN", Subject{Arg::Workspace, -1},
        W.Address.V,
        "'workspace' is " + num(W.Address.V % 256) +
            " bytes past a 256-byte boundary; cuBLASLt needs it 256-byte aligned")
        .Bound = 256;
  if (Size.Known && In.AlgoWorkspaceSize.Known && Size.V < In.AlgoWorkspaceSize.V)
    err(Category::Workspace, "LT-WS-SIZE", Subject{Arg::WorkspaceSize, -1}, Size.V,
        "'workspaceSizeInBytes' (" + num(Size.V) + ") is less than the " +
            num(In.AlgoWorkspaceSize.V) +
            " bytes the heuristic said this algo needs")
        .Bound = In.AlgoWorkspaceSize.V;
  if (const int64_t Left = remaining(W);
      Size.Known && W.Address.V && Left >= 0 && Left < Size.V)
    err(Category::Workspace, "LT-WS-SIZE", Subject{Arg::WorkspaceSize, -1}, Size.V,
        "'workspaceSizeInBytes' (" + num(Size.V) + ") exceeds the " +
            num(Left) + " bytes left in the workspace allocation")
        .Bound = Left;
}

// --- data pointers -------------------------------------------------------------------------------
inline void MatmulChecker::checkPointers() {
  const bool Narrow = Fp8 || Fp4;
  const bool Int8 = T[MatA] == dt::R_8I && isInt8ComputeType(Compute) &&
                    !anyImmaOrder();
  for (unsigned M = 0; M < 4; ++M) {
    const PointerFacts &P = In.pointer(dataArg(M));
    if (!P.Address.Known)
      continue;
    const Arg A = dataArg(M);
    if (P.Address.V == 0) {
      // LT-CD-NULLC: only C may be NULL, and only with beta == 0. An
      // empty matrix may be NULL.
      if (lv(M, layout::ROWS) <= 0 || lv(M, layout::COLS) <= 0)
        continue;
      if (M != MatC)
        err(Category::ScalarPointerMode, "LT-OBJ-LIFE", Subject{A, -1}, 0,
            q(argName(A)) + " is NULL");
      else if (In.BetaIsZero.Known && !In.BetaIsZero.V)
        err(Category::ScalarPointerMode, "LT-CD-NULLC", Subject{A, -1}, 0,
            "'C' is NULL but beta is non-zero");
      continue;
    }
    if (Narrow && M != MatD && P.Address.V % 16)
      err(Category::NarrowPrecision, "LT-FP8-ALIGN", Subject{A, -1}, P.Address.V,
          q(argName(A)) + " is " + num(P.Address.V % 16) +
              " bytes past a 16-byte boundary; " + (Fp8 ? "FP8" : "FP4") +
              " matmuls need A, B and C 16-byte aligned")
          .Bound = 16;
    if (Int8 && P.Address.V % 4)
      err(Category::Int8Alignment, "LT-IMMA-PTR4", Subject{A, -1}, P.Address.V,
          q(argName(A)) + " is " + num(P.Address.V % 4) +
              " bytes past a 4-byte boundary; int8 matmuls need 4-byte "
              "aligned matrices")
          .Bound = 4;
    // LT-ALIGN-PREF: less aligned than the heuristic was told.
    const Value Want = In.AlgoMinAlignment[M];
    const int64_t Have = P.Address.V & -P.Address.V;
    if (Want.Known && Want.V > 0 && Have < Want.V) {
      Finding &F = warn(
          Category::BufferType, "LT-ALIGN-PREF", Subject{A, -1}, Have,
          q(argName(A)) + " is only " + num(Have) +
              "-byte aligned but the algo was chosen for " + num(Want.V) +
              "-byte alignment (CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_" +
              matrixLetter(M) + "_BYTES); cublasLtMatmul may fail",
          "set the preference to the real alignment before the heuristic query");
      F.Bound = Want.V;
      // Where the pointer lies in its allocation against what the query
      // was told, not where it lies.
      F.Inputs = {{A, Fact::Alignment},
                  {Arg::Preference, Fact::AttributeAtQuery,
                   pref::MIN_ALIGNMENT_A_BYTES + M}};
    }
    if (gpuCannotRead(P))
      err(Category::BufferType, "LT-PTR-LOC", Subject{A, -1}, P.Address.V,
          q(argName(A)) + " points to pageable host memory; cuBLASLt reads "
                          "matrices on the device");
  }
  // LT-EPI-ALIGN: the bias no less aligned than at the heuristic query.
  const Value Bias = d(desc::BIAS_POINTER);
  if (Bias.Known && Bias.V && In.AlgoBiasAlignment.Known &&
      (Bias.V & -Bias.V) < In.AlgoBiasAlignment.V) {
    Finding &F = warn(
        Category::Epilogue, "LT-EPI-ALIGN", da(desc::BIAS_POINTER), Bias.V,
        dn(desc::BIAS_POINTER) + " is only " + num(Bias.V & -Bias.V) +
            "-byte aligned but was " + num(In.AlgoBiasAlignment.V) +
            "-byte aligned when the heuristic chose the algo");
    F.Bound = In.AlgoBiasAlignment.V;
    F.Inputs = {{Arg::ComputeDesc, Fact::Attribute, desc::BIAS_POINTER},
                {Arg::ComputeDesc, Fact::AttributeAtQuery, desc::BIAS_POINTER},
                {Arg::ComputeDesc, Fact::Attribute, desc::EPILOGUE}};
  }
  // LT-SCALE-TILE: block scale factors start 16-byte aligned.
  for (int64_t A : ScaleModeAttrs) {
    const int64_t Mode = dv(A, 0), Ptr = scalePointerFor(A);
    const Value V = d(Ptr);
    if (Mode != smode::Scalar32F && Mode != smode::OuterVec32F && V.Known &&
        V.V % 16)
      err(Category::NarrowPrecision, "LT-SCALE-TILE", da(Ptr), V.V,
          dn(Ptr) + " is " + num(V.V % 16) + " bytes past a 16-byte "
          "boundary; block scale factors must start 16-byte aligned")
          .Bound = 16;
  }
  // Pointer attributes that must be device memory.
  for (int64_t Id : MatmulValues::DevicePointerAttributes) {
    const PointerFacts &P = In.descPointer(Id);
    if (gpuCannotRead(P) && P.Address.Known && P.Address.V)
      err(Category::BufferType, "LT-PTR-LOC", da(Id), P.Address.V,
          dn(Id) + " points to pageable host memory; cuBLASLt reads it on "
                   "the device");
  }
}

} // namespace detail
} // namespace lt
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_LT_POINTER_RULES_H
