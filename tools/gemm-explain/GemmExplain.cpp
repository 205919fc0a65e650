//===- gemm-explain: the verdict of the rules on a cuBLAS log -------------===//
//
//   gemm-explain [--format text|json|sarif] [LOG...]  (standard input: none or -)
//
// Reads the log libcublas wrote (CUBLAS_LOGINFO_DBG=1 CUBLAS_LOGDEST_DBG=F)
// and the one libcublasLt wrote (CUBLASLT_LOG_LEVEL=5 CUBLASLT_LOG_FILE=F),
// follows the state they show across calls (gemm/explain/replay.h), replays
// every call of the GEMM family and every cuBLASLt object call through the
// rules core the checks and the guard share, and prints each finding at
// the log line of its call with the message the guard prints; when no call
// breaks a rule, it says so. Exit status: 0 no error finding, 1 findings,
// 2 input that cannot be read or a wrong flag.
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
#include <unistd.h>
#include <utility>
#include <vector>

namespace {

using namespace gemm;

enum class Format { Text, Json, Sarif };

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

// What one run found, over all its logs; SARIF is written at the end.
struct Tally {
  uint64_t Calls = 0, Replayed = 0, Breaking = 0, SetupCalls = 0;
  bool FirstJson = true;
  std::vector<Entry> Kept;
};

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

  // Streams the file; false where it cannot be read.
  bool read(std::FILE *F) {
    std::vector<char> Buffer(1 << 20);
    size_t Got;
    while ((Got = std::fread(Buffer.data(), 1, Buffer.size(), F)) > 0)
      Reader.feed(std::string_view(Buffer.data(), Got));
    if (std::ferror(F))
      return false;
    Reader.finish();
    Replay.finish();
    Sum.Calls += Replay.Calls;
    Sum.Replayed += Replay.Replayed;
    Sum.Breaking += Replay.Breaking;
    Sum.SetupCalls += Replay.SetupCalls;
    return true;
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

void writeSarif(const Tally &Sum, const std::string &Verdict) {
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
         jsonString("file://" + Root) + "}},\"invocations\":[{\"executionSuccessful\":true,"
         "\"toolExecutionNotifications\":[";
  bool First = true;
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

int usage(const char *Message) {
  std::fprintf(stderr,
               "gemm-explain: error: %s\n"
               "usage: gemm-explain [--format text|json|sarif] [LOG...]   (no LOG or -: standard input)\n",
               Message);
  return 2;
}

} // namespace

int main(int Argc, char **Argv) {
  Format F = Format::Text;
  std::vector<std::string> Logs;
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    if (Arg == "--help" || Arg == "-h") {
      std::printf("usage: gemm-explain [--format text|json|sarif] [LOG...]\n\n"
                  "Replays the GEMM calls of a cuBLAS log (CUBLAS_LOGINFO_DBG=1\n"
                  "CUBLAS_LOGDEST_DBG=FILE) or cuBLASLt log (CUBLASLT_LOG_LEVEL=5\n"
                  "CUBLASLT_LOG_FILE=FILE; both may share a file) through gemm-tidy's rules\n"
                  "and prints each finding at the log line of its call. Exit status: 0 no\n"
                  "error finding, 1 findings, 2 unreadable input.\n");
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
  for (const std::string &Log : Logs) {
    std::FILE *In = Log == "-" ? stdin : std::fopen(Log.c_str(), "rb");
    if (!In) {
      std::fprintf(stderr, "gemm-explain: error: cannot read '%s': %s\n", Log.c_str(),
                   std::strerror(errno));
      return 2;
    }
    Explainer E(Log == "-" ? "<stdin>" : Log, F, Sum);
    const bool Ok = E.read(In);
    if (In != stdin)
      std::fclose(In);
    if (!Ok) {
      std::fprintf(stderr, "gemm-explain: error: cannot read '%s'\n", Log.c_str());
      return 2;
    }
  }
  // "412 GEMM calls checked, none breaks a rule: ...", or with the calls
  // that could not be replayed counted apart.
  auto Calls = [&Sum](uint64_t N) {
    std::string Text = std::to_string(N) + " GEMM call" + (N == 1 ? "" : "s");
    if (Sum.SetupCalls)
      Text += " and " + std::to_string(Sum.SetupCalls) + " cuBLASLt object call" +
              (Sum.SetupCalls == 1 ? "" : "s");
    return Text;
  };
  std::string Verdict = Sum.Replayed == Sum.Calls
                            ? Calls(Sum.Calls) + " checked"
                            : Calls(Sum.Calls) + ", " + std::to_string(Sum.Replayed) +
                                  " checked (the others could not be replayed: see the notes)";
  if (!Sum.Calls && !Sum.SetupCalls)
    Verdict = "no call of the GEMM family in the log (was it written with "
              "CUBLAS_LOGINFO_DBG=1 and CUBLAS_LOGDEST_DBG, or CUBLASLT_LOG_LEVEL=5?)";
  else if (Sum.Breaking)
    Verdict += ", " + std::to_string(Sum.Breaking) + " break" +
               (Sum.Breaking == 1 ? "s" : "") + " a rule";
  else if (Sum.Replayed == Sum.Calls)
    Verdict += ", none breaks a rule: the status comes from elsewhere";
  else
    Verdict += ", none of them breaks a rule";
  if (F == Format::Sarif)
    writeSarif(Sum, Verdict);
  else if (F == Format::Json)
    std::printf("\n],\"calls\":%llu,\"replayed\":%llu,\"breaking\":%llu,\"summary\":%s}\n",
                static_cast<unsigned long long>(Sum.Calls),
                static_cast<unsigned long long>(Sum.Replayed),
                static_cast<unsigned long long>(Sum.Breaking), jsonString(Verdict).c_str());
  else
    std::printf("gemm-explain: %s\n", Verdict.c_str());
  return Sum.Breaking ? 1 : 0;
}
