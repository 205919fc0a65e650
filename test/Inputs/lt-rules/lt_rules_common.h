// The operands, scalars and attribute values shared by the cuBLASLt rule
// tests (test/checkers/lt-rules-*.cpp). Their values are unknown to the
// analysis (A, B, ... are globals) or fixed constants, so each test case
// decides a rule only through the setup it writes out.
#ifndef GEMM_TEST_LT_RULES_COMMON_H
#define GEMM_TEST_LT_RULES_COMMON_H

#include <cublasLt.h>
#include <cuda_runtime.h>
#include <cstdint>

cublasLtHandle_t lt;
const void *A, *B;
void *C, *D, *workspace;
void *bias, *aux;
void *scaleA, *scaleB, *scaleD, *scaleOut;

const float one = 1, zero = 0;
const int32_t ione = 1, izero = 0;
const float2 calpha = {1, 0}, cbeta = {0, 0};

const cublasOperation_t opN = CUBLAS_OP_N, opT = CUBLAS_OP_T, opC = CUBLAS_OP_C;

const cublasLtOrder_t col32 = CUBLASLT_ORDER_COL32;
const cublasLtOrder_t col4 = CUBLASLT_ORDER_COL4_4R2_8C;
const cublasLtOrder_t col32r4 = CUBLASLT_ORDER_COL32_2R_4R4;
const cublasLtOrder_t rowOrder = CUBLASLT_ORDER_ROW;
const cublasLtBatchMode_t ptrArray = CUBLASLT_BATCH_MODE_POINTER_ARRAY;
const int64_t planeOffset = 4096;

const int32_t scalar32F = CUBLASLT_MATMUL_MATRIX_SCALE_SCALAR_32F;
const int32_t vec16 = CUBLASLT_MATMUL_MATRIX_SCALE_VEC16_UE4M3;
const int32_t vec32 = CUBLASLT_MATMUL_MATRIX_SCALE_VEC32_UE8M0;
const int32_t outerVec = CUBLASLT_MATMUL_MATRIX_SCALE_OUTER_VEC_32F;
const int32_t vec128 = CUBLASLT_MATMUL_MATRIX_SCALE_VEC128_32F;
const int32_t blk128 = CUBLASLT_MATMUL_MATRIX_SCALE_BLK128x128_32F;

#endif // GEMM_TEST_LT_RULES_COMMON_H
