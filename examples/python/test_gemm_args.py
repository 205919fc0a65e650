"""pytest: the rules cuBLAS documents, asked through gemm_rules, in place of
a hand-written validator. Each case is one the folk validator
(folk_validator.py) gets wrong; the test shows both answers.

  PYTHONPATH=build/python python3 -m pytest examples/python
"""
import pytest

import gemm_rules
from folk_validator import validate_gemm_args


def gemm_ex(transa, transb, m, n, k, Atype, lda, Btype, ldb, Ctype, ldc, computeType):
    """The findings of the real rules on a cublasGemmEx call."""
    return gemm_rules.check("cublasGemmEx", transa=transa, transb=transb, m=m, n=n, k=k,
                            Atype=Atype, lda=lda, Btype=Btype, ldb=ldb, Ctype=Ctype, ldc=ldc,
                            computeType=computeType, algo="CUBLAS_GEMM_DEFAULT")


def folk(*args):
    try:
        validate_gemm_args(*args)
        return "accepted"
    except ValueError as e:
        return "rejected: %s" % e


# (arguments, what the folk validator says, what cuBLAS's rules say)
CASES = {
    # cuBLAS is column-major: with OP_N, lda counts the rows of A (m), not its columns.
    "column-major lda": (("N", "N", 128, 64, 32, "CUDA_R_32F", 32, "CUDA_R_32F", 32, "CUDA_R_32F", 128,
                          "CUBLAS_COMPUTE_32F"), "accepted", ["ld.operand"]),
    "rows, not columns": (("N", "N", 128, 64, 256, "CUDA_R_32F", 128, "CUDA_R_32F", 256, "CUDA_R_32F", 128,
                           "CUBLAS_COMPUTE_32F"), "rejected", []),
    # Since cuBLAS 11 an odd leading dimension is slower on tensor cores, not an error.
    "half precision, odd ld": (("T", "N", 64, 64, 30, "CUDA_R_16F", 30, "CUDA_R_16F", 30, "CUDA_R_16F", 64,
                                "CUBLAS_COMPUTE_32F"), "rejected", []),
    # The int8 tensor-core path (32I compute, int32 C) is not in the folk table.
    "int8 with 32I compute": (("T", "N", 64, 64, 64, "CUDA_R_8I", 64, "CUDA_R_8I", 64, "CUDA_R_32I", 64,
                               "CUBLAS_COMPUTE_32I"), "rejected", []),
    # (input, compute) is not enough: C's type decides too.
    "fp16 with a bf16 C": (("T", "N", 64, 64, 64, "CUDA_R_16F", 64, "CUDA_R_16F", 64, "CUDA_R_16BF", 64,
                            "CUBLAS_COMPUTE_32F"), "accepted", ["types.combination"]),
    # A and B of different types are never valid in cublasGemmEx.
    "mixed A and B": (("T", "N", 64, 64, 64, "CUDA_R_16F", 64, "CUDA_R_16BF", 64, "CUDA_R_32F", 64,
                       "CUBLAS_COMPUTE_32F"), "accepted", ["types.mixed-ab"]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_folk_rules_and_cublas_disagree(name):
    args, folk_says, rules = CASES[name]
    assert folk(*args).startswith(folk_says)
    assert sorted(f.rule for f in gemm_ex(*args) if f.severity == "error") == rules


def test_a_valid_call_has_no_finding():
    assert gemm_ex("T", "N", 1024, 512, 768, "CUDA_R_16BF", 768, "CUDA_R_16BF", 768, "CUDA_R_32F", 1024,
                   "CUBLAS_COMPUTE_32F") == []


def test_findings_name_the_argument():
    [finding] = gemm_ex("N", "N", 128, 64, 32, "CUDA_R_32F", 32, "CUDA_R_32F", 32, "CUDA_R_32F", 128,
                        "CUBLAS_COMPUTE_32F")
    assert (finding.param, finding.value, finding.bound) == ("lda", 32, 128)
    assert "column-major" in finding.message


def test_unknown_arguments_stay_silent():
    # Only the sizes known: no rule that needs the types can fire.
    assert gemm_rules.check("cublasGemmEx", transa="N", transb="N", m=64, n=64, k=64, lda=64) == []
