//===--- HelpLinks.h - gemm-clangd ----------------------------*- C++ -*-===//
//
// clangd gives every clang-tidy diagnostic a help link (the LSP
// codeDescription.href) made from the check's name alone:
// https://clang.llvm.org/extra/clang-tidy/checks/<module>/<check>.html, which
// for gemm-leading-dimension is .../checks/gemm/leading-dimension.html, a
// page that does not exist. clangd has no hook for it, so gemm-clangd passes
// clangd's output through a filter that points those links at the check
// pages shipped with gemm-tidy instead.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_HELPLINKS_H
#define GEMM_TIDY_HELPLINKS_H

#include <string>

namespace gemm_tidy {

/// The directory of the check pages (gemm-<check>.md): share/gemm-tidy/docs/
/// checks beside the executable's bin/ in an installation, else the source
/// tree's docs/checks; empty when neither exists.
std::string checkPagesDirectory(const char *Argv0);

/// \p Message (one LSP message body) with clangd's links to gemm-* checks
/// pointed at the pages in \p Pages.
std::string rewriteHelpLinks(const std::string &Message,
                             const std::string &Pages);

/// From here on, what the process writes to standard output (clangd's LSP
/// messages) passes through rewriteHelpLinks; the output is complete when the
/// process exits. Does nothing when \p Pages is empty.
void filterHelpLinks(const std::string &Pages);

} // namespace gemm_tidy

#endif // GEMM_TIDY_HELPLINKS_H
