"""The compile database as clang-tidy gets it: nvcc commands rewritten for
clang, .cu files parsed as CUDA host code (the toolkit or gemm-tidy's
stand-in declarations, nvcc's version macros, the host prelude), and the
files a run selects."""

import json
import os
import re
import shlex
import shutil
import subprocess

from . import UsageError, shipped, upstream

CUDA_EXTENSIONS = (".cu", ".cuh")
NO_DATABASE_HINT = "configure the project with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON and pass its build directory with -p"


def display_path(path, root):
    relative = os.path.relpath(path, root)
    return path if relative.startswith("..") else relative


def find_compile_database(module, build_path):
    """compile_commands.json in build_path or, by upstream's search, in the
    current directory or one of its parents."""
    if not build_path:
        try:
            build_path = upstream.call(module.find_compilation_database, "compile_commands.json")
        except UsageError:
            raise UsageError("no compile_commands.json in '%s' or its parents; %s" % (os.getcwd(), NO_DATABASE_HINT))
    path = os.path.join(build_path, "compile_commands.json") if os.path.isdir(build_path) else build_path
    if not os.path.isfile(path):
        raise UsageError("no compile database at '%s'; %s" % (path, NO_DATABASE_HINT))
    return os.path.abspath(path)


def load_compile_database(path):
    try:
        with open(path, encoding="utf-8") as f:
            entries = json.load(f)
    except (OSError, ValueError) as e:
        raise UsageError("cannot read compile database '%s': %s" % (path, e))
    if not isinstance(entries, list):
        raise UsageError("compile database '%s' is not a JSON array" % path)
    commands = {}
    for n, entry in enumerate(entries):
        try:
            directory = entry["directory"]
            source = os.path.normpath(os.path.join(directory, entry["file"]))
            if "arguments" in entry:
                arguments = list(entry["arguments"])
            else:
                arguments = shlex.split(entry["command"])
        except (KeyError, TypeError, ValueError) as e:
            raise UsageError("compile database '%s': entry %d is malformed (%s)" % (path, n, e))
        # The first command of a file wins, as in clang-tidy.
        commands.setdefault(source, {"directory": directory, "file": source,
                                     "arguments": arguments})
    return commands


def is_cuda(arguments, source):
    """A .cu file, or an nvcc or -x cuda command."""
    language = [b for a, b in zip(arguments, arguments[1:]) if a == "-x"]
    return source.endswith(CUDA_EXTENSIONS) or "nvcc" in os.path.basename(arguments[0]) or \
        any(a in ("-xcuda", "-xcu") for a in arguments) or any(x in ("cu", "cuda") for x in language)


# nvcc's long spellings of the options that carry over to clang.
_NVCC_LONG_OPTIONS = {
    "--include-path": "-I", "--system-include": "-isystem",
    "--define-macro": "-D", "--undefine-macro": "-U",
    "--pre-include": "-include", "--std": "-std",
}


def nvcc_to_clang(arguments, directory, source):
    """An nvcc command line as clang sees the same host code: include paths,
    macros, forced includes and the language standard carry over; nvcc's own
    options (-gencode, -arch, --expt-*, -Xcudafe, ...) do not."""
    out = []

    def walk(args):
        i = 0
        while i < len(args):
            arg, value = args[i], None
            i += 1
            if arg in ("--options-file", "-optf") and i < len(args):
                try:
                    with open(os.path.join(directory, args[i]), encoding="utf-8") as f:
                        walk(shlex.split(f.read()))
                except OSError:
                    pass
                i += 1
                continue
            if arg in ("-Xcompiler", "--compiler-options") and i < len(args):
                walk(args[i].split(","))
                i += 1
                continue
            if arg.startswith(("-Xcompiler=", "--compiler-options=")):
                walk(arg.split("=", 1)[1].split(","))
                continue
            if "=" in arg and arg.split("=", 1)[0] in list(_NVCC_LONG_OPTIONS) + ["-isystem"]:
                arg, value = arg.split("=", 1)
            arg = _NVCC_LONG_OPTIONS.get(arg, arg)
            if arg in ("-I", "-D", "-U", "-isystem", "-include", "-iquote", "-std"):
                if value is None:
                    if i >= len(args):
                        continue
                    value = args[i]
                    i += 1
                if arg == "-std":
                    out.append("-std=" + value)
                elif arg in ("-I", "-D", "-U"):
                    out.append(arg + value)
                else:
                    out.extend([arg, value])
            elif arg.startswith(("-I", "-D", "-U", "-std=")):
                out.append(arg)

    walk(arguments[1:])
    return [host_compiler(arguments)] + out + ["-x", "cuda", source]


def host_compiler(nvcc_arguments):
    """The host compiler of an nvcc command (-ccbin), else c++ from PATH: an
    absolute path, from which clang finds the C++ standard library."""
    given = [b for a, b in zip(nvcc_arguments, nvcc_arguments[1:]) if a in ("-ccbin", "--compiler-bindir")]
    given += [a.split("=", 1)[1] for a in nvcc_arguments if a.startswith(("-ccbin=", "--compiler-bindir="))]
    for name in [os.path.join(g, "c++") if os.path.isdir(g) else g for g in given] + ["c++", "clang++", "g++"]:
        if shutil.which(name):
            return shutil.which(name)
    return "/usr/bin/c++"


def cuda_version(cuda_path):
    """(major, minor, build) of the toolkit, as nvcc's __CUDACC_VER_*__ macros
    have it: from version.json, else nvcc --version, else cuda.h's
    CUDA_VERSION (build 0); None when none of them says."""
    try:
        with open(os.path.join(cuda_path, "version.json"), encoding="utf-8") as f:
            data = json.load(f)
        return tuple(int(x) for x in (data.get("cuda_nvcc") or data["cuda"])["version"].split(".")[:3])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    try:
        out = subprocess.run([os.path.join(cuda_path, "bin", "nvcc"), "--version"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=30).stdout
        found = re.search(r"\bV(\d+)\.(\d+)\.(\d+)", out.decode("utf-8", "replace"))
        if found:
            return tuple(int(x) for x in found.groups())
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        with open(os.path.join(cuda_path, "include", "cuda.h"), encoding="utf-8") as f:
            n = int(re.search(r"#define\s+CUDA_VERSION\s+(\d+)", f.read()).group(1))
        return (n // 1000, n % 1000 // 10, 0)
    except (OSError, AttributeError):
        return None


class CudaHost:
    """How .cu files are parsed: the toolkit (or none), nvcc's version
    macros, the prelude, and the stand-in declarations (--cuda-stubs)."""

    def __init__(self, path, stubs=None, prelude=True):
        self.path = path
        self.stubs = stubs
        self.prelude = shipped("share/gemm-tidy/cuda-host-prelude.h") if prelude else None
        self.version = cuda_version(path) if path else None

    def flags(self):
        """What every .cu command gets after the compiler (one token each
        but the prelude's -include)."""
        flags = ["--cuda-host-only", "-nocudalib"]
        flags.append("--cuda-path=" + self.path if self.path else "-nocudainc")
        if self.version:
            for name, value in zip(("MAJOR", "MINOR", "BUILD"), self.version):
                flags.append("-D__CUDACC_VER_%s__=%d" % (name, value))
        if self.prelude:
            flags += ["-include", self.prelude]
        return flags

    def describe(self):
        return " ".join(f for f in self.flags() if not f.startswith("-D"))


TOOLKIT_FLAGS = ("--cuda-host-only", "-nocudalib", "--cuda-path", "-nocudainc")

# nvcc's options of a CMake nvcc command that clang does not take, as clangd's
# CompileFlags.Remove patterns (clangd rewrites commands by removal only).
NVCC_ONLY_PATTERNS = ["-forward-unknown-to-host-compiler", "--generate-code*", "-gencode*",
                      "-arch*", "--gpu-architecture*", "-code*", "-Xcompiler*",
                      "--compiler-options*", "-Xcudafe*", "-Xptxas*", "-Xnvlink*", "--expt-*",
                      "-ccbin*", "--compiler-bindir*", "-rdc*", "--relocatable-device-code*",
                      "--options-file*", "--use_fast_math", "-lineinfo", "-x"]


def clangd_config(cuda):
    """The .clangd fragment that makes gemm-clangd parse .cu files of an
    nvcc compile database as run-gemm-tidy does."""
    return "\n".join([
        "# .cu files as nvcc sees them (run-gemm-tidy --print-clangd-config): clang's",
        "# CUDA host mode, nvcc's version macros, gemm-tidy's CUDA host prelude, and",
        "# nvcc's own options removed. Append to .clangd, after the Diagnostics block.",
        "---",
        "If:",
        "  PathMatch: .*\\.cuh?",
        "CompileFlags:",
        "  Compiler: clang++",
        "  Add: [%s]" % ", ".join(cuda.flags()),
        "  Remove: [%s]" % ", ".join(NVCC_ONLY_PATTERNS),
        ""])


def host_side(command, cuda, removed=()):
    """The command clang-tidy gets: .cu files are parsed as CUDA host code
    (with cuda.flags()); --cuda-stubs adds the stand-in declarations after
    every include path; -removed-arg arguments are dropped."""
    arguments = command["arguments"]
    source = command["file"]
    extra = ["-idirafter", cuda.stubs] if cuda.stubs else []
    if is_cuda(arguments, source):
        if "nvcc" in os.path.basename(arguments[0]):
            arguments = nvcc_to_clang(arguments, command["directory"], source)
        # What the command already says about the toolkit stays.
        given = set(a.split("=", 1)[0] for a in arguments)
        extra = [f for f in cuda.flags() if f.split("=", 1)[0] not in TOOLKIT_FLAGS or not (
            f.split("=", 1)[0] in given or f == "-nocudainc" and "--cuda-path" in given)] + extra
    arguments = arguments[:1] + extra + [a for a in arguments[1:] if a not in removed]
    return dict(command, arguments=arguments)


def parse_shard(text):
    m = re.fullmatch(r"(\d+)/(\d+)", text or "")
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        raise UsageError("--shard must be I/N with 1 <= I <= N, not '%s'" % text)
    return int(m.group(1)), int(m.group(2))


def select_files(commands, patterns, source_filter, shard, root, database):
    """The files to run: those -source-filter matches (from the start of the
    absolute path, as upstream), then those any FILE names (a path) or
    matches (a regular expression searched in the absolute path), then the
    shard's share. A filter or FILE that selects nothing is a usage error,
    not a green run over no file."""
    files = sorted(commands, key=lambda f: (display_path(f, root), f))
    where = "the %d file(s) of %s" % (len(files), display_path(database, root))
    if source_filter:
        try:
            regex = re.compile(source_filter)
        except re.error as e:
            raise UsageError("-source-filter '%s' is not a regular expression (%s)" % (source_filter, e))
        files = [f for f in files if regex.match(f)]
        if not files:
            raise UsageError("-source-filter '%s' matches none of %s" % (source_filter, where))
    if patterns:
        chosen = set()
        for p in patterns:
            if os.path.exists(p):
                path = os.path.normpath(os.path.abspath(p))
                matched = [f for f in files if f == path]
                if not matched:
                    raise UsageError("'%s' is not in the compile database %s: if it is compiled, "
                                     "re-run CMake to update the database (a header is checked "
                                     "through the files that include it)"
                                     % (p, display_path(database, root)))
            else:
                try:
                    regex = re.compile(p)
                except re.error as e:
                    raise UsageError("'%s' is neither a file nor a regular expression (%s)" % (p, e))
                matched = [f for f in files if regex.search(f)]
                if not matched:
                    raise UsageError("'%s' is no file, and as a regular expression it matches "
                                     "none of %s" % (p, where))
            chosen.update(matched)
        files = [f for f in files if f in chosen]
    if shard:
        index, count = shard
        files = [f for n, f in enumerate(files) if n % count == index - 1]
    return files


