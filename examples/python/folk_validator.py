"""A hand-written validator of cublasGemmEx arguments, as projects write
them: the folk rules of docs/rules.md, "Folk rules that are wrong" (lda counted
from the columns of A, "ld % 8 or fail" for half precision, a five-pair
(input, compute) table). Kept here only to show where it and cuBLAS part
ways; test_gemm_args.py asks the real rules instead."""

SUPPORTED = {("CUDA_R_16F", "CUBLAS_COMPUTE_32F"), ("CUDA_R_16BF", "CUBLAS_COMPUTE_32F"),
             ("CUDA_R_16F", "CUBLAS_COMPUTE_16F"), ("CUDA_R_32F", "CUBLAS_COMPUTE_32F"),
             ("CUDA_R_8I", "CUBLAS_COMPUTE_32F")}


def validate_gemm_args(transa, transb, m, n, k, Atype, lda, Btype, ldb, Ctype, ldc, computeType):
    """Raises ValueError on what the folk rules call invalid."""
    cols_a = k if transa == "N" else m
    if lda < cols_a:
        raise ValueError("lda (%d) < columns of A (%d)" % (lda, cols_a))
    if Atype in ("CUDA_R_16F", "CUDA_R_16BF") and (lda % 8 or ldb % 8 or ldc % 8):
        raise ValueError("leading dimensions must be multiples of 8 for half precision")
    if (Atype, computeType) not in SUPPORTED:
        raise ValueError("unsupported (Atype, computeType) = (%s, %s)" % (Atype, computeType))
