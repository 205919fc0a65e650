// The cuBLASLt setup functions beyond the matmul's descriptors: the matrix
// transform descriptor, the emulation descriptor, an algo's configuration
// attributes and cublasLtMatmulAlgoCheck. Their attributes are checked as
// the matmul descriptor's are (size against the attribute's type, enumerated
// values, NULL buffers, use after Destroy); AlgoCheck gets the matmul's
// rules on its descriptors, and a valid call cuBLASLt still fails (here: a
// NULL handle, no GPU) says how to get cuBLASLt's reason, as the matmul does.
// Real cuBLASLt objects, through the header route and the preload library.
//
// REQUIRES: cuda-runtime, guard-preload
// RUN: %cxx %guard_cxxflags -include gemm/lt_guard.h %s %cuda_libs -lcublasLt -o %t.header
// RUN: %t.header 2>&1 | %FileCheck %s
// RUN: %cxx %guard_cxxflags %s %cuda_libs -lcublasLt -o %t.plain
// RUN: env LD_PRELOAD=%preload %t.plain 2>&1 | %FileCheck %s
// RUN: env GEMM_GUARD=off %t.header 2>&1 | %FileCheck %s --check-prefix=OFF
#include <cublasLt.h>
#include <cstdint>
#include <cstdio>

#define CALL(what, expr)                                                       \
  std::printf("%s: status %d\n", what, static_cast<int>(expr))

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);

  // The matrix transform descriptor.
  cublasLtMatrixTransformDesc_t xf;
  CALL("transform create", cublasLtMatrixTransformDescCreate(&xf, CUDA_R_32F));
  // CHECK: transform create: status 0
  const int64_t wide = CUBLAS_OP_T;
  CALL("transform size", cublasLtMatrixTransformDescSetAttribute(xf, CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA, &wide, sizeof(wide)));
  // CHECK: gemm-guard: {{.*}}: cublasLtMatrixTransformDescSetAttribute: 'sizeInBytes' (8) does not match 'CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA', which is int32_t (4 bytes)
  // CHECK-NEXT: transform size: status 7
  const int32_t conj = CUBLAS_OP_CONJG, t = CUBLAS_OP_T;
  CALL("transform enum", cublasLtMatrixTransformDescSetAttribute(xf, CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSB, &conj, sizeof(conj)));
  // CHECK: cublasLtMatrixTransformDescSetAttribute: 'CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSB' is CUBLAS_OP_CONJG, which cuBLASLt does not support [invalid-enum]
  // CHECK-NEXT: transform enum: status 7
  CALL("transform valid", cublasLtMatrixTransformDescSetAttribute(xf, CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA, &t, sizeof(t)));
  // CHECK-NEXT: transform valid: status 0
  size_t written = 0;
  int32_t back = -1;
  CALL("transform get", cublasLtMatrixTransformDescGetAttribute(xf, CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA, &back, sizeof(back), &written));
  // CHECK-NEXT: transform get: status 0
  CALL("transform destroy", cublasLtMatrixTransformDescDestroy(xf));
  CALL("transform after destroy", cublasLtMatrixTransformDescSetAttribute(xf, CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA, &t, sizeof(t)));
  // CHECK: transform destroy: status 0
  // CHECK-NEXT: gemm-guard: {{.*}}: cublasLtMatrixTransformDescSetAttribute: the cublasLtMatrixTransformDesc_t was destroyed before this call [invalid-enum]
  // CHECK-NEXT: transform after destroy: status 7
  cublasLtMatrixTransformDesc_t bad;
  CALL("transform bad scale", cublasLtMatrixTransformDescCreate(&bad, static_cast<cudaDataType>(99)));
  // CHECK: cublasLtMatrixTransformDescCreate: 'CUBLASLT_MATRIX_TRANSFORM_DESC_SCALE_TYPE' (99) is not a cudaDataType [invalid-enum]
  // CHECK-NEXT: transform bad scale: status 7

  // cublasLtMatrixTransform: a matrix without its layout (LT-OBJ-XFORM).
  cublasLtMatrixTransformDesc_t xf2;
  cublasLtMatrixLayout_t L;
  cublasLtMatrixTransformDescCreate(&xf2, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&L, CUDA_R_32F, 8, 8, 8);
  const float alpha = 1, zero = 0;
  void *m = reinterpret_cast<void *>(0x7f0000000000);
  CALL("transform no layout", cublasLtMatrixTransform(nullptr, xf2, &alpha, m, nullptr, &zero, nullptr, nullptr, m, L, 0));
  // CHECK: gemm-guard: {{.*}}: cublasLtMatrixTransform: 'A' is not NULL but 'Adesc' is NULL: cuBLASLt needs the layout of every matrix it reads or writes and returns CUBLAS_STATUS_INVALID_VALUE [invalid-enum]
  // CHECK-NEXT: transform no layout: status 7
  CALL("transform valid", cublasLtMatrixTransform(nullptr, xf2, &alpha, m, L, &zero, nullptr, nullptr, m, L, 0));
  // CHECK: gemm-guard: {{.*}}: cublasLtMatrixTransform returned CUBLAS_STATUS_NOT_INITIALIZED although its arguments are valid per the gemm-tidy rulebook; rerun with CUBLASLT_LOG_LEVEL=1
  // CHECK-NEXT: transform valid: status 1
  cublasLtMatrixTransformDescDestroy(xf2);
  CALL("transform destroyed", cublasLtMatrixTransform(nullptr, xf2, &alpha, m, L, &zero, nullptr, nullptr, m, L, 0));
  // CHECK: cublasLtMatrixTransform: 'transformDesc' was destroyed before this call [invalid-enum]
  // CHECK-NEXT: transform destroyed: status 7
  cublasLtMatrixLayoutDestroy(L);

  // The emulation descriptor.
  cublasLtEmulationDesc_t emu;
  CALL("emulation create", cublasLtEmulationDescCreate(&emu));
  // CHECK: emulation create: status 0
  int *bits = nullptr;
  CALL("emulation size", cublasLtEmulationDescSetAttribute(emu, CUBLASLT_EMULATION_DESC_FIXEDPOINT_MANTISSA_BIT_COUNT_POINTER, &bits, sizeof(int)));
  // CHECK: cublasLtEmulationDescSetAttribute: 'sizeInBytes' (4) does not match 'CUBLASLT_EMULATION_DESC_FIXEDPOINT_MANTISSA_BIT_COUNT_POINTER', which is a pointer (8 bytes)
  // CHECK-NEXT: emulation size: status 7
  CALL("emulation valid", cublasLtEmulationDescSetAttribute(emu, CUBLASLT_EMULATION_DESC_FIXEDPOINT_MANTISSA_BIT_COUNT_POINTER, &bits, sizeof(bits)));
  // CHECK-NEXT: emulation valid: status 0
  cublasLtEmulationDescDestroy(emu);

  // An algo's configuration.
  cublasLtMatmulAlgo_t algo = {};
  const uint32_t shape = 1, swizzle = 2;
  CALL("config size", cublasLtMatmulAlgoConfigSetAttribute(&algo, CUBLASLT_ALGO_CONFIG_INNER_SHAPE_ID, &shape, sizeof(shape)));
  // CHECK: cublasLtMatmulAlgoConfigSetAttribute: 'sizeInBytes' (4) does not match 'CUBLASLT_ALGO_CONFIG_INNER_SHAPE_ID', which is uint16_t (2 bytes)
  // CHECK-NEXT: config size: status 7
  CALL("config enum", cublasLtMatmulAlgoConfigSetAttribute(&algo, CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING, &swizzle, sizeof(swizzle)));
  // CHECK: cublasLtMatmulAlgoConfigSetAttribute: 'CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING' (2) is not a 0 or 1 (other values are reserved) [invalid-enum]
  // CHECK-NEXT: config enum: status 7
  CALL("config get", cublasLtMatmulAlgoConfigGetAttribute(&algo, CUBLASLT_ALGO_CONFIG_TILE_ID, nullptr, 0, nullptr));
  // CHECK: cublasLtMatmulAlgoConfigGetAttribute: 'sizeWritten' must not be NULL when 'sizeInBytes' is 0
  // CHECK-NEXT: config get: status 7
  const uint32_t one = 1;
  CALL("config valid", cublasLtMatmulAlgoConfigSetAttribute(&algo, CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING, &one, sizeof(one)));
  // CHECK-NOT: gemm-guard
  // CHECK: config valid: status {{[0-9]+}}

  // cublasLtMatmulAlgoGetIds and cublasLtMatmulAlgoInit (LT-ALGO-INIT).
  int ids[4], nids = 0;
  CALL("ids none", cublasLtMatmulAlgoGetIds(nullptr, CUBLAS_COMPUTE_32F, CUDA_R_32F, CUDA_R_16F, CUDA_R_16F, CUDA_R_16F, CUDA_R_16F, 0, ids, &nids));
  // CHECK: cublasLtMatmulAlgoGetIds: 'requestedAlgoCount' (0) must be at least 1 [invalid-size]
  // CHECK-NEXT: ids none: status 7
  CALL("init null", cublasLtMatmulAlgoInit(nullptr, CUBLAS_COMPUTE_32F, CUDA_R_32F, CUDA_R_16F, CUDA_R_16F, CUDA_R_16F, CUDA_R_16F, 0, nullptr));
  // CHECK: cublasLtMatmulAlgoInit: 'algo' must not be NULL: cublasLtMatmulAlgoInit writes the algo there [invalid-enum]
  // CHECK-NEXT: init null: status 7
  CALL("ids valid", cublasLtMatmulAlgoGetIds(nullptr, CUBLAS_COMPUTE_32F, CUDA_R_32F, CUDA_R_16F, CUDA_R_16F, CUDA_R_16F, CUDA_R_16F, 4, ids, &nids));
  // CHECK: gemm-guard: {{.*}}: cublasLtMatmulAlgoGetIds returned CUBLAS_STATUS_NOT_INITIALIZED although its arguments are valid per the gemm-tidy rulebook; rerun with CUBLASLT_LOG_LEVEL=1
  // CHECK-NEXT: ids valid: status 1

  // cublasLtMatmulAlgoCheck: the matmul's rules on its descriptors.
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t A, B, C, Bbad;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayoutCreate(&A, CUDA_R_16F, 64, 16, 64);
  cublasLtMatrixLayoutCreate(&B, CUDA_R_16F, 16, 32, 16);
  cublasLtMatrixLayoutCreate(&Bbad, CUDA_R_16F, 17, 32, 17);
  cublasLtMatrixLayoutCreate(&C, CUDA_R_16F, 64, 32, 64);
  cublasLtMatmulHeuristicResult_t result = {};
  CALL("check shape", cublasLtMatmulAlgoCheck(nullptr, op, A, Bbad, C, C, &algo, &result));
  // CHECK: cublasLtMatmulAlgoCheck: the rows of op(B) ('CUBLASLT_MATRIX_LAYOUT_ROWS of Bdesc') (17) does not match k
  // CHECK-NEXT: check shape: status 7
  CALL("check valid", cublasLtMatmulAlgoCheck(nullptr, op, A, B, C, C, &algo, &result));
  // CHECK: gemm-guard: {{.*}}: cublasLtMatmulAlgoCheck returned CUBLAS_STATUS_NOT_INITIALIZED although its arguments are valid per the gemm-tidy rulebook; rerun with CUBLASLT_LOG_LEVEL=1 (or CUBLASLT_LOG_MASK) for cuBLASLt's reason
  // CHECK-NEXT: check valid: status 1

  // The matmul, valid and failing in cuBLASLt: the same advice.
  const float fone = 1, fzero = 0;
  void *dev = reinterpret_cast<void *>(0x7f0000000000);
  // Said once per call site and status.
  for (int i = 0; i < 2; ++i)
    CALL("matmul valid", cublasLtMatmul(nullptr, op, &fone, dev, A, dev, B, &fzero, dev, C, dev, C, nullptr, nullptr, 0, 0));
  // CHECK: gemm-guard: {{.*}}: cublasLtMatmul returned CUBLAS_STATUS_NOT_INITIALIZED although its arguments are valid per the gemm-tidy rulebook; rerun with CUBLASLT_LOG_LEVEL=1 (or CUBLASLT_LOG_MASK) for cuBLASLt's reason
  // CHECK-NEXT: matmul valid: status 1
  // CHECK-NEXT: matmul valid: status 1

  cublasLtMatrixLayoutDestroy(A);
  cublasLtMatrixLayoutDestroy(B);
  cublasLtMatrixLayoutDestroy(Bbad);
  cublasLtMatrixLayoutDestroy(C);
  cublasLtMatmulDescDestroy(op);
  return 0;
}

// OFF-NOT: gemm-guard
// OFF: transform size: status 7
// OFF: transform no layout: status {{[0-9]+}}
// OFF: config get: status 7
// OFF: check shape: status {{[0-9]+}}
