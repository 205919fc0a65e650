// cuBLASLt: an advisory finding only (LT-EPI-ROWORDER, a warning: cuBLASLt
// runs the call), a setup cuBLASLt rejects, and host memory the guard
// cannot read (alpha and the algo; the guard must not fault on them).
#include "fake_device.h"
#include <cstdio>
#include <cublasLt.h>
int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
#ifdef GEMM_GUARD_H
  gemm::guard::setPointerInspector(inspect); // 0x10 is "pageable host memory"
#endif
  cublasLtMatmulDesc_t op; cublasLtMatrixLayout_t l; const int32_t relu = CUBLASLT_EPILOGUE_RELU, row = CUBLASLT_ORDER_ROW;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F); cublasLtMatrixLayoutCreate(&l, CUDA_R_16F, 32, 32, 32);
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &relu, sizeof(relu)); cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_ORDER, &row, sizeof(row));
  void *dev = reinterpret_cast<void *>(DeviceBase); const float one = 1, zero = 0;
  const cublasStatus_t advisory = cublasLtMatmul(nullptr, op, &one, dev, l, dev, l, &zero, dev, l, dev, l, nullptr, nullptr, 0, nullptr);
  std::printf("advisory: status %d\n", static_cast<int>(advisory));
  const float *unreadable = reinterpret_cast<const float *>(0x10);
  const cublasStatus_t wild = cublasLtMatmul(nullptr, op, unreadable, dev, l, dev, l, unreadable, dev, l, dev, l, reinterpret_cast<const cublasLtMatmulAlgo_t *>(0x10), nullptr, 0, nullptr);
  std::printf("unreadable: status %d\n", static_cast<int>(wild));
  cublasLtMatrixLayout_t bad = nullptr;
  const cublasStatus_t rejected = cublasLtMatrixLayoutCreate(&bad, CUDA_R_16F, 32, 32, -1);
  std::printf("bad: status %d\n", static_cast<int>(rejected));
  return 0;
}
