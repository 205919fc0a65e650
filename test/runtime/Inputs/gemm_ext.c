/* A CPython extension module that links libcublas, as every GPU extension
   does, and is loaded by CPython with dlopen(RTLD_LOCAL). gemm_ext.sgemm(m,
   lda) calls cublasSgemm on a handle that was never created and returns
   the status. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <cublas_v2.h>

static char never_created[4096];
static float buffer[64 * 64];

static PyObject *sgemm(PyObject *self, PyObject *args) {
  int m, lda;
  (void)self;
  if (!PyArg_ParseTuple(args, "ii", &m, &lda))
    return NULL;
  const float one = 1, zero = 0;
  cublasStatus_t s = cublasSgemm((cublasHandle_t)never_created, CUBLAS_OP_N, CUBLAS_OP_N, m, 8, 8, &one, buffer, lda, buffer, 8, &zero, buffer, m);
  return PyLong_FromLong((long)s);
}

static PyMethodDef methods[] = {{"sgemm", sgemm, METH_VARARGS, "cublasSgemm"},
                                {NULL, NULL, 0, NULL}};
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "gemm_ext", NULL, -1, methods,
                                    NULL, NULL, NULL, NULL};
PyMODINIT_FUNC PyInit_gemm_ext(void) { return PyModule_Create(&module); }
