// gemm/rules/lt/matmul_checker.h - the checker of one cuBLASLt matmul: its
// state and helpers; the rules, one family a header, are its member functions
// (gemm/rules/lt/*_rules.h), run in the order run() gives.
#ifndef GEMM_RULES_LT_MATMUL_CHECKER_H
#define GEMM_RULES_LT_MATMUL_CHECKER_H

#include "gemm/rules/lt/attribute_rules.h"
#include "gemm/rules/lt/matmul_values.h"

namespace gemm {
namespace rules {
namespace lt {
namespace detail {

class MatmulChecker {
public:
  explicit MatmulChecker(const MatmulValues &In) : In(In) {}

  std::vector<Finding> run() {
    if (!checkObjects())
      return std::move(S.Out);
    validateValues();
    readTypes();
    checkShape();
    checkLeadingDimensions();
    checkBatch();
    checkTypes();
    checkCD();
    checkNarrow();
    checkScaleModes();
    checkInt8();
    checkPointerMode();
    checkEpilogue();
    checkMisc();
    if (!In.Heuristic) {
      checkWorkspace();
      checkPointers();
    }
    return std::move(S.Out);
  }

private:
  const MatmulValues &In;
  Sink S;
  // Attributes found invalid (and reported): bit Id of Invalid[0] for the
  // descriptor, of Invalid[1 + M] for layout M. They read as unknown.
  uint64_t Invalid[5] = {};
  int64_t T[4] = {-1, -1, -1, -1}; // data types of A, B, C, D
  int64_t Compute = -1, Scale = -1;

  // --- helpers ---------------------------------------------------------------
  Value d(int64_t Id) const {
    return Invalid[0] >> Id & 1 ? Value::unknown() : In.Desc[Id];
  }
  Value l(unsigned M, int64_t Id) const {
    return Invalid[1 + M] >> Id & 1 ? Value::unknown() : layout(M)[Id];
  }
  // The layout cuBLASLt reads for matrix M: a NULL Cdesc means Ddesc's.
  const ObjectState &layout(unsigned M) const {
    return M == MatC && cdescNull() ? In.Layout[MatD] : In.Layout[M];
  }
  int64_t dv(int64_t Id, int64_t Unknown = -1) const {
    const Value V = d(Id);
    return V.Known ? V.V : Unknown;
  }
  int64_t lv(unsigned M, int64_t Id, int64_t Unknown = -1) const {
    const Value V = l(M, Id);
    return V.Known ? V.V : Unknown;
  }
  static Subject da(int64_t Id) { return Subject{Arg::ComputeDesc, Id}; }
  static Subject la(unsigned M, int64_t Id) { return Subject{layoutArg(M), Id}; }
  static std::string dn(int64_t Id) { return q(subjectName(da(Id))); }
  static std::string ln(unsigned M, int64_t Id) {
    return q(subjectName(la(M, Id)));
  }
  static std::string typeName(int64_t T) {
    const char *N = lookupName(DataTypeNames, T);
    return N ? N : num(T);
  }
  static std::string computeName(int64_t C) {
    const char *N = lookupName(ComputeTypeNames, C);
    return N ? N : num(C);
  }
  Value cc() const { return In.ComputeCapability; }
  bool ccIn(bool (*Pred)(int64_t)) const { return cc().Known && Pred(cc().V); }
  std::string ccNumber() const {
    return num(cc().V / 10) + "." + num(cc().V % 10);
  }
  std::string ccText() const { return "compute capability " + ccNumber(); }
  Finding &err(Category C, const char *Rule, Subject About, int64_t V,
               std::string Msg, std::string Note = "") {
    return withCategoryInputs(
        S.add(C, Rule, About, V, std::move(Msg), std::move(Note)));
  }
  Finding &warn(Category C, const char *Rule, Subject About, int64_t V,
                std::string Msg, std::string Note = "") {
    return withCategoryInputs(S.add(C, Rule, About, V, std::move(Msg),
                                    std::move(Note), Severity::Warning));
  }
  // What every finding of a category rests on besides its subject: where
  // a pointer may lie follows the pointer mode, alpha and beta have the
  // scale type, a workspace is judged by its allocation, every epilogue
  // rule by the epilogue.
  static Finding &withCategoryInputs(Finding &F) {
    const bool OnPointer = F.About.Attr < 0;
    if (F.Cat == Category::ScalarPointerMode)
      addInput(F, {Arg::ComputeDesc, Fact::Attribute, desc::POINTER_MODE});
    if ((F.Cat == Category::ScalarPointerMode ||
         F.Cat == Category::BufferType) && OnPointer)
      addInput(F, {F.About.Argument, Fact::Residency});
    if (F.Cat == Category::ScalarType)
      addInput(F, {Arg::ComputeDesc, Fact::Attribute, desc::SCALE_TYPE});
    if (F.Cat == Category::Workspace)
      addInput(F, {Arg::Workspace, Fact::Allocation});
    if (F.Cat == Category::Epilogue)
      addInput(F, {Arg::ComputeDesc, Fact::Attribute, desc::EPILOGUE});
    return F;
  }
  // The compute and scale types together decide the scale rules.
  static void addTypeInputs(Finding &F) {
    addInput(F, {Arg::ComputeDesc, Fact::Attribute, desc::COMPUTE_TYPE});
    addInput(F, {Arg::ComputeDesc, Fact::Attribute, desc::SCALE_TYPE});
  }
  // Whether a finding already names \p About: one defect, one finding.
  bool reportedOn(Subject About) const {
    for (const Finding &F : S.Out)
      if (F.About.Argument == About.Argument && F.About.Attr == About.Attr)
        return true;
    return false;
  }
  // Pageable host memory on a device that is known not to read it.
  bool gpuCannotRead(const PointerFacts &P) const {
    return P.Where == Residency::Pageable && In.PageableAccessible.Known &&
           !In.PageableAccessible.V;
  }
  // The bytes from P to the end of its allocation; -1 where not known (or P
  // lies outside it: with 0 <= P < end no subtraction overflows on a
  // hostile address).
  static int64_t remaining(const PointerFacts &P) {
    if (!P.Address.Known || !P.AllocEnd.Known || P.Address.V < 0 ||
        P.Address.V >= P.AllocEnd.V ||
        (P.AllocBegin.Known && P.Address.V < P.AllocBegin.V))
      return -1;
    return P.AllocEnd.V - P.Address.V;
  }
  bool isNull(Arg A) const {
    const Value &V = In.pointer(A).Address;
    return V.Known && V.V == 0;
  }
  // Cdesc is NULL: C's layout is Ddesc's.
  bool cdescNull() const { return In.CdescIsNull.Known && In.CdescIsNull.V; }
  // Whether C is read through Ddesc: Cdesc is Ddesc, or NULL.
  Value cdescIsDdesc() const {
    return cdescNull() ? Value::of(1) : In.CdescIsDdesc;
  }
  // C read through Ddesc (Cdesc NULL or Ddesc) as a narrow matrix: one
  // defect, LT-CD-NARROW's; the type and alignment rules of C stay silent.
  bool cReadsNarrowD() const {
    return (cdescIsDdesc().Known && cdescIsDdesc().V) &&
           isNarrow(T[MatC]);
  }
  bool anyPointerArray() const {
    for (unsigned M = 0; M < 4; ++M)
      if (lv(M, layout::BATCH_MODE) == batch_mode::PointerArray)
        return true;
    return false;
  }
  bool allOrders(int64_t O) const {
    for (unsigned M = 0; M < 4; ++M)
      if (lv(M, layout::ORDER) != O)
        return false;
    return true;
  }
  bool anyImmaOrder() const {
    for (unsigned M = 0; M < 4; ++M)
      if (isImmaOrder(lv(M, layout::ORDER)))
        return true;
    return false;
  }

  // --- objects: lt/shape_rules.h
  bool checkObjects();
  void validateValues();
  void readTypes();

  // --- shape (section 3): lt/shape_rules.h
  bool opShape(unsigned M, int64_t &Rows, int64_t &Cols) const;
  void checkShape();

  // --- leading dimensions (LT-LD-*): lt/shape_rules.h
  bool cOutOfPlace() const;
  bool cInPlace() const;
  void checkLeadingDimensions();

  // --- batch (section 12): lt/shape_rules.h
  void checkBatch();

  // --- types (section 5): lt/type_rules.h
  struct LtRow {
    int64_t Compute, Scale, AB, C, Bias; // Bias -1: no epilogue
  };
  static bool noEpilogueRow(int64_t AB, int64_t C, int64_t Compute);
  int planarity() const;
  bool regularRow(int64_t CT, int64_t SC, int64_t AB, int64_t C,
                  int64_t &Bias) const;
  bool rowForSomeScale(int64_t CT, int64_t AB, int64_t C) const;
  static constexpr const char *ScaleFollowsCompute =
      "the scale type (of alpha and beta) follows the compute type: "
      "16F -> CUDA_R_16F, 32F -> CUDA_R_32F/CUDA_C_32F, 64F -> "
      "CUDA_R_64F/CUDA_C_64F, 32I -> CUDA_R_32I (or CUDA_R_32F with "
      "int8 output)";
  static bool scalePairs(int64_t CT, int64_t SC);
  int64_t BiasType = -2; // the table's bias type; -1 none, -2 unknown
  void checkTypes();

  // --- narrow precision (section 6): lt/narrow_rules.h
  bool Fp8 = false, Fp4 = false;
  // LT-FP4-DOUT reported the missing D_OUT_SCALE_POINTER: the documented
  // FP4 rule owns that defect, LT-SCALE-PTR (its generalisation) stays silent.
  bool DOutPointerReported = false;
  void checkNarrowTypes();
  void checkNarrow();

  // --- scaling modes (6.3): lt/narrow_rules.h
  static constexpr int64_t ScaleModeAttrs[] = {
      desc::A_SCALE_MODE, desc::B_SCALE_MODE, desc::C_SCALE_MODE,
      desc::D_SCALE_MODE, desc::EPILOGUE_AUX_SCALE_MODE, desc::D_OUT_SCALE_MODE};
  static int64_t scalePointerFor(int64_t ModeAttr);
  static bool is90Mode(int64_t M);
  void checkScaleModes();

  // --- C versus D (section 4): lt/shape_rules.h
  void checkCD();

  // --- int8 (section 7): lt/int8_rules.h
  void checkInt8();

  // --- pointer mode (section 8): lt/pointer_rules.h
  void checkPointerMode();

  // --- epilogues (section 9): lt/epilogue_rules.h
  void checkEpilogue();

  // --- other attributes (section 14, 13): lt/epilogue_rules.h
  void checkMisc();

  // --- workspace (section 10): lt/pointer_rules.h
  void checkWorkspace();

  // --- data pointers: lt/pointer_rules.h
  void checkPointers();
};

} // namespace detail
} // namespace lt
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_LT_MATMUL_CHECKER_H
