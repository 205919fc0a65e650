//===--- ObjectRecipes.h - gemm-tidy ------------------------------*- C++ -*-===//
//
// What a function of the translation unit does to cuBLAS handles and
// cuBLASLt objects when that is all it does: a helper that makes or
// configures one object (or the objects one structure holds), a
// constructor that creates its class's objects, a member function that
// configures them, a getter that returns one. The walk replays a recipe's
// calls at each call of the function, its parameters bound to the
// arguments (ObjectTransfer.cpp); anything else a body does makes it no
// recipe, and the objects it reaches unknown.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_ANALYSIS_OBJECTRECIPES_H
#define GEMM_TIDY_ANALYSIS_OBJECTRECIPES_H

#include "Models/ApiModel.h"

#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang::tidy::gemm {

/// What a function of the file does to one cuBLAS handle or cuBLASLt object,
/// or to the objects one structure holds, and nothing else: the object
/// calls of its body, in order, each with the field it acts on (null: the
/// object itself).
struct ObjectRecipe {
  struct Step {
    const CallExpr *Call;
    ApiFunction Info;
    const FieldDecl *Field;
  };
  const FunctionDecl *Def = nullptr;
  llvm::SmallVector<Step, 8> Calls;
};

/// The recipe of the function \p Call runs for its argument \p I: the
/// object (setters on it: `setEpilogue(desc, e)`), or its address (a Create
/// through it, then setters on what it points to: `makeLayout(&a, rows,
/// cols, ld)`); for \p I = -1, the local object it creates, configures and
/// returns (`cublasLtMatrixLayout_t a = makeLayout(rows, cols, ld)`). The
/// object may be a structure's fields instead: a structure received by
/// pointer or reference (`initSetup(&s, m, n, k)`), or the local one the
/// function returns (`Setup s = makeSetup(m, n, k)`); each field it makes
/// is created before it is configured. A call may be wrapped in a
/// one-argument status check; cuBLAS's own calls that change no object may
/// stand between. Nullopt where the body does anything else.
std::optional<ObjectRecipe> objectRecipe(const CallExpr *Call, int I);

/// The recipe of the constructor \p Construct runs, where its class holds
/// objects and the constructor only makes them (its member initialisers
/// call nothing; its body creates each field it configures): the steps on
/// the new object's fields.
std::optional<ObjectRecipe> constructorRecipe(const CXXConstructExpr *Construct);

/// The recipe of the member function \p Call runs, where it only makes or
/// configures the objects its class holds (`void setLd(int64_t)`).
std::optional<ObjectRecipe> memberRecipe(const CXXMemberCallExpr *Call);

/// The field a member function \p Call runs returns, where its body is
/// only `return l_;` of a handle or object field: a getter.
const FieldDecl *objectGetter(const CXXMemberCallExpr *Call);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_ANALYSIS_OBJECTRECIPES_H
