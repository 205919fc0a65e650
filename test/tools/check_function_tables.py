#!/usr/bin/env python3
"""Every layer knows only the functions the rules core's tables list
(include/gemm/rules/lt/functions.h for cuBLASLt, functions.h for the cuBLAS
handle and CUDA memory functions): a cuBLASLt or handle function named in the
clang-tidy checks' model, the runtime guard (its headers, macros and preload
library), the explainer, the Python module or the Static Analyzer plugin but
missing from the tables is reported, with where it is named.

  check_function_tables.py --root REPO

Named means: an identifier cublasLt<Upper>... that is not a type (..._t) in
C++ code outside comments, or such a string in Python. The functions no
layer models, but that the guard calls for its own use, are listed in
OWN_USE.
"""
import argparse
import importlib.util
import os
import re
import sys

# Called by the guard for itself, not entry points any layer models.
OWN_USE = {"cublasLtGetVersion"}

LAYERS = ["lib", "include/gemm/guard", "include/gemm/explain", "include/gemm/lt_guard.h",
          "include/gemm/lt_guard_macros.inc", "runtime", "python", "tools/gemm-explain",
          "tools/gen-guard-sources.py", "tools/gemm-guard"]
NAME = re.compile(r"\b(cublasLt[A-Z]\w*|cublas(?:Create|Destroy|SetPointerMode|GetPointerMode|"
                  r"SetMathMode|GetMathMode)(?:_v2)?)\b")
CPP_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
PY_COMMENT = re.compile(r"#[^\n]*")


def load_generator(root):
    path = os.path.join(root, "tools", "gen-guard-sources.py")
    spec = importlib.util.spec_from_file_location("gen_guard_sources", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def table_names(root, gen):
    names = {row[0] for row in gen.lt_table()}
    for row in gen._rows(gen.FUNCTIONS_H, "GEMM_RULES_FOR_EACH_HANDLE_FUNCTION"):
        names.update(row[:2])
    return names


def files(root):
    for layer in LAYERS:
        path = os.path.join(root, layer)
        if os.path.isfile(path):
            yield path
        for top, _, found in os.walk(path):
            for f in sorted(found):
                if f.endswith((".h", ".cpp", ".inc", ".py")) or "." not in f:
                    yield os.path.join(top, f)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    root = ap.parse_args().root
    gen = load_generator(root)
    known = table_names(root, gen)
    problems, seen = [], 0
    for path in files(root):
        try:
            text = open(path, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        python = path.endswith(".py") or text.startswith("#!/usr/bin/env python")
        text = PY_COMMENT.sub("", text) if python else CPP_COMMENT.sub("", text)
        for m in NAME.finditer(text):
            name = m.group(1)
            if name.endswith("_t") or name in OWN_USE:
                continue
            # A prefix the code completes (the explainer's "cublasLtMatmulDesc"
            # + "Create"), not a function: it must begin some row's name.
            if name not in known and not any(k.startswith(name) and k != name for k in known):
                line = text.count("\n", 0, m.start()) + 1
                problems.append("%s:%d: names %s, which the tables in include/gemm/rules/ do not list"
                                % (os.path.relpath(path, root), line, name))
            seen += 1
    for p in problems:
        print(p)
    print("%d names of %d functions in the tables: %d not listed" % (seen, len(known), len(problems)))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
