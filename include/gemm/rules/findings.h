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

// What of an argument a finding rests on: the diagnostics note where each
// came from, and the guard tells a finding about the handle itself.
enum class Fact : uint8_t {
  Value,            // what was passed: a number, an enumerator, an address
  Residency,        // where the pointer points
  PointeeType,      // the type the pointer points to
  Allocation,       // where it points and the size of its allocation
  Alignment,        // its offset into its allocation
  PointerMode,      // the handle's pointer mode
  MathMode,         // the handle's math mode
  Attribute,        // attribute Attr of the object the argument names
  SetAttribute,     // the same, only where a call set it (not its default)
  AttributeAtQuery, // attribute Attr where the heuristic query chose 'algo'
  Destroyed,        // whether the object was destroyed
  Origin,           // the call that gave the value ('algo': its query)
};

// One value a finding rests on.
struct Input {
  Role Argument = Role::None;
  Fact What = Fact::Value;
  int64_t Attr = -1; // the attribute, for the Attribute facts

  constexpr Input() = default;
  constexpr Input(Role R, Fact F = Fact::Value, int64_t A = -1)
      : Argument(R), What(F), Attr(A) {}
  friend constexpr bool operator==(const Input &X, const Input &Y) {
    return X.Argument == Y.Argument && X.What == Y.What && X.Attr == Y.Attr;
  }
  friend constexpr bool operator!=(const Input &X, const Input &Y) {
    return !(X == Y);
  }
};

// Where a finding is reported: at the call that reads the values, or at
// the setter or Create call that wrote the one value it judges (a wrong
// value in itself is reported once, where it was written, not again at
// every call that reads the object). rule_ids.h gives each rule's.
enum class Reported : uint8_t { AtCall, AtSetter };

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
  std::vector<Input> Inputs; // the values that decide the finding
  Reported Where = Reported::AtCall;
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

// Whether \p F rests on a fact of argument \p R (any fact).
inline bool readsArgument(const Finding &F, Role R) {
  for (const Input &In : F.Inputs)
    if (In.Argument == R)
      return true;
  return false;
}

// Adds \p In to what \p F rests on, once.
inline void addInput(Finding &F, Input In) {
  for (const Input &Have : F.Inputs)
    if (Have == In)
      return;
  F.Inputs.push_back(In);
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
  // A cuBLASLt finding, about an argument or an attribute: its subject is
  // the first value it rests on.
  Finding &add(Category Cat, const char *Rule, lt::Subject About, int64_t V,
               std::string Msg, std::string Note = "",
               Severity Sev = Severity::Error) {
    Finding &F = add(Cat, Rule, V, std::move(Msg), std::move(Note), Sev);
    F.About = About;
    F.Inputs = {About.Attr >= 0 ? Input(About.Argument, Fact::Attribute,
                                        About.Attr)
                                : Input(About.Argument)};
    return F;
  }
};

} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_FINDINGS_H
