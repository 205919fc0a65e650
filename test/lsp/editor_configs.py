#!/usr/bin/env python3
"""Prints, shell-quoted, the language server command an editor configuration
of docs/editors/ starts, with the server program replaced by --clangd (the
one just built), so that lsp_diagnostics.py can run exactly that command:

  vscode  docs/editors/vscode-settings.json: "clangd.path" and
          "clangd.arguments" (and the C/C++ extension's IntelliSense off)
  emacs   docs/editors/gemm-clangd.el: the Eglot server program for the C,
          C++ and CUDA modes

Fails with one line when the configuration does not start gemm-clangd.
"""
import argparse
import json
import os
import re
import shlex
import sys


def fail(message):
    sys.exit("editor_configs.py: " + message)


def vscode(path):
    with open(path, encoding="utf-8") as f:
        settings = json.load(f)
    program = settings.get("clangd.path", "")
    if os.path.basename(program) != "gemm-clangd":
        fail("clangd.path is %r, not gemm-clangd" % program)
    if settings.get("C_Cpp.intelliSenseEngine") != "disabled":
        fail("the C/C++ extension's IntelliSense must be off beside clangd")
    arguments = settings.get("clangd.arguments", [])
    if not all(isinstance(a, str) for a in arguments):
        fail("clangd.arguments must be strings")
    return arguments


def emacs(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"'\(\(([^()]*)\)\s*\.\s*\(([^()]*)\)\)", text)
    if not m or "eglot-server-programs" not in text:
        fail("no (MODES . (PROGRAM ARGS...)) entry for eglot-server-programs")
    modes = m.group(1).split()
    for mode in ("c-mode", "c++-mode", "cuda-mode"):
        if mode not in modes:
            fail("the Eglot entry does not cover %s" % mode)
    words = re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(2))
    if not words or os.path.basename(words[0]) != "gemm-clangd":
        fail("the Eglot server program is %r, not gemm-clangd" % (words[:1],))
    return words[1:]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("editor", choices=["vscode", "emacs"])
    parser.add_argument("config")
    parser.add_argument("--clangd", required=True)
    args = parser.parse_args()
    arguments = globals()[args.editor](args.config)
    print(" ".join(shlex.quote(w) for w in [args.clangd] + arguments))


if __name__ == "__main__":
    main()
