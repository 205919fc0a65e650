/* cuBLASLt's object functions declared by the program itself, without
   cublasLt.h: K&R declarations, another number of parameters, calls with
   the wrong number of arguments. Must not crash; nothing matches the real
   prototypes, so nothing is analysed.
   RUN: %check_gemm_tidy %s 'gemm-*' %t -- -- -x c -std=c89
   ALLOW-COMPILER-ERRORS */

#include <stddef.h>

typedef struct Desc *cublasLtMatmulDesc_t;
typedef struct Layout *cublasLtMatrixLayout_t;

int cublasLtMatmulDescSetAttribute();
int cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t, int, const void *);
int cublasLtMatrixLayoutCreate(a, b) cublasLtMatrixLayout_t *a; int b; { return b; }
int cublasLtMatmulDescCreate();
int cublasLtMatrixTransform();
int cublasLtMatmulAlgoGetIds();
int cublasLtMatmulAlgoInit(int, int, void *);

void calls(cublasLtMatmulDesc_t d, cublasLtMatrixLayout_t l) {
  int epilogue = 12345;
  long stride = 4096;
  cublasLtMatmulDescSetAttribute(d, 7, &epilogue, sizeof(epilogue));
  cublasLtMatmulDescSetAttribute(d, 7, &epilogue, 8, 0, 0);
  cublasLtMatmulDescSetAttribute();
  cublasLtMatrixLayoutSetAttribute(l, 6, &stride);
  cublasLtMatrixLayoutCreate(&l, 0, -1, 4, -1);
  cublasLtMatrixLayoutCreate(&l, 0);
  cublasLtMatmulDescCreate(&d, 0);
  cublasLtMatmulDescCreate(&d, 0, 0, 0, 0);
  cublasLtMatrixTransform(0, 0, 0, &epilogue, NULL);
  cublasLtMatrixTransform(0, 0, 0, &epilogue, NULL, 0, 0, 0, 0, 0, 0);
  cublasLtMatrixTransform(0, 0, 0, &epilogue, NULL, 0, 0, 0, 0, 0, 0, 0);
  cublasLtMatmulAlgoGetIds(0, 0, 0, 0, 0, 0, 0, 0, NULL, NULL);
  cublasLtMatmulAlgoInit(0, 0, NULL);
  cublasLtMatmulAlgoInit(0, 0, 0, 0, 0, 0, 0, 0, NULL);
}
