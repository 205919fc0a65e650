//===--- StructuredGraphTest.cpp - gemm-tidy ------------------------------===//
//
// The graphs structuredGraph() builds against Clang's: for every function
// it builds a graph of, the walk must go the same way through both
// (sameWalk()), on snippets of each shape it covers and on every function
// of the lit tests' sources (with the stand-in headers). The shapes it
// leaves to Clang's builder give null.
//
// GEMM_TIDY_GRAPH_FILES (paths separated by ':') adds files to the sweep,
// parsed with the flags in GEMM_TIDY_GRAPH_FLAGS (separated by spaces): a
// project's sources, checked outside the suite.
//
//===----------------------------------------------------------------------===//

#include "Analysis/BodyShape.h"
#include "Analysis/StructuredGraph.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <cstdlib>
#include <filesystem>
#include <gtest/gtest.h>

namespace clang::tidy::gemm {
namespace {

using namespace ast_matchers;

std::unique_ptr<CFG> clangGraph(const FunctionDecl *Fn, ASTContext &Ctx) {
  Stmt *Body = Fn->getBody();
  return CFG::buildCFG(Fn, Body, &Ctx, graphOptions(shapeOf(Body).Prunable));
}

// Each function defined in \p Ctx whose graph structuredGraph() builds,
// checked against Clang's; the number built.
unsigned checkEveryFunction(ASTContext &Ctx, const std::string &Where) {
  unsigned Built = 0;
  for (const BoundNodes &N :
       match(functionDecl(isDefinition(), hasBody(stmt())).bind("f"), Ctx)) {
    const auto *Fn = N.getNodeAs<FunctionDecl>("f");
    std::unique_ptr<CFG> Ours = structuredGraph(Fn->getBody(), false);
    if (!Ours)
      continue;
    ++Built;
    std::unique_ptr<CFG> Theirs = clangGraph(Fn, Ctx);
    EXPECT_TRUE(Theirs) << Where << ": " << Fn->getNameAsString();
    if (!Theirs)
      continue;
    std::string Why;
    const bool Same = sameWalk(*Ours, *Theirs, Why);
    EXPECT_TRUE(Same) << Where << ": " << Fn->getNameAsString() << ": " << Why;
    if (!Same && std::getenv("GEMM_TIDY_GRAPH_DUMP")) {
      Ours->dump(Ctx.getLangOpts(), false);
      Theirs->dump(Ctx.getLangOpts(), false);
    }
  }
  return Built;
}

std::unique_ptr<ASTUnit> parse(const std::string &Code,
                               std::vector<std::string> Args = {"-std=c++17",
                                                                "-w"},
                               const std::string &Name = "input.cc") {
  return tooling::buildASTFromCodeWithArgs(Code, Args, Name);
}

// Each shape the builder covers, nested in the others: the walk goes the
// same way through its graph as through Clang's.
TEST(StructuredGraph, SameWalkAsClangsOnEachShape) {
  std::unique_ptr<ASTUnit> Unit = parse(R"cc(
    int pick(int);
    void use(int, int);
    enum E { A, B };
    void ifElse(int c, int d) {
      int x = 0, y = 1;
      y = pick(c);
      if (c) x = 1; else x = 2;
      if (c > 2) x = 3;
      if (c) { if (d) x = 4; } else x = 5;
      if (c) {} else { x = 6; }
      if (c) { x = 7; } else {}
      if (c) { x = 8; return; }
      if (pick(c) > d) ++x;
      if (!c) { ; } else if (d) x = 9; else { y += 2; }
      if ((c >= 16777216)) x = 10; // (a macro's parenthesised test)
      while ((y > 3)) y -= pick(y);
      use(x, y);
    }
    int nested(int c) {
      if (c) { if (c > 1) { if (c > 2) return 3; } else return 2; }
      return pick(c);
    }
    void switched(int sel, int c) {
      int ld = 0;
      switch (sel) {
      case 0: ld = 16; break;
      default: ld = 5; break;
      case 1: ld = 17; return;
      case 2: ld = 18;
      case 3: if (c) ld = 19; else { ld = pick(c); }
      case 4: if (c) ld = 20; break;
      case 5: break;
      case 6: ld = 1; break; ld = 2;
      }
      use(ld, 0);
      switch (sel) { case 0: ld = 16; break; case 1: ld = 17; }
      switch ((E)sel) { case A: ld = 3; break; default: ld = 0; }
      switch (sel) { case 7: if (c) { use(ld, 1); return; } default: ld = 8; }
      use(ld, sel);
    }
    void loops(int count, int ld, int c) {
      pick(1);
      for (int j = 0; j < count; ++j) { if (c) ld = 1; }
      if (c) ld = 2;
      for (; ld < count;) ld = pick(ld);
      if (c) ld = 3;
      while (ld > 3) { if (c) ld = 4; }
      for (int j = 0; j < count; ++j) {
        if (j % 3 == 0) ld *= 2; else ld -= pick(j);
        while (ld > j) ld -= 2;
        use(ld, j);
      }
      while (c) { if (ld) return; ld = pick(ld); }
      switch (c) { case 1: while (ld < 8) ld += c; break; default: return; }
      use(ld, 0);
    }
    void afterReturn(int c) { use(c, 0); return; use(c + 1, 0); }
    void empty() {}
    struct Gemm {
      int ld_ = 8;
      explicit Gemm(int h) : ld_(h) {}
      Gemm(int a, int b) : ld_(a + b) {}
      void run(int ld) const { use(ld_, ld); }
    };
    struct Pair { int a, b; };
    void objects(int h, int c) {
      Gemm g(h);
      Gemm k(pick(h), 2);
      g.run(pick(c));
      Gemm *p = &k;
      if (c) p->run(c);
      Pair q = {1, 2};
      for (int j = 0; j < c; ++j) { Gemm t(j); t.run(q.a); }
    }
    void lambdas(int count) {
      int ld = 32;
      auto step = [&](int m) { use(m, ld); };
      auto copy = [ld, count](int m) { use(m, ld + count); };
      for (int j = 0; j < count; ++j) { step(ld); copy(pick(j)); ld += j; }
    }
  )cc");
  ASSERT_TRUE(Unit);
  ASTContext &Ctx = Unit->getASTContext();
  for (const char *Name :
       {"ifElse", "nested", "switched", "loops", "afterReturn", "empty",
        "objects", "lambdas"}) {
    auto M = match(functionDecl(hasName(Name), isDefinition()).bind("f"), Ctx);
    ASSERT_EQ(M.size(), 1u) << Name;
    EXPECT_TRUE(structuredGraph(M[0].getNodeAs<FunctionDecl>("f")->getBody()))
        << Name;
  }
  // (With Gemm's constructors and run(), and the two lambdas' bodies.)
  EXPECT_EQ(checkEveryFunction(Ctx, "shapes"), 13u);
}

// What the builder leaves to Clang's: do, range-for, loops without a
// condition, continue, an empty loop body, labels, ?:, && and ||,
// conditions the builder could decide, conditions with a variable, a
// switch over a covered enumeration without default, consecutive labels,
// a break out of a nested statement, a noreturn call, try, an overloaded
// operator other than a call (C++17 orders an assignment's operands right
// to left), a lambda whose capture calls a function.
TEST(StructuredGraph, GivesWayOnOtherShapes) {
  std::unique_ptr<ASTUnit> Unit = parse(R"cc(
    int pick(int);
    [[noreturn]] void die();
    enum E { A, B };
    void doLoop(int n) { do pick(n); while (--n > 0); }
    void forever(int n) { for (;;) pick(n); }
    void continued(int n) { for (int i = 0; i < n; ++i) { if (pick(i)) continue; } }
    void emptyBody(int n) { while (pick(n)) ; }
    void ranged(int (&a)[4]) { for (int x : a) pick(x); }
    void label(int n) { again: if (pick(n)) goto again; }
    void ternary(int c) { int x = c ? 1 : 2; pick(x); }
    void logical(int c, int d) { if (c && d) pick(c); }
    void decided(int c) { if (sizeof(int) == 4) pick(c); }
    void condVar(int c) { if (int x = pick(c)) pick(x); }
    void init(int c) { switch (int x = pick(c); x) { case 1: pick(x); } }
    void covered(E e) { int x = 0; switch (e) { case A: x = 1; break; case B: x = 2; } pick(x); }
    void coveredDefault(E e) { int x = 0; switch (e) { case A: x = 1; break; case B: x = 2; break; default: x = 3; } pick(x); }
    void consecutive(int s) { switch (s) { case 1: case 2: pick(s); } }
    void nestedBreak(int s, int c) { switch (s) { case 1: if (c) break; pick(s); } }
    void noreturn(int c) { if (c) die(); pick(c); }
    void tried(int c) { try { pick(c); } catch (...) {} }
    struct Num { int v; Num &operator=(const Num &o) { v = o.v; return *this; } };
    void assigned(int c) { Num a{c}, b{2}; a = b; pick(a.v); }
    void initCapture(int c) { auto f = [x = pick(c)] { return x; }; pick(f()); }
  )cc");
  ASSERT_TRUE(Unit);
  ASTContext &Ctx = Unit->getASTContext();
  for (const char *Name : {"doLoop", "forever", "continued", "emptyBody",
                           "ranged", "label", "ternary", "logical", "decided",
                           "condVar", "init", "covered", "coveredDefault", "consecutive", "nestedBreak",
                           "noreturn", "tried", "assigned", "initCapture"}) {
    auto M = match(functionDecl(hasName(Name), isDefinition()).bind("f"), Ctx);
    ASSERT_EQ(M.size(), 1u) << Name;
    EXPECT_FALSE(structuredGraph(M[0].getNodeAs<FunctionDecl>("f")->getBody()))
        << Name;
  }
}

// A switch's cases that only assign constants, past the first few that
// already disagree on each variable, are left out of the graph the walk
// runs on (their ways could not change the join): where the cases agree,
// where one falls into the next, where another variable keeps one value
// in every case, or where a value does not fit its variable, none is.
TEST(StructuredGraph, LeavesOutCasesThatChangeNoJoin) {
  std::unique_ptr<ASTUnit> Unit = parse(R"cc(
    void disagree(int s) { int ld = 0; switch (s) { case 0: ld = 0; break; case 1: ld = 1; break; case 2: ld = 2; break; case 3: ld = 3; break; case 4: ld = 4; break; case 5: ld = 5; break; case 6: ld = 6; break; case 7: ld = 7; break; case 8: ld = 8; break; case 9: ld = 9; break; case 10: ld = 10; break; case 11: ld = 11; break; case 12: ld = 12; break; case 13: ld = 13; break; case 14: ld = 14; break; case 15: ld = 15; break; case 16: ld = 16; break; case 17: ld = 17; break; case 18: ld = 18; break; case 19: ld = 19; break; default: ld = s; } (void)ld; }
    void agree(int s) { int ld = 0; switch (s) { case 0: ld = 8; break; case 1: ld = 8; break; case 2: ld = 8; break; case 3: ld = 8; break; case 4: ld = 8; break; case 5: ld = 8; break; case 6: ld = 8; break; case 7: ld = 8; break; case 8: ld = 8; break; case 9: ld = 8; break; case 10: ld = 8; break; case 11: ld = 8; break; case 12: ld = 8; break; case 13: ld = 8; break; case 14: ld = 8; break; case 15: ld = 8; break; case 16: ld = 8; break; case 17: ld = 8; break; case 18: ld = 8; break; case 19: ld = 8; break; default: ld = s; } (void)ld; }
    void fallsIn(int s) { int ld = 0; switch (s) { case 0: ld = 0; break; case 1: ld = 1; break; case 2: ld = 2; break; case 3: ld = 3; break; case 4: ld = 4; break; case 5: ld = 5; case 6: ld = 6; break; case 7: ld = 7; break; case 8: ld = 8; break; case 9: ld = 9; break; case 10: ld = 10; break; case 11: ld = 11; break; case 12: ld = 12; break; case 13: ld = 13; break; case 14: ld = 14; break; case 15: ld = 15; break; case 16: ld = 16; break; case 17: ld = 17; break; case 18: ld = 18; break; case 19: ld = 19; break; } (void)ld; }
    void twoVars(int s) { int ld = 0, m = 0; switch (s) { case 0: ld = 0; m = 64; break; case 1: ld = 1; m = 64; break; case 2: ld = 2; m = 64; break; case 3: ld = 3; m = 64; break; case 4: ld = 4; m = 64; break; case 5: ld = 5; m = 64; break; case 6: ld = 6; m = 64; break; case 7: ld = 7; m = 64; break; case 8: ld = 8; m = 64; break; case 9: ld = 9; m = 64; break; case 10: ld = 10; m = 64; break; case 11: ld = 11; m = 64; break; case 12: ld = 12; m = 64; break; case 13: ld = 13; m = 64; break; case 14: ld = 14; m = 64; break; case 15: ld = 15; m = 64; break; case 16: ld = 16; m = 64; break; case 17: ld = 17; m = 64; break; case 18: ld = 18; m = 64; break; case 19: ld = 19; m = 64; break; } (void)ld; (void)m; }
    void narrowed(int s) { unsigned char c = 0; switch (s) { case 0: c = 0; break; case 1: c = 256; break; case 2: c = 512; break; case 3: c = 768; break; case 4: c = 1024; break; case 5: c = 1280; break; case 6: c = 1536; break; case 7: c = 1792; break; case 8: c = 2048; break; case 9: c = 2304; break; case 10: c = 2560; break; case 11: c = 2816; break; case 12: c = 3072; break; case 13: c = 3328; break; case 14: c = 3584; break; case 15: c = 3840; break; case 16: c = 4096; break; case 17: c = 4352; break; case 18: c = 4608; break; case 19: c = 4864; break; } (void)c; }
    void branching(int s) { int ld = 0; switch (s) { case 0: ld = 0; break; case 1: ld = 1; break; case 2: ld = 2; break; case 3: if (s > 99) ld = 1; break; case 4: ld = 4; break; case 5: ld = 5; break; case 6: ld = 6; break; case 7: ld = 7; break; case 8: ld = 8; break; case 9: ld = 9; break; case 10: ld = 10; break; case 11: ld = 11; break; case 12: ld = 12; break; case 13: ld = 13; break; case 14: ld = 14; break; case 15: ld = 15; break; case 16: ld = 16; break; case 17: ld = 17; break; case 18: ld = 18; break; case 19: ld = 19; break; } (void)ld; }
  )cc");
  ASSERT_TRUE(Unit);
  ASTContext &Ctx = Unit->getASTContext();
  auto Blocks = [&](const char *Name, bool LeaveOut) -> unsigned {
    auto M = match(functionDecl(hasName(Name), isDefinition()).bind("f"), Ctx);
    EXPECT_EQ(M.size(), 1u) << Name;
    std::unique_ptr<CFG> G = structuredGraph(
        M[0].getNodeAs<FunctionDecl>("f")->getBody(), LeaveOut);
    EXPECT_TRUE(G) << Name;
    return G ? G->getNumBlockIDs() : 0;
  };
  // 20 cases, the last two kept: 18 blocks fewer.
  EXPECT_EQ(Blocks("disagree", true) + 18, Blocks("disagree", false));
  // Where a case branches, the last nine (the walk joins more than eight
  // ways into a block as they come, fewer by pairs): 10 of 19 left out.
  EXPECT_EQ(Blocks("branching", true) + 10, Blocks("branching", false));
  for (const char *Name : {"agree", "twoVars", "narrowed"})
    EXPECT_EQ(Blocks(Name, true), Blocks(Name, false)) << Name;
  // (Case 5 falls into case 6: both kept, and the last two of the rest.)
  EXPECT_EQ(Blocks("fallsIn", true) + 16, Blocks("fallsIn", false));
}

// Every function of the lit tests' sources (and of GEMM_TIDY_GRAPH_FILES).
TEST(StructuredGraph, SameWalkAsClangsOnTheTestSources) {
  namespace fs = std::filesystem;
  const std::string Source = GEMM_TEST_SOURCE_DIR;
  std::vector<std::pair<std::string, std::vector<std::string>>> Files;
  for (const auto &E : fs::directory_iterator(Source + "/checkers")) {
    const std::string P = E.path().string();
    const bool C = llvm::StringRef(P).ends_with(".c");
    if (C || llvm::StringRef(P).ends_with(".cpp"))
      Files.push_back({P, {C ? "-std=c99" : "-std=c++17", "-w",
                           "-I" + Source + "/Inputs/standin",
                           "-I" + Source + "/Inputs/hip",
                           "-I" + Source + "/checkers"}});
  }
  ASSERT_GT(Files.size(), 30u);
  if (const char *Extra = std::getenv("GEMM_TIDY_GRAPH_FILES")) {
    std::vector<std::string> Flags{"-w"};
    if (const char *F = std::getenv("GEMM_TIDY_GRAPH_FLAGS")) {
      llvm::SmallVector<llvm::StringRef, 8> Parts;
      llvm::StringRef(F).split(Parts, ' ', -1, false);
      for (llvm::StringRef Part : Parts)
        Flags.push_back(Part.str());
    }
    llvm::SmallVector<llvm::StringRef, 8> Paths;
    llvm::StringRef(Extra).split(Paths, ':', -1, false);
    for (llvm::StringRef P : Paths)
      Files.push_back({P.str(), Flags});
  }
  unsigned Built = 0;
  for (const auto &[Path, Args] : Files) {
    auto Buffer = llvm::MemoryBuffer::getFile(Path);
    ASSERT_TRUE(bool(Buffer)) << Path;
    std::unique_ptr<ASTUnit> Unit =
        parse((*Buffer)->getBuffer().str(), Args, Path);
    ASSERT_TRUE(Unit) << Path;
    Built += checkEveryFunction(Unit->getASTContext(), Path);
  }
  // (The sweep must have found graphs to compare.)
  EXPECT_GT(Built, 100u);
  std::printf("compared %u graphs over %zu files\n", Built, Files.size());
}

} // namespace
} // namespace clang::tidy::gemm
