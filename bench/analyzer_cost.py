#!/usr/bin/env python3
"""Benchmark (not a test): the cost of the path-sensitive tier, side by side
in one run (docs/deep.md, "Cost").

For each file it times, in alternating rounds so that a change of the
machine's load falls on every column alike:

  default    clang++ --analyze with the default checkers
  +gemm      the same plus -analyzer-checker=gemm (libGemmAnalyzer.so)
  gemm only  --analyzer-no-default-checks plus gemm, as run-gemm-tidy
             --path-sensitive runs it
  fast tier  clang-tidy with the gemm-* checks (libGemmTidy.so)

The measure is CPU time (user + system) of each child from wait4, which a
loaded shared machine inflates far less than wall time; the median of the
rounds is printed, with +gemm / default (the goal: at most 1.25) as a
Markdown table for bench/measurements.md. The files: generated ones with
1,000 and 4,000 calls (bench/gen_value_bench.py; their ratio of times says
whether the cost is linear in calls) and any real files given as
"FILE -- FLAGS...".

  bench/analyzer_cost.py --build build [--rounds 3] [--calls 1000,4000] ['FILE -- FLAGS' ...]
"""
import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))


def llvm_bin(build):
    """The bin/ of the LLVM the build was configured with."""
    with open(os.path.join(build, "CMakeCache.txt"), encoding="utf-8") as f:
        m = re.search(r"^LLVM_DIR:[A-Z]*=(.*)/lib/cmake/llvm$", f.read(), re.M)
    return os.path.join(m.group(1) if m else "/usr/lib/llvm-22", "bin")


def cpu_seconds(argv):
    """User + system seconds of one run of argv (its output discarded); the
    run must succeed, or the figure would time a failure."""
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit("analyzer_cost.py: %s failed (%d): %s" % (
            " ".join(argv[:3]), proc.returncode, err.decode("utf-8", "replace").strip()[-300:]))
    return usage.ru_utime + usage.ru_stime


def commands(bin_dir, build, source, flags):
    analyze = [os.path.join(bin_dir, "clang++"), "--analyze", "-o", "/dev/null"]
    gemm = ["-Xclang", "-load", "-Xclang", os.path.join(build, "lib", "libGemmAnalyzer.so"),
            "-Xclang", "-analyzer-checker=gemm"]
    tidy = [os.path.join(bin_dir, "clang-tidy"), "--quiet",
            "--load=" + os.path.join(build, "lib", "libGemmTidy.so"), "--checks=-*,gemm-*", source, "--"]
    return {
        "default": analyze + flags + [source],
        "+gemm": analyze + gemm + flags + [source],
        "gemm only": analyze + ["--analyzer-no-default-checks"] + gemm + flags + [source],
        "fast tier": tidy + flags,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--calls", default="1000,4000")
    parser.add_argument("--cuda-include", default="/usr/local/cuda/include")
    parser.add_argument("files", nargs="*", help="'FILE -- FLAGS...' of real translation units")
    args = parser.parse_args()
    bin_dir = llvm_bin(args.build)
    work = tempfile.mkdtemp(prefix="analyzer-cost.")
    cases = []
    for calls in [int(c) for c in args.calls.split(",") if c]:
        path = os.path.join(work, "generated-%d.cpp" % calls)
        with open(path, "w", encoding="utf-8") as f:
            subprocess.run([sys.executable, os.path.join(ROOT, "bench", "gen_value_bench.py"),
                            str(calls)], stdout=f, check=True)
        cases.append(("generated, %d calls" % calls, path,
                      ["-std=c++17", "-I" + args.cuda_include]))
    for spec in args.files:
        source, _, flags = spec.partition(" -- ")
        cases.append((os.path.relpath(source, ROOT), source, shlex.split(flags)))

    columns = ["default", "+gemm", "gemm only", "fast tier"]
    print("| TU | " + " | ".join(columns) + " | +gemm / default |")
    print("|---|" + "---:|" * (len(columns) + 1))
    for name, source, flags in cases:
        runs = commands(bin_dir, args.build, source, flags)
        times = {c: [] for c in columns}
        for _ in range(args.rounds):
            for column in columns:
                times[column].append(cpu_seconds(runs[column]))
        median = {c: statistics.median(times[c]) for c in columns}
        print("| %s | %s | %.2f |" % (name, " | ".join("%.2f s" % median[c] for c in columns),
                                      median["+gemm"] / median["default"]), flush=True)


if __name__ == "__main__":
    main()
