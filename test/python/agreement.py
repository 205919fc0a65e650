"""gemm_rules (Python) and the C++ rules core agree: random calls of
cublasSgemm_v2 and cublasGemmEx, valid and not, written as the cuBLAS log
libcublas would write them, are judged by gemm-explain (C++: the reader and
the rules core) and by gemm_rules.check; every call must get the same
findings (rule, argument, message).
  agreement.py GEMM_EXPLAIN [CALLS]"""
import json
import random
import subprocess
import sys

import gemm_rules

OPS = [("CUBLAS_OP_N", 0), ("CUBLAS_OP_T", 1), ("CUBLAS_OP_C", 2), ("INVALID cublasOperation_t TYPE", 7)]
TYPES = [("CUDA_R_32F", 0), ("CUDA_R_16F", 2), ("CUDA_R_16BF", 14), ("CUDA_R_8I", 3), ("CUDA_R_32I", 10),
         ("CUDA_R_64F", 1), ("CUDA_C_32F", 4)]
COMPUTE = [("CUBLAS_COMPUTE_32F", 68), ("CUBLAS_COMPUTE_16F", 64), ("CUBLAS_COMPUTE_32I", 72),
           ("CUBLAS_COMPUTE_32F_FAST_TF32", 77), ("CUBLAS_COMPUTE_64F", 70), ("UNKNOWN cublasComputeType_t TYPE", 3)]
ALGOS = [("CUBLAS_GEMM_DEFAULT", -1), ("CUBLAS_GEMM_DEFAULT_TENSOR_OP", 99), ("CUBLAS_GEMM_ALGO5", 5),
         ("INVALID cublasGemmAlgo_t TYPE", 555)]
SIZES = [-1, 0, 1, 8, 16, 64, 100]
SIGNATURE = {
    "cublasSgemm_v2": "cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const float*, "
                      "const float*, int, const float*, int, const float*, float*, int",
    "cublasGemmEx": "cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void*, "
                    "const void*, cudaDataType, int, const void*, cudaDataType, int, const void*, void*, "
                    "cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t",
}


def random_call(rng):
    function = rng.choice(list(SIGNATURE))
    args = [("handle", ("ptr", 0x5000))]
    args += [("transa", ("enum", rng.choice(OPS))), ("transb", ("enum", rng.choice(OPS)))]
    args += [(n, ("int", rng.choice(SIZES))) for n in ("m", "n", "k")]
    args.append(("alpha", ("ptr", rng.choice([0, 0x7ffd0000]))))
    for operand in "AB":
        args.append((operand, ("ptr", rng.choice([0, 0x10000]))))
        if function == "cublasGemmEx":
            args.append((operand + "type", ("enum", rng.choice(TYPES))))
        args.append(("ld" + operand.lower(), ("int", rng.choice(SIZES))))
    args.append(("beta", ("ptr", 0x7ffd0004)))
    args.append(("C", ("ptr", rng.choice([0, 0x20000]))))
    if function == "cublasGemmEx":
        args.append(("Ctype", ("enum", rng.choice(TYPES))))
    args.append(("ldc", ("int", rng.choice(SIZES))))
    if function == "cublasGemmEx":
        args += [("computeType", ("enum", rng.choice(COMPUTE))), ("algo", ("enum", rng.choice(ALGOS)))]
    return function, args


def log_block(function, args):
    lines = ["I! cuBLAS (v13.1.0) function cublasStatus_t %s(%s) called:" % (function, SIGNATURE[function])]
    for name, (kind, value) in args:
        if kind == "ptr":
            text = "POINTER (IN HEX:0x0x%x)" % value if value else "NULL_PTR(POINTER (IN HEX:0x(nil)))"
        elif kind == "enum":
            text = "%s(%d)" % value
        else:
            text = str(value)
        lines.append("i!  %s: type=int; val=%s" % (name, text))
    lines += ["i! Time: 2026-12-04T00:00:00 elapsed from start 0.000000 minutes or 0.000000 seconds",
              "i!Process=1; Thread=1; GPU=0; Handle=POINTER (IN HEX:0x0x5000)",
              "i! COMPILED WITH: test"]
    return lines


def python_findings(function, args):
    kwargs = {}
    for name, (kind, value) in args:
        kwargs[name] = (value or None) if kind == "ptr" else value[1] if kind == "enum" else value
    return sorted((f.rule, f.param, f.message) for f in gemm_rules.check(function, cublas_version=130100, **kwargs))


def main():
    explain, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    rng = random.Random(20261204)
    calls, lines, starts = [], [], {}
    for _ in range(count):
        function, args = random_call(rng)
        starts[len(lines) + 1] = len(calls)
        calls.append((function, args))
        lines += log_block(function, args)
    out = subprocess.run([explain, "--format", "json"], input="\n".join(lines) + "\n",
                         stdout=subprocess.PIPE, universal_newlines=True)
    report = json.loads(out.stdout)
    cpp = [[] for _ in calls]
    for f in report["findings"]:
        if f["level"] != "note":
            message = f["message"].split(": ", 1)[1]  # "cublasGemmEx: ..." -> the rule's message
            cpp[starts[f["line"]]].append((f["rule"], f["param"], message))
    found = 0
    for index, (function, args) in enumerate(calls):
        py = python_findings(function, args)
        found += len(py)
        if py != sorted(cpp[index]):
            print("disagree on call %d (%s %s):\n  C++:    %s\n  Python: %s"
                  % (index, function, args, sorted(cpp[index]), py))
            return 1
    print("%d calls, %d findings: gemm_rules and the C++ rules core agree on every call"
          % (report["calls"], found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
