// gemm/lt_guard.h - the gemm-tidy runtime guard for cuBLASLt.
//
// Follows every cuBLASLt matmul descriptor, matrix layout and matmul
// preference from Create (or Init) through SetAttribute to Destroy in a
// shadow state, checks each attribute as it is set, and checks the whole
// setup at cublasLtMatmulAlgoGetHeuristic and cublasLtMatmul with the rules
// core (gemm/rules/lt_check.h) and what only a run knows: the device's
// compute capability, where alpha, beta, the matrices, bias, scales and the
// workspace live and how they are aligned, and what the heuristic assumed.
//
// Same routes, policies (GEMM_GUARD, GEMM_GUARD_DEPTH), log (GEMM_GUARD_LOG)
// and message format as the GemmEx guard (gemm/guard.h, docs/cublaslt.md):
//   * whole translation unit: `-include gemm/lt_guard.h` (it includes
//     gemm/guard.h, so the cublasGemmEx family is guarded too);
//   * explicit: define GEMM_GUARD_NO_MACROS and call
//     gemm::guard::lt::cublasLtMatmul(...) and the other names below;
//   * unmodified binaries: libgemm_guard_preload.so.
//
// Shadow state: the GemmEx guard's table of objects followed by address
// (guard::detail::AddressTable: atomics only, no lock on any path, nothing
// to reset after fork), marked destroyed on Destroy (a later use is
// reported); re-creating an object at the same address reuses its slot.
// Objects the guard never saw created (or more live objects than slots)
// have unknown attributes, so the rules stay silent on them.
//
// A repeated valid matmul or heuristic query is answered by the GemmEx
// guard's verdict cache, keyed on the objects' generations (moved by every
// change the guard sees) among everything else the verdict depends on.
#ifndef GEMM_LT_GUARD_H
#define GEMM_LT_GUARD_H

#include "gemm/guard.h"
#if __cplusplus >= 201703L // (before C++17, gemm/guard.h has said why not)
#include "gemm/rules/lt_check.h"

#include <cublasLt.h>

#include <atomic>
#include <cstring>


// The cuBLASLt guard, one concern a header (each included once, in this
// order).
#include "gemm/guard/lt_policy.h"
#include "gemm/guard/lt_objects.h"
#include "gemm/guard/lt_facts.h"
#include "gemm/guard/lt_report.h"
#include "gemm/guard/lt_entry.h"
#include "gemm/guard/lt_verdict_cache.h"
#include "gemm/guard/lt_explicit.h"

#endif // C++17
#endif // GEMM_LT_GUARD_H

// The whole-translation-unit route: every later call goes through the
// checks with its file and line (the default arguments above).
#if __cplusplus >= 201703L && !defined(GEMM_GUARD_NO_MACROS) &&                \
    !defined(GEMM_LT_GUARD_MACROS_INSTALLED)
#define GEMM_LT_GUARD_MACROS_INSTALLED
#include "gemm/lt_guard_macros.inc"
#endif
