// gemm/guard/lt_entry.h - part of the gemm-tidy runtime guard for cuBLASLt:
// the guarded entry points: each cuBLASLt function's checks.
//
// Included by gemm/lt_guard.h, in order, after the headers it includes;
// include gemm/lt_guard.h, not this file.

#ifndef GEMM_GUARD_LT_ENTRY_H
#define GEMM_GUARD_LT_ENTRY_H

namespace gemm {
namespace guard {
namespace lt {

namespace detail {

// For the launcher's summary (guard/memory.h): a Create, Init, SetAttribute
// or GetAttribute of a followed object is an object call, as gemm-explain
// counts them; the algo's attributes, as every other checked call but the
// matmul and its heuristic, are counted apart.
inline void countObjectCall() {
  guard::detail::countCall(guard::detail::CallKind::LtObject);
}
inline void countOther() { guard::detail::countCall(guard::detail::CallKind::LtOther); }

// --- the guarded entry points ---------------------------------------------------------
// Each takes the caller's site and the real function; the routes (macros,
// explicit calls, the preload library) supply both.

template <class Fn>
cublasStatus_t create(const CallSite &Site, Fn Real, cublasLtHandle_t *Handle) {
  if (checking())
    countOther();
  if (checking() && !Handle) {
    rl::Finding F;
    F.Cat = rules::Category::InvalidEnum;
    F.RuleId = "LT-OBJ-CREATE";
    F.About = {rl::Arg::Handle, -1};
    F.Message = "'lightHandle' must not be NULL";
    if (!decide("cublasLtCreate", Site, {F}))
      return CUBLAS_STATUS_INVALID_VALUE;
  }
  return Real(Handle);
}

template <class Fn>
cublasStatus_t destroyHandle(const CallSite &, Fn Real, cublasLtHandle_t Handle) {
  return Real(Handle);
}

// The object kinds, for the entry points they share: the function names,
// and whether the guard follows the object (an algo is the caller's own
// structure, never created nor destroyed).
template <rl::Object O> struct Kind {
  static constexpr bool Tracked = true;
};
#define GEMM_LT_KIND(KIND, OBJ)                                                \
  template <> struct Kind<rl::Object::KIND> {                                  \
    static constexpr bool Tracked = true;                                      \
    static constexpr const char *Set = "cublasLt" #OBJ "SetAttribute";         \
    static constexpr const char *Get = "cublasLt" #OBJ "GetAttribute";         \
  };
GEMM_LT_KIND(MatmulDesc, MatmulDesc)
GEMM_LT_KIND(MatrixLayout, MatrixLayout)
GEMM_LT_KIND(Preference, MatmulPreference)
GEMM_LT_KIND(TransformDesc, MatrixTransformDesc)
GEMM_LT_KIND(EmulationDesc, EmulationDesc)
#undef GEMM_LT_KIND
template <> struct Kind<rl::Object::AlgoConfig> {
  static constexpr bool Tracked = false;
  static constexpr const char *Set = "cublasLtMatmulAlgoConfigSetAttribute";
  static constexpr const char *Get = "cublasLtMatmulAlgoConfigGetAttribute";
};

// A SetAttribute or GetAttribute call, counted by the kind of its object.
template <rl::Object O> void countAttributeCall() {
  if (Kind<O>::Tracked)
    countObjectCall();
  else
    countOther();
}

// The Create and Init forms: the value rules on the attributes the
// arguments give (State), the real call, then the shadow of the object it
// created or initialised (Created(), read only after success).
template <class CallFn, class ObjectFn>
cublasStatus_t createObject(const CallSite &Site, const char *Name, rl::Object O,
                            const rl::ObjectState &State,
                            std::initializer_list<std::pair<const char *, int64_t>> Args,
                            CallFn Call, ObjectFn Created) {
  countObjectCall();
  if (!decide(Name, Site, rl::checkCreate(O, State), Args))
    return CUBLAS_STATUS_INVALID_VALUE;
  const cublasStatus_t Status = Call();
  if (Status == CUBLAS_STATUS_SUCCESS)
    record(Created(), State);
  return Status;
}

template <class Fn>
cublasStatus_t matmulDescInit(const CallSite &Site, const char *Name, Fn Real,
                              cublasLtMatmulDesc_t Desc, size_t Size,
                              cublasComputeType_t Compute, cudaDataType_t Scale) {
  if (!checking())
    return Real(Desc, Size, Compute, Scale);
  return createObject(
      Site, Name, rl::Object::MatmulDesc,
      rl::matmulDesc(rules::Value::of(Compute), rules::Value::of(Scale)),
      {{"computeType", Compute}, {"scaleType", Scale}},
      [&] { return Real(Desc, Size, Compute, Scale); }, [&] { return Desc; });
}

template <class Fn>
cublasStatus_t matmulDescCreate(const CallSite &Site, Fn Real,
                                cublasLtMatmulDesc_t *Desc,
                                cublasComputeType_t Compute, cudaDataType_t Scale) {
  if (!checking() || !Desc)
    return Real(Desc, Compute, Scale);
  return createObject(
      Site, "cublasLtMatmulDescCreate", rl::Object::MatmulDesc,
      rl::matmulDesc(rules::Value::of(Compute), rules::Value::of(Scale)),
      {{"computeType", Compute}, {"scaleType", Scale}},
      [&] { return Real(Desc, Compute, Scale); },
      [&] { return createdObject(Desc); });
}

inline rl::ObjectState transformDescState(cudaDataType Scale) {
  const rules::Value Args[] = {rules::Value::of(Scale)};
  return rl::createdState(rl::Object::TransformDesc, Args, 1);
}

template <class Fn>
cublasStatus_t transformDescCreate(const CallSite &Site, Fn Real,
                                   cublasLtMatrixTransformDesc_t *Desc,
                                   cudaDataType Scale) {
  if (!checking() || !Desc)
    return Real(Desc, Scale);
  return createObject(Site, "cublasLtMatrixTransformDescCreate",
                      rl::Object::TransformDesc, transformDescState(Scale),
                      {{"scaleType", Scale}}, [&] { return Real(Desc, Scale); },
                      [&] { return createdObject(Desc); });
}

template <class Fn>
cublasStatus_t transformDescInit(const CallSite &Site, Fn Real,
                                 cublasLtMatrixTransformDesc_t Desc, size_t Size,
                                 cudaDataType Scale) {
  if (!checking())
    return Real(Desc, Size, Scale);
  return createObject(Site, "cublasLtMatrixTransformDescInit",
                      rl::Object::TransformDesc, transformDescState(Scale),
                      {{"scaleType", Scale}},
                      [&] { return Real(Desc, Size, Scale); }, [&] { return Desc; });
}

inline rl::ObjectState layoutState(cudaDataType Type, uint64_t Rows,
                                   uint64_t Cols, int64_t Ld) {
  return rl::matrixLayout(rules::Value::of(Type),
                          rules::Value::of(static_cast<int64_t>(Rows)),
                          rules::Value::of(static_cast<int64_t>(Cols)),
                          rules::Value::of(Ld));
}

template <class Fn>
cublasStatus_t matrixLayoutCreate(const CallSite &Site, Fn Real,
                                  cublasLtMatrixLayout_t *Layout,
                                  cudaDataType Type, uint64_t Rows,
                                  uint64_t Cols, int64_t Ld) {
  if (!checking() || !Layout)
    return Real(Layout, Type, Rows, Cols, Ld);
  return createObject(Site, "cublasLtMatrixLayoutCreate", rl::Object::MatrixLayout,
                      layoutState(Type, Rows, Cols, Ld),
                      {{"type", Type}, {"rows", static_cast<int64_t>(Rows)},
                       {"cols", static_cast<int64_t>(Cols)}, {"ld", Ld}},
                      [&] { return Real(Layout, Type, Rows, Cols, Ld); },
                      [&] { return createdObject(Layout); });
}

template <class Fn>
cublasStatus_t matrixLayoutInit(const CallSite &Site, const char *Name, Fn Real,
                                cublasLtMatrixLayout_t Layout, size_t Size,
                                cudaDataType Type, uint64_t Rows, uint64_t Cols,
                                int64_t Ld) {
  if (!checking())
    return Real(Layout, Size, Type, Rows, Cols, Ld);
  return createObject(Site, Name, rl::Object::MatrixLayout,
                      layoutState(Type, Rows, Cols, Ld), {},
                      [&] { return Real(Layout, Size, Type, Rows, Cols, Ld); },
                      [&] { return Layout; });
}

// The Create and Init forms without arguments (preference, emulation
// descriptor): every attribute at its default.
template <rl::Object O, class Fn, class H>
cublasStatus_t plainCreate(const CallSite &, Fn Real, H *Out) {
  if (checking())
    countObjectCall();
  const cublasStatus_t Status = Real(Out);
  if (checking() && Out && Status == CUBLAS_STATUS_SUCCESS)
    record(createdObject(Out), rl::initialState(O));
  return Status;
}

template <rl::Object O, class Fn, class H>
cublasStatus_t plainInit(const CallSite &, Fn Real, H Object, size_t Size) {
  if (checking())
    countObjectCall();
  const cublasStatus_t Status = Real(Object, Size);
  if (checking() && Status == CUBLAS_STATUS_SUCCESS)
    record(Object, rl::initialState(O));
  return Status;
}

template <class Fn, class H>
cublasStatus_t destroyObject(const CallSite &, Fn Real, H Object) {
  drop(Object); // before the address can be reused by another thread
  return Real(Object);
}

// The arguments every attribute call shares.
template <rl::Object O, class A>
rl::AttributeCall attributeCall(A Attr, const void *Buf, size_t Size) {
  rl::AttributeCall C;
  C.Obj = O;
  C.Owner = rl::ownerOf(O);
  C.Attr = rules::Value::of(static_cast<int64_t>(Attr));
  C.SizeInBytes = rules::Value::of(static_cast<int64_t>(Size));
  C.BufIsNull = rules::Value::of(Buf == nullptr);
  return C;
}

template <rl::Object O, class Fn, class H, class A, class B>
cublasStatus_t setAttribute(const CallSite &Site, Fn Real, H Object, A Attr,
                            const B *Buf, size_t Size) {
  if (!checking())
    return Real(Object, Attr, Buf, Size);
  countAttributeCall<O>();
  rl::AttributeCall C = attributeCall<O>(Attr, Buf, Size);
  if (Kind<O>::Tracked)
    C.ObjectDestroyed = rules::Value::of(destroyed(Object));
  describeBuffer<B>(C);
  const rl::AttrInfo *Info = rl::findAttribute(O, C.Attr.V);
  if (Buf && Info && static_cast<int64_t>(Size) == rl::attrTypeSize(Info->Type))
    C.Contents = readAttribute(Buf, Info->Type);
  if (!decide(Kind<O>::Set, Site, rl::checkAttributeCall(C, false),
              {{"attr", C.Attr.V}, {"sizeInBytes", static_cast<int64_t>(Size)}}))
    return CUBLAS_STATUS_INVALID_VALUE;
  const cublasStatus_t Status = Real(Object, Attr, Buf, Size);
  if (Status == CUBLAS_STATUS_SUCCESS && Kind<O>::Tracked)
    recordAttribute(Object, C.Attr.V, C.Contents);
  return Status;
}

template <rl::Object O, class Fn, class H, class A>
cublasStatus_t getAttribute(const CallSite &Site, Fn Real, H Object, A Attr,
                            void *Buf, size_t Size, size_t *Written) {
  if (checking()) {
    countAttributeCall<O>();
    rl::AttributeCall C = attributeCall<O>(Attr, Buf, Size);
    C.SizeWrittenIsNull = rules::Value::of(Written == nullptr);
    if (!decide(Kind<O>::Get, Site, rl::checkAttributeCall(C, true)))
      return CUBLAS_STATUS_INVALID_VALUE;
  }
  return Real(Object, Attr, Buf, Size, Written);
}

// The shared part of the heuristic and the matmul: the objects' states.
inline void collectObjects(rl::MatmulValues &V, cublasLtMatmulDesc_t Op,
                           cublasLtMatrixLayout_t Adesc,
                           cublasLtMatrixLayout_t Bdesc,
                           cublasLtMatrixLayout_t Cdesc,
                           cublasLtMatrixLayout_t Ddesc) {
  using rules::Value;
  V.Desc = stateOf(Op);
  const cublasLtMatrixLayout_t Layouts[4] = {Adesc, Bdesc, Cdesc, Ddesc};
  for (unsigned M = 0; M < 4; ++M)
    V.Layout[M] = stateOf(Layouts[M]);
  auto Address = [](const void *P) {
    return Value::of(static_cast<int64_t>(reinterpret_cast<uintptr_t>(P)));
  };
  V.pointer(rl::Arg::ComputeDesc).Address = Address(Op);
  V.pointer(rl::Arg::Adesc).Address = Address(Adesc);
  V.pointer(rl::Arg::Bdesc).Address = Address(Bdesc);
  V.pointer(rl::Arg::Cdesc).Address = Address(Cdesc);
  V.pointer(rl::Arg::Ddesc).Address = Address(Ddesc);
  const void *const Objects[5] = {Op, Adesc, Bdesc, Cdesc, Ddesc};
  const rl::Arg Args[5] = {rl::Arg::ComputeDesc, rl::Arg::Adesc, rl::Arg::Bdesc,
                           rl::Arg::Cdesc, rl::Arg::Ddesc};
  for (unsigned I = 0; I < 5; ++I)
    V.destroyed(Args[I]) = Value::of(destroyed(Objects[I]));
  V.CdescIsNull = Value::of(Cdesc == nullptr);
  V.CdescIsDdesc = Value::of(Cdesc == Ddesc); // (NULL: the rules read Ddesc)
  if (pointerDepth()) {
    const DeviceFacts Facts = deviceFacts();
    if (Facts.ComputeCapability > 0)
      V.ComputeCapability = Value::of(Facts.ComputeCapability);
    if (Facts.PageableMemoryAccess >= 0)
      V.PageableAccessible = Value::of(Facts.PageableMemoryAccess);
  }
}

} // namespace detail

} // namespace lt
} // namespace guard
} // namespace gemm

#endif // GEMM_GUARD_LT_ENTRY_H
