// libFuzzer target: gemm-explain's reader of cuBLAS logs on arbitrary bytes
// (truncated blocks, garbled lines, interleavings, numbers out of range),
// each call it completes replayed through the rules core. Nothing may
// crash, hang or read out of bounds; the reader says what it skips.
#include "gemm/explain/cublas_log.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  using namespace gemm;
  explain::CublasLogReader Reader;
  size_t Notes = 0;
  Reader.OnNote = [&](size_t, const std::string &Text) { Notes += !Text.empty(); };
  Reader.OnCall = [](const explain::LoggedCall &C) {
    const rules::ApiInfo *Api = nullptr;
    rules::CallValues V;
    if (!C.Ambiguous && explain::callValues(C, C.Pid & 1, Api, V))
      (void)rules::checkCall(*Api, V);
  };
  const std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  size_t Start = 0, Number = 0;
  while (Start <= Text.size()) {
    const size_t End = Text.find('\n', Start);
    const size_t Stop = End == std::string_view::npos ? Text.size() : End;
    Reader.line(Text.substr(Start, Stop - Start), ++Number);
    if (End == std::string_view::npos)
      break;
    Start = End + 1;
  }
  Reader.finish();
  return 0;
}
