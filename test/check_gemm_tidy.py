#!/usr/bin/env python3
"""Runs clang-tidy with the gemm-tidy plugin on a lit test file and checks
its diagnostics with FileCheck, in the manner of upstream's
check_clang_tidy.py (which distributions do not ship).

Usage:
  check_gemm_tidy.py [options] <source> <check-glob> <temp-file> \
      [-- <clang-tidy args> [-- <compiler args>]]

The source's `// CHECK-MESSAGES:` lines are matched against the warnings
and errors clang-tidy prints (notes left out), and no other warning or error
may appear. `// CHECK-NOTES:` lines are matched, in order, against the full
output, notes included. A file with neither must produce no diagnostic at all.
clang-tidy runs with `--fix`: `// CHECK-FIXES:` lines are matched against
the copy as it leaves it, and a file without them must come out unchanged.
"""

import argparse
import os
import re
import subprocess
import sys


def run(cmd, **kwargs):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, **kwargs)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clang-tidy", required=True)
    parser.add_argument("--filecheck", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("-check-suffix", "-check-suffixes", "--check-suffix",
                        "--check-suffixes", default=[""], type=lambda s: s.split(","),
                        help="comma-separated suffixes (one may be empty): use "
                             "CHECK-MESSAGES-<suffix> / CHECK-NOTES-<suffix> / "
                             "CHECK-FIXES-<suffix> for each, as upstream does")
    parser.add_argument("source")
    parser.add_argument("checks")
    parser.add_argument("temp")
    argv = sys.argv[1:]
    rest = []
    if "--" in argv:
        i = argv.index("--")
        argv, rest = argv[:i], argv[i + 1:]
    args = parser.parse_args(argv)

    tidy_args, compiler_args = rest, []
    if "--" in rest:
        i = rest.index("--")
        tidy_args, compiler_args = rest[:i], rest[i + 1:]

    suffixes = ["-" + x if x else "" for x in args.check_suffix]
    messages_prefixes = ["CHECK-MESSAGES" + x for x in suffixes]
    notes_prefixes = ["CHECK-NOTES" + x for x in suffixes]
    fixes_prefixes = ["CHECK-FIXES" + x for x in suffixes]

    with open(args.source, encoding="utf-8") as f:
        text = f.read()
    def uses(prefixes):
        return any(re.search(r"//\s*%s:" % re.escape(p), text) for p in prefixes)

    has_messages = uses(messages_prefixes)
    has_notes = uses(notes_prefixes)
    has_fixes = uses(fixes_prefixes)

    # clang-tidy reads a copy whose check lines are blanked, so that its
    # output does not quote them; line numbers stay the same.
    extension = os.path.splitext(args.source)[1]
    temp = args.temp + extension
    cleaned = re.sub(r"//\s*CHECK-[A-Z0-9-]*:[^\r\n]*", "//", text)
    os.makedirs(os.path.dirname(os.path.abspath(temp)), exist_ok=True)
    with open(temp, "w", encoding="utf-8") as f:
        f.write(cleaned)

    # As upstream's check_clang_tidy.py: one run, with --fix, on the copy.
    cmd = [args.clang_tidy, "--load=" + args.plugin,
           "--checks=-*," + args.checks, "--quiet", "--fix"] + tidy_args + \
        [temp, "--"] + compiler_args
    result = run(cmd)
    output = result.stdout
    print("Running " + " ".join(cmd))
    print("------------------------ clang-tidy output -----------------------")
    print(output)
    print("------------------------------------------------------------------")
    if result.returncode not in (0, 1) or "Stack dump" in output or \
            re.search(r"^error: ", output, re.M):
        sys.exit("clang-tidy failed with exit code %d" % result.returncode)
    if re.search(r"error: .*\[clang-diagnostic-error\]", output) and \
            "ALLOW-COMPILER-ERRORS" not in text:
        sys.exit("the test file does not compile; see the output above")

    warnings_only = "\n".join(l for l in output.splitlines()
                              if re.search(r": (warning|error): ", l)
                              and "clang-diagnostic" not in l) + "\n"

    def filecheck(prefixes, input_text, implicit_not):
        fc = [args.filecheck, "-input-file=-", args.source,
              "-check-prefixes=" + ",".join(prefixes), "-strict-whitespace",
              "-allow-unused-prefixes"]
        if implicit_not:
            fc.append("-implicit-check-not={{%s}}:" % implicit_not)
        r = subprocess.run(fc, input=input_text, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            print(r.stdout)
            sys.exit("FileCheck failed for %s" % ",".join(prefixes))

    if has_messages:
        filecheck(messages_prefixes, warnings_only, "warning|error")
    if has_notes:
        filecheck(notes_prefixes, output, None)
    if not has_messages and not has_notes:
        if warnings_only.strip():
            sys.exit("expected no warnings, got:\n" + warnings_only)

    with open(temp, encoding="utf-8") as f:
        fixed_text = f.read()
    if has_fixes:
        print("------------------------ the file after --fix ------------------------")
        print(fixed_text)
        filecheck(fixes_prefixes, fixed_text, None)
    elif fixed_text != cleaned:
        sys.exit("clang-tidy --fix changed the file, but it has no %s lines:\n%s"
                 % ("/".join(fixes_prefixes), fixed_text))


if __name__ == "__main__":
    main()
