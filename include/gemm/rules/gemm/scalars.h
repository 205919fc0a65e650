// gemm/rules/gemm/scalars.h - GEMM-family rules: alpha and beta: scale type and
// pointer mode.
#ifndef GEMM_RULES_GEMM_SCALARS_H
#define GEMM_RULES_GEMM_SCALARS_H

#include "gemm/rules/gemm/checker.h"

namespace gemm {
namespace rules {
namespace detail {

// --- scalars: alpha and beta ---------------------------------------------

// The type alpha and beta must point to; -1 where not known.
inline int64_t Checker::expectedScaleType() const {
  switch (Api.Types) {
  case TypeScheme::Fixed: return Api.FixedType;
  case TypeScheme::SgemmEx: return dt::R_32F;
  case TypeScheme::CgemmEx: return dt::C_32F;
  case TypeScheme::RocblasEx: return Compute; // a datatype (vendor.h)
  default: break;
  }
  const int64_t Data = DataC >= 0 ? DataC : DataA >= 0 ? DataA : DataB;
  const int64_t Real = scaleTypeOf(Compute, false);
  if (Real == dt::R_16F || Real == dt::R_32I)
    return Real; // no complex variant: the data type does not matter
  return Data >= 0 ? scaleTypeOf(Compute, isComplexDataType(Data)) : -1;
}

inline std::string Checker::typeText(int64_t DataType) {
  const char *Cxx = cxxTypeName(DataType);
  return Cxx ? std::string(Cxx) : "cudaDataType " + std::to_string(DataType);
}

inline std::string Checker::hex(int64_t V) {
  static const char Digits[] = "0123456789abcdef";
  std::string S;
  uint64_t U = static_cast<uint64_t>(V);
  do {
    S.insert(S.begin(), Digits[U & 15]);
    U >>= 4;
  } while (U);
  return "0x" + S;
}

inline std::string Checker::scaleReason() const {
  switch (Api.Types) {
  case TypeScheme::Fixed: case TypeScheme::SgemmEx: case TypeScheme::CgemmEx:
    return fn() + " reads";
  default:
    return quote(name(Role::ComputeType)) + " " +
           computeTypeName(Api.Vend, Compute) + " reads";
  }
}

inline void Checker::checkScalars() {
  const int64_t Scale = expectedScaleType();
  const Value Mode = In.PointerMode;
  // A null handle is a caller bug (docs/rules.md, `pointer.null-handle`: do not
  // rely on CUBLAS_STATUS_NOT_INITIALIZED).
  const PointerFacts &H = In.pointer(Role::Handle);
  if (H.Address.Known && H.Address.V == 0)
    add(Category::ScalarPointerMode, "pointer.null-handle", Role::Handle, -1,
        0, "'handle' is null; create one with cublasCreate", "",
        {Role::Handle});
  for (Role R : {Role::Alpha, Role::Beta}) {
    if (!Api.has(R))
      continue;
    const PointerFacts &P = In.pointer(R);
    if (!P.Address.Known && !P.PointeeType.Known && !P.PointeeIsPointer.Known &&
        P.Where == Residency::Unknown)
      continue; // nothing known about this scalar
    // (Named only for a finding: most calls have none.)
    auto Name = [&] { return quote(name(R)); };
    if (P.Address.Known && P.Address.V == 0) {
      if (!Api.isGrouped()) // a host array there: checkGroupPointers
        add(Category::ScalarPointerMode, "pointer.null", R, -1, 0,
            Name() + " is null; cuBLAS reads it on every call",
            "pass the address of a scalar", {{R, Fact::Residency}});
      continue;
    }
    if (P.PointeeIsPointer.Known && P.PointeeIsPointer.V) {
      // `&beta` where beta is already a `const float *`.
      add(Category::ScalarType, "scalar.type", R, -1, 0,
          Name() + " points to a pointer, not to a scalar: cuBLAS reads the "
                   "pointer's bytes as " +
              (Scale >= 0 ? "'" + typeText(Scale) + "'" : std::string("the scalar")),
          "pass the pointer itself, not its address", {{R, Fact::PointeeType}})
          .Bound = Scale;
      continue;
    }
    if (Scale >= 0 && P.PointeeType.Known && P.PointeeType.V >= 0 &&
        P.PointeeType.V != Scale && !holdsComplex(P, Scale)) {
      std::vector<Input> Inputs{{R, Fact::PointeeType}};
      if (Api.has(Role::ComputeType))
        Inputs.push_back(Role::ComputeType);
      add(Category::ScalarType, "scalar.type", R, -1, P.PointeeType.V,
          Name() + " points to '" + typeText(P.PointeeType.V) + "' but " +
              scaleReason() + " " + name(R) + " as '" + typeText(Scale) + "'",
          "pass a pointer to a '" + typeText(Scale) + "' value", Inputs)
          .Bound = Scale;
    }
    if (!Mode.Known || P.Where == Residency::Unknown)
      continue;
    const bool HostMode = Mode.V == pointer_mode::Host;
    if (HostMode && (P.Where == Residency::Device ||
                     P.Where == Residency::Managed)) {
      add(Category::ScalarPointerMode, "pointer.mode", R, -1, P.Address.V,
          Name() + " points to " +
              (P.Where == Residency::Device ? "device" : "managed") +
              " memory but the handle's pointer mode is "
              "CUBLAS_POINTER_MODE_HOST, where cuBLAS reads it on the host",
          "pass a host scalar, or call cublasSetPointerMode(handle, "
          "CUBLAS_POINTER_MODE_DEVICE) first",
          {{R, Fact::Residency}, {Role::Handle, Fact::PointerMode}});
      continue;
    }
    if (!HostMode && P.Where == Residency::Pageable) {
      add(Category::ScalarPointerMode, "pointer.mode", R, -1, P.Address.V,
          Name() + " points to host memory but the handle's pointer mode is "
                 "CUBLAS_POINTER_MODE_DEVICE, where the GPU reads it",
          "pass a device scalar, or call cublasSetPointerMode(handle, "
          "CUBLAS_POINTER_MODE_HOST) first",
          {{R, Fact::Residency}, {Role::Handle, Fact::PointerMode}});
      continue;
    }
    // Host scalars are read with their type's alignment (docs/rules.md,
    // `scalar.alignment`).
    const int64_t Align = Scale >= 0 ? elementSize(Scale) : 0;
    if (HostMode && Align > 1 && P.Address.Known && P.Address.V % Align)
      add(Category::ScalarPointerMode, "scalar.alignment", R, -1,
          P.Address.V,
          Name() + " (" + hex(P.Address.V) + ") is not aligned to " +
              std::to_string(Align) + " bytes, the alignment of '" +
              typeText(Scale) + "'",
          "", {{R, Fact::Residency}})
          .Bound = Align;
  }
  if (Api.isGrouped() && Mode.Known && Mode.V == pointer_mode::Device)
    add(Category::ScalarPointerMode, "pointer.mode-grouped", Role::Alpha, -1,
        Mode.V,
        fn() +
            " needs CUBLAS_POINTER_MODE_HOST; in device mode it returns "
            "CUBLAS_STATUS_NOT_SUPPORTED",
        "", {{Role::Alpha, Fact::Residency}});
  // C may be null only when beta is zero (docs/rules.md, `pointer.null-c`).
  const PointerFacts &C = In.pointer(Role::C);
  if (!Api.isBatched() && C.Address.Known && C.Address.V == 0 &&
      In.BetaIsZero.Known && !In.BetaIsZero.V)
    add(Category::ScalarPointerMode, "pointer.null-c", Role::C, -1, 0,
        quote(name(Role::C)) + " is null but 'beta' is not zero, so C is read",
        "", {{Role::C, Fact::Residency}, {Role::Beta, Fact::Residency}});
}

} // namespace detail
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_GEMM_SCALARS_H
