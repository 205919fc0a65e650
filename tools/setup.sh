#!/usr/bin/env bash
# gemm-tidy set-up on a fresh Debian machine: installs what is missing,
# builds, and then either runs the checks on examples/ or runs every test.
#
#   tools/setup.sh example    build for the newest LLVM, run gemm-* on examples/
#   tools/setup.sh test       build for LLVM 19 and 22, run the whole suite
#   tools/setup.sh packages   print the Debian packages it installs, one a line
#                             (test/tools/setup-packages.test checks them
#                             against what the tests need)
#
# Environment: LLVM_VERSIONS (default "19 22"), JOBS (default: all cores),
# CUDA_ROOT (default /usr/local/cuda).
set -euo pipefail

usage() {
  echo "usage: tools/setup.sh example|test|packages   (see README.md)" >&2
  exit 2
}
[ $# -eq 1 ] || usage
mode=$1
case "$mode" in example|test|packages) ;; *) echo "tools/setup.sh: unknown mode '$mode'" >&2; usage ;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
versions=${LLVM_VERSIONS:-"19 22"}
jobs=${JOBS:-$(nproc)}
cuda=${CUDA_ROOT:-/usr/local/cuda}

packages="cmake ninja-build python3 libgtest-dev libbenchmark-dev"
# gemm-clangd links clangd's remote-index client; the editor test runs Neovim;
# the .deb's dependencies come from dpkg-shlibdeps; the CI test reads YAML;
# the CodeChecker test installs it in a virtual environment.
packages="$packages libabsl-dev libgrpc++-dev libprotobuf-dev neovim dpkg-dev python3-yaml"
# The runtime guard's tests build a CPython extension module.
packages="$packages python3-venv python3-dev"
# The --cuda-stubs test hides the toolkit in a private mount namespace.
packages="$packages util-linux mount"
# gemm_rules, the rules core for Python, and the pytest of its example.
packages="$packages pybind11-dev python3-pytest"
# Per LLVM: the compiler, clang-tidy and its headers, FileCheck and lit, and
# compiler-rt (ThreadSanitizer, the fuzz targets, the sanitized unit tests).
for v in $versions; do
  packages="$packages clang-$v clang-tidy-$v libclang-$v-dev llvm-$v-dev llvm-$v-tools libclang-rt-$v-dev"
done
if [ "$mode" = packages ]; then
  for p in $packages; do echo "$p"; done
  exit 0
fi
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "== installing:$missing"
  if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
if [ ! -f "$cuda/include/cublas_v2.h" ]; then
  echo "== note: no CUDA toolkit at $cuda; checks run against the stand-in header in test/Inputs/standin"
fi

newest=$(for v in $versions; do echo "$v"; done | sort -n | tail -1)

# build/ is the newest LLVM (the default the README documents); build-N the others.
build_dir() { if [ "$1" = "$newest" ]; then echo build; else echo "build-$1"; fi; }

configure_and_build() {
  local v=$1 dir
  dir=$(build_dir "$v")
  echo "== building gemm-tidy for LLVM $v in $dir/"
  cmake -S . -B "$dir" -G Ninja -DLLVM_DIR="/usr/lib/llvm-$v/lib/cmake/llvm" \
    -DGEMM_CUDA_ROOT="$cuda" >"$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
  ninja -C "$dir" -j "$jobs" >"$dir.build.log" 2>&1 || { tail -50 "$dir.build.log"; exit 1; }
}

if [ "$mode" = example ]; then
  configure_and_build "$newest"
  flags="-I$cuda/include"
  [ -f "$cuda/include/cublas_v2.h" ] || flags="-I$root/test/Inputs/standin"
  echo "== compile database for examples/ in build/examples"
  cmake -S examples -B build/examples -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    -DCMAKE_CXX_COMPILER="/usr/lib/llvm-$newest/bin/clang++" -DGEMM_CUDA_INCLUDE="${flags#-I}" \
    >build/examples.configure.log 2>&1 || { cat build/examples.configure.log; exit 1; }
  echo "== clang-tidy-$newest --load build/lib/libGemmTidy.so --checks='-*,gemm-*' -p build/examples examples/*.cpp"
  status=0
  "/usr/lib/llvm-$newest/bin/clang-tidy" --load build/lib/libGemmTidy.so --checks='-*,gemm-*' \
    -p build/examples examples/*.cpp || status=$?
  # clang-tidy exits 0 with warnings; the examples are meant to have some.
  exit $status
fi

for v in $versions; do configure_and_build "$v"; done
status=0 passed=0 failed=0 skipped=0
for v in $versions; do
  dir=$(build_dir "$v")
  echo "== tests for LLVM $v ($dir/)"
  log="$dir.ctest.log"
  (cd "$dir" && ctest --output-on-failure -j "$jobs") 2>&1 | tee "$log" || true
  p=$(grep -c "Test *#[0-9]*: .* Passed" "$log" || true)
  # A test that cannot run here (CodeChecker without PyPI) says why and skips.
  s=$(grep -c "Test *#[0-9]*: .*Skipped" "$log" || true)
  t=$(grep -c "Test *#[0-9]*: " "$log" || true)
  passed=$((passed + p))
  skipped=$((skipped + s))
  failed=$((failed + t - p - s))
  [ "$t" -gt 0 ] && [ "$((p + s))" -eq "$t" ] || status=1
done
echo "== all LLVM versions ($versions):"
echo "$passed passed, $failed failed, $skipped skipped"
exit $status
