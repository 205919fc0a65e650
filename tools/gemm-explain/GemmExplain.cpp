//===- gemm-explain: the verdict of the rules on a cuBLAS log -------------===//
//
//   gemm-explain [--format text|json|sarif] [LOG...]  (standard input: none or -)
//   gemm-explain --version | --help
//
// Reads the log libcublas wrote (CUBLAS_LOGINFO_DBG=1 CUBLAS_LOGDEST_DBG=F)
// and the one libcublasLt wrote (CUBLASLT_LOG_LEVEL=5 CUBLASLT_LOG_FILE=F),
// follows the state they show across calls (gemm/explain/replay.h), replays
// every call of the GEMM family and every cuBLASLt object call through the
// rules core the checks and the guard share, and prints each finding at
// the log line of its call with the message the guard prints; when no call
// breaks a rule, it says so, unless something was not replayed: then it
// counts what, and the exit status says so too (ExitStatus below).
//
//===----------------------------------------------------------------------===//
#include "gemm/explain/replay.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace {

using namespace gemm;

enum class Format { Text, Json, Sarif };

// The exit status, for scripts and CI: an all-clear (0) only where every
// call was replayed in full and none breaks a rule.
enum ExitStatus {
  AllClear = 0,   // every call replayed, none breaks a rule
  Findings = 1,   // a call breaks a rule
  InputError = 2, // a wrong flag, or a log that cannot be read (before 1, 3)
  NotAllReplayed = 3, // none of the replayed calls breaks a rule, but some
                      // calls or lines were not replayed, or no call at all
};

std::string jsonString(const std::string &S) {
  std::string Out = "\"";
  for (unsigned char C : S) {
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += static_cast<char>(C);
    } else if (C < 0x20) {
      char Buf[8];
      std::snprintf(Buf, sizeof(Buf), "\\u%04x", C);
      Out += Buf;
    } else {
      Out += static_cast<char>(C);
    }
  }
  return Out + "\"";
}

// One line of the report: a finding, or a note on what was not replayed.
struct Entry {
  std::string Log;
  size_t Line;
  std::string Level, Message, Check, Rule, Param; // Check empty: a note
  int64_t Value, Bound;
};

// A log that could not be read: its name and the one line that says why.
struct InputFailure {
  std::string Log, Message;
};

// What one run found, over all its logs; SARIF is written at the end.
struct Tally {
  uint64_t Calls = 0, Replayed = 0, Breaking = 0, SetupCalls = 0, Skipped = 0;
  uint64_t LogsRead = 0;
  bool FirstJson = true;
  std::vector<Entry> Kept;
  std::vector<InputFailure> Failures;
};

// Whether the first bytes of a file are a binary's (an executable, an
// archive) rather than a log's: a NUL byte with data after it. A log whose
// tail is all NULs (what a crash leaves on some file systems) is text.
bool looksBinary(std::string_view Start) {
  const size_t Nul = Start.find('\0');
  return Nul != std::string_view::npos &&
         Start.find_first_not_of('\0', Nul) != std::string_view::npos;
}

class Explainer {
public:
  Explainer(std::string Name, Format F, Tally &T) : Name(std::move(Name)), Out(F), Sum(T) {
    Reader.OnCall = [this](const explain::LoggedCall &C) { Replay.call(C); };
    Reader.OnNote = Replay.OnNote = [this](size_t Line, const std::string &Text) {
      emit({this->Name, Line, "note", Text, "", "", "", 0, 0});
    };
    Replay.OnVerdict = [this](const explain::Verdict &V) {
      emit({this->Name, V.Line, V.Advisory ? "warning" : "error", V.Function + ": " + V.Message, V.Check,
            V.Rule, V.Param, V.Value, V.Bound});
    };
  }

  // Streams the file; the reason it cannot be read, or empty. What was
  // replayed before a read error is counted all the same: it was said.
  std::string read(std::FILE *F) {
    std::vector<char> Buffer(1 << 20);
    size_t Got;
    bool First = true;
    while ((Got = std::fread(Buffer.data(), 1, Buffer.size(), F)) > 0) {
      const std::string_view Piece(Buffer.data(), Got);
      if (First && looksBinary(Piece.substr(0, 4096)))
        return "'" + Name + "' is a binary file, not a cuBLAS log; give the file "
               "CUBLAS_LOGDEST_DBG or CUBLASLT_LOG_FILE named";
      First = false;
      Reader.feed(Piece);
    }
    std::string Error;
    if (std::ferror(F))
      Error = "cannot read '" + Name + "': " + std::strerror(errno);
    else
      Reader.finish(); // the blocks the log ends inside are judged or counted
    Replay.finish();
    Sum.Calls += Replay.Calls;
    Sum.Replayed += Replay.Replayed;
    Sum.Breaking += Replay.Breaking;
    Sum.SetupCalls += Replay.SetupCalls;
    Sum.Skipped += Replay.Skipped + Reader.Skipped;
    return Error;
  }

private:
  std::string Name;
  Format Out;
  Tally &Sum;
  explain::CublasLogReader Reader;
  explain::Replayer Replay;

  void emit(Entry E) {
    if (Out == Format::Sarif) {
      Sum.Kept.push_back(std::move(E));
      return;
    }
    const std::string Line = std::to_string(E.Line);
    if (Out == Format::Text) {
      std::string Text = E.Log + ":" + Line + ": " + E.Level + ": " + E.Message;
      if (!E.Check.empty())
        Text += " [" + E.Check + "]";
      std::printf("%s\n", Text.c_str());
      return;
    }
    std::string Obj = "{\"log\":" + jsonString(E.Log) + ",\"line\":" + Line +
                      ",\"level\":\"" + E.Level + "\",\"message\":" + jsonString(E.Message);
    if (!E.Check.empty())
      Obj += ",\"check\":" + jsonString(E.Check) + ",\"rule\":" + jsonString(E.Rule) +
             ",\"param\":" + jsonString(E.Param) + ",\"value\":" + std::to_string(E.Value) +
             ",\"bound\":" + std::to_string(E.Bound) +
             ",\"advisory\":" + (E.Level == "warning" ? "true" : "false");
    std::printf("%s%s}", Sum.FirstJson ? "\n" : ",\n", Obj.c_str());
    Sum.FirstJson = false;
  }
};

// The log's place for SARIF: relative to the working directory (the
// %SRCROOT% base) where it lies below it, else an absolute file URI; the
// standard input has none. Artifacts holds each log's, resolved once.
std::string sarifLocation(const Entry &E, const std::string &Root,
                          std::map<std::string, std::string> &Artifacts) {
  const std::string Region = "\"region\":{\"startLine\":" + std::to_string(E.Line) + "}";
  if (E.Log == "<stdin>")
    return "{\"logicalLocations\":[{\"fullyQualifiedName\":" +
           jsonString("<stdin>:" + std::to_string(E.Line)) + ",\"kind\":\"module\"}]}";
  std::string &Artifact = Artifacts[E.Log];
  if (Artifact.empty()) {
    char Real[PATH_MAX];
    const std::string Path = ::realpath(E.Log.c_str(), Real) ? Real : E.Log;
    if (Path.rfind(Root, 0) == 0)
      Artifact = "{\"uri\":" + jsonString(Path.substr(Root.size())) +
                 ",\"uriBaseId\":\"%SRCROOT%\"}";
    else
      Artifact = "{\"uri\":" + jsonString("file://" + Path) + "}";
  }
  return "{\"physicalLocation\":{\"artifactLocation\":" + Artifact + "," + Region + "}}";
}

void writeSarif(const Tally &Sum, const std::string &Verdict, int Status) {
  char Cwd[PATH_MAX];
  std::string Root = ::getcwd(Cwd, sizeof(Cwd)) ? Cwd : "/";
  if (Root.back() != '/')
    Root += '/';
  std::map<std::string, std::string> Artifacts;
  std::vector<std::string> Rules;
  for (const Entry &E : Sum.Kept)
    if (!E.Check.empty() &&
        std::find(Rules.begin(), Rules.end(), "gemm-" + E.Check) == Rules.end())
      Rules.push_back("gemm-" + E.Check);
  std::string Out = "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\","
                    "\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{"
                    "\"name\":\"gemm-explain\",\"semanticVersion\":\"" GEMM_TIDY_VERSION "\","
                    "\"rules\":[";
  for (size_t I = 0; I < Rules.size(); ++I)
    Out += std::string(I ? "," : "") + "{\"id\":" + jsonString(Rules[I]) +
           ",\"shortDescription\":{\"text\":" +
           jsonString(Rules[I] + ", replayed from a cuBLAS log") + "}}";
  Out += "]}},\"originalUriBaseIds\":{\"%SRCROOT%\":{\"uri\":" +
         jsonString("file://" + Root) + "}},\"invocations\":[{\"executionSuccessful\":" +
         (Sum.Failures.empty() ? "true" : "false") + ",\"exitCode\":" + std::to_string(Status) +
         ",\"toolExecutionNotifications\":[";
  bool First = true;
  for (const InputFailure &Failure : Sum.Failures) {
    Out += std::string(First ? "" : ",") + "{\"level\":\"error\",\"message\":{\"text\":" +
           jsonString(Failure.Message) + "}}";
    First = false;
  }
  for (const Entry &E : Sum.Kept)
    if (E.Check.empty()) {
      Out += std::string(First ? "" : ",") + "{\"level\":\"note\",\"message\":{\"text\":" +
             jsonString(E.Message) + "},\"locations\":[" + sarifLocation(E, Root, Artifacts) + "]}";
      First = false;
    }
  Out += std::string(First ? "" : ",") + "{\"level\":\"note\",\"message\":{\"text\":" +
         jsonString(Verdict) + "}}]}],\"results\":[";
  First = true;
  for (const Entry &E : Sum.Kept) {
    if (E.Check.empty())
      continue;
    const size_t Index =
        std::find(Rules.begin(), Rules.end(), "gemm-" + E.Check) - Rules.begin();
    Out += std::string(First ? "" : ",") + "{\"ruleId\":" + jsonString("gemm-" + E.Check) +
           ",\"ruleIndex\":" + std::to_string(Index) + ",\"level\":\"" + E.Level +
           "\",\"message\":{\"text\":" + jsonString(E.Message) + "},\"locations\":[" +
           sarifLocation(E, Root, Artifacts) + "],\"properties\":{\"rule\":" + jsonString(E.Rule) +
           ",\"param\":" + jsonString(E.Param) + ",\"value\":" + std::to_string(E.Value) +
           ",\"bound\":" + std::to_string(E.Bound) + "}}";
    First = false;
  }
  Out += "]}]}\n";
  std::fputs(Out.c_str(), stdout);
}

// Opens Log ("-": the standard input); nullptr, with Error saying why, where
// it cannot be read. A directory opens on Linux, and fails only at read.
std::FILE *openLog(const std::string &Log, std::string &Error) {
  if (Log == "-")
    return stdin;
  struct stat Info;
  if (::stat(Log.c_str(), &Info) == 0 && S_ISDIR(Info.st_mode)) {
    Error = "'" + Log + "' is a directory, not a cuBLAS log; give the log file in it";
    return nullptr;
  }
  std::FILE *In = std::fopen(Log.c_str(), "rb");
  if (!In)
    Error = "cannot read '" + Log + "': " + std::strerror(errno);
  return In;
}

// Replays one log into Sum; a log that cannot be read is said on stderr at
// once and kept for the report, and the other logs are still explained.
void explainLog(const std::string &Log, Format F, Tally &Sum) {
  std::string Error;
  if (std::FILE *In = openLog(Log, Error)) {
    Explainer E(Log == "-" ? "<stdin>" : Log, F, Sum);
    Error = E.read(In);
    if (In != stdin)
      std::fclose(In);
  }
  if (Error.empty()) {
    ++Sum.LogsRead;
    return;
  }
  std::fflush(stdout); // the error after what the log gave so far
  std::fprintf(stderr, "gemm-explain: error: %s\n", Error.c_str());
  Sum.Failures.push_back({Log == "-" ? "<stdin>" : Log, Error});
}

bool allReplayed(const Tally &Sum) {
  return Sum.Replayed == Sum.Calls && !Sum.Skipped && Sum.Failures.empty();
}

int exitStatus(const Tally &Sum) {
  if (!Sum.Failures.empty())
    return InputError;
  if (Sum.Breaking)
    return Findings;
  if (!allReplayed(Sum) || (!Sum.Calls && !Sum.SetupCalls))
    return NotAllReplayed;
  return AllClear;
}

std::string plural(uint64_t N, const char *One, const char *Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many);
}

// "412 GEMM calls checked, none breaks a rule: ...", or with what could not
// be replayed counted apart: never an all-clear that passes over a call.
std::string verdictOf(const Tally &Sum) {
  if (!Sum.LogsRead && Sum.Calls + Sum.SetupCalls + Sum.Skipped == 0)
    return "no log could be read";
  std::string Text;
  if (!Sum.Calls && !Sum.SetupCalls) {
    Text = "no call of the GEMM family in the log (was it written with "
           "CUBLAS_LOGINFO_DBG=1 and CUBLAS_LOGDEST_DBG, or CUBLASLT_LOG_LEVEL=5?)";
  } else {
    Text = plural(Sum.Calls, "GEMM call", "GEMM calls");
    if (Sum.SetupCalls)
      Text += " and " + plural(Sum.SetupCalls, "cuBLASLt object call", "cuBLASLt object calls");
    if (Sum.Replayed == Sum.Calls)
      Text += " checked";
    else if (!Sum.Replayed)
      Text += ", none replayed in full (see the notes)";
    else
      Text += ", " + std::to_string(Sum.Replayed) +
              " checked (the others could not be replayed: see the notes)";
    if (Sum.Breaking)
      Text += ", " + std::to_string(Sum.Breaking) + " break" + (Sum.Breaking == 1 ? "s" : "") +
              " a rule";
    else if (allReplayed(Sum))
      Text += ", none breaks a rule: the status comes from elsewhere";
    else if (Sum.Replayed)
      Text += ", none of them breaks a rule";
  }
  if (Sum.Skipped)
    Text += "; " + plural(Sum.Skipped, "other line", "other lines") +
            " of the log not replayed (see the notes)";
  if (!Sum.Failures.empty())
    Text += "; " + plural(Sum.Failures.size(), "log", "logs") + " could not be read";
  return Text;
}

void writeJsonTail(const Tally &Sum, const std::string &Verdict) {
  std::string Errors;
  for (const InputFailure &Failure : Sum.Failures)
    Errors += std::string(Errors.empty() ? "" : ",") + "{\"log\":" + jsonString(Failure.Log) +
              ",\"message\":" + jsonString(Failure.Message) + "}";
  std::printf("\n],\"calls\":%llu,\"replayed\":%llu,\"breaking\":%llu,\"skipped\":%llu,"
              "\"errors\":[%s],\"summary\":%s}\n",
              static_cast<unsigned long long>(Sum.Calls),
              static_cast<unsigned long long>(Sum.Replayed),
              static_cast<unsigned long long>(Sum.Breaking),
              static_cast<unsigned long long>(Sum.Skipped), Errors.c_str(),
              jsonString(Verdict).c_str());
}

int usage(const char *Message) {
  std::fprintf(stderr,
               "gemm-explain: error: %s\n"
               "usage: gemm-explain [--format text|json|sarif] [LOG...]   (no LOG or -: standard input)\n",
               Message);
  return InputError;
}

} // namespace

int main(int Argc, char **Argv) {
  Format F = Format::Text;
  std::vector<std::string> Logs;
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    if (Arg == "--help" || Arg == "-h") {
      std::printf("usage: gemm-explain [--format text|json|sarif] [LOG...]\n"
                  "       gemm-explain --version\n\n"
                  "Replays the GEMM calls of a cuBLAS log (CUBLAS_LOGINFO_DBG=1\n"
                  "CUBLAS_LOGDEST_DBG=FILE) or cuBLASLt log (CUBLASLT_LOG_LEVEL=5\n"
                  "CUBLASLT_LOG_FILE=FILE; both may share a file) through gemm-tidy's rules\n"
                  "and prints each finding at the log line of its call. No LOG, or -: the\n"
                  "standard input.\n\n"
                  "Exit status:\n"
                  "  0  every GEMM call was replayed and none breaks a rule\n"
                  "  1  a call breaks a rule (a warning alone does not count)\n"
                  "  2  a wrong flag, or a log that cannot be read (the others are still\n"
                  "     explained)\n"
                  "  3  none of the replayed calls breaks a rule, but some calls or lines\n"
                  "     could not be replayed (see the notes), or the logs hold no call\n"
                  "     to replay\n");
      return 0;
    }
    if (Arg == "--version") {
      std::printf("gemm-explain version " GEMM_TIDY_VERSION "\n");
      return 0;
    }
    std::string Value;
    if (Arg.rfind("--format=", 0) == 0) {
      Value = Arg.substr(9);
    } else if (Arg == "--format") {
      if (I + 1 >= Argc)
        return usage("--format needs text, json or sarif");
      Value = Argv[++I];
    } else if (Arg.size() > 1 && Arg[0] == '-' && Arg != "-") {
      return usage(("unknown option '" + Arg + "'").c_str());
    } else {
      Logs.push_back(Arg);
      continue;
    }
    if (Value == "text")
      F = Format::Text;
    else if (Value == "json")
      F = Format::Json;
    else if (Value == "sarif")
      F = Format::Sarif;
    else
      return usage(("--format '" + Value + "': choose text, json or sarif").c_str());
  }
  if (Logs.empty())
    Logs.push_back("-");

  Tally Sum;
  if (F == Format::Json)
    std::printf("{\"findings\":[");
  for (const std::string &Log : Logs)
    explainLog(Log, F, Sum);
  const int Status = exitStatus(Sum);
  const std::string Verdict = verdictOf(Sum);
  if (F == Format::Sarif)
    writeSarif(Sum, Verdict, Status);
  else if (F == Format::Json)
    writeJsonTail(Sum, Verdict);
  else if (Sum.LogsRead || Sum.Calls || Sum.SetupCalls) // else stderr said it all
    std::printf("gemm-explain: %s\n", Verdict.c_str());
  return Status;
}
