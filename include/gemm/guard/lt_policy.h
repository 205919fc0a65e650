// gemm/guard/lt_policy.h - part of the gemm-tidy runtime guard for cuBLASLt:
// the cuBLASLt report type, handler and device inspector.
//
// Included by gemm/lt_guard.h, in order, after the headers it includes;
// include gemm/lt_guard.h, not this file.

#ifndef GEMM_GUARD_LT_POLICY_H
#define GEMM_GUARD_LT_POLICY_H

namespace gemm {
namespace guard {
namespace lt {

// For every part of the cuBLASLt guard (gemm/guard/lt_*.h).
namespace rl = rules::lt;
namespace detail {
using guard::detail::hookSlot;
} // namespace detail

// What a check of one Lt call found: a Report of the one kind both
// libraries' checks give, as its own type so that an LtHandler is installed
// apart from the cuBLAS Handler.
struct LtReport : Report {};
using LtHandler = void (*)(const LtReport &);
// What the guard asks about the current device; -1 where not known (no
// GPU). Tests and tools may install their own inspector.
struct DeviceFacts {
  int ComputeCapability = -1; // major * 10 + minor
  int PageableMemoryAccess = -1; // 1: the GPU reads pageable host memory (HMM, ATS)
};
using DeviceInspector = DeviceFacts (*)();

} // namespace lt
} // namespace guard
} // namespace gemm

#endif // GEMM_GUARD_LT_POLICY_H
