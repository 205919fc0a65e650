#!/usr/bin/env python3
"""Benchmark (not a test): the gemm-* checks over fetched open-source projects.

For each project (a git directory, or owner/name under --mirrors as the
session's `fetch` leaves it), it extracts from HEAD the files that call the
cuBLAS GEMM family and every header of the project, runs clang-tidy with the
plugin on each calling file (.cu/.cuh host-side, as run-gemm-tidy parses
them), and prints a table per project:

  files      files whose text calls the GEMM family
  sites      call sites in their text (a name followed by '(', outside
             comments, #define lines and declarations)
  analysed   call sites clang resolved to the cuBLAS declaration (counted by
             a clang-query custom check in the same clang-tidy run, distinct
             locations): what the checks actually saw
  clean      files that parsed without an error
  warnings   distinct gemm-* warnings
  crashes    clang-tidy runs that died (signal, stack dump) or timed out
  lt         cublasLtMatmul call sites in the text
  lt_analysed  those clang resolved to the cuBLASLt declaration (the Lt
             checks saw them; files that only build Lt descriptors are swept
             too, for the attribute setters)

Nothing of a project is built or run. Include directories are found by
resolving each #include of the calling files (transitively) against the
project's own tree; an include the tree and the system do not have becomes
an empty stub, so the file still parses (with errors, -ferror-limit=0) up to
and past it. A call whose arguments have errors is skipped by the checks.

  bench/realworld_sweep.py [--build build] [--jobs 1] [--json out.json]
      [--path-sensitive [--no-cost] [--clang CLANG++] [--analyzer-plugin SO]]
      [--list bench/realworld-projects.txt]
      [owner/name | git-dir] ...

With --path-sensitive the same files, with the same flags, go through the
Clang Static Analyzer with the gemm checkers (libGemmAnalyzer.so,
docs/deep.md) instead, three runs per file:

  gemm only  the command run-gemm-tidy --path-sensitive runs
             (--analyzer-no-default-checks, the gemm package, text output
             with the checker names): its warnings and crashes
  default    clang++ --analyze with the default checkers   } CPU time per TU,
  +gemm      the same plus the gemm package (also checked  } side by side
             for crashes)

The analyzer analyses nothing of a translation unit with an error, so in
this mode `analysed` counts the GEMM call sites of the files that compiled
without one (the analyzer has no count of the calls its paths reached), and
the table adds `tus` (files run), the mean CPU seconds per TU of `default`
and `+gemm`, and their ratio (summed CPU of +gemm over that of default).

Project lines in the list: `owner/name [paths=GLOB,...] [-- clang flags]`;
the same syntax on the command line as one argument.
"""

import argparse
import fnmatch
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))

GEMM_NAMES = (r"cublas(Gemm(Ex|BatchedEx|StridedBatchedEx|GroupedBatchedEx)"
              r"|[SC]gemmEx|Cgemm3mEx|[SDCZ]gemm(_v2)?|Hgemm|[CZ]gemm3m"
              r"|[SDCZH]gemm(Strided)?Batched|Cgemm3m(Strided)?Batched"
              r"|[SD]gemmGroupedBatched)(_64)?")
# What clang resolves the names to (cublas_v2.h maps cublasSgemm to _v2).
DECL_NAMES = GEMM_NAMES.replace(r"[SDCZ]gemm(_v2)?", r"[SDCZ]gemm_v2")
LT_NAME = r"cublasLtMatmul"
# A file that builds Lt descriptors is swept too (its setters are checked).
LT_FILE_NAMES = r"cublasLt(Matmul|MatmulDesc\w+|MatrixLayout\w+|MatmulPreference\w+)"
SOURCE_EXT = (".c", ".cc", ".cpp", ".cxx", ".cu", ".cuh", ".h", ".hh", ".hpp",
              ".hxx", ".inl", ".inc", ".ipp", ".tcc")
HEADER_EXT = (".h", ".hh", ".hpp", ".hxx", ".cuh", ".inl", ".inc", ".ipp", ".tcc",
              ".def", ".cu")
DIAG_RE = re.compile(r"^(?P<file>/.+?):(?P<line>\d+):(?P<col>\d+): "
                     r"(?P<level>warning|error|fatal error): (?P<message>.*?)"
                     r"(?: \[(?P<check>[^\[\]]+)\])?$")
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
CRASH_MARKS = ("Stack dump", "PLEASE submit a bug report", "LLVM ERROR")

CUSTOM_CHECK = """CustomChecks:
  - Name: gemmsite
    Query: |
      match callExpr(callee(functionDecl(matchesName("^::(%s)$"))), hasArgument(0, expr().bind("a0")))
    Diagnostic:
      - BindName: a0
        Message: gemm call site
        Level: Warning
  - Name: ltsite
    Query: |
      match callExpr(callee(functionDecl(hasName("::%s"))), hasArgument(0, expr().bind("a0")))
    Diagnostic:
      - BindName: a0
        Message: lt call site
        Level: Warning
""" % (DECL_NAMES, LT_NAME)


def sh(*args, **kw):
    return subprocess.run(args, stdout=subprocess.PIPE, check=True, **kw).stdout


def strip_comments(text):
    """The text with comments blanked, newlines kept (for line numbers)."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    return re.sub(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"', blank, text, flags=re.S)


def text_sites(text, name_re):
    """Call sites of name_re in the text: the name then '(' outside comments,
    #define lines, declarations (a return type before the name) and member
    functions of that name."""
    code = strip_comments(text)
    sites = []
    for m in re.finditer(r"\b(%s)\s*\(" % name_re, code):
        line_start = code.rfind("\n", 0, m.start()) + 1
        before = code[line_start:m.start()]
        # Not a call of the API: a #define, a declaration, a member function
        # of the same name (TensorRT's CublasWrapper::cublasGemmEx).
        if re.match(r"\s*#", before) or re.search(
                r"((cublasStatus_t|CUBLASAPI|CUBLASWINAPI|hipblasStatus_t)\b[\w\s]*|\.\s*|->\s*|\w::)$",
                before):
            continue
        sites.append(code.count("\n", 0, m.start()) + 1)
    return sites


class Project:
    def __init__(self, spec, args):
        words = shlex.split(spec)
        self.flags = []
        if "--" in words:
            self.flags = words[words.index("--") + 1:]
            words = words[:words.index("--")]
        self.paths, self.overlays = [], []
        for w in words[1:]:
            if w.startswith("paths="):
                self.paths = w[len("paths="):].split(",")
            elif w.startswith("with="):
                # Submodules: with=owner/name:subdir,... (their headers only)
                self.overlays = [o.split(":", 1) for o in w[len("with="):].split(",")]
        target = words[0]
        if os.path.isdir(target):
            self.gitdir = target
            self.name = os.path.basename(os.path.dirname(os.path.abspath(target))).replace("+", "/")
        else:
            if not args.mirrors:
                sys.exit("realworld_sweep.py: %s is not a directory; give the directory of its "
                         "mirrors with --mirrors DIR (or GEMM_MIRRORS)" % target)
            self.name = target
            self.gitdir = os.path.join(args.mirrors, target.replace("/", "+"), "repo")
            if os.path.isdir(os.path.join(self.gitdir, ".git")):
                self.gitdir = os.path.join(self.gitdir, ".git")
        self.dir = os.path.join(args.work, self.name.replace("/", "+"))
        self.args = args

    def git(self, *args, **kw):
        return sh("git", "--git-dir=" + self.gitdir, *args, **kw)

    def extract(self):
        """Calling files and all headers of HEAD under self.dir; returns the
        calling files (repository paths)."""
        self.commit = self.git("rev-parse", "HEAD").decode().strip()
        tree = [p for p in self.git("ls-tree", "-r", "-z", "--name-only", "HEAD")
                .decode("utf-8", "replace").split("\0") if p]
        for name, subdir in self.overlays:
            sub = Project(name, self.args)
            sub.dir = os.path.join(self.dir, subdir)
            sub.extract()
            tree += [os.path.join(subdir, p) for p in sub.tree]
        self.tree = set(tree)
        grep = subprocess.run(
            ["git", "--git-dir=" + self.gitdir, "grep", "-l", "-E",
             r"\b(%s|%s)\b" % (GEMM_NAMES, LT_FILE_NAMES), "HEAD", "--"]
            + ["*" + e for e in SOURCE_EXT], stdout=subprocess.PIPE).stdout.decode()
        callers = sorted(set(l.split(":", 1)[1] for l in grep.splitlines() if ":" in l))
        if self.paths:
            callers = [c for c in callers if any(fnmatch.fnmatch(c, g) for g in self.paths)]
        wanted = set(callers) | set(p for p in tree if p.endswith(HEADER_EXT))
        stamp = os.path.join(self.dir, ".sweep-commit")
        if not (os.path.exists(stamp) and open(stamp).read() == self.commit):
            os.makedirs(self.dir, exist_ok=True)
            batch = subprocess.Popen(["git", "--git-dir=" + self.gitdir, "cat-file", "--batch"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
            for path in sorted(wanted):
                batch.stdin.write(("HEAD:%s\n" % path).encode())
                batch.stdin.flush()
                header = batch.stdout.readline().split()
                if len(header) < 3 or header[1] != b"blob":
                    continue
                data = batch.stdout.read(int(header[2]))
                batch.stdout.read(1)
                out = os.path.join(self.dir, path)
                os.makedirs(os.path.dirname(out), exist_ok=True)
                with open(out, "wb") as f:
                    f.write(data)
            batch.stdin.close()
            batch.wait()
            with open(stamp, "w") as f:
                f.write(self.commit)
        self.headers = [p for p in self.tree if p.endswith(HEADER_EXT)]
        self.by_name = {}
        for p in self.headers:
            self.by_name.setdefault(os.path.basename(p), []).append(p)
        return callers


SYSTEM_DIRS = None


def system_dirs():
    global SYSTEM_DIRS
    if SYSTEM_DIRS is None:
        out = subprocess.run(["clang++-22", "-x", "c++", "-E", "-v", "-"], input=b"",
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE).stderr.decode()
        dirs = re.findall(r"^ (/\S+)$", out, re.M)
        SYSTEM_DIRS = dirs + ["/usr/local/cuda/include", "/usr/local/cuda/include/cccl"]
    return SYSTEM_DIRS


def include_dirs(project, path):
    """-I directories and stub includes for one calling file: its #includes,
    followed transitively, resolved against the project's tree."""
    dirs, stubs, seen, queue = [], set(), set(), [path]
    base = project.dir

    def exists(rel):
        return os.path.isfile(os.path.join(base, rel))

    while queue and len(seen) < 3000:
        rel = queue.pop()
        if rel in seen:
            continue
        seen.add(rel)
        try:
            text = open(os.path.join(base, rel), encoding="utf-8", errors="replace").read()
        except OSError:
            continue
        for kind, inc in INCLUDE_RE.findall(text):
            inc = os.path.normpath(inc)
            here = os.path.normpath(os.path.join(os.path.dirname(rel), inc))
            if kind == '"' and exists(here):
                queue.append(here)
                continue
            # The system first: a directory of the project that has a
            # header named like a system one (memory.h, cuda.h) comes after
            # the system's (see include_flags).
            if any(os.path.isfile(os.path.join(d, inc)) for d in system_dirs()):
                continue
            found = next((os.path.join(d, inc) for d in dirs
                          if exists(os.path.join(d, inc))), None)
            if found:
                queue.append(os.path.normpath(found))
                continue
            candidates = [p for p in project.by_name.get(os.path.basename(inc), [])
                          if p == inc or p.endswith("/" + inc)]
            if candidates:
                # The one nearest the including file.
                best = max(candidates, key=lambda p: len(os.path.commonprefix([p, rel])))
                d = best[:len(best) - len(inc)].rstrip("/") or "."
                dirs.append(d)
                queue.append(best)
            elif not inc.startswith(".."):
                stubs.add(inc)
    return dirs, stubs


def include_flags(project, dirs):
    """-I for the project's directories, but -idirafter for one with a
    header named like a system header (ggml's vendors/cuda.h, dmlc's
    memory.h), which would hide it. Not -idirafter for all: its headers
    count as system headers, and clang-tidy then skips the instantiations
    of templates declared there (FasterTransformer's gemm profilers)."""
    flags = []
    for d in dirs:
        d = os.path.normpath(d)
        prefix = "" if d == "." else d + "/"
        hides = any(p.startswith(prefix) and "/" not in p[len(prefix):] and any(
            os.path.isfile(os.path.join(s, p[len(prefix):])) for s in system_dirs())
            for p in project.headers)
        flags += ["-idirafter" if hides else "-I", os.path.join(project.dir, d)]
    return flags


def is_cuda(path, text):
    if path.endswith((".cu", ".cuh")):
        return True
    return path.endswith(HEADER_EXT) and re.search(r"__global__|<<<", text) is not None


def file_flags(project, rel, args):
    """The source, its text, its stub includes and the clang flags it is
    parsed with (by either tier)."""
    src = os.path.join(project.dir, rel)
    text = open(src, encoding="utf-8", errors="replace").read()
    dirs, stubs = include_dirs(project, rel)
    stub_dir = os.path.join(args.work, "stubs", project.name.replace("/", "+"))
    for s in stubs:
        p = os.path.join(stub_dir, s)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        if not os.path.exists(p):
            open(p, "w").close()
    flags = ["-std=c++17", "-ferror-limit=0", "-Wno-everything"]
    if rel.endswith(".c"):
        flags = ["-x", "c", "-ferror-limit=0", "-Wno-everything"]
    elif is_cuda(rel, text):
        flags = ["-x", "cuda", "--cuda-host-only", "-nocudalib", "--cuda-path=" + args.cuda,
                 "-D__CUDACC_VER_MAJOR__=%d" % args.cuda_version[0],
                 "-D__CUDACC_VER_MINOR__=%d" % args.cuda_version[1],
                 "-D__CUDACC_VER_BUILD__=0",
                 "-include", os.path.join(ROOT, "share/gemm-tidy/cuda-host-prelude.h")] + flags
    else:
        flags = ["-x", "c++"] + flags
    flags += ["-isystem", os.path.join(args.cuda, "include", "cccl"),
              "-isystem", os.path.join(args.cuda, "include")]
    flags += include_flags(project, dirs + ["."])
    flags += ["-idirafter", stub_dir] + project.flags
    return src, text, stubs, flags


def run_file(project, rel, args):
    if args.path_sensitive:
        return analyse_file(project, rel, args)
    src, text, stubs, flags = file_flags(project, rel, args)
    cmd = [args.clang_tidy, "--experimental-custom-checks", "--config-file=" + args.config,
           "--load", os.path.join(args.build, "lib", "libGemmTidy.so"),
           "--checks=-*,gemm-*,custom-gemmsite,custom-ltsite", "--header-filter=.*", src, "--"] + flags
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=args.timeout)
        out, rc = p.stdout.decode("utf-8", "replace"), p.returncode
    except subprocess.TimeoutExpired as e:
        out, rc = (e.stdout or b"").decode("utf-8", "replace"), "timeout"
    result = {"file": rel, "seconds": round(time.time() - t0, 1), "rc": rc,
              "stubs": sorted(stubs), "sites": text_sites(text, GEMM_NAMES),
              "lt": len(text_sites(text, LT_NAME)), "analysed": [], "lt_analysed": [],
              "warnings": [],
              "errors": 0, "first_error": None, "crash": crash_of(out, rc),
              "command": " ".join(shlex.quote(c) for c in cmd)}
    read_diagnostics(project, out, result, "gemm-")
    return result


def read_diagnostics(project, out, result, prefix):
    """The call-site counts, the warnings of checks named prefix* (with
    their notes) and the errors of one run's output, into result."""
    lines = out.splitlines()
    for i, line in enumerate(lines):
        m = DIAG_RE.match(line)
        if not m:
            continue
        where = "%s:%s:%s" % (os.path.relpath(m["file"], project.dir), m["line"], m["col"])
        if m["check"] == "custom-gemmsite":
            result["analysed"].append(where)
        elif m["check"] == "custom-ltsite":
            result["lt_analysed"].append(where)
        elif m["check"] and m["check"].startswith(prefix):
            notes = []
            for follow in lines[i + 1:]:
                n = re.match(r"^/.+?:\d+:\d+: note: (.*)$", follow)
                if n:
                    notes.append(n.group(1))
                elif DIAG_RE.match(follow):
                    break
            result["warnings"].append({"at": where, "message": m["message"],
                                       "check": m["check"], "notes": notes})
        elif "error" in m["level"]:
            result["errors"] += 1
            if not result["first_error"]:
                result["first_error"] = "%s: %s" % (where, m["message"])


# --- --path-sensitive: the Static Analyzer with the gemm checkers ---------------


def crash_of(out, rc):
    """What shows a run died (signal, stack dump, timeout), or None."""
    if rc == "timeout":
        return "timeout, killed after --timeout seconds; output:\n" + out[-3000:]
    if (isinstance(rc, int) and rc < 0) or any(m in out for m in CRASH_MARKS):
        # Killed by the system (out of memory) leaves no output.
        return out[-3000:] or "killed (rc %s), no output" % rc
    return None


def cpu_so_far(pid):
    """User + system seconds a running process has used (/proc)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def timed_run(argv, timeout):
    """Output, exit status ("timeout" when killed) and CPU seconds (user +
    system, from wait4) of one run. The limit is on CPU seconds too: on a
    loaded shared machine wall time says more about the other users than
    about the run, and a run that merely waited must not count as hung."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT)
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if cpu_so_far(proc.pid) > timeout:
                proc.kill()
                _, status, usage = os.wait4(proc.pid, 0)
                status = None
                break
            time.sleep(0.05)
        proc.returncode = 0  # reaped here: keep Popen from waiting again
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    rc = "timeout" if status is None else os.waitstatus_to_exitcode(status)
    return text, rc, usage.ru_utime + usage.ru_stime


def analyzer_commands(args, src, flags):
    """The three analyzer runs of a file, by column. `gemm only` is the
    command run-gemm-tidy --path-sensitive gives each file
    (tools/run_gemm_tidy/analyzer.py); none writes a report file."""
    analyze = [args.clang, "--analyze", "-o", "/dev/null"]
    gemm = ["-Xclang", "-load", "-Xclang", args.plugin, "-Xclang", "-analyzer-checker=gemm"]
    runs = {"gemm only": analyze + ["--analyzer-no-default-checks", "--analyzer-output", "text"]
            + gemm + ["-Xclang", "-analyzer-config", "-Xclang", "display-checker-name=true"]
            + flags + [src]}
    if not args.no_cost:
        runs["default"] = analyze + flags + [src]
        runs["+gemm"] = analyze + gemm + flags + [src]
    return runs


def analyse_file(project, rel, args):
    src, text, stubs, flags = file_flags(project, rel, args)
    runs = analyzer_commands(args, src, flags)
    t0 = time.time()
    out, rc, cpu = timed_run(runs["gemm only"], args.timeout)
    result = {"file": rel, "seconds": round(time.time() - t0, 1), "rc": rc,
              "stubs": sorted(stubs), "sites": text_sites(text, GEMM_NAMES),
              "lt": len(text_sites(text, LT_NAME)), "analysed": [], "lt_analysed": [],
              "warnings": [], "errors": 0, "first_error": None, "crash": crash_of(out, rc),
              "cpu": {"gemm only": round(cpu, 3)},
              "command": " ".join(shlex.quote(c) for c in runs["gemm only"])}
    read_diagnostics(project, out, result, "gemm.")
    for column in ("default", "+gemm"):
        if column in runs:
            out, rc, cpu = timed_run(runs[column], args.timeout)
            crash = crash_of(out, rc)
            if not crash:  # a run cut short is no measure of its cost
                result["cpu"][column] = round(cpu, 3)
            elif column == "+gemm":
                result["crash"] = result["crash"] or "(+gemm) " + crash
            else:
                # The analyzer's own, without the plugin: not this tier's.
                result["default_crash"] = crash
    if not result["errors"]:
        # What the analyzer ran over: every site of a file that compiled.
        result["analysed"] = ["%s:%d:%d" % (rel, line, i) for i, line in enumerate(result["sites"])]
        result["lt_analysed"] = ["%s:lt:%d" % (rel, i) for i in range(result["lt"])]
    return result


def sweep(project, args):
    callers = project.extract()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        files = list(pool.map(lambda rel: run_file(project, rel, args), callers))
    return {"project": project.name, "commit": project.commit, "files": files,
            "tier": "path-sensitive" if args.path_sensitive else "fast"}


def summary(res):
    files = res["files"]
    gemm_files = [f for f in files if f["sites"]]
    analysed = analysed_sites(res)
    warnings, not_judged = {}, set()
    for f in files:
        for w in f["warnings"]:
            if w.get("check") == COVERAGE:
                not_judged.add((w["at"], w["message"]))
            else:
                warnings.setdefault((w["at"], w["message"]), w)
    counts = {"files": len(gemm_files), "sites": sum(len(f["sites"]) for f in files),
              "analysed": len(analysed), "clean": sum(1 for f in gemm_files if not f["errors"]),
              "warnings": len(warnings), "not_judged": len(not_judged),
              "crashes": sum(1 for f in files if f["crash"]),
              "lt": sum(f["lt"] for f in files),
              "lt_analysed": len(analysed_sites(res, "lt_analysed", "lt"))}
    timed = [f["cpu"] for f in files if "default" in f.get("cpu", {}) and "+gemm" in f["cpu"]]
    counts["tus"] = len(timed)
    counts["default_s"] = sum(t["default"] for t in timed)
    counts["gemm_s"] = sum(t["+gemm"] for t in timed)
    return counts


def tier_of(results):
    tiers = set(r.get("tier", "fast") for r in results)
    if len(tiers) > 1:
        sys.exit("realworld_sweep.py: the results mix the fast and the path-sensitive tier; "
                 "report each tier's --json on its own")
    return tiers.pop() if tiers else "fast"


def columns_of(results):
    if tier_of(results) == "path-sensitive":
        return COLUMNS + COST_COLUMNS
    return COLUMNS


def cell(column, counts):
    """A column's text for one project's (or the total's) counts: the mean
    CPU seconds per TU, and +gemm over default of the summed CPU."""
    if column in ("default_s", "gemm_s"):
        return "%.2f" % (counts[column] / counts["tus"]) if counts["tus"] else "-"
    if column == "ratio":
        return "%.2f" % (counts["gemm_s"] / counts["default_s"]) if counts["default_s"] else "-"
    return str(counts[column])


def add_counts(total, counts):
    for key, value in counts.items():
        total[key] = total.get(key, 0) + value


def analysed_sites(res, key="analysed", sites="sites"):
    """Distinct call sites clang resolved, in the calling files themselves."""
    callers = set(f["file"] for f in res["files"] if f[sites])
    return set(a for f in res["files"] for a in f.get(key, [])
               if a.rsplit(":", 2)[0] in callers)


COLUMNS = ("files", "sites", "analysed", "clean", "warnings", "crashes", "lt", "lt_analysed")
# --path-sensitive: the calls the analyzer reports it did not judge
# (gemm.Coverage: no defect, no all-clear), files timed, mean CPU s per TU
# of each, +gemm / default.
COVERAGE = "gemm.Coverage"
COST_COLUMNS = ("not_judged", "tus", "default_s", "gemm_s", "ratio")


def print_table(results):
    columns = columns_of(results)
    print("%-38s %-8s" % ("project", "commit") + "".join(" %8s" % c for c in columns))
    total = {}
    for res in results:
        s = summary(res)
        add_counts(total, s)
        print("%-38s %-8s" % (res["project"][:38], res["commit"][:8])
              + "".join(" %8s" % cell(c, s) for c in columns))
    if results:
        print("%-38s %-8s" % ("total (%d projects)" % len(results), "")
              + "".join(" %8s" % cell(c, total) for c in columns))
    for res in results:
        seen = set()
        for f in res["files"]:
            if f["crash"]:
                print("\nCRASH %s %s\n%s" % (res["project"], f["file"], f["crash"]))
            if f.get("default_crash"):
                print("\nCRASH (default checkers, no plugin) %s %s\n%s"
                      % (res["project"], f["file"], f["default_crash"]))
            for w in f["warnings"]:
                if (w["at"], w["message"]) not in seen:
                    seen.add((w["at"], w["message"]))
                    print("%s %s: %s [%s]" % (res["project"], w["at"], w["message"], w["check"]))


def load_verdicts(path):
    """{(project, 'file:line', tier): text} from lines `owner/name file:line
    [deep] | text` (file:line may be a glob). `deep` marks a verdict on the
    path-sensitive tier's warning; a line without it is the fast tier's,
    and serves the path-sensitive tier's warning at the same line too unless
    a `deep` line says otherwise."""
    verdicts = {}
    if path and os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            if line.strip() and not line.startswith("#") and "|" in line:
                key, text = line.split("|", 1)
                words = key.split()
                if len(words) not in (2, 3) or len(words) == 3 and words[2] != "deep":
                    sys.exit("realworld_sweep.py: %s: '%s' is not `owner/name file:line [deep] "
                             "| verdict`" % (path, key.strip()))
                verdicts[(words[0], words[1], "deep" if len(words) == 3 else "")] = text.strip()
    return verdicts


def verdict_of(verdicts, project, line, tier):
    """The verdict on a warning at file:line: the tier's own first, exact
    before glob."""
    for wanted in (["deep", ""] if tier == "path-sensitive" else [""]):
        exact = verdicts.get((project, line, wanted))
        if exact:
            return exact
        glob = next((text for (p, pattern, t), text in verdicts.items()
                     if p == project and t == wanted and fnmatch.fnmatch(line, pattern)), None)
        if glob:
            return glob
    return "**not triaged**"


def markdown(results, verdicts):
    """The per-project table and each warning with its verdict."""
    columns, tier = columns_of(results), tier_of(results)
    out = ["| project | commit | " + " | ".join(columns) + " |",
           "|---|---|" + "---:|" * len(columns)]
    total = {}
    for res in results:
        s = summary(res)
        add_counts(total, s)
        out.append("| %s | `%s` | %s |" % (res["project"], res["commit"][:10],
                                         " | ".join(cell(c, s) for c in columns)))
    if results:
        out.append("| **%d projects** | | %s |" % (len(results), " | ".join(
            "**%s**" % cell(c, total) for c in columns)))
    out.append("")
    for res in results:
        seen = {}
        for f in res["files"]:
            for w in f["warnings"]:
                if w.get("check") != COVERAGE:
                    seen.setdefault((w["at"], w["message"]), w)
        if not seen:
            continue
        out.append("### %s\n" % res["project"])
        grouped = {}
        for (at, message), w in sorted(seen.items()):
            line = at.rsplit(":", 1)[0]
            verdict = verdict_of(verdicts, res["project"], line, tier)
            grouped.setdefault(verdict, []).append(
                "`%s` [%s]: %s" % (at, w["check"], message))
        for verdict, items in grouped.items():
            if len(items) > 10:  # one verdict on many lines: a sample
                items = items[:3] + ["... %d more like these" % (len(items) - 3)]
            out += ["- " + item for item in items] + ["  - " + verdict]
        out.append("")
    return "\n".join(out)


def llvm_bin(build):
    """The bin/ of the LLVM the build was configured with."""
    try:
        with open(os.path.join(build, "CMakeCache.txt"), encoding="utf-8") as f:
            m = re.search(r"^LLVM_DIR:[A-Z]*=(.*)/lib/cmake/llvm$", f.read(), re.M)
    except OSError:
        m = None
    return os.path.join(m.group(1) if m else "/usr/lib/llvm-22", "bin")


def cuda_version(path):
    try:
        text = open(os.path.join(path, "include", "cuda.h")).read()
        n = int(re.search(r"#define\s+CUDA_VERSION\s+(\d+)", text).group(1))
        return (n // 1000, n % 1000 // 10)
    except (OSError, AttributeError):
        return (12, 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("projects", nargs="*")
    ap.add_argument("--list", help="file of project lines (# comments)")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--clang-tidy", default="clang-tidy-22")
    ap.add_argument("--cuda", default=os.environ.get("CUDA_ROOT", "/usr/local/cuda"))
    ap.add_argument("--mirrors", default=os.environ.get("GEMM_MIRRORS"),
                    help="directory of owner+name/repo mirrors (default: $GEMM_MIRRORS)")
    ap.add_argument("--work", default="/tmp/realcode")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=600,
                    help="seconds a run may take (with --path-sensitive: CPU seconds of each "
                         "analyzer run, which a loaded machine does not inflate)")
    ap.add_argument("--json", help="write every file's result here")
    ap.add_argument("--from-json", help="no run: report the results of an earlier --json")
    ap.add_argument("--markdown", help="also write the table and the warnings as markdown")
    ap.add_argument("--verdicts", default=os.path.join(ROOT, "bench", "realworld-verdicts.txt"),
                    help="`owner/name file:line [deep] | verdict` lines for --markdown")
    ap.add_argument("--path-sensitive", action="store_true",
                    help="the Static Analyzer with the gemm checkers instead of clang-tidy")
    ap.add_argument("--analyzer-plugin", metavar="FILE",
                    help="with --path-sensitive: the plugin (default: BUILD/lib/libGemmAnalyzer.so)")
    ap.add_argument("--clang", help="with --path-sensitive: the clang++ that loads the plugin "
                                    "(default: that of the LLVM the build was configured with)")
    ap.add_argument("--no-cost", action="store_true",
                    help="with --path-sensitive: only the gemm checkers' run, no default and "
                         "+gemm runs for the cost per TU")
    args = ap.parse_args()
    args.cuda_version = cuda_version(args.cuda)
    if args.path_sensitive:
        args.plugin = os.path.abspath(args.analyzer_plugin or os.path.join(
            args.build, "lib", "libGemmAnalyzer.so"))
        if not os.path.isfile(args.plugin):
            sys.exit("realworld_sweep.py: no %s; build the GemmAnalyzer target, or pass "
                     "--analyzer-plugin" % args.plugin)
        args.clang = args.clang or os.path.join(llvm_bin(args.build), "clang++")
    elif not os.path.isfile(os.path.join(args.build, "lib", "libGemmTidy.so")) and not args.from_json:
        # clang-tidy runs without a plugin it cannot load: no gemm-* warning
        # would look like a clean sweep.
        sys.exit("realworld_sweep.py: no %s; build the GemmTidy target"
                 % os.path.join(args.build, "lib", "libGemmTidy.so"))
    if not args.path_sensitive and (args.no_cost or args.clang or args.analyzer_plugin):
        sys.exit("realworld_sweep.py: --no-cost, --clang and --analyzer-plugin are options of "
                 "--path-sensitive")
    specs = list(args.projects)
    if args.list:
        for line in open(args.list):
            line = line.split("#", 1)[0].strip()
            if line:
                specs.append(line)
    os.makedirs(args.work, exist_ok=True)
    args.config = os.path.join(args.work, "gemmsite.yaml")
    with open(args.config, "w") as f:
        f.write(CUSTOM_CHECK)
    results = []
    if args.from_json:
        results = json.load(open(args.from_json))
        specs = []
    for spec in specs:
        project = Project(spec, args)
        print("== %s" % project.name, file=sys.stderr, flush=True)
        results.append(sweep(project, args))
        if args.json:
            with open(args.json, "w") as f:
                json.dump(results, f, indent=1)
    print_table(results)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(markdown(results, load_verdicts(args.verdicts)) + "\n")
    return 1 if any(summary(r)["crashes"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
