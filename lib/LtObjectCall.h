//===--- LtObjectCall.h - gemm-tidy -------------------------------*- C++ -*-===//
//
// The calls that build cuBLASLt objects: the matmul descriptor's, matrix
// layout's and matmul preference's *SetAttribute and *GetAttribute, and the
// *Create and *Init calls whose arguments become attributes. Their arguments
// are folded into the rules core's input (gemm/rules/lt_check.h), the same
// values the runtime guard (gemm/lt_guard.h) gives it from a real call.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_LTOBJECTCALL_H
#define GEMM_TIDY_LTOBJECTCALL_H

#include "GemmDiagnosis.h"
#include "gemm/rules/lt_check.h"

#include "clang/ASTMatchers/ASTMatchers.h"

namespace clang::tidy::gemm {

namespace lt = ::gemm::rules::lt;

/// One cuBLASLt function whose arguments the attribute rules read.
struct LtObjectFunction {
  enum Kind : uint8_t { Create, Set, Get };
  const char *Name;
  lt::Object Obj;
  Kind What;
  unsigned NumArgs;
  /// Create: the position of the first argument that becomes an attribute
  /// (the others follow in the order of createdAttributes()).
  unsigned FirstValue;
};

/// The function called \p Name, or null.
const LtObjectFunction *ltObjectFunctionNamed(llvm::StringRef Name);

/// Matches a cuBLASLt function of the table by name.
AST_MATCHER(FunctionDecl, isLtObjectFunction) {
  const IdentifierInfo *Id = Node.getIdentifier();
  return Id && ltObjectFunctionNamed(Id->getName()) != nullptr;
}

/// The diagnostics of \p Call, a call of \p Function inside \p Enclosing
/// (null where not known): the arguments are evaluated in the call's
/// function and in the contexts of the calls that bind its parameters, and
/// a finding is kept only where it holds on every feasible path.
std::vector<Diagnosis> diagnoseLtObjectCall(const CallExpr &Call,
                                            const LtObjectFunction &Function,
                                            const FunctionDecl *Enclosing,
                                            ASTContext &Ctx,
                                            const Preprocessor *PP,
                                            int64_t LibraryVersion);

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_LTOBJECTCALL_H
