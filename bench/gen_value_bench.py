#!/usr/bin/env python3
"""Writes a C++ file with N cuBLAS GEMM calls whose arguments come through
locals, structs, ternaries and wrapper functions: the value analysis'
worst realistic case, for bench/check_profile.sh."""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
out = ["#include <cublas_v2.h>", "",
       "cublasHandle_t h;", "const float *A, *B, *al, *be;", "float *C;", "",
       "struct Shape { int rows = 0, cols = 0, inner = 0, ld = 0; };", ""]
for i in range(n):
    kind = i % 4
    if kind == 0:
        out += ["void locals%d(bool t) {" % i,
                "  int m = %d, n = 64, k = 32;" % (64 + i % 64),
                "  int lda = t ? k : m;",
                "  cublasOperation_t op = t ? CUBLAS_OP_T : CUBLAS_OP_N;",
                "  cublasSgemm(h, op, CUBLAS_OP_N, m, n, k, al, A, lda, B, k, be, C, m);",
                "}"]
    elif kind == 1:
        out += ["void shape%d() {" % i,
                "  Shape s{%d, 16, 16, 0};" % (32 + i % 32),
                "  s.ld = s.rows;",
                "  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, s.rows, s.cols, s.inner, al, A, s.ld, B, s.inner, be, C, s.rows);",
                "}"]
    elif kind == 2:
        out += ["static void wrap%d(int m, int ld) {" % i,
                "  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, al, A, ld, B, 8, be, C, m);",
                "}",
                "void callWrap%d() { wrap%d(%d, %d); }" % (i, i, 16 + i % 16, 16 + i % 16)]
    else:
        out += ["void branches%d(int flag, int k) {" % i,
                "  int ld = 64;",
                "  if (flag > 3) { ld = 128; }",
                "  else { ld = 64; }",
                "  for (int j = 0; j < k; ++j) { (void)j; }",
                "  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, CUDA_R_32F, ld, B, CUDA_R_32F, 8, be, C, CUDA_R_32F, 64, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);",
                "}"]
sys.stdout.write("\n".join(out) + "\n")
