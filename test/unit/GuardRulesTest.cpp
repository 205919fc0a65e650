// Unit tests of the rules core on the values a runtime guard meets and a
// compiler never proves: sizes and strides at the edges of int64_t (every
// span is computed without signed overflow; this binary also runs under
// -fsanitize=address,undefined), a null handle, null host arrays of the
// grouped APIs, and groups checked in chunks (CallValues::GroupBase).
#include "TestSupport.h"

#include <gtest/gtest.h>
#include <cstdint>
#include <string>
#include <vector>

using namespace gemm::rules;
using gemm_test::describe;

namespace {

std::vector<Finding> run(const char *Api, const CallValues &V) {
  return checkCall(*findApi(Api), V);
}

bool hasRule(const std::vector<Finding> &Fs, const std::string &Rule) {
  for (const Finding &F : Fs)
    if (Rule == F.RuleId)
      return true;
  return false;
}

// cublasSgemmStridedBatched with m x n C matrices, ldc = m.
CallValues strided(int64_t M, int64_t N, int64_t StrideC, int64_t Batch) {
  CallValues V;
  V[Role::TransA] = V[Role::TransB] = Value::of(op::N);
  V[Role::M] = V[Role::Lda] = V[Role::Ldc] = Value::of(M);
  V[Role::N] = Value::of(N);
  V[Role::K] = V[Role::Ldb] = Value::of(1);
  V[Role::StrideA] = V[Role::StrideB] = Value::of(0);
  V[Role::StrideC] = Value::of(StrideC);
  V[Role::BatchCount] = Value::of(Batch);
  return V;
}

// A at the start of a 1 MiB allocation.
CallValues inMegabyte(CallValues V) {
  PointerFacts &A = V.pointer(Role::A);
  A.Address = A.AllocBegin = Value::of(0x10000);
  A.AllocEnd = Value::of(0x10000 + (1 << 20));
  return V;
}

TEST(GuardRules, OverlapOfHugeSpansIsFound) {
  // ldc * (n - 1) + m wraps past INT64_MAX: the span is larger than any
  // stride, so the matrices overlap.
  const int64_t Big = int64_t{1} << 40;
  const auto Fs = run("cublasSgemmStridedBatched_64",
                      strided(Big, Big, INT64_MAX - 1, 2));
  EXPECT_TRUE(hasRule(Fs, "batch.overlap")) << describe(Fs);
}

TEST(GuardRules, MostNegativeStrideIsNoOverlap) {
  // |INT64_MIN| is larger than every span: no overlap (negating it was
  // undefined and gave a false one).
  const auto Fs =
      run("cublasSgemmStridedBatched_64", strided(8, 8, INT64_MIN, 2));
  EXPECT_FALSE(hasRule(Fs, "batch.overlap")) << describe(Fs);
  const auto Near = run("cublasSgemmStridedBatched_64",
                        strided(8, 8, INT64_MIN + 1, 2));
  EXPECT_FALSE(hasRule(Near, "batch.overlap")) << describe(Near);
  const auto Small =
      run("cublasSgemmStridedBatched_64", strided(8, 8, -32, 2));
  EXPECT_TRUE(hasRule(Small, "batch.overlap")) << describe(Small);
}

TEST(GuardRules, ExtentOfHugeSpansIsFound) {
  // lda * (k - 1) + m elements, times 4 bytes, wraps: still far more than a
  // 1 MiB allocation holds.
  CallValues V = strided(1, 1, 1, 1);
  const int64_t Big = int64_t{1} << 40;
  V[Role::M] = V[Role::Lda] = V[Role::Ldc] = Value::of(Big);
  V[Role::K] = Value::of(Big);
  V[Role::BatchCount] = Value::of(1);
  const auto Fs = run("cublasSgemmStridedBatched_64", inMegabyte(V));
  EXPECT_TRUE(hasRule(Fs, "buffer.extent")) << describe(Fs);
  bool Saturated = false;
  for (const Finding &F : Fs)
    Saturated |= F.Message.find("needs more than 9223372036854775806 bytes") !=
                 std::string::npos;
  EXPECT_TRUE(Saturated) << describe(Fs);
}

TEST(GuardRules, ExtentOfHugeStridesIsFound) {
  CallValues V = strided(8, 8, 64, 3);
  V[Role::StrideA] = Value::of(INT64_MAX / 2 + 1);
  V[Role::Lda] = Value::of(8);
  V[Role::K] = Value::of(8);
  const auto Fs = run("cublasSgemmStridedBatched_64", inMegabyte(V));
  EXPECT_TRUE(hasRule(Fs, "buffer.extent")) << describe(Fs);
}

TEST(GuardRules, ExtentFactsThatDoNotHoldThePointerAreIgnored) {
  CallValues V = strided(8, 8, 64, 1);
  PointerFacts &A = V.pointer(Role::A);
  A.Address = Value::of(INT64_MIN + 8);
  A.AllocBegin = Value::of(0x10000);
  A.AllocEnd = Value::of(INT64_MAX);
  const auto Fs = run("cublasSgemmStridedBatched_64", V);
  EXPECT_FALSE(hasRule(Fs, "buffer.extent")) << describe(Fs);
}

TEST(GuardRules, Int8PaddingNoteAtTheTop) {
  CallValues V;
  V[Role::TransA] = V[Role::TransB] = Value::of(op::T);
  V[Role::M] = V[Role::N] = V[Role::K] = Value::of(1);
  V[Role::Lda] = Value::of(INT64_MAX);
  V[Role::Ldb] = V[Role::Ldc] = Value::of(4);
  V[Role::AType] = V[Role::BType] = Value::of(dt::R_8I);
  V[Role::CType] = Value::of(dt::R_32I);
  V[Role::ComputeType] = Value::of(ct::C32I);
  const auto Fs = run("cublasGemmEx_64", V);
  EXPECT_TRUE(hasRule(Fs, "int8.ld")) << describe(Fs);
}

TEST(GuardRules, NullHandleIsAFinding) {
  CallValues V = strided(8, 8, 64, 1);
  V.pointer(Role::Handle).Address = Value::of(0);
  const auto Fs = run("cublasSgemmStridedBatched", V);
  ASSERT_TRUE(hasRule(Fs, "pointer.null-handle")) << describe(Fs);
  V.pointer(Role::Handle).Address = Value::of(0xdeadbeef);
  EXPECT_FALSE(hasRule(run("cublasSgemmStridedBatched", V),
                       "pointer.null-handle"));
}

CallValues grouped(int64_t Groups) {
  CallValues V;
  V[Role::GroupCount] = Value::of(Groups);
  for (Role R : {Role::TransA, Role::TransB, Role::M, Role::N, Role::K,
                 Role::Alpha, Role::Lda, Role::Ldb, Role::Beta, Role::Ldc,
                 Role::GroupSize})
    V.pointer(R).Address = Value::of(0x1000);
  return V;
}

TEST(GuardRules, NullGroupedArraysAreFindings) {
  CallValues V = grouped(2);
  V.pointer(Role::TransA).Address = Value::of(0);
  V.pointer(Role::GroupSize).Address = Value::of(0);
  V.pointer(Role::Alpha).Address = Value::of(0);
  const auto Fs = run("cublasSgemmGroupedBatched", V);
  std::vector<std::string> Messages;
  for (const Finding &F : Fs)
    Messages.push_back(F.Message);
  ASSERT_EQ(Fs.size(), 3u) << describe(Fs);
  EXPECT_EQ(Messages[0], "'transa_array' is null but 'group_count' is 2: "
                         "cuBLAS reads one entry per group");
  EXPECT_EQ(Messages[1], "'alpha_array' is null but 'group_count' is 2: "
                         "cuBLAS reads one entry per group");
  EXPECT_EQ(Messages[2], "'group_size' is null but 'group_count' is 2: "
                         "cuBLAS reads one entry per group");
  // Nothing is read without groups.
  V[Role::GroupCount] = Value::of(0);
  EXPECT_TRUE(run("cublasSgemmGroupedBatched", V).empty())
      << describe(run("cublasSgemmGroupedBatched", V));
}

TEST(GuardRules, GroupBaseNumbersTheGroups) {
  CallValues V = grouped(100000);
  for (Role R : {Role::M, Role::N, Role::K, Role::Lda, Role::Ldb, Role::Ldc})
    V.group(R) = {Value::of(8), Value::of(8)};
  V.group(Role::TransA) = V.group(Role::TransB) = {Value::of(op::N),
                                                   Value::of(op::N)};
  V.group(Role::Lda)[1] = Value::of(4);
  V.GroupBase = 70000;
  const auto Fs = run("cublasSgemmGroupedBatched", V);
  ASSERT_EQ(Fs.size(), 1u) << describe(Fs);
  EXPECT_EQ(Fs[0].Group, 70001);
  EXPECT_EQ(Fs[0].Message.substr(0, 46),
            "'lda_array[70001]' (4) must be at least max(1,");
}

} // namespace
