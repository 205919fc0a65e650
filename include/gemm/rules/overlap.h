// gemm/rules/overlap.h - whether strided batches of a column-major matrix
// share an element, for both APIs (batch.overlap, LT-BATCH-STRIDE).
//
// Batch i holds the elements at i*stride + j*ld + r (0 <= j < cols,
// 0 <= r < rows, ld >= rows). Two batches share one only when their
// elements coincide, not when their spans do: interleaved batches (per-head
// outputs side by side in one [rows, heads*dim] buffer: rows = dim,
// ld = heads*dim, stride = dim) have overlapping spans and no common element,
// and cuBLAS computes them correctly. The test is exact: docs/rules.md,
// batch.overlap.
#ifndef GEMM_RULES_OVERLAP_H
#define GEMM_RULES_OVERLAP_H

#include <cstdint>
#include <string>

namespace gemm {
namespace rules {

// One element two batches share: row Row, column Col of batch Low is row
// HighRow, column HighCol of batch High.
struct SharedElement {
  bool Found = false;
  int64_t Low = 0, High = 0;
  int64_t Row = 0, Col = 0;
  int64_t HighRow = 0, HighCol = 0;
};

// The batches furthest apart that the test tries; past them (a stride that
// divides the span many thousand times without a collision), it stays
// silent rather than spend unbounded time.
constexpr int64_t MaxOverlapDistances = 4096;

// Whether the start of a matrix Distance elements after another's (>= 0)
// lands on one of the other's elements: with Distance = q*ld + e
// (0 <= e < ld), the element (e, q), or (0, q + 1) reached from row
// ld - e of the later matrix's first column.
inline bool sharesAt(int64_t Distance, int64_t Rows, int64_t Cols, int64_t Ld,
                     SharedElement &S) {
  const int64_t Q = Distance / Ld, E = Distance % Ld;
  if (Q <= Cols - 1 && E < Rows) {
    S.Row = E, S.Col = Q, S.HighRow = 0, S.HighCol = 0;
    return true;
  }
  if (Q < Cols - 1 && E > Ld - Rows) {
    S.Row = 0, S.Col = Q + 1, S.HighRow = Ld - E, S.HighCol = 0;
    return true;
  }
  return false;
}

// The first pair of batches (by distance) that share an element, if any
// within MaxOverlapDistances. Rows, Cols > 0 and Ld >= Rows are the caller's
// to check (a shape that breaks them is another rule's finding).
inline SharedElement firstSharedElement(int64_t Rows, int64_t Cols, int64_t Ld,
                                        int64_t Stride, int64_t Batches) {
  SharedElement S;
  if (Rows <= 0 || Cols <= 0 || Ld < Rows || Batches <= 1)
    return S;
  // |INT64_MIN| is further than any element of an int64 index: no overlap.
  if (Stride == INT64_MIN)
    return S;
  const int64_t Step = Stride < 0 ? -Stride : Stride;
  const int64_t Limit = Batches - 1 < MaxOverlapDistances ? Batches - 1
                                                          : MaxOverlapDistances;
  int64_t Distance = 0;
  for (int64_t T = 1; T <= Limit; ++T) {
    if (__builtin_add_overflow(Distance, Step, &Distance))
      return S;
    // From column cols on, no element is reached, nor further out.
    if (Distance / Ld >= Cols)
      return S;
    if (sharesAt(Distance, Rows, Cols, Ld, S)) {
      S.Found = true;
      // A negative stride puts batch T before batch 0.
      S.Low = Stride < 0 ? T : 0;
      S.High = Stride < 0 ? 0 : T;
      return S;
    }
  }
  return S;
}

// "row 0, column 1 of C[0] is row 12, column 0 of C[3]": the element that
// proves the overlap, for a message.
inline std::string sharedElementText(const std::string &Matrix,
                                     const SharedElement &S) {
  auto At = [&](int64_t Row, int64_t Col, int64_t Batch) {
    return "row " + std::to_string(Row) + ", column " + std::to_string(Col) +
           " of " + Matrix + "[" + std::to_string(Batch) + "]";
  };
  return At(S.Row, S.Col, S.Low) + " is " + At(S.HighRow, S.HighCol, S.High);
}

} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_OVERLAP_H
