//===--- GemmPlugin.cpp - gemm-tidy --------------------------------------===//
//
// The plugin's entry points, in the convention of the analyzer plugins in
// clang's sources: clang_registerCheckers adds the gemm package to the
// registry of the clang that loads it, clang_analyzerAPIVersionString tells
// that clang which analyzer the plugin was built against (it refuses a
// plugin of another version rather than crash in it).
//
//===----------------------------------------------------------------------===//

#include "GemmChecker.h"

#include "clang/StaticAnalyzer/Core/CheckerManager.h"
#include "clang/StaticAnalyzer/Frontend/CheckerRegistry.h"
#include <array>
#include <utility>

using namespace clang;
using namespace clang::ento;
namespace rules = ::gemm::rules;
namespace analyzer = clang::ento::gemm;

namespace {

constexpr const char *ModelName = "gemm.ApiModeling";
// docs/deep.md documents the checkers; the registry wants a URI, and the
// package has no web site.
constexpr const char *DocsUri = "";

bool always(const CheckerManager &) { return true; }

template <unsigned Cat> void registerCategory(CheckerManager &Mgr) {
  analyzer::registerCategory(Mgr, static_cast<rules::Category>(Cat));
}

template <unsigned... Cats>
constexpr std::array<void (*)(CheckerManager &), sizeof...(Cats)>
registrations(std::integer_sequence<unsigned, Cats...>) {
  return {&registerCategory<Cats>...};
}

} // namespace

extern "C" void clang_registerCheckers(CheckerRegistry &Registry) {
  // The registry keeps the names by reference: they live as long as the
  // plugin.
  static std::array<std::string, analyzer::NumCategories> Names, Descs;
  static constexpr auto Register =
      registrations(std::make_integer_sequence<unsigned, analyzer::NumCategories>());
  Registry.addChecker(analyzer::registerApiModeling, always, ModelName,
                      "Models the cuBLAS, cuBLASLt and CUDA runtime functions "
                      "around GEMM calls (no reports of its own)",
                      DocsUri, /*IsHidden=*/false);
  for (unsigned I = 0; I < analyzer::NumCategories; ++I) {
    const auto Cat = static_cast<rules::Category>(I);
    Names[I] = "gemm." + analyzer::checkerNameOf(Cat);
    Descs[I] = std::string("Reports the gemm-") + rules::categoryName(Cat) +
               " rules on the paths the analyzer explores";
    Registry.addChecker(Register[I], always, Names[I], Descs[I], DocsUri,
                        /*IsHidden=*/false);
    Registry.addDependency(Names[I], ModelName);
  }
  Registry.addChecker(analyzer::registerCoverage, always, "gemm.Coverage",
                      "Reports the cuBLAS calls the analysis could not judge: "
                      "a path it stopped (its step budget, a loop unrolled as "
                      "often as it may) may reach them with values it did not "
                      "see",
                      DocsUri, /*IsHidden=*/false);
  Registry.addDependency("gemm.Coverage", ModelName);
}

extern "C" const char clang_analyzerAPIVersionString[] =
    CLANG_ANALYZER_API_VERSION_STRING;
