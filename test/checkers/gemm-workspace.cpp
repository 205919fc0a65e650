// REQUIRES: cuda-headers
// RUN: %check_gemm_tidy %s gemm-workspace %t -- -- %gemm_cxx_flags
//
// cublasLtMatmul's workspace: NULL only with size 0, 256-byte aligned, and
// no larger than what is left of its allocation.

#include <cublasLt.h>
#include <cuda_runtime.h>
#include <cstdint>

cublasLtHandle_t lt;
const void *A, *B;
void *C, *D;
const float one = 1, zero = 0;

struct Setup {
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t a, b, d;
};

// ---- positive -------------------------------------------------------------------

void nullWorkspaceWithSize() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  const size_t size = 1 << 20;
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, nullptr, size, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:72: warning: 'workspace' is NULL but 'workspaceSizeInBytes' is 1048576 [gemm-workspace]
  // CHECK-NOTES: :[[@LINE-2]]:72: note: pass 0 as the size when there is no workspace
}

void sizeBeyondAllocation() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  char *workspace;
  cudaMalloc(&workspace, 4096);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 8192, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:83: warning: 'workspaceSizeInBytes' (8192) exceeds the 4096 bytes left in the workspace allocation [gemm-workspace]
  // CHECK-NOTES: :[[@LINE-3]]:26: note: 'workspace' is in an allocation of 4096 bytes
}

void misalignedSlice() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  char *arena;
  cudaMalloc(&arena, 1 << 20);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, arena + 100, 4096, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:72: warning: 'workspace' is 100 bytes past a 256-byte boundary; cuBLASLt needs it 256-byte aligned [gemm-workspace]
  // CHECK-NOTES: :[[@LINE-3]]:22: note: 'workspace' is in an allocation of 1048576 bytes
}

// A wrapper given its workspace: the allocation is the caller's.
void matmulWith(void *ws, size_t wsSize) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, ws, wsSize, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:76: warning: 'workspaceSizeInBytes' (8192) exceeds the 4096 bytes left in the workspace allocation [gemm-workspace]
  // CHECK-NOTES: :[[@LINE+5]]:22: note: 'workspace' is in an allocation of 4096 bytes
  // CHECK-NOTES: :[[@LINE+5]]:3: note: 'matmulWith' is called with ws in device memory, wsSize = 8192 here
}
void callersOfTheWrapper(void *unknown) {
  char *small, *large;
  cudaMalloc(&small, 4096);
  matmulWith(small, 8192);
  cudaMalloc(&large, 1 << 20);
  matmulWith(large, 8192);   // enough: silent
  matmulWith(unknown, 8192); // not known here: the guard's
}

// ---- negative -------------------------------------------------------------------

void noWorkspace() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, nullptr, 0, 0);
}

void alignedSlice() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  char *arena;
  cudaMalloc(&arena, 1 << 20);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, arena + 4096, 8192, 0);
}

// ---- skipped: not proven ------------------------------------------------------------

// The workspace comes from elsewhere: its alignment and size are the
// runtime guard's to check.
void workspaceFromCaller(void *workspace, size_t size) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr,
                 static_cast<char *>(workspace) + 100, size, 0);
}

// The allocation was freed (cudaFree is a row of the API table): no
// allocation lies behind the pointer, so its old size says nothing about
// what is left (the use after free is no rule of this check's).
void freedWorkspace() {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtMatrixLayout_t a, b, d;
  cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 64, 32, 64);
  cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 32, 16, 32);
  cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, 64, 16, 64);
  char *workspace;
  cudaMalloc(&workspace, 4096);
  cudaFree(workspace);
  cublasLtMatmul(lt, op, &one, A, a, B, b, &zero, C, d, D, d, nullptr, workspace, 8192, 0);
}
