#!/usr/bin/env python3
"""Writes a C++ file with N cuBLAS and cuBLASLt calls (source calls; a
template's are counted once, however many times it is instantiated) written
in the forms the value analysis mostly gives up on: classes that hold their
handle as a member, lambdas called in loops, six-deep helper chains, mutual
recursion, templates instantiated four ways, a 64-case switch feeding ld,
loops that rewrite ld, and cuBLASLt layouts made in helpers. It measures
what the fast tier costs on code it does not follow, for
bench/check_profile.sh (GEMM_BENCH_GEN=hard).

    bench/gen_hard_bench.py [N [FORM,...]] > hard.cpp

FORM names a subset of the forms (member, lambda, chain, recursion,
template, switch, loop, lt), to see what each costs."""
import sys

out = ["#include <cublas_v2.h>", "#include <cublasLt.h>", "",
       "cublasHandle_t h;", "cublasLtHandle_t lt;",
       "const float *A, *B, *al, *be;", "float *C;", "void *ws;", "",
       "int pick(int);", ""]

SGEMM = ("cublasSgemm(%s, CUBLAS_OP_N, CUBLAS_OP_N, %s, %s, %s, al, A, %s, "
         "B, %s, be, C, %s);")


def member_class(i):
    return ["class Gemm%d {" % i,
            "  cublasHandle_t handle_;",
            "  int m_ = %d, n_ = 32, k_ = 16;" % (16 + i % 48),
            "public:",
            "  explicit Gemm%d(cublasHandle_t hh) : handle_(hh) {}" % i,
            "  void run(int ld) const {",
            "    " + SGEMM % ("handle_", "m_", "n_", "k_", "ld", "k_", "m_"),
            "  }",
            "};",
            "void useGemm%d(int ld) { Gemm%d g(h); g.run(ld); }" % (i, i)]


def lambda_loop(i):
    return ["void lambdas%d(int count) {" % i,
            "  int ld = %d;" % (32 + i % 32),
            "  auto step = [&](int m) {",
            "    " + SGEMM % ("h", "m", "8", "8", "ld", "8", "m"),
            "  };",
            "  for (int j = 0; j < count; ++j) { step(ld); ld += j; }",
            "}"]


def chain(i):
    lines = ["static void chain%d_5(int m, int ld) {" % i,
             "  " + SGEMM % ("h", "m", "8", "8", "ld", "8", "m"),
             "}"]
    for d in range(4, -1, -1):
        lines += ["static void chain%d_%d(int m, int ld) "
                  "{ chain%d_%d(m + %d, ld + pick(%d)); }" % (i, d, i, d + 1, d, d)]
    lines += ["void callChain%d() { chain%d_0(%d, %d); }" % (i, i, 16, 64)]
    return lines


def recursion(i):
    return ["static void odd%d(int m, int ld, int depth);" % i,
            "static void even%d(int m, int ld, int depth) {" % i,
            "  if (depth <= 0) {",
            "    " + SGEMM % ("h", "m", "8", "8", "ld", "8", "m"),
            "    return;",
            "  }",
            "  odd%d(m * 2, ld * 2, depth - 1);" % i,
            "}",
            "static void odd%d(int m, int ld, int depth) "
            "{ even%d(m + 1, ld + 1, depth - 1); }" % (i, i),
            "void callRecursion%d(int d) { even%d(%d, %d, d); }" % (i, i, 16, 16)]


def template(i):
    return ["template <class T, int M> void tmpl%d(int ld) {" % i,
            "  int m = M * (int)sizeof(T);",
            "  " + SGEMM % ("h", "m", "8", "8", "ld", "8", "m"),
            "}",
            "void useTmpl%d(int ld) {" % i,
            "  tmpl%d<float, 16>(ld); tmpl%d<double, 16>(ld);" % (i, i),
            "  tmpl%d<float, 32>(ld); tmpl%d<int, %d>(ld);" % (i, i, 8 + i % 8),
            "}"]


def switch(i):
    lines = ["void switched%d(int sel) {" % i, "  int ld = 0;", "  switch (sel) {"]
    lines += ["  case %d: ld = %d; break;" % (c, 16 + c) for c in range(64)]
    lines += ["  default: ld = pick(sel);", "  }",
              "  " + SGEMM % ("h", "16", "8", "8", "ld", "8", "16"), "}"]
    return lines


def loop(i):
    return ["void loops%d(int count) {" % i,
            "  int ld = %d;" % (16 + i % 16),
            "  for (int j = 0; j < count; ++j) {",
            "    if (j % 3 == 0) ld *= 2; else ld -= pick(j);",
            "    " + SGEMM % ("h", "16", "8", "8", "ld", "8", "16"),
            "  }",
            "}"]


def lt_layout(i):
    return ["static cublasLtMatrixLayout_t layout%d(int rows, int cols, int ld) {" % i,
            "  cublasLtMatrixLayout_t l = nullptr;",
            "  cublasLtMatrixLayoutCreate(&l, CUDA_R_32F, rows, cols, ld);",
            "  return l;",
            "}",
            "void ltMatmul%d(cublasLtMatmulDesc_t op, int m, int ld) {" % i,
            "  cublasLtMatrixLayout_t a = layout%d(m, 8, ld);" % i,
            "  cublasLtMatrixLayout_t b = layout%d(8, 8, 8);" % i,
            "  cublasLtMatrixLayout_t c = layout%d(m, 8, m);" % i,
            "  cublasLtMatmul(lt, op, al, A, a, B, b, be, C, c, C, c, nullptr,",
            "                 ws, 0, 0);",
            "}"]


# Each form and the calls it writes (the helpers' layout creations count
# with the matmul).
FORMS = {"member": (member_class, 1), "lambda": (lambda_loop, 1),
         "chain": (chain, 1), "recursion": (recursion, 1),
         "template": (template, 1), "switch": (switch, 1), "loop": (loop, 1),
         "lt": (lt_layout, 2)}


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    names = sys.argv[2].split(",") if len(sys.argv) > 2 else list(FORMS)
    unknown = [f for f in names if f not in FORMS]
    if unknown:
        sys.exit("gen_hard_bench.py: unknown form '%s'; the forms are %s"
                 % (unknown[0], ", ".join(FORMS)))
    forms = [FORMS[f] for f in names]
    written = i = 0
    while written < n:
        form, calls = forms[i % len(forms)]
        out.extend(form(i))
        written += calls
        i += 1
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
