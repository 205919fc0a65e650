#!/usr/bin/env python3
"""Checks that each `<!-- snippet: PATH -->` in the given Markdown files is
followed by a fenced block holding exactly the file PATH (relative to the
repository root), and that every file under the given directories is shown
somewhere: the configurations the docs give are the ones the tests run.

Usage: check_doc_snippets.py --root DIR [--all-of DIR...] FILE.md...
"""
import argparse
import os
import re
import sys

SNIPPET = re.compile(r"<!-- snippet: (\S+) -->\n```[a-z]*\n(.*?)```\n", re.S)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--all-of", action="append", default=[])
    parser.add_argument("pages", nargs="+")
    args = parser.parse_args()
    shown = set()
    for page in args.pages:
        with open(os.path.join(args.root, page), encoding="utf-8") as f:
            text = f.read()
        markers = text.count("<!-- snippet:")
        snippets = SNIPPET.findall(text)
        if len(snippets) != markers:
            sys.exit("%s: %d snippet markers, %d followed by a fenced block" % (
                page, markers, len(snippets)))
        for path, body in snippets:
            with open(os.path.join(args.root, path), encoding="utf-8") as f:
                if f.read() != body:
                    sys.exit("%s: the snippet of %s differs from the file" % (page, path))
            shown.add(path)
            print("%s shows %s" % (page, path))
    for directory in args.all_of:
        for name in sorted(os.listdir(os.path.join(args.root, directory))):
            path = os.path.join(directory, name)
            if path not in shown:
                sys.exit("%s is shown on no page" % path)


if __name__ == "__main__":
    main()
