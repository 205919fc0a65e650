//===- gemm_rules: the rules core for Python ------------------------------===//
//
//   import gemm_rules
//   for f in gemm_rules.check("cublasGemmEx", transa="N", transb="T", m=64, n=32, k=16,
//                             Atype="CUDA_R_16F", lda=16, ...):
//       print(f.rule, f.param, f.severity, f.message)
//
// The same rules core the clang-tidy checks, the runtime guard and
// gemm-explain ask: arguments by cuBLAS's parameter names, enumerations by
// the name cuBLAS spells (case-sensitive: "CUBLAS_OP_T", "CUDA_R_16F",
// "CUBLAS_COMPUTE_32F", "CUBLAS_GEMM_DEFAULT"; transa and transb also "N",
// "T", "C" in either case; pointer_mode also "host", "device") or by
// number, integers as int or anything with __index__ (numpy's), pointers as
// None (null) or an address; an argument left out is unknown, and a rule
// that needs it stays silent, as the checks do. Anything else is refused
// with the argument's name and what to pass (help(gemm_rules) lists it).
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

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace py = pybind11;
using namespace gemm::rules;

namespace {

struct PyFinding {
  std::string Check, Rule, Param, Severity, Message, Note;
  int64_t Value = 0, Bound = 0;
  int Group = -1;
};

// --- errors -------------------------------------------------------------------
//
// Every refusal is raised here, in our words: pybind11's own cast errors
// ("Unable to cast Python instance to C++ type") say neither which argument
// nor what to pass.

[[noreturn]] void raise(PyObject *Type, const std::string &Message) {
  PyErr_SetString(Type, Message.c_str());
  throw py::error_already_set();
}

std::string typeName(py::handle Obj) { return Py_TYPE(Obj.ptr())->tp_name; }

std::string reprOf(py::handle Obj) { return py::repr(Obj).cast<std::string>(); }

char lower(char C) { return C >= 'A' && C <= 'Z' ? C - 'A' + 'a' : C; }

// " (did you mean 'X'?)" for the candidate nearest to Name, where it is
// near enough (at most a third of the letters differ); empty otherwise.
std::string didYouMean(const std::string &Name, const std::vector<std::string> &Candidates) {
  const std::string *Best = nullptr;
  size_t BestDistance = 0;
  for (const std::string &C : Candidates) {
    const size_t D = gemm::rules::editDistance(Name, C, /*IgnoreCase=*/true);
    if (C != Name && 3 * D <= std::max(Name.size(), C.size()) && (!Best || D < BestDistance))
      Best = &C, BestDistance = D;
  }
  return Best ? " (did you mean '" + *Best + "'?)" : "";
}

std::string joined(const std::vector<std::string> &Names) {
  std::string Out;
  for (const std::string &N : Names)
    Out += (Out.empty() ? "" : ", ") + N;
  return Out;
}

// --- values -------------------------------------------------------------------

// An integer argument: an int or anything with __index__ (numpy's integers);
// not a bool, a float or a string, whose meaning as a count is a guess.
int64_t integerOf(const std::string &Where, py::handle Obj, const char *Expected = "an int") {
  if (PyBool_Check(Obj.ptr()) || !PyIndex_Check(Obj.ptr()))
    raise(PyExc_TypeError, Where + " must be " + Expected + ", not " + typeName(Obj) + " (" +
                               reprOf(Obj) + ")");
  const py::object Index = py::reinterpret_steal<py::object>(PyNumber_Index(Obj.ptr()));
  if (!Index)
    throw py::error_already_set();
  int Overflow = 0;
  const long long V = PyLong_AsLongLongAndOverflow(Index.ptr(), &Overflow);
  if (Overflow)
    raise(PyExc_OverflowError, Where + "=" + reprOf(Obj) +
                                   " is out of range: the rules take integers from -2**63 "
                                   "to 2**63-1");
  return V;
}

// A pointer: None (null) or an address, as an int from 0 to 2**64-1.
int64_t addressOf(const std::string &Where, py::handle Obj) {
  if (Obj.is_none())
    return 0;
  if (PyBool_Check(Obj.ptr()) || !PyIndex_Check(Obj.ptr()))
    raise(PyExc_TypeError, Where + " is a pointer: pass its address (an int) or None, not " +
                               typeName(Obj) + " (" + reprOf(Obj) + ")");
  const py::object Index = py::reinterpret_steal<py::object>(PyNumber_Index(Obj.ptr()));
  if (!Index)
    throw py::error_already_set();
  const unsigned long long V = PyLong_AsUnsignedLongLong(Index.ptr());
  if (PyErr_Occurred()) {
    PyErr_Clear();
    raise(PyExc_OverflowError, Where + "=" + reprOf(Obj) +
                                   " is out of range: an address is from 0 to 2**64-1");
  }
  return static_cast<int64_t>(V);
}

// The names an enumeration is spelled by, and what to call it in messages.
struct Spellings {
  const char *TypeName;
  std::vector<std::pair<std::string, int64_t>> Names;
  std::string Valid; // the list a refusal shows; the names when empty

  std::vector<std::string> names() const {
    std::vector<std::string> Out;
    for (const auto &N : Names)
      Out.push_back(N.first);
    return Out;
  }
};

template <unsigned N>
void addNames(Spellings &S, const EnumName (&Table)[N]) {
  for (const EnumName &E : Table)
    S.Names.emplace_back(E.Name, E.Value);
}

const Spellings &operationSpellings() {
  static const Spellings S = [] {
    Spellings S{"cublasOperation_t", {{"N", op::N}, {"T", op::T}, {"C", op::C}}, {}};
    addNames(S, OperationNames);
    return S;
  }();
  return S;
}

const Spellings &dataTypeSpellings() {
  static const Spellings S = [] {
    Spellings S{"cudaDataType", {}, {}};
    addNames(S, DataTypeNames);
    return S;
  }();
  return S;
}

const Spellings &computeTypeSpellings() {
  static const Spellings S = [] {
    Spellings S{"cublasComputeType_t", {}, {}};
    addNames(S, ComputeTypeNames);
    S.Valid = joined(S.names()) + " (or a cudaDataType, as the C++ overload takes)";
    return S;
  }();
  return S;
}

const Spellings &algoSpellings() {
  static const Spellings S = [] {
    Spellings S{"cublasGemmAlgo_t",
                {{"CUBLAS_GEMM_DEFAULT", algo::Default},
                 {"CUBLAS_GEMM_DFALT", algo::Default},
                 {"CUBLAS_GEMM_DEFAULT_TENSOR_OP", algo::DefaultTensorOp},
                 {"CUBLAS_GEMM_DFALT_TENSOR_OP", algo::DefaultTensorOp},
                 {"CUBLAS_GEMM_AUTOTUNE", algo::Autotune}},
                "CUBLAS_GEMM_DEFAULT, CUBLAS_GEMM_DEFAULT_TENSOR_OP, CUBLAS_GEMM_ALGO0 to "
                "CUBLAS_GEMM_ALGO23, CUBLAS_GEMM_ALGO0_TENSOR_OP to CUBLAS_GEMM_ALGO15_TENSOR_OP, "
                "CUBLAS_GEMM_AUTOTUNE"};
    for (int64_t I = algo::Algo0; I <= algo::Algo23; ++I)
      S.Names.emplace_back("CUBLAS_GEMM_ALGO" + std::to_string(I), I);
    for (int64_t I = algo::Algo0TensorOp; I <= algo::Algo15TensorOp; ++I)
      S.Names.emplace_back("CUBLAS_GEMM_ALGO" + std::to_string(I - 100) + "_TENSOR_OP", I);
    return S;
  }();
  return S;
}

const Spellings &pointerModeSpellings() {
  static const Spellings S{"cublasPointerMode_t",
                           {{"host", pointer_mode::Host},
                            {"device", pointer_mode::Device},
                            {"CUBLAS_POINTER_MODE_HOST", pointer_mode::Host},
                            {"CUBLAS_POINTER_MODE_DEVICE", pointer_mode::Device}},
                           {}};
  return S;
}

// The enumeration a role's argument belongs to; nullptr for plain numbers.
const Spellings *spellingsOf(Role R) {
  switch (R) {
  case Role::TransA: case Role::TransB: return &operationSpellings();
  case Role::AType: case Role::BType: case Role::CType: case Role::DType:
    return &dataTypeSpellings();
  case Role::ComputeType: return &computeTypeSpellings();
  case Role::Algo: return &algoSpellings();
  default: return nullptr;
  }
}

// Names are matched as cuBLAS spells them; BLAS's transpose letters also in
// lower case ('n', 't', 'c'), as Fortran BLAS takes them.
bool lookupSpelling(const Spellings &S, const std::string &Name, int64_t &Out) {
  for (const auto &N : S.Names)
    if (N.first == Name || (N.first.size() == 1 && Name.size() == 1 &&
                            &S == &operationSpellings() && lower(N.first[0]) == Name[0]))
      return Out = N.second, true;
  return false;
}

[[noreturn]] void unknownName(const std::string &Where, const std::string &Name,
                              const Spellings &S) {
  raise(PyExc_ValueError, Where + "='" + Name + "' is not a " + S.TypeName +
                              didYouMean(Name, S.names()) + "; use " +
                              (S.Valid.empty() ? joined(S.names()) : S.Valid) +
                              ", or the enumerator's number");
}

// An enumeration argument, by name or number.
int64_t enumeratorOf(const std::string &Where, py::handle Obj, const Spellings &S,
                     CallValues *V = nullptr) {
  if (!py::isinstance<py::str>(Obj))
    return integerOf(Where, Obj, (std::string("a ") + S.TypeName + " name or number").c_str());
  const std::string Name = Obj.cast<std::string>();
  int64_t Out = 0;
  if (lookupSpelling(S, Name, Out))
    return Out;
  // cublas_api.h's C++ overload that takes a cudaDataType compute type.
  if (V && &S == &computeTypeSpellings() && lookupSpelling(dataTypeSpellings(), Name, Out)) {
    V->LegacyComputeType = V->ComputeTypeIsDataType = true;
    return Out;
  }
  unknownName(Where, Name, S);
}

// --- functions and their arguments --------------------------------------------

bool isLtFunction(const std::string &Name) {
  return Name == "cublasLtMatmul" || Name == "cublasLtMatmulAlgoGetHeuristic";
}

std::vector<std::string> functionNames() {
  std::vector<std::string> Names;
  for (const ApiInfo &Api : ApiTable)
    if (Api.Vend == Vendor::Cublas)
      Names.push_back(Api.Name);
  Names.push_back("cublasLtMatmulAlgoGetHeuristic");
  Names.push_back("cublasLtMatmul");
  return Names;
}

// functionNames() and the names cublas_v2.h maps to them (cublasSgemm):
// what a misspelt name is compared with.
std::vector<std::string> spelledFunctionNames() {
  std::vector<std::string> Names = functionNames();
  for (size_t I = 0, E = Names.size(); I < E; ++I) {
    const size_t V2 = Names[I].find("_v2");
    if (V2 != std::string::npos)
      Names.push_back(Names[I].substr(0, V2) + Names[I].substr(V2 + 3));
  }
  return Names;
}

// The function's name as a str, or a TypeError.
std::string functionName(py::handle Obj) {
  if (!py::isinstance<py::str>(Obj))
    raise(PyExc_TypeError, "the function must be named by a str (\"cublasGemmEx\"), not " +
                               typeName(Obj));
  return Obj.cast<std::string>();
}

// The cuBLAS row of Function, as the caller may spell it: cublas_v2.h's
// cublasSgemm (cublasSgemm_v2) and cublasSgemm_64 (cublasSgemm_v2_64).
// hipBLAS and rocBLAS spell their enumerations with other numbers; the
// static checks judge those calls, gemm_rules takes cuBLAS's.
const ApiInfo &cublasApi(const std::string &Function) {
  if (Function.rfind("cublasLt", 0) == 0)
    raise(PyExc_ValueError, "'" + Function + "': gemm_rules checks cublasLtMatmul and "
                                "cublasLtMatmulAlgoGetHeuristic set-ups" +
                                didYouMean(Function, {"cublasLtMatmul",
                                                      "cublasLtMatmulAlgoGetHeuristic"}));
  const ApiInfo *Api = findApi(Function.c_str());
  if (!Api)
    Api = findApi((Function + "_v2").c_str());
  const size_t L = Function.size();
  if (!Api && L > 3 && Function.compare(L - 3, 3, "_64") == 0)
    Api = findApi((Function.substr(0, L - 3) + "_v2_64").c_str());
  if (Api && Api->Vend != Vendor::Cublas)
    raise(PyExc_ValueError, "'" + Function + "' is a " +
                                (Api->Vend == Vendor::Hipblas ? "hipBLAS" : "rocBLAS") +
                                " function: gemm_rules judges cuBLAS calls, with cuBLAS's "
                                "enumerations (gemm_rules.functions()); gemm-tidy's checks "
                                "judge hipBLAS and rocBLAS calls in source");
  if (!Api)
    raise(PyExc_ValueError, "'" + Function + "' is not a function of the GEMM family gemm_rules knows" +
                                didYouMean(Function, spelledFunctionNames()) +
                                "; gemm_rules.functions() lists them");
  return *Api;
}

// The name cuBLAS's documentation gives the argument: the grouped forms'
// host arrays are m_array, ..., their matrices Aarray, as are the batched.
std::string documentedName(const ApiInfo &Api, Role R) {
  std::string Name = paramName(Api, R);
  if (Api.isGrouped() && R != Role::GroupSize &&
      (Api.isPerGroup(R) || R == Role::Alpha || R == Role::Beta))
    return Name + "_array";
  if (Api.isBatched() && Api.Shape != Form::StridedBatched &&
      (R == Role::A || R == Role::B || R == Role::C))
    return Name + "array";
  return Name;
}

std::string kindOf(const ApiInfo &Api, Role R) {
  std::string Kind = isPointerRole(R) ? "pointer" : "int";
  if (const Spellings *S = spellingsOf(R))
    Kind = S->TypeName;
  return Api.isGrouped() && Api.isPerGroup(R) ? "list of " + Kind : Kind;
}

std::vector<std::pair<std::string, std::string>> gemmArguments(const ApiInfo &Api) {
  std::vector<std::pair<std::string, std::string>> Out;
  for (unsigned Pos = 0; Pos < Api.NumArgs; ++Pos) {
    const Role R = Api.roleAt(Pos);
    if (R != Role::Count)
      Out.emplace_back(documentedName(Api, R), kindOf(Api, R));
  }
  Out.emplace_back("pointer_mode", "cublasPointerMode_t");
  Out.emplace_back("cublas_version", "int");
  return Out;
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

[[noreturn]] void noArgument(const std::string &Function, const std::string &Key,
                             const std::vector<std::pair<std::string, std::string>> &Arguments) {
  std::vector<std::string> Names;
  for (const auto &A : Arguments)
    Names.push_back(A.first);
  raise(PyExc_TypeError, Function + " has no argument '" + Key + "'" + didYouMean(Key, Names) +
                             "; gemm_rules.arguments('" + Function + "') lists them");
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

// --- cuBLASLt -------------------------------------------------------------------

namespace ex = gemm::explain;
namespace rl = gemm::rules::lt;

struct LtObjectArg {
  const char *Name;
  rl::Object Obj;
  const char *Type;
};
constexpr LtObjectArg LtObjects[] = {
    {"computeDesc", rl::Object::MatmulDesc, "cublasLtMatmulDesc_t"},
    {"Adesc", rl::Object::MatrixLayout, "cublasLtMatrixLayout_t"},
    {"Bdesc", rl::Object::MatrixLayout, "cublasLtMatrixLayout_t"},
    {"Cdesc", rl::Object::MatrixLayout, "cublasLtMatrixLayout_t"},
    {"Ddesc", rl::Object::MatrixLayout, "cublasLtMatrixLayout_t"},
    {"preference", rl::Object::Preference, "cublasLtMatmulPreference_t"}};

// The C API's names of the other arguments, the log's, and their kinds.
struct LtPlainArg {
  const char *Name, *Logged, *Kind;
};
constexpr LtPlainArg LtPlain[] = {
    {"A", "A", "pointer"},          {"B", "B", "pointer"},
    {"C", "C", "pointer"},          {"D", "D", "pointer"},
    {"algo", "algo", "pointer"},    {"beta", "beta", "number (*beta)"},
    {"workspace", "workSpace", "pointer"},
    {"workspaceSizeInBytes", "workSpaceSizeInBytes", "int"}};

std::vector<std::pair<std::string, std::string>> ltArguments() {
  std::vector<std::pair<std::string, std::string>> Out;
  for (const LtObjectArg &O : LtObjects)
    Out.emplace_back(O.Name, std::string("dict of ") + O.Type + " attributes");
  for (const LtPlainArg &P : LtPlain)
    Out.emplace_back(P.Name, P.Kind);
  return Out;
}

// The keys an object's attributes go by: its dump's and its enumerators.
std::vector<std::string> attributeKeys(rl::Object O) {
  std::vector<std::string> Keys;
  for (const ex::LoggedAttribute &L : ex::LoggedAttributes)
    if (L.Obj == O)
      Keys.emplace_back(L.Key);
  for (int64_t Id = 0; Id < rl::MaxAttributes; ++Id)
    if (const rl::AttrInfo *Info = rl::findAttribute(O, Id))
      Keys.emplace_back(Info->Name);
  return Keys;
}

// An attribute's value as cuBLASLt's log prints it: an address, a number,
// a real (maxWavesCount) or an enumerator by name, its full name or the
// end the log prints ("R_16F").
ex::LoggedValue attributeValue(const std::string &Where, const rl::AttrInfo &Info,
                               py::handle Obj) {
  ex::LoggedValue L;
  if (Info.Type == rl::AttrType::Pointer) {
    L.What = ex::LoggedValue::Pointer;
    L.V = addressOf(Where, Obj);
  } else if (Info.Type == rl::AttrType::Float && PyFloat_Check(Obj.ptr())) {
    L.What = ex::LoggedValue::Real;
    L.R = Obj.cast<double>();
  } else if (py::isinstance<py::str>(Obj) && rl::enumNames(Info.Kind).begin() !=
                                                 rl::enumNames(Info.Kind).end()) {
    L.What = ex::LoggedValue::Name;
    L.Text = Obj.cast<std::string>();
    if (!ex::ltAttributeValue(Info, L).Known) {
      std::vector<std::string> Names, Spelled;
      for (const EnumName &E : rl::enumNames(Info.Kind))
        Names.emplace_back(E.Name);
      // The log's ends of the names too: "R_17F" is near "R_16F".
      Spelled = Names;
      for (const std::string &N : Names)
        for (size_t At = N.find('_'); At != std::string::npos; At = N.find('_', At + 1))
          Spelled.push_back(N.substr(At + 1));
      raise(PyExc_ValueError, Where + "='" + L.Text + "' is not one " + Info.Name +
                                  " takes (or names two)" + didYouMean(L.Text, Spelled) +
                                  "; use " + joined(Names) + ", or the enumerator's number");
    }
  } else {
    L.What = ex::LoggedValue::Number;
    L.V = integerOf(Where, Obj, rl::enumNames(Info.Kind).begin() != rl::enumNames(Info.Kind).end()
                                    ? "an enumerator's name or number"
                                    : "an int");
  }
  return L;
}

// An object given as a dict: its dump, then one field per attribute.
void addObject(ex::LoggedCall &C, const std::string &Function, const LtObjectArg &Object,
               py::handle Obj) {
  if (Obj.is_none()) {
    C.Args.emplace_back(Object.Name, ex::LoggedValue{ex::LoggedValue::Pointer});
    return;
  }
  if (!py::isinstance<py::dict>(Obj))
    raise(PyExc_TypeError, Function + ": " + Object.Name + " must be a dict of its attributes or "
                               "None (a null object), not " + typeName(Obj));
  C.Args.emplace_back(Object.Name, ex::LoggedValue{ex::LoggedValue::Dump});
  for (const auto &Attr : Obj.cast<py::dict>()) {
    if (!py::isinstance<py::str>(Attr.first))
      raise(PyExc_TypeError, Function + ": the keys of " + Object.Name +
                                 " must be attribute names (str), not " + typeName(Attr.first));
    const std::string Name = Attr.first.cast<std::string>();
    const rl::AttrInfo *Info = ex::attributeKeyed(Object.Obj, Name);
    if (!Info)
      raise(PyExc_TypeError, Function + ": " + Object.Name + " has no attribute '" + Name + "'" +
                                 didYouMean(Name, attributeKeys(Object.Obj)));
    const std::string Where = Function + ": " + Object.Name + "." + Name;
    C.Args.emplace_back(std::string(Object.Name) + "." + Name,
                        attributeValue(Where, *Info, Attr.second));
  }
}

void addPlain(ex::LoggedCall &C, const std::string &Function, const LtPlainArg &Arg,
              py::handle Obj) {
  const std::string Where = Function + ": " + Arg.Name;
  ex::LoggedValue L;
  if (std::strcmp(Arg.Logged, "beta") == 0 && PyFloat_Check(Obj.ptr())) {
    L.What = ex::LoggedValue::Real;
    L.R = Obj.cast<double>();
  } else if (std::strcmp(Arg.Logged, "beta") == 0) {
    L.What = ex::LoggedValue::Number;
    L.V = integerOf(Where, Obj, "a number (the value *beta points to)");
  } else if (std::strcmp(Arg.Logged, "workSpaceSizeInBytes") == 0) {
    L.What = ex::LoggedValue::Number;
    L.V = integerOf(Where, Obj);
  } else {
    L.What = ex::LoggedValue::Pointer;
    L.V = addressOf(Where, Obj);
  }
  C.Args.emplace_back(Arg.Logged, std::move(L));
}

// cublasLtMatmul and cublasLtMatmulAlgoGetHeuristic: the keywords become
// the fields of a logged call, read by the code that reads the log, so a
// set-up checked here and one replayed from a log get one verdict.
std::vector<PyFinding> checkLt(const std::string &Function, const py::kwargs &Args) {
  ex::LoggedCall C;
  C.From = ex::Library::CublasLt;
  C.Level = "Trace";
  C.Function = Function;
  for (const auto &Item : Args) {
    const std::string Key = Item.first.cast<std::string>();
    const auto Object = std::find_if(std::begin(LtObjects), std::end(LtObjects),
                                     [&](const LtObjectArg &O) { return Key == O.Name; });
    if (Object != std::end(LtObjects)) {
      addObject(C, Function, *Object, Item.second);
      continue;
    }
    const auto Plain = std::find_if(std::begin(LtPlain), std::end(LtPlain), [&](const LtPlainArg &P) {
      return Key == P.Name || Key == P.Logged;
    });
    if (Plain == std::end(LtPlain))
      noArgument(Function, Key, ltArguments());
    addPlain(C, Function, *Plain, Item.second);
  }
  rl::MatmulValues V;
  ex::ltMatmulValues(C, V);
  std::vector<PyFinding> Out;
  for (const rl::Finding &F : rl::checkMatmul(V))
    Out.push_back(pyFinding(ex::verdictOf(Function, nullptr, F)));
  return Out;
}

// --- the GEMM family ------------------------------------------------------------

// One keyword of a call of the GEMM family into V.
void addArgument(const ApiInfo &Api, const std::string &Function, const std::string &Key,
                 py::handle Obj, CallValues &V) {
  const std::string Where = Function + ": " + Key;
  if (Key == "pointer_mode") {
    V.PointerMode = Value::of(enumeratorOf(Where, Obj, pointerModeSpellings()));
    return;
  }
  if (Key == "cublas_version") {
    V.LibraryVersion = integerOf(Where, Obj, "CUBLAS_VERSION, an int (120400 for cuBLAS 12.4.0)");
    return;
  }
  const Role R = roleNamed(Api, Key);
  if (R == Role::Count)
    noArgument(Function, Key, gemmArguments(Api));
  const Spellings *S = spellingsOf(R);
  auto One = [&](const std::string &At, py::handle Each) {
    return S ? enumeratorOf(At, Each, *S, &V) : integerOf(At, Each);
  };
  if (Api.isGrouped() && Api.isPerGroup(R)) {
    if (!py::isinstance<py::list>(Obj) && !py::isinstance<py::tuple>(Obj))
      raise(PyExc_TypeError, Where + " must be a list, one entry per group, not " + typeName(Obj));
    size_t I = 0;
    for (const py::handle Each : Obj)
      V.group(R).push_back(Value::of(One(Where + "[" + std::to_string(I++) + "]", Each)));
    return;
  }
  if (isPointerRole(R)) {
    V.pointer(R).Address = Value::of(addressOf(Where, Obj));
    return;
  }
  V[R] = Value::of(One(Where, Obj));
}

std::vector<PyFinding> checkGemm(const std::string &Function, const py::kwargs &Args) {
  const ApiInfo &Api = cublasApi(Function);
  CallValues V;
  for (const auto &Item : Args)
    addArgument(Api, Function, Item.first.cast<std::string>(), Item.second, V);
  std::vector<PyFinding> Out;
  for (const Finding &F : checkCall(Api, V))
    Out.push_back(pyFinding(ex::verdictOf(Api.Name, &Api, F)));
  return Out;
}

std::vector<PyFinding> check(const py::args &Positional, const py::kwargs &Args) {
  if (Positional.size() != 1)
    raise(PyExc_TypeError, "check() takes the function's name, then its arguments by keyword: "
                           "check(\"cublasGemmEx\", m=64, ...)");
  const std::string Function = functionName(Positional[0]);
  return isLtFunction(Function) ? checkLt(Function, Args) : checkGemm(Function, Args);
}

std::vector<std::pair<std::string, std::string>> arguments(py::handle FunctionObj) {
  const std::string Function = functionName(FunctionObj);
  return isLtFunction(Function) ? ltArguments() : gemmArguments(cublasApi(Function));
}

constexpr const char *ModuleDoc = R"(gemm-tidy's rules core: the verdict cuBLAS's documentation gives on a GEMM call.

Example:

    import gemm_rules
    for f in gemm_rules.check("cublasGemmEx", transa="N", transb="N", m=128, n=64, k=32,
                              Atype="CUDA_R_32F", lda=32, Btype="CUDA_R_32F", ldb=32,
                              Ctype="CUDA_R_32F", ldc=128, computeType="CUBLAS_COMPUTE_32F"):
        print(f.severity, f.rule, f.param, f.message)
    # error ld.operand lda 'lda' (32) must be at least max(1, m) = 128 ...

Functions:

    check(function, **arguments)  the findings (Finding) on one call
    arguments(function)           what check() takes for it: (name, kind) pairs
    functions()                   the functions check() knows (cuBLAS and cuBLASLt)

Arguments go by cuBLAS's parameter names; an argument left out is unknown,
and a rule that needs it stays silent. By kind:

    int                   an int or anything with __index__ (numpy integers);
                          a bool, float or str is a TypeError, a value outside
                          -2**63..2**63-1 an OverflowError
    pointer               an address (an int, 0..2**64-1) or None (null)
    cublasOperation_t,    the enumerator's name as cuBLAS spells it
    cudaDataType, ...     (case-sensitive: "CUBLAS_OP_T", "CUDA_R_16F"), or its
                          number; transa/transb also take "N", "T", "C" (or
                          "n", "t", "c"); an unknown name is a ValueError
    list of ...           the grouped functions' per-group host arrays
    pointer_mode          "host", "device", "CUBLAS_POINTER_MODE_HOST",
                          "CUBLAS_POINTER_MODE_DEVICE", 0 or 1
    cublas_version        CUBLAS_VERSION, an int (120400 for cuBLAS 12.4.0)

cublasLtMatmul and cublasLtMatmulAlgoGetHeuristic take their objects
(computeDesc, Adesc, Bdesc, Cdesc, Ddesc, preference) as dicts of their
attributes, by the keys of cuBLASLt's log ("transa", "ld") or their
enumerators ("TRANSA"); values by name (whole, or the end the log prints:
"R_16F") or number. An attribute left out of a dict is at its default; an
object left out is unknown; None is a null object.

hipBLAS and rocBLAS functions are refused: their enumerations have other
numbers, and gemm-tidy's static checks judge them.)";

} // namespace

PYBIND11_MODULE(gemm_rules, M) {
  M.doc() = ModuleDoc;
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
  M.def("check", &check,
        "check(function, **arguments) -> list of Finding\n\n"
        "The findings of the rules core on one call of the cuBLAS GEMM family or one "
        "cuBLASLt set-up, arguments by cuBLAS's names (gemm_rules.arguments(function) lists "
        "them); left out means unknown. See help(gemm_rules) for the kinds of values.");
  M.def("arguments", &arguments, py::arg("function"),
        "The arguments check() takes for function, as (name, kind) pairs in the function's "
        "order, then pointer_mode and cublas_version for the GEMM family.");
  M.def("functions", &functionNames, "The cuBLAS functions check() knows.");
}
