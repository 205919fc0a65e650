/* Stand-in for CUDA's cuComplex.h: the complex types cuBLAS takes (float2
   and double2, as the toolkit has them, so that a check sees the same
   types) and the helpers host code builds its scalars with. */
#ifndef GEMM_STANDIN_CUCOMPLEX_H
#define GEMM_STANDIN_CUCOMPLEX_H
#include "vector_types.h"
typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;
#if defined(__cplusplus)
extern "C" {
#endif
__host__ __device__ float cuCrealf(cuFloatComplex x);
__host__ __device__ float cuCimagf(cuFloatComplex x);
__host__ __device__ cuFloatComplex make_cuFloatComplex(float r, float i);
__host__ __device__ cuFloatComplex cuConjf(cuFloatComplex x);
__host__ __device__ cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y);
__host__ __device__ cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y);
__host__ __device__ cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y);
__host__ __device__ cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y);
__host__ __device__ float cuCabsf(cuFloatComplex x);
__host__ __device__ double cuCreal(cuDoubleComplex x);
__host__ __device__ double cuCimag(cuDoubleComplex x);
__host__ __device__ cuDoubleComplex make_cuDoubleComplex(double r, double i);
__host__ __device__ cuDoubleComplex cuConj(cuDoubleComplex x);
__host__ __device__ cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y);
__host__ __device__ cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y);
__host__ __device__ cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y);
__host__ __device__ cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y);
__host__ __device__ double cuCabs(cuDoubleComplex x);
__host__ __device__ cuComplex make_cuComplex(float x, float y);
__host__ __device__ cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c);
__host__ __device__ cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c);
#if defined(__cplusplus)
}
#endif
#endif
