//===--- ObjectFunctions.h - gemm-tidy ----------------------------*- C++ -*-===//
//
// The cuBLAS and cuBLASLt functions of the objects the checks follow, one
// row each: what the function does to the object its first argument names
// (a cuBLAS handle, or a cuBLASLt matmul descriptor, matrix layout or
// matmul preference), how many arguments it takes and where the values it
// stores begin, and for the functions that read objects, the role of each
// argument. The value analysis follows the objects' state through them
// (ValueAnalysis.cpp), the checks judge their arguments (LtObjectCall.h),
// and cublasLtMatmul and cublasLtMatmulAlgoGetHeuristic, which read the
// objects, are found by them (LtMatmulDiagnosis.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_OBJECTFUNCTIONS_H
#define GEMM_TIDY_OBJECTFUNCTIONS_H

#include "gemm/rules/lt_check.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>

namespace clang::tidy::gemm {

namespace lt = ::gemm::rules::lt;

/// What a function does to the object its first argument names.
enum class ObjectCall : uint8_t {
  None,
  Create,  ///< creates it, from the address of the variable
  Init,    ///< creates it in place, in the storage the argument points to
  Set,     ///< sets one attribute (a handle's: its pointer or math mode)
  Get,     ///< reads one attribute
  Destroy, ///< ends it
  Use,     ///< read the objects they receive, or take no object: the
           ///< matmul and its heuristic (Obj MatmulDesc),
           ///< cublasLtMatrixTransform (TransformDesc), AlgoGetIds and
           ///< AlgoInit (AlgoConfig)
};

/// Whether \p What makes a new object (Create and Init).
constexpr bool createsObject(ObjectCall What) {
  return What == ObjectCall::Create || What == ObjectCall::Init;
}

/// One function of the table.
struct ObjectFunction {
  const char *Name = nullptr;
  ObjectCall What = ObjectCall::None;
  /// The object: a cuBLAS handle (cublasHandle_t), or else the rules core's
  /// cuBLASLt object Obj (for Use, the descriptor among those it reads).
  bool Handle = false;
  lt::Object Obj = lt::Object::MatmulDesc;
  unsigned NumArgs = 0;
  /// Create and Init: the argument that becomes the first of the object's
  /// lt::createdAttributes(), the others following in their order (the
  /// *Init_internal forms take the storage's size before it).
  unsigned FirstValue = 1;
  /// A handle's Set: the mode it sets (HandleAttribute).
  int64_t Sets = -1;
  /// Use: the role of each of the NumArgs arguments, as the rules core
  /// names them (lt::Arg::None for those it does not); null otherwise.
  const lt::Arg *Roles = nullptr;
};

/// The argument of \p Call that plays \p Role in \p F (a Use row), or null.
inline const Expr *argumentPlaying(const CallExpr &Call,
                                   const ObjectFunction &F, lt::Arg Role) {
  if (!F.Roles || Role == lt::Arg::None)
    return nullptr;
  for (unsigned I = 0; I < F.NumArgs && I < Call.getNumArgs(); ++I)
    if (F.Roles[I] == Role)
      return Call.getArg(I);
  return nullptr;
}

/// The attributes of a handle's state, beside cuBLASLt's ids.
enum HandleAttribute : int64_t { HandlePointerMode = 0, HandleMathMode = 1 };

/// The arguments of X*SetAttribute(obj, attr, buf, sizeInBytes) and
/// X*GetAttribute(obj, attr, buf, sizeInBytes, sizeWritten), by position.
enum AttributeArg : unsigned { ObjectPos, AttrPos, BufPos, SizePos, WrittenPos };

/// Whether \p T is cublasHandle_t (a pointer to struct cublasContext).
bool isHandleType(QualType T);

/// The function called \p Name, or null.
const ObjectFunction *objectFunctionNamed(llvm::StringRef Name);

/// The function \p Callee is, by name, or null.
inline const ObjectFunction *objectFunctionOf(const FunctionDecl *Callee) {
  const IdentifierInfo *Id = Callee ? Callee->getIdentifier() : nullptr;
  return Id ? objectFunctionNamed(Id->getName()) : nullptr;
}

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_OBJECTFUNCTIONS_H
