# lit configuration for the gemm-tidy checks. The suite runs once per header
# configuration: 'cuda' (the real CUDA 13 toolkit headers) and 'standin'
# (test/Inputs/standin, for machines without CUDA).
import os
import lit.formats

config.name = "gemm-tidy (%s headers)" % config.gemm_headers
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".c", ".cpp", ".cu", ".test"]
config.excludes = ["Inputs", "unit", "unit-ast", "gpu", "fuzz", "check_guard_log.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.gemm_binary_dir, "lit-" + config.gemm_headers)

inputs = os.path.join(config.test_source_root, "Inputs")
if config.gemm_headers == "cuda":
    header_flags = "-I" + config.gemm_cuda_include
    config.available_features.add("cuda-headers")
else:
    header_flags = "-I" + os.path.join(inputs, "standin")
    config.available_features.add("standin-headers")
header_flags += " -I" + os.path.join(inputs, "hip")

config.available_features.add("llvm-%s" % config.gemm_llvm_major)
if int(config.gemm_llvm_major) >= 22 and config.gemm_headers == "cuda":
    # clang 19 cannot parse CUDA 13's headers in CUDA mode; clang 22 can.
    config.available_features.add("cuda-mode")
if config.gemm_other_clang_tidy:
    config.available_features.add("other-clang-tidy")

# The runtime guard: programs built against the real CUDA toolkit (no GPU
# needed; cuBLAS answers for itself when there is none).
cuda_lib = os.path.join(config.gemm_cuda_root, "lib64")
if config.gemm_headers == "cuda" and os.path.exists(os.path.join(cuda_lib, "libcublas.so")):
    config.available_features.add("cuda-runtime")
    if config.gemm_preload:
        config.available_features.add("guard-preload")
if config.gemm_headers == "cuda" and os.path.exists(os.path.join(config.gemm_cuda_root, "bin", "nvcc")):
    config.available_features.add("nvcc")
config.substitutions.append(("%guard_cxxflags", "-std=c++17 -O1 -I%s -I%s/include" % (
    os.path.join(os.path.dirname(config.test_source_root), "include"), config.gemm_cuda_root)))
config.substitutions.append(("%guard_cincludes", "-I%s" % os.path.join(
    os.path.dirname(config.test_source_root), "include")))
config.substitutions.append(("%cuda_libs", "-L%s -Wl,-rpath,%s -lcublas -lcudart" % (cuda_lib, cuda_lib)))
config.substitutions.append(("%cxx", config.gemm_cxx))
config.substitutions.append(("%nvcc", os.path.join(config.gemm_cuda_root, "bin", "nvcc")))
config.substitutions.append(("%preload", config.gemm_preload))
config.substitutions.append(("%python", config.python_executable))
config.environment["GEMM_GUARD"] = ""
config.environment["GEMM_GUARD_LOG"] = ""
config.environment["GEMM_GUARD_DEPTH"] = ""

runner = "%s %s --clang-tidy=%s --filecheck=%s --plugin=%s" % (
    config.python_executable,
    os.path.join(config.test_source_root, "check_gemm_tidy.py"),
    config.gemm_clang_tidy, config.gemm_filecheck, config.gemm_plugin)

config.substitutions.append(("%check_gemm_tidy", runner))
config.substitutions.append(("%gemm_cxx_flags", "-std=c++17 " + header_flags))
config.substitutions.append(("%gemm_c_flags", "-x c -std=c99 " + header_flags))
config.substitutions.append(("%gemm_cuda_flags",
    "-x cuda --cuda-host-only -nocudalib --cuda-path=%s -std=c++17 %s"
    % (config.gemm_cuda_root, header_flags)))
config.substitutions.append(("%clang_tidy", config.gemm_clang_tidy))
config.substitutions.append(("%plugin", config.gemm_plugin))
config.substitutions.append(("%cuda_root", config.gemm_cuda_root))
config.substitutions.append(("%other_clang_tidy", config.gemm_other_clang_tidy))
config.substitutions.append(("%llvm_major", config.gemm_llvm_major))
config.substitutions.append(("%other_llvm_major", config.gemm_other_llvm_major))
config.substitutions.append(("%FileCheck", config.gemm_filecheck))
config.substitutions.append(("%not", config.gemm_not))
config.substitutions.append(("%inputs", inputs))

# --- the path-sensitive tier: the Static Analyzer with libGemmAnalyzer -------
# The build's own clang loads the plugin; only the gemm checkers run, and
# -verify compares the warnings (and, with -analyzer-output=text, the notes)
# with the test's expected-warning and expected-note comments.
if config.gemm_analyzer_plugin and config.gemm_clang:
    config.available_features.add("gemm-analyzer")
    analyze = ("%s --analyze --analyzer-no-default-checks -o /dev/null "
               "-Xclang -load -Xclang %s -Xclang -analyzer-checker=gemm "
               "-Xclang -analyzer-config -Xclang display-checker-name=true "
               "-Xclang -verify") % (config.gemm_clang, config.gemm_analyzer_plugin)
    # %clang_analyze_gemm_notes: the bug path's notes too (expected-note).
    config.substitutions.append(("%clang_analyze_gemm_notes",
                                 analyze + " -Xclang -analyzer-output=text"))
    config.substitutions.append(("%clang_analyze_gemm",
                                 analyze + " -Xclang -verify-ignore-unexpected=note"))
    config.substitutions.append(("%gemm_analyzer_plugin", config.gemm_analyzer_plugin))
    config.substitutions.append(("%clang_for_analyzer", config.gemm_clang))
    # The index of cross-TU definitions, of the same LLVM (ctu.cpp).
    config.substitutions.append(("%clang_extdef_mapping", os.path.join(
        os.path.dirname(config.gemm_clang), "clang-extdef-mapping")))

# --- the tools: gemm-tidy, gemm-clangd, run-gemm-tidy, the package -----------
import shutil

if config.gemm_tidy_exe:
    config.available_features.add("gemm-tidy")
if config.gemm_clangd:
    config.available_features.add("gemm-clangd")
if config.gemm_nvim:
    config.available_features.add("nvim")
# The README's commands use the LLVM 22 build in build/ of the source tree.
if config.gemm_llvm_major == "22" and os.path.realpath(config.gemm_build_dir) == \
        os.path.realpath(os.path.join(config.gemm_source_dir, "build")):
    config.available_features.add("readme-build")
import subprocess
# gemm_rules, the rules core for Python (python/), where pybind11 built it;
# pytest runs its example with the system's Python, which has it.
import glob
if glob.glob(os.path.join(config.gemm_build_dir, "python", "gemm_rules*.so")):
    config.available_features.add("gemm-rules-python")
if subprocess.run(["/usr/bin/python3", "-m", "pytest", "--version"],
                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("pytest")
config.substitutions.append(("%pytest", "/usr/bin/python3 -m pytest"))
# Where `cmake --install` puts gemm_rules under a prefix, and the interpreter
# itself (not a launcher such as pyenv's shim), for runs with a clean
# environment.
config.substitutions.insert(0, ("%gemm_python_dir", config.gemm_python_dir))
# (First: %python must not take the start of %python_real.)
config.substitutions.insert(0, ("%python_real", subprocess.run(
    [config.python_executable, "-c", "import sys; print(sys.executable)"],
    capture_output=True, text=True).stdout.strip()))

# A private mount namespace (root, or unprivileged user namespaces) hides
# the CUDA toolkit from one run, as on a CI runner without it.
import subprocess
if config.gemm_headers == "cuda" and subprocess.run(
        ["unshare", "-m", "--propagation", "private", "true"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("mount-namespace")
config.substitutions.append(("%cuda_real_root", os.path.realpath(config.gemm_cuda_root)))
if shutil.which("dpkg-deb"):
    config.available_features.add("dpkg")
try:
    import yaml  # noqa: F401  (the CI configuration tests parse YAML)
    config.available_features.add("pyyaml")
except ImportError:
    pass
# The include directory of the cuBLAS headers of this configuration.
header_dir = config.gemm_cuda_include if config.gemm_headers == "cuda" \
    else os.path.join(inputs, "standin")
config.substitutions.append(("%gemm_tidy_bin", config.gemm_tidy_exe))
config.substitutions.append(("%gemm_clangd_bin", config.gemm_clangd))
config.substitutions.append(("%nvim_bin", config.gemm_nvim))
config.substitutions.append(("%run_gemm_tidy", "%s %s" % (
    config.python_executable, os.path.join(config.gemm_source_dir, "tools", "run-gemm-tidy"))))
config.substitutions.append(("%validate_sarif", "%s %s" % (
    config.python_executable, os.path.join(config.test_source_root, "tools", "validate_sarif.py"))))
config.substitutions.append(("%gemm_src", config.gemm_source_dir))
config.substitutions.append(("%gemm_build", config.gemm_build_dir))
config.substitutions.append(("%gemm_version", config.gemm_version))
config.substitutions.append(("%header_dir", header_dir))
config.substitutions.append(("%cmake_bin", config.gemm_cmake))
config.substitutions.append(("%cpack_bin", config.gemm_cpack))
config.substitutions.append(("%ninja_bin", config.gemm_make_program))
config.substitutions.append(("%gemm_cuda_root", config.gemm_cuda_root))
