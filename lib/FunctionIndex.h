//===--- FunctionIndex.h - gemm-tidy ------------------------------*- C++ -*-===//
//
// The function definitions written in one file, found from its
// declarations, to tell which functions a call sits in without a parent map
// of the translation unit or a matcher that every function of it, the
// headers' included, would meet. Statements are walked only where
// definitions share their text (a template's instantiations), each such
// group once.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_TIDY_FUNCTIONINDEX_H
#define GEMM_TIDY_FUNCTIONINDEX_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <vector>

namespace clang::tidy::gemm {

class FunctionIndex {
public:
  /// Indexes the definitions whose names are written in \p File, in
  /// namespaces, classes, templates' instantiations and functions (local
  /// classes, lambdas) of it.
  FunctionIndex(ASTContext &Ctx, FileID File);

  struct Enclosing {
    /// The innermost function whose code holds the call; where a
    /// template's instantiations (or the functions of one macro
    /// expansion) share its text, the one whose body holds the call.
    const FunctionDecl *Innermost = nullptr;
    /// Every function whose text contains the call (a constructor's from
    /// its initialisers), innermost first.
    llvm::SmallVector<const FunctionDecl *, 8> Containing;
  };
  /// The functions around \p Call, written at \p Offset of the file.
  Enclosing enclosing(const CallExpr &Call, unsigned Offset) const;

  struct Entry {
    unsigned Begin, End; // offsets in the file, both inclusive
    const FunctionDecl *Fn;
  };

private:
  bool inFile(SourceLocation Loc) const;
  void add(const Decl *D);
  void addFunction(const FunctionDecl *Fn);

  const SourceManager &SM;
  const FileID File;
  const SourceLocation::UIntTy FileBegin, FileEnd; // its locations' encodings
  std::vector<Entry> Entries; // by Begin, outer first where equal
  std::vector<unsigned> MaxEnd; // the largest End of Entries[0..I]
  /// What enclosing() learnt of each group of definitions that share their
  /// text (by first entry): whether it is one template's pattern and
  /// instantiations, whose calls are told apart by the names they use, and
  /// whether its bodies were walked for the calls in them (Owner).
  struct GroupFacts {
    bool OneTemplate = false;
    bool Walked = false;
  };
  mutable llvm::DenseMap<const Entry *, GroupFacts> Groups;
  /// The function each call in a walked group sits in.
  mutable llvm::DenseMap<const CallExpr *, const FunctionDecl *> Owner;
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_FUNCTIONINDEX_H
