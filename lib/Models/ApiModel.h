//===--- ApiModel.h - gemm-tidy -----------------------------------*- C++ -*-===//
//
// What the checks know of the functions around the GEMM calls, one row per
// function (as the Static Analyzer's StdLibraryFunctionsChecker summarises the
// C library), read from the rules core's tables, which every layer shares
// (gemm/rules/functions.h: cuBLAS handle and CUDA memory functions;
// gemm/rules/lt/functions.h: cuBLASLt): the functions that create, destroy or
// set a mode of a cuBLAS handle, those that create, initialise, set, get or
// destroy a cuBLASLt matmul descriptor, matrix layout or matmul preference
// (the objects the value analysis follows), the cuBLASLt functions that read
// objects the checks judge, and the CUDA allocators and deallocators. A row
// says what the function does -- to the object its first argument names, or
// to the pointer whose address it receives (an allocation, with its residency
// and the arguments that give its size and pitch) -- how many arguments it
// takes and where the values it stores begin, and for the functions that read
// objects, the role of each argument. The value analysis follows objects and
// allocations through them (Analysis/), the checks judge their arguments
// (LtObjectCall.h), and cublasLtMatmul and cublasLtMatmulAlgoGetHeuristic,
// which read the objects, are found by them (LtMatmulDiagnosis.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_MODELS_APIMODEL_H
#define GEMM_TIDY_MODELS_APIMODEL_H

#include "gemm/rules/api.h"
#include "gemm/rules/lt_check.h"
#include "gemm/rules/lt/functions.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>

namespace clang::tidy::gemm {

namespace lt = ::gemm::rules::lt;

/// What a function does to the object its first argument names, or to
/// the pointer whose address it receives: the rules core's (its tables of
/// functions are the model's rows).
using Effect = ::gemm::rules::Effect;

/// Whether \p What makes a new object (Create and Init).
constexpr bool createsObject(Effect What) {
  return What == Effect::Create || What == Effect::Init;
}

/// One function of the table.
struct ApiFunction {
  const char *Name = nullptr;
  Effect What = Effect::None;
  /// The object: a cuBLAS handle (cublasHandle_t), or else the rules core's
  /// cuBLASLt object Obj (for Use, the descriptor among those it reads).
  bool Handle = false;
  lt::Object Obj = lt::Object::MatmulDesc;
  unsigned NumArgs = 0;
  /// Create and Init: the argument that becomes the first of the object's
  /// lt::createdAttributes(), the others following in their order (the
  /// *Init_internal forms take the storage's size before it).
  unsigned FirstValue = 1;
  /// A handle's Set or Get: the mode it sets or reads (HandleAttribute).
  int64_t Sets = -1;
  /// Use: the role of each of the NumArgs arguments, as the rules core
  /// names them (Role::None for those it does not); null otherwise.
  const ::gemm::rules::Role *Roles = nullptr;
  /// Allocate: where the memory lies, the argument that gives its size in
  /// bytes and the one that receives its pitch in bytes (-1: none).
  ::gemm::rules::Residency Where = ::gemm::rules::Residency::Unknown;
  int SizeArg = -1;
  int PitchArg = -1;
};

/// The argument of \p Call that plays \p Role in \p F (a Use row), or null.
inline const Expr *argumentPlaying(const CallExpr &Call,
                                   const ApiFunction &F, ::gemm::rules::Role Role) {
  if (!F.Roles || Role == ::gemm::rules::Role::None)
    return nullptr;
  for (unsigned I = 0; I < F.NumArgs && I < Call.getNumArgs(); ++I)
    if (F.Roles[I] == Role)
      return Call.getArg(I);
  return nullptr;
}

/// The attributes of a handle's state, beside cuBLASLt's ids.
enum HandleAttribute : int64_t {
  HandlePointerMode = static_cast<int64_t>(::gemm::rules::HandleMode::Pointer),
  HandleMathMode = static_cast<int64_t>(::gemm::rules::HandleMode::Math)
};

/// The arguments of X*SetAttribute(obj, attr, buf, sizeInBytes) and
/// X*GetAttribute(obj, attr, buf, sizeInBytes, sizeWritten), by position.
enum AttributeArg : unsigned { ObjectPos, AttrPos, BufPos, SizePos, WrittenPos };

/// Whether \p T is cublasHandle_t (a pointer to struct cublasContext).
bool isHandleType(QualType T);

/// Whether \p T is an object type of the table: cublasHandle_t, or a
/// cuBLASLt descriptor, layout or preference (a cublasLt*_t pointer).
bool isObjectType(QualType T);

/// The row of \p Callee where it allocates memory, or null.
const ApiFunction *allocatorOf(const FunctionDecl *Callee);

/// The row of \p Callee where it frees memory (cudaFree), or null.
const ApiFunction *deallocatorOf(const FunctionDecl *Callee);

/// The row of \p Callee where it changes the object its first argument
/// names: creates it (from the address of the variable), creates it in
/// place (*Init: in the memory the variable points to), sets one of its
/// attributes, or ends it; a row whose What is None for every other
/// function (the getters and the matmul only read it).
ApiFunction objectCallOf(const FunctionDecl *Callee);

/// Whether \p Callee is one of cuBLAS's or cuBLASLt's own functions that
/// take an object and leave its state alone: all but the ones
/// objectCallOf() models.
bool keepsObjectState(const FunctionDecl *Callee);

/// Whether every argument is a number, an enumerator or a message (a
/// `const char *`, a string literal): nothing that could reach an object.
template <class Range> bool onlyNumbersAndMessages(Range Args) {
  for (const Expr *Arg : Args) {
    const QualType T = Arg->IgnoreParenImpCasts()->getType();
    if (T.isNull())
      return false;
    const bool Message = T->isPointerType() &&
                         T->getPointeeType().isConstQualified() &&
                         T->getPointeeType()->isCharType();
    if (!T->isArithmeticType() && !T->isEnumeralType() && !Message &&
        !(T->isArrayType() &&
          T->getArrayElementTypeNoTypeQual()->isCharType()))
      return false;
  }
  return true;
}

/// Whether \p Call cannot change a cuBLAS handle's modes: cuBLAS's own
/// functions other than the setters, the CUDA runtime and driver, the
/// system's libraries, and a function given nothing but numbers and
/// messages (`check(status, __FILE__, __LINE__)`) -- which could reach a
/// handle only through a global, which the analysis assumes it does not.
bool leavesHandlesAlone(const CallExpr *Call);

/// The cudaDataType a C++ object type stands for; -1 where none (void,
/// plain char, a type the rules do not model).
int64_t dataTypeCode(QualType T, const ASTContext &Ctx);

/// The function called \p Name, or null.
const ApiFunction *apiFunctionNamed(llvm::StringRef Name);

/// What the checks make of a callee, from both tables at once: a function
/// of the GEMM family (gemm/rules/api.h), cublasLtMatmul or
/// cublasLtMatmulAlgoGetHeuristic (the matmul diagnosis), or a cuBLASLt
/// function whose own arguments the rules read (LtObjectCall.h), each with
/// its row; None for every other function.
struct CalleeRow {
  enum Kind : uint8_t { None, Gemm, LtMatmul, LtObject };
  Kind K = None;
  /// Gemm: the GEMM family's row.
  const ::gemm::rules::ApiInfo *Api = nullptr;
  /// LtMatmul and LtObject: the model's row.
  const ApiFunction *Fn = nullptr;

  explicit operator bool() const { return K != None; }
  /// Whether \p F is one of the entry points by name alone, arity aside:
  /// cublas_api.h's inline overloads of them call the real one, and their
  /// calls are not the user's.
  bool isEntryPoint() const { return K == Gemm || K == LtObject; }
};

/// The row of \p F, by its name (a prefix test, then the row remembered
/// for its identifier: it runs on the callee of every call the matchers
/// see); cublasLtMatmul and the heuristic query only where their arity is
/// cublasLt.h's.
CalleeRow classify(const FunctionDecl &F);

/// The function \p Callee is, by name, or null.
const ApiFunction *apiFunctionOf(const FunctionDecl *Callee);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_MODELS_APIMODEL_H
