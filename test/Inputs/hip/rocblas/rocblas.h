/* Stand-in for rocBLAS's rocblas.h: rocblas_gemm_ex and its enums
   (rocblas-types.h, rocBLAS 4.x/5.x values). */
#ifndef GEMM_STANDIN_ROCBLAS_H
#define GEMM_STANDIN_ROCBLAS_H
#include <stdint.h>
typedef struct _rocblas_handle *rocblas_handle;
typedef int32_t rocblas_int;
typedef enum { rocblas_status_success = 0, rocblas_status_invalid_size = 3 } rocblas_status;
typedef enum { rocblas_operation_none = 111, rocblas_operation_transpose = 112,
               rocblas_operation_conjugate_transpose = 113 } rocblas_operation;
typedef enum {
  rocblas_datatype_f16_r = 150, rocblas_datatype_f32_r = 151, rocblas_datatype_f64_r = 152,
  rocblas_datatype_f16_c = 153, rocblas_datatype_f32_c = 154, rocblas_datatype_f64_c = 155,
  rocblas_datatype_i8_r = 160, rocblas_datatype_u8_r = 161, rocblas_datatype_i32_r = 162,
  rocblas_datatype_u32_r = 163, rocblas_datatype_i8_c = 164, rocblas_datatype_u8_c = 165,
  rocblas_datatype_i32_c = 166, rocblas_datatype_u32_c = 167, rocblas_datatype_bf16_r = 168,
  rocblas_datatype_bf16_c = 169, rocblas_datatype_invalid = 255
} rocblas_datatype;
typedef enum { rocblas_gemm_algo_standard = 0, rocblas_gemm_algo_solution_index = 1 } rocblas_gemm_algo;
#ifdef __cplusplus
extern "C" {
#endif
rocblas_status rocblas_gemm_ex(rocblas_handle handle, rocblas_operation transA,
    rocblas_operation transB, rocblas_int m, rocblas_int n, rocblas_int k,
    const void *alpha, const void *a, rocblas_datatype a_type, rocblas_int lda,
    const void *b, rocblas_datatype b_type, rocblas_int ldb, const void *beta,
    const void *c, rocblas_datatype c_type, rocblas_int ldc, void *d,
    rocblas_datatype d_type, rocblas_int ldd, rocblas_datatype compute_type,
    rocblas_gemm_algo algo, int32_t solution_index, uint32_t flags);
#ifdef __cplusplus
}
#endif
#endif
