//===--- GemmChecker.cpp - gemm-tidy -------------------------------------===//
//
// GemmChecker, the one class behind the gemm checkers (GemmChecker.h): the
// callees it knows, by name -- the API table (Models/ApiModel.h) and the GEMM
// family (gemm/rules/api.h) -- which of their calls the checks judge, and its
// registration. The rest of it lives in a file per part: ApiModeling.cpp (the
// model, with its program state in ModelState.h), CallChecks.cpp (the values
// at a call, judged by the rules core) and ReportPolicy.cpp (which findings
// are reported, and how).
//
//===----------------------------------------------------------------------===//

#include "GemmChecker.h"
#include "gemm/rules/api.h"
#include "gemm/rules/lt_check.h"

#include "clang/StaticAnalyzer/Core/CheckerManager.h"

namespace clang::ento::gemm {

const GemmChecker::Known &GemmChecker::lookup(const CallEvent &Call) const {
  return lookup(Call.getCalleeIdentifier());
}

const GemmChecker::Known &
GemmChecker::lookup(const IdentifierInfo *Id) const {
  static const Known None;
  if (!Id)
    return None;
  auto [It, Inserted] = Cache.try_emplace(Id);
  if (Inserted) {
    It->second.Model = model::apiFunctionNamed(Id->getName());
    It->second.Gemm = rules::findApi(Id->getNameStart());
  }
  return It->second;
}

const FunctionDecl *opaqueCallee(const CallEvent &Call) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(Call.getDecl());
  if (!FD || FD->hasBody() || !isa_and_nonnull<CallExpr>(Call.getOriginExpr()))
    return nullptr;
  return FD;
}

bool GemmChecker::judges(const Known &K, unsigned NumArgs) {
  if (K.Gemm)
    return true;
  if (!K.Model || NumArgs != K.Model->NumArgs || K.Model->Handle)
    return false;
  using model::Effect;
  const model::ApiFunction &F = *K.Model;
  return (F.What == Effect::Use && F.Obj == lt::Object::MatmulDesc) ||
         F.What == Effect::Set || F.What == Effect::Get ||
         (F.What == Effect::Create && lt::createdAttributes(F.Obj).Count > 0);
}

std::string checkerNameOf(rules::Category Cat) {
  std::string Name;
  bool Upper = true;
  for (const char *P = rules::categoryName(Cat); *P; ++P) {
    if (*P == '-') {
      Upper = true;
      continue;
    }
    Name += Upper ? static_cast<char>(*P - 'a' + 'A') : *P;
    Upper = false;
  }
  return Name;
}

void registerApiModeling(CheckerManager &Mgr) {
  Mgr.registerChecker<GemmChecker>();
}

void registerCoverage(CheckerManager &Mgr) {
  Mgr.getChecker<GemmChecker>()->enableCoverage(Mgr.getCurrentCheckerName());
}

void registerCategory(CheckerManager &Mgr, rules::Category Cat) {
  Mgr.getChecker<GemmChecker>()->enableCategory(Cat,
                                                Mgr.getCurrentCheckerName());
}

} // namespace clang::ento::gemm
