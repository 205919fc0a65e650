"""gemm_rules (Python) and the C++ rules core agree: random calls of
cublasSgemm_v2 and cublasGemmEx, valid and not, written as the cuBLAS log
libcublas would write them, and random cuBLASLt set-ups (the heuristic's Api
line, the matmul's Trace line, with their object dumps: names without their
prefixes, rows and cols as uint64, keys at their defaults left out), are
judged by gemm-explain (C++: the reader and the rules core) and by
gemm_rules.check given the same values as Python does (full names, dicts);
every call must get the same findings (rule, argument, message).
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


LT_TYPES = ["R_16F", "R_16BF", "R_32F", "R_8F_E4M3", "R_8F_E5M2", "R_8I", "R_32I", "R_64F"]
LT_COMPUTE = ["COMPUTE_32F", "COMPUTE_16F", "COMPUTE_32I", "COMPUTE_32F_FAST_TF32", "COMPUTE_64F"]
LT_SCALE = [("R_32F", 0), ("R_16F", 2), ("R_32I", 10), ("R_64F", 1)]
LT_OPTIONAL = {"transa": ["OP_N", "OP_T", "OP_C"], "transb": ["OP_T", "OP_C"],
               "epilogue": ["EPILOGUE_RELU", "EPILOGUE_BIAS", "EPILOGUE_GELU_AUX_BIAS", "EPILOGUE_BGRADB"],
               "pointerMode": ["MODE_DEVICE", "ALPHA_DEVICE_VECTOR_BETA_ZERO"],
               "biasPointer": [0x7f0a00c00000, 0x7f0a00c00002], "biasDataType": [2, 14],
               "epilogueAuxLd": [64, 100, 128]}
LT_LAYOUT_OPTIONAL = {"order": ["ORDER_ROW", "ORDER_COL32"], "batchCount": [2, 4],
                      "stridedBatchOffset": [0x1000, 64]}
LT_SIZES = [-1, 0, 16, 32, 64]
# The prefixes the log leaves out, for the names Python passes.
LT_PREFIX = {"type": "CUDA_", "computeType": "CUBLAS_", "transa": "CUBLAS_", "transb": "CUBLAS_",
             "epilogue": "CUBLASLT_", "order": "CUBLASLT_"}
LT_FULL_NAME = {"MODE_DEVICE": "CUBLASLT_POINTER_MODE_DEVICE",
                "ALPHA_DEVICE_VECTOR_BETA_ZERO": "CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO"}


def random_lt_call(rng):
    function = rng.choice(["cublasLtMatmulAlgoGetHeuristic", "cublasLtMatmul"])
    desc = {"computeType": rng.choice(LT_COMPUTE), "scaleType": rng.choice(LT_SCALE)}
    for key, values in LT_OPTIONAL.items():
        if rng.random() < 0.3:
            desc[key] = rng.choice(values)
    layouts = {}
    for name in ("Adesc", "Bdesc", "Cdesc", "Ddesc"):
        if name == "Cdesc" and rng.random() < 0.2:
            layouts[name] = None
            continue
        layout = {"type": rng.choice(LT_TYPES) if rng.random() < 0.3 else "R_16F",
                  "rows": rng.choice(LT_SIZES), "cols": rng.choice(LT_SIZES), "ld": rng.choice(LT_SIZES)}
        for key, values in LT_LAYOUT_OPTIONAL.items():
            if rng.random() < 0.15:
                layout[key] = rng.choice(values)
        layouts[name] = layout
    pointers = {}
    if function == "cublasLtMatmul":
        pointers = {"A": rng.choice([0, 0x7f0a00000000]), "B": 0x7f0a00400000,
                    "C": 0x7f0a00800000, "D": rng.choice([0x7f0a00800000, 0x7f0a00900000]),
                    "workSpace": rng.choice([0, 0x7f0a01000000, 0x7f0a01000010]),
                    "workSpaceSizeInBytes": rng.choice([0, 1 << 22]), "beta": rng.choice([0, 1, 0.5])}
    return function, (desc, layouts, pointers)


def lt_text(key, value):
    if isinstance(value, tuple):  # the scale type: a name in a dump
        return value[0]
    if key in ("rows", "cols"):
        return str(value & (2 ** 64 - 1))
    if key.endswith("Pointer"):
        return "0x%x" % value
    return str(value)


def lt_log_line(function, call):
    desc, layouts, pointers = call
    fields = []
    for name in ("Adesc", "Bdesc", "Cdesc", "Ddesc"):
        layout = layouts[name]
        if name in ("Adesc", "Bdesc", "Cdesc", "Ddesc") and function == "cublasLtMatmul":
            fields.append("%s=0X%X" % (name[0], pointers[name[0]]))
        fields.append("%s=[%s]" % (name, "null" if layout is None else
                                   " ".join("%s=%s" % (k, lt_text(k, v)) for k, v in layout.items())))
    if function != "cublasLtMatmul":
        fields.append("preference=[maxWavesCount=0.0 maxWorkspaceSizeinBytes=4194304]")
    fields.append("computeDesc=[%s]" % " ".join("%s=%s" % (k, lt_text(k, v)) for k, v in desc.items()))
    if function == "cublasLtMatmul":
        fields.append("algo=[algoId=6] workSpace=0X%X workSpaceSizeInBytes=%d beta=%s outOfPlace=0 stream=0X0"
                      % (pointers["workSpace"], pointers["workSpaceSizeInBytes"], pointers["beta"]))
    level = "Trace" if function == "cublasLtMatmul" else "Api"
    return ["[2026-12-04 00:00:00][cublasLt][1][%s][%s] %s" % (level, function, " ".join(fields))]


def python_lt_value(key, value):
    if isinstance(value, tuple):
        return value[1]  # the scale type by number
    if isinstance(value, str):
        return LT_FULL_NAME.get(value, LT_PREFIX.get(key, "") + value)
    return value


def python_lt_findings(function, call):
    desc, layouts, pointers = call
    kwargs = {"computeDesc": {k: python_lt_value(k, v) for k, v in desc.items()}}
    for name, layout in layouts.items():
        kwargs[name] = None if layout is None else {k: python_lt_value(k, v) for k, v in layout.items()}
    for key, value in pointers.items():
        key = {"workSpace": "workspace", "workSpaceSizeInBytes": "workspaceSizeInBytes"}.get(key, key)
        kwargs[key] = (value or None) if key in "ABCD" or key == "workspace" else value
    if function != "cublasLtMatmul":
        kwargs["preference"] = {"maxWorkspaceSizeinBytes": 4194304, "maxWavesCount": 0.0}
    return sorted((f.rule, f.param, f.message) for f in gemm_rules.check(function, **kwargs))


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
        function, args = random_call(rng) if rng.random() < 0.5 else random_lt_call(rng)
        starts[len(lines) + 1] = len(calls)
        calls.append((function, args))
        lines += lt_log_line(function, args) if function.startswith("cublasLt") else log_block(function, args)
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
        lt = function.startswith("cublasLt")
        py = python_lt_findings(function, args) if lt else python_findings(function, args)
        found += len(py)
        if py != sorted(cpp[index]):
            print("disagree on call %d (%s %s):\n  C++:    %s\n  Python: %s"
                  % (index, function, args, sorted(cpp[index]), py))
            return 1
    lt_calls = sum(function.startswith("cublasLt") for function, _ in calls)
    print("%d calls (%d cuBLASLt), %d findings: gemm_rules and the C++ rules core agree on every call"
          % (report["calls"], lt_calls, found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
