#!/usr/bin/env python3
"""The CodeChecker flow of docs/ci.md, with the real CodeChecker: the one
$CODECHECKER names, else the CodeChecker on PATH, else one installed from PyPI
into a virtual environment this script creates. It analyses a small project
with gemm-tidy as its clang-tidy (CC_ANALYZER_BIN), and its parse step shows
the gemm-* findings with their notes, as text (--print-steps) and as HTML.

Exit status: 0 when the flow works, 1 when it does not, 77 (ctest's
SKIP_RETURN_CODE) when no CodeChecker can be had here, with the reason.

Usage: codechecker_flow.py --gemm-tidy BIN --headers DIR --source DIR --work DIR
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys

SKIP = 77


def run(command, **kwargs):
    print("$ " + " ".join(command), flush=True)
    proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, **kwargs)
    print(proc.stdout, end="", flush=True)
    return proc


def codechecker(work):
    """$CODECHECKER, else CodeChecker on PATH, else one from PyPI in a new venv."""
    if os.environ.get("CODECHECKER"):
        return os.environ["CODECHECKER"]
    if shutil.which("CodeChecker"):
        return shutil.which("CodeChecker")
    venv = os.path.join(work, "venv")
    proc = run([sys.executable, "-m", "venv", venv])
    if proc.returncode != 0:
        print("SKIP: no CodeChecker on PATH or in $CODECHECKER, and no virtual environment "
              "to install one into (apt-get install python3-venv)")
        sys.exit(SKIP)
    # CODECHECKER_PIP_ARGS: e.g. --no-index --find-links=<wheels> offline.
    extra = os.environ.get("CODECHECKER_PIP_ARGS", "").split()
    proc = run([os.path.join(venv, "bin", "pip"), "install", "--retries", "0", "--timeout", "20",
                "codechecker"] + extra, timeout=900)
    if proc.returncode != 0:
        lines = [l for l in proc.stdout.splitlines() if l.strip()]
        print("SKIP: no CodeChecker on PATH or in $CODECHECKER, and none can be installed "
              "from PyPI here (%s); set CODECHECKER to an installed CodeChecker, or "
              "CODECHECKER_PIP_ARGS to a wheel directory" % (lines[-1] if lines else "pip failed"))
        sys.exit(SKIP)
    return os.path.join(venv, "bin", "CodeChecker")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gemm-tidy", required=True)
    parser.add_argument("--headers", required=True)
    parser.add_argument("--source", required=True, help="the gemm-tidy source tree")
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    source = os.path.abspath(args.source)
    shutil.rmtree(args.work, ignore_errors=True)
    project = os.path.join(os.path.abspath(args.work), "project")
    os.makedirs(project)
    shutil.copy(os.path.join(source, "test", "package", "Inputs", "project", "ops.cpp"), project)
    # A finding of CodeChecker's default profile (cert-err33-c), which
    # --disable default keeps out of the report.
    with open(os.path.join(project, "log.cpp"), "w") as f:
        f.write('#include <cstdio>\nvoid log_gemm() { std::fprintf(stderr, "gemm\\n"); }\n')
    command = '{"directory": "%s", "file": "%s", "arguments": ["c++", "-std=c++17", "-I%s", ' \
              '"-I%s/include", "-c", "%s"]}'
    with open(os.path.join(project, "compile_commands.json"), "w") as f:
        f.write("[%s]\n" % ",\n ".join(
            command % (project, name, os.path.abspath(args.headers), source, name)
            for name in ("ops.cpp", "log.cpp")))
    tool = codechecker(args.work)

    # The commands of docs/ci.md.
    env = dict(os.environ, CC_ANALYZER_BIN="clang-tidy:" + os.path.abspath(args.gemm_tidy))
    run([tool, "version"], env=env)
    reports = os.path.join(args.work, "reports")
    analyze = run([tool, "analyze", os.path.join(project, "compile_commands.json"),
                   "--analyzers", "clang-tidy", "--disable", "default", "--enable", "gemm",
                   "-o", reports], env=env)
    parse = run([tool, "parse", reports, "--print-steps"], env=env)
    html = os.path.join(args.work, "html")
    export = run([tool, "parse", reports, "--export", "html", "-o", html], env=env)
    pages = "".join(open(p, encoding="utf-8", errors="replace").read()
                    for p in glob.glob(os.path.join(html, "*.html")))
    finding = "'lda' (8) must be at least max(1, m) = 64"
    note = "'lda' equals 'k', the number of columns of A as stored"
    checkers = set(re.findall(r"\[([a-z][a-z0-9.-]*)\]$", parse.stdout, re.MULTILINE))
    expected = [
        ("analyze ran", analyze.returncode in (0, 2, 3)),
        ("parse shows gemm-leading-dimension",
         "gemm-leading-dimension" in parse.stdout and finding in parse.stdout),
        ("parse shows its note as a step", note in parse.stdout),
        ("parse shows gemm-invalid-size", "gemm-invalid-size" in parse.stdout),
        ("parse shows only gemm-* checks (%s)" % ", ".join(sorted(checkers)),
         checkers and all(c.startswith("gemm-") for c in checkers)),
        ("the HTML report was written", export.returncode in (0, 2) and pages),
        ("the HTML report has the finding", finding in pages),
        ("the HTML report has its note", note in pages),
    ]
    failed = [what for what, ok in expected if not ok]
    for what, ok in expected:
        print("%s: %s" % ("ok" if ok else "FAILED", what))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
