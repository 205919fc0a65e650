//===--- GemmClangdMain.cpp - gemm-clangd ---------------------------------===//
//
// gemm-clangd: clangd with the gemm-* checks linked in. clangd cannot load
// clang-tidy plugins: when it builds a file's AST it instantiates the check
// factories of every module in ClangTidyModuleRegistry, the registry that
// static ClangTidyModuleRegistry::Add objects fill at start-up, so a module
// linked into the executable is a module clangd runs. This is upstream's
// clangd driver (clangdMain, from libclangdMain.a) unchanged, linked with the
// gemm module.
//
// clangd then keeps only the checks its fast-check filter lets through: with
// FastCheckFilter Strict, its default, only those its table of measured
// latencies (TidyFastChecks.inc) lists as fast; with Loose also checks it has
// not measured, like gemm-*; with None all. A .clangd file enables them with
//
//   Diagnostics:
//     ClangTidy:
//       Add: [gemm-*]
//       FastCheckFilter: Loose
//
// (see docs/editors.md).
//
//===----------------------------------------------------------------------===//

#include "HelpLinks.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace clang {
namespace tidy {

// Defined in lib/GemmTidyModule.cpp. Referencing it pulls that object file,
// and with it the module's registration, out of the static library.
extern volatile int GemmTidyModuleAnchorSource;
[[maybe_unused]] static int GemmTidyModuleAnchorDestination =
    GemmTidyModuleAnchorSource;

} // namespace tidy

namespace clangd {
// Defined in libclangdMain.a (clang-tools-extra/clangd/tool/ClangdMain.cpp);
// Debian does not ship its header.
int clangdMain(int argc, char *argv[]);
} // namespace clangd
} // namespace clang

int main(int argc, char *argv[]) {
  // clangd's --version printer replaces LLVM's and ignores extra printers
  // (llvm::cl::AddExtraVersionPrinter): gemm-tidy's line goes first.
  for (int I = 1; I < argc; ++I)
    if (llvm::StringRef(argv[I]) == "--version" ||
        llvm::StringRef(argv[I]) == "-version")
      llvm::outs() << "gemm-tidy version " GEMM_TIDY_VERSION "\n";
  llvm::outs().flush();
  // Help links to gemm-tidy's check pages (HelpLinks.h).
  gemm_tidy::filterHelpLinks(gemm_tidy::checkPagesDirectory(argv[0]));
  return clang::clangd::clangdMain(argc, argv);
}
