"""SARIF 2.1.0: the checks' run, the runtime guard's log as a second run,
and the merging of shards' files. Rule metadata comes from the check pages,
docs/checks/*.md."""

import hashlib
import json
import os
import re
from urllib.parse import quote

from . import VERSION, UsageError, shipped
from .database import display_path

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"

def load_rule_docs():
    """{check id: (short description, markdown)} from docs/checks/*.md, in
    the source tree or the install prefix."""
    directory = shipped("docs/checks", "share/gemm-tidy/docs/checks")
    docs = {}
    for name in sorted(os.listdir(directory)) if directory else []:
        if name.endswith(".md"):
            with open(os.path.join(directory, name), encoding="utf-8") as f:
                text = f.read()
            docs[name[:-3]] = (first_paragraph(text), text)
    return docs


def first_paragraph(markdown):
    """The first paragraph after the title, as plain text."""
    body = re.sub(r"^#.*$", "", markdown, flags=re.M).strip()
    paragraph = re.split(r"\n\s*\n", body)[0] if body else ""
    return re.sub(r"`([^`]*)`", r"\1", " ".join(l.strip() for l in paragraph.splitlines()))


def sarif_rule(check_id, docs, help_uri_base, guard=False, doc_id=None):
    """doc_id: the check page that documents check_id, when it is not its
    own (an analyzer checker's is its clang-tidy check's)."""
    rule = {"id": check_id}
    doc_id = doc_id or check_id
    doc = docs.get(doc_id)
    if doc:
        short, markdown = doc
        rule["shortDescription"] = {"text": short}
        rule["fullDescription"] = {"text": short}
        rule["help"] = {"text": markdown, "markdown": markdown}
        if help_uri_base:
            rule["helpUri"] = help_uri_base.rstrip("/") + "/" + doc_id + ".md"
    elif guard:
        short = "Runtime guard check '%s'." % check_id[len("gemm-"):]
        rule["shortDescription"] = {"text": short}
        rule["help"] = {"text": short + " See docs/runtime-guard.md.",
                        "markdown": short + " See [the runtime guard](docs/runtime-guard.md)."}
    else:
        rule["shortDescription"] = {"text": "clang-tidy check %s." % check_id}
    rule["defaultConfiguration"] = {"level": "error" if guard else "warning"}
    rule["properties"] = {"tags": ["cuda", "cublas", "correctness"],
                          "precision": "very-high",
                          "problem.severity": "error" if guard else "warning"}
    return rule


def file_uri(path):
    return "file://" + quote(os.path.abspath(path))


def artifact_location(path, root):
    relative = os.path.relpath(path, root)
    if relative.startswith(".."):
        return {"uri": file_uri(path)}
    return {"uri": quote(relative.replace(os.sep, "/")), "uriBaseId": "%SRCROOT%"}


def physical_location(path, line, col, root):
    region = {"startLine": line}
    if col:
        region["startColumn"] = col
    return {"physicalLocation": {"artifactLocation": artifact_location(path, root),
                                 "region": region}}


def fingerprint(*parts):
    return hashlib.sha256("\0".join(str(p) for p in parts).encode()).hexdigest()[:32]


def tidy_run(findings, failures, analysed, args, root, docs, version, checks, tool="gemm-tidy",
             doc_of=lambda check: check):
    """The checks' findings, and the files that failed to parse, as a SARIF
    run of tool (gemm-tidy's clang-tidy, or the analyzer's gemm checkers,
    whose pages doc_of names)."""
    rule_ids = sorted(set(c for c in checks if c.startswith(("gemm-", "gemm."))) |
                      set(f["check"] for f in findings))
    rules = [sarif_rule(r, docs, args.help_uri_base, doc_id=doc_of(r)) for r in rule_ids]
    index = {r: n for n, r in enumerate(rule_ids)}
    results = []
    for f in findings:
        result = {
            "ruleId": f["check"], "ruleIndex": index[f["check"]],
            "level": "error" if f["level"] == "error" else "warning",
            "message": {"text": f["message"]},
            "locations": [physical_location(f["file"], f["line"], f["col"], root)],
            "partialFingerprints": {"gemmTidy/v1": fingerprint(
                f["check"], display_path(f["file"], root), f["message"])},
        }
        if f["notes"]:
            result["relatedLocations"] = []
            for n, note in enumerate(f["notes"]):
                location = physical_location(note["file"], note["line"], note["col"], root)
                location["id"] = n
                location["message"] = {"text": note["message"]}
                result["relatedLocations"].append(location)
        results.append(result)
    notifications = []
    for source, error in failures:
        notifications.append({
            "level": "error",
            "message": {"text": "%s cannot be parsed: %s" % (display_path(source, root), error)},
            "locations": [physical_location(source, 1, 0, root)],
            "descriptor": {"id": "parse-error"},
        })
    driver = {"name": tool, "semanticVersion": VERSION,
              "fullName": "%s %s (%s %s)" % (tool, VERSION, "clang-tidy" if tool == "gemm-tidy"
                                             else "clang Static Analyzer", version),
              "rules": rules}
    return {
        "tool": {"driver": driver},
        "invocations": [{"executionSuccessful": not failures,
                         "toolExecutionNotifications": notifications}],
        "originalUriBaseIds": {"%SRCROOT%": {"uri": file_uri(root).rstrip("/") + "/"}},
        "results": results,
        "properties": {"filesAnalysed": analysed, "filesFailedToParse": len(failures),
                       "shard": args.shard or "1/1"},
    }


SITE_RE = re.compile(r"^(?P<file>.+):(?P<line>\d+)$")


def guard_run(paths, args, root, docs):
    """The runtime guard's logs (one JSON record per line) as a SARIF run."""
    merged = {}
    order = []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.read().splitlines()
        except OSError as e:
            raise UsageError("cannot read guard log '%s': %s" % (path, e.strerror))
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                function, site = record["function"], record["site"]
                findings = record["findings"]
                for finding in findings:
                    finding["check"], finding["message"]
            except (ValueError, KeyError, TypeError):
                raise UsageError("%s:%d: not a gemm-guard record (one JSON object per line "
                                 "with function, site and findings)" % (path, number))
            for finding in findings:
                key = (site, function, finding["check"], finding.get("rule"),
                       finding.get("param"), finding["message"])
                if key not in merged:
                    merged[key] = [record, finding, 0]
                    order.append(key)
                merged[key][2] += 1
    rule_ids = sorted(set("gemm-" + k[2] for k in order))
    index = {r: n for n, r in enumerate(rule_ids)}
    results = []
    for key in order:
        record, finding, count = merged[key]
        site = record["site"]
        rule_id = "gemm-" + finding["check"]
        result = {
            # An advisory finding (cuBLAS runs the call) is a warning, as the
            # guard logged it: it lets the call through and fails no run.
            "ruleId": rule_id, "ruleIndex": index[rule_id],
            "level": "warning" if finding.get("advisory") else "error",
            "message": {"text": "%s: %s" % (record["function"], finding["message"])},
            "occurrenceCount": count,
            "properties": {k: finding.get(k) for k in ("rule", "param", "value", "bound")},
        }
        result["properties"].update({"function": record["function"], "site": site,
                                     "outcome": record.get("outcome")})
        m = SITE_RE.match(site)
        if m:
            source = m.group("file")
            if not os.path.isabs(source):
                source = os.path.join(root, source)
            result["locations"] = [physical_location(source, int(m.group("line")), 0, root)]
        else:
            # The preload library knows the calling object, not the line.
            result["locations"] = [{"logicalLocations": [
                {"fullyQualifiedName": site, "kind": "module"}]}]
        result["partialFingerprints"] = {"gemmGuard/v1": fingerprint(*key)}
        results.append(result)
    return {
        "tool": {"driver": {"name": "gemm-guard", "semanticVersion": VERSION,
                            "rules": [sarif_rule(r, docs, args.help_uri_base, guard=True)
                                      for r in rule_ids]}},
        "invocations": [{"executionSuccessful": True}],
        "originalUriBaseIds": {"%SRCROOT%": {"uri": file_uri(root).rstrip("/") + "/"}},
        "results": results,
    }


def write_sarif(path, runs):
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": runs}
    try:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(log, f, indent=1)
            f.write("\n")
    except OSError as e:
        raise UsageError("cannot write SARIF file '%s': %s" % (path, e.strerror))


def result_key(result):
    location = (result.get("locations") or [{}])[0]
    physical = location.get("physicalLocation", {})
    logical = location.get("logicalLocations", [{}])[0].get("fullyQualifiedName")
    return (result.get("ruleId"), physical.get("artifactLocation", {}).get("uri"),
            physical.get("region", {}).get("startLine"),
            physical.get("region", {}).get("startColumn"), logical,
            result.get("message", {}).get("text"))


def merge_sarif(inputs, output):
    """One run per tool: rules united, results deduplicated (a header's
    finding is reported by every shard that includes it), invocations kept."""
    merged = {}
    for path in inputs:
        try:
            with open(path, encoding="utf-8") as f:
                log = json.load(f)
        except (OSError, ValueError) as e:
            raise UsageError("cannot read SARIF file '%s': %s" % (path, e))
        if not isinstance(log, dict) or log.get("version") != "2.1.0" or \
                not isinstance(log.get("runs"), list):
            raise UsageError("'%s' is not a SARIF 2.1.0 log" % path)
        for run in log["runs"]:
            name = run["tool"]["driver"]["name"]
            if name not in merged:
                target = json.loads(json.dumps(run))
                target["tool"]["driver"]["rules"] = []
                target["results"] = []
                target["invocations"] = []
                target["properties"] = {}
                merged[name] = (target, {}, {})
            target, rule_index, seen = merged[name]
            if run.get("originalUriBaseIds") != target.get("originalUriBaseIds"):
                raise UsageError("'%s' was written for another source root (%s)" % (
                    path, run.get("originalUriBaseIds", {}).get("%SRCROOT%", {}).get("uri")))
            rules = run["tool"]["driver"].get("rules", [])
            for rule in rules:
                if rule["id"] not in rule_index:
                    rule_index[rule["id"]] = len(target["tool"]["driver"]["rules"])
                    target["tool"]["driver"]["rules"].append(rule)
            for result in run.get("results", []):
                key = result_key(result)
                if key in seen:
                    if name == "gemm-guard":
                        seen[key]["occurrenceCount"] = seen[key].get("occurrenceCount", 1) + \
                            result.get("occurrenceCount", 1)
                    continue
                result = dict(result)
                if "ruleId" in result and result["ruleId"] in rule_index:
                    result["ruleIndex"] = rule_index[result["ruleId"]]
                seen[key] = result
                target["results"].append(result)
            target["invocations"].extend(run.get("invocations", []))
            for key, value in run.get("properties", {}).items():
                if isinstance(value, int):
                    target["properties"][key] = target["properties"].get(key, 0) + value
            target["properties"].setdefault("shards", []).append(
                run.get("properties", {}).get("shard", "1/1"))
    runs = [m[0] for m in merged.values()]
    write_sarif(output, runs)
    return runs


