// gemm/rules/lt/shape_rules.h - cuBLASLt matmul rules: objects, shape, leading
// dimensions, batch, C versus D.
#ifndef GEMM_RULES_LT_SHAPE_RULES_H
#define GEMM_RULES_LT_SHAPE_RULES_H

#include "gemm/rules/lt/matmul_checker.h"
#include "gemm/rules/overlap.h"

namespace gemm {
namespace rules {
namespace lt {
namespace detail {

// --- objects -----------------------------------------------------------------
// LT-OBJ-LIFE: the descriptor and the layouts of A, B and D are required.
inline bool MatmulChecker::checkObjects() {
  bool Ok = true;
  for (Arg A : {Arg::ComputeDesc, Arg::Adesc, Arg::Bdesc, Arg::Cdesc,
                Arg::Ddesc, Arg::Preference})
    if (In.destroyed(A).Known && In.destroyed(A).V) {
      reportDestroyed(S, A);
      Ok = false;
    }
  for (Arg A : {Arg::ComputeDesc, Arg::Adesc, Arg::Bdesc, Arg::Ddesc})
    if (isNull(A)) {
      err(Category::InvalidEnum, "LT-OBJ-LIFE", Subject{A, -1}, 0,
          q(argName(A)) + " is NULL; create it first (only Cdesc may be "
                          "NULL, meaning Ddesc)");
      Ok = false;
    }
  return Ok;
}

// Values set by means the setter checks did not see: report and forget.
inline void MatmulChecker::validateValues() {
  auto Validate = [&](const auto &Table, Object O, Arg Owner,
                      const ObjectState &St, uint64_t &Bad) {
    for (const AttrInfo &A : Table)
      if (St[A.Id].Known &&
          !valueIsValid(O, A, St[A.Id].V, In.LibraryVersion)) {
        checkValue(S, O, Owner, A.Id, St[A.Id].V, In.LibraryVersion);
        Bad |= uint64_t{1} << A.Id;
      }
  };
  Validate(MatmulDescAttributes, Object::MatmulDesc, Arg::ComputeDesc,
           In.Desc, Invalid[0]);
  for (unsigned M = 0; M < 4; ++M) {
    if (M != MatC || !cdescNull())
      Validate(MatrixLayoutAttributes, Object::MatrixLayout, layoutArg(M),
               In.Layout[M], Invalid[1 + M]);
    else
      Invalid[1 + M] = Invalid[1 + MatD]; // C reads D's layout
  }
}

inline void MatmulChecker::readTypes() {
  for (unsigned M = 0; M < 4; ++M)
    T[M] = lv(M, layout::TYPE);
  Compute = dv(desc::COMPUTE_TYPE);
  Scale = dv(desc::SCALE_TYPE);
}

// --- shape (section 3) ---------------------------------------------------------
// Rows and columns of op(X) for A and B; -1 where unknown.
inline bool MatmulChecker::opShape(unsigned M, int64_t &Rows, int64_t &Cols) const {
  const int64_t R = lv(M, layout::ROWS), C = lv(M, layout::COLS);
  if (R < 0 || C < 0)
    return false;
  if (M == MatA || M == MatB) {
    const int64_t Op = dv(M == MatA ? desc::TRANSA : desc::TRANSB);
    if (Op < 0)
      return false;
    Rows = Op == op::N ? R : C;
    Cols = Op == op::N ? C : R;
    return true;
  }
  Rows = R;
  Cols = C;
  return true;
}

// LT-SHAPE-MNK.
inline void MatmulChecker::checkShape() {
  int64_t AR = 0, AC = 0, BR = 0, BC = 0, DR = 0, DC = 0, CR = 0, CC = 0;
  const bool HaveA = opShape(MatA, AR, AC), HaveB = opShape(MatB, BR, BC),
             HaveD = opShape(MatD, DR, DC), HaveC = opShape(MatC, CR, CC);
  auto Mismatch = [&](unsigned M, int64_t Attr, const std::string &What,
                      int64_t Have, int64_t Want, const std::string &Why) {
    Finding &F = err(
        Category::ShapeConsistency, "LT-SHAPE-MNK", la(M, Attr), Have,
        What + " (" + num(Have) + ") does not match " + Why + " (" +
            num(Want) + ")",
        "D (m x n) = op(A) (m x k) * op(B) (k x n); the layouts describe "
        "the matrices as stored, before TRANSA/TRANSB");
    F.Bound = Want;
    // A and B are read through their transposes: where one was set.
    if (M == MatA || M == MatB)
      addInput(F, {Arg::ComputeDesc, Fact::SetAttribute,
                   M == MatA ? desc::TRANSA : desc::TRANSB});
  };
  auto Stored = [&](unsigned M, bool OpRows) {
    if (M == MatC || M == MatD)
      return OpRows ? layout::ROWS : layout::COLS;
    const bool N = dv(M == MatA ? desc::TRANSA : desc::TRANSB) == op::N;
    return (OpRows == N) ? layout::ROWS : layout::COLS;
  };
  auto opText = [&](unsigned M, bool OpRows) {
    return std::string(OpRows ? "the rows" : "the columns") + " of op(" +
           matrixLetter(M) + ") (" + ln(M, Stored(M, OpRows)) + ")";
  };
  if (HaveA && HaveB && AC != BR)
    Mismatch(MatB, Stored(MatB, true), opText(MatB, true), BR, AC,
             "k, " + opText(MatA, false));
  if (HaveA && HaveD && AR != DR)
    Mismatch(MatA, Stored(MatA, true), opText(MatA, true), AR, DR,
             "m, the rows of D");
  if (HaveB && HaveD && BC != DC)
    Mismatch(MatB, Stored(MatB, false), opText(MatB, false), BC, DC,
             "n, the columns of D");
  if (HaveC && HaveD && !cdescNull()) {
    if (CR != DR)
      Mismatch(MatC, layout::ROWS, "the rows of C", CR, DR, "the rows of D");
    if (CC != DC)
      Mismatch(MatC, layout::COLS, "the columns of C", CC, DC,
               "the columns of D");
  }
}

// --- leading dimensions (LT-LD-*) -------------------------------------------------
inline bool MatmulChecker::cOutOfPlace() const {
  return In.CIsD.Known && !In.CIsD.V && cdescIsDdesc().Known &&
         !cdescIsDdesc().V;
}

inline bool MatmulChecker::cInPlace() const {
  return (In.CIsD.Known && In.CIsD.V) ||
         (cdescIsDdesc().Known && cdescIsDdesc().V);
}

inline void MatmulChecker::checkLeadingDimensions() {
  for (unsigned M = 0; M < 4; ++M) {
    if (M == MatC && cdescNull())
      continue;
    const int64_t Ld = lv(M, layout::LD), Rows = lv(M, layout::ROWS),
                  Cols = lv(M, layout::COLS), Ord = lv(M, layout::ORDER);
    if (Ld < 0 || Ord < 0)
      continue;
    if (Ld == 0 && M == MatC && !cInPlace())
      continue; // LT-LD-ZERO: broadcast C (silent unless provably in place)
    int64_t Bound = -1;
    const char *Rule = "LT-LD-COL";
    const char *Why = "";
    switch (Ord) {
    case order::Col:
      if (Rows >= 0) Bound = Rows, Why = "the rows (ORDER_COL)";
      break;
    case order::Row:
      if (Cols >= 0) Bound = Cols, Why = "the columns (ORDER_ROW)", Rule = "LT-LD-ROW";
      break;
    case order::Col32:
      if (Rows >= 0) Bound = 32 * Rows, Why = "32 * rows (ORDER_COL32)", Rule = "LT-LD-COL32";
      break;
    case order::Col4_4R2_8C:
      if (Rows >= 0) Bound = 256 * ((Rows + 7) / 8), Why = "256 * ceil(rows / 8) (ORDER_COL4_4R2_8C)", Rule = "LT-LD-COL4";
      break;
    case order::Col32_2R_4R4:
      if (Rows >= 0) Bound = 1024 * ((Rows + 31) / 32), Why = "1024 * ceil(rows / 32) (ORDER_COL32_2R_4R4)", Rule = "LT-LD-COL32R4";
      break;
    }
    if (Bound < 0 || Ld >= Bound)
      continue;
    std::string Note;
    if (Ld == 0)
      Rule = "LT-LD-ZERO", Note = "ld = 0 is allowed only for C, out of place";
    Finding &F = err(Category::LeadingDimension, Rule, la(M, layout::LD), Ld,
                     ln(M, layout::LD) + " (" + num(Ld) +
                         ") must be at least " + std::string(Why) + " = " +
                         num(Bound),
                     Note);
    F.Bound = Bound;
    // The dimension the bound is made of, and the order that makes it.
    const bool Zero = Ld == 0;
    addInput(F, {layoutArg(M), Fact::Attribute,
                 Ord == order::Row && !Zero ? layout::COLS : layout::ROWS});
    if (Ord != order::Col || Zero)
      addInput(F, {layoutArg(M), Fact::Attribute, layout::ORDER});
  }
  // LT-LD-HERM.
  const bool Herm = dv(desc::TRANSA) == op::C || dv(desc::TRANSB) == op::C;
  bool AnyRow = false, AllKnown = true;
  for (unsigned M = 0; M < 4; ++M) {
    AnyRow |= lv(M, layout::ORDER) == order::Row;
    AllKnown &= l(M, layout::ORDER).Known;
  }
  if (Herm && AnyRow && AllKnown && !allOrders(order::Row))
    err(Category::LeadingDimension, "LT-LD-HERM",
        da(dv(desc::TRANSA) == op::C ? desc::TRANSA : desc::TRANSB), op::C,
        "CUBLAS_OP_C with CUBLASLT_ORDER_ROW is supported only when A, B, C "
        "and D all use CUBLASLT_ORDER_ROW");
}

// --- batch (section 12) --------------------------------------------------------------
inline void MatmulChecker::checkBatch() {
  const int64_t DB = lv(MatD, layout::BATCH_COUNT);
  for (unsigned M : {MatA, MatB, MatC}) {
    const int64_t B = lv(M, layout::BATCH_COUNT);
    if (B > 0 && DB > 0 && B != DB)
      err(Category::BatchStride, "LT-BATCH-EQ", la(M, layout::BATCH_COUNT), B,
          ln(M, layout::BATCH_COUNT) + " (" + num(B) +
              ") must equal the batch count of D (" + num(DB) + ")")
          .Bound = DB;
  }
  // LT-BATCH-STRIDE: no element in two D matrices (ORDER_COL); interleaved
  // batches, whose spans overlap, are valid (overlap.h).
  const int64_t Stride = lv(MatD, layout::STRIDED_BATCH_OFFSET, INT64_MIN);
  const int64_t Ld = lv(MatD, layout::LD), Cols = lv(MatD, layout::COLS),
                Rows = lv(MatD, layout::ROWS);
  if (Stride == INT64_MIN || lv(MatD, layout::ORDER) != order::Col ||
      lv(MatD, layout::BATCH_MODE) != batch_mode::Strided)
    return;
  const SharedElement Shared = firstSharedElement(Rows, Cols, Ld, Stride, DB);
  if (Shared.Found)
    err(Category::BatchStride, "LT-BATCH-STRIDE",
        la(MatD, layout::STRIDED_BATCH_OFFSET), Stride,
        ln(MatD, layout::STRIDED_BATCH_OFFSET) + " (" + num(Stride) +
            ") makes the " + num(DB) +
            " D matrices overlap: " + sharedElementText("D", Shared))
        .Bound = rules::detail::satAdd(rules::detail::satMul(Ld, Cols - 1), Rows);
}

// --- C versus D (section 4) -----------------------------------------------------------------
inline void MatmulChecker::checkCD() {
  const int64_t D = T[MatD];
  const bool CNull = cdescNull();
  if (isNarrow(D)) {
    // LT-CD-NARROW: C needs its own, wider descriptor.
    if (CNull || (cdescIsDdesc().Known && cdescIsDdesc().V))
      err(Category::NarrowPrecision, "LT-CD-NARROW", Subject{Arg::Cdesc, -1}, 0,
          std::string("'Cdesc' ") + (CNull ? "is NULL" : "is Ddesc") +
              " but D is " + typeName(D) +
              "; a narrow D needs a C layout of CUDA_R_16BF, CUDA_R_16F or "
              "CUDA_R_32F",
          "pass a separate Cdesc (C may be NULL with beta = 0)");
    else if (In.CIsD.Known && In.CIsD.V)
      err(Category::NarrowPrecision, "LT-CD-NARROW", Subject{Arg::C, -1}, 0,
          "C and D are the same buffer but D is " + typeName(D) +
              "; a narrow D cannot be computed in place");
    return;
  }
  // LT-CD-INPLACE: in place means C == D *and* Cdesc == Ddesc. One buffer
  // read through one layout and written through another is neither of the
  // two forms cuBLASLt documents: D's tiles overwrite C's before they are
  // read. Two descriptors that describe the same memory are harmless;
  // rows, columns, batch count and type are other rules' (SHAPE-MNK,
  // BATCH-EQ, the type table).
  if (!CNull && In.CIsD.Known && In.CIsD.V && cdescIsDdesc().Known &&
      !cdescIsDdesc().V) {
    struct Attr { int64_t Id; const char *What; };
    for (Attr A : {Attr{layout::ORDER, "order"}, Attr{layout::LD, "leading dimension"},
                   Attr{layout::STRIDED_BATCH_OFFSET, "batch stride"}}) {
      const Value C = l(MatC, A.Id), DV = l(MatD, A.Id);
      if (!C.Known || !DV.Known || C.V == DV.V ||
          (A.Id == layout::STRIDED_BATCH_OFFSET && lv(MatD, layout::BATCH_COUNT) == 1) ||
          reportedOn(la(MatC, A.Id)) || reportedOn(la(MatD, A.Id)))
        continue; // the same data, or the layout's own rule said it
      Finding &F = err(
          Category::ShapeConsistency, "LT-CD-INPLACE", la(MatC, A.Id), C.V,
          std::string("C and D are the same buffer but Cdesc and Ddesc differ in ") +
              A.What + " (" + num(C.V) + " and " + num(DV.V) +
              "); cuBLASLt computes in place only when Cdesc is Ddesc",
          "pass Ddesc as Cdesc, or give D a buffer of its own");
      F.Bound = DV.V;
      addInput(F, {Arg::Ddesc, Fact::Attribute, A.Id});
      break; // one defect: the buffer shared through two layouts
    }
  }
  // LT-CD-MATCH: out of place, C and D agree on everything but ld.
  if (CNull || !cOutOfPlace())
    return;
  struct Attr { int64_t Id; const char *What; };
  for (Attr A : {Attr{layout::TYPE, "data type"}, Attr{layout::ROWS, "rows"},
                 Attr{layout::COLS, "columns"},
                 Attr{layout::BATCH_COUNT, "batch count"},
                 Attr{layout::ORDER, "order"}}) {
    const Value C = l(MatC, A.Id), DV = l(MatD, A.Id);
    if (C.Known && DV.Known && C.V != DV.V &&
        A.Id != layout::ROWS && A.Id != layout::COLS &&
        A.Id != layout::BATCH_COUNT) // reported by SHAPE-MNK and BATCH-EQ
      err(Category::ShapeConsistency, "LT-CD-MATCH", la(MatC, A.Id), C.V,
          std::string("out of place, C and D must have the same ") + A.What +
              ": " + ln(MatC, A.Id) + " is " + num(C.V) + ", D's is " +
              num(DV.V))
          .Bound = DV.V;
  }
}

} // namespace detail
} // namespace lt
} // namespace rules
} // namespace gemm

#endif // GEMM_RULES_LT_SHAPE_RULES_H
