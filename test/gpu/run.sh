#!/usr/bin/env bash
# GPU tests of the runtime guard (opt-in: needs an NVIDIA GPU and the CUDA
# toolkit). Builds test/gpu/guard_gpu.cu with nvcc, runs it at both guard
# depths, and runs the preload library's value checks on the same machine.
# Takes well under a minute; prints 'N passed, M failed' last.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cuda=${CUDA_ROOT:-/usr/local/cuda}
out=${OUT_DIR:-$(mktemp -d)}
nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader || true
"$cuda/bin/nvcc" --version | tail -1
"$cuda/bin/nvcc" -std=c++17 -O2 -I"$root/include" "$root/test/gpu/guard_gpu.cu" \
  -lcublas -o "$out/guard_gpu"
"$cuda/bin/nvcc" -std=c++17 -O2 -I"$root/include" "$root/test/gpu/lt_guard_gpu.cu" \
  -lcublasLt -lcublas -o "$out/lt_guard_gpu"
status=0
"$out/lt_guard_gpu" | tee "$out/lt.txt" || status=1
"$out/guard_gpu" | tee "$out/pointers.txt" || status=1
GEMM_GUARD_DEPTH=values "$out/guard_gpu" | tee "$out/values.txt" || status=1
passed=$(cat "$out/pointers.txt" "$out/values.txt" "$out/lt.txt" | grep -c '^PASS' || true)
failed=$(cat "$out/pointers.txt" "$out/values.txt" "$out/lt.txt" | grep -c '^FAIL' || true)
echo "gpu: $passed passed, $failed failed"
exit $status
