"""Upstream's run-clang-tidy, imported rather than copied.

run-gemm-tidy parses its command line with upstream's own parser (taken from
upstream's main() as it builds it), runs each file with upstream's run_tidy()
under upstream's semaphore, and merges, applies and profiles with upstream's
functions. The script is the newest installed: its options are a superset of
older releases', and the clang-tidy command lines it builds are understood by
every supported clang-tidy (-removed-arg, newer than clang-tidy 19, is applied
to the compile database instead; see database.host_side).
"""

import argparse
import asyncio
import contextlib
import glob
import importlib.machinery
import importlib.util
import inspect
import io
import os
import re
import shutil
import types

from . import UsageError

# What run-gemm-tidy calls; a script without them is not a run-clang-tidy.
USED = ("main", "get_tidy_invocation", "run_tidy", "run_with_semaphore",
        "merge_replacement_files", "apply_fixes", "find_binary", "find_compilation_database")


def candidates():
    """run-clang-tidy of every installed LLVM, newest first, then PATH's."""
    installed = glob.glob("/usr/lib/llvm-*/bin/run-clang-tidy")
    installed.sort(key=lambda p: -int(re.search(r"llvm-(\d+)", p).group(1)))
    on_path = [shutil.which(n) for n in ("run-clang-tidy",)]
    return installed + [p for p in on_path if p]


def load():
    """The newest run-clang-tidy that imports and has what we call."""
    for path in candidates():
        path = os.path.realpath(path)
        loader = importlib.machinery.SourceFileLoader("run_clang_tidy", path)
        module = importlib.util.module_from_spec(importlib.util.spec_from_loader(loader.name, loader))
        try:
            loader.exec_module(module)
        except Exception:  # a broken or foreign script: try the next one
            continue
        if all(hasattr(module, name) for name in USED):
            return module
    raise UsageError("no run-clang-tidy is installed; it comes with clang-tidy "
                     "(apt-get install clang-tidy-22)")


class _HandedOver(Exception):
    pass


def parser(module, parser_class):
    """upstream's argument parser, as its main() builds it: main() runs up to
    parse_args(), which hands the parser over instead of parsing. It becomes
    a parser_class, and takes every option with two dashes as well as one,
    as clang-tidy does."""
    class HandOver(argparse.ArgumentParser):
        def parse_args(self, *args, **kwargs):
            raise _HandedOver(self)

    saved = module.argparse
    module.argparse = types.SimpleNamespace(**dict(vars(argparse), ArgumentParser=HandOver))
    try:
        started = module.main()
        if inspect.iscoroutine(started):
            asyncio.run(started)
    except _HandedOver as handed:
        built = handed.args[0]
    else:
        raise UsageError("%s builds no argument parser" % module.__file__)
    finally:
        module.argparse = saved
    built.__class__ = parser_class
    accept_double_dash(built)
    return built


def accept_double_dash(parser):
    """-name is also --name. argparse has no public way to give an existing
    option a second spelling; its option table is stable since Python 3.2."""
    for action in list(parser._actions):
        for spelling in list(action.option_strings):
            if re.fullmatch(r"-[a-z][a-z-]+", spelling) and "-" + spelling not in parser._option_string_actions:
                action.option_strings.append("-" + spelling)
                parser._option_string_actions["-" + spelling] = action


def call(function, *args):
    """An upstream helper that ends the process on failure (SystemExit, with
    its message there or on stdout): a UsageError instead."""
    said = io.StringIO()
    try:
        with contextlib.redirect_stdout(said):
            return function(*args)
    except SystemExit as stop:
        message = stop.code if isinstance(stop.code, str) else said.getvalue().strip()
        raise UsageError(re.sub(r"^error: ", "", message, flags=re.I))


def tidy_command(module, args, binary, build_path, source=None):
    """clang-tidy's command line as upstream builds it from the options (for
    --list-checks when source is None). Its parameters are named after the
    options, except these:"""
    given = dict(f=source, clang_tidy_binary=binary, tmpdir=None, build_path=build_path,
                 config_file_path=args.config_file, store_check_profile=None)
    function = module.get_tidy_invocation
    command = function(**{name: given[name] if name in given else getattr(args, name)
                          for name in inspect.signature(function).parameters})
    return [a for a in command if a]  # run-clang-tidy-19 appends the file even when None


async def _run_files(module, args, files, binary, fixes_dir, build_path, profile_dir, jobs, done):
    semaphore = asyncio.Semaphore(jobs)
    profile = [profile_dir] if "store_check_profile" in inspect.signature(module.run_tidy).parameters else []

    async def one(name):
        try:
            return await module.run_tidy(args, name, binary, fixes_dir, build_path, *profile)
        except (OSError, UnicodeDecodeError) as e:
            return types.SimpleNamespace(filename=name, returncode=None, stdout="",
                                         stderr="error: cannot run %s: %s" % (binary, e))

    tasks = [asyncio.create_task(module.run_with_semaphore(semaphore, one, f)) for f in files]
    for finished in asyncio.as_completed(tasks):
        done(await finished)


def run_files(module, args, files, binary, fixes_dir, build_path, profile_dir, jobs, done):
    """Each file through upstream's run_tidy, at most jobs at once; done(result)
    with each of upstream's ClangTidyResults as it comes."""
    asyncio.run(_run_files(module, args, files, binary, fixes_dir, build_path, profile_dir,
                           jobs, done))
