//===--- AttributeEncodingCheck.h - gemm-tidy ---------------------*- C++ -*-===//

#ifndef GEMM_TIDY_ATTRIBUTEENCODINGCHECK_H
#define GEMM_TIDY_ATTRIBUTEENCODINGCHECK_H

#include "GemmCallCheck.h"

namespace clang::tidy::gemm {

/// Finds cuBLASLt attribute calls whose buffer does not hold the attribute's
/// type: a 'sizeInBytes' other than the attribute's size, a NULL 'buf', a
/// pointer attribute given the buffer instead of the address of a variable
/// holding it, a 'buf' of another type, an attribute the headers lack.
///
/// For the user-facing documentation see:
/// docs/checks/gemm-attribute-encoding.md
class AttributeEncodingCheck : public GemmCallCheck {
public:
  AttributeEncodingCheck(StringRef Name, ClangTidyContext *Context)
      : GemmCallCheck(Name, Context, rules::Category::AttributeEncoding) {}
};

} // namespace clang::tidy::gemm

#endif // GEMM_TIDY_ATTRIBUTEENCODINGCHECK_H
