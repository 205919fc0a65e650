#!/usr/bin/env bash
# The static-vs-runtime agreement test: N generated calls with constant
# arguments (gen_calls.py, seed SEED), judged by the plugin on the source and
# by the runtime guard (built with agreement_inspectors.h) on a run; the
# findings of the checks on argument values must be the same on every line.
#
#   test/agreement/run.sh N SEED WORKDIR CXX CLANG_TIDY PLUGIN CUDA_ROOT
#
# The suite runs 300 calls (agreement.test); for thousands, e.g.:
#   test/agreement/run.sh 5000 7 /tmp/agree g++ /usr/lib/llvm-22/bin/clang-tidy \
#     build/lib/libGemmTidy.so /usr/local/cuda
set -euo pipefail
n=$1 seed=$2 work=$3 cxx=$4 tidy=$5 plugin=$6 cuda=$7
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mkdir -p "$work"
python3 "$here/gen_calls.py" "$n" "$seed" > "$work/calls.cpp"
"$cxx" -std=c++17 -O0 -I"$root/include" -I"$cuda/include" -I"$here" \
  -include gemm/guard.h "$work/calls.cpp" -L"$cuda/lib64" \
  -Wl,-rpath,"$cuda/lib64" -lcublas -lcudart -o "$work/calls"
rm -f "$work/guard.log"
GEMM_GUARD=error GEMM_GUARD_LOG="$work/guard.log" "$work/calls" >/dev/null 2>&1
"$tidy" --load="$plugin" --checks='-*,gemm-*' --quiet "$work/calls.cpp" -- \
  -std=c++17 -I"$cuda/include" -I"$here" > "$work/plugin.txt" 2>&1 || true
python3 "$here/compare.py" "$work/plugin.txt" "$work/guard.log" calls.cpp
