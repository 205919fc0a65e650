// gemm/guard/call_site.h - part of the gemm-tidy runtime guard: call sites: the file and line of the header route, the function
// and object of a return address, the Python frame.
//
// Included by gemm/guard.h, in order, after the headers it includes;
// include gemm/guard.h, not this file.

#ifndef GEMM_GUARD_CALL_SITE_H
#define GEMM_GUARD_CALL_SITE_H

namespace gemm {
namespace guard {

namespace detail {

// --- call sites --------------------------------------------------------------------

// Calls Visit(symbol, name) for each entry of the full symbol table of an
// ELF file until it returns true; false where the file cannot be read or
// has no symbol table (stripped). Only the report path and the preload's
// start read it.
template <class F> bool forEachElfSymbol(const char *Path, F Visit) {
  const int Fd = ::open(Path, O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return false;
  struct stat St;
  void *Map = MAP_FAILED;
  if (::fstat(Fd, &St) == 0 &&
      St.st_size >= static_cast<off_t>(sizeof(Elf64_Ehdr)))
    Map = ::mmap(nullptr, static_cast<size_t>(St.st_size), PROT_READ, MAP_PRIVATE, Fd, 0);
  ::close(Fd);
  if (Map == MAP_FAILED)
    return false;
  const auto *Base = static_cast<const unsigned char *>(Map);
  const uint64_t Size = static_cast<uint64_t>(St.st_size);
  bool Stopped = false;
  Elf64_Ehdr Eh;
  std::memcpy(&Eh, Base, sizeof(Eh));
  const bool Valid = std::memcmp(Eh.e_ident, ELFMAG, SELFMAG) == 0 &&
                     Eh.e_ident[EI_CLASS] == ELFCLASS64 &&
                     Eh.e_shentsize == sizeof(Elf64_Shdr) &&
                     Eh.e_shoff < Size &&
                     Eh.e_shnum <= (Size - Eh.e_shoff) / sizeof(Elf64_Shdr);
  for (unsigned I = 0; Valid && !Stopped && I < Eh.e_shnum; ++I) {
    Elf64_Shdr Sh, Str;
    std::memcpy(&Sh, Base + Eh.e_shoff + I * sizeof(Elf64_Shdr), sizeof(Sh));
    if (Sh.sh_type != SHT_SYMTAB || Sh.sh_link >= Eh.e_shnum ||
        Sh.sh_offset > Size || Sh.sh_size > Size - Sh.sh_offset)
      continue;
    std::memcpy(&Str, Base + Eh.e_shoff + Sh.sh_link * sizeof(Elf64_Shdr),
                sizeof(Str));
    if (Str.sh_offset > Size || Str.sh_size > Size - Str.sh_offset)
      continue;
    for (uint64_t S = 0; !Stopped && S + sizeof(Elf64_Sym) <= Sh.sh_size;
         S += sizeof(Elf64_Sym)) {
      Elf64_Sym Sym;
      std::memcpy(&Sym, Base + Sh.sh_offset + S, sizeof(Sym));
      if (Sym.st_name >= Str.sh_size)
        continue;
      const char *Text =
          reinterpret_cast<const char *>(Base + Str.sh_offset + Sym.st_name);
      Stopped = Visit(Sym, std::string(
                               Text, strnlen(Text, Str.sh_size - Sym.st_name)));
    }
  }
  ::munmap(Map, static_cast<size_t>(St.st_size));
  return Stopped;
}

// The function that holds Address (a link-time address), and the offset.
inline bool elfFunctionAt(const char *Path, uint64_t Address, std::string &Name,
                          uint64_t &Offset) {
  return forEachElfSymbol(Path, [&](const Elf64_Sym &Sym, std::string Text) {
    if (ELF64_ST_TYPE(Sym.st_info) != STT_FUNC || Sym.st_shndx == SHN_UNDEF ||
        Address < Sym.st_value || Address - Sym.st_value >= Sym.st_size)
      return false;
    Name = std::move(Text);
    Offset = Address - Sym.st_value;
    return true;
  });
}

// Whether the file defines (not merely references) the symbol Name.
inline bool elfDefines(const char *Path, const char *Name) {
  return forEachElfSymbol(Path, [&](const Elf64_Sym &Sym, const std::string &Text) {
    return Sym.st_shndx != SHN_UNDEF && Text == Name;
  });
}

// A C++ symbol as its source names it ("linearForward(cublasContext*, float
// const*)" for _Z13linearForwardP13cublasContextPKf); any other unchanged.
inline std::string demangled(const char *Symbol) {
  if (std::strncmp(Symbol, "_Z", 2) != 0)
    return Symbol;
  int Status = -1;
  char *Text = abi::__cxa_demangle(Symbol, nullptr, nullptr, &Status);
  const std::string Name = Status == 0 && Text ? Text : Symbol;
  std::free(Text);
  return Name;
}

// The functions of CPython's C API that name the running Python line, found
// in the process (a python executable or a libpython it loaded) with dlsym,
// so that no Python header or library is needed; all null elsewhere.
struct PythonApi {
  using Object = void *;
  int (*IsInitialized)() = nullptr;
  Object (*CurrentThreadState)() = nullptr; // attached to this thread (3.12+)
                                            // or holding the GIL (3.5-3.11)
  Object (*OwnThreadState)() = nullptr;     // this thread's own
  Object (*ErrOccurred)() = nullptr;
  void (*ErrClear)() = nullptr;
  Object (*Frame)() = nullptr;
  Object (*GetAttr)(Object, const char *) = nullptr;
  const char *(*Utf8)(Object) = nullptr;
  long (*AsLong)(Object) = nullptr;
  void (*DecRef)(Object) = nullptr;

  PythonApi() {
    auto Find = [](auto &Fn, const char *Name) {
      Fn = reinterpret_cast<std::remove_reference_t<decltype(Fn)>>(
          dlsym(RTLD_DEFAULT, Name));
      return Fn != nullptr;
    };
    bool Ok = Find(CurrentThreadState, "PyThreadState_GetUnchecked") ||
              Find(CurrentThreadState, "_PyThreadState_UncheckedGet");
    Ok = Find(IsInitialized, "Py_IsInitialized") && Ok;
    Ok = Find(OwnThreadState, "PyGILState_GetThisThreadState") && Ok;
    Ok = Find(ErrOccurred, "PyErr_Occurred") && Find(ErrClear, "PyErr_Clear") && Ok;
    Ok = Find(Frame, "PyEval_GetFrame") && Find(GetAttr, "PyObject_GetAttrString") && Ok;
    Ok = Find(Utf8, "PyUnicode_AsUTF8") && Find(AsLong, "PyLong_AsLong") && Ok;
    Ok = Find(DecRef, "Py_DecRef") && Ok;
    if (!Ok)
      IsInitialized = nullptr;
  }
};

// "train.py:42", the Python line this thread is running, where the process
// is CPython and this thread holds the GIL: the interpreter's frames are then
// this thread's to read, through the C API. "" otherwise (no Python, the GIL
// released as ctypes.CDLL and most extensions release it around a call, an
// exception pending): reading them then could crash, and taking the GIL
// could hang.
inline std::string pythonSite() {
  // Found once, without a lock (see computeOnce); never destroyed.
  static std::atomic<const PythonApi *> Found{nullptr};
  const PythonApi *Api = Found.load(std::memory_order_acquire);
  if (!Api) {
    const PythonApi *Mine = new PythonApi;
    if (Found.compare_exchange_strong(Api, Mine, std::memory_order_acq_rel))
      Api = Mine;
    else
      delete Mine; // another thread was first
  }
  const PythonApi &Py = *Api;
  if (!Py.IsInitialized || !Py.IsInitialized())
    return "";
  void *Current = Py.CurrentThreadState();
  if (!Current || Current != Py.OwnThreadState() || Py.ErrOccurred())
    return "";
  std::string Site;
  void *Frame = Py.Frame(); // borrowed
  void *Code = Frame ? Py.GetAttr(Frame, "f_code") : nullptr;
  void *Line = Frame ? Py.GetAttr(Frame, "f_lineno") : nullptr;
  void *File = Code ? Py.GetAttr(Code, "co_filename") : nullptr;
  const char *Text = File ? Py.Utf8(File) : nullptr;
  const long Number = Line ? Py.AsLong(Line) : -1;
  if (Text && *Text && Number > 0)
    Site = std::string(Text) + ":" + std::to_string(Number);
  for (void *Owned : {File, Line, Code})
    if (Owned)
      Py.DecRef(Owned);
  if (Py.ErrOccurred()) // none was pending: ours to clear
    Py.ErrClear();
  return Site;
}

// The caller at a return address: "libfoo.so (symbol+0x1c)", the symbol
// demangled, or "prog+0x11a9" (an offset for addr2line) where no symbol
// names it.
inline std::string nativeSite(const void *Caller) {
  Dl_info Info;
  if (!dladdr(Caller, &Info))
    return "an unknown caller";
  std::string Path = Info.dli_fname && *Info.dli_fname ? Info.dli_fname : "";
  const char *Slash = std::strrchr(Path.c_str(), '/');
  std::string Where = Slash ? Slash + 1 : Path;
  const uint64_t Address = reinterpret_cast<uintptr_t>(Caller);
  const uint64_t Base = reinterpret_cast<uintptr_t>(Info.dli_fbase);
  auto Hex = [](uint64_t V) {
    char Buf[24];
    std::snprintf(Buf, sizeof(Buf), "0x%llx", static_cast<unsigned long long>(V));
    return std::string(Buf);
  };
  if (Info.dli_sname && Info.dli_saddr)
    return Where + " (" + demangled(Info.dli_sname) + "+" +
           Hex(Address - reinterpret_cast<uintptr_t>(Info.dli_saddr)) + ")";
  // Not exported: the object's own symbol table. Shared objects and PIE
  // executables are linked at 0; a fixed-address executable at its base.
  Elf64_Ehdr Eh;
  const bool Fixed = Info.dli_fbase &&
                     detail::readHost(Info.dli_fbase, &Eh, sizeof(Eh)) &&
                     Eh.e_type == ET_EXEC;
  const uint64_t Linked = Fixed ? Address : Address - Base;
  std::string Name;
  uint64_t Offset = 0;
  Dl_info Main;
  const bool IsMain =
      dladdr(reinterpret_cast<const void *>(getauxval(AT_PHDR)), &Main) &&
      Main.dli_fbase == Info.dli_fbase;
  if (elfFunctionAt(IsMain ? "/proc/self/exe" : Path.c_str(), Linked, Name,
                    Offset))
    return Where + " (" + demangled(Name.c_str()) + "+" + Hex(Offset) + ")";
  return Where + "+" + Hex(Linked);
}

// The native sites named so far, by return address, so that a report in a
// loop reads the object's symbol table once, not per call (21 us per report
// under the preload before). Only tried, never waited for: a report that
// finds the table busy (another thread, or a fork taken while it was held)
// names its site afresh.
inline std::string cachedNativeSite(const void *Caller) {
  // Both constant-initialised (no lock to initialise them) and never
  // destroyed: threads may still report while the process exits.
  static std::mutex Lock;
  static std::unordered_map<const void *, std::string> *Known = nullptr;
  {
    std::unique_lock<std::mutex> Held(Lock, std::try_to_lock);
    if (Held && Known) {
      const auto It = Known->find(Caller);
      if (It != Known->end())
        return It->second;
    }
  }
  std::string Site = nativeSite(Caller);
  std::unique_lock<std::mutex> Held(Lock, std::try_to_lock);
  if (Held && !Known)
    Known = new std::unordered_map<const void *, std::string>;
  if (Held && Known->size() < 4096)
    Known->emplace(Caller, Site);
  return Site;
}

// "file:line", or for a return address the Python line running on this
// thread where there is one (see pythonSite), else the native caller.
inline std::string describeSite(const CallSite &Site) {
  if (!Site.Caller)
    return std::string(Site.File) + ":" + std::to_string(Site.Line);
  std::string Python = pythonSite();
  if (!Python.empty())
    return Python;
  return cachedNativeSite(Site.Caller);
}

} // namespace detail

} // namespace guard
} // namespace gemm

#endif // GEMM_GUARD_CALL_SITE_H
