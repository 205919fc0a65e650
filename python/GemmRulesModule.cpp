//===- gemm_rules: the rules core for Python ------------------------------===//
//
//   import gemm_rules
//   for f in gemm_rules.check("cublasGemmEx", transa="N", transb="T", m=64, n=32, k=16,
//                             Atype="CUDA_R_16F", lda=16, ...):
//       print(f.rule, f.param, f.severity, f.message)
//
// The same rules core the clang-tidy checks, the runtime guard and
// gemm-explain ask: arguments by cuBLAS's parameter names, enumerations by
// name ("N", "CUBLAS_OP_T", "CUDA_R_16F", "CUBLAS_COMPUTE_32F",
// "CUBLAS_GEMM_DEFAULT") or by number, pointers as None (null) or an
// address; an argument left out is unknown, and a rule that needs it stays
// silent, as the checks do.
//
// cuBLASLt set-ups are asked the same way, an object as a dict of its
// attributes by the keys of cuBLASLt's log dumps or their enumerators
// ("transa" or "TRANSA", "ld"), the values by name or number:
//
//   gemm_rules.check("cublasLtMatmul",
//                    computeDesc=dict(computeType="CUBLAS_COMPUTE_32F",
//                                     scaleType="CUDA_R_32F", transa="T"),
//                    Adesc=dict(type="CUDA_R_16F", rows=32, cols=64, ld=32), ...)
//
// An object given is whole: its attributes left out are at their defaults,
// as cublasLt*Create leaves them (its Create arguments left out are
// unknown); an object left out is unknown. The log's dumps are read into
// the rules core's state by the same code (gemm/explain/replay.h), so a
// set-up checked here and one replayed from a log get one verdict.
//
//===----------------------------------------------------------------------===//
#include "gemm/explain/replay.h"
#include "gemm/rules.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>
#include <string>
#include <vector>

namespace py = pybind11;
using namespace gemm::rules;

namespace {

struct PyFinding {
  std::string Check, Rule, Param, Severity, Message, Note;
  int64_t Value = 0, Bound = 0;
  int Group = -1;
};

// "CUBLAS_GEMM_ALGO3_TENSOR_OP" -> 103, "CUBLAS_GEMM_DEFAULT" -> -1.
bool algoNumber(std::string Name, int64_t &Out) {
  if (Name == "CUBLAS_GEMM_DEFAULT" || Name == "CUBLAS_GEMM_DFALT")
    return Out = -1, true;
  if (Name == "CUBLAS_GEMM_DEFAULT_TENSOR_OP" || Name == "CUBLAS_GEMM_DFALT_TENSOR_OP")
    return Out = 99, true;
  if (Name == "CUBLAS_GEMM_AUTOTUNE")
    return Out = 999, true;
  const std::string Prefix = "CUBLAS_GEMM_ALGO";
  if (Name.rfind(Prefix, 0) != 0)
    return false;
  Name = Name.substr(Prefix.size());
  const bool Tensor = Name.size() > 10 && Name.compare(Name.size() - 10, 10, "_TENSOR_OP") == 0;
  if (Tensor)
    Name.resize(Name.size() - 10);
  if (Name.empty() || Name.size() > 2 || Name.find_first_not_of("0123456789") != std::string::npos)
    return false;
  Out = std::stoll(Name) + (Tensor ? 100 : 0);
  return true;
}

template <unsigned N>
bool lookupValue(const EnumName (&Table)[N], const std::string &Name, int64_t &Out) {
  for (const EnumName &E : Table)
    if (Name == E.Name)
      return Out = E.Value, true;
  return false;
}

// An enumeration spelled by name, for the role it is passed as.
int64_t enumValue(const ApiInfo &Api, Role R, const std::string &Name, CallValues &V) {
  int64_t Out = 0;
  switch (R) {
  case Role::TransA: case Role::TransB:
    if (Name == "N" || Name == "n") return op::N;
    if (Name == "T" || Name == "t") return op::T;
    if (Name == "C" || Name == "c") return op::C;
    if (lookupValue(OperationNames, Name, Out)) return Out;
    break;
  case Role::AType: case Role::BType: case Role::CType: case Role::DType:
    if (lookupValue(DataTypeNames, Name, Out)) return Out;
    break;
  case Role::ComputeType:
    if (lookupValue(ComputeTypeNames, Name, Out)) return Out;
    // cublas_api.h's C++ overload that takes a cudaDataType compute type.
    if (lookupValue(DataTypeNames, Name, Out)) {
      V.LegacyComputeType = V.ComputeTypeIsDataType = true;
      return Out;
    }
    break;
  case Role::Algo:
    if (algoNumber(Name, Out)) return Out;
    break;
  default:
    break;
  }
  throw py::value_error(std::string(Api.Name) + ": " + paramName(Api, R) + "='" + Name +
                        "' is not a name gemm_rules knows; pass the enumerator's number");
}

int64_t number(const ApiInfo &Api, Role R, const py::handle &Obj, CallValues &V) {
  if (py::isinstance<py::str>(Obj))
    return enumValue(Api, R, Obj.cast<std::string>(), V);
  if (py::isinstance<py::bool_>(Obj) || !py::isinstance<py::int_>(Obj))
    throw py::type_error(std::string(Api.Name) + ": " + paramName(Api, R) +
                         " must be an int or a name, not " +
                         std::string(py::str(Obj.get_type().attr("__name__"))));
  return Obj.cast<int64_t>();
}

// The role a keyword names: cuBLAS's parameter name, also with the "array"
// or "_array" of the batched and grouped forms (Aarray, m_array).
Role roleNamed(const ApiInfo &Api, std::string Name) {
  for (const char *Suffix : {"_array", "array"}) {
    const size_t L = std::strlen(Suffix);
    if (Name.size() > L && Name.compare(Name.size() - L, L, Suffix) == 0) {
      Name.resize(Name.size() - L);
      break;
    }
  }
  for (unsigned I = 0; I < GemmRoleCount; ++I) {
    const Role R = static_cast<Role>(I);
    if (Api.has(R) && paramName(Api, R) == Name)
      return R;
  }
  return Role::Count;
}

PyFinding pyFinding(const gemm::explain::Verdict &V) {
  PyFinding P;
  P.Check = V.Check;
  P.Rule = V.Rule;
  P.Param = V.Param;
  P.Severity = V.Advisory ? "warning" : "error";
  P.Message = V.Message;
  P.Note = V.Note;
  P.Value = V.Value;
  P.Bound = V.Bound;
  P.Group = V.Group;
  return P;
}

// A Python value as cuBLASLt's log would print it: None is a null pointer,
// an int a number (or an address), a float a real, a str a name.
gemm::explain::LoggedValue loggedValue(const std::string &Function, const std::string &Key,
                                       const py::handle &Obj) {
  using gemm::explain::LoggedValue;
  LoggedValue L;
  if (Obj.is_none()) {
    L.What = LoggedValue::Pointer;
  } else if (py::isinstance<py::bool_>(Obj) || py::isinstance<py::int_>(Obj)) {
    L.What = LoggedValue::Number;
    L.V = Obj.cast<int64_t>();
  } else if (py::isinstance<py::float_>(Obj)) {
    L.What = LoggedValue::Real;
    L.R = Obj.cast<double>();
  } else if (py::isinstance<py::str>(Obj)) {
    L.What = LoggedValue::Name;
    L.Text = Obj.cast<std::string>();
  } else {
    throw py::type_error(Function + ": " + Key + " must be an int, a float, a name or None, not " +
                         std::string(py::str(Obj.get_type().attr("__name__"))));
  }
  return L;
}

// cublasLtMatmul and cublasLtMatmulAlgoGetHeuristic: the keywords become
// the fields of a logged call, read by the code that reads the log.
std::vector<PyFinding> checkLt(const std::string &Function, const py::kwargs &Args) {
  namespace ex = gemm::explain;
  namespace rl = gemm::rules::lt;
  if (Function != "cublasLtMatmul" && Function != "cublasLtMatmulAlgoGetHeuristic")
    throw py::value_error("'" + Function + "': gemm_rules checks cublasLtMatmul and "
                          "cublasLtMatmulAlgoGetHeuristic set-ups");
  struct ObjectArg { const char *Name; rl::Object Obj; };
  static const ObjectArg Objects[] = {
      {"computeDesc", rl::Object::MatmulDesc}, {"Adesc", rl::Object::MatrixLayout},
      {"Bdesc", rl::Object::MatrixLayout},     {"Cdesc", rl::Object::MatrixLayout},
      {"Ddesc", rl::Object::MatrixLayout},     {"preference", rl::Object::Preference}};
  // The C API's names of the other arguments, and the log's.
  static const std::pair<const char *, const char *> Plain[] = {
      {"A", "A"}, {"B", "B"}, {"C", "C"}, {"D", "D"}, {"algo", "algo"}, {"beta", "beta"},
      {"workspace", "workSpace"}, {"workspaceSizeInBytes", "workSpaceSizeInBytes"}};
  ex::LoggedCall C;
  C.From = ex::Library::CublasLt;
  C.Level = "Trace";
  C.Function = Function;
  for (const auto &Item : Args) {
    const std::string Key = Item.first.cast<std::string>();
    const py::handle Obj = Item.second;
    const ObjectArg *Object = nullptr;
    for (const ObjectArg &O : Objects)
      if (Key == O.Name)
        Object = &O;
    if (Object && py::isinstance<py::dict>(Obj)) {
      C.Args.emplace_back(Key, ex::LoggedValue{ex::LoggedValue::Dump});
      for (const auto &Attr : Obj.cast<py::dict>()) {
        const std::string Name = py::str(Attr.first);
        const rl::AttrInfo *Info = ex::attributeKeyed(Object->Obj, Name);
        if (!Info)
          throw py::type_error(Function + ": " + Key + " has no attribute '" + Name + "'");
        ex::LoggedValue L = loggedValue(Function, Key + "." + Name, Attr.second);
        if (L.What == ex::LoggedValue::Name && !ex::ltAttributeValue(*Info, L).Known)
          throw py::value_error(Function + ": " + Key + "." + Name + "='" + L.Text +
                                "' is not a name gemm_rules knows (or names two values); "
                                "pass the enumerator's number");
        C.Args.emplace_back(Key + "." + Name, std::move(L));
      }
      continue;
    }
    if (Object) {
      if (!Obj.is_none())
        throw py::type_error(Function + ": " + Key + " must be a dict of its attributes or None");
      C.Args.emplace_back(Key, ex::LoggedValue{ex::LoggedValue::Pointer});
      continue;
    }
    const char *Logged = nullptr;
    for (const auto &P : Plain)
      if (Key == P.first || Key == P.second)
        Logged = P.second;
    if (!Logged)
      throw py::type_error(Function + " has no argument '" + Key + "'");
    ex::LoggedValue L = loggedValue(Function, Key, Obj);
    // Data pointers, the workspace and the algo are addresses.
    if (L.What == ex::LoggedValue::Number && std::strcmp(Logged, "beta") &&
        std::strcmp(Logged, "workSpaceSizeInBytes"))
      L.What = ex::LoggedValue::Pointer;
    C.Args.emplace_back(Logged, std::move(L));
  }
  rl::MatmulValues V;
  ex::ltMatmulValues(C, V);
  std::vector<PyFinding> Out;
  for (const rl::Finding &F : rl::checkMatmul(V))
    Out.push_back(pyFinding(ex::verdictOf(Function, nullptr, F)));
  return Out;
}

std::vector<PyFinding> check(const std::string &Function, const py::kwargs &Args) {
  if (Function.rfind("cublasLt", 0) == 0)
    return checkLt(Function, Args);
  const ApiInfo *Api = findApi(Function.c_str());
  if (!Api) // cublasSgemm as cublas_v2.h spells it: cublasSgemm_v2
    Api = findApi((Function + "_v2").c_str());
  if (!Api)
    throw py::value_error("'" + Function + "' is not a function of the GEMM family gemm_rules knows");
  CallValues V;
  for (const auto &Item : Args) {
    const std::string Key = Item.first.cast<std::string>();
    const py::handle Obj = Item.second;
    if (Key == "pointer_mode") {
      const std::string Mode = py::str(Obj);
      V.PointerMode = Value::of(Mode == "device" || Mode == "1" ? 1 : 0);
      continue;
    }
    if (Key == "cublas_version") {
      V.LibraryVersion = Obj.cast<int64_t>();
      continue;
    }
    const Role R = roleNamed(*Api, Key);
    if (R == Role::Count)
      throw py::type_error(Function + " has no argument '" + Key + "'");
    if (Api->isGrouped() && Api->isPerGroup(R)) {
      for (const py::handle &Each : py::iter(Obj))
        V.group(R).push_back(Value::of(number(*Api, R, Each, V)));
      continue;
    }
    if (isPointerRole(R)) {
      if (Obj.is_none())
        V.pointer(R).Address = Value::of(0);
      else
        V.pointer(R).Address = Value::of(Obj.cast<int64_t>());
      continue;
    }
    V[R] = Value::of(number(*Api, R, Obj, V));
  }
  std::vector<PyFinding> Out;
  for (const Finding &F : checkCall(*Api, V))
    Out.push_back(pyFinding(gemm::explain::verdictOf(Api->Name, Api, F)));
  return Out;
}

} // namespace

PYBIND11_MODULE(gemm_rules, M) {
  M.doc() = "gemm-tidy's rules core: the verdict cuBLAS's documentation gives on a GEMM call";
  py::class_<PyFinding>(M, "Finding")
      .def_readonly("check", &PyFinding::Check, "the gemm-tidy check (leading-dimension, ...)")
      .def_readonly("rule", &PyFinding::Rule, "the rule id of docs/rules.md (ld.operand, ...)")
      .def_readonly("param", &PyFinding::Param, "the argument it is about")
      .def_readonly("severity", &PyFinding::Severity,
                    "'error' (cuBLAS rejects the call or it misbehaves) or 'warning' (advisory)")
      .def_readonly("message", &PyFinding::Message)
      .def_readonly("note", &PyFinding::Note, "how to fix it; may be empty")
      .def_readonly("value", &PyFinding::Value)
      .def_readonly("bound", &PyFinding::Bound)
      .def_readonly("group", &PyFinding::Group, "the group of a grouped call, or -1")
      .def("__repr__", [](const PyFinding &F) {
        return "<gemm_rules.Finding " + F.Severity + " " + F.Rule + " " + F.Param + ": " +
               F.Message + ">";
      });
  M.def("check", &check, py::arg("function"),
        "Findings of the rules core on a call of the cuBLAS GEMM family: arguments by "
        "cuBLAS's names, enumerations by name or number, pointers as None or an address; "
        "left out means unknown. Also pointer_mode='host'|'device', cublas_version=N. "
        "cublasLtMatmul and cublasLtMatmulAlgoGetHeuristic take their objects as dicts "
        "of attributes (computeDesc, Adesc, Bdesc, Cdesc, Ddesc, preference): an "
        "attribute left out of a dict is at its default; None is a null object.");
  M.def("functions", [] {
    std::vector<std::string> Names;
    for (const ApiInfo &Api : ApiTable)
      if (Api.Vend == Vendor::Cublas)
        Names.push_back(Api.Name);
    Names.push_back("cublasLtMatmulAlgoGetHeuristic");
    Names.push_back("cublasLtMatmul");
    return Names;
  }, "The cuBLAS functions check() knows.");
}
