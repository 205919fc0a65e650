"""Whether two SARIF logs of run-gemm-tidy hold the same findings, file by
file: usage same_findings.py EXPECTED.sarif ACTUAL.sarif. Prints one line per
source file ("half.cpp: 3 findings, the same") and each difference; exits 1
when any file differs. A finding is its rule, place, message and its notes;
a note placed in a header outside the project (the toolkit's or the
stand-ins', whose lines differ) is compared by its text alone."""
import collections
import json
import sys


def place(location):
    physical = location.get("physicalLocation", {})
    artifact = physical.get("artifactLocation", {})
    region = physical.get("region", {})
    return artifact.get("uri"), artifact.get("uriBaseId"), region.get("startLine"), region.get("startColumn")


def findings(path):
    with open(path, encoding="utf-8") as f:
        log = json.load(f)
    by_file = collections.defaultdict(collections.Counter)
    for result in log["runs"][0]["results"]:
        uri, _, line, column = place(result["locations"][0])
        notes = []
        for note in result.get("relatedLocations", []):
            note_uri, base, note_line, note_column = place(note)
            inside = base == "%SRCROOT%"
            notes.append((note_uri if inside else "<outside>", note_line if inside else None,
                          note_column if inside else None, note["message"]["text"]))
        by_file[uri][(line, column, result["ruleId"], result["message"]["text"], tuple(notes))] += 1
    return by_file


def main():
    expected, actual = findings(sys.argv[1]), findings(sys.argv[2])
    differ = False
    for uri in sorted(set(expected) | set(actual)):
        missing, extra = expected[uri] - actual[uri], actual[uri] - expected[uri]
        if not missing and not extra:
            count = sum(expected[uri].values())
            print("%s: %d finding%s, the same" % (uri, count, "" if count == 1 else "s"))
            continue
        differ = True
        print("%s: differs" % uri)
        for finding in sorted(missing, key=str):
            print("  only in %s: %s" % (sys.argv[1], finding))
        for finding in sorted(extra, key=str):
            print("  only in %s: %s" % (sys.argv[2], finding))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
