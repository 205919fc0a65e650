#!/usr/bin/env python3
"""Generates the parts of the runtime guard that C++ cannot derive from the
rules core's tables by itself (include/gemm/rules/api.h: the GEMM family;
functions.h: cuBLAS handle and CUDA memory functions; lt/functions.h:
cuBLASLt):

  macros   include/gemm/guard_macros.inc: one `#define NAME(...)` per cuBLAS
           function of the table, rerouting calls through the guard, and one
           per CUDA runtime allocation function, telling the guard of the
           call after it returns; include/gemm/lt_guard_macros.inc: one per
           cuBLASLt function a program writes (gemm/rules/lt/functions.h),
           rerouting it to the guard's explicit route.
  preload  the interposers of libgemm_guard_preload.so: one extern "C"
           definition per function, with the exact prototype read from the
           cuBLAS and CUDA runtime headers given; with --lt-header, also
           one per cuBLASLt symbol of the rules core's table, with the
           prototype read from cublasLt.h, each calling its handler in
           gemm/lt_guard.h.

  gen-guard-sources.py macros [--check] [-o FILE]
  gen-guard-sources.py preload --header cublas_api.h --runtime-header cuda_runtime_api.h
                               [--lt-header cublasLt.h] -o FILE
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
API_H = os.path.join(ROOT, "include", "gemm", "rules", "api.h")
MACROS = os.path.join(ROOT, "include", "gemm", "guard_macros.inc")
LT_MACROS = os.path.join(ROOT, "include", "gemm", "lt_guard_macros.inc")


def cublas_names():
    text = open(API_H, encoding="utf-8").read()
    block = text[text.index("#define GEMM_RULES_FOR_EACH_CUBLAS_API"):]
    block = block[:block.index("#define GEMM_RULES_FOR_EACH_ROCM_API")]
    names = []
    for base in re.findall(r"GEMM_RULES_API_PAIR\(X, (\w+),", block):
        names += [base, base + "_64"]
    if not names:
        sys.exit("gen-guard-sources.py: no cuBLAS rows found in " + API_H)
    return names


RULES = os.path.join(ROOT, "include", "gemm", "rules")
FUNCTIONS_H = os.path.join(RULES, "functions.h")
LT_FUNCTIONS_H = os.path.join(RULES, "lt", "functions.h")


def _macro_body(path, name):
    """The body of the X-macro NAME in the header at path, continuation
    lines joined."""
    text = open(path, encoding="utf-8").read().replace("\\\n", " ")
    m = re.search(r"^#define %s\(X[^)]*\)(.*)$" % name, text, re.M)
    if not m:
        sys.exit("gen-guard-sources.py: no %s in %s" % (name, path))
    return m.group(1)


def _rows(path, name):
    """The X(...) rows of the X-macro NAME: their arguments, split."""
    return [_split(row) for row in re.findall(r"\bX\(([^()]*(?:\([^()]*\)[^()]*)*)\)",
                                              _macro_body(path, name))]


def _split(arguments):
    """A macro's arguments, split at the commas outside parentheses."""
    out, depth, word = [], 0, ""
    for c in arguments:
        depth += {"(": 1, ")": -1}.get(c, 0)
        if c == "," and depth == 0:
            out.append(word.strip())
            word = ""
        else:
            word += c
    return out + [word.strip()]


# The functions that create, configure and destroy handles: the guard tracks
# each handle's pointer mode through them instead of asking the handle.
HANDLE_FUNCTIONS = [r[0] for r in _rows(FUNCTIONS_H, "GEMM_RULES_FOR_EACH_HANDLE_FUNCTION")
                    if r[2] in ("Create", "Destroy") or (r[2], r[4]) == ("Set", "Pointer")]

# The CUDA runtime functions that allocate, free or register memory: each
# moves the guard's memory epoch, so that verdicts cached with pointer facts
# hold only while the memory they describe does (the driver's cuMem*
# functions are not interposed).
MEMORY_FUNCTIONS = [r[0] for r in _rows(FUNCTIONS_H, "GEMM_RULES_FOR_EACH_MEMORY_FUNCTION")
                    if r[0].startswith("cuda") and r[0] != "cudaGetSymbolAddress"]


def lt_table():
    """The cuBLASLt table of gemm/rules/lt/functions.h: (name, object, effect,
    route) per row; object None for the handle's."""
    rows = [(r[0], None, r[1], "Both")
            for r in _rows(LT_FUNCTIONS_H, "GEMM_RULES_FOR_EACH_LT_HANDLE_FUNCTION")]
    per_object = _rows(LT_FUNCTIONS_H, "GEMM_RULES_LT_OBJECT_FUNCTIONS")
    body = _macro_body(LT_FUNCTIONS_H, "GEMM_RULES_FOR_EACH_LT_FUNCTION")
    for prefix, obj in re.findall(r"GEMM_RULES_LT_OBJECT_FUNCTIONS\(X, (\w+), (\w+)\)", body):
        rows += [(prefix + r[0].replace("PREFIX##", ""), obj, r[2], r[5]) for r in per_object]
    rows += [(r[0], r[1], r[2], r[5]) for r in _rows(LT_FUNCTIONS_H, "GEMM_RULES_FOR_EACH_LT_FUNCTION")]
    if len(rows) < 10:
        sys.exit("gen-guard-sources.py: too few rows in " + LT_FUNCTIONS_H)
    return rows


# How the guard handles each kind of row (gemm/guard/lt_entry.h,
# lt_verdict_cache.h; namespace gemm::guard::lt::detail):
# handler(Site, [name the messages use,] Real, arguments...).
_KIND = "gemm::rules::lt::Object::"
# Objects created with arguments have a handler of their own.
_CREATED_WITH_ARGUMENTS = {"MatmulDesc": "matmulDesc", "MatrixLayout": "matrixLayout",
                           "TransformDesc": "transformDesc"}
# Init handlers that name the inline *Init the program called.
_SAYS_INIT = ("MatmulDesc", "MatrixLayout")
# The calls that read objects.
_USE_HANDLERS = {"cublasLtMatmul": "matmul",
                 "cublasLtMatmulAlgoGetHeuristic": "algoGetHeuristic",
                 "cublasLtMatmulAlgoCheck": "algoCheck",
                 "cublasLtMatrixTransform": "matrixTransform",
                 "cublasLtMatmulAlgoGetIds": "algoGetIds",
                 "cublasLtMatmulAlgoInit": "algoInit"}


def lt_handler(name, obj, effect):
    """(handler, the name the messages use or None) for one row."""
    if obj is None:
        return {"Create": "create", "Destroy": "destroyHandle"}[effect], None
    if effect == "Use":
        if name not in _USE_HANDLERS:
            sys.exit("gen-guard-sources.py: the guard has no handler for %s" % name)
        return _USE_HANDLERS[name], None
    if effect in ("Create", "Init"):
        said = name[:-len("_internal")] if effect == "Init" and obj in _SAYS_INIT else None
        if obj in _CREATED_WITH_ARGUMENTS:
            return _CREATED_WITH_ARGUMENTS[obj] + effect, said
        return "plain%s<%s%s>" % (effect, _KIND, obj), said
    return {"Destroy": "destroyObject", "Set": "setAttribute<%s%s>" % (_KIND, obj),
            "Get": "getAttribute<%s%s>" % (_KIND, obj)}[effect], None


def _lt_functions():
    """The cuBLASLt entry points the preload library defines: the exported
    symbols of the table, each with its handler."""
    out = []
    for name, obj, effect, route in lt_table():
        if route == "Inline":
            continue
        handler, said = lt_handler(name, obj, effect)
        out.append((name, handler) + ((said,) if said else ()))
    return out


LT_FUNCTIONS = _lt_functions()


def lt_macros_text():
    """gemm/lt_guard_macros.inc: the names a program writes, rerouted to the
    guard's explicit route."""
    lines = ["// Generated by tools/gen-guard-sources.py from the cuBLASLt table in",
             "// gemm/rules/lt/functions.h; do not edit. Included by gemm/lt_guard.h.",
             "// clang-format off"]
    for name, _, _, route in lt_table():
        if route != "Symbol":
            lines.append("#define %s(...) ::gemm::guard::lt::%s(__VA_ARGS__)" % (name, name))
    lines.append("// clang-format on")
    return "\n".join(lines) + "\n"


def macros_text():
    # Each macro expands to a global name, so that a qualified call
    # (::cublasSgemm(...)) still compiles.
    lines = ["// Generated by tools/gen-guard-sources.py from the API table in",
             "// gemm/rules/api.h; do not edit. Included by gemm/guard.h.",
             "// clang-format off"]
    for name in cublas_names():
        lines.append("#define %s(...) gemm_guard_%s(::gemm::guard::CallSite{"
                     "__FILE__, __LINE__}, __VA_ARGS__)" % (name, name))
    for name in HANDLE_FUNCTIONS:
        lines.append("#define %s(...) gemm_guard_%s(__VA_ARGS__)" % (name, name))
    # The call itself is left as written (the runtime's overloads, default
    # arguments and a literal 0 stream still apply); the guard hears of it
    # once it returns.
    for name in MEMORY_FUNCTIONS:
        lines.append("#define %s(...) gemm_guard_memory_call(%s(__VA_ARGS__))" % (name, name))
    lines.append("// clang-format on")
    return "\n".join(lines) + "\n"


def prototypes(header, result, convention):
    """NAME -> its parameter list, for each function of the header that
    returns result with the calling convention macro; C++ default arguments
    dropped (a definition must not repeat them)."""
    text = open(header, encoding="utf-8", errors="replace").read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    found = {}
    for m in re.finditer(r"%s\s+%s\s+(\w+)\s*\(([^;{]*?)\)\s*;" % (result, convention), text):
        params = [re.sub(r"\s*=.*$", "", p.strip()) for p in m.group(2).split(",")]
        found.setdefault(m.group(1), " ".join(", ".join(params).split()))
    return found


def argument_names(params):
    names = []
    for p in params.split(","):
        m = re.search(r"(\w+)\s*(\[\s*\])?\s*$", p.strip())
        names.append(m.group(1))
    return ", ".join(names)


def preload_text(header, runtime_header, lt_header=None):
    cublas = prototypes(header, "cublasStatus_t", "CUBLASWINAPI")
    runtime = prototypes(runtime_header, "cudaError_t", "CUDARTAPI")
    sources = [header, runtime_header] + ([lt_header] if lt_header else [])
    lines = ["// Generated by tools/gen-guard-sources.py from %s; do not edit."
             % ", ".join(os.path.basename(h) for h in sources)]
    missing = []
    for macro, protos, names in (("GEMM_PRELOAD", cublas, cublas_names()),
                                 ("GEMM_PRELOAD_HANDLE", cublas, HANDLE_FUNCTIONS),
                                 ("GEMM_PRELOAD_MEMORY", runtime, MEMORY_FUNCTIONS)):
        for name in names:
            params = protos.get(name)
            if params is None:
                missing.append(name)
                continue
            lines.append("%s(%s, (%s), (%s))" % (macro, name, params, argument_names(params)))
    if lt_header:
        lt = prototypes(lt_header, "cublasStatus_t", "CUBLASWINAPI")
        for row in LT_FUNCTIONS:
            name, handler = row[0], row[1]
            params = lt.get(name)
            if params is None:
                missing.append(name)
                continue
            args = argument_names(params)
            said = '"%s", ' % row[2] if len(row) > 2 else ""
            lines.append("GEMM_LT_PRELOAD(%s, (%s), (%s), %s(Site, %sReal, %s))"
                         % (name, params, args, handler, said, args))
    if missing:
        sys.exit("gen-guard-sources.py: %s declare none of: %s"
                 % (", ".join(sources), ", ".join(missing)))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["macros", "preload"])
    ap.add_argument("--header")
    ap.add_argument("--runtime-header")
    ap.add_argument("--lt-header")
    ap.add_argument("-o", "--output")
    ap.add_argument("--check", action="store_true",
                    help="fail when the committed macros file is out of date")
    a = ap.parse_args()
    if a.what == "macros":
        # Both macro files; -o names another place for the cuBLAS one.
        files = [(a.output or MACROS, macros_text()), (LT_MACROS, lt_macros_text())]
        if a.check:
            stale = [out for out, text in files
                     if not os.path.exists(out) or open(out, encoding="utf-8").read() != text]
            if stale:
                sys.exit("%s out of date with the tables in gemm/rules/; run "
                         "tools/gen-guard-sources.py macros" % " and ".join(stale))
            return
        for out, text in files:
            with open(out, "w", encoding="utf-8") as f:
                f.write(text)
        return
    else:
        if not a.header or not a.runtime_header or not a.output:
            ap.error("preload needs --header, --runtime-header and -o")
        text = preload_text(a.header, a.runtime_header, a.lt_header)
        out = a.output
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
