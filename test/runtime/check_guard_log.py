#!/usr/bin/env python3
"""Checks a runtime guard log (GEMM_GUARD_LOG): every line is one JSON
object with the call's function, site, every argument and the findings."""
import argparse
import json
import sys

ap = argparse.ArgumentParser()
ap.add_argument("log")
ap.add_argument("--records", type=int, required=True)
ap.add_argument("--function")
ap.add_argument("--args", type=int, help="arguments every record must hold")
ap.add_argument("--site", help="substring of the call site")
ap.add_argument("--rules", help="comma-separated rule ids of each record")
ap.add_argument("--outcomes", help="comma-separated outcome of each record")
ap.add_argument("--site-pattern", help="regular expression the site matches")
ap.add_argument("--threads", type=int, default=0,
                help="accept records from this many writers (only count)")
a = ap.parse_args()

import re

lines = open(a.log, encoding="utf-8").read().splitlines()
if a.outcomes:
    outcomes = [json.loads(line).get("outcome") for line in lines]
    if outcomes != a.outcomes.split(","):
        sys.exit("outcomes %r, expected %s" % (outcomes, a.outcomes))
if len(lines) != a.records:
    sys.exit("expected %d records, got %d" % (a.records, len(lines)))
for n, line in enumerate(lines, 1):
    try:
        r = json.loads(line)
    except json.JSONDecodeError as e:
        sys.exit("line %d is not JSON (%s): %s" % (n, e, line[:200]))
    for key in ("guard", "version", "function", "site", "pid", "outcome",
                "args", "pointer_mode", "findings"):
        if key not in r:
            sys.exit("line %d lacks %r" % (n, key))
    if a.function and r["function"] != a.function:
        sys.exit("line %d: function %r" % (n, r["function"]))
    if a.args is not None and len(r["args"]) != a.args:
        sys.exit("line %d: %d args, expected %d" % (n, len(r["args"]), a.args))
    for arg in r["args"]:
        if not isinstance(arg.get("name"), str) or "value" not in arg:
            sys.exit("line %d: malformed argument %r" % (n, arg))
    if a.site and a.site not in r["site"]:
        sys.exit("line %d: site %r" % (n, r["site"]))
    if a.site_pattern and not re.search(a.site_pattern, r["site"]):
        sys.exit("line %d: site %r does not match %r" % (n, r["site"], a.site_pattern))
    if a.rules:
        rules = [f["rule"] for f in r["findings"]]
        if rules != a.rules.split(","):
            sys.exit("line %d: rules %r" % (n, rules))
    for f in r["findings"]:
        for key in ("check", "rule", "param", "value", "bound", "message"):
            if key not in f:
                sys.exit("line %d: finding lacks %r" % (n, key))
print("%d records OK" % len(lines))
