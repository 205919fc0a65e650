#!/usr/bin/env bash
# Benchmark (not a test): the time of all gemm-* checks against the whole
# clang-tidy run, from --enable-check-profile (whose per-callback timers
# inflate it; its CPU time too, which a loaded machine inflates less than
# wall time) and as wall time side by side with a baseline run, on a
# generated file with 2,000 calls (GEMM_BENCH_CALLS=N for another count)
# whose values come through locals, structs and wrappers, and on real files
# given as "FILE -- FLAGS..." arguments. GEMM_BENCH_GEN=hard generates
# instead the forms the analysis mostly gives up on (bench/gen_hard_bench.py:
# member handles, lambdas in loops, helper chains, recursion, templates
# instantiated four ways, a 64-case switch, loops, cuBLASLt helpers).
#
#   [GEMM_BENCH_CALLS=4000] [GEMM_BENCH_GEN=value|hard] bench/check_profile.sh [build-dir] ['file.cu -- -x c++ -I...' ...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shift || true
# (LLVM_DIR's cache type is PATH when CMake found it, UNINITIALIZED when given
# with -D as tools/setup.sh does.)
llvm=$(sed -n 's/^LLVM_DIR:[A-Z]*=//p' "$build/CMakeCache.txt" | sed 's|/lib/cmake/llvm||')
tidy="${llvm:-/usr/lib/llvm-22}/bin/clang-tidy"
cuda=${CUDA_ROOT:-/usr/local/cuda}
tmp=$(mktemp -d)
case ${GEMM_BENCH_GEN:-value} in
  value) gen=gen_value_bench.py ;;
  hard) gen=gen_hard_bench.py ;;
  *) echo "check_profile.sh: GEMM_BENCH_GEN is '$GEMM_BENCH_GEN'; use value or hard" >&2
     exit 2 ;;
esac
python3 "$root/bench/$gen" ${GEMM_BENCH_CALLS:-2000} > "$tmp/generated.cpp"

profile() { # file, flags...: prints "gemm-* wall seconds, gemm-* CPU
            # seconds, clang-tidy's CPU seconds" (CPU time: user + system,
            # which a loaded machine does not inflate as it does wall time)
  local file=$1; shift
  local cpu; cpu=$(python3 -c '
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(r.ru_utime + r.ru_stime)' "$tidy" --load "$build/lib/libGemmTidy.so" --checks='-*,gemm-*' --quiet \
    --enable-check-profile --store-check-profile="$tmp/prof" "$file" -- "$@")
  local json; json=$(ls -t "$tmp"/prof/*.json | head -1)
  python3 - "$json" "$cpu" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))["profile"]
def total(*kinds):
    return sum(v for k, v in p.items() if k.startswith("time.clang-tidy.gemm-")
               and k.rsplit(".", 1)[1] in kinds)
print("%.4f %.4f %s" % (total("wall"), total("user", "sys"), sys.argv[2]))
PY
}

wall() { # command...: seconds
  local t0 t1
  t0=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s.%N)
  python3 -c "print($t1 - $t0)"
}

run() { # file, flags...: the profile's gemm-* time, and clang-tidy's wall time
        # with gemm-* against a baseline with one trivial check, alternated
        # three times in this one run
  local file=$1; shift
  local g gc c; read -r g gc c < <(profile "$file" "$@")
  local with=0 without=0
  for _ in 1 2 3; do
    with=$(python3 -c "print($with + $(wall "$tidy" --load "$build/lib/libGemmTidy.so" --checks='-*,gemm-*' --quiet "$file" -- "$@"))")
    without=$(python3 -c "print($without + $(wall "$tidy" --checks='-*,misc-unused-alias-decls' --quiet "$file" -- "$@"))")
  done
  python3 -c "import sys; w=$with/3; b=$without/3; g=$g; gc=$gc; c=$c; print('%-55s profile: gemm-* %.4f s of %.3f s = %.2f%% (CPU: %.4f s of %.3f s = %.2f%%); wall: %.3f s with, %.3f s without = %+.1f%%' % (sys.argv[1][-55:], g, w, 100*g/w, gc, c, 100*gc/c, w, b, 100*(w-b)/b))" "$file"
}

run "$tmp/generated.cpp" -std=c++17 -I"$cuda/include"
for spec in "$@"; do
  # shellcheck disable=SC2086
  run ${spec%% -- *} ${spec#* -- }
done
rm -rf "$tmp"
