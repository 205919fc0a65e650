// The launcher's count table under load, for guard-launcher-counts.test:
// calls with findings of 80 rules (more than the 64 slots a process has),
// one rule counted by 8 threads at once, and a forked child that counts in
// a file of its own. Only the counts are exercised: no call reaches cuBLAS.
#define GEMM_GUARD_NO_MACROS
#include "gemm/guard.h"

#include <cstdio>
#include <sys/wait.h>
#include <thread>
#include <vector>

namespace {

using gemm::guard::detail::countCall;
using gemm::guard::detail::countFindings;

// One checked call with a finding of Rule.
void call(const char *Rule) {
  gemm::rules::Finding F{};
  F.Cat = gemm::rules::Category::LeadingDimension;
  F.RuleId = Rule;
  countCall();
  countFindings(std::vector<gemm::rules::Finding>{F, F}); // counted once
}

} // namespace

int main() {
  static char Rules[80][16];
  for (int I = 0; I < 80; ++I) {
    std::snprintf(Rules[I], sizeof(Rules[I]), "rule.%02d", I);
    call(Rules[I]);
  }
  std::vector<std::thread> Threads;
  for (int T = 0; T < 8; ++T)
    Threads.emplace_back([] {
      for (int I = 0; I < 1000; ++I)
        call("rule.00");
    });
  for (std::thread &T : Threads)
    T.join();
  if (const pid_t Child = ::fork(); Child == 0) {
    call("rule.child");
    ::_exit(0);
  } else {
    ::waitpid(Child, nullptr, 0);
  }
  std::puts("counted");
  return 0;
}
