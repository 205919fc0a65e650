#!/usr/bin/env python3
"""Exercises the CI configurations of docs/ci/ on a workspace whose
compile database is build/compile_commands.json:

  github   docs/ci/github-actions.yml: the shard job's matrix, its
           run-gemm-tidy step run once per shard (the expressions
           ${{ matrix.shard }} and ${{ strategy.job-total }} replaced), the
           artifacts uploaded always, the report job's merge of what the
           artifacts download into sarif/, and the SARIF upload of the merge.
  gitlab   docs/ci/gitlab-ci.yml: the parallel job's script run with
           CI_NODE_INDEX and CI_NODE_TOTAL, then the report job's merge.
  github-deep, gitlab-deep
           the path-sensitive job of each (docs/deep.md): its run-gemm-tidy
           --path-sensitive line run, the clang it loads the plugin into
           installed, and the SARIF file it writes kept (uploaded always,
           or an artifact kept always).
  precommit docs/ci/pre-commit-config.yaml: the hook's entry run on the files
           its `files` pattern selects, as pre-commit calls it.

Structural expectations fail with one line; every command run is printed
with its exit status, for FileCheck. Steps that install software or
configure the project are checked for presence, not run: the test prepares
the workspace itself.

Usage: ci_configs.py github|gitlab|github-deep|gitlab-deep|precommit --docs DIR --workspace DIR FILE...
"""
import argparse
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys

import yaml


def fail(message):
    sys.exit("ci_configs.py: " + message)


def need(condition, message):
    if not condition:
        fail(message)


def run(command, cwd, env=None):
    print("$ " + command)
    sys.stdout.flush()
    proc = subprocess.run(["bash", "-eo", "pipefail", "-c", command], cwd=cwd,
                          env=dict(os.environ, **(env or {})), stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT)
    sys.stdout.write(proc.stdout.decode("utf-8", "replace"))
    print("exit status %d" % proc.returncode)
    return proc.returncode


def flatten(items):
    """GitLab's nested script lists (anchors in a list), flattened."""
    return [x for item in items for x in (flatten(item) if isinstance(item, list) else [item])]


def need_cuda(script, variables):
    """A stock runner has no CUDA: the job installs nvcc and the cuBLAS
    headers, configures CMake with that nvcc, and tells run-gemm-tidy where
    the toolkit is (CUDA_PATH)."""
    for package in ("cuda-nvcc-", "libcublas-dev-", "cuda-cudart-dev-"):
        need(package in script, "the job does not install %s* (nvcc and the cuBLAS headers)" % package)
    need("-DCMAKE_CUDA_COMPILER=$CUDA_PATH/bin/nvcc" in script,
         "the project is configured without the installed nvcc")
    need(str(variables.get("CUDA_PATH", "")).startswith("/usr/local/cuda"),
         "CUDA_PATH does not name the installed toolkit")


def github(args):
    with open(os.path.join(args.docs, "github-actions.yml"), encoding="utf-8") as f:
        workflow = yaml.safe_load(f)
    triggers = workflow.get("on", workflow.get(True))
    need("pull_request" in triggers, "the workflow does not run on pull requests")
    jobs = workflow["jobs"]
    check, report = jobs.get("check"), jobs.get("report")
    need(check and report, "jobs 'check' and 'report' are expected")
    shards = check["strategy"]["matrix"]["shard"]
    need(shards == list(range(1, len(shards) + 1)), "matrix.shard is not 1..N: %r" % shards)
    need(check["strategy"].get("fail-fast") is False,
         "fail-fast must be off, or one shard's findings cancel the others")
    steps = check["steps"]
    need_cuda(" ".join(s.get("run", "") for s in steps), workflow.get("env", {}))
    tidy = [s for s in steps if "run-gemm-tidy" in s.get("run", "")]
    need(len(tidy) == 1, "one step of the check job runs run-gemm-tidy")
    upload = [s for s in steps if s.get("uses", "").startswith("actions/upload-artifact@")]
    need(upload and upload[0].get("if") == "always()",
         "the shard's SARIF must be uploaded even when the shard has findings (if: always())")
    need(report.get("needs") == "check" and report.get("if") == "always()",
         "the report job needs the check job and runs always")
    need(report.get("permissions", {}).get("security-events") == "write",
         "uploading SARIF needs permissions: security-events: write")
    download = [s for s in report["steps"] if s.get("uses", "").startswith("actions/download-artifact@")]
    need(download and download[0]["with"].get("merge-multiple") is True,
         "the report job downloads every shard's artifact into one directory")
    sarif_dir = download[0]["with"]["path"]
    merge = [s for s in report["steps"] if "run-gemm-tidy" in s.get("run", "")]
    need(len(merge) == 1, "one step of the report job merges the shards")
    sarif_upload = [s for s in report["steps"]
                    if s.get("uses", "").startswith("github/codeql-action/upload-sarif@")]
    need(sarif_upload, "the report job uploads SARIF with github/codeql-action/upload-sarif")
    merged = sarif_upload[0]["with"]["sarif_file"]

    for shard in shards:
        command = tidy[0]["run"].replace("${{ matrix.shard }}", str(shard)).replace(
            "${{ strategy.job-total }}", str(len(shards)))
        need("${{" not in command, "unknown expression in %r" % command)
        run(command, args.workspace)
        produced = upload[0]["with"]["path"].replace("${{ matrix.shard }}", str(shard))
        need(os.path.isfile(os.path.join(args.workspace, produced)),
             "shard %d did not write %s, which the artifact uploads" % (shard, produced))
        # What actions/download-artifact with merge-multiple puts together.
        os.makedirs(os.path.join(args.workspace, sarif_dir), exist_ok=True)
        shutil.copy(os.path.join(args.workspace, produced), os.path.join(args.workspace, sarif_dir))
    # Only the merge itself: the lines that install the tool are the CI
    # machine's business.
    lines = [l for l in merge[0]["run"].splitlines() if "run-gemm-tidy" in l]
    command = "run-gemm-tidy" + lines[0].split("run-gemm-tidy", 1)[1]
    status = run(command, args.workspace)
    need(os.path.isfile(os.path.join(args.workspace, merged)),
         "the merge did not write %s, which upload-sarif uploads" % merged)
    print("github: %d shards, merged into %s" % (len(shards), merged))
    return status


def gitlab(args):
    with open(os.path.join(args.docs, "gitlab-ci.yml"), encoding="utf-8") as f:
        pipeline = yaml.safe_load(f)
    job, report = pipeline.get("gemm-tidy"), pipeline.get("gemm-tidy-report")
    need(job and report, "jobs 'gemm-tidy' and 'gemm-tidy-report' are expected")
    total = job.get("parallel")
    need(isinstance(total, int) and total > 1, "the gemm-tidy job is parallel")
    need(job["artifacts"].get("when") == "always", "artifacts must be kept when a shard fails")
    need(report.get("when") == "always" and "gemm-tidy" in report.get("needs", []),
         "the report job needs the shards and runs always")
    need_cuda(" ".join(flatten(job["before_script"]) + job["script"]), pipeline.get("variables", {}))
    tidy = [l for l in job["script"] if "run-gemm-tidy" in l]
    merge = [l for l in report["script"] if "run-gemm-tidy" in l]
    need(len(tidy) == 1 and len(merge) == 1, "one run-gemm-tidy line in each job's script")
    for index in range(1, total + 1):
        run(tidy[0], args.workspace, {"CI_NODE_INDEX": str(index), "CI_NODE_TOTAL": str(total)})
        for pattern in job["artifacts"]["paths"]:
            need(glob.glob(os.path.join(args.workspace, pattern)),
                 "shard %d left no %s for the artifacts" % (index, pattern))
    status = run(merge[0], args.workspace)
    print("gitlab: %d shards merged" % total)
    return status


def run_deep(command, script, workspace, sarif):
    """The deep job's run-gemm-tidy line, run; the SARIF file it must write."""
    need("clang-22" in script, "the deep job does not install clang-22, which loads the analyzer plugin")
    need("--path-sensitive" in command, "the deep job's run-gemm-tidy does not pass --path-sensitive")
    status = run(command, workspace)
    need(os.path.isfile(os.path.join(workspace, sarif)), "the deep job did not write %s" % sarif)
    return status


def github_deep(args):
    with open(os.path.join(args.docs, "github-actions.yml"), encoding="utf-8") as f:
        workflow = yaml.safe_load(f)
    deep = workflow["jobs"].get("deep")
    need(deep, "a job 'deep' is expected")
    steps = deep["steps"]
    script = " ".join(s.get("run", "") for s in steps)
    need_cuda(script, workflow.get("env", {}))
    tidy = [s for s in steps if "run-gemm-tidy" in s.get("run", "")]
    need(len(tidy) == 1, "one step of the deep job runs run-gemm-tidy")
    upload = [s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@")]
    need(upload and upload[0].get("if") == "always()",
         "the deep job uploads its SARIF even when it has findings (if: always())")
    need(deep.get("permissions", {}).get("security-events") == "write",
         "uploading SARIF needs permissions: security-events: write")
    return run_deep(tidy[0]["run"], script, args.workspace, upload[0]["with"]["sarif_file"])


def gitlab_deep(args):
    with open(os.path.join(args.docs, "gitlab-ci.yml"), encoding="utf-8") as f:
        pipeline = yaml.safe_load(f)
    deep = pipeline.get("gemm-tidy-deep")
    need(deep, "a job 'gemm-tidy-deep' is expected")
    script = " ".join(flatten(deep["before_script"]) + deep["script"])
    need_cuda(script, pipeline.get("variables", {}))
    need(deep["artifacts"].get("when") == "always", "the deep job's artifacts must be kept when it fails")
    tidy = [l for l in deep["script"] if "run-gemm-tidy" in l]
    need(len(tidy) == 1, "one run-gemm-tidy line in the deep job's script")
    return run_deep(tidy[0], script, args.workspace, deep["artifacts"]["paths"][0])


def precommit(args):
    with open(os.path.join(args.docs, "pre-commit-config.yaml"), encoding="utf-8") as f:
        config = yaml.safe_load(f)
    hooks = [h for repo in config["repos"] for h in repo["hooks"] if h.get("id") == "gemm-tidy"]
    need(len(hooks) == 1, "one hook with id gemm-tidy")
    hook = hooks[0]
    need(hook.get("language") == "system", "the hook runs the installed tools (language: system)")
    files = [f for f in args.files if re.search(hook["files"], f)]
    command = hook["entry"] + " " + " ".join(shlex.quote(f) for f in files)
    status = run(command, args.workspace)
    print("precommit: %d of %d files selected" % (len(files), len(args.files)))
    return status


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("system", choices=["github", "gitlab", "github-deep", "gitlab-deep", "precommit"])
    parser.add_argument("--docs", required=True)
    parser.add_argument("--workspace", required=True)
    parser.add_argument("files", nargs="*")
    args = parser.parse_intermixed_args()
    globals()[args.system.replace("-", "_")](args)


if __name__ == "__main__":
    main()
