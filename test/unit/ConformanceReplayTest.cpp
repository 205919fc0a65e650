// Replays the conformance table against the rules core: every row's
// recorded cuBLAS outcome must agree with the core's verdict today, or be a
// listed, explained known difference (test/data/known-differences.txt).
//
// test/data/conformance.csv is the table from a real GPU run of
// tools/gemm-conformance; test/data/conformance-handmade.csv is a small table
// written from the documentation that exercises the replay until then.
#include "ConformanceTable.h"

#include <gtest/gtest.h>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <tuple>

using namespace gemm::conformance;

namespace {

std::vector<Row> readTable(const std::string &Path, std::string &Header) {
  std::ifstream In(Path);
  std::vector<Row> Rows;
  std::string Line;
  while (std::getline(In, Line)) {
    if (Line.empty() || Line[0] == '#') {
      Header += Line + "\n";
      continue;
    }
    if (Line.rfind("api,", 0) == 0)
      continue;
    Row R;
    EXPECT_TRUE(fromCsv(Line, R)) << "unreadable row: " << Line;
    Rows.push_back(R);
  }
  return Rows;
}

using Key = std::tuple<std::string, std::string, std::string, std::string>;

std::set<Key> knownDifferences() {
  std::ifstream In(GEMM_TEST_DATA_DIR "/known-differences.txt");
  std::set<Key> Known;
  std::string Line;
  while (std::getline(In, Line)) {
    if (Line.empty() || Line[0] == '#')
      continue;
    std::istringstream S(Line);
    std::string Api, Probe, Outcome, Core;
    std::getline(S, Api, '\t');
    std::getline(S, Probe, '\t');
    std::getline(S, Outcome, '\t');
    std::getline(S, Core, '\t');
    Known.emplace(Api, Probe, Outcome, Core);
  }
  return Known;
}

void replay(const std::string &Path) {
  std::string Header;
  const std::vector<Row> Rows = readTable(Path, Header);
  ASSERT_FALSE(Rows.empty()) << Path;
  const std::set<Key> Known = knownDifferences();
  std::set<Key> Used;
  size_t Agree = 0, Inconclusive = 0;
  for (const Row &R : Rows) {
    const std::vector<gemm::rules::Finding> F = verdict(R.C);
    const Agreement A = compare(F, R.Outcome);
    if (A == Agreement::Agree) {
      ++Agree;
      continue;
    }
    if (A == Agreement::Inconclusive) {
      ++Inconclusive;
      continue;
    }
    const Key K{R.C.Api, R.C.Probe, R.Outcome, ruleIds(F)};
    if (Known.count(K)) {
      Used.insert(K);
      continue;
    }
    ADD_FAILURE() << agreementName(A) << ": " << toCsv(R);
  }
  for (const Key &K : Known)
    if (!Used.count(K) && Path.find("handmade") == std::string::npos)
      ADD_FAILURE() << "known difference no longer seen: " << std::get<0>(K)
                    << " " << std::get<1>(K);
  std::printf("%s: %zu rows, %zu agree, %zu inconclusive, %zu known "
              "differences\n%s",
              Path.c_str(), Rows.size(), Agree, Inconclusive, Used.size(),
              Header.c_str());
}

TEST(ConformanceReplay, HandMadeTable) {
  replay(GEMM_TEST_DATA_DIR "/conformance-handmade.csv");
}

TEST(ConformanceReplay, TableFromARealGpuRun) {
  const std::string Path = GEMM_TEST_DATA_DIR "/conformance.csv";
  if (!std::ifstream(Path))
    GTEST_SKIP() << "no table from a GPU run yet: run "
                    "tools/gemm-conformance/run.sh on a GPU machine and commit "
                    "its conformance.csv as test/data/conformance.csv";
  replay(Path);
}

// The comparison itself, on rows whose outcome contradicts the core.
TEST(ConformanceReplay, DisagreementsAreDetected) {
  Case Valid;
  Valid.Api = "cublasGemmEx";
  EXPECT_EQ(compare(verdict(Valid), "0"), Agreement::Agree);
  EXPECT_EQ(compare(verdict(Valid), "7"), Agreement::CoreTooLax);
  EXPECT_EQ(compare(verdict(Valid), "signal:11"), Agreement::CoreTooLax);
  EXPECT_EQ(compare(verdict(Valid), "1"), Agreement::Inconclusive);
  EXPECT_EQ(compare(verdict(Valid), "not-run"), Agreement::Inconclusive);
  Case BadLd = Valid;
  BadLd.Lda = 3;
  EXPECT_EQ(compare(verdict(BadLd), "7"), Agreement::Agree);
  EXPECT_EQ(compare(verdict(BadLd), "15"), Agreement::Agree);
  EXPECT_EQ(compare(verdict(BadLd), "0"), Agreement::CoreTooStrict);
  // Undefined behaviour cuBLAS cannot see is no disagreement either way.
  Case Overlap = Valid;
  Overlap.Api = "cublasGemmStridedBatchedEx";
  Overlap.BatchCount = 2;
  Overlap.StrideC = 1;
  ASSERT_EQ(ruleIds(verdict(Overlap)), "batch.overlap");
  EXPECT_EQ(compare(verdict(Overlap), "0"), Agreement::Agree);
}

TEST(ConformanceReplay, CsvRoundTrip) {
  Case C;
  C.Api = "cublasGemmStridedBatchedEx";
  C.TransA = 1;
  C.M = -3;
  C.Legacy = true;
  C.AlphaWhere = "device";
  C.Probe = "a probe";
  Row Back;
  ASSERT_TRUE(fromCsv(toCsv(Row{C, "15"}), Back));
  EXPECT_EQ(toCsv(Back), toCsv(Row{C, "15"}));
  EXPECT_FALSE(fromCsv("cublasGemmEx,1,2", Back));
  EXPECT_FALSE(fromCsv("cublasGemmEx,x,0,16,16,16,16,16,16,0,0,0,68,-1,1,256,"
                       "256,256,0,host,0,0,valid,agree,p",
                       Back));
}

} // namespace
