//===--- GemmChecker.h - gemm-tidy --------------------------------*- C++ -*-===//
//
// The gemm checker package of the Clang Static Analyzer: one checker,
// gemm.ApiModeling, models the functions of the API table (Models/ApiModel.h)
// and the GEMM family (gemm/rules/api.h) in evalCall and keeps the state of
// handles, cuBLASLt objects and allocations; one checker per category of the
// rules core (gemm.LeadingDimension, gemm.ScalarPointerMode, ...) reports that
// category's findings. docs/deep.md describes them.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_STATICANALYZER_GEMMCHECKER_H
#define GEMM_TIDY_STATICANALYZER_GEMMCHECKER_H

#include "gemm/rules/findings.h"

#include <string>

namespace clang::ento {
class CheckerManager;
} // namespace clang::ento

namespace clang::ento::gemm {

/// The number of the rules core's categories, one checker each.
constexpr unsigned NumCategories =
    static_cast<unsigned>(::gemm::rules::Category::Workspace) + 1;

/// "LeadingDimension" for the rules core's "leading-dimension": the
/// checker's name after "gemm.".
std::string checkerNameOf(::gemm::rules::Category Cat);

/// Registers gemm.ApiModeling, the model every reporting checker needs.
void registerApiModeling(CheckerManager &Mgr);

/// Turns on the reports of \p Cat, under the checker being registered.
void registerCategory(CheckerManager &Mgr, ::gemm::rules::Category Cat);

/// gemm.Coverage: the calls the analysis could not judge (docs/deep.md).
void registerCoverage(CheckerManager &Mgr);

} // namespace clang::ento::gemm

#endif // GEMM_TIDY_STATICANALYZER_GEMMCHECKER_H
