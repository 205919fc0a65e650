"""--path-sensitive: the gemm checkers of the Clang Static Analyzer
(libGemmAnalyzer.so, docs/deep.md) over the compile database.

Each file's command becomes `clang++ --analyze` with the plugin loaded and
only the gemm package enabled, run in the command's directory; its text
output (warnings with the bug path's notes) is read as clang-tidy's is
(results.FileResult), so the summary, the exit status and SARIF are the fast
tier's. The plugin loads only into the clang of the LLVM it was built
against: the clang is the first that loads it."""

import asyncio
import concurrent.futures
import glob
import json
import os
import re
import shutil
import subprocess
import types

from . import UsageError

PLUGIN = "libGemmAnalyzer.so"
TOOL = "gemm-analyzer"  # the SARIF run's driver: apart from gemm-tidy's in a merge
MODEL = "gemm.ApiModeling"  # models the API, reports nothing

# The options of a command that are about the compilation's outputs, which
# an analyzer run must not write: with their value, and alone.
_OUTPUT_WITH_VALUE = ("-o", "-MF", "-MT", "-MQ")
_OUTPUT_ALONE = ("-c", "-S", "-E", "-M", "-MM", "-MD", "-MMD", "-MP", "-MG")

# clang-tidy's options, which mean nothing to the analyzer: refused rather
# than ignored, so that no run looks as if it did what they ask.
TIDY_ONLY = (("fix", "-fix"), ("export_fixes", "-export-fixes"), ("checks", "-checks"),
             ("config", "-config"), ("config_file", "-config-file"), ("plugins", "-load"),
             ("clang_tidy_binary", "-clang-tidy-binary"), ("header_filter", "-header-filter"),
             ("line_filter", "-line-filter"), ("enable_check_profile", "-enable-check-profile"),
             ("warnings_as_errors", "-warnings-as-errors"))


def refuse_tidy_options(args):
    given = [spelling for dest, spelling in TIDY_ONLY if getattr(args, dest, None)]
    if given:
        raise UsageError("%s %s clang-tidy's; --path-sensitive runs the Static Analyzer "
                         "(pass analyzer options with -extra-arg)"
                         % (", ".join(given), "is" if len(given) == 1 else "are"))


def tidy_check_of(checker):
    """gemm.LeadingDimension -> gemm-leading-dimension: the clang-tidy check
    of the same category, whose page documents both."""
    name = checker.split(".", 1)[1]
    return "gemm-" + re.sub(r"(?<!^)([A-Z])", r"-\1", name).lower()


def script_dirs(script):
    """The directories of this script, as called (a link, as build/bin's)
    and as it is."""
    return [os.path.dirname(p) for p in (os.path.abspath(script), os.path.realpath(script))]


def find_plugin(given, script):
    """--analyzer-plugin, else libGemmAnalyzer.so in lib/ beside the bin/
    of this script: build/lib of the build tree (build/bin/run-gemm-tidy),
    lib/ of the install prefix."""
    if given:
        if not os.path.isfile(given):
            raise UsageError("--analyzer-plugin '%s' is not a file" % given)
        return os.path.abspath(given)
    for directory in script_dirs(script):
        candidate = os.path.join(os.path.dirname(directory), "lib", PLUGIN)
        if os.path.isfile(candidate):
            return candidate
    raise UsageError("no %s in the lib/ beside run-gemm-tidy's bin/; build the GemmAnalyzer "
                     "target, or pass --analyzer-plugin=<%s>" % (PLUGIN, PLUGIN))


def probe(clang, plugin):
    """The gemm checkers clang lists with the plugin loaded, or the line
    that says why it cannot load it."""
    try:
        proc = subprocess.run([clang, "-cc1", "-load", plugin, "-analyzer-checker-help"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        return None, str(e)
    out = proc.stdout.decode("utf-8", "replace")
    checkers = re.findall(r"^\s+(gemm\.\w+)", out, re.M)
    if proc.returncode == 0 and MODEL in checkers:
        return [c for c in checkers if c != MODEL], None
    said = [l for l in out.splitlines() if "error" in l] or [l for l in out.splitlines() if l.strip()]
    return None, said[0].strip() if said else "exit status %d" % proc.returncode


def clang_candidates(script):
    """clang++ beside this script (an installed package lives in its LLVM's
    bin/), then that of every installed LLVM, newest first, then PATH's."""
    found = [os.path.join(d, "clang++") for d in script_dirs(script)]
    installed = glob.glob("/usr/lib/llvm-*/bin/clang++")
    installed.sort(key=lambda p: -int(re.search(r"llvm-(\d+)", p).group(1)))
    found += installed + [shutil.which("clang++") or ""]
    unique = []
    for path in found:
        if path and os.access(path, os.X_OK) and os.path.realpath(path) not in \
                [os.path.realpath(u) for u in unique]:
            unique.append(path)
    return unique


def find_clang(given, plugin, script):
    """The clang++ (--clang, or the first candidate) that loads the plugin,
    and the checkers it lists."""
    if given:
        path = shutil.which(given)
        if not path:
            raise UsageError("--clang '%s' is not a program" % given)
        checkers, why = probe(path, plugin)
        if checkers is None:
            raise UsageError("%s cannot load %s: %s; pass --clang=<the clang++ of the LLVM the "
                             "plugin was built with>" % (given, plugin, why))
        return path, checkers
    for path in clang_candidates(script):
        checkers, _ = probe(path, plugin)
        if checkers is not None:
            return path, checkers
    raise UsageError("no clang++ found loads %s (a plugin loads only into the clang of the LLVM "
                     "it was built with); pass --clang=<clang++>" % plugin)


def clang_version(clang):
    try:
        out = subprocess.run([clang, "--version"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT).stdout.decode("utf-8", "replace")
    except OSError as e:
        raise UsageError("cannot run '%s': %s" % (clang, e))
    m = re.search(r"clang version (\S+)", out)
    return m.group(1) if m else ""


def compiler_for(arguments, clang):
    """clang++ for a C++ or CUDA command, clang (the same LLVM's) for C:
    the driver's name decides how a .c file is read."""
    cplusplus = re.search(r"\+\+|nvcc", os.path.basename(arguments[0]))
    if cplusplus or "-x" in arguments and arguments[arguments.index("-x") + 1] in ("c++", "cuda"):
        return clang
    plain = os.path.join(os.path.dirname(clang), "clang")
    return plain if os.access(plain, os.X_OK) else clang


def compile_arguments(command):
    """The arguments of a command but the compiler and the options about
    the compilation's outputs."""
    kept, skip = [], False
    for arg in command["arguments"][1:]:
        if skip:
            skip = False
        elif arg in _OUTPUT_WITH_VALUE:
            skip = True
        elif not (arg in _OUTPUT_ALONE or re.match(r"-(o|MF|MT|MQ).", arg)):
            kept.append(arg)
    return kept


def analyzer_command(command, clang, plugin, args, ctu_dir=None):
    """The command of one file as an analyzer run: its outputs dropped, the
    gemm checkers alone, their warnings and the bug path's notes as text;
    with ctu_dir, the definitions of the other files imported from it."""
    config = "display-checker-name=true"
    if ctu_dir:
        config += (",experimental-enable-naive-ctu-analysis=true,ctu-dir=%s,ctu-invocation-list=%s"
                   % (ctu_dir, os.path.join(ctu_dir, CTU_INVOCATIONS)))
    return ([compiler_for(command["arguments"], clang)] +
            list(getattr(args, "extra_arg_before", None) or []) +
            ["--analyze", "--analyzer-no-default-checks", "--analyzer-output", "text",
             "-Xclang", "-load", "-Xclang", plugin, "-Xclang", "-analyzer-checker=gemm",
             "-Xclang", "-analyzer-config", "-Xclang", config] +
            compile_arguments(command) + list(getattr(args, "extra_arg", None) or []))


# --- cross-TU: the analyzer's CTU mode, on-demand parsing ---------------------

CTU_INDEX = "externalDefMap.txt"
CTU_INVOCATIONS = "invocations.yaml"


def build_ctu_index(commands, clang, directory, jobs):
    """Writes the CTU index of every file's external definitions
    (clang-extdef-mapping) and the invocation list that tells the analyzer
    how to parse each file, into directory; the number of definitions and
    the files whose definitions could not be indexed. A definition that
    several files have (an inline function of a header) is left out: the
    analyzer refuses an index that names two."""
    mapping = os.path.join(os.path.dirname(os.path.realpath(clang)), "clang-extdef-mapping")
    if not os.access(mapping, os.X_OK):
        raise UsageError("--ctu needs clang-extdef-mapping beside %s (Debian: clang-tools-N)" % clang)
    with open(os.path.join(directory, "compile_commands.json"), "w", encoding="utf-8") as f:
        json.dump(commands, f, indent=1)

    def index(command):
        proc = subprocess.run([mapping, "-p", directory, command["file"]],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        return command["file"], proc.returncode, proc.stdout.decode("utf-8", "replace")

    files_of, unindexed = {}, []
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for source, status, out in pool.map(index, commands):
            if status != 0:
                unindexed.append(source)
            for line in out.splitlines():
                usr, _, path = line.rpartition(" ")
                files_of.setdefault(usr, set()).add(path)
    unique = sorted((usr, paths.pop()) for usr, paths in files_of.items() if len(paths) == 1)
    with open(os.path.join(directory, CTU_INDEX), "w", encoding="utf-8") as f:
        f.writelines("%s %s\n" % entry for entry in unique)
    invocations = {c["file"]: [compiler_for(c["arguments"], clang)] + compile_arguments(c)
                   for c in commands}
    with open(os.path.join(directory, CTU_INVOCATIONS), "w", encoding="utf-8") as f:
        json.dump(invocations, f, indent=1)  # JSON is YAML
    return len(unique), unindexed


# clang says "fatal error:" where clang-tidy says "error:": one spelling for
# results.FileResult.
_FATAL_RE = re.compile(r"^(.*?:\d+:\d+: )fatal error: ", re.M)


async def _analyse(command, clang, plugin, args, ctu_dir):
    argv = analyzer_command(command, clang, plugin, args, ctu_dir)
    try:
        proc = await asyncio.create_subprocess_exec(
            *argv, cwd=command["directory"], stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE)
        stdout, stderr = await proc.communicate()
    except OSError as e:
        return types.SimpleNamespace(filename=command["file"], returncode=None, stdout="",
                                     stderr="error: cannot run %s: %s" % (argv[0], e))
    err = _FATAL_RE.sub(r"\1error: ", stderr.decode("utf-8", "replace"))
    return types.SimpleNamespace(filename=command["file"], returncode=proc.returncode,
                                 stdout=stdout.decode("utf-8", "replace"), stderr=err)


async def _analyse_all(commands, clang, plugin, args, jobs, done, ctu_dir):
    semaphore = asyncio.Semaphore(jobs)

    async def one(command):
        async with semaphore:
            return await _analyse(command, clang, plugin, args, ctu_dir)

    # Tasks started in the files' order: with one job, they finish in it.
    tasks = [asyncio.create_task(one(c)) for c in commands]
    for finished in asyncio.as_completed(tasks):
        done(await finished)


def run_files(commands, clang, plugin, args, jobs, done, ctu_dir=None):
    """Each command as an analyzer run, at most jobs at once; done(result)
    with each as it comes (filename, returncode, stdout, stderr)."""
    asyncio.run(_analyse_all(commands, clang, plugin, args, jobs, done, ctu_dir))


def only_gemm(outcome, directory):
    """The gemm checkers' findings of a file: clang's own warnings (its -W
    options stay those of the command) are not findings of this tier. clang
    names files as the command does: relative paths are the command
    directory's."""
    outcome.findings = [f for f in outcome.findings if (f["check"] or "").startswith("gemm.")]
    for f in outcome.findings:
        f["notes"] = path_notes(f)
        for diag in [f] + f["notes"]:
            diag["file"] = os.path.normpath(os.path.join(directory, diag["file"]))
    return outcome


def path_notes(finding):
    """The notes of a finding but the bug path's last, which repeats the
    warning at its place, with the macro expansions that locate it."""
    notes, repeating = [], False
    for note in finding["notes"]:
        if (note["message"], note["line"], note["col"]) == \
                (finding["message"], finding["line"], finding["col"]):
            repeating = True
        elif not (repeating and note["message"].startswith("expanded from macro")):
            repeating = False
            notes.append(note)
    return notes
