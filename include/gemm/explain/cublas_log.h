//===- gemm/explain/cublas_log.h - cuBLAS's API logs, read back -----------===//
//
// The logs the libraries write, turned back into calls (docs/logs.md):
//
// - libcublas with CUBLAS_LOGINFO_DBG=1 (The cuBLAS log): one block per API
//   call, a header with the function's C signature, one "i!  name: type=T;
//   val=V" line per argument in declaration order, and a trailer whose
//   Process line names the process and thread. Blocks of two threads
//   interleave line by line, and nothing but the trailer says whose a line
//   is; a block that was open beside another one still taking arguments is
//   marked ambiguous and never replayed.
// - libcublasLt with CUBLASLT_LOG_LEVEL (The cuBLASLt log): one line per call,
//   "[date][cublasLt][pid][Level][function] key=value ...", where a value
//   may be a bracketed dump of an object ("Adesc=[type=R_16F rows=64 ...]"):
//   its keys become arguments named "Adesc.type", "Adesc.rows". hipBLASLt's
//   lines have the same shape ("[HIPBLASLT]").
//
// Both logs may share one file (both loggers on stdout). Dependency-free (the
// rules core's API table aside), so that gemm-explain, its fuzz target and
// the Python module share it.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_EXPLAIN_CUBLAS_LOG_H
#define GEMM_EXPLAIN_CUBLAS_LOG_H

#include "gemm/rules.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gemm {
namespace explain {

// One argument line's value: a number (an int, or an enumerator's number),
// a pointer (null or not), or something the log does not spell as either.
// cuBLASLt's values are also real numbers (beta=0.5), enumerators by a
// name without its prefix (R_16F, OP_T: Name), and object dumps (Dump:
// the object was there, its keys follow as arguments of their own).
struct LoggedValue {
  enum Kind : uint8_t { Unknown, Number, Pointer, Real, Name, Dump } What = Unknown;
  int64_t V = 0; // the number, or the address (0: null)
  double R = 0;  // Real
  std::string Text; // Name
};

// Which library wrote a call.
enum class Library : uint8_t { Cublas, CublasLt, HipblasLt };

// How much of a call the log holds. A process that dies inside a call
// (a crash, a kill) leaves its block without the trailer: where every
// argument came before the end of the log, the call is whole but for its
// trailer, and it is the one the user needs explained.
enum class Ending : uint8_t {
  Whole,   // cuBLAS: the trailer came; cuBLASLt: the line was read
  Stopped, // cuBLAS: every argument, then the end of the log
  Cut,     // cuBLAS: the log ends before the last argument
  Garbled, // cuBLASLt: a line whose fields cannot be read
};

struct LoggedCall {
  Library From = Library::Cublas;
  std::string Level;     // cuBLASLt's: Api, Trace, Info, Error, Hints
  std::string Function;  // as exported: cublasSgemm_v2, cublasGemmEx
  size_t Line = 0;       // of the header
  unsigned Expected = 0; // parameters in the signature
  int64_t LibraryVersion = 0; // CUBLAS_VERSION of the header's "(v13.1.0)"
  std::vector<std::pair<std::string, LoggedValue>> Args;
  int64_t Pid = -1;
  bool Ambiguous = false;
  Ending End = Ending::Whole;
  std::string Message; // cuBLASLt's free text (Error, Info, Hints lines)

  // The index of argument Name in Args; Args.size() where the call has none.
  size_t find(std::string_view Name) const {
    size_t I = 0;
    while (I < Args.size() && Args[I].first != Name)
      ++I;
    return I;
  }
  // The value of argument Name; nullptr where the call has none.
  const LoggedValue *arg(std::string_view Name) const {
    const size_t I = find(Name);
    return I < Args.size() ? &Args[I].second : nullptr;
  }
};

// "13.1.0" -> 130100 (CUBLAS_VERSION's encoding); 0 where not a version.
inline int64_t cublasVersionOf(std::string_view Text) {
  int64_t Part[3] = {0, 0, 0};
  unsigned N = 0;
  bool Digit = false;
  for (char C : Text) {
    if (C >= '0' && C <= '9') {
      if (N < 3 && Part[N] < 100000)
        Part[N] = Part[N] * 10 + (C - '0');
      Digit = true;
    } else if (C == '.' && Digit) {
      ++N;
      Digit = false;
    } else {
      break;
    }
  }
  return Part[0] ? Part[0] * 10000 + Part[1] * 100 + Part[2] : 0;
}

// The value after "val=" (section 2.3): POINTER (IN HEX:0x0x7ffd...),
// POINTER (IN HEX:0x(nil)), NULL_PTR(...), 128, CUBLAS_OP_T(1),
// INVALID cublasOperation_t TYPE(77), flag names joined by " | " then (19).
inline LoggedValue parseValue(std::string_view Text) {
  LoggedValue Out;
  auto Number = [](std::string_view S, int64_t &V) {
    bool Negative = !S.empty() && S[0] == '-';
    if (Negative)
      S.remove_prefix(1);
    if (S.empty() || S.size() > 19)
      return false;
    uint64_t U = 0;
    for (char C : S) {
      if (C < '0' || C > '9')
        return false;
      U = U * 10 + static_cast<uint64_t>(C - '0');
    }
    V = Negative ? -static_cast<int64_t>(U) : static_cast<int64_t>(U);
    return true;
  };
  while (!Text.empty() && (Text.back() == ' ' || Text.back() == '\r'))
    Text.remove_suffix(1);
  if (Text.rfind("NULL_PTR(", 0) == 0) {
    Out.What = LoggedValue::Pointer;
    return Out;
  }
  if (Text.rfind("POINTER (IN HEX:", 0) == 0) {
    std::string_view Hex = Text.substr(16);
    while (Hex.rfind("0x", 0) == 0 || Hex.rfind("0X", 0) == 0)
      Hex.remove_prefix(2);
    uint64_t U = 0;
    for (char C : Hex) {
      const int D = C >= '0' && C <= '9'   ? C - '0'
                    : C >= 'a' && C <= 'f' ? C - 'a' + 10
                    : C >= 'A' && C <= 'F' ? C - 'A' + 10
                                           : -1;
      if (D < 0)
        break; // ")" or "(nil)"
      U = U * 16 + static_cast<uint64_t>(D);
    }
    Out.What = LoggedValue::Pointer;
    Out.V = static_cast<int64_t>(U);
    return Out;
  }
  if (Number(Text, Out.V)) {
    Out.What = LoggedValue::Number;
    return Out;
  }
  // NAME(decimal): the decimal is authoritative.
  if (!Text.empty() && Text.back() == ')') {
    const size_t Open = Text.rfind('(');
    if (Open != std::string_view::npos &&
        Number(Text.substr(Open + 1, Text.size() - Open - 2), Out.V))
      Out.What = LoggedValue::Number;
  }
  return Out;
}

// A cuBLASLt value (section 3.2): 0X7FFF77F767B8 or 0xb1a5 (a pointer; 0X0
// is null), a decimal (rows and cols print as uint64: 18446744073709551615
// is -1), a real (maxWavesCount=0.0, beta=0.5), or an enumerator's name
// without its prefix (R_16F, COMPUTE_32F, OP_T, EPILOGUE_BIAS).
inline LoggedValue parseLtValue(std::string_view Text) {
  LoggedValue Out;
  if (Text.empty())
    return Out;
  if (Text.size() > 2 && Text[0] == '0' && (Text[1] == 'x' || Text[1] == 'X')) {
    if (Text.size() > 18)
      return Out;
    uint64_t U = 0;
    for (char C : Text.substr(2)) {
      const int D = C >= '0' && C <= '9'   ? C - '0'
                    : C >= 'a' && C <= 'f' ? C - 'a' + 10
                    : C >= 'A' && C <= 'F' ? C - 'A' + 10
                                           : -1;
      if (D < 0)
        return Out;
      U = U * 16 + static_cast<uint64_t>(D);
    }
    Out.What = LoggedValue::Pointer;
    Out.V = static_cast<int64_t>(U);
    return Out;
  }
  std::string_view Digits = Text;
  const bool Negative = Digits[0] == '-';
  if (Negative)
    Digits.remove_prefix(1);
  bool Integer = !Digits.empty() && Digits.size() <= 20, Real = !Digits.empty();
  uint64_t U = 0;
  for (char C : Digits) {
    const bool Digit = C >= '0' && C <= '9';
    Integer &= Digit;
    Real &= Digit || C == '.' || C == 'e' || C == 'E' || C == '+' || C == '-';
    if (Integer) {
      const uint64_t D = static_cast<uint64_t>(C - '0');
      if (U > (UINT64_MAX - D) / 10)
        Integer = false;
      else
        U = U * 10 + D;
    }
  }
  if (Integer) {
    // Two's complement, as the library printed a signed value unsigned.
    Out.What = LoggedValue::Number;
    Out.V = static_cast<int64_t>(Negative ? 0 - U : U);
  } else if (Real && (Digits[0] >= '0' && Digits[0] <= '9') && Text.size() < 64) {
    const std::string Copy(Text);
    char *End = nullptr;
    Out.R = std::strtod(Copy.c_str(), &End);
    if (End && *End == 0)
      Out.What = LoggedValue::Real;
  } else if (!Negative) {
    Out.What = LoggedValue::Name;
    Out.Text = std::string(Text);
  }
  return Out;
}

// The fields of a cuBLASLt Api or Trace line, "key=value key=[key=value
// ...] ...", appended to Out; a dump's keys as "key.inner". A dump whose
// inside cannot be read becomes Unknown with none of its keys (a missing
// key means the default, so a half-read dump must not pass for whole).
// False where Body is free text.
inline bool parseLtFields(std::string_view Body, const std::string &Prefix,
                          std::vector<std::pair<std::string, LoggedValue>> &Out) {
  size_t I = 0;
  while (true) {
    while (I < Body.size() && (Body[I] == ' ' || Body[I] == '\r' || Body[I] == '\t'))
      ++I;
    if (I >= Body.size())
      return true;
    const size_t Eq = Body.find('=', I);
    const size_t Space = Body.find(' ', I);
    if (Eq == std::string_view::npos || Eq == I ||
        (Space != std::string_view::npos && Space < Eq))
      return false;
    std::string Key = Prefix + std::string(Body.substr(I, Eq - I));
    I = Eq + 1;
    if (I < Body.size() && Body[I] == '[') {
      size_t Close = I;
      for (unsigned Depth = 0; Close < Body.size(); ++Close) {
        Depth += Body[Close] == '[';
        if (Body[Close] == ']' && --Depth == 0)
          break;
      }
      if (Close >= Body.size())
        return false;
      const std::string_view Inside = Body.substr(I + 1, Close - I - 1);
      I = Close + 1;
      LoggedValue V;
      if (Inside == "null") {
        V.What = LoggedValue::Pointer;
        Out.emplace_back(std::move(Key), std::move(V));
        continue;
      }
      const size_t Mark = Out.size();
      Out.emplace_back(Key, LoggedValue());
      if (Prefix.empty() && parseLtFields(Inside, Key + ".", Out)) {
        Out[Mark].second.What = LoggedValue::Dump;
      } else {
        Out.resize(Mark + 1);
      }
      continue;
    }
    size_t End = Body.find(' ', I);
    if (End == std::string_view::npos)
      End = Body.size();
    Out.emplace_back(std::move(Key), parseLtValue(Body.substr(I, End - I)));
    I = End;
  }
}

// Reads the log in pieces of any size (feed, then finish), a line at a
// time; calls OnCall with each block once its trailer arrived (and, from
// finish, with the blocks the log ends inside, their End saying how much
// came), OnNote with the lines it could not read (a line number and one
// sentence), which Skipped counts.
class CublasLogReader {
public:
  std::function<void(const LoggedCall &)> OnCall;
  std::function<void(size_t, const std::string &)> OnNote;
  uint64_t Skipped = 0; // lines that look like the libraries' and cannot be read

  // The next piece of the log, as read: complete lines go to line(), the
  // rest waits for the piece that ends it.
  void feed(std::string_view Piece) {
    size_t Start = 0;
    for (size_t End; (End = Piece.find('\n', Start)) != std::string_view::npos;
         Start = End + 1) {
      if (Carry.empty()) {
        line(Piece.substr(Start, End - Start), ++Lines);
      } else {
        Carry.append(Piece.substr(Start, End - Start));
        line(Carry, ++Lines);
        Carry.clear();
      }
    }
    Carry.append(Piece.substr(Start));
  }

  // The end of the log: a last line without its newline is read; blocks
  // still open are those the process stopped inside (a crash, a kill),
  // given to OnCall for the replay to judge or count.
  void finish() {
    if (!Carry.empty()) {
      line(Carry, ++Lines);
      Carry.clear();
    }
    for (LoggedCall &C : Open) {
      C.End = C.Args.size() >= C.Expected ? Ending::Stopped : Ending::Cut;
      if (OnCall)
        OnCall(C);
    }
    Open.clear();
  }

private:
  std::deque<LoggedCall> Open;
  std::string Carry; // a line feed() has the start of
  size_t Lines = 0;  // lines fed so far

  void line(std::string_view Text, size_t Number) {
    if (Text.find('[') != std::string_view::npos && ltLine(Text, Number))
      return;
    if (const size_t At = Text.find("cuBLAS (v"); At != std::string_view::npos &&
                                                 Text.find(" called:") != std::string_view::npos) {
      header(Text.substr(At), Number);
      return;
    }
    std::string_view Body;
    if (const size_t Mark = Text.find("i!"); Mark != std::string_view::npos) {
      Body = Text.substr(Mark + 2);
    } else {
      // Re-prefixed by a host logger that drops the markers (Julia's
      // callback: "│   m: type=int; val=64", "│ Process=..."): anchored on
      // the shapes of the lines instead (section 5.5).
      if (const size_t P = Text.find("Process="); P != std::string_view::npos &&
                                                 Text.find("; Thread=", P) != std::string_view::npos) {
        trailer(Text.substr(P), Number);
        return;
      }
      const size_t Type = Text.find(": type=");
      if (Type == std::string_view::npos ||
          Text.find("; val=", Type) == std::string_view::npos)
        return; // not cuBLAS's (a program's output, cuBLASLt's lines)
      const size_t Space = Text.find_last_of(" \t", Type);
      Body = Text.substr(Space == std::string_view::npos ? 0 : Space + 1);
    }
    if (Body.rfind("Process=", 0) == 0) {
      trailer(Body, Number);
      return;
    }
    while (!Body.empty() && Body.front() == ' ')
      Body.remove_prefix(1);
    const size_t Colon = Body.find(": type=");
    const size_t Val = Body.find("; val=");
    if (Colon == std::string_view::npos || Val == std::string_view::npos ||
        Val < Colon)
      return; // Time:, COMPILED WITH:
    argument(std::string(Body.substr(0, Colon)), parseValue(Body.substr(Val + 6)),
             Number);
  }

  // [2026-12-04 13:28:05][cublasLt][2447][Api][cublasLtCreate] lightHandle=0X7FFE0F3EAE20
  // (the date may be missing, any prefix may come before): false where the
  // line is not cuBLASLt's or hipBLASLt's.
  bool ltLine(std::string_view Text, size_t Number) {
    LoggedCall C;
    size_t At = Text.find("[cublasLt][");
    if (At != std::string_view::npos) {
      C.From = Library::CublasLt;
      At += 11;
    } else if ((At = Text.find("[HIPBLASLT][")) != std::string_view::npos) {
      C.From = Library::HipblasLt;
      At += 12;
    } else {
      return false;
    }
    // PID][Level][function] body
    std::string_view Part[3];
    for (unsigned I = 0; I < 3; ++I) {
      const size_t Close = Text.find(']', At);
      if (Close == std::string_view::npos ||
          (I && (At == 0 || Text[At - 1] != '['))) {
        note(Number, "a cuBLASLt line the reader cannot split: skipped");
        return true;
      }
      Part[I] = Text.substr(At, Close - At);
      At = Close + 2;
    }
    const LoggedValue Pid = parseLtValue(Part[0]);
    C.Pid = Pid.What == LoggedValue::Number ? Pid.V : -1;
    C.Level = std::string(Part[1]);
    C.Function = std::string(Part[2]);
    C.Line = Number;
    const std::string_view Body = At - 1 < Text.size() ? Text.substr(At - 1) : std::string_view();
    if (C.Level == "Api" || C.Level == "Trace") {
      C.Args.reserve(64); // a Trace line of cublasLtMatmul has about 50
      if (!parseLtFields(Body, "", C.Args)) {
        // What was read of it is no call: the replay counts it unreplayed.
        C.Args.clear();
        C.End = Ending::Garbled;
      }
      C.Expected = static_cast<unsigned>(C.Args.size());
    } else {
      C.Message = std::string(Body);
    }
    if (OnCall)
      OnCall(C);
    return true;
  }

  void note(size_t Line, const std::string &Text) {
    ++Skipped;
    if (OnNote)
      OnNote(Line, Text);
  }

  void header(std::string_view Text, size_t Number) {
    // cuBLAS (v13.1.0) function cublasStatus_t cublasSgemm_v2(types) called:
    LoggedCall C;
    C.Line = Number;
    C.LibraryVersion = cublasVersionOf(Text.substr(9));
    const size_t Paren = Text.find('(', Text.find("function "));
    const size_t Close = Text.rfind(") called:");
    if (Paren == std::string_view::npos || Close == std::string_view::npos ||
        Close < Paren) {
      note(Number, "a cuBLAS header without a signature: skipped");
      return;
    }
    size_t Start = Text.rfind(' ', Paren);
    C.Function = std::string(Text.substr(Start + 1, Paren - Start - 1));
    const std::string_view Types = Text.substr(Paren + 1, Close - Paren - 1);
    unsigned Depth = 0, Count = Types.empty() || Types == "void" ? 0 : 1;
    for (char Ch : Types) {
      Depth += Ch == '(' || Ch == '<';
      Depth -= Depth && (Ch == ')' || Ch == '>');
      Count += Ch == ',' && !Depth;
    }
    C.Expected = Count;
    Open.push_back(std::move(C));
  }

  void argument(std::string Name, LoggedValue Value, size_t Number) {
    // The oldest block still missing arguments takes the line. Where another
    // block misses arguments too (another thread's or process's, section
    // 2.7), the line could be either's: both are marked, and not replayed.
    LoggedCall *Taker = nullptr;
    for (LoggedCall &C : Open) {
      if (C.Args.size() >= C.Expected)
        continue;
      if (!Taker)
        Taker = &C;
      else
        Taker->Ambiguous = C.Ambiguous = true;
    }
    if (!Taker) {
      note(Number, "an argument line ('" + Name + "') outside any cuBLAS block: skipped");
      return;
    }
    Taker->Args.emplace_back(std::move(Name), Value);
  }

  void trailer(std::string_view Body, size_t Number) {
    // Process=PID; Thread=TID; GPU=0; Handle=...: the oldest complete block
    // on the trailer's handle ends here, else the oldest complete one. The
    // handle keeps a block that never gets its trailer (the process stopped
    // in it, then another run appended to the log) or another thread's
    // block on another handle from taking it.
    auto Complete = [](const LoggedCall &C) { return C.Args.size() >= C.Expected; };
    auto It = std::find_if(Open.begin(), Open.end(), Complete);
    if (It == Open.end()) {
      note(Number, "a cuBLAS trailer with no complete block before it: skipped");
      return;
    }
    const LoggedValue Handle = trailerField(Body, "Handle=");
    auto OnHandle = std::find_if(It, Open.end(), [&](const LoggedCall &C) {
      return Complete(C) && Handle.What == LoggedValue::Pointer && !C.Args.empty() &&
             C.Args[0].first == "handle" && C.Args[0].second.What == LoggedValue::Pointer &&
             C.Args[0].second.V == Handle.V;
    });
    if (OnHandle != Open.end())
      It = OnHandle;
    const LoggedValue Pid = trailerField(Body, "Process=");
    It->Pid = Pid.What == LoggedValue::Number ? Pid.V : -1;
    LoggedCall Done = std::move(*It);
    Open.erase(It);
    if (OnCall)
      OnCall(Done);
  }

  // The value of "Key" in a trailer, up to its ';'; Unknown where none.
  static LoggedValue trailerField(std::string_view Body, std::string_view Key) {
    const size_t At = Body.find(Key);
    if (At == std::string_view::npos)
      return LoggedValue();
    const size_t Start = At + Key.size();
    return parseValue(Body.substr(Start, Body.find(';', Start) - Start));
  }
};

// What the rules core can judge of a logged call of Api (the row of the
// call's function): its arguments by role (pointers by address only: where
// they point is not in the log), the handle's pointer mode where the log set
// it (-1 where not). False where the block does not match the signature.
inline bool callValues(const LoggedCall &C, const rules::ApiInfo &Api,
                       int64_t PointerMode, rules::CallValues &V) {
  if (C.Args.size() != Api.NumArgs)
    return false;
  for (unsigned Pos = 0; Pos < C.Args.size(); ++Pos) {
    const rules::Role R = Api.roleAt(Pos);
    const LoggedValue &L = C.Args[Pos].second;
    if (R == rules::Role::Count || L.What == LoggedValue::Unknown)
      continue;
    // Host arrays of the grouped forms: their elements are not logged.
    if (Api.isGrouped() && (Api.isPerGroup(R) || R == rules::Role::Alpha ||
                            R == rules::Role::Beta))
      continue;
    if (L.What == LoggedValue::Pointer)
      V.pointer(R).Address = rules::Value::of(L.V);
    else
      V[R] = rules::Value::of(L.V);
  }
  if (PointerMode >= 0)
    V.PointerMode = rules::Value::of(PointerMode);
  V.LibraryVersion = C.LibraryVersion;
  return true;
}

} // namespace explain
} // namespace gemm

#endif // GEMM_EXPLAIN_CUBLAS_LOG_H
