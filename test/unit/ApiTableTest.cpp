// ApiTableTest.cpp - the GEMM family as data (gemm/rules/api.h): which entry
// points exist, where each argument sits, and that the table agrees with the
// real cublas_api.h whenever one is installed.
#include "TestSupport.h"
#include "gemm/rules/functions.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace gemm::rules;
using namespace gemm_test;

namespace {

bool endsWith(const std::string &S, const std::string &Suffix) {
  return S.size() >= Suffix.size() &&
         S.compare(S.size() - Suffix.size(), Suffix.size(), Suffix) == 0;
}

// (role, position) pairs; every role not listed must be absent.
using Layout = std::vector<std::pair<Role, int>>;

void expectLayout(const char *Name, const Layout &Expected, unsigned NumArgs) {
  SCOPED_TRACE(Name);
  const ApiInfo *Info = findApi(Name);
  ASSERT_NE(Info, nullptr);
  EXPECT_EQ(Info->NumArgs, NumArgs);
  std::set<Role> Listed;
  for (const auto &P : Expected) {
    Listed.insert(P.first);
    EXPECT_TRUE(Info->has(P.first)) << roleName(P.first);
    EXPECT_EQ(Info->position(P.first), P.second) << roleName(P.first);
  }
  for (unsigned I = 0; I < GemmRoleCount; ++I) {
    const Role R = static_cast<Role>(I);
    if (!Listed.count(R)) {
      EXPECT_FALSE(Info->has(R)) << roleName(R);
      EXPECT_EQ(Info->position(R), -1) << roleName(R);
    }
  }
}

// A few positions of Name, spelled out once more apart from the layouts.
void expectPositions(const char *Name, const Layout &Spots) {
  SCOPED_TRACE(Name);
  const ApiInfo *Info = findApi(Name);
  ASSERT_NE(Info, nullptr);
  for (const auto &P : Spots)
    EXPECT_EQ(Info->position(P.first), P.second) << roleName(P.first);
}

using R = Role;

const Layout GemmExLayout = {
    {R::Handle, 0}, {R::TransA, 1}, {R::TransB, 2},
    {R::M, 3},      {R::N, 4},      {R::K, 5},
    {R::Alpha, 6},  {R::A, 7},      {R::AType, 8},
    {R::Lda, 9},    {R::B, 10},     {R::BType, 11},
    {R::Ldb, 12},   {R::Beta, 13},  {R::C, 14},
    {R::CType, 15}, {R::Ldc, 16},   {R::ComputeType, 17},
    {R::Algo, 18}};

const Layout GemmBatchedExLayout = {
    {R::Handle, 0}, {R::TransA, 1},      {R::TransB, 2},       {R::M, 3},
    {R::N, 4},      {R::K, 5},           {R::Alpha, 6},        {R::A, 7},
    {R::AType, 8},  {R::Lda, 9},         {R::B, 10},           {R::BType, 11},
    {R::Ldb, 12},   {R::Beta, 13},       {R::C, 14},           {R::CType, 15},
    {R::Ldc, 16},   {R::BatchCount, 17}, {R::ComputeType, 18}, {R::Algo, 19}};

const Layout GemmStridedBatchedExLayout = {
    {R::Handle, 0},      {R::TransA, 1},
    {R::TransB, 2},      {R::M, 3},
    {R::N, 4},           {R::K, 5},
    {R::Alpha, 6},       {R::A, 7},
    {R::AType, 8},       {R::Lda, 9},
    {R::StrideA, 10},    {R::B, 11},
    {R::BType, 12},      {R::Ldb, 13},
    {R::StrideB, 14},    {R::Beta, 15},
    {R::C, 16},          {R::CType, 17},
    {R::Ldc, 18},        {R::StrideC, 19},
    {R::BatchCount, 20}, {R::ComputeType, 21},
    {R::Algo, 22}};

const Layout GemmGroupedBatchedExLayout = {
    {R::Handle, 0},     {R::TransA, 1},      {R::TransB, 2},
    {R::M, 3},          {R::N, 4},           {R::K, 5},
    {R::Alpha, 6},      {R::A, 7},           {R::AType, 8},
    {R::Lda, 9},        {R::B, 10},          {R::BType, 11},
    {R::Ldb, 12},       {R::Beta, 13},       {R::C, 14},
    {R::CType, 15},     {R::Ldc, 16},        {R::GroupCount, 17},
    {R::GroupSize, 18}, {R::ComputeType, 19}};

const Layout TypedLayout = {
    {R::Handle, 0}, {R::TransA, 1}, {R::TransB, 2}, {R::M, 3},   {R::N, 4},
    {R::K, 5},      {R::Alpha, 6},  {R::A, 7},      {R::Lda, 8}, {R::B, 9},
    {R::Ldb, 10},   {R::Beta, 11},  {R::C, 12},     {R::Ldc, 13}};

const Layout TypedBatchedLayout = {
    {R::Handle, 0}, {R::TransA, 1}, {R::TransB, 2},     {R::M, 3},
    {R::N, 4},      {R::K, 5},      {R::Alpha, 6},      {R::A, 7},
    {R::Lda, 8},    {R::B, 9},      {R::Ldb, 10},       {R::Beta, 11},
    {R::C, 12},     {R::Ldc, 13},   {R::BatchCount, 14}};

const Layout TypedStridedBatchedLayout = {
    {R::Handle, 0},   {R::TransA, 1},     {R::TransB, 2}, {R::M, 3},
    {R::N, 4},        {R::K, 5},          {R::Alpha, 6},  {R::A, 7},
    {R::Lda, 8},      {R::StrideA, 9},    {R::B, 10},     {R::Ldb, 11},
    {R::StrideB, 12}, {R::Beta, 13},      {R::C, 14},     {R::Ldc, 15},
    {R::StrideC, 16}, {R::BatchCount, 17}};

const Layout TypedGroupedBatchedLayout = {
    {R::Handle, 0}, {R::TransA, 1}, {R::TransB, 2},      {R::M, 3},
    {R::N, 4},      {R::K, 5},      {R::Alpha, 6},       {R::A, 7},
    {R::Lda, 8},    {R::B, 9},      {R::Ldb, 10},        {R::Beta, 11},
    {R::C, 12},     {R::Ldc, 13},   {R::GroupCount, 14}, {R::GroupSize, 15}};

const Layout TypedExLayout = {
    {R::Handle, 0}, {R::TransA, 1}, {R::TransB, 2}, {R::M, 3},     {R::N, 4},
    {R::K, 5},      {R::Alpha, 6},  {R::A, 7},      {R::AType, 8}, {R::Lda, 9},
    {R::B, 10},     {R::BType, 11}, {R::Ldb, 12},   {R::Beta, 13}, {R::C, 14},
    {R::CType, 15}, {R::Ldc, 16}};

const Layout RocblasGemmExLayout = {{R::Handle, 0},
                                    {R::TransA, 1},
                                    {R::TransB, 2},
                                    {R::M, 3},
                                    {R::N, 4},
                                    {R::K, 5},
                                    {R::Alpha, 6},
                                    {R::A, 7},
                                    {R::AType, 8},
                                    {R::Lda, 9},
                                    {R::B, 10},
                                    {R::BType, 11},
                                    {R::Ldb, 12},
                                    {R::Beta, 13},
                                    {R::C, 14},
                                    {R::CType, 15},
                                    {R::Ldc, 16},
                                    {R::D, 17},
                                    {R::DType, 18},
                                    {R::Ldd, 19},
                                    {R::ComputeType, 20},
                                    {R::Algo, 21},
                                    {R::SolutionIndex, 22},
                                    {R::Flags, 23}};

// Both the 32-bit name and its _64 twin.
void expectPair(const std::string &Name, const Layout &L, unsigned NumArgs) {
  expectLayout(Name.c_str(), L, NumArgs);
  expectLayout((Name + "_64").c_str(), L, NumArgs);
}

} // namespace

TEST(ApiTable, RequiredNamesArePresent) {
  std::vector<std::string> Required = {"cublasGemmEx",
                                       "cublasGemmBatchedEx",
                                       "cublasGemmStridedBatchedEx",
                                       "cublasGemmGroupedBatchedEx",
                                       "cublasSgemm_v2",
                                       "cublasDgemm_v2",
                                       "cublasCgemm_v2",
                                       "cublasZgemm_v2",
                                       "cublasHgemm",
                                       "cublasSgemmEx",
                                       "cublasCgemmEx",
                                       "cublasCgemm3m",
                                       "cublasZgemm3m",
                                       "cublasCgemm3mEx"};
  for (const char *T : {"S", "D", "C", "Z", "H"}) {
    Required.push_back(std::string("cublas") + T + "gemmBatched");
    Required.push_back(std::string("cublas") + T + "gemmStridedBatched");
  }
  Required.push_back("cublasSgemmGroupedBatched");
  Required.push_back("cublasDgemmGroupedBatched");
  Required.push_back("cublasCgemm3mBatched");
  Required.push_back("cublasCgemm3mStridedBatched");
  const size_t NumCublas = Required.size();
  for (size_t I = 0; I < NumCublas; ++I)
    Required.push_back(Required[I] + "_64");
  for (const char *Name :
       {"hipblasGemmEx", "hipblasGemmBatchedEx", "hipblasGemmStridedBatchedEx",
        "hipblasGemmEx_v2", "hipblasGemmBatchedEx_v2",
        "hipblasGemmStridedBatchedEx_v2", "rocblas_gemm_ex"})
    Required.push_back(Name);

  for (const std::string &Name : Required) {
    const ApiInfo *Info = findApi(Name.c_str());
    ASSERT_NE(Info, nullptr) << Name;
    EXPECT_EQ(std::string(Info->Name), Name);
  }
  // The typed _64 names keep the _v2 infix, as cublas_api.h spells them.
  EXPECT_NE(findApi("cublasSgemm_v2_64"), nullptr);
  EXPECT_EQ(findApi("cublasSgemm_64"), nullptr);
}

TEST(ApiTable, NamesAreUnique) {
  std::set<std::string> Seen;
  for (const ApiInfo &Info : ApiTable)
    EXPECT_TRUE(Seen.insert(Info.Name).second) << Info.Name;
}

TEST(ApiTable, FindApiRejectsUnknownNames) {
  for (const char *Name :
       {"", "cublasgemmex", "CUBLASGEMMEX", "cublasGemmEx_32", "cublasGemmEx ",
        "cublasGemmEx_64_64", "cublasLtMatmul", "cublasSgemv_v2",
        "cublasGemmExWithFlags", "rocblas_gemm_ex2", "hipblasLtMatmul",
        // The legacy cublas.h API has no handle: a different signature.
        "cublasSgemm", "cublasDgemm"})
    EXPECT_EQ(findApi(Name), nullptr) << "'" << Name << "'";
  // findApi returns the row itself, not a copy.
  EXPECT_EQ(findApi("cublasGemmEx"), &ApiTable[0]);
}

TEST(ApiTable, CublasGemmExPositions) {
  expectPair("cublasGemmEx", GemmExLayout, 19);
  expectPositions("cublasGemmEx",
                  {{R::Lda, 9}, {R::ComputeType, 17}, {R::Algo, 18}});
}

TEST(ApiTable, CublasBatchedAndStridedPositions) {
  expectPair("cublasGemmBatchedEx", GemmBatchedExLayout, 20);
  expectPair("cublasGemmStridedBatchedEx", GemmStridedBatchedExLayout, 23);
  expectPositions("cublasGemmStridedBatchedEx", {{R::BatchCount, 20}});
}

TEST(ApiTable, CublasGroupedPositions) {
  expectPair("cublasGemmGroupedBatchedEx", GemmGroupedBatchedExLayout, 20);
  expectPositions(
      "cublasGemmGroupedBatchedEx",
      {{R::GroupCount, 17}, {R::GroupSize, 18}, {R::ComputeType, 19}});
  // No algo: behaves like CUBLAS_GEMM_DEFAULT.
  EXPECT_FALSE(api("cublasGemmGroupedBatchedEx").has(Role::Algo));
  expectPair("cublasSgemmGroupedBatched", TypedGroupedBatchedLayout, 16);
  expectPair("cublasDgemmGroupedBatched", TypedGroupedBatchedLayout, 16);
}

TEST(ApiTable, TypedPositions) {
  for (const char *Name :
       {"cublasSgemm_v2", "cublasDgemm_v2", "cublasCgemm_v2", "cublasZgemm_v2",
        "cublasHgemm", "cublasCgemm3m", "cublasZgemm3m"})
    expectPair(Name, TypedLayout, 14);
  for (const char *Stem : {"cublasSgemm", "cublasDgemm", "cublasCgemm",
                           "cublasZgemm", "cublasHgemm", "cublasCgemm3m"}) {
    expectPair(std::string(Stem) + "Batched", TypedBatchedLayout, 15);
    expectPair(std::string(Stem) + "StridedBatched", TypedStridedBatchedLayout,
               18);
  }
  for (const char *Name : {"cublasSgemmEx", "cublasCgemmEx", "cublasCgemm3mEx"})
    expectPair(Name, TypedExLayout, 17);
}

TEST(ApiTable, HipblasKeepsCublasOrder) {
  for (const char *Suffix : {"", "_v2"}) {
    expectPair(std::string("hipblasGemmEx") + Suffix, GemmExLayout, 19);
    expectPair(std::string("hipblasGemmBatchedEx") + Suffix,
               GemmBatchedExLayout, 20);
    expectPair(std::string("hipblasGemmStridedBatchedEx") + Suffix,
               GemmStridedBatchedExLayout, 23);
  }
}

TEST(ApiTable, RocblasGemmExPositions) {
  expectLayout("rocblas_gemm_ex", RocblasGemmExLayout, 24);
  expectPositions("rocblas_gemm_ex", {{R::Ldd, 19}, {R::ComputeType, 20}});
  const ApiInfo &Info = api("rocblas_gemm_ex");
  EXPECT_EQ(Info.NumArgs, 24u);
  EXPECT_EQ(Info.Vend, Vendor::Rocblas);
  EXPECT_EQ(Info.Types, TypeScheme::RocblasEx);
}

TEST(ApiTable, EveryRowIsDense) {
  for (const ApiInfo &Info : ApiTable) {
    SCOPED_TRACE(Info.Name);
    int Highest = -1;
    std::vector<int> Users(MaxArgs, 0);
    for (unsigned R = 0; R < GemmRoleCount; ++R) {
      const int P = Info.Position[R];
      ASSERT_GE(P, -1);
      ASSERT_LT(P, MaxArgs);
      if (P < 0)
        continue;
      Highest = std::max(Highest, P);
      ++Users[P];
    }
    EXPECT_EQ(Info.NumArgs, static_cast<unsigned>(Highest + 1));
    // Every argument has exactly one role: no gaps, no double booking.
    for (unsigned P = 0; P < Info.NumArgs; ++P)
      EXPECT_EQ(Users[P], 1) << "argument " << P;
    // Every GEMM has these.
    for (Role Must : {Role::Handle, Role::TransA, Role::TransB, Role::M,
                      Role::N, Role::K, Role::Alpha, Role::A, Role::Lda,
                      Role::B, Role::Ldb, Role::Beta, Role::C, Role::Ldc})
      EXPECT_TRUE(Info.has(Must)) << int(Must);
    EXPECT_EQ(Info.position(Role::Handle), 0);
  }
}

TEST(ApiTable, Int64DimsExactlyForUnderscore64) {
  unsigned Count64 = 0;
  for (const ApiInfo &Info : ApiTable) {
    const bool Is64 = endsWith(Info.Name, "_64");
    EXPECT_EQ(Info.Int64Dims, Is64) << Info.Name;
    if (!Is64)
      continue;
    ++Count64;
    // The _64 twin differs from its 32-bit row only in Int64Dims.
    const std::string Base(Info.Name, std::strlen(Info.Name) - 3);
    const ApiInfo *Narrow = findApi(Base.c_str());
    ASSERT_NE(Narrow, nullptr) << Info.Name;
    EXPECT_EQ(Narrow->Vend, Info.Vend);
    EXPECT_EQ(Narrow->Shape, Info.Shape);
    EXPECT_EQ(Narrow->Types, Info.Types);
    EXPECT_EQ(Narrow->FixedType, Info.FixedType);
    EXPECT_EQ(Narrow->NumArgs, Info.NumArgs);
    for (unsigned R = 0; R < GemmRoleCount; ++R)
      EXPECT_EQ(Narrow->Position[R], Info.Position[R]) << Info.Name;
  }
  EXPECT_EQ(Count64 * 2, sizeof(ApiTable) / sizeof(ApiTable[0]));
}

TEST(ApiTable, ShapeAndTypeScheme) {
  struct Expect {
    const char *Name;
    Vendor V;
    Form F;
    TypeScheme T;
    int64_t Fixed;
  };
  const Expect Rows[] = {
      {"cublasGemmEx", Vendor::Cublas, Form::Single, TypeScheme::GemmEx, -1},
      {"cublasGemmBatchedEx", Vendor::Cublas, Form::Batched, TypeScheme::GemmEx,
       -1},
      {"cublasGemmStridedBatchedEx", Vendor::Cublas, Form::StridedBatched,
       TypeScheme::GemmEx, -1},
      {"cublasGemmGroupedBatchedEx", Vendor::Cublas, Form::GroupedBatched,
       TypeScheme::GroupedEx, -1},
      {"cublasSgemmEx", Vendor::Cublas, Form::Single, TypeScheme::SgemmEx, -1},
      {"cublasCgemmEx", Vendor::Cublas, Form::Single, TypeScheme::CgemmEx, -1},
      {"cublasCgemm3mEx", Vendor::Cublas, Form::Single, TypeScheme::CgemmEx,
       -1},
      {"cublasSgemm_v2", Vendor::Cublas, Form::Single, TypeScheme::Fixed,
       dt::R_32F},
      {"cublasDgemm_v2", Vendor::Cublas, Form::Single, TypeScheme::Fixed,
       dt::R_64F},
      {"cublasCgemm_v2", Vendor::Cublas, Form::Single, TypeScheme::Fixed,
       dt::C_32F},
      {"cublasZgemm_v2", Vendor::Cublas, Form::Single, TypeScheme::Fixed,
       dt::C_64F},
      {"cublasHgemm", Vendor::Cublas, Form::Single, TypeScheme::Fixed,
       dt::R_16F},
      {"cublasCgemm3m", Vendor::Cublas, Form::Single, TypeScheme::Fixed,
       dt::C_32F},
      {"cublasZgemm3m", Vendor::Cublas, Form::Single, TypeScheme::Fixed,
       dt::C_64F},
      {"cublasHgemmBatched", Vendor::Cublas, Form::Batched, TypeScheme::Fixed,
       dt::R_16F},
      {"cublasZgemmStridedBatched", Vendor::Cublas, Form::StridedBatched,
       TypeScheme::Fixed, dt::C_64F},
      {"cublasCgemm3mStridedBatched", Vendor::Cublas, Form::StridedBatched,
       TypeScheme::Fixed, dt::C_32F},
      {"cublasDgemmGroupedBatched", Vendor::Cublas, Form::GroupedBatched,
       TypeScheme::Fixed, dt::R_64F},
      {"hipblasGemmEx", Vendor::Hipblas, Form::Single, TypeScheme::HipblasEx,
       -1},
      {"hipblasGemmStridedBatchedEx_v2", Vendor::Hipblas, Form::StridedBatched,
       TypeScheme::HipblasEx, -1},
      {"rocblas_gemm_ex", Vendor::Rocblas, Form::Single, TypeScheme::RocblasEx,
       -1},
  };
  for (const Expect &E : Rows) {
    SCOPED_TRACE(E.Name);
    const ApiInfo *Info = findApi(E.Name);
    ASSERT_NE(Info, nullptr);
    EXPECT_EQ(Info->Vend, E.V);
    EXPECT_EQ(Info->Shape, E.F);
    EXPECT_EQ(Info->Types, E.T);
    EXPECT_EQ(Info->FixedType, E.Fixed);
    EXPECT_EQ(Info->isGrouped(), E.F == Form::GroupedBatched);
    EXPECT_EQ(Info->isBatched(), E.F != Form::Single);
  }
  // A typed row has no type or compute arguments; an Ex row has them all.
  for (const ApiInfo &Info : ApiTable) {
    SCOPED_TRACE(Info.Name);
    const bool Fixed = Info.Types == TypeScheme::Fixed;
    EXPECT_EQ(Info.FixedType >= 0, Fixed);
    for (Role T : {Role::AType, Role::BType, Role::CType})
      EXPECT_EQ(Info.has(T), !Fixed);
    EXPECT_EQ(Info.has(Role::ComputeType),
              !Fixed && Info.Types != TypeScheme::SgemmEx &&
                  Info.Types != TypeScheme::CgemmEx);
    EXPECT_EQ(Info.has(Role::BatchCount),
              Info.Shape == Form::Batched ||
                  Info.Shape == Form::StridedBatched);
    EXPECT_EQ(Info.has(Role::StrideA), Info.Shape == Form::StridedBatched);
    EXPECT_EQ(Info.has(Role::GroupCount), Info.isGrouped());
    EXPECT_EQ(Info.has(Role::D), Info.Vend == Vendor::Rocblas);
  }
}

// --- the real header ---------------------------------------------------------

namespace {

struct Param {
  std::string Type; // everything before the name
  std::string Name;
};

struct Decl {
  std::string Name;
  std::vector<Param> Params;
};

bool isSpace(char C) { return std::isspace(static_cast<unsigned char>(C)); }

std::string trim(const std::string &S) {
  size_t B = 0, E = S.size();
  while (B < E && isSpace(S[B]))
    ++B;
  while (E > B && isSpace(S[E - 1]))
    --E;
  return S.substr(B, E - B);
}

bool isIdent(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

// The first position from I on whose character is not Skip.
size_t skipWhile(const std::string &S, size_t I, bool (*Skip)(char)) {
  while (I < S.size() && Skip(S[I]))
    ++I;
  return I;
}

// Strips /* */ and // comments so that they cannot hide or fake commas.
std::string stripComments(const std::string &Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (size_t I = 0; I < Text.size(); ++I) {
    const bool Block = Text.compare(I, 2, "/*") == 0;
    if (!Block && Text.compare(I, 2, "//") != 0) {
      Out += Text[I];
      continue;
    }
    // A block comment becomes a space; a line comment ends before the
    // newline, which is kept.
    const size_t End = Text.find(Block ? "*/" : "\n", I + 2);
    if (End == std::string::npos)
      break;
    I = Block ? End + 1 : End - 1;
    if (Block)
      Out += ' ';
  }
  return Out;
}

// Every declaration "CUBLASWINAPI name(...)" and every C++ compatibility
// overload "static inline cublasStatus_t name(...)".
std::vector<Decl> parseDecls(const std::string &Raw) {
  const std::string Text = stripComments(Raw);
  std::vector<Decl> Out;
  for (const char *Marker :
       {"CUBLASWINAPI ", "static inline cublasStatus_t "}) {
    const std::string M = Marker;
    for (size_t At = Text.find(M); At != std::string::npos;
         At = Text.find(M, At + 1)) {
      const size_t I = skipWhile(Text, At + M.size(), isSpace);
      const size_t NameEnd = skipWhile(Text, I, isIdent);
      const size_t Open = skipWhile(Text, NameEnd, isSpace);
      if (NameEnd == I || Open >= Text.size() || Text[Open] != '(')
        continue;
      int Depth = 1;
      size_t Close = Open + 1;
      for (; Close < Text.size() && Depth; ++Close)
        Depth += Text[Close] == '(' ? 1 : Text[Close] == ')' ? -1 : 0;
      const std::string Body = Text.substr(Open + 1, Close - Open - 2);
      Decl D;
      D.Name = Text.substr(I, NameEnd - I);
      std::stringstream SS(Body);
      std::string Piece;
      while (std::getline(SS, Piece, ',')) {
        std::string P = trim(Piece);
        while (!P.empty() &&
               (P.back() == ']' || P.back() == '[' || isSpace(P.back())))
          P.pop_back();
        size_t NameStart = P.size();
        while (NameStart > 0 && isIdent(P[NameStart - 1]))
          --NameStart;
        D.Params.push_back({trim(P.substr(0, NameStart)), P.substr(NameStart)});
      }
      Out.push_back(std::move(D));
    }
  }
  return Out;
}

std::string cublasApiHeaderPath() {
  const char *Root = std::getenv("GEMM_CUDA_ROOT");
  return std::string(Root ? Root : "/usr/local/cuda") + "/include/cublas_api.h";
}

bool readFile(const std::string &Path, std::string &Out) {
  std::ifstream In(Path);
  if (!In)
    return false;
  std::stringstream SS;
  SS << In.rdbuf();
  Out = SS.str();
  return true;
}

// The role each cublas_api.h parameter name stands for.
bool roleOfParam(const std::string &Name, Role &Out) {
  static const std::map<std::string, Role> Names = {
      {"handle", Role::Handle},
      {"transa", Role::TransA},
      {"transa_array", Role::TransA},
      {"transb", Role::TransB},
      {"transb_array", Role::TransB},
      {"m", Role::M},
      {"m_array", Role::M},
      {"n", Role::N},
      {"n_array", Role::N},
      {"k", Role::K},
      {"k_array", Role::K},
      {"alpha", Role::Alpha},
      {"alpha_array", Role::Alpha},
      {"A", Role::A},
      {"Aarray", Role::A},
      {"Atype", Role::AType},
      {"lda", Role::Lda},
      {"lda_array", Role::Lda},
      {"strideA", Role::StrideA},
      {"B", Role::B},
      {"Barray", Role::B},
      {"Btype", Role::BType},
      {"ldb", Role::Ldb},
      {"ldb_array", Role::Ldb},
      {"strideB", Role::StrideB},
      {"beta", Role::Beta},
      {"beta_array", Role::Beta},
      {"C", Role::C},
      {"Carray", Role::C},
      {"Ctype", Role::CType},
      {"ldc", Role::Ldc},
      {"ldc_array", Role::Ldc},
      {"strideC", Role::StrideC},
      {"batchCount", Role::BatchCount},
      {"group_count", Role::GroupCount},
      {"group_size", Role::GroupSize},
      {"computeType", Role::ComputeType},
      {"algo", Role::Algo}};
  auto It = Names.find(Name);
  if (It == Names.end())
    return false;
  Out = It->second;
  return true;
}

// The GEMM entry points of cublas_api.h that the table must cover.
bool isGemmFamily(const std::string &Name) {
  static const char *const Bases[] = {"cublasGemmEx", "cublasGemmBatchedEx",
                                      "cublasGemmStridedBatchedEx",
                                      "cublasGemmGroupedBatchedEx"};
  std::string Base =
      endsWith(Name, "_64") ? Name.substr(0, Name.size() - 3) : Name;
  for (const char *B : Bases)
    if (Base == B)
      return true;
  // cublas<t>gemm[3m][_v2|Ex|Batched|StridedBatched|GroupedBatched]
  if (Base.size() < 11 || Base.compare(0, 6, "cublas") != 0 ||
      std::string("SDCZH").find(Base[6]) == std::string::npos ||
      Base.compare(7, 4, "gemm") != 0)
    return false;
  std::string Rest = Base.substr(11);
  if (Rest.compare(0, 2, "3m") == 0)
    Rest = Rest.substr(2);
  return Rest.empty() || Rest == "_v2" || Rest == "Ex" || Rest == "Batched" ||
         Rest == "StridedBatched" || Rest == "GroupedBatched";
}

} // namespace

TEST(ApiTable, MatchesCublasApiHeader) {
  std::string Text;
  if (!readFile(cublasApiHeaderPath(), Text))
    GTEST_SKIP() << "no " << cublasApiHeaderPath();
  const std::vector<Decl> Decls = parseDecls(Text);
  ASSERT_FALSE(Decls.empty());

  std::map<std::string, unsigned> Seen;
  for (const Decl &D : Decls) {
    const ApiInfo *Info = findApi(D.Name.c_str());
    if (!Info) {
      EXPECT_FALSE(isGemmFamily(D.Name))
          << D.Name << " is in cublas_api.h but not in ApiTable";
      continue;
    }
    SCOPED_TRACE(D.Name);
    ++Seen[D.Name];
    ASSERT_EQ(D.Params.size(), Info->NumArgs);
    for (unsigned I = 0; I < D.Params.size(); ++I) {
      Role R;
      ASSERT_TRUE(roleOfParam(D.Params[I].Name, R))
          << "parameter " << I << " '" << D.Params[I].Name << "'";
      EXPECT_EQ(Info->position(R), static_cast<int>(I))
          << "parameter '" << D.Params[I].Name << "'";
    }
    // m is int64_t exactly in the _64 variants (int* arrays when grouped).
    const std::string &MType = D.Params[Info->position(Role::M)].Type;
    EXPECT_EQ(MType.find("int64_t") != std::string::npos, Info->Int64Dims)
        << MType;
    // The C++ compatibility overloads take a cudaDataType computeType.
    if (Info->has(Role::ComputeType)) {
      const std::string &CT = D.Params[Info->position(Role::ComputeType)].Type;
      EXPECT_TRUE(CT == "cublasComputeType_t" || CT == "cudaDataType") << CT;
    }
  }
  // Every cuBLAS row of the table is declared in the header.
  for (const ApiInfo &Info : ApiTable) {
    if (Info.Vend != Vendor::Cublas)
      continue;
    EXPECT_GE(Seen[Info.Name], 1u) << Info.Name << " not in cublas_api.h";
  }
  // The legacy-computeType overloads exist for exactly these three
  // (docs/rules.md, `types.legacy-compute`).
  EXPECT_EQ(Seen["cublasGemmEx"], 2u);
  EXPECT_EQ(Seen["cublasGemmBatchedEx"], 2u);
  EXPECT_EQ(Seen["cublasGemmStridedBatchedEx"], 2u);
  EXPECT_EQ(Seen["cublasGemmEx_64"], 1u);
  EXPECT_EQ(Seen["cublasGemmGroupedBatchedEx"], 1u);
}

TEST(ApiTable, HeaderParserSelfTest) {
  // Guards the scanner the header test relies on.
  const std::vector<Decl> Decls = parseDecls(
      "cublasStatus_t CUBLASWINAPI f(cublasHandle_t handle, /* a, b */\n"
      "  const int64_t m_array[], const void* const Aarray[], // x, y\n"
      "  long long int strideA);\n"
      "static inline cublasStatus_t g(int lda) { return f(lda); }\n");
  ASSERT_EQ(Decls.size(), 2u);
  EXPECT_EQ(Decls[0].Name, "f");
  ASSERT_EQ(Decls[0].Params.size(), 4u);
  EXPECT_EQ(Decls[0].Params[1].Name, "m_array");
  EXPECT_EQ(Decls[0].Params[1].Type, "const int64_t");
  EXPECT_EQ(Decls[0].Params[2].Name, "Aarray");
  EXPECT_EQ(Decls[0].Params[3].Name, "strideA");
  EXPECT_EQ(Decls[0].Params[3].Type, "long long int");
  EXPECT_EQ(Decls[1].Name, "g");
  ASSERT_EQ(Decls[1].Params.size(), 1u);
  EXPECT_EQ(Decls[1].Params[0].Name, "lda");
  EXPECT_TRUE(isGemmFamily("cublasZgemm3m_64"));
  EXPECT_TRUE(isGemmFamily("cublasSgemm_v2"));
  EXPECT_TRUE(isGemmFamily("cublasGemmGroupedBatchedEx_64"));
  EXPECT_FALSE(isGemmFamily("cublasUint8gemmBias"));
  EXPECT_FALSE(isGemmFamily("cublasSgemv_v2"));
  EXPECT_FALSE(isGemmFamily("cublasSgemmt"));
}

namespace {

// The roles the grouped APIs take as host arrays, one entry per group
// (cublasGemmGroupedBatchedEx: transa_array ... ldc_array, group_size).
TEST(ApiTable, PerGroupRoles) {
  using gemm::rules::Role;
  const gemm::rules::ApiInfo &Grouped =
      *gemm::rules::findApi("cublasGemmGroupedBatchedEx");
  for (Role R : {Role::TransA, Role::TransB, Role::M, Role::N, Role::K,
                 Role::Lda, Role::Ldb, Role::Ldc, Role::GroupSize})
    EXPECT_TRUE(Grouped.isPerGroup(R)) << static_cast<int>(R);
  for (Role R : {Role::Alpha, Role::A, Role::AType, Role::GroupCount,
                 Role::ComputeType})
    EXPECT_FALSE(Grouped.isPerGroup(R)) << static_cast<int>(R);
  EXPECT_FALSE(gemm::rules::findApi("cublasGemmEx")->isPerGroup(Role::M));
  for (Role R : {Role::Handle, Role::Alpha, Role::Beta, Role::A, Role::B,
                 Role::C, Role::D})
    EXPECT_TRUE(gemm::rules::isPointerRole(R));
  EXPECT_FALSE(gemm::rules::isPointerRole(Role::Lda));
}

} // namespace

// The Static Analyzer's model keeps a handle's modes across a toolkit call
// outside the tables (rules::isToolkitFunctionName); a user's function, or
// a library's that merely starts alike, is not one.
TEST(FunctionTables, ToolkitFunctionsByPrefix) {
  using gemm::rules::isToolkitFunctionName;
  EXPECT_TRUE(isToolkitFunctionName("cublasSetStream_v2"));
  EXPECT_TRUE(isToolkitFunctionName("cublasLtMatmulDescSetAttribute"));
  EXPECT_TRUE(isToolkitFunctionName("cudaStreamSynchronize"));
  EXPECT_FALSE(isToolkitFunctionName("myCublasWrapper"));
  EXPECT_FALSE(isToolkitFunctionName("cuCabsf")); // cuComplex.h, inline
  EXPECT_FALSE(isToolkitFunctionName("cub"));
  EXPECT_FALSE(isToolkitFunctionName(""));
}
