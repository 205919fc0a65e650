#!/usr/bin/env python3
"""Compares the plugin's warnings on a generated program of constant calls
(gen_calls.py) with the guard's JSON log of the same program's run: on every
line, the checks that judge argument values must agree. The checks that need
pointer facts (buffer extents, residency, alignment, scalar types) are left
out: the plugin cannot know a fake device address, the guard cannot know a
host scalar's C++ type.

  compare.py PLUGIN_OUTPUT GUARD_LOG SOURCE_NAME
"""
import collections
import json
import re
import sys

VALUE_CHECKS = {"leading-dimension", "invalid-size", "invalid-enum",
                "type-combination", "precision-loss", "batch-stride"}

plugin_out, guard_log, source = sys.argv[1:4]
static = collections.defaultdict(set)
warning = re.compile(r"^(.*?):(\d+):\d+: warning: .* \[gemm-([a-z0-9-]+)\]$")
for line in open(plugin_out):
    m = warning.match(line.strip())
    if m and m.group(1).endswith(source) and m.group(3) in VALUE_CHECKS:
        static[int(m.group(2))].add(m.group(3))
dynamic = collections.defaultdict(set)
calls = 0
for line in open(guard_log):
    record = json.loads(line)
    calls += 1
    site = record.get("site", "")
    if not site.rsplit(":", 1)[0].endswith(source):
        continue
    at = int(site.rsplit(":", 1)[1])
    for finding in record.get("findings", []):
        if finding["check"] in VALUE_CHECKS:
            dynamic[at].add(finding["check"])
disagree = 0
for at in sorted(set(static) | set(dynamic)):
    if static[at] != dynamic[at]:
        disagree += 1
        print("line %d: plugin %s, guard %s" % (at, sorted(static[at]), sorted(dynamic[at])))
lines = len(set(static) | set(dynamic))
print("%d lines with findings, %d disagree" % (lines, disagree))
sys.exit(1 if disagree or not lines else 0)
