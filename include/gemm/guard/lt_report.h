// gemm/guard/lt_report.h - part of the gemm-tidy runtime guard for cuBLASLt:
// how a cuBLASLt call's findings decide and are reported (through
// the one report path of guard/report.h).
//
// Included by gemm/lt_guard.h, in order, after the headers it includes;
// include gemm/lt_guard.h, not this file.

#ifndef GEMM_GUARD_LT_REPORT_H
#define GEMM_GUARD_LT_REPORT_H

namespace gemm {
namespace guard {
namespace lt {

namespace detail {

// --- reporting ----------------------------------------------------------------------

inline std::string subject(const rl::Finding &F) { return rl::subjectName(F.About); }

// One JSON object per line, as the GemmEx guard writes them (one writer,
// guard/report.h), with the Lt rule ids and the objects' attributes the
// findings name.
inline void writeLog(const LtReport &R, const char *Outcome,
                     std::initializer_list<std::pair<const char *, int64_t>> Args) {
  if (guard::detail::logFd() < 0)
    return;
  using guard::detail::jsonString;
  std::string Rendered;
  bool First = true;
  for (const auto &A : Args) {
    Rendered += std::string(First ? "" : ",") + "{\"name\":" + jsonString(A.first) +
                ",\"value\":" + std::to_string(A.second) + "}";
    First = false;
  }
  guard::detail::writeRecord(R, Outcome, Rendered, "null", subject);
}

// The findings decide: true to call cuBLASLt, false to return
// CUBLAS_STATUS_INVALID_VALUE. Findings GEMM_GUARD_IGNORE names are dropped;
// warnings (advisory: cuBLASLt runs the call as asked) are reported and
// never block. *Clean, where given, says whether none was left.
inline bool decide(const char *Function, const CallSite &Site,
                   std::vector<rl::Finding> Found,
                   std::initializer_list<std::pair<const char *, int64_t>> Args = {},
                   bool *Clean = nullptr) {
  std::vector<rl::Finding> Findings;
  for (rl::Finding &F : Found)
    if (!guard::detail::isIgnored(F.Cat, F.RuleId, Site))
      Findings.push_back(std::move(F));
  if (Clean)
    *Clean = Findings.empty();
  if (Findings.empty())
    return true;
  guard::detail::countFindings(Findings);
  const bool Error = rl::hasError(Findings);
  const Policy P = policy();
  LtReport R;
  R.Function = Function;
  R.Where = guard::detail::describeSite(Site);
  R.Findings = std::move(Findings);
  if (LtHandler H = hookSlot<LtHandler>().load())
    H(R);
  else
    guard::detail::printReport(R);
  writeLog(R,
           !Error || P == Policy::Warn ? "called"
           : P == Policy::Abort        ? "aborted"
                                       : "rejected",
           Args);
  if (Error && P == Policy::Abort)
    std::abort();
  return !Error || P == Policy::Warn;
}

// cuBLASLt failed although the rules found nothing: said once per call site
// and status, with how to make cuBLASLt say why.
inline void reportValidButFailed(const char *Function, const CallSite &Site,
                                 cublasStatus_t Status) {
  guard::detail::reportValidButFailed(
      Function, Site, Status,
      "rerun with CUBLASLT_LOG_LEVEL=1 (or CUBLASLT_LOG_MASK) for cuBLASLt's "
      "reason");
}

inline bool checking() { return policy() != Policy::Off; }
inline bool pointerDepth() { return depth() == Depth::Pointers; }

// --- the static type of a SetAttribute buffer (header route) -----------------------

template <class T> void describeBuffer(rl::AttributeCall &C) {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_void_v<U> || std::is_same_v<U, char> ||
                std::is_same_v<U, unsigned char> ||
                std::is_same_v<U, signed char>) {
    // raw bytes (memcpy-style buffers, int8_t for FAST_ACCUM): unknown
  } else {
    C.PointeeSize = rules::Value::of(sizeof(U));
    C.PointeeIsPointer = rules::Value::of(std::is_pointer_v<U> ? 1 : 0);
    if constexpr (std::is_arithmetic_v<U> || std::is_enum_v<U>)
      C.PointeeIsFloat = rules::Value::of(std::is_floating_point_v<U> ? 1 : 0);
  }
}

// The value an attribute buffer holds, read as the attribute's type; unknown
// where the buffer cannot be read (never faults).
inline rules::Value readAttribute(const void *Buffer, rl::AttrType Type) {
  unsigned char Buf[8];
  const int64_t Size = rl::attrTypeSize(Type);
  if (Size <= 0 || Size > 8 ||
      !guard::detail::readHost(Buffer, Buf, static_cast<size_t>(Size)))
    return rules::Value::unknown();
  switch (Type) {
  case rl::AttrType::Int8: { int8_t V; std::memcpy(&V, Buf, 1); return rules::Value::of(V); }
  case rl::AttrType::UInt16: { uint16_t V; std::memcpy(&V, Buf, 2); return rules::Value::of(V); }
  case rl::AttrType::Int32: { int32_t V; std::memcpy(&V, Buf, 4); return rules::Value::of(V); }
  case rl::AttrType::UInt32: { uint32_t V; std::memcpy(&V, Buf, 4); return rules::Value::of(V); }
  case rl::AttrType::Float: { uint32_t V; std::memcpy(&V, Buf, 4); return rules::Value::of(V); }
  case rl::AttrType::Int64:
  case rl::AttrType::UInt64:
  case rl::AttrType::Pointer: { int64_t V; std::memcpy(&V, Buf, 8); return rules::Value::of(V); }
  }
  return rules::Value::unknown();
}

} // namespace detail

} // namespace lt
} // namespace guard
} // namespace gemm

#endif // GEMM_GUARD_LT_REPORT_H
