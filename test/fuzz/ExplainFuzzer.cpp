// libFuzzer target: gemm-explain's reader of cuBLAS and cuBLASLt logs on
// arbitrary bytes (truncated blocks, garbled lines and dumps, interleavings,
// numbers out of range), each call it completes replayed through the rules
// core as gemm-explain does (gemm/explain/replay.h). Nothing may
// crash, hang or read out of bounds; the reader says what it skips.
#include "gemm/explain/replay.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  using namespace gemm;
  explain::CublasLogReader Reader;
  explain::Replayer Replay;
  size_t Said = 0;
  Reader.OnNote = Replay.OnNote = [&](size_t, const std::string &Text) {
    Said += !Text.empty();
  };
  Replay.OnVerdict = [&](const explain::Verdict &V) { Said += !V.Message.empty(); };
  Reader.OnCall = [&](const explain::LoggedCall &C) { Replay.call(C); };
  // In two pieces cut where the input says, so that lines span them.
  const std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  const size_t Cut = Size ? Data[0] % (Size + 1) : 0;
  Reader.feed(Text.substr(0, Cut));
  Reader.feed(Text.substr(Cut));
  Reader.finish();
  Replay.finish();
  return 0;
}
