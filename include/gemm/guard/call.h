// gemm/guard/call.h - part of the gemm-tidy runtime guard: the call: checks, decides by the policy, calls cuBLAS; the explicit
// route's entry points and the handle functions.
//
// Included by gemm/guard.h, in order, after the headers it includes;
// include gemm/guard.h, not this file.

#ifndef GEMM_GUARD_CALL_H
#define GEMM_GUARD_CALL_H

namespace gemm {
namespace guard {

namespace detail {

// --- the call ---------------------------------------------------------------------

// An argument as cuBLAS's parameter takes it: a literal 0 or NULL where a
// pointer is expected becomes nullptr (it compiled before only as a null
// pointer constant).
template <bool Pointer, class A> decltype(auto) passed(const A &Arg) {
  if constexpr (Pointer && std::is_integral_v<A>)
    return nullptr;
  else
    return Arg;
}

template <class Tag, class Tuple, size_t... I>
cublasStatus_t callReal(const Tuple &Args, std::index_sequence<I...>) {
  constexpr const rules::ApiInfo &Api = rules::ApiTable[rowOf(Tag::Name)];
  return Tag::call(passed<takesPointer(Api, I)>(std::get<I>(Args))...);
}

template <class Tag>
cublasStatus_t callChecked(const CallSite &Site, cublasStatus_t Status) {
  if (Status != CUBLAS_STATUS_SUCCESS)
    reportValidButFailed(Tag::Name, Site, Status);
  return Status;
}

// The status cuBLAS gives a call the guard rejects: the handle is checked
// before any argument is read, so a finding that rests on the handle itself
// (not on its modes) is refused with CUBLAS_STATUS_NOT_INITIALIZED; every
// other rule's failure is CUBLAS_STATUS_INVALID_VALUE.
inline cublasStatus_t
rejectionStatus(const std::vector<rules::Finding> &Findings) {
  const rules::Input Handle(rules::Role::Handle);
  for (const rules::Finding &F : Findings)
    for (const rules::Input &In : F.Inputs)
      if (In == Handle)
        return CUBLAS_STATUS_NOT_INITIALIZED;
  return CUBLAS_STATUS_INVALID_VALUE;
}

// The slow path: every fact, the rules, the report and the policy.
template <class Tag, class... A>
cublasStatus_t checkAndCall(const CallSite &Site, const Key *CacheKey,
                            const A &...Args) {
  constexpr const rules::ApiInfo &Api = rules::ApiTable[rowOf(Tag::Name)];
  const auto Tuple = std::forward_as_tuple(Args...);
  constexpr auto Indices = std::index_sequence_for<A...>{};
  Collected C;
  C.Values.LibraryVersion = libraryVersion();
  collectAll(Api, Tuple, C, Indices);
  if (depth() == Depth::Pointers) {
    const int Mode = handleMode(handleOf(Args...));
    if (Mode >= 0)
      C.Values.PointerMode = rules::Value::of(Mode);
  }
  if constexpr (Api.position(rules::Role::Beta) >= 0) {
    using BetaArg = std::tuple_element_t<Api.position(rules::Role::Beta),
                                         std::tuple<A...>>;
    if constexpr (std::is_pointer_v<BetaArg>)
      collectBeta(C, static_cast<const void *>(
                         std::get<Api.position(rules::Role::Beta)>(Tuple)));
  }

  std::vector<rules::Finding> Findings;
  bool Blocking = false;
  for (rules::Finding &F : checkValues(Api, C)) {
    if (isIgnored(F.Cat, F.RuleId, Site))
      continue;
    Blocking |= !isAdvisory(F);
    Findings.push_back(std::move(F));
  }
  if (Findings.empty()) {
    if (CacheKey)
      rememberClean(*CacheKey);
    return callChecked<Tag>(Site, callReal<Tag>(Tuple, Indices));
  }
  countFindings(Findings);
  const Policy P = policy();
  const Report R{Tag::Name, describeSite(Site), std::move(Findings)};
  if (Handler H = hookSlot<Handler>().load())
    H(R);
  else
    printReport(R);
  const bool Rejects = Blocking && P == Policy::Error;
  writeLog(Api, R, C,
           Blocking && P == Policy::Abort ? "aborted"
           : Rejects                      ? "rejected"
                                          : "called");
  if (Blocking && P == Policy::Abort)
    std::abort();
  if (Rejects)
    return rejectionStatus(R.Findings);
  return callChecked<Tag>(Site, callReal<Tag>(Tuple, Indices));
}

// Checks one call and applies the policy. Tag names the function and calls
// the real one. A repeated clean call costs a key and a cache probe.
template <class Tag, class... A>
cublasStatus_t invoke(const CallSite &Site, A... Args) {
  if (policy() == Policy::Off)
    return callReal<Tag>(std::forward_as_tuple(Args...),
                         std::index_sequence_for<A...>{});
  countCall();
  constexpr const rules::ApiInfo &Api = rules::ApiTable[rowOf(Tag::Name)];
  Key K;
  if (!makeKey<Tag>(Api, K, std::index_sequence_for<A...>{}, Args...))
    return checkAndCall<Tag>(Site, nullptr, Args...);
  if (isCachedClean<KeyHead + sizeof...(A)>(K))
    return callChecked<Tag>(Site, callReal<Tag>(std::forward_as_tuple(Args...),
                                                std::index_sequence_for<A...>{}));
  return checkAndCall<Tag>(Site, &K, Args...);
}

// One tag per cuBLAS function: its name, and a call of the real function
// (the parentheses keep the name from expanding as the guard's macro).
#define GEMM_GUARD_TAG(NAME, ...)                                              \
  struct NAME##_tag {                                                          \
    static constexpr const char *Name = #NAME;                                 \
    template <class... A> static cublasStatus_t call(A... Args) {              \
      return (::NAME)(Args...);                                                \
    }                                                                          \
  };
GEMM_RULES_FOR_EACH_CUBLAS_API(GEMM_GUARD_TAG)
#undef GEMM_GUARD_TAG

} // namespace detail

// The explicit way: gemm::guard::cublasGemmEx(args...) checks and calls
// cublasGemmEx(args...), remembering the caller's file and line.
#define GEMM_GUARD_EXPLICIT(NAME, ...)                                         \
  template <class... A> struct NAME {                                          \
    cublasStatus_t Status;                                                     \
    NAME(A... Args, const char *File = __builtin_FILE(),                       \
         int Line = __builtin_LINE())                                          \
        : Status(detail::invoke<detail::NAME##_tag>(CallSite{File, Line},      \
                                                    Args...)) {}               \
    operator cublasStatus_t() const { return Status; }                         \
  };                                                                           \
  template <class... A> NAME(A...) -> NAME<A...>;
GEMM_RULES_FOR_EACH_CUBLAS_API(GEMM_GUARD_EXPLICIT)
#undef GEMM_GUARD_EXPLICIT

// The functions that create, configure and destroy handles, so that the
// guard knows each handle's pointer mode without asking the handle.
inline cublasStatus_t cublasCreate_v2(cublasHandle_t *Handle) {
  return detail::trackCreate(GEMM_GUARD_FUNCTION(Cublas, cublasCreate_v2), Handle);
}
inline cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t Handle,
                                              cublasPointerMode_t Mode) {
  return detail::trackSetPointerMode(
      GEMM_GUARD_FUNCTION(Cublas, cublasSetPointerMode_v2), Handle, Mode);
}
inline cublasStatus_t cublasDestroy_v2(cublasHandle_t Handle) {
  return detail::trackDestroy(GEMM_GUARD_FUNCTION(Cublas, cublasDestroy_v2),
                              Handle);
}

} // namespace guard
} // namespace gemm

#endif // GEMM_GUARD_CALL_H
