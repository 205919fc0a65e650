/* Stand-in for cuBLAS's cublas_v2.h: the v2 API under its usual names. */
#ifndef GEMM_STANDIN_CUBLAS_V2_H
#define GEMM_STANDIN_CUBLAS_V2_H
#include "cublas_api.h"
#define cublasCreate cublasCreate_v2
#define cublasDestroy cublasDestroy_v2
#define cublasSetPointerMode cublasSetPointerMode_v2
#define cublasSnrm2 cublasSnrm2_v2
#define cublasSgemm cublasSgemm_v2
#define cublasDgemm cublasDgemm_v2
#define cublasCgemm cublasCgemm_v2
#define cublasZgemm cublasZgemm_v2
#define cublasSgemm_64 cublasSgemm_v2_64
#define cublasDgemm_64 cublasDgemm_v2_64
#define cublasCgemm_64 cublasCgemm_v2_64
#define cublasZgemm_64 cublasZgemm_v2_64
#endif
