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
    if (!C.Ambiguous && (Api = rules::findApi(C.Function.c_str())) &&
        explain::callValues(C, *Api, C.Pid & 1, V))
      (void)rules::checkCall(*Api, V);
  };
  // In two pieces cut where the input says, so that lines span them.
  const std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  const size_t Cut = Size ? Data[0] % (Size + 1) : 0;
  Reader.feed(Text.substr(0, Cut));
  Reader.feed(Text.substr(Cut));
  Reader.finish();
  return 0;
}
