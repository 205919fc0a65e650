//===--- GemmTidyMain.cpp - gemm-tidy -------------------------------------===//
//
// gemm-tidy: clang-tidy with the gemm-* checks linked in, for platforms whose
// clang-tidy cannot load plugins. It is upstream's clang-tidy driver
// (clangTidyMain) unchanged: the same options, the same output, every
// upstream module, plus the gemm module.
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/tool/ClangTidyMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace clang::tidy {

// Defined in lib/GemmTidyModule.cpp. Referencing it pulls that object file,
// and with it the module's registration, out of the static library.
extern volatile int GemmTidyModuleAnchorSource;
[[maybe_unused]] static int GemmTidyModuleAnchorDestination =
    GemmTidyModuleAnchorSource;

} // namespace clang::tidy

int main(int argc, const char **argv) {
  // --version: LLVM's lines, then gemm-tidy's.
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "gemm-tidy version " GEMM_TIDY_VERSION "\n";
  });
  return clang::tidy::clangTidyMain(argc, argv);
}
