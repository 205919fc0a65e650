#!/usr/bin/env bash
# The conformance sweep on a GPU machine, in one step: build (nvcc, or the
# binary built here and carried along), run, and leave the table in $OUT
# (default: the current directory). Prints the summary; see docs/rules.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cuda=${CUDA_ROOT:-/usr/local/cuda}
out=${OUT:-.}
bin="$root/build/bin/gemm-conformance"
nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader || true
if [ -x "$cuda/bin/nvcc" ]; then
  bin="$out/gemm-conformance"
  "$cuda/bin/nvcc" -std=c++17 -O2 -I"$root/include" -I"$root/tools/gemm-conformance" \
    "$root/tools/gemm-conformance/gemm-conformance.cpp" -lcublas -o "$bin"
fi
"$bin" --self-test
time "$bin" --out "$out/conformance.csv"
