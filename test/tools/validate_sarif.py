#!/usr/bin/env python3
"""Structural check of a SARIF 2.1.0 log as GitHub code scanning reads it.

Asserts the fields the SARIF 2.1.0 specification requires (version, runs,
tool.driver.name, result messages), the references between them (ruleId and
ruleIndex against the driver's rules, uriBaseId against originalUriBaseIds),
what code scanning needs to show a result (a location with a URI and a line,
rule metadata), and then prints one line per result for FileCheck:

  result gemm-leading-dimension warning examples/matmul.cpp:19:39 related=3 x1

Options add expectations: --tool NAME (a run of that tool exists),
--results N (of all runs), --rule ID (a rule with help text from its docs
page; ID:PAGE from the page of another check), --same-results-as OTHER.sarif (the same set of results, e.g. merged
shards against a single run). Exits 1 with one line saying what is wrong.
"""
import argparse
import json
import re
import sys

LEVELS = {"none", "note", "warning", "error"}


def fail(message):
    sys.exit("validate_sarif.py: " + message)


def need(condition, message):
    if not condition:
        fail(message)


def check_location(location, where, base_ids):
    need(isinstance(location, dict), "%s: a location is not an object" % where)
    physical = location.get("physicalLocation")
    if physical is None:
        logical = location.get("logicalLocations")
        need(isinstance(logical, list) and logical and
             (logical[0].get("fullyQualifiedName") or logical[0].get("name")),
             "%s: a location has neither a physical nor a named logical location" % where)
        return "<%s>" % (logical[0].get("fullyQualifiedName") or logical[0].get("name"))
    artifact = physical.get("artifactLocation")
    need(isinstance(artifact, dict) and isinstance(artifact.get("uri"), str) and artifact["uri"],
         "%s: physicalLocation.artifactLocation.uri is missing" % where)
    uri = artifact["uri"]
    if "uriBaseId" in artifact:
        need(artifact["uriBaseId"] in base_ids,
             "%s: uriBaseId %r is not in run.originalUriBaseIds" % (where, artifact["uriBaseId"]))
        need(not uri.startswith("/") and "://" not in uri,
             "%s: uri %r with a uriBaseId must be relative" % (where, uri))
    else:
        need(re.match(r"^[a-z][a-z0-9+.-]*:", uri), "%s: uri %r is neither absolute nor "
             "relative to a uriBaseId" % (where, uri))
    region = physical.get("region")
    need(isinstance(region, dict) and isinstance(region.get("startLine"), int) and
         region["startLine"] >= 1, "%s: region.startLine must be an integer >= 1" % where)
    if "startColumn" in region:
        need(isinstance(region["startColumn"], int) and region["startColumn"] >= 1,
             "%s: region.startColumn must be an integer >= 1" % where)
    text = "%s:%d" % (uri, region["startLine"])
    if "startColumn" in region:
        text += ":%d" % region["startColumn"]
    return text


def validate(path, args):
    try:
        with open(path, encoding="utf-8") as f:
            log = json.load(f)
    except (OSError, ValueError) as e:
        fail("%s: not JSON: %s" % (path, e))
    need(isinstance(log, dict), "the log is not an object")
    need(log.get("version") == "2.1.0", "version is %r, not '2.1.0'" % log.get("version"))
    need(isinstance(log.get("$schema"), str) and "sarif" in log["$schema"] and
         "2.1.0" in log["$schema"], "$schema does not name SARIF 2.1.0")
    runs = log.get("runs")
    need(isinstance(runs, list) and runs, "runs must be a non-empty array")
    lines = []
    for r, run in enumerate(runs):
        where = "runs[%d]" % r
        driver = run.get("tool", {}).get("driver")
        need(isinstance(driver, dict) and isinstance(driver.get("name"), str) and driver["name"],
             "%s: tool.driver.name is missing" % where)
        rules = driver.get("rules", [])
        need(isinstance(rules, list), "%s: tool.driver.rules is not an array" % where)
        ids = [rule.get("id") for rule in rules]
        need(all(isinstance(i, str) and i for i in ids), "%s: a rule has no id" % where)
        need(len(set(ids)) == len(ids), "%s: duplicate rule ids" % where)
        for rule in rules:
            need(rule.get("shortDescription", {}).get("text"),
                 "%s: rule %s has no shortDescription.text" % (where, rule["id"]))
            if "helpUri" in rule:
                need(re.match(r"^https?://", rule["helpUri"]),
                     "%s: rule %s: helpUri %r is not absolute" % (where, rule["id"], rule["helpUri"]))
        base_ids = run.get("originalUriBaseIds", {})
        for name, base in base_ids.items():
            need(isinstance(base, dict) and base.get("uri", "").endswith("/") and
                 "://" in base["uri"], "%s: originalUriBaseIds.%s.uri must be an absolute "
                 "URI ending in '/'" % (where, name))
        invocations = run.get("invocations", [])
        need(isinstance(invocations, list), "%s: invocations is not an array" % where)
        for invocation in invocations:
            need(isinstance(invocation.get("executionSuccessful"), bool),
                 "%s: an invocation lacks executionSuccessful" % where)
            for note in invocation.get("toolExecutionNotifications", []):
                need(note.get("message", {}).get("text"),
                     "%s: a toolExecutionNotification has no message.text" % where)
                lines.append("notification %s %s" % (note.get("level", "warning"),
                                                     note["message"]["text"]))
        results = run.get("results")
        need(isinstance(results, list), "%s: results must be an array" % where)
        for n, result in enumerate(results):
            rwhere = "%s.results[%d]" % (where, n)
            need(result.get("message", {}).get("text"), "%s: message.text is missing" % rwhere)
            rule_id = result.get("ruleId")
            need(rule_id in ids, "%s: ruleId %r is not among the driver's rules" % (rwhere, rule_id))
            if "ruleIndex" in result:
                need(ids[result["ruleIndex"]] == rule_id,
                     "%s: ruleIndex %r does not point at %r" % (rwhere, result["ruleIndex"], rule_id))
            level = result.get("level", "warning")
            need(level in LEVELS, "%s: level %r" % (rwhere, level))
            locations = result.get("locations")
            need(isinstance(locations, list) and locations, "%s: no locations" % rwhere)
            text = check_location(locations[0], rwhere, base_ids)
            related = result.get("relatedLocations", [])
            for location in related:
                check_location(location, rwhere + ".relatedLocations", base_ids)
                need(location.get("message", {}).get("text"),
                     "%s: a related location has no message" % rwhere)
            count = result.get("occurrenceCount", 1)
            need(isinstance(count, int) and count >= 1, "%s: occurrenceCount %r" % (rwhere, count))
            lines.append("result %s %s %s related=%d x%d" % (rule_id, level, text, len(related),
                                                              count))
    return log, lines


def result_set(log):
    out = set()
    for run in log["runs"]:
        for result in run["results"]:
            loc = result["locations"][0].get("physicalLocation", {})
            out.add((run["tool"]["driver"]["name"], result["ruleId"],
                     loc.get("artifactLocation", {}).get("uri"),
                     loc.get("region", {}).get("startLine"),
                     loc.get("region", {}).get("startColumn"), result["message"]["text"]))
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sarif")
    parser.add_argument("--tool", action="append", default=[])
    parser.add_argument("--results", type=int)
    parser.add_argument("--rule", action="append", default=[])
    parser.add_argument("--same-results-as")
    args = parser.parse_args()
    log, lines = validate(args.sarif, args)
    names = [run["tool"]["driver"]["name"] for run in log["runs"]]
    for tool in args.tool:
        need(tool in names, "no run of tool %r (runs: %s)" % (tool, ", ".join(names)))
    total = sum(len(run["results"]) for run in log["runs"])
    if args.results is not None:
        need(total == args.results, "%d results, expected %d" % (total, args.results))
    for rule_id in args.rule:
        # ID:PAGE: a rule documented by another check's page (an analyzer
        # checker by its clang-tidy check's).
        rule_id, _, page = rule_id.partition(":")
        rules = [rule for run in log["runs"] for rule in run["tool"]["driver"].get("rules", [])
                 if rule["id"] == rule_id]
        need(rules, "no rule %r" % rule_id)
        need(rules[0].get("help", {}).get("markdown", "").startswith("# " + (page or rule_id)),
             "rule %r: help.markdown is not its docs page" % rule_id)
    if args.same_results_as:
        other, _ = validate(args.same_results_as, args)
        mine, theirs = result_set(log), result_set(other)
        need(mine == theirs, "results differ from %s: only here %s, only there %s" % (
            args.same_results_as, sorted(mine - theirs)[:3], sorted(theirs - mine)[:3]))
    for line in sorted(lines):
        print(line)
    print("valid SARIF 2.1.0: %d run(s), %d result(s)" % (len(log["runs"]), total))


if __name__ == "__main__":
    main()
