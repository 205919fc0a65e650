// gemm/rules/check.h - the verdict on one call of the GEMM family.
//
// Input: the API row and, for each role, a value or "unknown". Output: one
// finding per defect, each naming the parameter, its value, the bound and the
// reason, in the words both the clang-tidy checks and the runtime guard print.
// An unknown argument never yields a finding: it stands for every value.
#ifndef GEMM_RULES_CHECK_H
#define GEMM_RULES_CHECK_H

#include "gemm/rules/api.h"
#include "gemm/rules/enums.h"
#include "gemm/rules/type_tables.h"
#include "gemm/rules/vendor.h"

#include <algorithm>
#include <cstdint>
#include <limits>
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

struct CallValues {
  Value Scalar[RoleCount];
  PointerFacts Pointer[RoleCount];
  Value PointerMode; // the handle's cublasPointerMode_t
  Value MathMode;    // the handle's cublasMath_t
  Value BetaIsZero;  // 1 or 0 where *beta could be read on the host
  // Host arrays of the grouped APIs (trans, m, n, k, ld, group_size), one
  // entry per group; shorter than group_count or empty where not known.
  std::vector<Value> PerGroup[RoleCount];
  // The C++ overload of cublas_api.h that takes a cudaDataType computeType.
  bool LegacyComputeType = false;
  // The computeType argument has a cudaDataType type (wording only: C code
  // and the _64 APIs have no overload that converts it).
  bool ComputeTypeIsDataType = false;
  // hipBLAS before HIPBLAS_V2: types are hipblasDatatype_t.
  bool HipblasLegacyTypes = false;
  // CUBLAS_VERSION of the headers or library in use; 0 when not known.
  int64_t LibraryVersion = 0;
  // The group PerGroup[...][0] stands for: the runtime guard checks the
  // groups of a large call in chunks.
  int64_t GroupBase = 0;
  // The function's name as the caller spelled it (cublasSgemm, which
  // cublas_v2.h maps to cublasSgemm_v2), for the messages; empty: the
  // API's own name.
  std::string CalledAs;
  // The leading dimensions (by role) that are, unchanged, a row pitch in
  // bytes as cudaMallocPitch returns it. The static analysis proves it; the
  // runtime guard sees only a number and leaves them all false.
  bool PitchBytes[RoleCount] = {};

  Value &operator[](Role R) { return Scalar[static_cast<unsigned>(R)]; }
  const Value &operator[](Role R) const {
    return Scalar[static_cast<unsigned>(R)];
  }
  PointerFacts &pointer(Role R) { return Pointer[static_cast<unsigned>(R)]; }
  const PointerFacts &pointer(Role R) const {
    return Pointer[static_cast<unsigned>(R)];
  }
  std::vector<Value> &group(Role R) { return PerGroup[static_cast<unsigned>(R)]; }
  const std::vector<Value> &group(Role R) const {
    return PerGroup[static_cast<unsigned>(R)];
  }
};

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
// What a cuBLASLt finding is about: an argument of the call, or (Attr >= 0)
// an attribute of the object that argument names.
enum class Arg : uint8_t {
  None, Handle, ComputeDesc, Alpha, A, Adesc, B, Bdesc, Beta, C, Cdesc, D,
  Ddesc, Preference, RequestedAlgoCount, Algo, Workspace, WorkspaceSize,
  Buf, SizeInBytes, SizeWritten, TransformDesc, EmulationDesc, Count
};
constexpr unsigned ArgCount = static_cast<unsigned>(Arg::Count);

struct Subject {
  Arg Argument = Arg::None;
  int64_t Attr = -1;
};
} // namespace lt

// One finding of either library's rules: the GEMM family's name their
// subject by Param (and Group), cuBLASLt's by About.
struct Finding {
  Category Cat;
  const char *RuleId; // the rule in docs/rules.md or the cuBLASLt rulebook
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

// The name cuBLAS's (or hipBLAS's, rocBLAS's) documentation gives a role.
inline std::string paramName(const ApiInfo &Api, Role R, int Group = -1) {
  const bool Roc = Api.Vend == Vendor::Rocblas;
  const char *Base = "?";
  switch (R) {
  case Role::Handle: Base = "handle"; break;
  case Role::TransA: Base = Roc ? "transA" : "transa"; break;
  case Role::TransB: Base = Roc ? "transB" : "transb"; break;
  case Role::M: Base = "m"; break;
  case Role::N: Base = "n"; break;
  case Role::K: Base = "k"; break;
  case Role::Alpha: Base = "alpha"; break;
  case Role::A: Base = Roc ? "a" : "A"; break;
  case Role::AType: Base = Roc ? "a_type" : "Atype"; break;
  case Role::Lda: Base = "lda"; break;
  case Role::StrideA: Base = "strideA"; break;
  case Role::B: Base = Roc ? "b" : "B"; break;
  case Role::BType: Base = Roc ? "b_type" : "Btype"; break;
  case Role::Ldb: Base = "ldb"; break;
  case Role::StrideB: Base = "strideB"; break;
  case Role::Beta: Base = "beta"; break;
  case Role::C: Base = Roc ? "c" : "C"; break;
  case Role::CType: Base = Roc ? "c_type" : "Ctype"; break;
  case Role::Ldc: Base = "ldc"; break;
  case Role::StrideC: Base = "strideC"; break;
  case Role::D: Base = "d"; break;
  case Role::DType: Base = "d_type"; break;
  case Role::Ldd: Base = "ldd"; break;
  case Role::BatchCount: Base = "batchCount"; break;
  case Role::GroupCount: Base = "group_count"; break;
  case Role::GroupSize: Base = "group_size"; break;
  case Role::ComputeType: Base = Roc ? "compute_type" : "computeType"; break;
  case Role::Algo: Base = "algo"; break;
  case Role::SolutionIndex: Base = "solution_index"; break;
  case Role::Flags: Base = "flags"; break;
  case Role::Count: break;
  }
  std::string Name = Base;
  if (Group >= 0) {
    if (R != Role::GroupSize)
      Name += "_array";
    Name += "[" + std::to_string(Group) + "]";
  }
  return Name;
}

namespace detail {

inline std::string quote(const std::string &S) { return "'" + S + "'"; }

// Sizes and spans of non-negative operands, saturating: a result past
// INT64_MAX is INT64_MAX, which no allocation or stride reaches.
inline int64_t satMul(int64_t A, int64_t B) {
  int64_t R;
  return __builtin_mul_overflow(A, B, &R) ? INT64_MAX : R;
}
inline int64_t satAdd(int64_t A, int64_t B) {
  int64_t R;
  return __builtin_add_overflow(A, B, &R) ? INT64_MAX : R;
}
// A saturated count, as the words of a message.
inline std::string countText(int64_t V) {
  return V == INT64_MAX ? "more than " + std::to_string(V - 1)
                        : std::to_string(V);
}

// The stored shape of an operand: A is m x k unless transposed, B is k x n.
struct Operand {
  Role Trans, Ld, Rows, Cols; // Rows/Cols of op(X), before the transpose
  char Letter;
};

class Checker {
public:
  Checker(const ApiInfo &Api, const CallValues &In) : Api(Api), In(In) {
    for (unsigned I = 0; I < RoleCount; ++I)
      Narrowed[I] = false;
  }

  std::vector<Finding> run() {
    checkSizeWidths();
    if (Api.isGrouped())
      checkGroups();
    else
      checkShape(-1);
    checkTypes();
    checkPitches();
    checkAlgo();
    checkScalars();
    checkBuffers();
    checkPrecision();
    return std::move(Out);
  }

private:
  const ApiInfo &Api;
  const CallValues &In;
  std::vector<Finding> Out;
  bool Narrowed[RoleCount];
  // Canonical types once checkTypes has judged them; -1 where unknown or
  // invalid (an invalid one has been reported already).
  int64_t DataA = -1, DataB = -1, DataC = -1, Compute = -1;

  Value get(Role R, int Group = -1) const {
    if (!Api.has(R) || Narrowed[static_cast<unsigned>(R)])
      return Value::unknown();
    if (Group >= 0 && isPerGroup(R)) {
      const std::vector<Value> &G = In.group(R);
      return static_cast<size_t>(Group) < G.size() ? G[static_cast<size_t>(Group)]
                                                  : Value::unknown();
    }
    return In[R];
  }

  bool isPerGroup(Role R) const { return Api.isPerGroup(R); }

  // Group indexes the host arrays given; the name and the finding carry
  // its number among all groups.
  int absoluteGroup(Role R, int Group) const {
    return isPerGroup(R) && Group >= 0
               ? static_cast<int>(Group + In.GroupBase)
               : -1;
  }

  std::string name(Role R, int Group = -1) const {
    return paramName(Api, R, absoluteGroup(R, Group));
  }

  // The function as the messages name it.
  std::string fn() const {
    return In.CalledAs.empty() ? std::string(Api.Name) : In.CalledAs;
  }

  Finding &add(Category Cat, const char *RuleId, Role Param, int Group,
               int64_t V, std::string Msg, std::string Note,
               std::vector<Role> Inputs) {
    Finding F;
    F.Cat = Cat;
    F.RuleId = RuleId;
    // cuBLAS runs a call that loses precision (rulebook 6).
    F.Sev = Cat == Category::PrecisionLoss ? Severity::Warning : Severity::Error;
    F.Param = Param;
    F.Group = absoluteGroup(Param, Group);
    F.Value = V;
    F.Message = std::move(Msg);
    F.Note = std::move(Note);
    F.Inputs = std::move(Inputs);
    Out.push_back(std::move(F));
    return Out.back();
  }

  // --- sizes --------------------------------------------------------------

  // 32-bit APIs take m, n, k, the leading dimensions, batchCount and
  // group_count as int: a wider constant wraps (rulebook 1.3).
  void checkSizeWidths() {
    if (Api.Int64Dims)
      return;
    static constexpr Role IntRoles[] = {Role::M,   Role::N,   Role::K,
                                        Role::Lda, Role::Ldb, Role::Ldc,
                                        Role::Ldd, Role::BatchCount,
                                        Role::GroupCount};
    for (Role R : IntRoles) {
      if (isPerGroup(R))
        continue; // host arrays are int already
      Value V = get(R);
      if (!V.Known || fitsInt(V.V))
        continue;
      const int64_t Wrapped =
          static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(V.V)));
      std::string Msg = quote(name(R)) + " (" + std::to_string(V.V) +
                        ") does not fit the 32-bit 'int' parameter of " +
                        fn() + " and becomes " + std::to_string(Wrapped);
      std::string Note;
      if (has64BitVariant())
        Note = "call " + fn() +
               "_64, which takes 64-bit sizes and leading dimensions";
      add(Category::InvalidSize, "size.int32", R, -1, V.V, Msg, Note, {R}).Bound =
          std::numeric_limits<int32_t>::max();
      Narrowed[static_cast<unsigned>(R)] = true;
    }
  }

  static bool fitsInt(int64_t V) {
    return V >= std::numeric_limits<int32_t>::min() &&
           V <= std::numeric_limits<int32_t>::max();
  }

  bool has64BitVariant() const {
    return findApi((std::string(Api.Name) + "_64").c_str()) != nullptr;
  }

  void checkNonNegative(Role R, int Group) {
    Value V = get(R, Group);
    if (V.Known && V.V < 0)
      add(Category::InvalidSize, "size.negative", R, Group, V.V,
          quote(name(R, Group)) + " (" + std::to_string(V.V) +
              ") must not be negative",
          "", {R});
  }

  void checkGroups() {
    checkNonNegative(Role::GroupCount, -1);
    Value Count = get(Role::GroupCount);
    if (!Count.Known || Count.V <= 0)
      return;
    // The arrays are as long as group_count; look no further than what is
    // known, and bound the work on absurd counts.
    size_t Known = 0;
    for (Role R : {Role::TransA, Role::TransB, Role::M, Role::N, Role::K,
                   Role::Lda, Role::Ldb, Role::Ldc, Role::GroupSize})
      Known = std::max(Known, In.group(R).size());
    const int64_t Limit = std::min<int64_t>(Count.V, static_cast<int64_t>(Known));
    for (int64_t G = 0; G < Limit; ++G) {
      checkShape(static_cast<int>(G));
      checkNonNegative(Role::GroupSize, static_cast<int>(G));
    }
    checkGroupPointers(Count.V);
  }

  // cuBLAS reads group_count entries of each host array.
  void checkGroupPointers(int64_t Count) {
    if (In.GroupBase != 0)
      return;
    for (Role R : {Role::TransA, Role::TransB, Role::M, Role::N, Role::K,
                   Role::Alpha, Role::Lda, Role::Ldb, Role::Beta, Role::Ldc,
                   Role::GroupSize}) {
      const PointerFacts &P = In.pointer(R);
      if (!Api.has(R) || !P.Address.Known || P.Address.V != 0)
        continue;
      const std::string Name =
          paramName(Api, R) + (R == Role::GroupSize ? "" : "_array");
      add(Category::ScalarPointerMode, "pointer.null", R, -1, 0,
          quote(Name) + " is null but 'group_count' is " +
              std::to_string(Count) + ": cuBLAS reads one entry per group",
          "", {R, Role::GroupCount});
    }
  }

  // Sizes, transposes and leading dimensions of one problem (or group).
  void checkShape(int Group) {
    const bool TransAValid = checkTrans(Role::TransA, Group);
    const bool TransBValid = checkTrans(Role::TransB, Group);
    for (Role R : {Role::M, Role::N, Role::K})
      checkNonNegative(R, Group);
    if (!Api.isGrouped())
      checkNonNegative(Role::BatchCount, Group);

    if (TransAValid)
      checkOperandLd(Operand{Role::TransA, Role::Lda, Role::M, Role::K, 'A'},
                     Group);
    if (TransBValid)
      checkOperandLd(Operand{Role::TransB, Role::Ldb, Role::K, Role::N, 'B'},
                     Group);
    checkOutputLd(Role::Ldc, 'C', Group);
    if (Api.has(Role::Ldd))
      checkOutputLd(Role::Ldd, 'D', Group);
  }

  // --- enums --------------------------------------------------------------

  // Returns false when the value is known to be invalid.
  bool checkTrans(Role R, int Group) {
    Value V = get(R, Group);
    if (!V.Known)
      return true;
    const int64_t Canon = canonicalOperation(Api.Vend, V.V);
    if (isValidOperation(Canon))
      return true;
    std::string Msg;
    if (Canon == op::CONJG)
      Msg = quote(name(R, Group)) + " is " + operationName(Api.Vend, V.V) +
            ", a placeholder that cuBLAS does not support; use " +
            validOperationList(Api.Vend);
    else
      Msg = quote(name(R, Group)) + " (" + std::to_string(V.V) +
            ") is not a valid operation; use " + validOperationList(Api.Vend);
    Finding &F =
        add(Category::InvalidEnum, "enum.trans", R, Group, V.V, Msg, "", {R});
    if (Canon == op::CONJG && !isPerGroup(R)) {
      const int64_t Op = conjugateIntent(R);
      if (Op >= 0)
        F.Replacement = operationName(Api.Vend, vendorOperation(Api.Vend, Op));
    }
    return false;
  }

  // What CUBLAS_OP_CONJG (conjugate, no transpose) can only have meant, or
  // -1: the leading dimension fits the operand stored as is or transposed,
  // not both; on real data conjugation changes nothing (N, or T), on
  // complex data the transposed storage makes it CUBLAS_OP_C.
  int64_t conjugateIntent(Role Trans) const {
    const bool IsA = Trans == Role::TransA;
    const Value Ld = get(IsA ? Role::Lda : Role::Ldb);
    const Value Rows = get(IsA ? Role::M : Role::K);
    const Value Cols = get(IsA ? Role::K : Role::N);
    int64_t Data = -1;
    if (Api.Types == TypeScheme::Fixed)
      Data = Api.FixedType;
    else if (const Value T = get(IsA ? Role::AType : Role::BType); T.Known)
      Data = canonicalDataType(Api.Vend, T.V, In.HipblasLegacyTypes);
    if (!Ld.Known || !Rows.Known || !Cols.Known || !isKnownDataType(Data))
      return -1;
    const bool AsStored = Ld.V >= lowerBound(Rows.V);
    const bool Transposed = Ld.V >= lowerBound(Cols.V);
    if (AsStored == Transposed)
      return -1;
    if (isComplexDataType(Data))
      return Transposed ? op::C : -1;
    return AsStored ? op::N : op::T;
  }

  void checkAlgo() {
    Value V = get(Role::Algo);
    if (!V.Known || isValidAlgoFor(Api.Vend, V.V))
      return;
    add(Category::InvalidEnum, "enum.algo", Role::Algo, -1, V.V,
        quote(name(Role::Algo)) + " (" + std::to_string(V.V) + ") is not a " +
            algoTypeName(Api.Vend) + " enumerator",
        "", {Role::Algo});
  }

  // --- leading dimensions -------------------------------------------------

  // "max(1, m)" for cuBLAS and hipBLAS; rocBLAS accepts ld = 0 when the
  // dimension is 0 (rulebook section 6).
  bool usesMaxOne() const { return Api.Vend != Vendor::Rocblas; }

  int64_t lowerBound(int64_t Dim) const {
    return usesMaxOne() ? std::max<int64_t>(1, Dim) : Dim;
  }

  std::string boundText(const std::string &DimName, int64_t Dim) const {
    if (usesMaxOne())
      return "max(1, " + DimName + ") = " + std::to_string(lowerBound(Dim));
    return DimName + " = " + std::to_string(Dim);
  }

  void checkOperandLd(const Operand &X, int Group) {
    Value Ld = get(X.Ld, Group);
    if (!Ld.Known)
      return;
    Value Trans = get(X.Trans, Group);
    Value Rows = get(X.Rows, Group), Cols = get(X.Cols, Group);
    if (!Trans.Known) {
      // Invalid for every valid op only if below both candidate bounds.
      if (!Rows.Known || !Cols.Known || Rows.V < 0 || Cols.V < 0)
        return;
      const int64_t Min = std::min(lowerBound(Rows.V), lowerBound(Cols.V));
      if (Ld.V >= Min)
        return;
      const std::string LdName = quote(name(X.Ld, Group));
      add(Category::LeadingDimension, "ld.operand", X.Ld, Group, Ld.V,
          LdName + " (" + std::to_string(Ld.V) + ") must be at least " +
              boundText(name(X.Rows, Group), Rows.V) + " when " +
              quote(name(X.Trans, Group)) + " is " +
              operationName(Api.Vend, vendorOperation(Api.Vend, op::N)) +
              " and at least " + boundText(name(X.Cols, Group), Cols.V) +
              " otherwise",
          "", {X.Ld, X.Rows, X.Cols}).Bound = Min;
      return;
    }

    const bool NoTrans = canonicalOperation(Api.Vend, Trans.V) == op::N;
    const Role StoredRows = NoTrans ? X.Rows : X.Cols;
    const Role StoredCols = NoTrans ? X.Cols : X.Rows;
    Value Dim = get(StoredRows, Group);
    if (!Dim.Known || Dim.V < 0 || Ld.V >= lowerBound(Dim.V))
      return;
    // A violation: only now are the words worth building.
    const std::string LdName = quote(name(X.Ld, Group));
    const std::string Letter(1, X.Letter);
    const std::string RowsName = name(StoredRows, Group);
    const std::string ColsName = name(StoredCols, Group);
    std::string Msg = LdName + " (" + std::to_string(Ld.V) +
                      ") must be at least " + boundText(RowsName, Dim.V) +
                      " because " + quote(name(X.Trans, Group)) + " is " +
                      operationName(Api.Vend, Trans.V) + " (" + Letter +
                      " is stored " + RowsName + " x " + ColsName +
                      ", column-major)";
    Value Other = get(StoredCols, Group);
    std::string Note;
    const bool Idiom = Other.Known && Other.V == Ld.V;
    if (Idiom)
      Note = LdName + " equals " + quote(ColsName) + ", the number of columns of " +
             Letter + " as stored; for row-major data, swap the operands (compute C^T = B^T * A^T) or flip " +
             quote(name(X.Trans, Group));
    const std::string SizeNote =
        "set " + LdName + " to the number of rows of the allocation holding " +
        Letter + ", at least " + std::to_string(lowerBound(Dim.V));
    Finding &F = add(Category::LeadingDimension, "ld.operand", X.Ld, Group,
                     Ld.V, Msg, Idiom ? Note : SizeNote,
                     {X.Ld, X.Trans, StoredRows});
    F.Bound = lowerBound(Dim.V);
    F.RowMajorIdiom = Idiom;
    if (Idiom)
      F.SizeNote = SizeNote;
  }

  void checkOutputLd(Role LdRole, char Letter, int Group) {
    Value Ld = get(LdRole, Group);
    Value M = get(Role::M, Group);
    if (!Ld.Known || !M.Known || M.V < 0 || Ld.V >= lowerBound(M.V))
      return;
    const std::string LdName = quote(name(LdRole, Group));
    const std::string MName = name(Role::M, Group), NName = name(Role::N, Group);
    std::string Msg = LdName + " (" + std::to_string(Ld.V) +
                      ") must be at least " + boundText(MName, M.V) + " (" +
                      std::string(1, Letter) + " is stored " + MName + " x " +
                      NName + ", column-major)";
    Value N = get(Role::N, Group);
    std::string Note;
    const bool Idiom = N.Known && N.V == Ld.V;
    if (Idiom)
      Note = LdName + " equals " + quote(NName) + ", the number of columns of " +
             std::string(1, Letter) +
             "; for a row-major result, swap A and B and exchange m and n (compute C^T = B^T * A^T)";
    const std::string SizeNote =
        "set " + LdName + " to the number of rows of the allocation holding " +
        std::string(1, Letter) + ", at least " + std::to_string(lowerBound(M.V));
    Finding &F = add(Category::LeadingDimension, "ld.output", LdRole, Group,
                     Ld.V, Msg, Idiom ? Note : SizeNote, {LdRole, Role::M});
    F.Bound = lowerBound(M.V);
    F.RowMajorIdiom = Idiom;
    if (Idiom)
      F.SizeNote = SizeNote;
  }

  // cuBLAS counts leading dimensions in elements; cudaMallocPitch returns
  // the pitch in bytes. They differ unless an element is one byte.
  void checkPitches() {
    for (Role R : {Role::A, Role::B, Role::C}) {
      const Matrix X = matrix(R);
      if (!Api.has(X.Ld) || isPerGroup(X.Ld) ||
          !In.PitchBytes[static_cast<unsigned>(X.Ld)] || X.DataType < 0)
        continue;
      const int64_t Bytes = elementSize(X.DataType);
      if (Bytes <= 1)
        continue; // 0: a size the rules do not know; 1: bytes are elements
      const char *Cxx = cxxTypeName(X.DataType);
      const std::string Divisor =
          Cxx ? "sizeof(" + std::string(Cxx) + ")" : std::to_string(Bytes);
      const Value Ld = get(X.Ld);
      std::vector<Role> Inputs{X.Ld};
      if (Api.has(X.Type))
        Inputs.push_back(X.Type);
      add(Category::LeadingDimension, "ld.pitch-bytes", X.Ld, -1,
          Ld.Known ? Ld.V : 0,
          quote(name(X.Ld)) +
              " is a pitch in bytes from cudaMallocPitch, but cuBLAS counts "
              "leading dimensions in elements of " + name(R) + " (" +
              dataTypeName(Api.Vend, X.DataType) +
              ", " + std::to_string(Bytes) + " bytes each)",
          "divide the pitch by " + Divisor + " to pass it as " +
              quote(name(X.Ld)),
          std::move(Inputs));
    }
  }

  // --- types --------------------------------------------------------------

  void checkTypes() {
    if (Api.Types == TypeScheme::Fixed) {
      DataA = DataB = DataC = Api.FixedType;
      return;
    }
    // Canonical (cuBLAS) values; -1 for unknown, detail::NotAnEnumerator
    // once reported as invalid.
    int64_t AB[2] = {-1, -1};
    int64_t CT = -1;
    bool Valid = true;
    const Role DataRoles[] = {Role::AType, Role::BType, Role::CType, Role::DType};
    int64_t Canon[4] = {-1, -1, -1, -1};
    for (int I = 0; I < 4; ++I) {
      Value V = get(DataRoles[I]);
      if (!V.Known)
        continue;
      Canon[I] = canonicalDataType(Api.Vend, V.V, In.HipblasLegacyTypes);
      if (Canon[I] == Unmodelled) {
        Canon[I] = -1; // a real enumerator outside the rulebook: stay silent
        continue;
      }
      if (!isKnownDataType(Canon[I])) {
        add(Category::InvalidEnum, "enum.data-type", DataRoles[I], -1, V.V,
            quote(name(DataRoles[I])) + " (" + std::to_string(V.V) +
                ") is not a " + dataTypeTypeName(Api.Vend, In.HipblasLegacyTypes) +
                " value",
            "", {DataRoles[I]});
        Valid = false;
      }
    }
    AB[0] = Canon[0];
    AB[1] = Canon[1];
    auto Usable = [](int64_t V) { return V >= 0 ? V : -1; };
    DataA = Usable(Canon[0]);
    DataB = Usable(Canon[1]);
    DataC = Canon[2] >= 0 ? Canon[2] : Usable(Canon[3]);

    bool ComputeKnown = false;
    Value ComputeArg = get(Role::ComputeType);
    if (ComputeArg.Known) {
      if (In.LegacyComputeType) {
        CT = migrateLegacyComputeType(ComputeArg.V);
        if (CT < 0) {
          legacyComputeFinding(ComputeArg.V);
          return;
        }
      } else {
        CT = canonicalComputeType(Api.Vend, ComputeArg.V, In.HipblasLegacyTypes);
        if (CT == Unmodelled)
          return;
        if (!checkComputeTypeValue(ComputeArg.V, CT))
          return;
      }
      ComputeKnown = true;
      Compute = CT;
    }
    if (!Valid)
      return;

    // FP8 / FP6 / FP4 belong to cublasLtMatmul only.
    bool Narrow = false;
    for (int I = 0; I < 4; ++I)
      if (Canon[I] >= 0 && isNarrowFloatDataType(Canon[I])) {
        add(Category::TypeCombination, "types.narrow-float", DataRoles[I], -1,
            get(DataRoles[I]).V,
            quote(name(DataRoles[I])) + " is " + dataTypeName(Api.Vend, Canon[I]) +
                ": " + fn() + " does not accept FP8, FP6 or FP4 data",
            "FP8 and FP4 GEMMs go through cublasLtMatmul", {DataRoles[I]});
        Narrow = true;
      }
    if (Narrow)
      return;

    if (AB[0] >= 0 && AB[1] >= 0 && AB[0] != AB[1]) {
      add(Category::TypeCombination, "types.mixed-ab", Role::BType, -1,
          get(Role::BType).V,
          quote(name(Role::BType)) + " (" + dataTypeName(Api.Vend, AB[1]) +
              ") must equal " + quote(name(Role::AType)) + " (" +
              dataTypeName(Api.Vend, AB[0]) + "): " + fn() +
              " has no mixed-type A and B inputs",
          "convert one operand so both have the same type",
          {Role::AType, Role::BType});
      return;
    }
    const int64_t ABType = AB[0] >= 0 ? AB[0] : AB[1];
    const Role ABRole = AB[0] >= 0 ? Role::AType : Role::BType;
    int64_t CType = Canon[2];
    Role CRole = Role::CType;
    // rocblas_gemm_ex writes D; C and D must agree (rulebook section 6).
    if (Canon[3] >= 0 && CType >= 0 && Canon[3] != CType) {
      add(Category::TypeCombination, "types.c-d", Role::DType, -1,
          get(Role::DType).V,
          quote(name(Role::DType)) + " (" + dataTypeName(Api.Vend, Canon[3]) +
              ") must equal " + quote(name(Role::CType)) + " (" +
              dataTypeName(Api.Vend, CType) + ")",
          "", {Role::CType, Role::DType});
      return;
    }
    if (CType < 0 && Canon[3] >= 0) {
      CType = Canon[3]; // the output type, known through d_type
      CRole = Role::DType;
    }
    checkCombination(ComputeKnown ? CT : -1, ABType, ABRole, CType, CRole);
  }

  // --- scalars: alpha and beta ---------------------------------------------

  // The type alpha and beta must point to; -1 where not known.
  int64_t expectedScaleType() const {
    switch (Api.Types) {
    case TypeScheme::Fixed: return Api.FixedType;
    case TypeScheme::SgemmEx: return dt::R_32F;
    case TypeScheme::CgemmEx: return dt::C_32F;
    case TypeScheme::RocblasEx: return Compute; // a datatype (vendor.h)
    default: break;
    }
    const int64_t Data = DataC >= 0 ? DataC : DataA >= 0 ? DataA : DataB;
    const int64_t Real = scaleTypeOf(Compute, false);
    if (Real == dt::R_16F || Real == dt::R_32I)
      return Real; // no complex variant: the data type does not matter
    return Data >= 0 ? scaleTypeOf(Compute, isComplexDataType(Data)) : -1;
  }

  static std::string typeText(int64_t DataType) {
    const char *Cxx = cxxTypeName(DataType);
    return Cxx ? std::string(Cxx) : "cudaDataType " + std::to_string(DataType);
  }

  static std::string hex(int64_t V) {
    static const char Digits[] = "0123456789abcdef";
    std::string S;
    uint64_t U = static_cast<uint64_t>(V);
    do {
      S.insert(S.begin(), Digits[U & 15]);
      U >>= 4;
    } while (U);
    return "0x" + S;
  }

  std::string scaleReason() const {
    switch (Api.Types) {
    case TypeScheme::Fixed: case TypeScheme::SgemmEx: case TypeScheme::CgemmEx:
      return fn() + " reads";
    default:
      return quote(name(Role::ComputeType)) + " " +
             computeTypeName(Api.Vend, Compute) + " reads";
    }
  }

  void checkScalars() {
    const int64_t Scale = expectedScaleType();
    const Value Mode = In.PointerMode;
    // A null handle is a caller bug (rulebook 1.2: do not rely on
    // CUBLAS_STATUS_NOT_INITIALIZED).
    const PointerFacts &H = In.pointer(Role::Handle);
    if (H.Address.Known && H.Address.V == 0)
      add(Category::ScalarPointerMode, "pointer.null-handle", Role::Handle, -1,
          0, "'handle' is null; create one with cublasCreate", "",
          {Role::Handle});
    for (Role R : {Role::Alpha, Role::Beta}) {
      if (!Api.has(R))
        continue;
      const PointerFacts &P = In.pointer(R);
      if (!P.Address.Known && !P.PointeeType.Known && !P.PointeeIsPointer.Known &&
          P.Where == Residency::Unknown)
        continue; // nothing known about this scalar
      // (Named only for a finding: most calls have none.)
      auto Name = [&] { return quote(name(R)); };
      if (P.Address.Known && P.Address.V == 0) {
        if (!Api.isGrouped()) // a host array there: checkGroupPointers
          add(Category::ScalarPointerMode, "pointer.null", R, -1, 0,
              Name() + " is null; cuBLAS reads it on every call",
              "pass the address of a scalar", {R});
        continue;
      }
      if (P.PointeeIsPointer.Known && P.PointeeIsPointer.V) {
        // `&beta` where beta is already a `const float *`.
        add(Category::ScalarType, "scalar.type", R, -1, 0,
            Name() + " points to a pointer, not to a scalar: cuBLAS reads the "
                     "pointer's bytes as " +
                (Scale >= 0 ? "'" + typeText(Scale) + "'" : std::string("the scalar")),
            "pass the pointer itself, not its address", {R})
            .Bound = Scale;
        continue;
      }
      if (Scale >= 0 && P.PointeeType.Known && P.PointeeType.V >= 0 &&
          P.PointeeType.V != Scale && !holdsComplex(P, Scale)) {
        std::vector<Role> Inputs{R};
        if (Api.has(Role::ComputeType))
          Inputs.push_back(Role::ComputeType);
        add(Category::ScalarType, "scalar.type", R, -1, P.PointeeType.V,
            Name() + " points to '" + typeText(P.PointeeType.V) + "' but " +
                scaleReason() + " " + name(R) + " as '" + typeText(Scale) + "'",
            "pass a pointer to a '" + typeText(Scale) + "' value", Inputs)
            .Bound = Scale;
      }
      if (!Mode.Known || P.Where == Residency::Unknown)
        continue;
      const bool HostMode = Mode.V == pointer_mode::Host;
      if (HostMode && (P.Where == Residency::Device ||
                       P.Where == Residency::Managed)) {
        add(Category::ScalarPointerMode, "pointer.mode", R, -1, P.Address.V,
            Name() + " points to " +
                (P.Where == Residency::Device ? "device" : "managed") +
                " memory but the handle's pointer mode is "
                "CUBLAS_POINTER_MODE_HOST, where cuBLAS reads it on the host",
            "pass a host scalar, or call cublasSetPointerMode(handle, "
            "CUBLAS_POINTER_MODE_DEVICE) first",
            {R, Role::Handle});
        continue;
      }
      if (!HostMode && P.Where == Residency::Pageable) {
        add(Category::ScalarPointerMode, "pointer.mode", R, -1, P.Address.V,
            Name() + " points to host memory but the handle's pointer mode is "
                   "CUBLAS_POINTER_MODE_DEVICE, where the GPU reads it",
            "pass a device scalar, or call cublasSetPointerMode(handle, "
            "CUBLAS_POINTER_MODE_HOST) first",
            {R, Role::Handle});
        continue;
      }
      // Host scalars are read with their type's alignment (rulebook 4).
      const int64_t Align = Scale >= 0 ? elementSize(Scale) : 0;
      if (HostMode && Align > 1 && P.Address.Known && P.Address.V % Align)
        add(Category::ScalarPointerMode, "scalar.alignment", R, -1,
            P.Address.V,
            Name() + " (" + hex(P.Address.V) + ") is not aligned to " +
                std::to_string(Align) + " bytes, the alignment of '" +
                typeText(Scale) + "'",
            "", {R})
            .Bound = Align;
    }
    if (Api.isGrouped() && Mode.Known && Mode.V == pointer_mode::Device)
      add(Category::ScalarPointerMode, "pointer.mode-grouped", Role::Alpha, -1,
          Mode.V,
          fn() +
              " needs CUBLAS_POINTER_MODE_HOST; in device mode it returns "
              "CUBLAS_STATUS_NOT_SUPPORTED",
          "", {Role::Alpha});
    // C may be null only when beta is zero (rulebook 1.2).
    const PointerFacts &C = In.pointer(Role::C);
    if (!Api.isBatched() && C.Address.Known && C.Address.V == 0 &&
        In.BetaIsZero.Known && !In.BetaIsZero.V)
      add(Category::ScalarPointerMode, "pointer.null-c", Role::C, -1, 0,
          quote(name(Role::C)) + " is null but 'beta' is not zero, so C is read",
          "", {Role::C, Role::Beta});
  }

  // --- matrices ---------------------------------------------------------------

  struct Matrix {
    Role Ptr, Type, Ld, Stride;
    Role Trans; // Role::Count for C
    Role Rows, Cols; // of op(X)
    int64_t DataType;
  };

  Matrix matrix(Role Ptr) const {
    switch (Ptr) {
    case Role::A:
      return {Role::A, Role::AType, Role::Lda, Role::StrideA, Role::TransA,
              Role::M, Role::K, DataA};
    case Role::B:
      return {Role::B, Role::BType, Role::Ldb, Role::StrideB, Role::TransB,
              Role::K, Role::N, DataB};
    default:
      return {Role::C, Role::CType, Role::Ldc, Role::StrideC, Role::Count,
              Role::M, Role::N, DataC};
    }
  }

  void checkBuffers() {
    for (Role R : {Role::A, Role::B, Role::C}) {
      const Matrix X = matrix(R);
      const PointerFacts &P = In.pointer(R);
      if (X.DataType >= 0 && P.PointeeType.Known && P.PointeeType.V >= 0 &&
          P.PointeeType.V != X.DataType) {
        std::vector<Role> Inputs{R};
        std::string Why;
        if (Api.has(X.Type)) {
          Inputs.push_back(X.Type);
          Why = quote(name(X.Type)) + " is " + dataTypeName(Api.Vend, X.DataType);
        }
        add(Category::BufferType, "buffer.type", R, -1, P.PointeeType.V,
            quote(name(R)) + " points to '" + typeText(P.PointeeType.V) +
                "' but " +
                (Why.empty() ? fn() + " reads '" +
                                   typeText(X.DataType) + "'"
                             : Why + " ('" + typeText(X.DataType) + "')"),
            "", Inputs)
            .Bound = X.DataType;
      }
      if (!Api.isGrouped() && Api.Shape != Form::Batched)
        checkExtent(X, P);
    }
    checkInt8();
    checkStridedOverlap();
  }

  // The stored shape of X: rows and columns of the column-major array.
  bool storedShape(const Matrix &X, int64_t &Rows, int64_t &Cols,
                   std::string &Text) const {
    Role RowRole = X.Rows, ColRole = X.Cols;
    if (X.Trans != Role::Count) {
      const Value T = get(X.Trans);
      if (!T.Known || !isValidOperation(canonicalOperation(Api.Vend, T.V)))
        return false;
      if (canonicalOperation(Api.Vend, T.V) != op::N)
        std::swap(RowRole, ColRole);
    }
    const Value RowV = get(RowRole), ColV = get(ColRole);
    if (!RowV.Known || !ColV.Known || RowV.V < 0 || ColV.V < 0)
      return false;
    Rows = RowV.V;
    Cols = ColV.V;
    Text = name(X.Ld) + " * (" + name(ColRole) + " - 1) + " + name(RowRole);
    return true;
  }

  void checkExtent(const Matrix &X, const PointerFacts &P) {
    if (!P.Address.Known || !P.AllocEnd.Known || P.Address.V == 0)
      return;
    const int64_t Size = X.DataType >= 0 ? elementSize(X.DataType) : 0;
    const Value Ld = get(X.Ld);
    int64_t Rows = 0, Cols = 0;
    std::string Text;
    if (!Size || !Ld.Known || Ld.V <= 0 || !storedShape(X, Rows, Cols, Text) ||
        Rows == 0 || Cols == 0)
      return;
    // Elements from the first to the last one read or written.
    int64_t Elements = satAdd(satMul(Ld.V, Cols - 1), Rows);
    if (Api.Shape == Form::StridedBatched) {
      const Value Stride = get(X.Stride), Batch = get(Role::BatchCount);
      if (!Batch.Known || Batch.V <= 0)
        return;
      if (Batch.V > 1) {
        if (!Stride.Known || Stride.V < 0)
          return;
        Elements = satAdd(Elements, satMul(Stride.V, Batch.V - 1));
        Text += " + " + name(X.Stride) + " * (" + name(Role::BatchCount) + " - 1)";
      }
    }
    // An allocation that starts after the pointer says nothing about it.
    if (P.AllocBegin.Known && P.Address.V < P.AllocBegin.V)
      return;
    const int64_t Bytes = satMul(Elements, Size);
    int64_t Available;
    if (__builtin_sub_overflow(P.AllocEnd.V, P.Address.V, &Available) ||
        Bytes <= Available)
      return;
    add(Category::BufferExtent, "buffer.extent", X.Ptr, -1, Bytes,
        quote(name(X.Ptr)) + " needs " + countText(Bytes) + " bytes (" +
            Text + " = " + countText(Elements) + " elements of " +
            dataTypeName(Api.Vend, X.DataType) + ") but only " +
            std::to_string(Available) + " remain in its allocation",
        "", {X.Ptr, X.Ld})
        .Bound = Available;
  }

  // CUBLAS_COMPUTE_32I: lda and ldb multiples of 4, A and B 4-byte aligned
  // (rulebook 3.1).
  void checkInt8() {
    if (!isInt8ComputeType(Compute) || Api.isGrouped())
      return;
    const std::string CT = computeTypeName(Api.Vend, Compute);
    for (Role R : {Role::Lda, Role::Ldb}) {
      const Value Ld = get(R);
      if (Ld.Known && Ld.V > 0 && Ld.V % 4)
        add(Category::Int8Alignment, "int8.ld", R, -1, Ld.V,
            quote(name(R)) + " (" + std::to_string(Ld.V) +
                ") must be a multiple of 4 with " + CT,
            "pad the leading dimension to " +
                std::to_string(satAdd(Ld.V, 4 - Ld.V % 4)),
            {R, Role::ComputeType})
            .Bound = 4;
    }
    if (Api.Shape == Form::Batched)
      return; // A and B are pointer arrays
    for (Role R : {Role::A, Role::B}) {
      const PointerFacts &P = In.pointer(R);
      if (P.Address.Known && P.Address.V % 4)
        add(Category::Int8Alignment, "int8.pointer", R, -1, P.Address.V,
            quote(name(R)) + " is " + std::to_string(P.Address.V % 4) +
                " bytes past a 4-byte boundary; " + CT +
                " needs it 4-byte aligned",
            "", {R, Role::ComputeType})
            .Bound = 4;
    }
  }

  // fp32 GEMMs that silently run in reduced precision (rulebook 1.4 and the
  // cublasMath_t header comment): a *_TENSOR_OP algorithm, or the deprecated
  // CUBLAS_TENSOR_OP_MATH math mode, both mean CUBLAS_COMPUTE_32F_FAST_16F.
  // The algorithm overrides CUBLAS_COMPUTE_32F_FAST_TF32 too: TF32 was
  // asked for, half precision (5 exponent bits) is what runs.
  void checkPrecision() {
    const bool Fp32Data =
        (DataA == dt::R_32F || DataA == dt::C_32F) &&
        (DataC < 0 || DataC == DataA);
    const bool PlainCompute = Api.Types == TypeScheme::Fixed
                                  ? Api.FixedType == dt::R_32F ||
                                        Api.FixedType == dt::C_32F
                                  : Compute == ct::C32F;
    const bool Tf32Compute =
        Api.Types != TypeScheme::Fixed && Compute == ct::C32F_FAST_TF32;
    if (Api.Vend != Vendor::Cublas || !Fp32Data || !(PlainCompute || Tf32Compute))
      return;
    const Value Algo = get(Role::Algo);
    if (Algo.Known && Algo.V >= algo::DefaultTensorOp &&
        Algo.V <= algo::Algo15TensorOp) {
      const std::string Default = "CUBLAS_GEMM_DEFAULT";
      Finding &F = add(
          Category::PrecisionLoss, "precision.tensor-op-algo", Role::Algo, -1,
          Algo.V,
          quote(name(Role::Algo)) + " (" + std::to_string(Algo.V) +
              ") is a deprecated *_TENSOR_OP algorithm: with " +
              dataTypeName(Api.Vend, DataA) +
              " data cuBLAS computes in CUBLAS_COMPUTE_32F_FAST_16F, "
              "silently rounding the inputs to half precision",
          "pass " + Default +
              ", or CUBLAS_COMPUTE_32F_FAST_16F if the lower precision is "
              "wanted",
          {Role::Algo, Role::AType});
      F.Bound = algo::DefaultTensorOp;
      // Full fp32 precision: a change of the results, which the check makes
      // only when asked to.
      if (Algo.V == algo::DefaultTensorOp)
        F.Replacement = Default;
    }
    if (PlainCompute && In.MathMode.Known &&
        (In.MathMode.V & 0xf) == 1 /*TENSOR_OP_MATH*/)
      add(Category::PrecisionLoss, "precision.tensor-op-math", Role::Handle, -1,
          In.MathMode.V,
          "the handle's math mode is the deprecated CUBLAS_TENSOR_OP_MATH: " +
              fn() + " on " + dataTypeName(Api.Vend, DataA) +
              " data computes in CUBLAS_COMPUTE_32F_FAST_16F, silently "
              "rounding the inputs to half precision",
          "set CUBLAS_DEFAULT_MATH (or CUBLAS_TF32_TENSOR_OP_MATH if TF32 is "
          "acceptable)",
          {Role::Handle});
  }

  // Batched C matrices must not overlap (DOC: undefined behaviour).
  void checkStridedOverlap() {
    if (Api.Shape != Form::StridedBatched)
      return;
    const Value Batch = get(Role::BatchCount), Stride = get(Role::StrideC);
    const Value Ldc = get(Role::Ldc), M = get(Role::M), N = get(Role::N);
    if (!Batch.Known || Batch.V <= 1 || !Stride.Known || !Ldc.Known ||
        !M.Known || !N.Known || M.V <= 0 || N.V <= 0 || Ldc.V < M.V)
      return;
    // C[i] spans ldc * (n - 1) + m elements; the next one must start after.
    const int64_t Span = satAdd(satMul(Ldc.V, N.V - 1), M.V);
    const int64_t Distance = Stride.V >= 0          ? Stride.V
                             : Stride.V == INT64_MIN ? INT64_MAX
                                                     : -Stride.V;
    if (Distance >= Span)
      return;
    add(Category::BatchStride, "batch.overlap", Role::StrideC, -1, Stride.V,
        quote(name(Role::StrideC)) + " (" + std::to_string(Stride.V) +
            ") is less than the " + countText(Span) +
            " elements each C matrix spans (ldc * (n - 1) + m): the " +
            std::to_string(Batch.V) + " C matrices overlap",
        "use a stride of at least ldc * n = " + countText(satMul(Ldc.V, N.V)),
        {Role::StrideC, Role::BatchCount, Role::Ldc, Role::N, Role::M})
        .Bound = Span;
  }

  // Returns false when the compute type is invalid (and reported).
  bool checkComputeTypeValue(int64_t Raw, int64_t Canon) {
    if (!isValidComputeTypeFor(Api.Vend, Canon)) {
      std::string Msg = quote(name(Role::ComputeType)) + " (" +
                        std::to_string(Raw) + ") is not a " +
                        computeTypeTypeName(Api.Vend) + " value";
      std::string Note, Replacement;
      if (Api.Vend == Vendor::Cublas && lookupName(DataTypeNames, Raw)) {
        const int64_t Mapped = migrateLegacyComputeType(Raw);
        Msg = quote(name(Role::ComputeType)) + " is " +
              lookupName(DataTypeNames, Raw) + " (" + std::to_string(Raw) +
              "), a cudaDataType, where " + fn() +
              " reads a cublasComputeType_t";
        if (Mapped >= 0) {
          Replacement = lookupName(ComputeTypeNames, Mapped);
          Note = "pass " + Replacement;
        } else {
          Note = "pass a cublasComputeType_t such as CUBLAS_COMPUTE_32F";
        }
      }
      add(Category::InvalidEnum, "enum.compute-type", Role::ComputeType, -1, Raw,
          Msg, Note, {Role::ComputeType})
          .Replacement = Replacement;
      return false;
    }
    const int64_t Since = computeTypeSinceVersion(Canon);
    if (Api.Vend == Vendor::Cublas && In.LibraryVersion > 0 &&
        In.LibraryVersion < Since) {
      add(Category::InvalidEnum, "enum.version", Role::ComputeType, -1, Raw,
          quote(name(Role::ComputeType)) + " " +
              lookupName(ComputeTypeNames, Canon) + " needs cuBLAS " +
              versionText(Since) + " or newer, but CUBLAS_VERSION is " +
              std::to_string(In.LibraryVersion),
          "", {Role::ComputeType});
      return false;
    }
    return true;
  }

  static std::string versionText(int64_t V) {
    return std::to_string(V / 10000) + "." + std::to_string(V / 100 % 100);
  }

  void legacyComputeFinding(int64_t Raw) {
    const char *Name = lookupName(DataTypeNames, Raw);
    add(Category::TypeCombination, "types.legacy-compute", Role::ComputeType,
        -1, Raw,
        quote(name(Role::ComputeType)) + " " +
            (Name ? std::string(Name) : "(" + std::to_string(Raw) + ")") +
            " is a cudaDataType that the C++ compatibility overload of " +
            fn() +
            " cannot map to a compute type; it returns "
            "CUBLAS_STATUS_NOT_SUPPORTED without calling cuBLAS",
        "the overload maps only CUDA_R_16F, CUDA_R_32F, CUDA_R_64F, "
        "CUDA_R_32I, CUDA_C_32F and CUDA_C_64F; pass a cublasComputeType_t "
        "such as CUBLAS_COMPUTE_32F",
        {Role::ComputeType});
  }

  static bool matches(int64_t Want, int64_t Have) {
    return Want < 0 || Want == Have;
  }

  void checkCombination(int64_t CT, int64_t AB, Role ABRole, int64_t CType,
                        Role CRole) {
    const bool HasCompute = Api.has(Role::ComputeType);
    ComboTable Table = combosFor(Api.Types);
    bool Any = false, ComputeAB = false, Compute = false;
    for (const TypeCombo &Row : Table) {
      const bool CMatch = !HasCompute || matches(CT, Row.Compute);
      Compute |= CMatch;
      ComputeAB |= CMatch && matches(AB, Row.AB);
      Any |= CMatch && matches(AB, Row.AB) && matches(CType, Row.C);
      if (Any)
        return; // a supported row: nothing to report
    }
    if (Any)
      return;

    std::string Combo;
    auto Append = [&](const std::string &Part) {
      Combo += (Combo.empty() ? "" : ", ") + Part;
    };
    if (HasCompute && CT >= 0)
      Append(name(Role::ComputeType) + " " + computeTypeName(Api.Vend, CT));
    if (AB >= 0)
      Append(paramName(Api, Role::AType) + "/" + paramName(Api, Role::BType) +
             " " + dataTypeName(Api.Vend, AB));
    if (CType >= 0)
      Append(paramName(Api, CRole) + " " + dataTypeName(Api.Vend, CType));

    // Blame the last argument that, with the earlier ones fixed, leaves no
    // supported row: the output type if compute and input agree, else the
    // input type.
    Role Blamed = Role::ComputeType;
    std::string Note;
    if (!HasCompute || CT < 0 || ComputeAB) {
      Blamed = (ComputeAB && CType >= 0) ? CRole : ABRole;
      Note = supportedList(CT, Blamed == CRole ? AB : -1, Blamed, CRole);
    } else if (Compute) {
      Blamed = AB >= 0 ? ABRole : CRole;
      Note = supportedList(CT, -1, Blamed, CRole);
    }
    std::vector<Role> Inputs;
    if (HasCompute && CT >= 0)
      Inputs.push_back(Role::ComputeType);
    if (AB >= 0)
      Inputs.push_back(ABRole);
    if (CType >= 0)
      Inputs.push_back(CRole);
    add(Category::TypeCombination, "types.combination", Blamed, -1,
        get(Blamed).V,
        "unsupported type combination for " + fn() + ": " +
            Combo,
        Note, Inputs);
  }

  // "with CUBLAS_COMPUTE_32F and Atype CUDA_R_16F, Ctype must be one of ..."
  std::string supportedList(int64_t CT, int64_t AB, Role Blamed,
                            Role CRole) const {
    const bool HasCompute = Api.has(Role::ComputeType);
    std::vector<int64_t> Seen;
    for (const TypeCombo &Row : combosFor(Api.Types)) {
      if (HasCompute && !matches(CT, Row.Compute))
        continue;
      if (!matches(AB, Row.AB))
        continue;
      const int64_t V = Blamed == CRole ? Row.C : Row.AB;
      bool Dup = false;
      for (int64_t S : Seen)
        Dup |= S == V;
      if (!Dup)
        Seen.push_back(V);
    }
    if (Seen.empty())
      return "";
    std::string Prefix;
    if (HasCompute && CT >= 0)
      Prefix = "with " + computeTypeName(Api.Vend, CT);
    if (AB >= 0)
      Prefix += std::string(Prefix.empty() ? "with " : " and ") +
                paramName(Api, Role::AType) + " " + dataTypeName(Api.Vend, AB);
    std::string List;
    for (size_t I = 0; I < Seen.size(); ++I)
      List += (I == 0 ? "" : I + 1 == Seen.size() ? " or " : ", ") +
              dataTypeName(Api.Vend, Seen[I]);
    const std::string Subject =
        Blamed == CRole ? paramName(Api, CRole)
                              : paramName(Api, Role::AType) + "/" +
                                    paramName(Api, Role::BType);
    return (Prefix.empty() ? "" : Prefix + ", ") + Subject +
           (Seen.size() <= 2 ? " must be " : " must be one of ") + List;
  }
};

} // namespace detail

// The verdict on one call: every defect the known values prove.
inline std::vector<Finding> checkCall(const ApiInfo &Api,
                                      const CallValues &Values) {
  return detail::Checker(Api, Values).run();
}

} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_CHECK_H
