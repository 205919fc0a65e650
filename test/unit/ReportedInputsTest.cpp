// Every finding carries its rule's row of rule_ids.h: where it is reported
// (at the call, or at the setter that wrote the value) and the inputs that
// agree with it. The diagnostics decide their notes, and where a finding
// lands, from these alone; a rule that forgets them says nothing about
// where its values came from, or is reported twice.

#include "gemm/rules/check.h"
#include "gemm/rules/lt_check.h"
#include "gemm/rules/rule_ids.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>

using namespace gemm::rules;
using namespace gemm::rules::lt;

namespace {

std::string describe(const Finding &F) {
  return std::string(F.RuleId) + ": " + F.Message;
}

bool namesAttribute(Fact F) {
  return F == Fact::Attribute || F == Fact::SetAttribute ||
         F == Fact::AttributeAtQuery;
}

// The checks of one finding against its row; the rules seen go to Seen.
void expectConsistent(const Finding &F, Role Subject,
                      std::set<std::string> &Seen) {
  const RuleInfo *Row = findRule(F.RuleId);
  ASSERT_NE(Row, nullptr) << describe(F);
  Seen.insert(F.RuleId);
  EXPECT_EQ(F.Where, Row->Where) << describe(F);
  ASSERT_FALSE(F.Inputs.empty()) << describe(F);
  EXPECT_TRUE(readsArgument(F, Subject)) << describe(F);
  for (const Input &In : F.Inputs) {
    // (A layout's Create call does not know which matrix it describes.)
    if (F.Where == Reported::AtCall)
      EXPECT_NE(In.Argument, Role::None) << describe(F);
    EXPECT_EQ(namesAttribute(In.What), In.Attr >= 0) << describe(F);
  }
  // A value wrong in itself is judged alone: reported where it was
  // written, it rests on that one attribute and on nothing else.
  if (Row->Where == Reported::AtSetter) {
    EXPECT_GE(F.About.Attr, 0) << describe(F);
    EXPECT_EQ(F.Inputs, (std::vector<Input>{{F.About.Argument, Fact::Attribute,
                                             F.About.Attr}}))
        << describe(F);
  }
}

// --- random calls --------------------------------------------------------

struct Random {
  std::mt19937_64 Engine{42};
  int64_t below(int64_t N) {
    return static_cast<int64_t>(Engine() % static_cast<uint64_t>(N));
  }
  bool chance(int Percent) { return below(100) < Percent; }
  template <class T, size_t N> T pick(const T (&Pool)[N]) {
    return Pool[below(N)];
  }
};

// A value of an attribute of kind \p Kind: one of its enumerators, or a
// number that is often out of range.
Value valueFor(Random &R, const EnumKind Kind) {
  static constexpr int64_t Numbers[] = {-1, 0, 1, 3, 4, 7, 8, 16, 17, 32,
                                        64, 100, 256, 999, int64_t{1} << 40};
  const EnumNames Names = enumNames(Kind);
  const int64_t Count = Names.End - Names.Begin;
  if (Count && R.chance(80))
    return Value::of(Names.Begin[R.below(Count)].Value);
  return Value::of(R.pick(Numbers));
}

PointerFacts pointerFor(Random &R) {
  static constexpr int64_t Addresses[] = {0, 0x7f0000000000, 0x7f0000000002,
                                          0x7f0000000008, 0x7f0000000100};
  static constexpr Residency Places[] = {Residency::Unknown, Residency::Pageable,
                                         Residency::Device, Residency::Managed};
  PointerFacts P;
  P.Address = Value::of(R.pick(Addresses));
  P.Where = R.pick(Places);
  if (R.chance(30)) {
    P.AllocBegin = Value::of(0x7f0000000000);
    P.AllocEnd = Value::of(0x7f0000000000 + R.below(4096));
  }
  if (R.chance(30))
    P.PointeeType = Value::of(R.pick({dt::R_32F, dt::R_16F, dt::R_64F}));
  return P;
}

void randomize(Random &R, const AttrInfo *Table, size_t Count,
               ObjectState &State) {
  for (size_t I = 0; I < Count; ++I)
    if (R.chance(40))
      State[Table[I].Id] = valueFor(R, Table[I].Kind);
}

MatmulValues randomMatmul(Random &R) {
  MatmulValues V;
  V.Heuristic = R.chance(20);
  static constexpr int64_t Types[] = {dt::R_32F, dt::R_16F, dt::R_16BF,
                                      dt::R_8I,  dt::R_32I, dt::R_8F_E4M3,
                                      dt::R_8F_E5M2, dt::R_4F_E2M1, dt::C_32F};
  static constexpr int64_t Computes[] = {ct::C32F, ct::C16F, ct::C32I,
                                         ct::C32F_FAST_TF32, ct::C64F};
  static constexpr int64_t Sizes[] = {0, 1, 4, 16, 32, 64};
  auto Of = [](int64_t X) { return Value::of(X); };
  V.Desc = matmulDesc(Of(R.pick(Computes)), Of(R.pick(Types)));
  for (unsigned M = 0; M < 4; ++M)
    V.Layout[M] = matrixLayout(Of(R.pick(Types)), Of(R.pick(Sizes)),
                               Of(R.pick(Sizes)), Of(R.pick(Sizes)));
  randomize(R, MatmulDescAttributes, std::size(MatmulDescAttributes), V.Desc);
  for (ObjectState &L : V.Layout)
    randomize(R, MatrixLayoutAttributes, std::size(MatrixLayoutAttributes), L);
  for (Arg A : {Arg::ComputeDesc, Arg::Adesc, Arg::Bdesc, Arg::Cdesc,
                Arg::Ddesc, Arg::Preference}) {
    V.pointer(A).Address = Value::of(R.chance(5) ? 0 : 0x1000);
    if (R.chance(5))
      V.destroyed(A) = Value::of(1);
  }
  for (Arg A : {Arg::Alpha, Arg::Beta, Arg::A, Arg::B, Arg::C, Arg::D,
                Arg::Workspace})
    V.pointer(A) = pointerFor(R);
  for (int64_t Id : MatmulValues::DevicePointerAttributes)
    if (R.chance(20))
      V.descPointer(Id) = pointerFor(R);
  V.CdescIsNull = Value::of(R.chance(20));
  V.CdescIsDdesc = Value::of(R.chance(20));
  V.CIsD = Value::of(R.chance(30));
  V.BetaIsZero = Value::of(R.chance(50));
  V.WorkspaceSize = Value::of(R.pick({int64_t{0}, int64_t{64}, int64_t{1} << 20}));
  if (R.chance(30))
    V.AlgoWorkspaceSize = Value::of(4096);
  for (Value &A : V.AlgoMinAlignment)
    if (R.chance(20))
      A = Value::of(16);
  if (R.chance(20))
    V.AlgoBiasAlignment = Value::of(256);
  V.RequestedAlgoCount = Value::of(R.below(3));
  V.AlgoResultUnchecked = Value::of(R.chance(10));
  V.PageableAccessible = Value::of(0);
  if (R.chance(70))
    V.ComputeCapability = Value::of(R.pick({75, 80, 89, 90, 100}));
  V.LibraryVersion = R.pick({0, 110000, 130000});
  return V;
}

// --- the tests --------------------------------------------------------------

TEST(ReportedInputs, CuBlasLtFindingsAgreeWithTheRuleTable) {
  Random R;
  std::set<std::string> Seen;
  for (int I = 0; I < 20000; ++I)
    for (const Finding &F : checkMatmul(randomMatmul(R)))
      expectConsistent(F, F.About.Argument, Seen);
  // The setters and Create calls: the same value rules, and their own.
  for (int I = 0; I < 4000; ++I) {
    const bool Desc = R.chance(50);
    const Object O = Desc ? Object::MatmulDesc : Object::MatrixLayout;
    const AttrInfo &A = Desc ? R.pick(MatmulDescAttributes)
                             : R.pick(MatrixLayoutAttributes);
    AttributeCall C;
    C.Obj = O;
    C.Owner = Desc ? Arg::ComputeDesc : Arg::Adesc;
    C.Attr = Value::of(A.Id);
    C.SizeInBytes = Value::of(R.chance(80) ? attrTypeSize(A.Type) : 2);
    C.Contents = valueFor(R, A.Kind);
    C.ObjectDestroyed = Value::of(R.chance(5));
    for (const Finding &F : checkAttributeCall(C, /*IsGet=*/false))
      expectConsistent(F, F.About.Argument, Seen);
    const Value Args[] = {valueFor(R, EnumKind::DataType), valueFor(R, EnumKind::None),
                          valueFor(R, EnumKind::None), valueFor(R, EnumKind::None)};
    for (const Finding &F : checkCreate(O, createdState(O, Args, Desc ? 2 : 4)))
      expectConsistent(F, F.About.Argument, Seen);
  }
  // Every rule reported at its setter was seen: the test above cannot pass
  // by finding nothing.
  for (const RuleInfo &Row : RuleTable)
    if (Row.Where == Reported::AtSetter)
      EXPECT_TRUE(Seen.count(Row.Id)) << Row.Id << " was never reported";
  EXPECT_GE(Seen.size(), 50u);
}

TEST(ReportedInputs, GemmFindingsAgreeWithTheRuleTable) {
  Random R;
  std::set<std::string> Seen;
  static constexpr int64_t Numbers[] = {-1, 0, 1, 2, 3, 4, 8, 16, 100,
                                        int64_t{1} << 33};
  for (const ApiInfo &Api : ApiTable)
    for (int I = 0; I < 300; ++I) {
      CallValues V;
      for (unsigned J = 0; J < GemmRoleCount; ++J) {
        if (R.chance(70))
          V.Scalar[J] = Value::of(R.pick(Numbers));
        if (R.chance(50))
          V.Pointer[J] = pointerFor(R);
      }
      V.PointerMode = Value::of(R.below(2));
      V.MathMode = Value::of(R.below(2));
      V.BetaIsZero = Value::of(R.below(2));
      for (const Finding &F : checkCall(Api, V))
        expectConsistent(F, F.Param, Seen);
    }
  EXPECT_TRUE(Seen.count("pointer.null-handle"));
  EXPECT_GE(Seen.size(), 15u);
}

// The runtime guard answers CUBLAS_STATUS_NOT_INITIALIZED for a finding
// that rests on the handle itself: only the null handle's does.
TEST(ReportedInputs, OnlyTheNullHandleRestsOnTheHandleItself) {
  const Input Handle(Role::Handle);
  Random R;
  for (const ApiInfo &Api : ApiTable)
    for (int I = 0; I < 100; ++I) {
      CallValues V;
      for (unsigned J = 0; J < GemmRoleCount; ++J)
        if (R.chance(50))
          V.Pointer[J] = pointerFor(R);
      V.PointerMode = Value::of(R.below(2));
      V.MathMode = Value::of(1);
      for (const Finding &F : checkCall(Api, V)) {
        bool OnHandle = false;
        for (const Input &In : F.Inputs)
          OnHandle |= In == Handle;
        EXPECT_EQ(OnHandle, std::string(F.RuleId) == "pointer.null-handle")
            << describe(F);
      }
    }
}

} // namespace
