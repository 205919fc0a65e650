// gemm/rules/findings.h - what a rule says about a call, for both APIs.
//
// Value (a number or "unknown"), the facts about a pointer, the check
// categories, and Finding: one defect, with its rule id, severity, subject,
// value, bound and words, and the Sink a checker collects them in.
#ifndef GEMM_RULES_FINDINGS_H
#define GEMM_RULES_FINDINGS_H

#include "gemm/rules/api.h"
#include "gemm/rules/enums.h"
#include <cstdint>
#include <string>
#include <vector>

namespace gemm {
namespace rules {

struct Value {
  bool Known = false;
  int64_t V = 0;

  static Value of(int64_t X) { return Value{true, X}; }
  static Value unknown() { return Value{}; }
};

// Where a pointer points, as cudaPointerGetAttributes tells (or as the
// static checks can prove).
enum class Residency : uint8_t {
  Unknown,
  Pageable,   // ordinary host memory, not registered with CUDA
  PinnedHost, // page-locked host memory, mapped for the device
  Device,
  Managed,
};

struct PointerFacts {
  Value Address;            // the pointer itself; 0 is null
  Residency Where = Residency::Unknown;
  Value AllocBegin;         // the allocation holding Address: [begin, end)
  Value AllocEnd;
  Value PointeeType;        // cudaDataType of the type it points to
  Value PointeeCount;       // elements of that type from Address on
  Value PointeeIsPointer;   // 1: it points to a pointer, not to data
};

// Whether the scalar P points to holds a complex value of type Complex
// (cuComplex or cuDoubleComplex, whose parts are float or double): a
// `float alpha[2] = {1, 0}` passed as it decays holds the bytes cuBLAS
// reads.
constexpr bool holdsComplex(const PointerFacts &P, int64_t Complex) {
  const int64_t Part = Complex == dt::C_32F ? dt::R_32F : Complex == dt::C_64F ? dt::R_64F : -1;
  return Part >= 0 && P.PointeeType.Known && P.PointeeType.V == Part &&
         P.PointeeCount.Known && P.PointeeCount.V >= 2;
}

// Each category is one clang-tidy check (gemm-<name>) and one tag of the
// runtime guard's reports.
enum class Category : uint8_t {
  LeadingDimension,
  InvalidSize,
  TypeCombination,
  InvalidEnum,
  ScalarType,
  BufferType,
  ScalarPointerMode,
  Int8Alignment,
  BatchStride,
  BufferExtent,
  PrecisionLoss,
  // cuBLASLt only (gemm/rules/lt_check.h).
  AttributeEncoding,
  ShapeConsistency,
  NarrowPrecision,
  Epilogue,
  Workspace,
};

constexpr const char *categoryName(Category C) {
  switch (C) {
  case Category::LeadingDimension: return "leading-dimension";
  case Category::InvalidSize: return "invalid-size";
  case Category::TypeCombination: return "type-combination";
  case Category::InvalidEnum: return "invalid-enum";
  case Category::ScalarType: return "scalar-type";
  case Category::BufferType: return "buffer-type";
  case Category::ScalarPointerMode: return "scalar-pointer-mode";
  case Category::Int8Alignment: return "int8-alignment";
  case Category::BatchStride: return "batch-stride";
  case Category::BufferExtent: return "buffer-extent";
  case Category::PrecisionLoss: return "precision-loss";
  case Category::AttributeEncoding: return "attribute-encoding";
  case Category::ShapeConsistency: return "shape-consistency";
  case Category::NarrowPrecision: return "narrow-precision";
  case Category::Epilogue: return "epilogue";
  case Category::Workspace: return "workspace";
  }
  return "unknown";
}

// How a finding binds: an Error is what the library rejects, or what
// crashes or corrupts memory; a Warning is advisory -- the library runs the
// call anyway (a documented precision loss), or a failure is observed while
// the restriction is in doubt. The guard reports warnings without blocking;
// gemm-explain and gemm_rules call them warnings.
enum class Severity : uint8_t { Error, Warning };

namespace lt {
// cuBLASLt's arguments are roles of the one Role enumeration; lt code
// names them Arg.
using Arg = Role;
constexpr unsigned ArgCount = static_cast<unsigned>(Role::Count);

// What a cuBLASLt finding is about: an argument of the call, or (Attr >= 0)
// an attribute of the object that argument names.
struct Subject {
  Arg Argument = Arg::None;
  int64_t Attr = -1;
};
} // namespace lt

// One finding of either library's rules: the GEMM family's name their
// subject by Param (and Group), cuBLASLt's by About.
struct Finding {
  Category Cat;
  const char *RuleId; // the rule in docs/rules.md or docs/cublaslt.md
  Severity Sev = Severity::Error;
  Role Param = Role::Handle; // the GEMM argument the message is about
  int Group = -1;     // index into the grouped APIs' host arrays
  lt::Subject About;  // the cuBLASLt argument or attribute it is about
  int64_t Value = 0;  // the argument's value
  int64_t Bound = 0;  // the limit it breaks, where the rule has one
  std::string Message;
  std::string Note;         // how to fix it; may be empty
  bool RowMajorIdiom = false; // the note explains the row-major idiom
  std::string SizeNote; // with RowMajorIdiom: the note without the idiom,
                        // only the size the argument must have
  std::vector<Role> Inputs; // the arguments whose values decide the finding
  // The enumerator that replaces the argument Param when the rules leave one
  // reading of the call (a fix-it); empty when there is none.
  std::string Replacement;
};

// Findings the library runs anyway and that neither crash nor corrupt
// memory: the guard reports them without blocking, gemm-explain and
// gemm_rules call them warnings.
inline bool isAdvisory(const Finding &F) {
  return F.Sev == Severity::Warning;
}

// Where a checker collects its findings: one per defect, each with its
// category, rule id, severity, value and words. A GEMM finding then names
// its subject by Param (and Group), a cuBLASLt one by About.
class Sink {
public:
  std::vector<Finding> Out;

  Finding &add(Category Cat, const char *Rule, int64_t V, std::string Msg,
               std::string Note = "", Severity Sev = Severity::Error) {
    Finding F;
    F.Cat = Cat;
    F.RuleId = Rule;
    F.Sev = Sev;
    F.Value = V;
    F.Message = std::move(Msg);
    F.Note = std::move(Note);
    Out.push_back(std::move(F));
    return Out.back();
  }
  // A cuBLASLt finding, about an argument or an attribute.
  Finding &add(Category Cat, const char *Rule, lt::Subject About, int64_t V,
               std::string Msg, std::string Note = "",
               Severity Sev = Severity::Error) {
    Finding &F = add(Cat, Rule, V, std::move(Msg), std::move(Note), Sev);
    F.About = About;
    return F;
  }
};

} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_FINDINGS_H
