"""gemm_rules refuses what it cannot read, in its own words, and takes what a
numpy or PyTorch script passes: one line per case, the findings' rules or the
error's type and message.
  strict_input.py"""
import gemm_rules


class Index:
    """An integer as numpy's are: not an int, but with __index__."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


def show(label, function, *args, **kwargs):
    try:
        result = function(*args, **kwargs)
        print("%s: ok %s" % (label, sorted(f.rule for f in result)))
    except Exception as e:  # the type matters: it is printed and checked
        print("%s: %s: %s" % (label, type(e).__name__, e))


SGEMM = dict(transa="N", transb="N", m=128, n=64, k=32, lda=32, ldb=32, ldc=128)
LAYOUT = dict(type="CUDA_R_16F", rows=32, cols=64, ld=32)


def main():
    check = gemm_rules.check
    # Grouped calls need host pointer mode: device mode is a finding.
    for label, mode in [("'device'", "device"), ("'CUBLAS_POINTER_MODE_DEVICE'", "CUBLAS_POINTER_MODE_DEVICE"),
                        ("1", 1), ("Index(1)", Index(1)), ("'host'", "host"), ("'Device'", "Device"),
                        ("'devcie'", "devcie"), ("1.0", 1.0)]:
        show("pointer_mode=" + label, check, "cublasSgemmGroupedBatched", pointer_mode=mode)
    show("n=Index(64)", check, "cublasSgemm", **dict(SGEMM, n=Index(64)))
    show("lda=Index(32)", check, "cublasGemmEx", m=128, k=32, lda=Index(32), transa=Index(0))
    show("transa='n'", check, "cublasSgemm", **dict(SGEMM, transa="n"))
    show("m_array", check, "cublasSgemmGroupedBatched", group_count=1, m_array=[Index(128)],
         k_array=(32,), lda_array=[32], transa_array=["N"], group_size=[1])
    show("cublasSgemm_64", check, "cublasSgemm_64", **dict(SGEMM, m=2 ** 40))
    show("alpha=1.0", check, "cublasSgemm", alpha=1.0)
    show("A='0x1000'", check, "cublasSgemm", A="0x1000")
    show("A=-1", check, "cublasSgemm", A=-1)
    show("m=2**70", check, "cublasSgemm", m=2 ** 70)
    show("m='64'", check, "cublasSgemm", m="64")
    show("m=True", check, "cublasSgemm", m=True)
    show("m=64.0", check, "cublasSgemm", m=64.0)
    show("m_array=3", check, "cublasSgemmGroupedBatched", m_array=3)
    show("m_array[1]", check, "cublasSgemmGroupedBatched", m_array=[3, 4.0])
    show("cublas_version='12.4'", check, "cublasGemmEx", cublas_version="12.4")
    show("Atype", check, "cublasGemmEx", Atype="CUDA_R_17F")
    show("algo", check, "cublasGemmEx", algo="CUBLAS_GEMM_ALGO50")
    show("transa='X'", check, "cublasGemmEx", transa="X")
    show("stridec", check, "cublasSgemmStridedBatched", stridec=64)
    show("cublasSgem", check, "cublasSgem")
    show("hipblasGemmEx", check, "hipblasGemmEx", transa="N", m=64)
    show("rocblas_gemm_ex", check, "rocblas_gemm_ex", m=64)
    show("no function", check, m=64)
    show("function=3", check, 3)
    # cuBLASLt: attributes as strictly as arguments.
    show("rows=Index(32)", check, "cublasLtMatmul", Adesc=dict(LAYOUT, rows=Index(32)),
         Cdesc=dict(LAYOUT, rows=64, cols=16, ld=32))
    show("rows=10.0", check, "cublasLtMatmul", Adesc=dict(LAYOUT, rows=10.0))
    show("ld=32.0", check, "cublasLtMatmul", Adesc=dict(LAYOUT, ld=32.0))
    show("ld=2**64", check, "cublasLtMatmul", Adesc=dict(LAYOUT, ld=2 ** 64))
    show("type='R_17F'", check, "cublasLtMatmul", Adesc=dict(LAYOUT, type="R_17F"))
    show("Adesc.lda", check, "cublasLtMatmul", Adesc=dict(lda=32))
    show("workspce", check, "cublasLtMatmul", workspce=0)
    show("Adesc=3", check, "cublasLtMatmul", Adesc=3)
    show("D='0x1'", check, "cublasLtMatmul", D="0x1")
    show("beta=0.5", check, "cublasLtMatmul", beta=0.5, preference=dict(maxWavesCount=1.5))
    # What a function takes.
    print(gemm_rules.arguments("cublasSgemmStridedBatched"))
    print(gemm_rules.arguments("cublasLtMatmul")[:2])
    show("arguments('hipblasGemmEx')", gemm_rules.arguments, "hipblasGemmEx")
    doc = gemm_rules.__doc__
    print("docstring:", "Example:" in doc, "gemm_rules.check(" in doc, "arguments(function)" in doc)


main()
