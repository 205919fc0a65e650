// gemm/rules/gemm/call_values.h - what is known at one call of the GEMM family:
// each role's value or "unknown", the pointers' facts, the handle's modes; and
// the names cuBLAS's documentation gives the roles.
#ifndef GEMM_RULES_GEMM_CALL_VALUES_H
#define GEMM_RULES_GEMM_CALL_VALUES_H

#include "gemm/rules/api.h"
#include "gemm/rules/findings.h"
#include <cstdint>
#include <string>
#include <vector>

namespace gemm {
namespace rules {

struct CallValues {
  Value Scalar[GemmRoleCount];
  PointerFacts Pointer[GemmRoleCount];
  Value PointerMode; // the handle's cublasPointerMode_t
  Value MathMode;    // the handle's cublasMath_t
  Value BetaIsZero;  // 1 or 0 where *beta could be read on the host
  // Host arrays of the grouped APIs (trans, m, n, k, ld, group_size), one
  // entry per group; shorter than group_count or empty where not known.
  std::vector<Value> PerGroup[GemmRoleCount];
  // The C++ overload of cublas_api.h that takes a cudaDataType computeType.
  bool LegacyComputeType = false;
  // The computeType argument has a cudaDataType type (wording only: C code
  // and the _64 APIs have no overload that converts it).
  bool ComputeTypeIsDataType = false;
  // hipBLAS before HIPBLAS_V2: types are hipblasDatatype_t.
  bool HipblasLegacyTypes = false;
  // CUBLAS_VERSION of the headers or library in use; 0 when not known.
  int64_t LibraryVersion = 0;
  // The group PerGroup[...][0] stands for: the runtime guard checks the
  // groups of a large call in chunks.
  int64_t GroupBase = 0;
  // The function's name as the caller spelled it (cublasSgemm, which
  // cublas_v2.h maps to cublasSgemm_v2), for the messages; empty: the
  // API's own name.
  std::string CalledAs;
  // The leading dimensions (by role) that are, unchanged, a row pitch in
  // bytes as cudaMallocPitch returns it. The static analysis proves it; the
  // runtime guard sees only a number and leaves them all false.
  bool PitchBytes[GemmRoleCount] = {};

  Value &operator[](Role R) { return Scalar[static_cast<unsigned>(R)]; }
  const Value &operator[](Role R) const {
    return Scalar[static_cast<unsigned>(R)];
  }
  PointerFacts &pointer(Role R) { return Pointer[static_cast<unsigned>(R)]; }
  const PointerFacts &pointer(Role R) const {
    return Pointer[static_cast<unsigned>(R)];
  }
  std::vector<Value> &group(Role R) { return PerGroup[static_cast<unsigned>(R)]; }
  const std::vector<Value> &group(Role R) const {
    return PerGroup[static_cast<unsigned>(R)];
  }
};

// The name cuBLAS's (or hipBLAS's, rocBLAS's) documentation gives a role.
inline std::string paramName(const ApiInfo &Api, Role R, int Group = -1) {
  const bool Roc = Api.Vend == Vendor::Rocblas;
  const char *Base = "?";
  switch (R) {
  case Role::Handle: Base = "handle"; break;
  case Role::TransA: Base = Roc ? "transA" : "transa"; break;
  case Role::TransB: Base = Roc ? "transB" : "transb"; break;
  case Role::M: Base = "m"; break;
  case Role::N: Base = "n"; break;
  case Role::K: Base = "k"; break;
  case Role::Alpha: Base = "alpha"; break;
  case Role::A: Base = Roc ? "a" : "A"; break;
  case Role::AType: Base = Roc ? "a_type" : "Atype"; break;
  case Role::Lda: Base = "lda"; break;
  case Role::StrideA: Base = "strideA"; break;
  case Role::B: Base = Roc ? "b" : "B"; break;
  case Role::BType: Base = Roc ? "b_type" : "Btype"; break;
  case Role::Ldb: Base = "ldb"; break;
  case Role::StrideB: Base = "strideB"; break;
  case Role::Beta: Base = "beta"; break;
  case Role::C: Base = Roc ? "c" : "C"; break;
  case Role::CType: Base = Roc ? "c_type" : "Ctype"; break;
  case Role::Ldc: Base = "ldc"; break;
  case Role::StrideC: Base = "strideC"; break;
  case Role::D: Base = "d"; break;
  case Role::DType: Base = "d_type"; break;
  case Role::Ldd: Base = "ldd"; break;
  case Role::BatchCount: Base = "batchCount"; break;
  case Role::GroupCount: Base = "group_count"; break;
  case Role::GroupSize: Base = "group_size"; break;
  case Role::ComputeType: Base = Roc ? "compute_type" : "computeType"; break;
  case Role::Algo: Base = "algo"; break;
  case Role::SolutionIndex: Base = "solution_index"; break;
  case Role::Flags: Base = "flags"; break;
  default: break; // cuBLASLt's roles: lt::argName names them
  }
  std::string Name = Base;
  if (Group >= 0) {
    if (R != Role::GroupSize)
      Name += "_array";
    Name += "[" + std::to_string(Group) + "]";
  }
  return Name;
}

} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_GEMM_CALL_VALUES_H
