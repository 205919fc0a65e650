"""clang-tidy's output as findings and parse failures, and the summary."""

import os
import re
import sys

from . import PROG
from .database import display_path

# A diagnostic line as clang-tidy prints it.
DIAG_RE = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): "
    r"(?P<level>warning|error|note|remark): (?P<message>.*?)"
    r"(?: \[(?P<check>[^\[\]]+)\])?$")

# clang's count of the diagnostics of a file, which clang-tidy 19 prints even
# with --quiet: noise between the progress lines.
GENERATED_RE = re.compile(r"^\d+ (warning|error)s?( and \d+ errors?)? generated[ .].*$\n?", re.M)


# The colours of -use-color.
ANSI_RE = re.compile(r"\x1b\[[0-9;]*m")


class FileResult:
    """One file's run (upstream's ClangTidyResult) as the findings of the
    checks, each with its notes, or as the first error of a file that could
    not be parsed (or run)."""

    def __init__(self, run):
        self.source = run.filename
        text = run.stdout + run.stderr
        self.output = GENERATED_RE.sub("", text)
        self.findings = []  # dicts: file line col level message check notes
        self.parse_error = None
        lines = ANSI_RE.sub("", text).splitlines()
        current = None
        for line in lines:
            m = DIAG_RE.match(line)
            if not m:
                if line.startswith(("error: ", "Error: ")) or "Stack dump" in line:
                    self.parse_error = self.parse_error or line
                continue
            level, check = m.group("level"), (m.group("check") or "").split(",")[0] or None
            diag = {"file": m.group("file"), "line": int(m.group("line")), "col": int(m.group("col")),
                    "level": level, "message": m.group("message"), "check": check, "notes": []}
            if level == "note":
                if current is not None:
                    current["notes"].append(diag)
                continue
            current = None
            if level == "error" and check in (None, "clang-diagnostic-error"):
                self.parse_error = self.parse_error or line
            elif level in ("warning", "error") and check:
                self.findings.append(diag)
                current = diag
        status = run.returncode
        if status is not None and status < 0:
            self.parse_error = self.parse_error or "clang-tidy crashed (signal %d)" % -status
        elif status != 0 and not self.parse_error and not any(f["level"] == "error" for f in self.findings):
            said = [l for l in lines if l.strip()]
            self.parse_error = said[-1] if said else "clang-tidy failed with exit status %d" % status


# The analyzer's reports of calls it could not judge: counted apart from the
# findings (they are no defect), and they fail the run as findings do.
COVERAGE = "gemm.Coverage"
NOT_JUDGED = "Calls not judged (%s)" % COVERAGE


def print_summary(counts, analysed, failures, root, files=True, out=sys.stdout):
    counts = dict(counts)
    not_judged = counts.pop(COVERAGE, None)
    width = max([len("Files that failed to parse"), len(NOT_JUDGED)] + [len(c) for c in counts])
    print("", file=out)
    print("%s summary" % PROG, file=out)
    print("  %-*s  %8s" % (width, "Check", "Findings"), file=out)
    for check in sorted(counts):
        print("  %-*s  %8d" % (width, check, counts[check]), file=out)
    print("  %-*s  %8d" % (width, "Total", sum(counts.values())), file=out)
    if not_judged is not None:
        print("  %-*s  %8d" % (width, NOT_JUDGED, not_judged), file=out)
    if not files:
        return
    print("  %-*s  %8d" % (width, "Files analysed", analysed), file=out)
    print("  %-*s  %8d" % (width, "Files that failed to parse", len(failures)), file=out)
    for source, error in failures:
        print("    %s: %s" % (display_path(source, root), error), file=out)




def report_file(outcome, root, progress, cuda):
    """A file as it is done: '[3/12] name', or its first error when it could
    not be parsed (with how .cu files are parsed, when cuda is given), then
    clang-tidy's output when there is something to see."""
    prefix = "[%d/%d] " % progress if progress else ""
    name = display_path(outcome.source, root)
    if outcome.parse_error:
        hint = " (parsed as CUDA host code: %s)" % cuda.describe() if cuda else ""
        print("%s%s: error: cannot be parsed%s: %s" % (prefix, name, hint, outcome.parse_error))
    elif prefix:
        print(prefix + name)
    if outcome.findings or outcome.parse_error:
        sys.stdout.write(outcome.output)
    sys.stdout.flush()


def collect(outcomes, enabled, root):
    """The findings of every file (a header's once, however many files
    include it), the files that failed to parse, and the count per check
    (every enabled gemm-* check, found or not)."""
    findings, failures, seen = [], [], set()
    counts = {c: 0 for c in enabled if c.startswith(("gemm-", "gemm."))}
    for outcome in outcomes:
        if outcome.parse_error:
            failures.append((outcome.source, outcome.parse_error))
            continue
        for f in outcome.findings:
            key = (os.path.realpath(f["file"]), f["line"], f["col"], f["check"], f["message"])
            if key not in seen:
                seen.add(key)
                findings.append(f)
                counts[f["check"]] = counts.get(f["check"], 0) + 1
    findings.sort(key=lambda f: (display_path(f["file"], root), f["line"], f["col"], f["check"]))
    failures.sort(key=lambda failure: display_path(failure[0], root))
    return findings, failures, counts


def report_guard(run, paths):
    """The runtime guard's findings, one line per finding at a call site;
    the count per check, and whether any finding is an error."""
    print("%s: %d guard finding(s) from %s" % (PROG, len(run["results"]), ", ".join(paths)))
    counts = {}
    for result in run["results"]:
        counts[result["ruleId"]] = counts.get(result["ruleId"], 0) + 1
        location = result["locations"][0]
        where = location.get("physicalLocation")
        if where:
            where = "%s:%d" % (where["artifactLocation"]["uri"], where["region"]["startLine"])
        else:
            where = location["logicalLocations"][0]["fullyQualifiedName"]
        count = result["occurrenceCount"]
        print("%s: %s: %s [%s] (%d call%s)" % (where, result["level"], result["message"]["text"],
                                              result["ruleId"], count, "" if count == 1 else "s"))
    return counts, any(r["level"] == "error" for r in run["results"])
