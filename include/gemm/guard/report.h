// gemm/guard/report.h - part of the gemm-tidy runtime guard: reporting: the one-line report on stderr, the JSON log, and the
// notes of a call cuBLAS failed although no rule broke.
//
// Included by gemm/guard.h, in order, after the headers it includes;
// include gemm/guard.h, not this file.

#ifndef GEMM_GUARD_REPORT_H
#define GEMM_GUARD_REPORT_H

namespace gemm {
namespace guard {

namespace detail {

// --- reporting --------------------------------------------------------------------

// The length of the UTF-8 sequence at S (at most N bytes), or 0 where the
// bytes are not valid UTF-8.
inline size_t utf8Length(const unsigned char *S, size_t N) {
  const unsigned char C = S[0];
  size_t Len;
  unsigned char Lo = 0x80, Hi = 0xBF;
  if (C < 0x80)
    return 1;
  if (C >= 0xC2 && C <= 0xDF)
    Len = 2;
  else if (C >= 0xE0 && C <= 0xEF) {
    Len = 3;
    if (C == 0xE0) Lo = 0xA0;
    if (C == 0xED) Hi = 0x9F;
  } else if (C >= 0xF0 && C <= 0xF4) {
    Len = 4;
    if (C == 0xF0) Lo = 0x90;
    if (C == 0xF4) Hi = 0x8F;
  } else
    return 0;
  if (N < Len || S[1] < Lo || S[1] > Hi)
    return 0;
  for (size_t I = 2; I < Len; ++I)
    if (S[I] < 0x80 || S[I] > 0xBF)
      return 0;
  return Len;
}

// A JSON string; bytes that are not UTF-8 (a file name in another
// encoding) become \u00XX, so every record stays valid JSON.
inline std::string jsonString(const std::string &S) {
  std::string Out = "\"";
  const auto *Bytes = reinterpret_cast<const unsigned char *>(S.data());
  for (size_t I = 0; I < S.size();) {
    const unsigned char C = Bytes[I];
    const size_t Len = utf8Length(Bytes + I, S.size() - I);
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += static_cast<char>(C);
    } else if (C == '\n') {
      Out += "\\n";
    } else if (C == '\t') {
      Out += "\\t";
    } else if (C < 0x20 || Len == 0) {
      char Buf[8];
      std::snprintf(Buf, sizeof(Buf), "\\u%04x", C);
      Out += Buf;
    } else {
      Out.append(S, I, Len);
      I += Len;
      continue;
    }
    ++I;
  }
  return Out + "\"";
}

inline std::string hexText(int64_t V) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "0x%llx",
                static_cast<unsigned long long>(V));
  return Buf;
}

inline std::string roleNameAt(const rules::ApiInfo &Api, unsigned Pos) {
  const rules::Role R = Api.roleAt(Pos);
  return R == rules::Role::Count ? "arg" + std::to_string(Pos)
                                 : rules::paramName(Api, R);
}

inline int logFd() {
  static std::atomic<int> Fd{-2};
  int F = Fd.load(std::memory_order_acquire);
  if (F != -2)
    return F;
  const char *Path = std::getenv("GEMM_GUARD_LOG");
  F = -1;
  if (Path && *Path) {
    F = ::open(Path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (F < 0) {
      static std::atomic<bool> Said{false};
      complainOnce(Said, std::string("cannot open GEMM_GUARD_LOG='") + Path +
                             "': " + std::strerror(errno) + "; not logging");
    }
  }
  int Expected = -2;
  if (!Fd.compare_exchange_strong(Expected, F) && F >= 0)
    ::close(F); // another thread opened it first
  return Fd.load(std::memory_order_acquire);
}

// Appends one record to the log: a single write() of an O_APPEND file under
// flock keeps records whole when threads and processes share the log (flock
// belongs to the open file, so a forked child never waits for its parent's
// threads).
inline void appendLog(int Fd, const std::string &J) {
  ::flock(Fd, LOCK_EX);
  const ssize_t Written = ::write(Fd, J.data(), J.size());
  const int Error = errno;
  ::flock(Fd, LOCK_UN);
  if (Written != static_cast<ssize_t>(J.size())) {
    static std::atomic<bool> Said{false};
    const char *Path = std::getenv("GEMM_GUARD_LOG");
    complainOnce(Said, std::string("cannot write to GEMM_GUARD_LOG='") +
                           (Path ? Path : "") + "': " +
                           (Written < 0 ? std::strerror(Error)
                                        : "short write") +
                           "; log records are being lost");
  }
}

// One JSON object per line: the call, every argument, the facts gathered
// and the findings.
// One JSON object per line for a call with findings, the same for both
// libraries: the call's arguments (rendered by the caller), the handle's
// pointer mode (null for cuBLASLt, whose descriptor keeps it), and per
// finding its check, rule, severity, subject (Subject(F)), value, bound and
// message.
template <class SubjectFn>
inline void writeRecord(const Report &R, const char *Outcome,
                        const std::string &Args, const std::string &PointerMode,
                        SubjectFn Subject) {
  const int Fd = logFd();
  if (Fd < 0)
    return;
  std::string J = "{\"guard\":\"gemm-guard\",\"version\":1,\"function\":" +
                  jsonString(R.Function) + ",\"site\":" + jsonString(R.Where) +
                  ",\"pid\":" + std::to_string(::getpid()) +
                  ",\"outcome\":" + jsonString(Outcome) + ",\"args\":[" + Args +
                  "],\"pointer_mode\":" + PointerMode + ",\"findings\":[";
  for (size_t I = 0; I < R.Findings.size(); ++I) {
    const rules::Finding &F = R.Findings[I];
    const bool Advisory = isAdvisory(F);
    J += std::string(I ? "," : "") + "{\"check\":" +
         jsonString(rules::categoryName(F.Cat)) +
         ",\"rule\":" + jsonString(F.RuleId) +
         ",\"severity\":" + jsonString(Advisory ? "warning" : "error") +
         ",\"param\":" + jsonString(Subject(F)) +
         ",\"value\":" + std::to_string(F.Value) +
         ",\"bound\":" + std::to_string(F.Bound) +
         ",\"advisory\":" + (Advisory ? "true" : "false") +
         ",\"message\":" + jsonString(F.Message) + "}";
  }
  J += "]}\n";
  appendLog(Fd, J);
}

inline void writeLog(const rules::ApiInfo &Api, const Report &R,
                     const Collected &C, const char *Outcome) {
  if (logFd() < 0)
    return;
  std::string Args;
  for (unsigned I = 0; I < C.NumRaw; ++I) {
    const rules::Role Role = Api.roleAt(static_cast<unsigned>(I));
    Args += std::string(I ? "," : "") + "{\"name\":" +
            jsonString(roleNameAt(Api, static_cast<unsigned>(I))) + ",\"value\":" +
            (C.Raw[I].second ? jsonString(hexText(C.Raw[I].first))
                             : std::to_string(C.Raw[I].first));
    if (Role != rules::Role::Count &&
        !C.Logged[static_cast<unsigned>(Role)].empty()) {
      Args += ",\"elements\":[";
      const auto &G = C.Logged[static_cast<unsigned>(Role)];
      for (size_t E = 0; E < G.size(); ++E)
        Args += (E ? "," : "") + std::to_string(G[E].V);
      Args += "]";
    }
    Args += "}";
  }
  writeRecord(R, Outcome, Args,
              C.Values.PointerMode.Known ? std::to_string(C.Values.PointerMode.V)
                                         : std::string("null"),
              [&](const rules::Finding &F) {
                return rules::paramName(Api, F.Param, F.Group);
              });
}

// One line per finding on stderr; warnings (advisory) say so.
inline void printReport(const Report &R) {
  std::string Text;
  for (const rules::Finding &F : R.Findings)
    Text += "gemm-guard: " + R.Where + ": " + R.Function + ": " +
            (isAdvisory(F) ? "warning: " : "") + F.Message + " [" +
            rules::categoryName(F.Cat) + "]\n";
  std::fputs(Text.c_str(), stderr);
}

inline const char *statusName(cublasStatus_t S) {
  switch (S) {
  case CUBLAS_STATUS_SUCCESS: return "CUBLAS_STATUS_SUCCESS";
  case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
  case CUBLAS_STATUS_ALLOC_FAILED: return "CUBLAS_STATUS_ALLOC_FAILED";
  case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
  case CUBLAS_STATUS_ARCH_MISMATCH: return "CUBLAS_STATUS_ARCH_MISMATCH";
  case CUBLAS_STATUS_MAPPING_ERROR: return "CUBLAS_STATUS_MAPPING_ERROR";
  case CUBLAS_STATUS_EXECUTION_FAILED: return "CUBLAS_STATUS_EXECUTION_FAILED";
  case CUBLAS_STATUS_INTERNAL_ERROR: return "CUBLAS_STATUS_INTERNAL_ERROR";
  case CUBLAS_STATUS_NOT_SUPPORTED: return "CUBLAS_STATUS_NOT_SUPPORTED";
  case CUBLAS_STATUS_LICENSE_ERROR: return "CUBLAS_STATUS_LICENSE_ERROR";
  }
  return "an unknown status";
}

// True the first time Key is seen: a lock-free set of hashes.
inline bool firstTime(uint64_t Key) {
  constexpr unsigned Slots = 1024, Probes = 32;
  static std::atomic<uint64_t> Seen[Slots]{}; // constant-initialised: no lock
  Key |= 1; // 0 marks a free slot
  for (unsigned I = 0, S = static_cast<unsigned>(Key >> 7) % Slots; I < Probes;
       ++I, S = (S + 1) % Slots) {
    uint64_t Old = Seen[S].load(std::memory_order_acquire);
    if (Old == Key)
      return false;
    if (Old == 0 && Seen[S].compare_exchange_strong(Old, Key))
      return true;
    if (Old == Key)
      return false;
  }
  return false; // full: stop repeating ourselves
}

// cuBLAS failed although the rules found nothing: say so once per call site and
// status (docs/rules.md, When cuBLAS fails anyway: mixed installs give
// INVALID_VALUE too), with Advice on finding the cause.
inline void reportValidButFailed(
    const char *Function, const CallSite &Site, cublasStatus_t Status,
    const char *Advice =
        "usual causes: no cublasCreate on this thread's device, mixed "
        "cuBLAS/CUDA installs, a GPU architecture the library does not "
        "support, or an undocumented kernel-coverage gap") {
  const uint64_t Key =
      (reinterpret_cast<uintptr_t>(Site.Caller ? Site.Caller : Site.File) *
           0x9E3779B97F4A7C15ull ^
       static_cast<uint64_t>(Site.Line) * 0xff51afd7ed558ccdull) +
      static_cast<uint64_t>(Status);
  if (!firstTime(Key))
    return;
  complain(describeSite(Site) + ": " + Function +
           " returned " + statusName(Status) +
           " although its arguments are valid per the gemm-tidy rulebook; " +
           Advice);
}

} // namespace detail

} // namespace guard
} // namespace gemm

#endif // GEMM_GUARD_REPORT_H
