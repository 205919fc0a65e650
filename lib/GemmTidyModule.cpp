//===--- GemmTidyModule.cpp - gemm-tidy ----------------------------------===//
//
// The gemm-* checks: misuse of the cuBLAS GEMM family proven from values
// known at compile time.
//
//===----------------------------------------------------------------------===//

#include "AttributeEncodingCheck.h"
#include "BatchStrideCheck.h"
#include "BufferTypeCheck.h"
#include "EpilogueCheck.h"
#include "Int8AlignmentCheck.h"
#include "InvalidEnumCheck.h"
#include "InvalidSizeCheck.h"
#include "LeadingDimensionCheck.h"
#include "NarrowPrecisionCheck.h"
#include "PrecisionLossCheck.h"
#include "ScalarPointerModeCheck.h"
#include "ScalarTypeCheck.h"
#include "ShapeConsistencyCheck.h"
#include "TypeCombinationCheck.h"
#include "WorkspaceCheck.h"

#include "clang-tidy/ClangTidyModule.h"
#include "llvm/Config/llvm-config.h"
#if LLVM_VERSION_MAJOR < 22 // the registry moved into ClangTidyModule.h
#include "clang-tidy/ClangTidyModuleRegistry.h"
#endif

namespace clang::tidy::gemm {

class GemmTidyModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<AttributeEncodingCheck>(
        "gemm-attribute-encoding");
    Factories.registerCheck<BatchStrideCheck>("gemm-batch-stride");
    Factories.registerCheck<BufferTypeCheck>("gemm-buffer-type");
    Factories.registerCheck<EpilogueCheck>("gemm-epilogue");
    Factories.registerCheck<Int8AlignmentCheck>("gemm-int8-alignment");
    Factories.registerCheck<InvalidEnumCheck>("gemm-invalid-enum");
    Factories.registerCheck<InvalidSizeCheck>("gemm-invalid-size");
    Factories.registerCheck<LeadingDimensionCheck>("gemm-leading-dimension");
    Factories.registerCheck<NarrowPrecisionCheck>("gemm-narrow-precision");
    Factories.registerCheck<PrecisionLossCheck>("gemm-precision-loss");
    Factories.registerCheck<ScalarPointerModeCheck>("gemm-scalar-pointer-mode");
    Factories.registerCheck<ScalarTypeCheck>("gemm-scalar-type");
    Factories.registerCheck<ShapeConsistencyCheck>("gemm-shape-consistency");
    Factories.registerCheck<TypeCombinationCheck>("gemm-type-combination");
    Factories.registerCheck<WorkspaceCheck>("gemm-workspace");
  }
};

} // namespace clang::tidy::gemm

namespace clang::tidy {

// Register the module using this statically initialized variable.
static ClangTidyModuleRegistry::Add<gemm::GemmTidyModule>
    X("gemm-module", "Checks for misuse of the cuBLAS GEMM family.");

// This anchor is used to force the linker to link in the generated object
// file and thus register the module (gemm-tidy and gemm-clangd link it).
volatile int GemmTidyModuleAnchorSource = 0;

} // namespace clang::tidy
