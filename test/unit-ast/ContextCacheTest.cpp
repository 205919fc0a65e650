//===--- ContextCacheTest.cpp - gemm-tidy ---------------------------------===//
//
// The per-translation-unit caches (lib/ContextCache.h) on real ASTContexts:
// kept while their context lives, whatever other contexts do on other
// threads (the analysis holds references into them), and new for a new
// context, even one at the address of an ended one.
//
//===----------------------------------------------------------------------===//

#include "ContextCache.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>
#include <thread>

namespace clang::tidy::gemm {
namespace {

struct Counter {
  int N = 0;
};

TEST(ContextCache, KeptWhileItsContextLives) {
  std::unique_ptr<ASTUnit> A = tooling::buildASTFromCode("int a;");
  ASSERT_TRUE(A);
  contextCache<Counter>(A->getASTContext()).N = 42;
  EXPECT_EQ(contextCache<Counter>(A->getASTContext()).N, 42);
}

TEST(ContextCache, KeptWhenAContextEndsOnAnotherThread) {
  // clangd ends idle ASTs on whichever worker evicts them, while other
  // workers are in the middle of their analyses.
  std::unique_ptr<ASTUnit> A = tooling::buildASTFromCode("int a;");
  ASSERT_TRUE(A);
  Counter &Before = contextCache<Counter>(A->getASTContext());
  Before.N = 7;
  std::thread Other([] {
    std::unique_ptr<ASTUnit> B = tooling::buildASTFromCode("int b;");
    contextCache<Counter>(B->getASTContext()).N = 1;
    B.reset(); // B's context ends here
  });
  Other.join();
  Counter &After = contextCache<Counter>(A->getASTContext());
  EXPECT_EQ(&After, &Before);
  EXPECT_EQ(After.N, 7);
}

TEST(ContextCache, NewForAnotherContext) {
  std::unique_ptr<ASTUnit> A = tooling::buildASTFromCode("int a;");
  std::unique_ptr<ASTUnit> B = tooling::buildASTFromCode("int b;");
  ASSERT_TRUE(A && B);
  contextCache<Counter>(A->getASTContext()).N = 3;
  EXPECT_EQ(contextCache<Counter>(B->getASTContext()).N, 0);
}

TEST(ContextCache, NewAfterItsContextEnds) {
  // The next context may take the ended one's address (clang-tidy on
  // several files): what was kept must not carry over, wherever it lands.
  for (int I = 0; I < 4; ++I) {
    std::unique_ptr<ASTUnit> A = tooling::buildASTFromCode("int a;");
    ASSERT_TRUE(A);
    EXPECT_EQ(contextCache<Counter>(A->getASTContext()).N, 0);
    contextCache<Counter>(A->getASTContext()).N = 5;
  }
}

} // namespace
} // namespace clang::tidy::gemm
