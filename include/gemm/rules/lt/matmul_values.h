// gemm/rules/lt/matmul_values.h - everything known at
// cublasLtMatmulAlgoGetHeuristic or cublasLtMatmul: the objects' states, the
// pointers, the algo's record.
#ifndef GEMM_RULES_LT_MATMUL_VALUES_H
#define GEMM_RULES_LT_MATMUL_VALUES_H

#include "gemm/rules/lt/objects.h"

namespace gemm {
namespace rules {
namespace lt {

// --- the matmul -----------------------------------------------------------------

// Everything known at cublasLtMatmulAlgoGetHeuristic or cublasLtMatmul.
struct MatmulValues {
  bool Heuristic = false; // the heuristic query: no data pointers
  ObjectState Desc;       // Desc and Layout: unknown where not tracked
  ObjectState Layout[4];  // A, B, C, D (C's unread when Cdesc is NULL:
                          // the checker reads D's)
  ObjectState Pref;       // heuristic only
  // 1 where the argument is NULL, 0 where not; for every pointer argument.
  PointerFacts Pointer[ArgCount];
  // 1 where the object an argument names was destroyed before the call.
  Value Destroyed[ArgCount];
  // Facts about the pointers held by the device-pointer attributes of the
  // descriptor (DevicePointerAttributes); Address mirrors Desc.
  PointerFacts DescPointer[8];
  Value CdescIsNull;     // Cdesc == NULL
  Value CdescIsDdesc;    // Cdesc == Ddesc (the same object)
  Value CIsD;            // C and D are the same buffer (in place)
  Value AlphaValue;      // *alpha and *beta where readable, as an integer
  Value BetaValue;       // (R_32I scale) or 0/1 for zero/non-zero
  Value BetaIsZero;
  Value WorkspaceSize;
  Value AlgoWorkspaceSize; // what the heuristic said this algo needs
  // What the heuristic assumed when it chose the algo: the preference's
  // MIN_ALIGNMENT_{A,B,C,D}_BYTES and the alignment of the bias pointer.
  Value AlgoMinAlignment[4];
  Value AlgoBiasAlignment;
  Value RequestedAlgoCount;
  // 1: 'algo' is a result of a heuristic query whose returnAlgoCount and
  // status nothing reads (a fact of the source; the guard leaves it unknown).
  Value AlgoResultUnchecked;
  Value ComputeCapability; // major * 10 + minor
  // 1 where the device reads pageable host memory (HMM, ATS): pageable
  // memory is then no finding where the GPU reads.
  Value PageableAccessible;
  int64_t LibraryVersion = 0;

  static constexpr int64_t DevicePointerAttributes[8] = {
      desc::BIAS_POINTER,    desc::EPILOGUE_AUX_POINTER, desc::A_SCALE_POINTER,
      desc::B_SCALE_POINTER, desc::C_SCALE_POINTER,      desc::D_SCALE_POINTER,
      desc::AMAX_D_POINTER,  desc::D_OUT_SCALE_POINTER};
  PointerFacts &descPointer(int64_t Id) {
    for (unsigned I = 0; I < 8; ++I)
      if (DevicePointerAttributes[I] == Id)
        return DescPointer[I];
    return DescPointer[0]; // not reached for the listed ids
  }
  const PointerFacts &descPointer(int64_t Id) const {
    return const_cast<MatmulValues *>(this)->descPointer(Id);
  }
  Value &destroyed(Arg A) { return Destroyed[static_cast<unsigned>(A)]; }
  const Value &destroyed(Arg A) const {
    return Destroyed[static_cast<unsigned>(A)];
  }
  PointerFacts &pointer(Arg A) { return Pointer[static_cast<unsigned>(A)]; }
  const PointerFacts &pointer(Arg A) const {
    return Pointer[static_cast<unsigned>(A)];
  }
};

} // namespace lt
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_LT_MATMUL_VALUES_H
