"""A function with one N-deep expression before a cuBLAS call with a
constant defect (value-analysis-deep.test)."""
import sys
n = int(sys.argv[1])
print('#include <cublas_v2.h>')
print('cublasHandle_t h; const float *A, *al; float *C;')
print('int generated(int x) {')
print('  int y = x' + ' + 1' * n + ';')
print('  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 64, 8, 8, al, A, 4, A, 8, al, C, 64);')
print('  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: \'lda\' (4) must be at least max(1, m) = 64 because \'transa\' is CUBLAS_OP_N (A is stored m x k, column-major) [gemm-leading-dimension]')
print('  return y;')
print('}')
