// libFuzzer target: the rules core's checkCall on arbitrary facts, for every
// row of the API table. Built with -fsanitize=fuzzer,address,undefined; any
// crash, overflow or broken invariant is a finding. See docs/runtime-guard.md
// for the longer run.
#include "FuzzInput.h"

#include "gemm/rules.h"

#include <cstdlib>
#include <iterator>

using namespace gemm::rules;

namespace {

Value value(gemm_fuzz::Input &In) {
  return In.flag() ? Value::of(In.integer()) : Value::unknown();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  gemm_fuzz::Input In(Data, Size);
  const ApiInfo &Api = ApiTable[In.byte() % std::size(ApiTable)];
  CallValues V;
  for (unsigned R = 0; R < GemmRoleCount; ++R)
    V.Scalar[R] = value(In);
  for (unsigned R = 0; R < GemmRoleCount; ++R) {
    if (!In.flag())
      continue;
    PointerFacts &P = V.Pointer[R];
    P.Address = value(In);
    P.Where = static_cast<Residency>(In.byte() % 5);
    P.AllocBegin = value(In);
    P.AllocEnd = value(In);
    P.PointeeType = value(In);
  }
  V.PointerMode = value(In);
  V.MathMode = value(In);
  V.BetaIsZero = value(In);
  V.LegacyComputeType = In.flag();
  V.ComputeTypeIsDataType = In.flag();
  V.HipblasLegacyTypes = In.flag();
  V.LibraryVersion = In.flag() ? In.integer() : 0;
  if (Api.isGrouped()) {
    V.GroupBase = In.byte();
    for (unsigned R = 0; R < GemmRoleCount; ++R)
      if (Api.isPerGroup(static_cast<Role>(R)))
        for (unsigned G = In.byte() % 6; G > 0; --G)
          V.PerGroup[R].push_back(value(In));
  }
  for (const Finding &F : checkCall(Api, V)) {
    // Every finding names its rule, its argument and what is wrong.
    if (!F.RuleId || !*F.RuleId || F.Message.empty() ||
        F.Param >= Role::Count || paramName(Api, F.Param, F.Group).empty())
      std::abort();
    (void)categoryName(F.Cat);
  }
  return 0;
}
