//===--- HelpLinks.cpp - gemm-clangd -------------------------------------===//

#include "HelpLinks.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <unistd.h>

namespace gemm_tidy {

namespace {

constexpr llvm::StringLiteral ClangdLink =
    "https://clang.llvm.org/extra/clang-tidy/checks/gemm/";

std::string fileUri(llvm::StringRef Path) {
  std::string Uri = "file://";
  for (const unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-._~").contains(C))
      Uri += static_cast<char>(C);
    else
      Uri += llvm::formatv("%{0:X2}", C).str();
  }
  return Uri;
}

bool writeAll(int Fd, llvm::StringRef Data) {
  while (!Data.empty()) {
    const ssize_t N = ::write(Fd, Data.data(), Data.size());
    if (N < 0)
      return false;
    Data = Data.drop_front(N);
  }
  return true;
}

// Reads LSP messages ("Content-Length: N\r\n\r\n" and N bytes) from In and
// writes them, rewritten, to Out; anything it cannot parse passes as is.
void pump(FILE *In, int Out, std::string Pages) {
  std::string Headers;
  char Line[1024];
  while (std::fgets(Line, sizeof(Line), In)) {
    Headers += Line;
    if (llvm::StringRef(Line) != "\r\n" && llvm::StringRef(Line) != "\n")
      continue;
    size_t Length = 0;
    const size_t At = Headers.find("Content-Length:");
    if (At == std::string::npos ||
        llvm::StringRef(Headers)
            .substr(At + 15)
            .ltrim()
            .take_while(llvm::isDigit)
            .getAsInteger(10, Length)) {
      writeAll(Out, Headers);
      Headers.clear();
      continue;
    }
    std::string Body(Length, '\0');
    const size_t Read = std::fread(Body.data(), 1, Length, In);
    Body.resize(Read);
    if (Read == Length)
      Body = rewriteHelpLinks(Body, Pages);
    writeAll(Out, "Content-Length: " + std::to_string(Body.size()) +
                      "\r\n\r\n" + Body);
    Headers.clear();
    if (Read != Length)
      break;
  }
  writeAll(Out, Headers);
}

int RealStdout = -1;
std::thread *Pump = nullptr;

// Ends the filter: the last of standard output goes through, then the real
// standard output is back on fd 1 for whatever still writes there.
void finish() {
  if (!Pump)
    return;
  llvm::outs().flush();
  std::fflush(stdout);
  ::dup2(RealStdout, STDOUT_FILENO); // closes the pipe's last writer
  Pump->join();
  delete Pump;
  Pump = nullptr;
}

} // namespace

std::string checkPagesDirectory(const char *Argv0) {
  static int Anchor;
  const std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, &Anchor);
  llvm::SmallString<256> Installed(llvm::sys::path::parent_path(
      llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(Installed, "share", "gemm-tidy", "docs", "checks");
  for (llvm::StringRef Dir : {llvm::StringRef(Installed),
                              llvm::StringRef(GEMM_TIDY_SOURCE_CHECK_PAGES)})
    if (llvm::sys::fs::is_directory(Dir))
      return Dir.str();
  return "";
}

std::string rewriteHelpLinks(const std::string &Message,
                             const std::string &Pages) {
  std::string Out;
  llvm::StringRef Rest = Message;
  for (size_t At; (At = Rest.find(ClangdLink)) != llvm::StringRef::npos;) {
    Out += Rest.take_front(At);
    Rest = Rest.drop_front(At);
    const llvm::StringRef Check =
        Rest.drop_front(ClangdLink.size()).take_until([](char C) {
          return !llvm::isAlnum(C) && C != '-';
        });
    const llvm::StringRef Link =
        Rest.take_front(ClangdLink.size() + Check.size() + 5);
    llvm::SmallString<256> Page(Pages);
    llvm::sys::path::append(Page, "gemm-" + Check + ".md");
    if (Link.ends_with(".html") && llvm::sys::fs::exists(Page)) {
      Out += fileUri(Page);
      Rest = Rest.drop_front(Link.size());
    } else {
      Out += Rest.take_front(ClangdLink.size());
      Rest = Rest.drop_front(ClangdLink.size());
    }
  }
  Out += Rest;
  return Out;
}

void filterHelpLinks(const std::string &Pages) {
  int Fds[2];
  if (Pages.empty() || Pump || ::pipe(Fds) != 0)
    return;
  RealStdout = ::dup(STDOUT_FILENO);
  FILE *In = ::fdopen(Fds[0], "rb");
  if (RealStdout < 0 || !In || ::dup2(Fds[1], STDOUT_FILENO) < 0) {
    // Leave standard output as it was.
    if (In)
      std::fclose(In);
    else
      ::close(Fds[0]);
    ::close(Fds[1]);
    if (RealStdout >= 0)
      ::close(RealStdout);
    return;
  }
  ::close(Fds[1]);
  llvm::outs(); // constructed first, so that it is destroyed after finish()
  Pump = new std::thread(pump, In, RealStdout, Pages);
  std::atexit(finish);
}

} // namespace gemm_tidy
