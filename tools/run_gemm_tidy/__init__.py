"""What run-gemm-tidy adds to upstream's run-clang-tidy, one concern a module:

  upstream   upstream's run-clang-tidy, imported: its parser, per-file run,
             fix merging and application, check profile
  database   the compile database as clang-tidy gets it (nvcc commands
             rewritten for clang, .cu files as CUDA host code) and the files
             a run selects
  results    clang-tidy's output as findings and parse failures, the summary
  sarif      SARIF 2.1.0: the checks' run, the runtime guard's log, merging
"""

import os

PROG = "run-gemm-tidy"
VERSION = "0.1.0"


def shipped(*candidates):
    """The first of these paths, relative to the source tree (this package
    in tools/) or to the install prefix (in share/gemm-tidy/), that exists."""
    here = os.path.dirname(os.path.realpath(__file__))
    for candidate in candidates:
        for base in (os.path.dirname(os.path.dirname(here)), os.path.dirname(os.path.dirname(os.path.dirname(here)))):
            if os.path.exists(os.path.join(base, candidate)):
                return os.path.join(base, candidate)
    return None


class UsageError(Exception):
    """Bad input: one line on stderr and exit status 2."""
