// gemm/rules/check.h - the verdict on one call of the GEMM family.
//
// Input: the API row and, for each role, a value or "unknown". Output: one
// finding per defect, each naming the parameter, its value, the bound and the
// reason, in the words both the clang-tidy checks and the runtime guard print.
// An unknown argument never yields a finding: it stands for every value.
#ifndef GEMM_RULES_CHECK_H
#define GEMM_RULES_CHECK_H

#include "gemm/rules/findings.h"
#include "gemm/rules/gemm/call_values.h"
#include "gemm/rules/gemm/checker.h"
// The rules, by family.
#include "gemm/rules/gemm/sizes.h"
#include "gemm/rules/gemm/enum_values.h"
#include "gemm/rules/gemm/leading_dimensions.h"
#include "gemm/rules/gemm/types.h"
#include "gemm/rules/gemm/scalars.h"
#include "gemm/rules/gemm/matrices.h"

namespace gemm {
namespace rules {

// The verdict on one call: every defect the known values prove.
inline std::vector<Finding> checkCall(const ApiInfo &Api,
                                      const CallValues &Values) {
  return detail::Checker(Api, Values).run();
}

} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_CHECK_H
