//===--- ValueAnalysisTest.cpp - gemm-tidy --------------------------------===//
//
// The engine (lib/Analysis) and the API table (lib/Models) on real
// ASTContexts, as upstream tests its dataflow models: a snippet is parsed,
// the call to `use` is the target, and what the engine says of its
// arguments there is compared with what the snippet makes it. The lit tests
// judge the checks' words; these judge the values under them, and that an
// unproven value stays unknown.
//
//===----------------------------------------------------------------------===//

#include "Analysis/BodyShape.h"
#include "Analysis/CallerFrames.h"
#include "Analysis/FunctionValues.h"
#include "Models/ApiModel.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>
#include <set>

namespace clang::tidy::gemm {
namespace {

using namespace ast_matchers;
using ::gemm::rules::Residency;

// The declarations the snippets call, as the CUDA headers spell them.
constexpr const char *Prelude = R"cc(
  typedef unsigned long size_t;
  enum cudaError { cudaSuccess };
  typedef enum cudaError cudaError_t;
  cudaError_t cudaMalloc(void **p, size_t n);
  cudaError_t cudaMallocManaged(void **p, size_t n, unsigned flags = 1);
  cudaError_t cudaMallocHost(void **p, size_t n);
  cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t w, size_t h);
  cudaError_t cudaFree(void *p);
  struct cublasContext;
  typedef struct cublasContext *cublasHandle_t;
  typedef enum { CUBLAS_POINTER_MODE_HOST, CUBLAS_POINTER_MODE_DEVICE } cublasPointerMode_t;
  int cublasCreate_v2(cublasHandle_t *h);
  int cublasSetPointerMode_v2(cublasHandle_t h, cublasPointerMode_t m);
  int cublasDestroy_v2(cublasHandle_t h);
  template <class... T> void use(T... values);
  void touch(int *);
  void opaque(cublasHandle_t);
)cc";

// A parsed snippet and the analysis of the function that calls `use`, at
// that call.
class Snippet {
public:
  explicit Snippet(const std::string &Code) {
    Unit = tooling::buildASTFromCodeWithArgs(std::string(Prelude) + Code,
                                             {"-std=c++17", "-w"});
    if (!Unit)
      return;
    ASTContext &Ctx = Unit->getASTContext();
    auto Matches = match(
        callExpr(callee(functionDecl(hasName("use"))),
                 hasAncestor(functionDecl(isDefinition()).bind("fn")))
            .bind("call"),
        Ctx);
    if (Matches.empty())
      return;
    Call = Matches.front().getNodeAs<CallExpr>("call");
    Fn = Matches.front().getNodeAs<FunctionDecl>("fn");
    Values = std::make_unique<FunctionValues>(Ctx, Fn, Atoms, Params);
    Values->walkTo(Call);
  }

  bool ok() const { return Values != nullptr; }
  const Expr *arg(unsigned I) const { return Call->getArg(I); }
  FunctionValues &values() { return *Values; }

  /// The values argument \p I can have, or nothing where unknown.
  std::set<int64_t> valuesOf(unsigned I) {
    SymbolicValue V = Values->evaluate(arg(I));
    std::set<int64_t> Out;
    if (V.Known)
      for (const Alternative &A : V.Alternatives)
        Out.insert(A.Value);
    return Out;
  }

  FunctionValues::Bindings Params;

private:
  std::unique_ptr<ASTUnit> Unit;
  const CallExpr *Call = nullptr;
  const FunctionDecl *Fn = nullptr;
  std::vector<AtomInfo> Atoms;
  std::unique_ptr<FunctionValues> Values;
};

std::optional<int64_t> constantOf(const SymbolicValue &V) {
  if (!V.isConstant())
    return std::nullopt;
  return V.Alternatives[0].Value;
}

TEST(ValueAnalysis, LocalAssignedBeforeTheCall) {
  Snippet S("void f() { int ld = 4; ld = ld * 2; use(ld); }");
  ASSERT_TRUE(S.ok());
  EXPECT_EQ(S.valuesOf(0), std::set<int64_t>{8});
}

TEST(ValueAnalysis, BranchKeepsBothValuesUnderTheirConditions) {
  Snippet S("void f(bool t) { int ld = 4; if (t) ld = 16; use(ld); }");
  ASSERT_TRUE(S.ok());
  SymbolicValue V = S.values().evaluate(S.arg(0));
  ASSERT_TRUE(V.Known);
  ASSERT_EQ(V.Alternatives.size(), 2u);
  // Each value under one literal of the same atom, opposite ways.
  EXPECT_EQ(V.Alternatives[0].When.size(), 1u);
  EXPECT_EQ(V.Alternatives[1].When.size(), 1u);
  EXPECT_NE(V.Alternatives[0].When, V.Alternatives[1].When);
  EXPECT_EQ(S.valuesOf(0), (std::set<int64_t>{4, 16}));
}

TEST(ValueAnalysis, EscapedLocalIsUnknown) {
  Snippet S("void f() { int ld = 4; touch(&ld); use(ld); }");
  ASSERT_TRUE(S.ok());
  EXPECT_TRUE(S.valuesOf(0).empty());
}

TEST(ValueAnalysis, LoopWritesAreUnknownAtItsExit) {
  Snippet S("void f(int n) { int ld = 4; for (int i = 0; i < n; ++i) ld += 1; "
            "use(ld); }");
  ASSERT_TRUE(S.ok());
  EXPECT_TRUE(S.valuesOf(0).empty());
}

TEST(ValueAnalysis, CallAfterReturnIsUnreachable) {
  Snippet S("void f() { return; use(1); }");
  ASSERT_TRUE(S.ok());
  EXPECT_FALSE(S.values().reachable());
}

TEST(ValueAnalysis, ParameterBoundByTheCaller) {
  Snippet S("void f(int m) { use(m); }");
  ASSERT_TRUE(S.ok());
  EXPECT_TRUE(S.valuesOf(0).empty()); // unbound: unknown
}

TEST(ValueAnalysis, FieldWithDefaultMemberInitialiser) {
  Snippet S("struct Config { int ld = 32; int m = 64; };"
            "void f() { Config c; c.m = 8; use(c.ld, c.m); }");
  ASSERT_TRUE(S.ok());
  EXPECT_EQ(S.valuesOf(0), std::set<int64_t>{32});
  EXPECT_EQ(S.valuesOf(1), std::set<int64_t>{8});
}

TEST(ValueAnalysis, SmallFunctionReturningAValue) {
  Snippet S("int rows(int k) { return k * 2; }"
            "void f() { use(rows(21)); }");
  ASSERT_TRUE(S.ok());
  EXPECT_EQ(S.valuesOf(0), std::set<int64_t>{42});
}

// The allocators are rows of the API table: residency and size from the
// row, whatever the form of the address argument.
TEST(ValueAnalysis, AllocationFromTheTable) {
  Snippet S("void f() { float *a; double *b; float *c;"
            "  cudaMalloc((void **)&a, 256);"
            "  cudaMallocManaged((void **)&b, 64);"
            "  cudaMallocHost((void **)&c, 128);"
            "  use(a, b, c); }");
  ASSERT_TRUE(S.ok());
  const FunctionValues::PointerValue A = S.values().evaluatePointer(S.arg(0));
  EXPECT_EQ(constantOf(A.Where), int64_t(Residency::Device));
  EXPECT_EQ(constantOf(A.Size), 256);
  EXPECT_EQ(constantOf(A.Offset), 0);
  EXPECT_EQ(constantOf(A.Type), 0); // CUDA_R_32F
  const FunctionValues::PointerValue B = S.values().evaluatePointer(S.arg(1));
  EXPECT_EQ(constantOf(B.Where), int64_t(Residency::Managed));
  EXPECT_EQ(constantOf(B.Size), 64);
  EXPECT_EQ(constantOf(B.Type), 1); // CUDA_R_64F
  const FunctionValues::PointerValue C = S.values().evaluatePointer(S.arg(2));
  EXPECT_EQ(constantOf(C.Where), int64_t(Residency::PinnedHost));
  EXPECT_EQ(constantOf(C.Size), 128);
}

// A deallocator of the table ends the allocation behind the pointer (its
// size and the offset into it), not the kind of its address; a new
// allocation gives them again.
TEST(ValueAnalysis, FreedMemoryIsNotFollowed) {
  Snippet S("void f() { float *a; float *b;"
            "  cudaMalloc((void **)&a, 256); cudaFree(a);"
            "  cudaMalloc((void **)&b, 64); cudaFree((void *)b);"
            "  cudaMalloc((void **)&b, 32);"
            "  use(a, b); }");
  ASSERT_TRUE(S.ok());
  const FunctionValues::PointerValue A = S.values().evaluatePointer(S.arg(0));
  EXPECT_EQ(constantOf(A.Where), int64_t(Residency::Device));
  EXPECT_FALSE(A.Size.Known);
  EXPECT_FALSE(A.Offset.Known);
  const FunctionValues::PointerValue B = S.values().evaluatePointer(S.arg(1));
  EXPECT_EQ(constantOf(B.Where), int64_t(Residency::Device));
  EXPECT_EQ(constantOf(B.Size), 32);
}

TEST(ValueAnalysis, PitchIsMarkedAsOne) {
  Snippet S("void f() { float *a; size_t pitch;"
            "  cudaMallocPitch((void **)&a, &pitch, 400, 10);"
            "  int ld = pitch; use(pitch, a); }");
  ASSERT_TRUE(S.ok());
  const SymbolicValue P = S.values().evaluate(S.arg(0));
  EXPECT_FALSE(P.Known);
  EXPECT_NE(P.PitchFrom, nullptr);
  // The pitched allocation's size is not followed.
  EXPECT_FALSE(S.values().evaluatePointer(S.arg(1)).Size.Known);
}

TEST(ValueAnalysis, HostArrayAndAddressOfLocal) {
  Snippet S("float g[2];"
            "void f() { float x = 1; float v[4]; use(&x, g, v); }");
  ASSERT_TRUE(S.ok());
  EXPECT_EQ(constantOf(S.values().evaluatePointer(S.arg(0)).Where),
            int64_t(Residency::Pageable));
  const FunctionValues::PointerValue G = S.values().evaluatePointer(S.arg(1));
  EXPECT_EQ(constantOf(G.Where), int64_t(Residency::Pageable));
  EXPECT_EQ(constantOf(G.Count), 2);
  // A local array's elements are counted; where it lies is not claimed.
  EXPECT_EQ(constantOf(S.values().evaluatePointer(S.arg(2)).Count), 4);
}

TEST(ValueAnalysis, HandleCreatedAndSet) {
  Snippet S("void f() { cublasHandle_t h; cublasCreate_v2(&h);"
            "  cublasSetPointerMode_v2(h, CUBLAS_POINTER_MODE_DEVICE); use(h); }");
  ASSERT_TRUE(S.ok());
  const FunctionValues::HandleValue H = S.values().evaluateHandle(S.arg(0));
  EXPECT_EQ(constantOf(H.PointerMode), 1);
}

TEST(ValueAnalysis, HandleCreatedIsInHostMode) {
  Snippet S("void f() { cublasHandle_t h; cublasCreate_v2(&h); use(h); }");
  ASSERT_TRUE(S.ok());
  EXPECT_EQ(constantOf(S.values().evaluateHandle(S.arg(0)).PointerMode), 0);
}

TEST(ValueAnalysis, HandleGivenToAnUnknownFunctionIsForgotten) {
  Snippet S("void f() { cublasHandle_t h; cublasCreate_v2(&h);"
            "  opaque(h); use(h); }");
  ASSERT_TRUE(S.ok());
  EXPECT_FALSE(S.values().evaluateHandle(S.arg(0)).PointerMode.Known);
}

TEST(ValueAnalysis, BorrowedHandleFollowedFromItsSetter) {
  Snippet S("void f(cublasHandle_t h) {"
            "  cublasSetPointerMode_v2(h, CUBLAS_POINTER_MODE_DEVICE); use(h); }");
  ASSERT_TRUE(S.ok());
  EXPECT_EQ(constantOf(S.values().evaluateHandle(S.arg(0)).PointerMode), 1);
}

TEST(ValueAnalysis, BorrowedHandleForgottenAtACallThatMayReachIt) {
  Snippet S("void reset(cublasHandle_t *);"
            "cublasHandle_t g;"
            "void f(cublasHandle_t h) {"
            "  cublasSetPointerMode_v2(h, CUBLAS_POINTER_MODE_DEVICE);"
            "  reset(&g); use(h); }");
  ASSERT_TRUE(S.ok());
  EXPECT_FALSE(S.values().evaluateHandle(S.arg(0)).PointerMode.Known);
}

// Handles held in the fields of a local structure: followed per field.
TEST(ValueAnalysis, HandlesInStructureFields) {
  Snippet S("struct Ctx { cublasHandle_t h, g; };"
            "void f() { Ctx c; cublasCreate_v2(&c.h); cublasCreate_v2(&c.g);"
            "  cublasSetPointerMode_v2(c.h, CUBLAS_POINTER_MODE_DEVICE);"
            "  use(c.h, c.g); }");
  ASSERT_TRUE(S.ok());
  EXPECT_EQ(constantOf(S.values().evaluateHandle(S.arg(0)).PointerMode), 1);
  EXPECT_EQ(constantOf(S.values().evaluateHandle(S.arg(1)).PointerMode), 0);
}

TEST(ValueAnalysis, StructureMadeByAHelperThroughItsAddress) {
  Snippet S("struct Ctx { cublasHandle_t h; };"
            "void init(Ctx *c) { cublasCreate_v2(&c->h);"
            "  cublasSetPointerMode_v2(c->h, CUBLAS_POINTER_MODE_DEVICE); }"
            "void f() { Ctx c; init(&c); use(c.h); }");
  ASSERT_TRUE(S.ok());
  EXPECT_EQ(constantOf(S.values().evaluateHandle(S.arg(0)).PointerMode), 1);
}

TEST(ValueAnalysis, StructureGivenToAnUnknownFunctionIsForgotten) {
  Snippet S("struct Ctx { cublasHandle_t h; };"
            "void look(const Ctx &);"
            "void f() { Ctx c; cublasCreate_v2(&c.h); look(c); use(c.h); }");
  ASSERT_TRUE(S.ok());
  EXPECT_FALSE(S.values().evaluateHandle(S.arg(0)).PointerMode.Known);
}

// --- the API table ---

const FunctionDecl *declNamed(ASTContext &Ctx, llvm::StringRef Name) {
  auto M = match(functionDecl(hasName(Name)).bind("f"), Ctx);
  return M.empty() ? nullptr : M.front().getNodeAs<FunctionDecl>("f");
}

// Whether \p Fn's body is one straight run (its CFG would be one block),
// with its elements in the order they run and where each one's subtree
// starts.
struct StraightShape {
  bool Straight = false;
  std::vector<const Stmt *> Elements;
  std::vector<unsigned> Starts;
};
StraightShape straightShapeOf(const FunctionDecl *Fn) {
  StraightShape Out;
  Out.Straight = Fn && Fn->getBody() &&
                 straightRun(Fn->getBody(), Out.Elements, Out.Starts);
  return Out;
}

// A template computes sizes from its parameters: its pattern's and its
// instantiations' bodies are still one straight run, walked without a
// graph (a CFG per instantiation is most of what a call in a template
// costs). A variable-length array's size is run, and is not.
TEST(BodyShape, SizesOfTypesKeepABodyStraight) {
  std::unique_ptr<ASTUnit> Unit = tooling::buildASTFromCodeWithArgs(
      std::string(Prelude) +
          "template <class T, int M> void f(int ld) {"
          "  int m = M * (int)sizeof(T); use(m, alignof(T), ld); }"
          "void g() { f<double, 4>(1); }"
          "void vla(int n) { int s = sizeof(int[n]); use(s); }",
      {"-std=c++17", "-w"});
  ASSERT_TRUE(Unit);
  ASTContext &Ctx = Unit->getASTContext();
  auto Fns = match(functionDecl(hasName("f"), isDefinition()).bind("f"), Ctx);
  ASSERT_EQ(Fns.size(), 2u); // the pattern and f<double, 4>
  for (const BoundNodes &N : Fns)
    EXPECT_TRUE(straightShapeOf(N.getNodeAs<FunctionDecl>("f")).Straight);
  EXPECT_FALSE(straightShapeOf(declNamed(Ctx, "vla")).Straight);
}

// Several calls, nested too, keep a body one block: its elements are in
// the order the CFG builder gives them (arguments left to right, then the
// call; an initializer, then its declaration), and a call's subtree (its
// arguments) is the run just before it. A noreturn call, a builtin or a
// call under ?: splits the graph; more than MaxStraightCalls calls are
// left to the CFG, whose walk is kept from one call to the next, and so is
// a declaration of several variables whose initializers call (the CFG
// declares each after its own initializer).
TEST(BodyShape, StraightRunsWithSeveralCalls) {
  std::string Code = "int a(int); int b(int); void take(int, int);"
                     "[[noreturn]] void die();"
                     "void order(int x) { int y = a(x) + b(2); take(a(y), y); }"
                     "void noreturn() { a(1); die(); a(2); }"
                     "void ternary(bool c) { int v = c ? a(1) : 2; take(v, v); }"
                     "void builtin(int x) { take(__builtin_expect(x, 0), x); }"
                     "void decls() { int u = 1, v = 2; take(u, v); }"
                     "void callsInDecls() { int u = a(1), v = b(u); take(u, v); }"
                     "void eight() {";
  for (unsigned I = 0; I < MaxStraightCalls; ++I)
    Code += " a(" + std::to_string(I) + ");";
  Code += "} void nine() { b(0);";
  for (unsigned I = 0; I < MaxStraightCalls; ++I)
    Code += " a(" + std::to_string(I) + ");";
  Code += "}";
  std::unique_ptr<ASTUnit> Unit =
      tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17", "-w"});
  ASSERT_TRUE(Unit);
  ASTContext &Ctx = Unit->getASTContext();

  const StraightShape Order = straightShapeOf(declNamed(Ctx, "order"));
  ASSERT_TRUE(Order.Straight);
  std::vector<std::string> Run;
  for (const Stmt *S : Order.Elements) {
    if (const auto *Call = dyn_cast<CallExpr>(S))
      Run.push_back(Call->getDirectCallee()->getName().str());
    else if (isa<DeclStmt>(S))
      Run.push_back("decl");
    else if (isa<BinaryOperator>(S))
      Run.push_back("+");
  }
  EXPECT_EQ(Run, (std::vector<std::string>{"a", "b", "+", "decl", "a",
                                           "take"}));
  // take's subtree is a(y) and itself: the elements before it run first.
  ASSERT_EQ(Order.Elements.size(), 6u);
  EXPECT_EQ(Order.Starts[5], 4u);
  EXPECT_EQ(Order.Starts[3], 0u); // the declaration's initializer
  EXPECT_EQ(Order.Starts[0], 0u);

  for (const char *Split :
       {"noreturn", "ternary", "builtin", "nine", "callsInDecls"})
    EXPECT_FALSE(straightShapeOf(declNamed(Ctx, Split)).Straight) << Split;
  EXPECT_TRUE(straightShapeOf(declNamed(Ctx, "eight")).Straight);
  EXPECT_TRUE(straightShapeOf(declNamed(Ctx, "decls")).Straight);
}

TEST(ApiModel, RowsByDeclaration) {
  std::unique_ptr<ASTUnit> Unit =
      tooling::buildASTFromCodeWithArgs(Prelude, {"-std=c++17", "-w"});
  ASSERT_TRUE(Unit);
  ASTContext &Ctx = Unit->getASTContext();
  const ApiFunction *Malloc = allocatorOf(declNamed(Ctx, "cudaMalloc"));
  ASSERT_NE(Malloc, nullptr);
  EXPECT_EQ(Malloc->Where, Residency::Device);
  EXPECT_EQ(Malloc->SizeArg, 1);
  const ApiFunction *Pitch = allocatorOf(declNamed(Ctx, "cudaMallocPitch"));
  ASSERT_NE(Pitch, nullptr);
  EXPECT_EQ(Pitch->SizeArg, -1);
  EXPECT_EQ(Pitch->PitchArg, 1);
  // An allocator changes no object; a handle function is no allocator.
  EXPECT_EQ(objectCallOf(declNamed(Ctx, "cudaMalloc")).What, Effect::None);
  // cudaFree frees, and is neither an allocator nor an object call.
  EXPECT_NE(deallocatorOf(declNamed(Ctx, "cudaFree")), nullptr);
  EXPECT_EQ(deallocatorOf(declNamed(Ctx, "cudaMalloc")), nullptr);
  EXPECT_EQ(allocatorOf(declNamed(Ctx, "cudaFree")), nullptr);
  EXPECT_EQ(objectCallOf(declNamed(Ctx, "cudaFree")).What, Effect::None);
  EXPECT_EQ(allocatorOf(declNamed(Ctx, "cublasCreate_v2")), nullptr);
  EXPECT_EQ(objectCallOf(declNamed(Ctx, "cublasCreate_v2")).What, Effect::Create);
  const ApiFunction Set = objectCallOf(declNamed(Ctx, "cublasSetPointerMode_v2"));
  EXPECT_EQ(Set.What, Effect::Set);
  EXPECT_TRUE(Set.Handle);
  EXPECT_EQ(Set.Sets, HandlePointerMode);
  // A project's function is not in the table, whatever its name.
  EXPECT_EQ(apiFunctionOf(declNamed(Ctx, "use")), nullptr);
}

// One classification of a callee over both tables, the GEMM family's
// (gemm/rules/api.h) and the model's (cuBLASLt, handles, memory), with the
// row its calls are diagnosed by.
TEST(ApiModel, ClassifiesACalleeOverBothTables) {
  std::unique_ptr<ASTUnit> Unit = tooling::buildASTFromCodeWithArgs(
      std::string(Prelude) + R"cc(
        typedef struct cublasLtMatmulDescOpaque *cublasLtMatmulDesc_t;
        int cublasSgemm_v2(cublasHandle_t, int, int, int, int, int,
                           const float *, const float *, int, const float *,
                           int, const float *, float *, int);
        int cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t, int,
                                           const void *, size_t);
        int cublasLtMatmulAlgoGetHeuristic(int, int, int, int, int, int, int,
                                           int, int, int);
        int cublasLtMatmul(int); // not cublasLt.h's arity
      )cc",
      {"-std=c++17", "-w"});
  ASSERT_TRUE(Unit);
  ASTContext &Ctx = Unit->getASTContext();
  const CalleeRow Gemm = classify(*declNamed(Ctx, "cublasSgemm_v2"));
  EXPECT_EQ(Gemm.K, CalleeRow::Gemm);
  ASSERT_NE(Gemm.Api, nullptr);
  EXPECT_STREQ(Gemm.Api->Name, "cublasSgemm_v2");
  EXPECT_TRUE(Gemm.isEntryPoint());
  const CalleeRow Set = classify(*declNamed(Ctx, "cublasLtMatmulDescSetAttribute"));
  EXPECT_EQ(Set.K, CalleeRow::LtObject);
  ASSERT_NE(Set.Fn, nullptr);
  EXPECT_EQ(Set.Fn->What, Effect::Set);
  EXPECT_TRUE(Set.isEntryPoint());
  const CalleeRow Query = classify(*declNamed(Ctx, "cublasLtMatmulAlgoGetHeuristic"));
  EXPECT_EQ(Query.K, CalleeRow::LtMatmul);
  EXPECT_FALSE(Query.isEntryPoint());
  // The matmul of another arity, a handle's function, a project's: none
  // of the calls the checks diagnose.
  EXPECT_FALSE(classify(*declNamed(Ctx, "cublasLtMatmul")));
  EXPECT_FALSE(classify(*declNamed(Ctx, "cublasCreate_v2")));
  EXPECT_FALSE(classify(*declNamed(Ctx, "use")));
  // The model's rows are still read by name.
  EXPECT_NE(apiFunctionOf(declNamed(Ctx, "cublasCreate_v2")), nullptr);
  EXPECT_EQ(apiFunctionOf(declNamed(Ctx, "cublasSgemm_v2")), nullptr);
}

// A call site's arguments bound to its callee's parameters (bindArguments),
// where the caller's walk (walkTo) reached it, and the frames the callee is
// judged in (callerFrames), from the call sites recorded.
TEST(CallerFrames, BindsACallSitesArgumentsToTheParameters) {
  std::unique_ptr<ASTUnit> Unit = tooling::buildASTFromCodeWithArgs(
      std::string(Prelude) + R"cc(
        void wrap(int m, float *a, int n) { use(m, a, n); }
        void caller(int n) {
          float *d;
          cudaMalloc((void **)&d, 256);
          int k = 64;
          wrap(k, d, n);
        }
      )cc",
      {"-std=c++17", "-w"});
  ASSERT_TRUE(Unit);
  ASTContext &Ctx = Unit->getASTContext();
  const FunctionDecl *Wrap = declNamed(Ctx, "wrap");
  const FunctionDecl *Caller = declNamed(Ctx, "caller");
  auto Sites = match(callExpr(callee(functionDecl(hasName("wrap")))).bind("c"), Ctx);
  ASSERT_EQ(Sites.size(), 1u);
  const auto *Site = Sites.front().getNodeAs<CallExpr>("c");
  const ParmVarDecl *M = Wrap->getParamDecl(0), *A = Wrap->getParamDecl(1);

  std::vector<AtomInfo> Atoms;
  FunctionValues Values(Ctx, Caller, Atoms);
  Values.walkTo(Site);
  ASSERT_TRUE(Values.reachable());
  const SiteBindings Bound = bindArguments(*Site, *Wrap, Values, Ctx, {A}, {});
  EXPECT_EQ(constantOf(Bound.Bindings.lookup(M)), 64);
  EXPECT_EQ(constantOf(Bound.Bindings.PointerWhere.lookup(A)),
            static_cast<int64_t>(Residency::Device));
  EXPECT_EQ(constantOf(Bound.Bindings.PointerSize.lookup(A)), 256);
  // n is the caller's own parameter: nothing to bind.
  EXPECT_FALSE(Bound.Bindings.count(Wrap->getParamDecl(2)));
  EXPECT_EQ(Bound.Text, "m = 64, a in device memory");

  // Without the call site recorded, no frame; with it, the one it binds,
  // noted at the call.
  EXPECT_TRUE(callerFrames(Wrap, Ctx).empty());
  recordCallSite(*Site, *Caller, Ctx);
  const std::vector<CallerFrame> Frames = callerFrames(Wrap, Ctx);
  ASSERT_EQ(Frames.size(), 1u);
  EXPECT_EQ(constantOf(Frames[0].Bindings.lookup(M)), 64);
  EXPECT_FALSE(Frames[0].Bindings.PointerWhere.count(A)); // not asked for
  ASSERT_EQ(Frames[0].Chain.size(), 1u);
  EXPECT_EQ(Frames[0].Chain[0].note().Text,
            "'wrap' is called with m = 64 here");
}

} // namespace
} // namespace clang::tidy::gemm
