#!/usr/bin/env python3
"""Runs each shell block (```sh) of README.md, in order, in one scratch
directory, so that the README's commands cannot drift from the tools.

A block runs with bash -e -o pipefail and must exit 0, unless the comment
just above it says otherwise:

  <!-- readme-test: exit N (why) -->     the block must exit N
  <!-- readme-test: skip: why -->        not run: only for the set-up
                                         commands, which build the tree and
                                         run this suite themselves

Usage: check_readme.py --root SRC --workspace DIR [--env NAME=VALUE...]
"""
import argparse
import os
import re
import subprocess
import sys

BLOCK = re.compile(r"(?:<!-- readme-test: (?P<marker>[^>]*?) -->\n\s*)?^(?P<indent>[ ]*)```sh\n(?P<body>.*?)^(?P=indent)```",
                   re.M | re.S)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--workspace", required=True)
    parser.add_argument("--env", action="append", default=[])
    args = parser.parse_args()
    with open(os.path.join(args.root, "README.md"), encoding="utf-8") as f:
        text = f.read()
    env = dict(os.environ)
    env.update(e.split("=", 1) for e in args.env)
    os.makedirs(args.workspace, exist_ok=True)
    failures = 0
    blocks = list(BLOCK.finditer(text))
    for n, m in enumerate(blocks, 1):
        line = text.count("\n", 0, m.start("body"))
        indent = m.group("indent")
        body = "".join(l[len(indent):] if l.startswith(indent) else l
                       for l in m.group("body").splitlines(True))
        marker = m.group("marker") or ""
        if marker.startswith("skip:"):
            if not re.search(r"tools/setup\.sh|ctest", body):
                print("README.md:%d: only the set-up commands may be skipped" % line)
                failures += 1
            print("README.md:%d: skipped (%s): %s" % (line, marker[5:].strip(), body.strip()))
            continue
        expected = int(re.match(r"exit (\d+)", marker).group(1)) if marker.startswith("exit") else 0
        proc = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", body], cwd=args.workspace,
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        ok = proc.returncode == expected
        print("README.md:%d: %s, exit status %d%s" % (
            line, "ran" if ok else "FAILED", proc.returncode,
            "" if ok else " (expected %d)" % expected))
        if not ok:
            print(proc.stdout)
            failures += 1
    with open(os.path.join(args.root, ".ci", "run"), encoding="utf-8") as f:
        if "tools/setup.sh test" not in f.read():
            print(".ci/run does not run 'tools/setup.sh test', the README's test command")
            failures += 1
    print("%d shell blocks, %d failed" % (len(blocks), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
