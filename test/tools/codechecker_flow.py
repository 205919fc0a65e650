#!/usr/bin/env python3
"""The CodeChecker flow of docs/ci.md, with the real CodeChecker: installed
from PyPI into a virtual environment this script creates (or taken from
$CODECHECKER), it analyses a small project with gemm-tidy as its clang-tidy
(CC_ANALYZER_BIN), and its parse step shows the gemm-* findings with their
notes, as text and as HTML.

Exit status: 0 when the flow works, 1 when it does not, 77 (ctest's
SKIP_RETURN_CODE) when CodeChecker cannot be installed here, with the reason.

Usage: codechecker_flow.py --gemm-tidy BIN --headers DIR --source DIR --work DIR
"""
import argparse
import glob
import os
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
    """CodeChecker from $CODECHECKER, else from a new virtual environment."""
    if os.environ.get("CODECHECKER"):
        return os.environ["CODECHECKER"]
    venv = os.path.join(work, "venv")
    proc = run([sys.executable, "-m", "venv", venv])
    if proc.returncode != 0:
        print("SKIP: cannot create a virtual environment (apt-get install python3-venv)")
        sys.exit(SKIP)
    # CODECHECKER_PIP_ARGS: e.g. --no-index --find-links=<wheels> offline.
    extra = os.environ.get("CODECHECKER_PIP_ARGS", "").split()
    proc = run([os.path.join(venv, "bin", "pip"), "install", "--retries", "0", "--timeout", "20",
                "codechecker"] + extra, timeout=900)
    if proc.returncode != 0:
        lines = [l for l in proc.stdout.splitlines() if l.strip()]
        print("SKIP: CodeChecker cannot be installed from PyPI here (%s); set CODECHECKER "
              "to an installed CodeChecker, or CODECHECKER_PIP_ARGS to a wheel directory"
              % (lines[-1] if lines else "pip failed"))
        sys.exit(SKIP)
    return os.path.join(venv, "bin", "CodeChecker")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gemm-tidy", required=True)
    parser.add_argument("--headers", required=True)
    parser.add_argument("--source", required=True, help="the gemm-tidy source tree")
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    project = os.path.join(args.work, "project")
    os.makedirs(project)
    shutil.copy(os.path.join(args.source, "test", "package", "Inputs", "project", "ops.cpp"), project)
    with open(os.path.join(project, "compile_commands.json"), "w") as f:
        f.write('[{"directory": "%s", "file": "ops.cpp", "arguments": ["c++", "-std=c++17", '
                '"-I%s", "-I%s/include", "-c", "ops.cpp"]}]\n' % (project, args.headers, args.source))
    tool = codechecker(args.work)

    env = dict(os.environ, CC_ANALYZER_BIN="clang-tidy:" + os.path.abspath(args.gemm_tidy))
    reports = os.path.join(args.work, "reports")
    analyze = run([tool, "analyze", os.path.join(project, "compile_commands.json"),
                   "--analyzers", "clang-tidy", "--enable", "gemm", "-o", reports], env=env)
    parse = run([tool, "parse", reports], env=env)
    html = os.path.join(args.work, "html")
    export = run([tool, "parse", reports, "--export", "html", "-o", html], env=env)
    pages = "".join(open(p, encoding="utf-8", errors="replace").read()
                    for p in glob.glob(os.path.join(html, "*.html")))
    expected = [
        ("analyze ran", analyze.returncode in (0, 2, 3)),
        ("parse shows gemm-leading-dimension",
         "gemm-leading-dimension" in parse.stdout and "must be at least max(1, m) = 64" in parse.stdout),
        ("parse shows gemm-invalid-size", "gemm-invalid-size" in parse.stdout),
        ("the HTML report was written", export.returncode in (0, 2) and pages),
        ("the HTML report has the finding", "must be at least max(1, m) = 64" in pages),
        ("the HTML report has its note", "the number of columns of A as stored" in pages),
    ]
    failed = [what for what, ok in expected if not ok]
    for what, ok in expected:
        print("%s: %s" % ("ok" if ok else "FAILED", what))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
