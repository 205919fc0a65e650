// gemm/rules/lt_check.h - the verdict on cuBLASLt setups: attribute
// encodings at the *SetAttribute/*GetAttribute/*Create calls, and the whole
// matmul (descriptor, four layouts, pointers, workspace, device) at
// cublasLtMatmulAlgoGetHeuristic and cublasLtMatmul.
//
// Same contract as gemm/rules/check.h: the caller gives each value or
// "unknown"; each finding names what it is about (an argument, or an
// attribute of a descriptor or layout), its value, the bound and the rule id
// (docs/cublaslt.md states each rule with its source). Unknown
// values never yield a finding; architecture rules (A-tagged) stay silent
// while the compute capability is unknown.
#ifndef GEMM_RULES_LT_CHECK_H
#define GEMM_RULES_LT_CHECK_H

#include "gemm/rules/check.h"
#include "gemm/rules/lt/functions.h"
#include "gemm/rules/lt/objects.h"
#include "gemm/rules/lt/attribute_rules.h"
#include "gemm/rules/lt/matmul_values.h"
#include "gemm/rules/lt/matmul_checker.h"
// The matmul's rules, by family.
#include "gemm/rules/lt/shape_rules.h"
#include "gemm/rules/lt/type_rules.h"
#include "gemm/rules/lt/narrow_rules.h"
#include "gemm/rules/lt/int8_rules.h"
#include "gemm/rules/lt/pointer_rules.h"
#include "gemm/rules/lt/epilogue_rules.h"
#include "gemm/rules/lt/other_calls.h"

namespace gemm {
namespace rules {
namespace lt {

// The verdict on one cublasLtMatmul or cublasLtMatmulAlgoGetHeuristic call.
inline std::vector<Finding> checkMatmul(const MatmulValues &Values) {
  return detail::MatmulChecker(Values).run();
}

// Whether the findings include one that makes the call invalid (warnings
// are observed restrictions, reported but not enforced).
inline bool hasError(const std::vector<Finding> &Fs) {
  for (const Finding &F : Fs)
    if (F.Sev == Severity::Error)
      return true;
  return false;
}

} // namespace lt
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_LT_CHECK_H
