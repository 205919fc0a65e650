#!/usr/bin/env python3
"""Checks that what the docs and the file headers name is there.

1. Paths. Every repository path named in README.md, in the pages under
   docs/ (docs/*.md and docs/*/*.md) and in the first comment block of each
   file under lib/, include/, tools/, runtime/ and python/ exists. A path is a word that starts with a top-level
   directory of the repository (`lib/Diagnosis/CallContext.h`, `docs/`),
   optionally behind `../`, resolved from the root; a Markdown link target
   without a scheme is resolved from the page, and its #anchor must be a
   heading of the page it names (as GitHub spells anchors). A path without an extension
   may name the stem of files (`lib/Analysis/Environment` for its .h and
   .cpp); `*` is a glob that must match a file. Not checked: words holding a
   placeholder (`<`, `{`, `$`, `%`), the install tree's files
   (`share/gemm-tidy/...`, `lib/lib*.so`), and a finding's location in a
   checked project (`include/x.h:781:7`, a path followed by line and column).
   Each header under lib/ and include/ closes its include guard with a
   comment naming that guard.

2. Symbols. Every C++ symbol of ours named in backticks in those pages
   appears in the code (comments stripped) of lib/, include/,
   runtime/, tools/, python/, bench/ or test/unit/ (benchmarks and unit tests
   are named by their function). A backticked word is taken for a symbol of
   ours when its spelling says so:
     * a qualified name (`gemm::checkCall`, `LtState::apply`),
     * UpperCamelCase with two or more humps and no underscore
       (`CallContext`, `LtMatmulDiagnosis`),
     * a lowerCamelCase call with parentheses (`bindObject()`),
   and it is not spelled like a vendor's name (a cublas/cuda/hip/rocblas/nv
   prefix). Names of others (Clang's, NVIDIA's samples') that the docs
   mention without our code using them are listed, one a line, in
   doc-refs-upstream.txt beside this script.

3. No outside references. No tracked file names the rulebooks beside the
   repository (a `shared/` path) or an absolute path of a build machine
   (under /work or /root), or cites "the rulebook" by a section number (the
   word followed, in its sentence, by "1.2", "§6" or "section 8"): a user
   has neither.
   The rules, with their primary sources, are in docs/rules.md and
   docs/cublaslt.md; cite their sections instead.

Prints one line per problem, FILE:LINE: what is wrong, and exits 1 if any.

Usage: check_doc_refs.py --root DIR
"""
import argparse
import fnmatch
import glob
import os
import re
import subprocess
import sys

HEADER_DIRS = ("lib", "include", "tools", "runtime", "python")
CODE_DIRS = HEADER_DIRS + ("bench", "test/unit")
SOURCE_EXT = (".h", ".hpp", ".cpp", ".c", ".cu", ".py", ".in", ".sh", ".cmake", ".txt")

# The outside paths, spelled so that this file does not match itself.
OUTSIDE = re.compile(r"(?<![\w.%/-])(?:(?:\.\./)*shar[e]d/[\w.-]+|/w[o]rk/|/r[o]ot/)")
UPPER_CAMEL = re.compile(r"^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$")
LOWER_CALL = re.compile(r"^[a-z][a-z0-9]*[A-Z]\w*\(\)$")
QUALIFIED = re.compile(r"^(?:[A-Za-z_]\w*::)+~?[A-Za-z_]\w*(?:\(\))?$")
VENDOR = re.compile(r"^(?:std::|llvm::|clang::(?!tidy::gemm)|cublas|cuda|cu[A-Z]|CU|hip|rocblas|nv|Py|py)")
RULEBOOK_SECTION = re.compile(
    r"\brulebook\b(?:'s)?(?:,?\s+(?:§\s*)?\d|[^.;]{0,40}?(?:§\s*|\bsections?\s+)\d)[\d.]*[a-z]?")
MD_LINK = re.compile(r"\]\(([^)\s]+)\)")
BACKTICKED = re.compile(r"`([^`\n]+)`")


def git(root, *args):
    return subprocess.run(["git", "-C", root] + list(args), check=True,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.decode()


def tracked_files(root):
    """The files git tracks when root is the top of a checkout; otherwise
    (a source tarball, or a tree made up by a test) every file under it."""
    try:
        if os.path.samefile(git(root, "rev-parse", "--show-toplevel").strip(), root):
            return [p for p in git(root, "ls-files", "-z").split("\0") if p]
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in (".git", "build") and not d.startswith("build-")]
        files += [os.path.relpath(os.path.join(dirpath, f), root) for f in filenames]
    return files


def read(root, path):
    try:
        with open(os.path.join(root, path), encoding="utf-8") as f:
            return f.read()
    except (UnicodeDecodeError, OSError):
        return None


def header_block(text):
    """The first comment block of a source file: its leading // or # lines
    (a #! line and a blank line before it skipped), or a leading docstring."""
    lines = text.splitlines()
    i = 0
    while i < len(lines) and (lines[i].startswith("#!") or not lines[i].strip()):
        i += 1
    rest = "\n".join(lines[i:])
    doc = re.match(r'\s*(?:"""|\'\'\')(.*?)(?:"""|\'\'\')', rest, re.S)
    if doc:
        return i, doc.group(1)
    block = []
    for line in lines[i:]:
        stripped = line.strip()
        if stripped.startswith(("//", "#")) and not re.match(r"#\s*(include|if|define|pragma)", stripped):
            block.append(line)
        elif stripped.startswith(("/*", "*")) or stripped.endswith("*/"):
            block.append(line)
        else:
            break
    return i, "\n".join(block)


# Paths of an install tree, not of the repository: the plugin and preload
# libraries, the shared files, the Python module's directories.
INSTALLED = re.compile(r"^(?:share/gemm-tidy/|lib/lib[\w-]+\.so|lib/python3[\w.]*/)")


def path_words(text, top_dirs):
    tops = "|".join(re.escape(d) for d in sorted(top_dirs))
    word = re.compile(r"(?<![\w./@:-])((?:\.\./)*(?:%s)/[\w./*+-]*)(:\d+:\d+)?" % tops)
    for m in word.finditer(text):
        path = m.group(1).rstrip(".,:;")
        if m.group(2) or INSTALLED.match(path):
            continue
        yield m.start(), path


def exists(root, base, path):
    if any(c in path for c in "<{$%"):
        return True
    path = path.split("#")[0]
    for start in (root, base):
        candidate = os.path.normpath(os.path.join(start, path))
        if "*" in path:
            if glob.glob(candidate):
                return True
        elif os.path.exists(candidate) or (
                not os.path.splitext(path)[1] and glob.glob(candidate + ".*")):
            return True
    return False


def check_paths(root, path, text, line0, top_dirs, report):
    base = os.path.join(root, os.path.dirname(path))
    for pos, word in path_words(text, top_dirs):
        if word.startswith("../"):
            ok = exists(root, base, word)
        else:
            ok = exists(root, root, word)
        if not ok:
            report(path, line0 + text.count("\n", 0, pos), "names %s, which does not exist" % word)
    if path.endswith(".md"):
        for m in MD_LINK.finditer(text):
            target = m.group(1)
            if re.match(r"[a-z]+:", target):
                continue
            line = line0 + text.count("\n", 0, m.start())
            page, _, anchor = target.partition("#")
            if page and not exists(root, base, page):
                report(path, line, "links to %s, which does not exist" % target)
            elif anchor and page.endswith((".md", "")) and \
                    anchor not in anchors(os.path.join(base, page) if page else os.path.join(root, path)):
                report(path, line, "links to %s, a heading that page does not have" % target)


def anchors(page):
    """The anchors GitHub gives the headings of a Markdown page."""
    try:
        with open(page, encoding="utf-8") as f:
            text = re.sub(r"^```.*?^```", "", f.read(), flags=re.M | re.S)
    except OSError:
        return set()
    slugs = set()
    for title in re.findall(r"^#+\s+(.*?)\s*$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
        slugs.add(slug)
    return slugs


def strip_comments(text, python):
    if python:
        return re.sub(r"#[^\n]*|\"\"\".*?\"\"\"", " ", text, flags=re.S)
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"(?<![:\"])//[^\n]*", " ", text)


def code_words(root, files):
    words = set()
    for path in files:
        if not path.startswith(tuple(d + "/" for d in CODE_DIRS)) or not path.endswith(SOURCE_EXT):
            continue
        text = read(root, path)
        if text is not None:
            words.update(re.findall(r"[A-Za-z_]\w*", strip_comments(text, path.endswith(".py"))))
    return words


def is_our_symbol(word):
    if VENDOR.match(word):
        return False
    return bool(QUALIFIED.match(word) or UPPER_CAMEL.match(word) or LOWER_CALL.match(word))


def check_symbols(path, text, words, upstream, report):
    for m in BACKTICKED.finditer(text):
        symbol = m.group(1)
        if not is_our_symbol(symbol):
            continue
        names = [n for n in re.findall(r"[A-Za-z_]\w*", symbol)
                 if n not in ("tidy", "gemm", "clang")]
        missing = [n for n in names if n not in words and n not in upstream]
        if missing:
            report(path, 1 + text.count("\n", 0, m.start()),
                   "names `%s`, but %s is in no code under %s" % (
                       symbol, ", ".join(missing), "/, ".join(CODE_DIRS) + "/"))


GUARD_OPEN = re.compile(r"^#ifndef (\w+)\n#define \1$", re.M)
GUARD_CLOSE = re.compile(r"^#endif\s*//\s*(\w+)\s*\Z", re.M)


def check_guard(path, text, report):
    opened, closed = GUARD_OPEN.search(text), GUARD_CLOSE.search(text.rstrip() + "\n")
    if opened and closed and opened.group(1) != closed.group(1):
        report(path, 1 + text.rstrip().count("\n"),
               "closes include guard %s with a comment naming %s" % (
                   opened.group(1), closed.group(1)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    args = parser.parse_args()
    root = args.root
    problems = []

    def report(path, line, what):
        problems.append("%s:%d: %s" % (path, line, what))

    files = tracked_files(root)
    top_dirs = {p.split("/")[0] for p in files if "/" in p}
    pages = sorted(p for p in files if p == "README.md" or fnmatch.fnmatch(p, "docs/*.md"))
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "doc-refs-upstream.txt"), encoding="utf-8") as f:
        upstream = {l.strip() for l in f if l.strip() and not l.startswith("#")}
    words = code_words(root, files)

    for page in pages:
        text = read(root, page)
        check_paths(root, page, text, 1, top_dirs, report)
        check_symbols(page, text, words, upstream, report)
    headers = 0
    for path in files:
        if not path.startswith(tuple(d + "/" for d in HEADER_DIRS)):
            continue
        text = read(root, path)
        if text is None:
            continue
        line0, block = header_block(text)
        headers += 1
        check_paths(root, path, block, line0 + 1, top_dirs, report)
        if path.endswith(".h"):
            check_guard(path, text, report)
    for path in files:
        text = read(root, path)
        if text is None:
            continue
        for m in OUTSIDE.finditer(text):
            report(path, 1 + text.count("\n", 0, m.start()),
                   "names %s, a path outside the repository; cite the docs/ page instead"
                   % m.group(0))
        for m in RULEBOOK_SECTION.finditer(text):
            report(path, 1 + text.count("\n", 0, m.start()),
                   "cites '%s', a section of a rulebook outside the repository; "
                   "cite the section of docs/rules.md or docs/cublaslt.md instead"
                   % " ".join(m.group(0).replace("//", " ").split()).rstrip("."))

    for p in problems:
        print(p)
    print("%d pages, %d file headers, %d files: %d problems" % (
        len(pages), headers, len(files), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
