// gemm/rules/lt/functions.h - the cuBLASLt API as data: one row per entry
// point of cublasLt.h that makes, changes, reads or ends an object the rules
// judge, with what it does, its arity and the role of each argument.
//
// Every layer reads these rows and writes no list of its own: the
// clang-tidy checks' API model (lib/Models/ApiModel.cpp), the runtime
// guard's macros and preload entry points (tools/gen-guard-sources.py
// generates them), gemm-explain's object tracking and replay
// (gemm/explain/replay.h) and the Static Analyzer's models. The
// LtFunctionTable unit test fails when a layer knows a function this table
// does not.
#ifndef GEMM_RULES_LT_FUNCTIONS_H
#define GEMM_RULES_LT_FUNCTIONS_H

#include "gemm/rules/functions.h"
#include "gemm/rules/lt_attributes.h"
#include <string_view>

namespace gemm {
namespace rules {
namespace lt {

// How a program reaches a function: by the name it writes and the symbol
// libcublasLt.so exports (Both); only through the symbol (Symbol: the
// *Init_internal forms, which cublasLt.h's inline *Init wrappers call); or
// only by the name (Inline: those wrappers, which have no symbol of their
// own). The guard's macros reroute what is written, its preload library
// interposes what is exported.
enum class Route : uint8_t { Both, Symbol, Inline };

// Which rule set of the rules core judges a call of the function.
enum class Judge : uint8_t {
  None,
  Object,    // checkCreate and checkAttributeCall (objects.h, attribute_rules.h)
  Matmul,    // checkMatmul: cublasLtMatmul, the heuristic query, AlgoCheck
  Transform, // checkTransform (other_calls.h)
  AlgoSetup, // checkAlgoSetup (other_calls.h)
};

struct Function {
  const char *Name;
  bool OnHandle;  // acts on a cublasLtHandle_t, not on an object
  Object Obj;     // the object; for Use, the descriptor among those it reads
  Effect What;
  unsigned NumArgs;
  // Create and Init: the argument that gives the first of the object's
  // createdAttributes(), the others following in their order (the
  // *Init_internal forms take the storage's size before it).
  unsigned FirstValue;
  Route Reach;
  Judge JudgedBy;
  // Use: the role of each of the NumArgs arguments (Role::None for those
  // the rules do not read); null otherwise.
  const Role *Roles;

  // The position of the argument playing R, or -1.
  constexpr int position(Role R) const {
    if (!Roles || R == Role::None)
      return -1;
    for (unsigned I = 0; I < NumArgs; ++I)
      if (Roles[I] == R)
        return static_cast<int>(I);
    return -1;
  }
};

// The arguments of the functions that read objects, as cublasLt.h declares
// them. cublasLtMatmul(lightHandle, computeDesc, alpha, A, Adesc, B, Bdesc,
// beta, C, Cdesc, D, Ddesc, algo, workspace, workspaceSizeInBytes, stream):
inline constexpr Role MatmulRoles[] = {
    Role::Handle, Role::ComputeDesc, Role::Alpha, Role::A,     Role::Adesc,
    Role::B,      Role::Bdesc,       Role::Beta,  Role::C,     Role::Cdesc,
    Role::D,      Role::Ddesc,       Role::Algo,  Role::Workspace,
    Role::WorkspaceSize, Role::None};
// cublasLtMatmulAlgoGetHeuristic(lightHandle, operationDesc, Adesc, Bdesc,
// Cdesc, Ddesc, preference, requestedAlgoCount, heuristicResultsArray,
// returnAlgoCount):
inline constexpr Role HeuristicRoles[] = {
    Role::Handle, Role::ComputeDesc, Role::Adesc,      Role::Bdesc,
    Role::Cdesc,  Role::Ddesc,       Role::Preference, Role::RequestedAlgoCount,
    Role::HeuristicResults, Role::ReturnedAlgoCount};
// cublasLtMatmulAlgoCheck(lightHandle, operationDesc, Adesc, Bdesc, Cdesc,
// Ddesc, algo, result):
inline constexpr Role AlgoCheckRoles[] = {
    Role::Handle, Role::ComputeDesc, Role::Adesc, Role::Bdesc,
    Role::Cdesc,  Role::Ddesc,       Role::Algo,  Role::None};
// cublasLtMatrixTransform(lightHandle, transformDesc, alpha, A, Adesc, beta,
// B, Bdesc, C, Cdesc, stream):
inline constexpr Role TransformRoles[] = {
    Role::Handle, Role::TransformDesc, Role::Alpha, Role::A,     Role::Adesc,
    Role::Beta,   Role::B,             Role::Bdesc, Role::C,     Role::Cdesc,
    Role::None};
// cublasLtMatmulAlgoGetIds(lightHandle, computeType, scaleType, Atype,
// Btype, Ctype, Dtype, requestedAlgoCount, algoIdsArray, returnAlgoCount):
inline constexpr Role AlgoGetIdsRoles[] = {
    Role::Handle, Role::None, Role::None, Role::None, Role::None,
    Role::None,   Role::None, Role::RequestedAlgoCount, Role::None,
    Role::None};
// cublasLtMatmulAlgoInit(lightHandle, computeType, scaleType, Atype, Btype,
// Ctype, Dtype, algoId, algo):
inline constexpr Role AlgoInitRoles[] = {
    Role::Handle, Role::None, Role::None, Role::None, Role::None,
    Role::None,   Role::None, Role::None, Role::Algo};

// The arity of Create (FirstValue 1) and *Init_internal (FirstValue 2): the
// object, the storage's size, one argument per created attribute.
constexpr unsigned createdArity(Object O, unsigned FirstValue) {
  return FirstValue + createdAttributes(O).Count;
}

// The handle: X(Name, Effect, NumArgs).
#define GEMM_RULES_FOR_EACH_LT_HANDLE_FUNCTION(X)                              \
  X(cublasLtCreate, Create, 1)                                                 \
  X(cublasLtDestroy, Destroy, 1)

// An object's functions: X(Name, Object, Effect, NumArgs, FirstValue, Route,
// Judge, Roles). PREFIX is the object's prefix in cublasLt.h's names.
#define GEMM_RULES_LT_OBJECT_FUNCTIONS(X, PREFIX, OBJ)                         \
  X(PREFIX##Create, OBJ, Create, createdArity(Object::OBJ, 1), 1, Both,        \
    Object, nullptr)                                                           \
  X(PREFIX##Init, OBJ, Init, createdArity(Object::OBJ, 1), 1, Inline, Object,  \
    nullptr)                                                                   \
  X(PREFIX##Init_internal, OBJ, Init, createdArity(Object::OBJ, 2), 2, Symbol, \
    Object, nullptr)                                                           \
  X(PREFIX##SetAttribute, OBJ, Set, 4, 1, Both, Object, nullptr)               \
  X(PREFIX##GetAttribute, OBJ, Get, 5, 1, Both, Object, nullptr)               \
  X(PREFIX##Destroy, OBJ, Destroy, 1, 1, Both, None, nullptr)

#define GEMM_RULES_FOR_EACH_LT_FUNCTION(X)                                     \
  GEMM_RULES_LT_OBJECT_FUNCTIONS(X, cublasLtMatmulDesc, MatmulDesc)            \
  GEMM_RULES_LT_OBJECT_FUNCTIONS(X, cublasLtMatrixLayout, MatrixLayout)        \
  GEMM_RULES_LT_OBJECT_FUNCTIONS(X, cublasLtMatmulPreference, Preference)      \
  GEMM_RULES_LT_OBJECT_FUNCTIONS(X, cublasLtMatrixTransformDesc, TransformDesc) \
  GEMM_RULES_LT_OBJECT_FUNCTIONS(X, cublasLtEmulationDesc, EmulationDesc)      \
  /* The algo is the caller's structure: its configuration is set and read */ \
  X(cublasLtMatmulAlgoConfigSetAttribute, AlgoConfig, Set, 4, 1, Both, Object, \
    nullptr)                                                                   \
  X(cublasLtMatmulAlgoConfigGetAttribute, AlgoConfig, Get, 5, 1, Both, Object, \
    nullptr)                                                                   \
  X(cublasLtMatmul, MatmulDesc, Use, 16, 1, Both, Matmul, MatmulRoles)         \
  X(cublasLtMatmulAlgoGetHeuristic, MatmulDesc, Use, 10, 1, Both, Matmul,      \
    HeuristicRoles)                                                            \
  X(cublasLtMatmulAlgoCheck, MatmulDesc, Use, 8, 1, Both, Matmul,              \
    AlgoCheckRoles)                                                            \
  X(cublasLtMatrixTransform, TransformDesc, Use, 11, 1, Both, Transform,       \
    TransformRoles)                                                            \
  X(cublasLtMatmulAlgoGetIds, AlgoConfig, Use, 10, 1, Both, AlgoSetup,         \
    AlgoGetIdsRoles)                                                           \
  X(cublasLtMatmulAlgoInit, AlgoConfig, Use, 9, 1, Both, AlgoSetup,            \
    AlgoInitRoles)

#define GEMM_RULES_LT_HANDLE_ROW(NAME, EFFECT, ARGS)                           \
  {#NAME,       true, Object::MatmulDesc, Effect::EFFECT, ARGS, 1, Route::Both, \
   Judge::None, nullptr},
#define GEMM_RULES_LT_ROW(NAME, OBJ, EFFECT, ARGS, FIRST, ROUTE, JUDGE, ROLES) \
  {#NAME,        false,         Object::OBJ, Effect::EFFECT, ARGS, FIRST,      \
   Route::ROUTE, Judge::JUDGE, ROLES},
inline constexpr Function Functions[] = {
    GEMM_RULES_FOR_EACH_LT_HANDLE_FUNCTION(GEMM_RULES_LT_HANDLE_ROW)
        GEMM_RULES_FOR_EACH_LT_FUNCTION(GEMM_RULES_LT_ROW)};
#undef GEMM_RULES_LT_HANDLE_ROW
#undef GEMM_RULES_LT_ROW

// The row of the function called Name, or null.
constexpr const Function *findFunction(std::string_view Name) {
  for (const Function &F : Functions)
    if (Name == F.Name)
      return &F;
  return nullptr;
}

} // namespace lt
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_LT_FUNCTIONS_H
