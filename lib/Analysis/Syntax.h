//===--- Syntax.h - gemm-tidy -------------------------------------*- C++ -*-===//
//
// What the value analysis reads off an expression's form, whatever the
// values: the variable an lvalue names, the integer operations and
// conversions as C++ defines them, the cudaDataType a C++ type stands for,
// the variables an allocator or object constructor receives the address
// of, and the bodies of small functions that can be evaluated inline.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_ANALYSIS_SYNTAX_H
#define GEMM_TIDY_ANALYSIS_SYNTAX_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "Models/ApiModel.h"

#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <optional>
#include <string>
#include <functional>
#include <utility>

namespace clang::tidy::gemm {

/// Whether locals of type \p T hold values the analysis follows: integers,
/// enumerations and structures, none volatile.
bool isTrackableType(QualType T);

/// The variable \p E names, through parentheses and implicit casts.
const VarDecl *referencedVar(const Expr *E);

/// The parameter of \p Fn that \p E names, or null.
const ParmVarDecl *parameterOf(const Expr *E, const FunctionDecl *Fn);

/// The local variable an lvalue names, directly or through a field access
/// (`s.lda`), and the field.
std::pair<const VarDecl *, const FieldDecl *> lvalueTarget(const Expr *E);

/// \p L Op \p R on 64-bit integers; nullopt where it overflows or is
/// undefined.
std::optional<int64_t> checkedOp(BinaryOperatorKind Op, int64_t L, int64_t R);

/// What an integer conversion to \p T does to \p V.
int64_t convert(int64_t V, QualType T, const ASTContext &Ctx);

/// The variable `&V` takes the address of, through parentheses and casts
/// (`(void **)&p`); null otherwise.
const VarDecl *addressedVar(const Expr *E);

/// `&opaque` for a structure cuBLASLt's *Init functions fill in place
/// (cublasLtMatrixLayoutOpaque_t and the like): the variable, else null.
const VarDecl *opaqueObject(const Expr *E);

/// What names a cuBLAS handle or cuBLASLt object the walk follows: a
/// variable, or a handle or object field of a local structure (`s.a` of
/// `struct Setup { cublasLtMatrixLayout_t a, b, c; } s;`).
struct ObjectRef {
  const VarDecl *Var = nullptr;
  const FieldDecl *Field = nullptr;
  explicit operator bool() const { return Var != nullptr; }
  friend bool operator==(ObjectRef A, ObjectRef B) {
    return A.Var == B.Var && A.Field == B.Field;
  }
  friend bool operator!=(ObjectRef A, ObjectRef B) { return !(A == B); }
  friend bool operator<(ObjectRef A, ObjectRef B) {
    return std::less<>()(A.Var, B.Var) ||
           (A.Var == B.Var && std::less<>()(A.Field, B.Field));
  }
};

/// Whether \p Map, keyed by (object, attribute id), holds an attribute of
/// \p O: whether the object is followed (or bound).
template <class MapT> bool hasAttributesOf(const MapT &Map, ObjectRef O) {
  auto It = Map.lower_bound({O, INT64_MIN});
  return It != Map.end() && It->first.first == O;
}

/// What names an object: a handle or descriptor variable, a handle or
/// object field of a structure variable (`s.a`), or the structure of
/// `&opaque`.
ObjectRef objectRef(const Expr *E);

/// The handle or object field of a structure \p Record names: `r.f` (or
/// `r->f` where \p Through, \p Record a pointer); null otherwise.
const FieldDecl *objectFieldOf(const Expr *E, const VarDecl *Record,
                               bool Through);

/// Whether a structure has a handle or cuBLASLt object field.
bool holdsObjects(QualType T);
bool holdsObjects(const RecordDecl *RD);

/// The structure variable \p E names (a copy of it too) where it holds
/// objects: what a call that receives it by value or reference can reach.
const VarDecl *objectHolder(const Expr *E);

/// The variable whose address argument \p Arg of \p Call is:
/// `cudaMalloc(&p, n)` and the C forms `cudaMalloc((void **)&p, n)`,
/// `reinterpret_cast<void **>(&p)`.
const VarDecl *allocatedVar(const CallExpr *Call, unsigned Arg = 0);

/// The variable an allocator stores the pitch in (cudaMallocPitch(&p,
/// &pitch, widthBytes, height)), or null.
const VarDecl *pitchVar(const CallExpr *Call);

/// The arguments of \p Call before the one \p Fn's first parameter takes:
/// a member function called as an operator (`go(16)` of a lambda, `s(32)`
/// of a functor) has the object as the call's first argument.
unsigned objectArguments(const CallExpr &Call, const FunctionDecl &Fn);

/// The parameter of \p Callee (null: none known) that argument \p I of
/// \p Call initialises; null for the object of a member operator's call
/// and for an argument past the parameters (a C variadic's).
const ParmVarDecl *parameterFor(const CallExpr &Call,
                                const FunctionDecl *Callee, unsigned I);

/// Whether \p Call stores what it makes through its first argument, the
/// address of a variable, which is no escape: an allocator, or the
/// constructor of a cuBLAS handle or cuBLASLt object.
bool storesThroughAddress(const CallExpr *Call);

/// The body of the function a call runs, where the analysis can bind its
/// parameters to the call's arguments (\p Def: that definition); null
/// otherwise.
const CompoundStmt *inlinableBody(const CallExpr *Call,
                                  const FunctionDecl *&Def);

/// The definition of a function whose body only returns an expression
/// (`{ return <expr>; }`, after constants it may declare), with that
/// expression in \p Ret; null otherwise.
const FunctionDecl *singleReturn(const CallExpr *Call, const Expr *&Ret);

/// `&V` where V is a cuBLAS handle or cuBLASLt object variable, or `&s.f`
/// of such a field of a structure variable: what it names, else none.
ObjectRef objectAddress(const Expr *E);

/// `&s` (or `s` given to a reference parameter \p Param) where s is a
/// structure variable that holds objects: s, else null.
const VarDecl *objectRecord(const Expr *E, const ParmVarDecl *Param);

/// `&s` given to a pointer-to-const parameter \p Param (`run(const Setup
/// *s)`) where s is a structure variable that holds objects: s, which the
/// callee can read (and configure the objects of) but not assign.
const VarDecl *readOnlyHolder(const Expr *E, const ParmVarDecl *Param);

/// `Plan{...}`, `{...}`, a copy of either: the initializer list; else
/// \p E without its implicit nodes.
const Expr *aggregateOf(const Expr *E);

/// Whether a scalar's initializer is zero; nullopt where not proven.
std::optional<bool> isZeroScalar(const Expr *Init, const ASTContext &Ctx);

/// \p E as written, shortened for a note.
std::string describe(const Expr *E, const ASTContext &Ctx);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_ANALYSIS_SYNTAX_H
