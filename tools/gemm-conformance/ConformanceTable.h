// ConformanceTable.h - the rows of the conformance sweep (one call of the
// GEMM family each), their CSV form, and how the rules core's verdict on a
// row is compared with the status real cuBLAS returned for it.
//
// Shared by tools/gemm-conformance (which writes the table on a GPU) and the
// replay unit test (which checks the rules core against a committed table
// in every CI run). Needs only the rules core and the C++ library.
#ifndef GEMM_CONFORMANCE_TABLE_H
#define GEMM_CONFORMANCE_TABLE_H

#include "gemm/rules.h"

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace gemm {
namespace conformance {

// One call. Unused fields keep their defaults; the API row says which
// arguments exist.
struct Case {
  std::string Api;
  int64_t TransA = 0, TransB = 0;
  int64_t M = 16, N = 16, K = 16;
  int64_t Lda = 16, Ldb = 16, Ldc = 16;
  int64_t AType = 0, BType = 0, CType = 0, Compute = 68, Algo = -1;
  int64_t BatchCount = 1, StrideA = 256, StrideB = 256, StrideC = 256;
  int64_t PointerMode = 0;       // the handle's cublasPointerMode_t
  std::string AlphaWhere = "host"; // host | device: where alpha and beta live
  bool Legacy = false;           // computeType passed as a cudaDataType
  std::string Probe;             // what the row probes, for people
};

// What real cuBLAS did: a cublasStatus_t, "signal:N" when the call killed
// the process (it ran in a child), or "not-run" (a dry run).
struct Row {
  Case C;
  std::string Outcome;
};

inline rules::CallValues toValues(const rules::ApiInfo &Api, const Case &C) {
  using rules::Role;
  using rules::Value;
  rules::CallValues V;
  auto Set = [&](Role R, int64_t X) {
    if (Api.has(R))
      V[R] = Value::of(X);
  };
  Set(Role::TransA, C.TransA);
  Set(Role::TransB, C.TransB);
  Set(Role::M, C.M);
  Set(Role::N, C.N);
  Set(Role::K, C.K);
  Set(Role::Lda, C.Lda);
  Set(Role::Ldb, C.Ldb);
  Set(Role::Ldc, C.Ldc);
  Set(Role::AType, C.AType);
  Set(Role::BType, C.BType);
  Set(Role::CType, C.CType);
  Set(Role::ComputeType, C.Compute);
  Set(Role::Algo, C.Algo);
  Set(Role::BatchCount, C.BatchCount);
  Set(Role::StrideA, C.StrideA);
  Set(Role::StrideB, C.StrideB);
  Set(Role::StrideC, C.StrideC);
  V.LegacyComputeType = C.Legacy;
  V.ComputeTypeIsDataType = C.Legacy;
  V.PointerMode = Value::of(C.PointerMode);
  const rules::Residency Where = C.AlphaWhere == "device"
                                     ? rules::Residency::Device
                                     : rules::Residency::Pageable;
  for (Role R : {Role::Alpha, Role::Beta}) {
    V.pointer(R).Where = Where;
    V.pointer(R).Address = Value::of(0x1000); // non-null, aligned
  }
  return V;
}

inline std::vector<rules::Finding> verdict(const Case &C) {
  const rules::ApiInfo *Api = rules::findApi(C.Api.c_str());
  return Api ? rules::checkCall(*Api, toValues(*Api, C))
             : std::vector<rules::Finding>{};
}

// Findings cuBLAS itself answers with a status; the others (overlapping C
// matrices, scalar types, ...) are undefined behaviour it cannot see.
inline bool cublasReportsIt(const rules::Finding &F) {
  switch (F.Cat) {
  case rules::Category::LeadingDimension:
  case rules::Category::InvalidSize:
  case rules::Category::TypeCombination:
  case rules::Category::InvalidEnum:
  case rules::Category::Int8Alignment:
    return true;
  case rules::Category::ScalarPointerMode:
    return std::string(F.RuleId) == "pointer.null" ||
           std::string(F.RuleId) == "pointer.mode-grouped";
  default:
    return false;
  }
}

enum class Agreement {
  Agree,        // both valid, or both invalid
  CoreTooStrict, // the core rejects what cuBLAS ran
  CoreTooLax,   // cuBLAS rejected (or crashed on) what the core accepts
  Inconclusive, // no GPU verdict: not run, or an environmental status
};

constexpr const char *agreementName(Agreement A) {
  switch (A) {
  case Agreement::Agree: return "agree";
  case Agreement::CoreTooStrict: return "core-too-strict";
  case Agreement::CoreTooLax: return "core-too-lax";
  case Agreement::Inconclusive: return "inconclusive";
  }
  return "?";
}

inline Agreement compare(const std::vector<rules::Finding> &Findings,
                         const std::string &Outcome) {
  bool Rejects = false, Crashes = false;
  for (const rules::Finding &F : Findings) {
    Rejects |= cublasReportsIt(F);
    // A host-mode dereference of a device scalar kills the process.
    Crashes |= std::string(F.RuleId) == "pointer.mode";
  }
  if (Outcome.rfind("signal:", 0) == 0)
    return Rejects || Crashes ? Agreement::Agree : Agreement::CoreTooLax;
  if (Outcome == "not-run")
    return Agreement::Inconclusive;
  const int Status = std::atoi(Outcome.c_str());
  const bool CublasRejected = Status == 7 /*INVALID_VALUE*/ ||
                              Status == 15 /*NOT_SUPPORTED*/ ||
                              Status == 8 /*ARCH_MISMATCH*/;
  if (Status == 0)
    return Rejects ? Agreement::CoreTooStrict : Agreement::Agree;
  if (CublasRejected)
    return Rejects ? Agreement::Agree : Agreement::CoreTooLax;
  return Agreement::Inconclusive; // NOT_INITIALIZED, EXECUTION_FAILED, ...
}

inline std::string ruleIds(const std::vector<rules::Finding> &Findings) {
  std::string S;
  for (const rules::Finding &F : Findings)
    S += (S.empty() ? "" : "+") + std::string(F.RuleId);
  return S.empty() ? "valid" : S;
}

// --- CSV ------------------------------------------------------------------------

inline const char *csvHeader() {
  return "api,transa,transb,m,n,k,lda,ldb,ldc,atype,btype,ctype,compute,algo,"
         "batch,stridea,strideb,stridec,pointer_mode,alpha_where,legacy,"
         "outcome,core,agreement,probe";
}

inline std::string toCsv(const Row &R) {
  const Case &C = R.C;
  std::ostringstream S;
  S << C.Api << ',' << C.TransA << ',' << C.TransB << ',' << C.M << ',' << C.N
    << ',' << C.K << ',' << C.Lda << ',' << C.Ldb << ',' << C.Ldc << ','
    << C.AType << ',' << C.BType << ',' << C.CType << ',' << C.Compute << ','
    << C.Algo << ',' << C.BatchCount << ',' << C.StrideA << ',' << C.StrideB
    << ',' << C.StrideC << ',' << C.PointerMode << ',' << C.AlphaWhere << ','
    << (C.Legacy ? 1 : 0) << ',' << R.Outcome << ',';
  const std::vector<rules::Finding> F = verdict(C);
  S << ruleIds(F) << ',' << agreementName(compare(F, R.Outcome)) << ','
    << C.Probe;
  return S.str();
}

// Parses a line written by toCsv; the core and agreement columns are
// recomputed by the reader, never trusted.
inline bool fromCsv(const std::string &Line, Row &R) {
  std::vector<std::string> F;
  std::string Field;
  std::istringstream In(Line);
  while (std::getline(In, Field, ','))
    F.push_back(Field);
  if (F.size() < 22)
    return false;
  Case &C = R.C;
  size_t I = 0;
  auto Next = [&] { return std::stoll(F[I++]); };
  try {
    C.Api = F[I++];
    C.TransA = Next(); C.TransB = Next();
    C.M = Next(); C.N = Next(); C.K = Next();
    C.Lda = Next(); C.Ldb = Next(); C.Ldc = Next();
    C.AType = Next(); C.BType = Next(); C.CType = Next();
    C.Compute = Next(); C.Algo = Next();
    C.BatchCount = Next(); C.StrideA = Next(); C.StrideB = Next();
    C.StrideC = Next(); C.PointerMode = Next();
    C.AlphaWhere = F[I++];
    C.Legacy = Next() != 0;
    R.Outcome = F[I++];
    C.Probe = F.size() > 24 ? F[24] : "";
  } catch (...) {
    return false;
  }
  return true;
}

} // namespace conformance
} // namespace gemm

#endif // GEMM_CONFORMANCE_TABLE_H
