// gemm/rules.h - the gemm-tidy rules core: every cuBLAS GEMM fact the
// clang-tidy checks and the runtime guard rely on, in one dependency-free
// C++17 header set (no LLVM, no CUDA headers). See docs/rules.md.
#ifndef GEMM_RULES_H
#define GEMM_RULES_H

#include "gemm/rules/api.h"
#include "gemm/rules/check.h"
#include "gemm/rules/enums.h"
#include "gemm/rules/rule_ids.h"
#include "gemm/rules/type_tables.h"
#include "gemm/rules/vendor.h"

#endif // GEMM_RULES_H
