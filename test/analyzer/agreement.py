#!/usr/bin/env python3
"""Agreement of the two tiers on the clang-tidy checks' lit corpus.

The clang-tidy side is what the corpus's own `// CHECK-MESSAGES:` lines say
the checks report (those lit tests keep them true); the path-sensitive side
is clang --analyze with libGemmAnalyzer over the same files. A finding is a
(file, line, category); an analyzer warning reports at the call's first
line and clang-tidy at the argument, so a clang-tidy finding matches an
analyzer finding of its category up to MAX_SPAN lines above it.

Every difference must be listed, with its reason, in the expected file
(`file:line: category: tidy-only|analyzer-only  # reason`). The script fails
on a difference the list does not name, and on a listed one that is gone
(so the list stays true).
"""
import argparse
import os
import re
import subprocess
import sys

MAX_SPAN = 8
MESSAGE = re.compile(
    r"^\s*//\s*CHECK-MESSAGES:\s*:(\[\[@LINE([+-]\d+)?\]\]|\d+):\d+:\s*warning:.*\[gemm-([a-z0-9-]+)(,[^\]]*)?\]")
WARNING = re.compile(r"^(.*?):(\d+):\d+: warning: .*\[gemm\.([A-Za-z0-9]+)\]$")


def camel(category):
    return "".join(part.capitalize() for part in category.split("-"))


def tidy_findings(path):
    found = set()
    with open(path, encoding="utf-8") as f:
        for number, text in enumerate(f, 1):
            m = MESSAGE.match(text)
            if not m:
                continue
            where = m.group(1)
            if where.startswith("[["):
                line = number + int(m.group(2) or 0)
            else:
                line = int(where)
            found.add((line, camel(m.group(3))))
    return found


def analyzer_findings(args, path):
    command = [args.clang, "--analyze", "--analyzer-no-default-checks",
               "-o", os.devnull, "-Xclang", "-load", "-Xclang", args.plugin,
               "-Xclang", "-analyzer-checker=gemm",
               "-Xclang", "-analyzer-config", "-Xclang", "display-checker-name=true",
               "-std=c++17"] + [f"-I{d}" for d in args.include] + [path]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode == 1 and "PLEASE submit" not in run.stderr \
            and (": error:" in run.stderr or ": fatal error:" in run.stderr):
        return None  # ill-formed on purpose (the crash-regression cases)
    if run.returncode != 0:
        sys.exit(f"agreement: the analyzer failed on {path} (exit {run.returncode}):\n"
                 + run.stderr[-2000:])
    found = set()
    for text in run.stderr.splitlines():
        m = WARNING.match(text)
        if m and os.path.samefile(m.group(1), path):
            found.add((int(m.group(2)), m.group(3)))
    return found


def differences(tidy, analyzer):
    out = set()
    for line, cat in tidy:
        if not any(c == cat and l <= line <= l + MAX_SPAN for l, c in analyzer):
            out.add((line, cat, "tidy-only"))
    for line, cat in analyzer:
        if not any(c == cat and line <= l <= line + MAX_SPAN for l, c in tidy):
            out.add((line, cat, "analyzer-only"))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clang", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--corpus", required=True, help="test/checkers")
    parser.add_argument("--expected", required=True)
    parser.add_argument("-I", dest="include", action="append", default=[])
    parser.add_argument("--write", action="store_true",
                        help="rewrite the expected file's entries (reasons kept)")
    args = parser.parse_args()

    actual = {}
    for name in sorted(os.listdir(args.corpus)):
        if not name.endswith(".cpp"):
            continue
        path = os.path.join(args.corpus, name)
        analyzed = analyzer_findings(args, path)
        if analyzed is None:
            actual[f"{name}: not compiled"] = ""
            continue
        for line, cat, side in differences(tidy_findings(path), analyzed):
            actual[f"{name}:{line}: {cat}: {side}"] = ""

    expected = {}
    with open(args.expected, encoding="utf-8") as f:
        for text in f:
            text = text.rstrip("\n")
            if not text or text.startswith("#"):
                continue
            key, _, reason = text.partition("  #")
            expected[key.strip()] = reason.strip()

    if args.write:
        with open(args.expected, "w", encoding="utf-8") as f:
            f.write("# Findings of one tier the other does not make on test/checkers,\n"
                    "# each with its reason (test/analyzer/agreement.py).\n")
            for key in sorted(actual):
                f.write(f"{key}  # {expected.get(key, 'TODO')}\n")
        return 0

    new = sorted(set(actual) - set(expected))
    gone = sorted(set(expected) - set(actual))
    for key in new:
        print(f"agreement: new difference: {key}; fix the tier or list it with its reason in {args.expected}")
    for key in gone:
        print(f"agreement: listed difference no longer seen: {key}; remove it from {args.expected}")
    if new or gone:
        return 1
    print(f"agreement: {len(actual)} listed differences, no others")
    return 0


if __name__ == "__main__":
    sys.exit(main())
