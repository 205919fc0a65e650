// gemm/guard/policy.h - part of the gemm-tidy runtime guard: the policy: what the guard does with a finding (GEMM_GUARD, GEMM_GUARD_DEPTH), the
// types of a check's result, the hooks a program may install, the
// GEMM_GUARD_IGNORE list, and the environment and error helpers they use.
//
// Included by gemm/guard.h, in order, after the headers it includes;
// include gemm/guard.h, not this file.

#ifndef GEMM_GUARD_POLICY_H
#define GEMM_GUARD_POLICY_H

namespace gemm {
namespace guard {

enum class Policy { Error, Abort, Warn, Off };
enum class Depth { Values, Pointers };

// Where a call comes from: a source file and line (the header route), or
// the return address inside an unmodified binary (the preload library).
struct CallSite {
  const char *File;
  int Line;
  const void *Caller = nullptr;
};

// What a check of one call found. Where is "file:line", or the object and
// symbol that called for the preload library.
struct Report {
  const char *Function;
  std::string Where;
  std::vector<rules::Finding> Findings;
};

// What the guard learns about a pointer at run time: its residency and the
// allocation around it. The default asks the CUDA runtime and driver; tests
// and tools may install their own.
struct PointerInfo {
  rules::Residency Where = rules::Residency::Unknown;
  uint64_t AllocBegin = 0, AllocEnd = 0; // 0, 0 where not known
};
using PointerInspector = PointerInfo (*)(const void *);
using PointerModeInspector = bool (*)(cublasHandle_t, cublasPointerMode_t *);

// Replaces the one-line-per-finding report on stderr. The policy still
// decides whether cuBLAS is called. Pass nullptr to restore the default.
using Handler = void (*)(const Report &);

// Findings cuBLAS runs anyway and that neither crash nor corrupt memory:
// reported, never blocking (the rules core decides which).
using rules::isAdvisory;

namespace detail {

// The hook of type Hook a program installed (a handler or an inspector, of
// this guard or the cuBLASLt one: each has its own function type); null
// while none is. An atomic, constant-initialised: no lock on any path.
template <class Hook> std::atomic<Hook> &hookSlot() {
  static std::atomic<Hook> Slot{nullptr};
  return Slot;
}

inline void complain(const std::string &Line) {
  std::fputs(("gemm-guard: " + Line + "\n").c_str(), stderr);
}

// Says Line once per flag.
inline void complainOnce(std::atomic<bool> &Said, const std::string &Line) {
  if (!Said.exchange(true, std::memory_order_relaxed))
    complain(Line);
}

template <class T>
T parseEnv(const char *Name, T Default,
           std::initializer_list<std::pair<const char *, T>> Choices) {
  const char *Value = std::getenv(Name);
  if (!Value || !*Value)
    return Default;
  std::string Known;
  for (const auto &C : Choices) {
    if (std::strcmp(Value, C.first) == 0)
      return C.second;
    Known += (Known.empty() ? "" : ", ") + std::string(C.first);
  }
  complain(std::string(Name) + "='" + Value + "' is not one of " + Known +
           "; using " + Choices.begin()[static_cast<int>(Default)].first);
  return Default;
}

// A value computed once without a lock: threads that race compute the same
// value, and none ever waits, so a child forked at any moment finds no lock
// held (function-local statics with dynamic initialisers would take one).
template <class T, class F>
T computeOnce(std::atomic<T> &Slot, T Unset, F Compute) {
  T V = Slot.load(std::memory_order_acquire);
  if (V != Unset)
    return V;
  V = Compute();
  Slot.store(V, std::memory_order_release);
  return V;
}

// Registers Child to run in every child the process forks, once Registered
// says so. Threads that race may both register it: Child must be
// idempotent. (A function-local static with a dynamic initialiser would do
// this once, but under a lock a child forked meanwhile waits on for ever.)
inline void registerAtFork(std::atomic<bool> &Registered, void (*Child)()) {
  if (Registered.load(std::memory_order_acquire))
    return;
  ::pthread_atfork(nullptr, nullptr, Child);
  Registered.store(true, std::memory_order_release);
}

// Calls the guard makes into the CUDA libraries on its own account: the
// library's version, a device's attributes, a pointer's residency. While
// one runs the library may hold a lock (cuBLASLt's one-time initialisers
// do, inside cublasGetProperty), and a child forked meanwhile inherits that
// lock held by a thread it does not have: a query of its own would wait for
// ever. So a process forked while any such query was running asks nothing
// more. What the queries would have told stays unknown, the rules that need
// it stay silent, and the process says so once.
struct LibraryQueries {
  std::atomic<int> Running{0};
  std::atomic<bool> Barred{false};
  std::atomic<bool> ForkAware{false};
  std::atomic<bool> Said{false};
};

inline LibraryQueries &libraryQueries() {
  static LibraryQueries Q; // constant-initialised: no lock
  return Q;
}

inline void barQueriesInChild() {
  LibraryQueries &Q = libraryQueries();
  if (Q.Running.load(std::memory_order_acquire) > 0)
    Q.Barred.store(true, std::memory_order_release);
  Q.Running.store(0, std::memory_order_release);
}

// One query's permission, held while it runs: test it before calling.
class LibraryQuery {
public:
  LibraryQuery() : Q(libraryQueries()) {
    registerAtFork(Q.ForkAware, barQueriesInChild);
    Allowed = !Q.Barred.load(std::memory_order_acquire);
    if (Allowed)
      Q.Running.fetch_add(1, std::memory_order_acq_rel);
    else
      complainOnce(Q.Said, "this process was forked while another thread was "
                           "asking the CUDA libraries for a version, a device's "
                           "attributes or a pointer's residency; it asks them "
                           "nothing more, so rules that need those facts are "
                           "not checked here");
  }
  ~LibraryQuery() {
    if (Allowed)
      Q.Running.fetch_sub(1, std::memory_order_acq_rel);
  }
  LibraryQuery(const LibraryQuery &) = delete;
  LibraryQuery &operator=(const LibraryQuery &) = delete;
  explicit operator bool() const { return Allowed; }

private:
  LibraryQueries &Q;
  bool Allowed;
};

// The version of a library the process has loaded, asked of it once (as
// computeOnce): Ask() gives -1 while the library is not loaded, which is
// asked again at the next call and reads as 0.
template <class F> int64_t loadedVersion(std::atomic<int64_t> &Slot, F Ask) {
  const int64_t V = computeOnce<int64_t>(Slot, -1, Ask);
  return V < 0 ? 0 : V;
}

// Copies Size bytes from Src if all of them are readable; never faults.
inline bool readHost(const void *Src, void *Dst, size_t Size) {
  if (!Src)
    return false;
  if (Size == 0)
    return true;
  iovec Local{Dst, Size};
  iovec Remote{const_cast<void *>(Src), Size};
  return ::process_vm_readv(::getpid(), &Local, 1, &Remote, 1, 0) ==
         static_cast<ssize_t>(Size);
}

} // namespace detail

inline Policy policy() {
  static std::atomic<int> P{-1};
  return static_cast<Policy>(detail::computeOnce(P, -1, [] {
    return static_cast<int>(detail::parseEnv<Policy>(
        "GEMM_GUARD", Policy::Error,
        {{"error", Policy::Error}, {"abort", Policy::Abort},
         {"warn", Policy::Warn}, {"off", Policy::Off}}));
  }));
}

inline Depth depth() {
  static std::atomic<int> D{-1};
  return static_cast<Depth>(detail::computeOnce(D, -1, [] {
    return static_cast<int>(detail::parseEnv<Depth>(
        "GEMM_GUARD_DEPTH", Depth::Pointers,
        {{"values", Depth::Values}, {"pointers", Depth::Pointers}}));
  }));
}

inline void setHandler(Handler H) { detail::hookSlot<Handler>().store(H); }

namespace detail {
inline std::atomic<uint64_t> &memoryEpoch();
} // namespace detail

// Replace how pointers and pointer modes are inspected (nullptr restores
// the defaults: the CUDA queries, and the guard's table of handles).
inline void setPointerInspector(PointerInspector I) {
  detail::hookSlot<PointerInspector>().store(I);
  detail::memoryEpoch().fetch_add(1); // facts cached from the old one expire
}
inline void setPointerModeInspector(PointerModeInspector I) {
  detail::hookSlot<PointerModeInspector>().store(I);
}

namespace detail {

// --- GEMM_GUARD_IGNORE ---------------------------------------------------------

struct IgnoreList {
  std::vector<std::string> Names;                // checks and rule ids
  std::vector<std::pair<std::string, int>> Sites; // file, line
};

inline const IgnoreList *ignoreList() {
  static std::atomic<const IgnoreList *> List{nullptr};
  if (const IgnoreList *L = List.load(std::memory_order_acquire))
    return L;
  auto *Parsed = new IgnoreList;
  const char *Env = std::getenv("GEMM_GUARD_IGNORE");
  std::string Text = Env ? Env : "";
  size_t Pos = 0;
  while (Pos <= Text.size()) {
    size_t Comma = Text.find(',', Pos);
    if (Comma == std::string::npos)
      Comma = Text.size();
    std::string Item = Text.substr(Pos, Comma - Pos);
    Pos = Comma + 1;
    while (!Item.empty() && Item.back() == ' ')
      Item.pop_back();
    while (!Item.empty() && Item.front() == ' ')
      Item.erase(Item.begin());
    if (Item.empty())
      continue;
    const size_t Colon = Item.rfind(':');
    if (Colon != std::string::npos && Colon + 1 < Item.size() &&
        Item.find_first_not_of("0123456789", Colon + 1) == std::string::npos)
      Parsed->Sites.emplace_back(Item.substr(0, Colon),
                                 std::atoi(Item.c_str() + Colon + 1));
    else
      Parsed->Names.push_back(Item);
  }
  const IgnoreList *Expected = nullptr;
  if (!List.compare_exchange_strong(Expected, Parsed))
    delete Parsed; // another thread published the same list first
  return List.load(std::memory_order_acquire);
}

// A GEMM_GUARD_IGNORE name that is no check and no rule id ignores nothing:
// said once, when the guard is loaded, with the nearest name that is.
inline bool warnUnknownIgnored() {
  for (const std::string &Name : ignoreList()->Names) {
    if (rules::isKnownCheckOrRule(Name))
      continue;
    const std::string Near = rules::nearestCheckOrRule(Name);
    const std::string Line =
        "gemm-guard: GEMM_GUARD_IGNORE: no check or rule is named '" + Name +
        "'" + (Near.empty() ? "" : "; did you mean '" + Near + "'?") + "\n";
    std::fputs(Line.c_str(), stderr);
  }
  return true;
}
inline const bool IgnoreListChecked = warnUnknownIgnored();

// File names the same file as Pattern: equal, or ending in "/" + Pattern.
inline bool sameFile(const char *File, const std::string &Pattern) {
  const size_t N = std::strlen(File);
  if (N < Pattern.size() || Pattern.empty())
    return false;
  const char *Tail = File + N - Pattern.size();
  return std::strcmp(Tail, Pattern.c_str()) == 0 &&
         (Tail == File || Tail[-1] == '/' || Pattern.front() == '/');
}

// Whether GEMM_GUARD_IGNORE drops a finding of check Cat and rule RuleId at
// Site (the GemmEx and the cuBLASLt findings alike).
inline bool isIgnored(rules::Category Cat, const char *RuleId,
                      const CallSite &Site) {
  const IgnoreList *L = ignoreList();
  for (const std::string &Name : L->Names)
    if (Name == rules::categoryName(Cat) || Name == RuleId)
      return true;
  if (Site.File)
    for (const auto &S : L->Sites)
      if (S.second == Site.Line && sameFile(Site.File, S.first))
        return true;
  return false;
}

} // namespace detail

} // namespace guard
} // namespace gemm

#endif // GEMM_GUARD_POLICY_H
