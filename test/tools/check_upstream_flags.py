#!/usr/bin/env python3
"""Checks that every option of upstream's run-clang-tidy (read from its own
--help) is an option of run-gemm-tidy, spelled with one dash and with two.

Usage: check_upstream_flags.py RUN_CLANG_TIDY RUN_GEMM_TIDY
"""
import re
import subprocess
import sys


def options(script):
    out = subprocess.run([sys.executable, script, "--help"], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, check=True).stdout
    return set(re.findall(r"(?:^|[\s,\[])(--?[a-z][a-z0-9-]*)", out))


def main():
    upstream, ours = options(sys.argv[1]), options(sys.argv[2])
    missing = []
    for flag in sorted(upstream - {"-h", "--help"}):  # argparse's own
        name = flag.lstrip("-")
        wanted = ["-" + name] if len(name) == 1 else ["-" + name, "--" + name]
        missing += [w for w in wanted if w not in ours]
    if missing:
        sys.exit("run-gemm-tidy lacks run-clang-tidy's %s" % ", ".join(missing))
    print("every run-clang-tidy option is a run-gemm-tidy option, with one or two dashes "
          "(%d options)" % len(upstream))


if __name__ == "__main__":
    main()
