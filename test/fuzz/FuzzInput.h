// FuzzInput.h - reads typed values from a libFuzzer input, for the fuzz
// targets of the rules core and the runtime guard. Values are biased toward
// the edges the rules compare against (0, 1, -1, int32 and int64 limits).
#ifndef GEMM_TEST_FUZZ_FUZZINPUT_H
#define GEMM_TEST_FUZZ_FUZZINPUT_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

namespace gemm_fuzz {

class Input {
public:
  Input(const uint8_t *Data, size_t Size) : Data(Data), Size(Size) {}

  uint8_t byte() { return Pos < Size ? Data[Pos++] : 0; }
  bool flag() { return byte() & 1; }
  uint64_t raw() {
    uint64_t V = 0;
    const size_t N = Size - Pos < 8 ? Size - Pos : 8;
    std::memcpy(&V, Data + Pos, N);
    Pos += N;
    return V;
  }
  // An integer, most often small or at an edge.
  int64_t integer() {
    switch (byte() % 8) {
    case 0: return static_cast<int8_t>(byte());
    case 1: return byte();
    case 2: return static_cast<int16_t>(byte() | byte() << 8);
    case 3: {
      static constexpr int64_t Edges[] = {
          0, 1, -1, 4, 8, 64, 65536,
          std::numeric_limits<int32_t>::max(),
          std::numeric_limits<int32_t>::min(),
          int64_t{std::numeric_limits<int32_t>::max()} + 1,
          std::numeric_limits<int64_t>::max(),
          std::numeric_limits<int64_t>::min(),
          std::numeric_limits<int64_t>::max() - 1,
          std::numeric_limits<int64_t>::min() + 1};
      return Edges[byte() % (sizeof(Edges) / sizeof(Edges[0]))];
    }
    default: return static_cast<int64_t>(raw());
    }
  }
  bool empty() const { return Pos >= Size; }

private:
  const uint8_t *Data;
  size_t Size;
  size_t Pos = 0;
};

} // namespace gemm_fuzz

#endif // GEMM_TEST_FUZZ_FUZZINPUT_H
