#!/usr/bin/env python3
"""Agreement of the two tiers on the clang-tidy checks' lit corpus.

The clang-tidy side is what the corpus's own `// CHECK-MESSAGES:` (and
`// CHECK-NOTES:`) warning lines say the checks report -- those lit tests
keep them true; the path-sensitive side is clang --analyze with
libGemmAnalyzer over the same files. Each file is compared as its own
`%check_gemm_tidy` RUN line runs it: the first run that sets no check
option (the analyzer has none), with that run's check suffixes, its checks
(an analyzer finding of a check the run leaves off is not compared) and
its compiler flags.

A finding is a (file, line, category); an analyzer warning reports at the
call's first line and clang-tidy at the argument, so a clang-tidy finding
matches an analyzer finding of its category up to MAX_SPAN lines above it.
A CHECK line that names no `[gemm-...]` category matches any category the
run enables; one whose line is a pattern matches any line of its file.

Every difference must be listed, with its reason, in the expected file
(`file:line: category: tidy-only|analyzer-only  # reason`). The script fails
on a difference the list does not name, on a listed one that is gone (so
the list stays true) and on an entry without a reason.
"""
import argparse
import fnmatch
import os
import re
import shlex
import subprocess
import sys

MAX_SPAN = 8
WARNING = re.compile(r"^(.*?):(\d+):\d+: warning: .*\[gemm\.([A-Za-z0-9]+)\]$")
CATEGORY = re.compile(r"\[gemm-([a-z0-9-]+)(,[^\]]*)?\]\s*$")
# Where a CHECK line puts its warning: ':[[@LINE-1]]:', ':12:', or
# 'header.h:{{[0-9]+}}:' (another file; a pattern for a line).
WHERE = re.compile(r"^\s*([\w.-]*):(\[\[@LINE([+-]\d+)?\]\]|\d+|\{\{[^}]*\}\}):"
                   r"(\d+|\{\{[^}]*\}\}):\s*warning:")
ANY_LINE = 0
ANY_CATEGORY = "*"


def camel(category):
    return "".join(part.capitalize() for part in category.split("-"))


def kebab(category):
    return re.sub(r"(?<!^)([A-Z])", r"-\1", category).lower()


def run_lines(text):
    """The file's RUN commands, continuation lines joined."""
    commands, current = [], ""
    for line in text.splitlines():
        m = re.match(r"^\s*//\s*RUN:(.*)$", line)
        if not m:
            continue
        part = m.group(1).strip()
        if part.endswith("\\"):
            current += part[:-1] + " "
            continue
        commands.append(current + part)
        current = ""
    return commands


class Run:
    """One %check_gemm_tidy run: its suffixes, checks and compiler flags."""

    def __init__(self, words):
        self.suffixes, self.checks, self.tidy_args, self.flags = [""], None, [], []
        positional, i = [], 0
        while i < len(words) and words[i] != "--":
            if words[i].startswith("-check-suffix"):
                self.suffixes = words[i].split("=", 1)[1].split(",")
            else:
                positional.append(words[i])
            i += 1
        self.checks = positional[1].split(",") if len(positional) > 1 else ["gemm-*"]
        rest = words[i + 1:]
        split = rest.index("--") if "--" in rest else len(rest)
        self.tidy_args, self.flags = rest[:split], rest[split + 1:]

    def sets_options(self):
        return any(a.startswith("-config") for a in self.tidy_args)

    def enables(self, category):
        """Whether the run enables the check of \p category (CamelCase)."""
        return category == ANY_CATEGORY or any(
            fnmatch.fnmatchcase("gemm-" + kebab(category), c) for c in self.checks)


def default_run(text, subst):
    """The file's first %check_gemm_tidy run with no check option, or None."""
    for command in run_lines(text):
        if "%check_gemm_tidy" not in command:
            continue
        for name, value in subst:
            command = command.replace(name, value)
        words = shlex.split(command)
        run = Run(words[words.index("%check_gemm_tidy") + 1:])
        if not run.sets_options():
            return run
    return None


def tidy_findings(text, name, run):
    prefixes = [kind + ("-" + s if s else "") for kind in ("CHECK-MESSAGES", "CHECK-NOTES")
                for s in run.suffixes]
    check = re.compile(r"^\s*//\s*(%s):(.*)$" % "|".join(map(re.escape, prefixes)))
    found = set()
    for number, line in enumerate(text.splitlines(), 1):
        m = check.match(line)
        where = WHERE.match(m.group(2)) if m else None
        if not where:
            continue
        category = CATEGORY.search(m.group(2))
        category = camel(category.group(1)) if category else ANY_CATEGORY
        if not run.enables(category):
            continue
        place = where.group(2)
        if place.startswith("[[@LINE"):
            at = number + int(where.group(3) or 0)
        elif place.startswith("{{"):
            at = ANY_LINE
        else:
            at = int(place)
        found.add((where.group(1) or name, at, category))
    return found


COVERAGE = "Coverage"
NOT_JUDGED = set()


def analyzer_findings(args, path, run):
    command = [args.clang, "--analyze", "--analyzer-no-default-checks",
               "-o", os.devnull, "-Xclang", "-load", "-Xclang", args.plugin,
               "-Xclang", "-analyzer-checker=gemm",
               "-Xclang", "-analyzer-config", "-Xclang", "display-checker-name=true",
               ] + run.flags + [path]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode == 1 and "PLEASE submit" not in result.stderr \
            and ": error:" in result.stderr:
        return None  # ill-formed, with the flags of its own RUN line
    if result.returncode != 0:
        sys.exit(f"agreement: the analyzer failed on {path} (exit {result.returncode}):\n"
                 + result.stderr[-2000:])
    found = set()
    for line in result.stderr.splitlines():
        m = WARNING.match(line)
        if m and m.group(3) == COVERAGE:
            # A call the analyzer did not judge: no finding to compare. A
            # finding of the fast tier there is a tidy-only difference.
            NOT_JUDGED.add((os.path.basename(m.group(1)), int(m.group(2))))
        elif m and run.enables(m.group(3)):
            found.add((os.path.basename(m.group(1)), int(m.group(2)), m.group(3)))
    return found


def matches(tidy, analyzer):
    (tfile, tline, tcat), (afile, aline, acat) = tidy, analyzer
    return tfile == afile and tcat in (acat, ANY_CATEGORY) and (
        tline == ANY_LINE or aline <= tline <= aline + MAX_SPAN)


def differences(tidy, analyzer):
    out = set()
    for t in tidy:
        if not any(matches(t, a) for a in analyzer):
            out.add((t[0], t[1], t[2], "tidy-only"))
    for a in analyzer:
        if not any(matches(t, a) for t in tidy):
            out.add((a[0], a[1], a[2], "analyzer-only"))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clang", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--corpus", required=True, help="test/checkers")
    parser.add_argument("--expected", required=True)
    parser.add_argument("--subst", action="append", default=[], metavar="NAME=VALUE",
                        help="a lit substitution the RUN lines use (%%gemm_cxx_flags=...)")
    parser.add_argument("--write", action="store_true",
                        help="rewrite the expected file's entries (reasons kept)")
    args = parser.parse_args()
    subst = [tuple(s.split("=", 1)) for s in args.subst]
    subst.append(("%S", args.corpus))
    # Longest first: %gemm_cxx_flags before a %gemm... that prefixes it.
    subst.sort(key=lambda s: -len(s[0]))

    actual = {}
    for name in sorted(os.listdir(args.corpus)):
        if not name.endswith(".cpp"):
            continue
        path = os.path.join(args.corpus, name)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        run = default_run(text, subst)
        if run is None:
            actual[f"{name}: not compared"] = ""
            continue
        analyzed = analyzer_findings(args, path, run)
        if analyzed is None:
            actual[f"{name}: not compiled"] = ""
            continue
        found = differences(tidy_findings(text, name, run), analyzed)
        for where, line, cat, side in found:
            place = where if where == name else f"{name}:{where}"
            actual[f"{place}:{line or '*'}: {cat}: {side}"] = ""

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
    unexplained = sorted(k for k, r in expected.items() if r in ("", "TODO"))
    for key in new:
        print(f"agreement: new difference: {key}; fix the tier or list it with its reason in {args.expected}")
    for key in gone:
        print(f"agreement: listed difference no longer seen: {key}; remove it from {args.expected}")
    for key in unexplained:
        print(f"agreement: listed difference without a reason: {key}; say why in {args.expected}")
    if new or gone or unexplained:
        return 1
    print(f"agreement: {len(actual)} listed differences, no others; "
          f"{len(NOT_JUDGED)} call(s) the analyzer did not judge (gemm.Coverage)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
