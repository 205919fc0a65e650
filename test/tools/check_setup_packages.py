#!/usr/bin/env python3
"""Checks tools/setup.sh's package list against what the tests need, so that
`tools/setup.sh test` passes on a fresh Debian machine, which CI on a
developer's machine (where everything happens to be installed) cannot show.

What the tests need is read from the tests themselves:

  * every lit feature a test REQUIRES (or is UNSUPPORTED on) must be listed
    in NEEDS below, so that a new feature cannot be added without saying what
    provides it;
  * every sanitizer a RUN line compiles with (-fsanitize=X) needs its
    compiler-rt runtime, for each LLVM the script installs;
  * every module a test script imports must be in Python's standard library
    or listed in NEEDS.

Each need names the files that provide it on this machine. The check: each
file exists, and `dpkg -S` says it belongs to a package that tools/setup.sh
installs or that one of them depends on. A need outside Debian's archive
(the CUDA toolkit) is listed with the reason.

Usage: check_setup_packages.py --root DIR
"""
import argparse
import ast
import glob
import os
import re
import subprocess
import sys

# need -> files that provide it ({v}: each LLVM major the script installs;
# a|b: either), or None with the reason it is not a Debian package.
NEEDS = {
    # lit features (test/lit.cfg.py)
    "standin-headers": ([], "the stand-in header in test/Inputs/standin"),
    "readme-build": ([], "the LLVM 22 build in build/ of the source tree"),
    "cuda-headers": (None, "the CUDA toolkit in /usr/local/cuda (NVIDIA's, not Debian's)"),
    "cuda-runtime": (None, "the CUDA toolkit in /usr/local/cuda (NVIDIA's, not Debian's)"),
    "cuda-mode": (None, "LLVM >= 22 and the CUDA toolkit"),
    "nvcc": (None, "the CUDA toolkit in /usr/local/cuda (NVIDIA's, not Debian's)"),
    "guard-preload": (None, "built when the CUDA toolkit is found"),
    "gemm-tidy": (["/usr/lib/llvm-{v}/lib/libclangTidyMain.a"], None),
    "gemm-clangd": (["/usr/lib/llvm-{v}/lib/libclangdMain.a", "/usr/lib/*/libgrpc++.so",
                     "/usr/lib/*/libprotobuf.so", "/usr/lib/*/libabsl_synchronization.so"], None),
    "other-clang-tidy": (["/usr/lib/llvm-{v}/bin/clang-tidy"], None),
    "nvim": (["/usr/bin/nvim"], None),
    "dpkg": (["/usr/bin/dpkg-deb", "/usr/bin/dpkg-shlibdeps"], None),
    "pyyaml": (["/usr/lib/python3/dist-packages/yaml/__init__.py"], None),
    "mount-namespace": (["/usr/bin/unshare", "/bin/mount|/usr/bin/mount"], None),
    "gemm-rules-python": (["/usr/include/pybind11/pybind11.h"], None),
    # the Static Analyzer plugin: clang's analyzer headers, the clang that
    # loads it, the cross-TU index builder (clang-tools, which clang-tidy
    # depends on)
    "gemm-analyzer": (["/usr/lib/llvm-{v}/include/clang/StaticAnalyzer/Frontend/CheckerRegistry.h",
                       "/usr/lib/llvm-{v}/bin/clang", "/usr/lib/llvm-{v}/bin/clang-extdef-mapping"],
                      None),
    "pytest": (["/usr/lib/python3/dist-packages/pytest/__init__.py"], None),
    # what every build and test run needs (CMakeLists.txt, test/CMakeLists.txt)
    "build": (["/usr/bin/cmake", "/usr/bin/ninja", "/usr/bin/python3",
               "/usr/lib/llvm-{v}/bin/clang++", "/usr/lib/llvm-{v}/include/clang-tidy/ClangTidyCheck.h",
               "/usr/lib/llvm-{v}/lib/cmake/llvm/LLVMConfig.cmake",
               "/usr/lib/llvm-{v}/bin/FileCheck", "/usr/lib/llvm-{v}/bin/not",
               "/usr/lib/llvm-{v}/bin/run-clang-tidy", "/usr/lib/llvm-{v}/bin/clang-apply-replacements",
               "/usr/lib/llvm-{v}/build/utils/lit/lit.py|/usr/lib/llvm-{v}/bin/lit",
               "/usr/include/gtest/gtest.h", "/usr/include/benchmark/benchmark.h"], None),
    # the virtual environment of the CodeChecker test (test/tools/codechecker_flow.py)
    "venv": (["/usr/lib/python3.*/ensurepip/__init__.py"], None),
    "git": (["/usr/bin/git"], None),
    # Python modules the test scripts import
    "yaml": (["/usr/lib/python3/dist-packages/yaml/__init__.py"], None),
    "lit": (["/usr/lib/llvm-{v}/build/utils/lit/lit/__init__.py|/usr/lib/llvm-{v}/utils/lit/lit/__init__.py"],
            None),
    "gemm_rules": ([], "the project's own module (python/), built in build/python"),
}
SANITIZER_RUNTIME = "/usr/lib/llvm-{v}/lib/clang/*/lib/*/libclang_rt.%s-*.a"
SANITIZER_LIBRARY = {"thread": "tsan", "address": "asan", "memory": "msan",
                     "undefined": "ubsan_standalone", "leak": "lsan"}
VENV_RE = re.compile(r'"-m",\s*"venv"|-m venv\b')

REQUIRES_RE = re.compile(r"(?:REQUIRES|UNSUPPORTED):(.*)")
SANITIZER_RE = re.compile(r"-fsanitize=([a-z,]+)")


def setup_packages(root):
    out = subprocess.run([os.path.join(root, "tools", "setup.sh"), "packages"],
                         stdout=subprocess.PIPE, check=True, text=True).stdout
    return out.split()


def installed_dependency_closure(packages):
    """The packages setup.sh installs and everything they depend on, as
    installed here (alternatives and virtual packages resolved to what is
    installed)."""
    out = subprocess.run(["dpkg-query", "-W", "-f",
                          "${Package}\t${Status}\t${Depends}, ${Pre-Depends}\t${Provides}\n"],
                         stdout=subprocess.PIPE, text=True).stdout
    depends, providers = {}, {}
    for line in out.splitlines():
        name, status, deps, provides = line.split("\t")
        if not status.endswith(" installed"):
            continue
        depends[name] = [re.sub(r"[ (:].*", "", alt.strip()) for dep in deps.split(",")
                         for alt in dep.split("|") if alt.strip()]
        for p in provides.split(","):
            if p.strip():
                providers.setdefault(re.sub(r"[ (:].*", "", p.strip()), []).append(name)
    closure, todo = set(), list(packages)
    while todo:
        name = todo.pop()
        for real in [name] + providers.get(name, []):
            if real in depends and real not in closure:
                closure.add(real)
                todo.extend(depends[real])
    return closure


def owners(paths):
    """{path: the package that installed it, or None}, in one dpkg call; a
    path dpkg does not know is looked up again as its real path."""
    real = {p: os.path.realpath(p) for p in paths}
    proc = subprocess.run(["dpkg", "-S"] + sorted(set(paths) | set(real.values())),
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    found = {}
    for line in proc.stdout.splitlines():
        package, _, path = line.partition(": ")
        found[path] = package.split(",")[0].split(":")[0].strip()
    return {p: found.get(p) or found.get(real[p]) for p in paths}


def test_needs(root):
    """{need: [test files]} from the tests' REQUIRES lines, RUN lines and imports."""
    needs = {"build": ["CMakeLists.txt"]}
    test_dir = os.path.join(root, "test")
    for path in sorted(glob.glob(os.path.join(test_dir, "**", "*"), recursive=True)):
        if os.path.isdir(path) or "/Inputs/" in path or \
                os.path.samefile(path, os.path.abspath(__file__)):
            continue
        name = os.path.relpath(path, root)
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, OSError):
            continue
        for m in REQUIRES_RE.finditer(text):
            for feature in re.split(r"[,\s]+", m.group(1).strip()):
                if feature:
                    needs.setdefault(feature, []).append(name)
        for m in SANITIZER_RE.finditer(text):
            for sanitizer in m.group(1).split(","):
                needs.setdefault("sanitizer:" + sanitizer, []).append(name)
        if path.endswith(".py"):
            for module in imports(text):
                if module not in sys.stdlib_module_names:
                    needs.setdefault(module, []).append(name)
        if VENV_RE.search(text):
            needs.setdefault("venv", []).append(name)
        if re.search(r"\bgit (init|add|commit)\b", text):
            needs.setdefault("git", []).append(name)
    return needs


def imports(text):
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return []
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module.split(".")[0])
    return names


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    args = parser.parse_args()
    packages = setup_packages(args.root)
    versions = sorted({m.group(1) for p in packages for m in [re.fullmatch(r"clang-tidy-(\d+)", p)] if m})
    closure = installed_dependency_closure(packages)
    problems, checks = [], []
    for need, tests in sorted(test_needs(args.root).items()):
        where = ", ".join(sorted(set(tests))[:3]) + (", ..." if len(set(tests)) > 3 else "")
        if need.startswith("sanitizer:"):
            sanitizer = need.split(":")[1]
            files, reason = [SANITIZER_RUNTIME % SANITIZER_LIBRARY.get(sanitizer, sanitizer)], None
        elif need in NEEDS:
            files, reason = NEEDS[need]
        else:
            problems.append("'%s' (needed by %s) is not in NEEDS of %s: say which files provide it"
                            % (need, where, os.path.basename(__file__)))
            continue
        if files is None:
            print("%s: not from Debian: %s" % (need, reason))
            continue
        for pattern in files:
            for v in (versions if "{v}" in pattern else [None]):
                expanded = pattern.format(v=v) if v else pattern
                found = [f for alternative in expanded.split("|")
                         for f in sorted(glob.glob(alternative))]
                if not found:
                    problems.append("%s (needed by %s): no %s here; tools/setup.sh must install "
                                    "the package that provides it" % (need, where, expanded))
                    continue
                checks.append((need, where, found[0]))
    package_of = owners([path for _, _, path in checks])
    for need, where, path in checks:
        package = package_of[path]
        if package is None:
            problems.append("%s (needed by %s): %s belongs to no Debian package"
                            % (need, where, path))
        elif package not in closure:
            problems.append("%s (needed by %s): %s is in package %s, which tools/setup.sh "
                            "does not install" % (need, where, path, package))
        else:
            print("%s: %s from %s" % (need, path, package))
    for problem in problems:
        print("error: " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
