// gemm/rules/functions.h - the functions around the GEMM calls, as data:
// the cuBLAS handle functions whose modes the rules read, and the CUDA
// runtime's and driver's memory functions, one row each.
//
// Every layer reads these rows and writes no list of its own: the
// clang-tidy checks' API model (lib/Models/ApiModel.cpp), the runtime
// guard's macros and preload entry points (tools/gen-guard-sources.py
// generates them from the rows), and the Static Analyzer's models. The
// cuBLASLt entry points have their table beside the rules that read their
// objects (gemm/rules/lt/functions.h); the GEMM family is gemm/rules/api.h.
#ifndef GEMM_RULES_FUNCTIONS_H
#define GEMM_RULES_FUNCTIONS_H

#include "gemm/rules/findings.h"
#include <cstdint>
#include <string_view>

namespace gemm {
namespace rules {

// What a function does to the object its first argument names (a cuBLAS or
// cuBLASLt handle, a cuBLASLt object), or to the memory whose address it
// receives.
enum class Effect : uint8_t {
  None,
  Create,   // creates it, from the address of the variable
  Init,     // creates it in place, in the storage the argument points to
  Set,      // sets one attribute (a handle's: its pointer or math mode)
  Get,      // reads one attribute
  Destroy,  // ends it
  Use,      // reads the objects it receives (the matmul, its heuristic)
  Allocate, // allocates memory and stores its address through argument 0
  Free,     // frees the memory argument 0 points to
  Register, // registers (or unregisters) host memory with CUDA
};

// The attributes of a cuBLAS handle's state a Set row names.
enum class HandleMode : int8_t { None = -1, Pointer = 0, Math = 1 };

// One cuBLAS handle function. Symbol is the exported name; Written the
// name cublas_v2.h maps to it (cublasCreate -> cublasCreate_v2), or the
// same where the header does not rename it.
struct HandleFunction {
  const char *Symbol;
  const char *Written;
  Effect What;
  unsigned NumArgs;
  HandleMode Sets;
};

// X(Symbol, Written, Effect, NumArgs, HandleMode)
#define GEMM_RULES_FOR_EACH_HANDLE_FUNCTION(X)                                 \
  X(cublasCreate_v2, cublasCreate, Create, 1, None)                            \
  X(cublasDestroy_v2, cublasDestroy, Destroy, 1, None)                         \
  X(cublasSetPointerMode_v2, cublasSetPointerMode, Set, 2, Pointer)            \
  X(cublasGetPointerMode_v2, cublasGetPointerMode, Get, 2, Pointer)            \
  X(cublasSetMathMode, cublasSetMathMode, Set, 2, Math)                        \
  X(cublasGetMathMode, cublasGetMathMode, Get, 2, Math)

#define GEMM_RULES_HANDLE_ROW(SYMBOL, WRITTEN, EFFECT, ARGS, MODE)             \
  {#SYMBOL, #WRITTEN, Effect::EFFECT, ARGS, HandleMode::MODE},
inline constexpr HandleFunction HandleFunctions[] = {
    GEMM_RULES_FOR_EACH_HANDLE_FUNCTION(GEMM_RULES_HANDLE_ROW)};
#undef GEMM_RULES_HANDLE_ROW

// One CUDA memory function: what it does, where the memory it gives lies,
// the argument with the size in bytes and the one that receives the pitch
// in bytes (-1: none, or not followed).
struct MemoryFunction {
  const char *Name;
  Effect What;
  Residency Where;
  int SizeArg;
  int PitchArg;
};

// X(Name, Effect, Residency, SizeArg, PitchArg). The allocators take
// (&p, bytes, ...), but the pitched ones (&p, &pitch, widthBytes, height),
// the symbol's address and the pool's, whose size is not followed.
#define GEMM_RULES_FOR_EACH_MEMORY_FUNCTION(X)                                 \
  X(cudaMalloc, Allocate, Device, 1, -1)                                       \
  X(cudaMallocAsync, Allocate, Device, 1, -1)                                  \
  X(cudaMallocFromPoolAsync, Allocate, Device, -1, -1)                         \
  X(cudaMallocPitch, Allocate, Device, -1, 1)                                  \
  X(cudaGetSymbolAddress, Allocate, Device, -1, -1)                            \
  X(cuMemAlloc, Allocate, Device, 1, -1)                                       \
  X(cuMemAlloc_v2, Allocate, Device, 1, -1)                                    \
  X(cuMemAllocAsync, Allocate, Device, 1, -1)                                  \
  X(cuMemAllocPitch, Allocate, Device, -1, -1)                                 \
  X(cuMemAllocPitch_v2, Allocate, Device, -1, -1)                              \
  X(cudaMallocManaged, Allocate, Managed, 1, -1)                               \
  X(cudaMallocHost, Allocate, PinnedHost, 1, -1)                               \
  X(cudaHostAlloc, Allocate, PinnedHost, 1, -1)                                \
  X(cudaFree, Free, Unknown, -1, -1)                                           \
  X(cudaFreeAsync, Free, Unknown, -1, -1)                                      \
  X(cudaFreeHost, Free, Unknown, -1, -1)                                       \
  X(cuMemFree, Free, Unknown, -1, -1)                                          \
  X(cuMemFree_v2, Free, Unknown, -1, -1)                                       \
  X(cuMemFreeAsync, Free, Unknown, -1, -1)                                     \
  X(cuMemFreeHost, Free, Unknown, -1, -1)                                      \
  X(cudaHostRegister, Register, PinnedHost, 1, -1)                             \
  X(cudaHostUnregister, Register, Unknown, -1, -1)

#define GEMM_RULES_MEMORY_ROW(NAME, EFFECT, WHERE, SIZE, PITCH)                \
  {#NAME, Effect::EFFECT, Residency::WHERE, SIZE, PITCH},
inline constexpr MemoryFunction MemoryFunctions[] = {
    GEMM_RULES_FOR_EACH_MEMORY_FUNCTION(GEMM_RULES_MEMORY_ROW)};
#undef GEMM_RULES_MEMORY_ROW

// The row of the function called Name (by either of its names), or null.
constexpr const HandleFunction *findHandleFunction(std::string_view Name) {
  for (const HandleFunction &F : HandleFunctions)
    if (Name == F.Symbol || Name == F.Written)
      return &F;
  return nullptr;
}
constexpr const MemoryFunction *findMemoryFunction(std::string_view Name) {
  for (const MemoryFunction &F : MemoryFunctions)
    if (Name == F.Name)
      return &F;
  return nullptr;
}

// The prefixes of the CUDA toolkit's cuBLAS, cuBLASLt and runtime
// functions. The tables above list every toolkit function that changes a
// handle's modes or a cuBLASLt object's attributes: one outside them
// (cublasSetStream, cudaStreamSynchronize) changes neither.
inline constexpr std::string_view ToolkitPrefixes[] = {"cublas", "cuda"};

constexpr bool isToolkitFunctionName(std::string_view Name) {
  for (std::string_view Prefix : ToolkitPrefixes)
    if (Name.substr(0, Prefix.size()) == Prefix)
      return true;
  return false;
}

} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_FUNCTIONS_H
