// TestSupport.h - helpers shared by the unit tests of the rules core: API
// lookup by name, readable names and gtest printers for the core's enums, a
// one-line-per-finding description for failure messages, and the vendor
// enumerator values the tests spell out.
#ifndef GEMM_TEST_UNIT_TESTSUPPORT_H
#define GEMM_TEST_UNIT_TESTSUPPORT_H

#include "gemm/rules.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace gemm_test {

using gemm::rules::ApiInfo;
using gemm::rules::Finding;
using gemm::rules::Role;

// The arguments \p Inputs rest on, in order, whatever fact of each.
inline std::vector<Role>
arguments(const std::vector<gemm::rules::Input> &Inputs) {
  std::vector<Role> Out;
  for (const gemm::rules::Input &In : Inputs)
    Out.push_back(In.Argument);
  return Out;
}

// The ApiTable row of Name; throws (failing the test) when there is none.
inline const ApiInfo &api(const char *Name) {
  const ApiInfo *Info = gemm::rules::findApi(Name);
  if (!Info)
    throw std::runtime_error(std::string("no ApiTable row ") + Name);
  return *Info;
}

inline const char *roleName(Role R) {
  // clang-format off
  static const char *const Names[] = {
      "Handle", "TransA", "TransB", "M", "N", "K", "Alpha",
      "A", "AType", "Lda", "StrideA",
      "B", "BType", "Ldb", "StrideB",
      "Beta",
      "C", "CType", "Ldc", "StrideC",
      "D", "DType", "Ldd",
      "BatchCount", "GroupCount", "GroupSize",
      "ComputeType", "Algo", "SolutionIndex", "Flags"};
  // clang-format on
  static_assert(sizeof(Names) / sizeof(Names[0]) == gemm::rules::GemmRoleCount, "");
  return Names[static_cast<unsigned>(R)];
}

// The findings, one a line, for a failure message.
inline std::string describe(const std::vector<Finding> &Fs) {
  std::string S;
  for (const Finding &F : Fs) {
    S += std::string("\n  [") + F.RuleId + "] " + roleName(F.Param);
    if (F.Group >= 0)
      S += "[" + std::to_string(F.Group) + "]";
    S += " = " + std::to_string(F.Value) + ": " + F.Message;
    if (!F.Note.empty())
      S += " (note: " + F.Note + ")";
  }
  return S.empty() ? " (no findings)" : S;
}

// rocblas_datatype (and hipblasDatatype_t before HIPBLAS_V2).
inline constexpr int64_t RocF16R = 150, RocF32R = 151, RocF64R = 152,
                         RocF16C = 153, RocF32C = 154, RocF64C = 155,
                         RocI8R = 160, RocU8R = 161, RocI32R = 162,
                         RocU32R = 163, RocI8C = 164, RocU8C = 165,
                         RocI32C = 166, RocU32C = 167, RocBF16R = 168,
                         RocBF16C = 169, RocF8R = 170, RocBF8R = 171;

} // namespace gemm_test

// Readable gtest output for the core's enums (found by argument-dependent
// lookup, so they live in the enums' namespace).
namespace gemm {
namespace rules {
inline void PrintTo(Role R, std::ostream *OS) { *OS << gemm_test::roleName(R); }
inline void PrintTo(Category C, std::ostream *OS) { *OS << categoryName(C); }
} // namespace rules
} // namespace gemm

#endif // GEMM_TEST_UNIT_TESTSUPPORT_H
