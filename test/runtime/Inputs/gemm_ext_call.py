"""Calls gemm_ext (Inputs/gemm_ext.c), which keeps the GIL across its cuBLAS
call as extensions do unless they release it: the guard names this line."""
import gemm_ext

print("bad:", gemm_ext.sgemm(64, 8))
print("good:", gemm_ext.sgemm(8, 8))
