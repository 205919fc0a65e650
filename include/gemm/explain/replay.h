//===- gemm/explain/replay.h - logged calls, judged by the rules core -----===//
//
// What gemm-explain, its fuzz target and its benchmark do with the calls the
// log reader rebuilds (gemm/explain/cublas_log.h): follow the state the log
// shows across calls, and ask the rules core the guard asks.
//
// - cuBLAS: each handle's pointer mode, from the logged
//   cublasSetPointerMode_v2 calls, per process.
// - cuBLASLt: an object's attributes are in the log only where it is
//   dumped ("Adesc=[type=R_16F rows=64 cols=128 ld=64]" on the heuristic's
//   Api line and the matmul's Trace line), and a key at its default is left
//   out, so a missing key reads as the default -- except the attributes the
//   library never prints (ALPHA_VECTOR_BATCH_STRIDE, SEARCH_MODE), which
//   stay unknown. SetAttribute lines show the buffer's address, not the
//   value: never guessed. Objects are followed by address: one destroyed,
//   with no Create or Init in that process since (which could have given
//   the address back), is a use after destroy where a later call names it.
//   cuBLASLt's Api lines carry no library version: the rules that depend
//   on it stay silent.
// - hipBLASLt lines are recognised and counted, not replayed: the rules are
//   cuBLASLt's, and hipBLASLt supports other types.
//
// What is not replayed in full is counted (Calls - Replayed, Skipped) and
// said in a note, so that no verdict passes over it: interleaved and cut
// cuBLAS blocks, grouped calls (the log shows their per-group arrays as
// pointers), garbled cuBLASLt lines. A block the log ends inside after its
// last argument is the call the process stopped in: it is replayed.
//
// Verdicts carry the guard's message, prefixed with the function's name.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_EXPLAIN_REPLAY_H
#define GEMM_EXPLAIN_REPLAY_H

#include "gemm/explain/cublas_log.h"
#include "gemm/rules/lt_check.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gemm {
namespace explain {

namespace rl = rules::lt;

// What the rules say of one logged call.
struct Verdict {
  size_t Line = 0;     // of the call in the log
  bool Advisory = false;
  std::string Function; // "cublasSgemm_v2"
  std::string Message;  // "'lda' (8) must be ..."
  std::string Check;   // gemm-<Check>
  std::string Rule, Param, Note;
  int64_t Value = 0, Bound = 0;
  int Group = -1;      // the group of a grouped call
};

// A finding of either library's rules on a call of Function.
// Api: the GEMM function's row; null for cuBLASLt, whose findings name
// their subject themselves.
inline Verdict verdictOf(const std::string &Function, const rules::ApiInfo *Api,
                         const rules::Finding &F) {
  Verdict V;
  V.Advisory = rules::isAdvisory(F);
  V.Function = Function;
  V.Message = F.Message;
  V.Check = rules::categoryName(F.Cat);
  V.Rule = F.RuleId ? F.RuleId : "";
  V.Param = Api ? rules::paramName(*Api, F.Param, F.Group)
                : rules::lt::subjectName(F.About);
  V.Note = F.Note;
  V.Value = F.Value;
  V.Bound = F.Bound;
  V.Group = F.Group;
  return V;
}

// --- cuBLASLt values by their logged names --------------------------------------

// The key an object's dump prints an attribute under (docs/logs.md, The
// cuBLASLt log; the key strings of libcublasLt 13.1).
// hipBLASLt spells the transposes transA and transB.
struct LoggedAttribute {
  std::string_view Key;
  rl::Object Obj;
  int64_t Id;
};
inline constexpr LoggedAttribute LoggedAttributes[] = {
    {"computeType", rl::Object::MatmulDesc, rl::desc::COMPUTE_TYPE},
    {"scaleType", rl::Object::MatmulDesc, rl::desc::SCALE_TYPE},
    {"pointerMode", rl::Object::MatmulDesc, rl::desc::POINTER_MODE},
    {"transa", rl::Object::MatmulDesc, rl::desc::TRANSA},
    {"transA", rl::Object::MatmulDesc, rl::desc::TRANSA},
    {"transb", rl::Object::MatmulDesc, rl::desc::TRANSB},
    {"transB", rl::Object::MatmulDesc, rl::desc::TRANSB},
    {"transc", rl::Object::MatmulDesc, rl::desc::TRANSC},
    {"fillMode", rl::Object::MatmulDesc, rl::desc::FILL_MODE},
    {"epilogue", rl::Object::MatmulDesc, rl::desc::EPILOGUE},
    {"biasPointer", rl::Object::MatmulDesc, rl::desc::BIAS_POINTER},
    {"biasBatchStride", rl::Object::MatmulDesc, rl::desc::BIAS_BATCH_STRIDE},
    {"epilogueAuxPointer", rl::Object::MatmulDesc, rl::desc::EPILOGUE_AUX_POINTER},
    {"epilogueAuxLd", rl::Object::MatmulDesc, rl::desc::EPILOGUE_AUX_LD},
    {"epilogueAuxBatchStride", rl::Object::MatmulDesc, rl::desc::EPILOGUE_AUX_BATCH_STRIDE},
    {"smCountTarget", rl::Object::MatmulDesc, rl::desc::SM_COUNT_TARGET},
    {"aScalePointer", rl::Object::MatmulDesc, rl::desc::A_SCALE_POINTER},
    {"bScalePointer", rl::Object::MatmulDesc, rl::desc::B_SCALE_POINTER},
    {"cScalePointer", rl::Object::MatmulDesc, rl::desc::C_SCALE_POINTER},
    {"dScalePointer", rl::Object::MatmulDesc, rl::desc::D_SCALE_POINTER},
    {"amaxDPointer", rl::Object::MatmulDesc, rl::desc::AMAX_D_POINTER},
    {"epilogueAuxDataType", rl::Object::MatmulDesc, rl::desc::EPILOGUE_AUX_DATA_TYPE},
    {"epilogueAuxScalePointer", rl::Object::MatmulDesc, rl::desc::EPILOGUE_AUX_SCALE_POINTER},
    {"epilogueAuxAmaxPointer", rl::Object::MatmulDesc, rl::desc::EPILOGUE_AUX_AMAX_POINTER},
    {"fastAccumulationFlag", rl::Object::MatmulDesc, rl::desc::FAST_ACCUM},
    {"biasDataType", rl::Object::MatmulDesc, rl::desc::BIAS_DATA_TYPE},
    {"aScaleMode", rl::Object::MatmulDesc, rl::desc::A_SCALE_MODE},
    {"bScaleMode", rl::Object::MatmulDesc, rl::desc::B_SCALE_MODE},
    {"cScaleMode", rl::Object::MatmulDesc, rl::desc::C_SCALE_MODE},
    {"dScaleMode", rl::Object::MatmulDesc, rl::desc::D_SCALE_MODE},
    {"epilogueAuxScaleMode", rl::Object::MatmulDesc, rl::desc::EPILOGUE_AUX_SCALE_MODE},
    {"dOutScalePointer", rl::Object::MatmulDesc, rl::desc::D_OUT_SCALE_POINTER},
    {"dOutScaleMode", rl::Object::MatmulDesc, rl::desc::D_OUT_SCALE_MODE},
    {"emulationDesc", rl::Object::MatmulDesc, rl::desc::EMULATION_DESCRIPTOR},
    {"type", rl::Object::MatrixLayout, rl::layout::TYPE},
    {"order", rl::Object::MatrixLayout, rl::layout::ORDER},
    {"rows", rl::Object::MatrixLayout, rl::layout::ROWS},
    {"cols", rl::Object::MatrixLayout, rl::layout::COLS},
    {"ld", rl::Object::MatrixLayout, rl::layout::LD},
    {"batchCount", rl::Object::MatrixLayout, rl::layout::BATCH_COUNT},
    {"stridedBatchOffset", rl::Object::MatrixLayout, rl::layout::STRIDED_BATCH_OFFSET},
    {"planeOffsetBytes", rl::Object::MatrixLayout, rl::layout::PLANE_OFFSET},
    {"batchMode", rl::Object::MatrixLayout, rl::layout::BATCH_MODE},
    {"maxWorkspaceSizeinBytes", rl::Object::Preference, rl::pref::MAX_WORKSPACE_BYTES},
    {"reductionSchemeMask", rl::Object::Preference, rl::pref::REDUCTION_SCHEME_MASK},
    {"minBytesAlignmentA", rl::Object::Preference, rl::pref::MIN_ALIGNMENT_A_BYTES},
    {"minBytesAlignmentB", rl::Object::Preference, rl::pref::MIN_ALIGNMENT_B_BYTES},
    {"minBytesAlignmentC", rl::Object::Preference, rl::pref::MIN_ALIGNMENT_C_BYTES},
    {"minBytesAlignmentD", rl::Object::Preference, rl::pref::MIN_ALIGNMENT_D_BYTES},
    {"maxWavesCount", rl::Object::Preference, rl::pref::MAX_WAVES_COUNT},
    {"implMask", rl::Object::Preference, rl::pref::IMPL_MASK},
};

inline const LoggedAttribute *findLoggedAttribute(rl::Object O, std::string_view Key) {
  for (const LoggedAttribute &A : LoggedAttributes)
    if (A.Obj == O && Key == A.Key)
      return &A;
  return nullptr;
}

// Bit Id set where a dump prints attribute Id of the object (one word per
// rl::Object, in its order): the attributes read back from a dump.
struct LoggedMasks {
  uint64_t Of[6] = {};
};
constexpr LoggedMasks loggedMasks() {
  LoggedMasks M;
  for (const LoggedAttribute &A : LoggedAttributes)
    M.Of[static_cast<unsigned>(A.Obj)] |= uint64_t(1) << A.Id;
  return M;
}
inline constexpr LoggedMasks Logged = loggedMasks();
static_assert(rl::MaxAttributes <= 64, "one bit per attribute id");

inline bool isLogged(rl::Object O, int64_t Id) {
  return Logged.Of[static_cast<unsigned>(O)] >> Id & 1;
}

// Whether Name is Full or ends it after a '_' ("T" ends "CUBLAS_OP_T").
inline bool endsName(std::string_view Full, std::string_view Name) {
  return Full == Name ||
         (Full.size() > Name.size() &&
          Full.compare(Full.size() - Name.size(), Name.size(), Name) == 0 &&
          Full[Full.size() - Name.size() - 1] == '_');
}

// The enumerator a logged name stands for: the header's name itself, or
// the one it ends ("R_16F" is CUDA_R_16F, "MODE_DEVICE" is
// CUBLASLT_POINTER_MODE_DEVICE); unknown where none or two do
// (DATA_TYPE_UNKNOWN, whose number the log lost).
inline rules::Value ltEnumValue(rl::EnumKind K, std::string_view Name) {
  rules::Value Found;
  for (const rules::EnumName &E : rl::enumNames(K)) {
    if (Name == E.Name)
      return rules::Value::of(E.Value);
    if (endsName(E.Name, Name)) {
      if (Found.Known && Found.V != E.Value)
        return rules::Value::unknown();
      Found = rules::Value::of(E.Value);
    }
  }
  return Found;
}

// An attribute's value as logged: a number, an address, or an enumerator's
// name; a real (maxWavesCount) is read by no rule.
inline rules::Value ltAttributeValue(const rl::AttrInfo &Info, const LoggedValue &L) {
  switch (L.What) {
  case LoggedValue::Number:
  case LoggedValue::Pointer: return rules::Value::of(L.V);
  case LoggedValue::Name: return ltEnumValue(Info.Kind, L.Text);
  default: return rules::Value::unknown();
  }
}

// The attribute of O a key names: the key an object's dump prints it under
// ("transa", "ld"), or its enumerator, whole or ended ("MATMUL_DESC_TRANSA"
// on SetAttribute lines; "TRANSA" as gemm_rules accepts it); nullptr for
// none (MATMUL_DESC_UNKNOWN, a key a later version adds) or two.
inline const rl::AttrInfo *attributeKeyed(rl::Object O, std::string_view Key) {
  if (const LoggedAttribute *L = findLoggedAttribute(O, Key))
    return rl::findAttribute(O, L->Id);
  const rl::AttrInfo *Found = nullptr;
  for (int64_t Id = 0; Id < rl::MaxAttributes; ++Id) {
    const rl::AttrInfo *Info = rl::findAttribute(O, Id);
    if (Info && endsName(Info->Name, Key)) {
      if (Found)
        return nullptr;
      Found = Info;
    }
  }
  return Found;
}

// The state of the object dumped by argument Dump of C ("Adesc=[...]",
// "computeDesc=[...]"), whose keys follow it ("Adesc.type", ...): printed
// keys as printed, the rest at their defaults, except attributes never
// printed and Create arguments (always printed), which stay unknown.
inline rl::ObjectState ltObjectState(rl::Object O, const LoggedCall &C, size_t Dump) {
  rl::ObjectState S = rl::initialState(O);
  for (int64_t Id = 0; Id < rl::MaxAttributes; ++Id)
    if (!isLogged(O, Id))
      S[Id] = rules::Value::unknown();
  const std::string_view Group = C.Args[Dump].first;
  for (size_t I = Dump + 1; I < C.Args.size(); ++I) {
    const std::string_view Name = C.Args[I].first;
    if (Name.size() <= Group.size() + 1 || Name.compare(0, Group.size(), Group) != 0 ||
        Name[Group.size()] != '.')
      break;
    // A key a later version adds is kept unread.
    if (const rl::AttrInfo *Info = attributeKeyed(O, Name.substr(Group.size() + 1)))
      S[Info->Id] = ltAttributeValue(*Info, C.Args[I].second);
  }
  return S;
}

// What the rules core can judge of a logged cublasLtMatmulAlgoGetHeuristic
// (dumps, no pointers) or cublasLtMatmul (Api: pointers only; Trace: both,
// and beta).
inline void ltMatmulValues(const LoggedCall &C, rl::MatmulValues &V) {
  using rules::Value;
  V.Heuristic = C.Function == "cublasLtMatmulAlgoGetHeuristic";
  auto Object = [&](const char *Name, rl::Object O, rl::ObjectState &State, rl::Arg A) {
    const size_t At = C.find(Name);
    const LoggedValue *L = At < C.Args.size() ? &C.Args[At].second : nullptr;
    if (L && L->What == LoggedValue::Dump)
      State = ltObjectState(O, C, At);
    else if (L && L->What == LoggedValue::Pointer)
      V.pointer(A).Address = Value::of(L->V);
    return L;
  };
  Object("computeDesc", rl::Object::MatmulDesc, V.Desc, rl::Arg::ComputeDesc);
  Object("preference", rl::Object::Preference, V.Pref, rl::Arg::Preference);
  static const char *const Layouts[4] = {"Adesc", "Bdesc", "Cdesc", "Ddesc"};
  static const char *const Data[4] = {"A", "B", "C", "D"};
  const LoggedValue *Desc[4];
  for (unsigned M = 0; M < 4; ++M) {
    Desc[M] = Object(Layouts[M], rl::Object::MatrixLayout, V.Layout[M], rl::layoutArg(M));
    if (const LoggedValue *P = C.arg(Data[M]); P && P->What == LoggedValue::Pointer)
      V.pointer(rl::dataArg(M)).Address = Value::of(P->V);
  }
  const LoggedValue *Cd = Desc[rl::MatC], *Dd = Desc[rl::MatD];
  if (Cd && Cd->What == LoggedValue::Pointer && Cd->V == 0) {
    V.CdescIsNull = Value::of(1); // (the rules read Ddesc for C)
  } else if (Cd && (Cd->What == LoggedValue::Dump || Cd->What == LoggedValue::Pointer)) {
    V.CdescIsNull = Value::of(0);
    if (Cd->What == LoggedValue::Pointer && Dd && Dd->What == LoggedValue::Pointer)
      V.CdescIsDdesc = Value::of(Cd->V == Dd->V);
  }
  const Value &CAddress = V.pointer(rl::Arg::C).Address, &DAddress = V.pointer(rl::Arg::D).Address;
  if (CAddress.Known && DAddress.Known)
    V.CIsD = Value::of(CAddress.V == DAddress.V);
  if (const LoggedValue *W = C.arg("workSpace"); W && W->What == LoggedValue::Pointer)
    V.pointer(rl::Arg::Workspace).Address = Value::of(W->V);
  if (const LoggedValue *W = C.arg("workSpaceSizeInBytes"); W && W->What == LoggedValue::Number)
    V.WorkspaceSize = Value::of(W->V);
  if (const LoggedValue *A = C.arg("algo"); A && A->What == LoggedValue::Pointer)
    V.pointer(rl::Arg::Algo).Address = Value::of(A->V);
  if (const LoggedValue *B = C.arg("beta"))
    if (B->What == LoggedValue::Number || B->What == LoggedValue::Real)
      V.BetaIsZero = Value::of(B->What == LoggedValue::Number ? B->V == 0 : B->R == 0);
  for (int64_t Id : rl::MatmulValues::DevicePointerAttributes)
    if (V.Desc[Id].Known)
      V.descPointer(Id).Address = V.Desc[Id];
}

// --- the replay ------------------------------------------------------------------

class Replayer {
public:
  std::function<void(const Verdict &)> OnVerdict;
  std::function<void(size_t, const std::string &)> OnNote;
  // GEMM calls of either library (cuBLAS's GEMM family; cuBLASLt's
  // heuristics and matmuls, a matmul's Api and Trace lines one call), how
  // many were replayed in full, how many break a rule; cuBLASLt object
  // calls; lines of the log besides the GEMM calls that were not replayed
  // (garbled cuBLASLt object calls, hipBLASLt's lines). Calls - Replayed
  // and Skipped are what the verdict must not pass over.
  uint64_t Calls = 0, Replayed = 0, Breaking = 0, SetupCalls = 0, Skipped = 0;

  void call(const LoggedCall &C) {
    if (C.From == Library::Cublas) {
      cublasCall(C);
    } else if (C.From == Library::CublasLt) {
      ltCall(C);
    } else {
      ++Skipped;
      if (!Hipblaslt++)
        FirstHipblaslt = C.Line;
    }
  }

  // The end of a log: what was not replayed, said once.
  void finish() {
    if (Interleaved)
      note(FirstInterleaved,
           std::to_string(Interleaved) + " call" + (Interleaved == 1 ? "" : "s") +
               " of the family interleave with another thread's or process's call, "
               "from here on: their arguments cannot be told apart, not replayed "
               "(log one thread, or use the runtime guard)");
    if (Hipblaslt)
      note(FirstHipblaslt, std::to_string(Hipblaslt) + " hipBLASLt line" +
                               (Hipblaslt == 1 ? "" : "s") +
                               " from here on: not replayed (the rules are "
                               "cuBLASLt's; hipBLASLt supports other types)");
  }

private:
  std::map<std::pair<int64_t, int64_t>, int64_t> PointerModes; // (pid, handle)
  uint64_t Interleaved = 0, Hipblaslt = 0;
  size_t FirstInterleaved = 0, FirstHipblaslt = 0;

  // A cublasLtMatmul's Api line, until its Trace line (a GPU run at level
  // 2 and 5) comes: one call, its findings said once.
  struct LtMatmulEntry {
    int64_t Data[4] = {-1, -1, -1, -1}; // A, B, C, D
    rules::Value Destroyed[5];          // computeDesc, Adesc..Ddesc
    rules::Value CdescIsNull, CdescIsDdesc;
    std::set<std::pair<std::string, std::string>> Said; // (rule, param)
    bool Broke = false;
  };
  struct LtProcess {
    std::set<int64_t> Destroyed; // no Create or Init since
    bool HasEntry = false;
    LtMatmulEntry Entry;
  };
  std::map<int64_t, LtProcess> LtProcesses;

  void note(size_t Line, const std::string &Text) {
    if (OnNote)
      OnNote(Line, Text);
  }

  // --- cuBLAS ----------------------------------------------------------------------

  void cublasCall(const LoggedCall &C) {
    const rules::ApiInfo *Api = rules::findApi(C.Function.c_str());
    if (C.End == Ending::Cut) {
      note(C.Line, C.Function + " has " + std::to_string(C.Args.size()) + " of " +
                       std::to_string(C.Expected) +
                       " arguments and no trailer (the log ends there): not replayed");
      Calls += Api != nullptr;
      return;
    }
    if (C.End == Ending::Stopped) {
      // The call a crash or a kill stopped in: judged on its arguments.
      note(C.Line, C.Function + ": the log ends inside this call: the process stopped there");
      if (!Api)
        return;
    }
    if (C.Function == "cublasSetPointerMode_v2" && C.Args.size() == 2 &&
        C.Args[0].second.What == LoggedValue::Pointer &&
        C.Args[1].second.What == LoggedValue::Number) {
      PointerModes[{C.Pid, C.Args[0].second.V}] = C.Args[1].second.V;
      return;
    }
    if (C.Function == "cublasDestroy_v2" && !C.Args.empty()) {
      PointerModes.erase({C.Pid, C.Args[0].second.V});
      return;
    }
    if (!Api)
      return;
    ++Calls;
    if (C.Ambiguous) {
      if (!Interleaved++)
        FirstInterleaved = C.Line;
      return;
    }
    int64_t Mode = -1;
    if (!C.Args.empty()) {
      auto It = PointerModes.find({C.Pid, C.Args[0].second.V});
      if (It != PointerModes.end())
        Mode = It->second;
    }
    rules::CallValues V;
    if (!callValues(C, *Api, Mode, V)) {
      note(C.Line, C.Function + " logged " + std::to_string(C.Args.size()) +
                       " arguments, not the ones of its signature: not replayed");
      return;
    }
    if (groupArraysMatter(*Api, V))
      note(C.Line, C.Function + ": the log shows its per-group arrays (" + perGroupNames(C, *Api) +
                       ") as pointers, not their values: the rules on them are not replayed "
                       "(gemm-guard reads them)");
    else
      ++Replayed;
    bool Breaks = false;
    for (const rules::Finding &F : rules::checkCall(*Api, V)) {
      Verdict Out = verdictOf(C.Function, Api, F);
      Out.Line = C.Line;
      Breaks |= !Out.Advisory;
      if (OnVerdict)
        OnVerdict(Out);
    }
    Breaking += Breaks;
  }

  // Whether a grouped call's arrays hold values the rules need: the log
  // has their addresses only. No group (a known group_count of 0) reads none.
  static bool groupArraysMatter(const rules::ApiInfo &Api, const rules::CallValues &V) {
    const rules::Value &Groups = V[rules::Role::GroupCount];
    return Api.isGrouped() && !(Groups.Known && Groups.V == 0);
  }

  // "transa_array, ..., group_size": the arguments of C the log gives as
  // host arrays of one entry per group.
  static std::string perGroupNames(const LoggedCall &C, const rules::ApiInfo &Api) {
    std::string Names;
    for (unsigned Pos = 0; Pos < C.Args.size() && Pos < Api.NumArgs; ++Pos) {
      const rules::Role R = Api.roleAt(Pos);
      if (Api.isPerGroup(R) || R == rules::Role::Alpha || R == rules::Role::Beta)
        Names += (Names.empty() ? "" : ", ") + C.Args[Pos].first;
    }
    return Names;
  }

  // --- cuBLASLt ----------------------------------------------------------------------

  // Says F about C, unless Said (the Api line of the same matmul) said it;
  // true where F is an error.
  bool say(const LoggedCall &C, const rl::Finding &F,
           std::set<std::pair<std::string, std::string>> *Said = nullptr) {
    Verdict Out = verdictOf(C.Function, nullptr, F);
    Out.Line = C.Line;
    if (Said && !Said->insert({Out.Rule, Out.Param}).second)
      return false;
    if (OnVerdict)
      OnVerdict(Out);
    return !Out.Advisory;
  }
  bool sayAll(const LoggedCall &C, const std::vector<rl::Finding> &Fs,
              std::set<std::pair<std::string, std::string>> *Said = nullptr) {
    bool Breaks = false;
    for (const rl::Finding &F : Fs)
      Breaks |= say(C, F, Said);
    return Breaks;
  }

  static bool isLtGemm(const std::string &Function) {
    return Function == "cublasLtMatmulAlgoGetHeuristic" || Function == "cublasLtMatmul";
  }

  void ltCall(const LoggedCall &C) {
    LtProcess &P = LtProcesses[C.Pid];
    if (C.End == Ending::Garbled) {
      garbled(C, P);
      return;
    }
    if ((C.Level != "Api" && C.Level != "Trace") || C.Args.empty())
      return;
    if (isLtGemm(C.Function)) {
      matmul(C, P);
      return;
    }
    // The object calls of the rules core's table; an algo's configuration
    // (the caller's structure) is not followed.
    const rl::Function *F = rl::findFunction(C.Function);
    if (!F || F->OnHandle || F->Obj == rl::Object::AlgoConfig)
      return;
    switch (F->What) {
    case rules::Effect::Create:
    case rules::Effect::Init:
      P.Destroyed.clear(); // the address of a destroyed object may come back
      if (F->What == rules::Effect::Create)
        create(C, F->Obj);
      return;
    case rules::Effect::Set:
    case rules::Effect::Get:
      attribute(C, F->Obj, P, F->What == rules::Effect::Get);
      return;
    case rules::Effect::Destroy:
      if (C.Args[0].second.What == LoggedValue::Pointer && C.Args[0].second.V)
        P.Destroyed.insert(C.Args[0].second.V);
      return;
    default:
      return;
    }
  }

  // A line whose fields cannot be read: a GEMM call not replayed in full
  // (the Trace line of a matmul whose Api line came is that call, which
  // the Api line's pointers alone do not decide), or another line skipped.
  void garbled(const LoggedCall &C, LtProcess &P) {
    note(C.Line, C.Function + ": a cuBLASLt line cut or garbled (its fields cannot be read): "
                              "not replayed");
    if (!isLtGemm(C.Function)) {
      ++Skipped;
      return;
    }
    if (C.Level == "Trace" && C.Function == "cublasLtMatmul" && P.HasEntry) {
      P.HasEntry = false;
      --Replayed;
      return;
    }
    ++Calls;
  }

  // X*Create(&obj, args...): the arguments that become attributes, by the
  // keys the dumps use.
  void create(const LoggedCall &C, rl::Object O) {
    rl::ObjectState S = rl::initialState(O);
    for (int64_t Id : rl::createdAttributes(O))
      for (const LoggedAttribute &L : LoggedAttributes)
        if (L.Obj == O && L.Id == Id)
          if (const LoggedValue *V = C.arg(L.Key)) {
            const rl::AttrInfo &Info = *rl::findAttribute(O, Id);
            // The descriptor's scale type prints as a number here.
            S[Id] = ltAttributeValue(Info, *V);
          }
    ++SetupCalls;
    Breaking += sayAll(C, rl::checkCreate(O, S));
  }

  // X*SetAttribute(obj, attr, buf, sizeInBytes): the value is not in the
  // log, its size is.
  void attribute(const LoggedCall &C, rl::Object O, const LtProcess &P, bool IsGet) {
    const LoggedValue *Attr = C.arg("attr");
    const rl::AttrInfo *Info =
        Attr && Attr->What == LoggedValue::Name ? attributeKeyed(O, Attr->Text) : nullptr;
    rl::AttributeCall A;
    A.Obj = O;
    A.Owner = rl::ownerOf(O);
    const LoggedValue &Object = C.Args[0].second;
    if (Object.What == LoggedValue::Pointer && P.Destroyed.count(Object.V))
      A.ObjectDestroyed = rules::Value::of(1);
    if (Info)
      A.Attr = rules::Value::of(Info->Id);
    if (const LoggedValue *S = C.arg("sizeInBytes"); S && S->What == LoggedValue::Number)
      A.SizeInBytes = rules::Value::of(S->V);
    if (const LoggedValue *B = C.arg("buf"); B && B->What == LoggedValue::Pointer)
      A.BufIsNull = rules::Value::of(B->V == 0);
    if (const LoggedValue *W = C.arg("sizeWritten"); W && W->What == LoggedValue::Pointer)
      A.SizeWrittenIsNull = rules::Value::of(W->V == 0);
    ++SetupCalls;
    Breaking += sayAll(C, rl::checkAttributeCall(A, IsGet));
  }

  void matmul(const LoggedCall &C, LtProcess &P) {
    rl::MatmulValues V;
    ltMatmulValues(C, V);
    static const char *const Objects[5] = {"computeDesc", "Adesc", "Bdesc", "Cdesc", "Ddesc"};
    static const rl::Arg Args[5] = {rl::Arg::ComputeDesc, rl::Arg::Adesc, rl::Arg::Bdesc,
                                    rl::Arg::Cdesc, rl::Arg::Ddesc};
    int64_t Data[4];
    for (unsigned M = 0; M < 4; ++M) {
      const rules::Value &A = V.pointer(rl::dataArg(M)).Address;
      Data[M] = A.Known ? A.V : -1;
    }
    std::set<std::pair<std::string, std::string>> *Said = nullptr;
    const bool Api = C.Level == "Api" && C.Function == "cublasLtMatmul";
    const bool Trace = C.Level == "Trace" && C.Function == "cublasLtMatmul";
    if (Api) {
      P.HasEntry = true;
      P.Entry = LtMatmulEntry();
      std::copy(Data, Data + 4, P.Entry.Data);
      for (unsigned I = 0; I < 5; ++I) {
        const LoggedValue *L = C.arg(Objects[I]);
        if (L && L->What == LoggedValue::Pointer && L->V && P.Destroyed.count(L->V))
          V.destroyed(Args[I]) = P.Entry.Destroyed[I] = rules::Value::of(1);
      }
      P.Entry.CdescIsNull = V.CdescIsNull;
      P.Entry.CdescIsDdesc = V.CdescIsDdesc;
      Said = &P.Entry.Said;
    } else if (Trace && P.HasEntry && std::equal(Data, Data + 4, P.Entry.Data)) {
      // The Trace line of the call whose Api line came before.
      P.HasEntry = false;
      for (unsigned I = 0; I < 5; ++I)
        V.destroyed(Args[I]) = P.Entry.Destroyed[I];
      V.CdescIsNull = P.Entry.CdescIsNull;
      V.CdescIsDdesc = P.Entry.CdescIsDdesc;
      if (sayAll(C, rl::checkMatmul(V), &P.Entry.Said) && !P.Entry.Broke)
        ++Breaking;
      return;
    }
    ++Calls;
    ++Replayed;
    const bool Breaks = sayAll(C, rl::checkMatmul(V), Said);
    Breaking += Breaks;
    if (Api)
      P.Entry.Broke = Breaks;
  }
};

} // namespace explain
} // namespace gemm

#endif // GEMM_EXPLAIN_REPLAY_H
