// gemm/rules/gemm/sizes.h - GEMM-family rules: sizes: widths, signs, groups,
// shapes, transposes.
#ifndef GEMM_RULES_GEMM_SIZES_H
#define GEMM_RULES_GEMM_SIZES_H

#include "gemm/rules/gemm/checker.h"

namespace gemm {
namespace rules {
namespace detail {

// --- sizes --------------------------------------------------------------

// 32-bit APIs take m, n, k, the leading dimensions, batchCount and
// group_count as int: a wider constant wraps (docs/rules.md, `size.int32`).
inline void Checker::checkSizeWidths() {
  if (Api.Int64Dims)
    return;
  static constexpr Role IntRoles[] = {Role::M,   Role::N,   Role::K,
                                      Role::Lda, Role::Ldb, Role::Ldc,
                                      Role::Ldd, Role::BatchCount,
                                      Role::GroupCount};
  for (Role R : IntRoles) {
    if (isPerGroup(R))
      continue; // host arrays are int already
    Value V = get(R);
    if (!V.Known || fitsInt(V.V))
      continue;
    const int64_t Wrapped =
        static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(V.V)));
    std::string Msg = quote(name(R)) + " (" + std::to_string(V.V) +
                      ") does not fit the 32-bit 'int' parameter of " +
                      fn() + " and becomes " + std::to_string(Wrapped);
    std::string Note;
    if (has64BitVariant())
      Note = "call " + fn() +
             "_64, which takes 64-bit sizes and leading dimensions";
    add(Category::InvalidSize, "size.int32", R, -1, V.V, Msg, Note, {R}).Bound =
        std::numeric_limits<int32_t>::max();
    Narrowed[static_cast<unsigned>(R)] = true;
  }
}

inline bool Checker::fitsInt(int64_t V) {
  return V >= std::numeric_limits<int32_t>::min() &&
         V <= std::numeric_limits<int32_t>::max();
}

inline bool Checker::has64BitVariant() const {
  return findApi((std::string(Api.Name) + "_64").c_str()) != nullptr;
}

inline void Checker::checkNonNegative(Role R, int Group) {
  Value V = get(R, Group);
  if (V.Known && V.V < 0)
    add(Category::InvalidSize, "size.negative", R, Group, V.V,
        quote(name(R, Group)) + " (" + std::to_string(V.V) +
            ") must not be negative",
        "", {R});
}

inline void Checker::checkGroups() {
  checkNonNegative(Role::GroupCount, -1);
  Value Count = get(Role::GroupCount);
  if (!Count.Known || Count.V <= 0)
    return;
  // The arrays are as long as group_count; look no further than what is
  // known, and bound the work on absurd counts.
  size_t Known = 0;
  for (Role R : {Role::TransA, Role::TransB, Role::M, Role::N, Role::K,
                 Role::Lda, Role::Ldb, Role::Ldc, Role::GroupSize})
    Known = std::max(Known, In.group(R).size());
  const int64_t Limit = std::min<int64_t>(Count.V, static_cast<int64_t>(Known));
  for (int64_t G = 0; G < Limit; ++G) {
    checkShape(static_cast<int>(G));
    checkNonNegative(Role::GroupSize, static_cast<int>(G));
  }
  checkGroupPointers(Count.V);
}

// cuBLAS reads group_count entries of each host array.
inline void Checker::checkGroupPointers(int64_t Count) {
  if (In.GroupBase != 0)
    return;
  for (Role R : {Role::TransA, Role::TransB, Role::M, Role::N, Role::K,
                 Role::Alpha, Role::Lda, Role::Ldb, Role::Beta, Role::Ldc,
                 Role::GroupSize}) {
    const PointerFacts &P = In.pointer(R);
    if (!Api.has(R) || !P.Address.Known || P.Address.V != 0)
      continue;
    const std::string Name =
        paramName(Api, R) + (R == Role::GroupSize ? "" : "_array");
    add(Category::ScalarPointerMode, "pointer.null", R, -1, 0,
        quote(Name) + " is null but 'group_count' is " +
            std::to_string(Count) + ": cuBLAS reads one entry per group",
        "", {{R, Fact::Residency}, Role::GroupCount});
  }
}

// Sizes, transposes and leading dimensions of one problem (or group).
inline void Checker::checkShape(int Group) {
  const bool TransAValid = checkTrans(Role::TransA, Group);
  const bool TransBValid = checkTrans(Role::TransB, Group);
  for (Role R : {Role::M, Role::N, Role::K})
    checkNonNegative(R, Group);
  if (!Api.isGrouped())
    checkNonNegative(Role::BatchCount, Group);

  if (TransAValid)
    checkOperandLd(Operand{Role::TransA, Role::Lda, Role::M, Role::K, 'A'},
                   Group);
  if (TransBValid)
    checkOperandLd(Operand{Role::TransB, Role::Ldb, Role::K, Role::N, 'B'},
                   Group);
  checkOutputLd(Role::Ldc, 'C', Group);
  if (Api.has(Role::Ldd))
    checkOutputLd(Role::Ldd, 'D', Group);
}

} // namespace detail
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_GEMM_SIZES_H
