// libFuzzer target: the cuBLASLt runtime guard's entry points (the ones the
// preload library and the header route share, gemm/lt_guard.h), called in
// arbitrary sequences: Create/Init of the matmul descriptor, layout,
// preference, matrix transform descriptor and emulation descriptor,
// SetAttribute with any attribute id, size and buffer (null, readable bytes
// from the input, an unmapped address), GetAttribute, Destroy, an algo's
// configuration attributes, AlgoGetIds, AlgoInit, AlgoCheck,
// cublasLtMatrixTransform and the heuristic with any result arrays, and cublasLtMatmul with any
// descriptors (tracked, destroyed, never created, garbage addresses),
// scalars and algos; pointer facts and device facts come from the input.
// cuBLASLt and the CUDA runtime are never called: the guard resolves none of
// their functions here, and a call it lets through reaches a stand-in. Built
// with -fsanitize=fuzzer,address,undefined.

// No cuBLAS, cuBLASLt or CUDA runtime function is reachable: each one is null.
#define GEMM_GUARD_FUNCTION(LIBRARY, NAME) (static_cast<decltype(&::NAME)>(nullptr))
#define GEMM_GUARD_NO_MACROS
#include "gemm/lt_guard.h"

#include "FuzzGuard.h"

#include <cstdlib>
#include <cstring>

namespace {

namespace lt = gemm::guard::lt;
namespace rl = gemm::rules::lt;
using gemm::guard::CallSite;

using gemm_fuzz::arena;
using gemm_fuzz::ArenaSize;
using gemm_fuzz::Current;
using gemm_fuzz::inspect;

// What the descriptors are: a few fake objects (the guard keys them by
// address and never reads them), so that sequences reuse them.
alignas(64) unsigned char Objects[8][64];

template <class P> P pointer(gemm_fuzz::Input &In) {
  switch (In.byte() % 4) {
  case 0: return nullptr;
  case 1: // anywhere in the arena, up to its last byte
    return reinterpret_cast<P>(arena() + (In.byte() | In.byte() << 8) % ArenaSize);
  case 2: // one of the objects
    return reinterpret_cast<P>(Objects[In.byte() % 8]);
  default:
    return reinterpret_cast<P>(gemm_fuzz::garbageAddress(In));
  }
}

template <class T> T integer(gemm_fuzz::Input &In) {
  return static_cast<T>(In.integer());
}

lt::DeviceFacts device() {
  gemm_fuzz::Input &In = *Current;
  return {static_cast<int>(In.byte()) - 1, static_cast<int>(In.byte() % 3) - 1};
}

void handle(const lt::LtReport &R) {
  for (const rl::Finding &F : R.Findings)
    if (!F.RuleId || F.Message.empty())
      std::abort();
}

// Stand-ins for cuBLASLt: Create hands out one of the fake objects where
// the out pointer is writable (cuBLASLt itself would fault on the others;
// the guard only reads *Out after a successful Create).
template <class H> cublasStatus_t created(H *Out) {
  const uintptr_t At = reinterpret_cast<uintptr_t>(Out);
  const uintptr_t Begin = reinterpret_cast<uintptr_t>(arena());
  if (At < Begin || At > Begin + ArenaSize - sizeof(H))
    return CUBLAS_STATUS_INVALID_VALUE;
  auto *P = reinterpret_cast<unsigned char *>(Out);
  const H Object = reinterpret_cast<H>(Objects[Current->byte() % 8]);
  std::memcpy(P, &Object, sizeof(H)); // may be misaligned
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t descCreate(cublasLtMatmulDesc_t *D, cublasComputeType_t,
                          cudaDataType_t) {
  return created(D);
}
cublasStatus_t descInit(cublasLtMatmulDesc_t, size_t, cublasComputeType_t,
                        cudaDataType_t) {
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t layoutCreate(cublasLtMatrixLayout_t *L, cudaDataType, uint64_t,
                            uint64_t, int64_t) {
  return created(L);
}
cublasStatus_t layoutInit(cublasLtMatrixLayout_t, size_t, cudaDataType,
                          uint64_t, uint64_t, int64_t) {
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t prefCreate(cublasLtMatmulPreference_t *P) { return created(P); }
cublasStatus_t emuCreate(cublasLtEmulationDesc_t *E) { return created(E); }
cublasStatus_t xformCreate(cublasLtMatrixTransformDesc_t *D, cudaDataType) {
  return created(D);
}
cublasStatus_t xformInit(cublasLtMatrixTransformDesc_t, size_t, cudaDataType) {
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t transform(cublasLtHandle_t, cublasLtMatrixTransformDesc_t,
                         const void *, const void *, cublasLtMatrixLayout_t,
                         const void *, const void *, cublasLtMatrixLayout_t, void *,
                         cublasLtMatrixLayout_t, cudaStream_t) {
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t algoIds(cublasLtHandle_t, cublasComputeType_t, cudaDataType_t,
                       cudaDataType_t, cudaDataType_t, cudaDataType_t,
                       cudaDataType_t, int, int[], int *) {
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t algoInit(cublasLtHandle_t, cublasComputeType_t, cudaDataType_t,
                        cudaDataType_t, cudaDataType_t, cudaDataType_t,
                        cudaDataType_t, int, cublasLtMatmulAlgo_t *) {
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t algoCheck(cublasLtHandle_t, cublasLtMatmulDesc_t,
                         cublasLtMatrixLayout_t, cublasLtMatrixLayout_t,
                         cublasLtMatrixLayout_t, cublasLtMatrixLayout_t,
                         const cublasLtMatmulAlgo_t *,
                         cublasLtMatmulHeuristicResult_t *) {
  return CUBLAS_STATUS_SUCCESS; // the "result" is whatever the input holds
}
template <class H> cublasStatus_t plainInit(H, size_t) {
  return CUBLAS_STATUS_SUCCESS;
}
template <class H> cublasStatus_t destroy(H) { return CUBLAS_STATUS_SUCCESS; }
template <class H, class A>
cublasStatus_t set(H, A, const void *, size_t) {
  return CUBLAS_STATUS_SUCCESS;
}
template <class H, class A>
cublasStatus_t get(H, A, void *, size_t, size_t *) {
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t heuristic(cublasLtHandle_t, cublasLtMatmulDesc_t,
                         cublasLtMatrixLayout_t, cublasLtMatrixLayout_t,
                         cublasLtMatrixLayout_t, cublasLtMatrixLayout_t,
                         cublasLtMatmulPreference_t, int,
                         cublasLtMatmulHeuristicResult_t[], int *) {
  return CUBLAS_STATUS_SUCCESS; // the "results" are whatever the input holds
}
cublasStatus_t matmul(cublasLtHandle_t, cublasLtMatmulDesc_t, const void *,
                      const void *, cublasLtMatrixLayout_t, const void *,
                      cublasLtMatrixLayout_t, const void *, const void *,
                      cublasLtMatrixLayout_t, void *, cublasLtMatrixLayout_t,
                      const cublasLtMatmulAlgo_t *, void *, size_t,
                      cudaStream_t) {
  return CUBLAS_STATUS_SUCCESS;
}

const CallSite Site{"fuzz.cpp", 1};

// SetAttribute, GetAttribute and Destroy of one object kind, with the
// header route's typed buffers and the preload's void ones.
template <rl::Object O, class H, class A> void object(gemm_fuzz::Input &In) {
  const H Obj = pointer<H>(In);
  const A Attr = integer<A>(In);
  const size_t Size = static_cast<size_t>(In.integer());
  switch (In.byte() % 5) {
  case 0:
    lt::detail::setAttribute<O>(Site, &set<H, A>, Obj, Attr,
                                pointer<const void *>(In), Size);
    break;
  case 1:
    lt::detail::setAttribute<O>(Site, &set<H, A>, Obj, Attr,
                                pointer<const int32_t *>(In), Size);
    break;
  case 2:
    lt::detail::setAttribute<O>(Site, &set<H, A>, Obj, Attr,
                                pointer<void *const *>(In), Size);
    break;
  case 3:
    lt::detail::getAttribute<O>(Site, &get<H, A>, Obj, Attr,
                                pointer<void *>(In), Size,
                                pointer<size_t *>(In));
    break;
  default:
    if constexpr (O != rl::Object::AlgoConfig) // the caller's own structure
      lt::detail::destroyObject(Site, &destroy<H>, Obj);
  }
}

void step(gemm_fuzz::Input &In) {
  using Desc = cublasLtMatmulDesc_t;
  using Layout = cublasLtMatrixLayout_t;
  using Pref = cublasLtMatmulPreference_t;
  using Xform = cublasLtMatrixTransformDesc_t;
  using Emu = cublasLtEmulationDesc_t;
  switch (In.byte() % 14) {
  case 0:
    lt::detail::matmulDescCreate(Site, &descCreate, pointer<Desc *>(In),
                                 integer<cublasComputeType_t>(In),
                                 integer<cudaDataType_t>(In));
    break;
  case 1:
    lt::detail::matmulDescInit(Site, "cublasLtMatmulDescInit", &descInit,
                               pointer<Desc>(In), 64,
                               integer<cublasComputeType_t>(In),
                               integer<cudaDataType_t>(In));
    break;
  case 2:
    lt::detail::matrixLayoutCreate(Site, &layoutCreate, pointer<Layout *>(In),
                                   integer<cudaDataType>(In),
                                   integer<uint64_t>(In), integer<uint64_t>(In),
                                   integer<int64_t>(In));
    break;
  case 3:
    lt::detail::matrixLayoutInit(Site, "cublasLtMatrixLayoutInit", &layoutInit,
                                 pointer<Layout>(In), 64,
                                 integer<cudaDataType>(In),
                                 integer<uint64_t>(In), integer<uint64_t>(In),
                                 integer<int64_t>(In));
    break;
  case 4:
    if (In.flag())
      lt::detail::plainCreate<rl::Object::Preference>(Site, &prefCreate,
                                                      pointer<Pref *>(In));
    else
      lt::detail::plainInit<rl::Object::Preference>(Site, &plainInit<Pref>,
                                                    pointer<Pref>(In), 64);
    break;
  case 5:
    object<rl::Object::MatmulDesc, Desc, cublasLtMatmulDescAttributes_t>(In);
    break;
  case 6:
    object<rl::Object::MatrixLayout, Layout, cublasLtMatrixLayoutAttribute_t>(In);
    break;
  case 7:
    object<rl::Object::Preference, Pref, cublasLtMatmulPreferenceAttributes_t>(In);
    break;
  case 8:
    lt::detail::algoGetHeuristic(
        Site, &heuristic, nullptr, pointer<Desc>(In), pointer<Layout>(In),
        pointer<Layout>(In), pointer<Layout>(In), pointer<Layout>(In),
        pointer<Pref>(In), integer<int>(In),
        pointer<cublasLtMatmulHeuristicResult_t *>(In), pointer<int *>(In));
    break;
  case 10:
    if (In.flag())
      lt::detail::transformDescCreate(Site, &xformCreate, pointer<Xform *>(In),
                                      integer<cudaDataType>(In));
    else if (In.flag())
      lt::detail::matrixTransform(
          Site, &transform, nullptr, pointer<Xform>(In), pointer<const float *>(In),
          pointer<const void *>(In), pointer<Layout>(In), pointer<const float *>(In),
          pointer<const void *>(In), pointer<Layout>(In), pointer<void *>(In),
          pointer<Layout>(In), nullptr);
    else
      lt::detail::transformDescInit(Site, &xformInit, pointer<Xform>(In), 64,
                                    integer<cudaDataType>(In));
    break;
  case 11:
    object<rl::Object::TransformDesc, Xform, cublasLtMatrixTransformDescAttributes_t>(In);
    break;
  case 12:
    if (In.flag())
      object<rl::Object::EmulationDesc, Emu, cublasLtEmulationDescAttributes_t>(In);
    else if (In.flag())
      lt::detail::plainCreate<rl::Object::EmulationDesc>(Site, &emuCreate,
                                                         pointer<Emu *>(In));
    else
      lt::detail::plainInit<rl::Object::EmulationDesc>(Site, &plainInit<Emu>,
                                                       pointer<Emu>(In), 64);
    break;
  case 13:
    if (In.flag())
      object<rl::Object::AlgoConfig, cublasLtMatmulAlgo_t *,
             cublasLtMatmulAlgoConfigAttributes_t>(In);
    else if (In.flag())
      lt::detail::algoGetIds(Site, &algoIds, nullptr,
                             integer<cublasComputeType_t>(In),
                             integer<cudaDataType_t>(In), integer<cudaDataType_t>(In),
                             integer<cudaDataType_t>(In), integer<cudaDataType_t>(In),
                             integer<cudaDataType_t>(In), integer<int>(In),
                             pointer<int *>(In), pointer<int *>(In));
    else if (In.flag())
      lt::detail::algoInit(Site, &algoInit, nullptr, integer<cublasComputeType_t>(In),
                           integer<cudaDataType_t>(In), integer<cudaDataType_t>(In),
                           integer<cudaDataType_t>(In), integer<cudaDataType_t>(In),
                           integer<cudaDataType_t>(In), integer<int>(In),
                           pointer<cublasLtMatmulAlgo_t *>(In));
    else
      lt::detail::algoCheck(Site, &algoCheck, nullptr, pointer<Desc>(In),
                            pointer<Layout>(In), pointer<Layout>(In),
                            pointer<Layout>(In), pointer<Layout>(In),
                            pointer<const cublasLtMatmulAlgo_t *>(In),
                            pointer<cublasLtMatmulHeuristicResult_t *>(In));
    break;
  default:
    lt::detail::matmul(
        Site, &matmul, nullptr, pointer<Desc>(In), pointer<const float *>(In),
        pointer<const void *>(In), pointer<Layout>(In),
        pointer<const void *>(In), pointer<Layout>(In),
        pointer<const float *>(In), pointer<const void *>(In),
        pointer<Layout>(In), pointer<void *>(In), pointer<Layout>(In),
        pointer<const cublasLtMatmulAlgo_t *>(In), pointer<void *>(In),
        static_cast<size_t>(In.integer()), nullptr);
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  gemm_fuzz::Input In(Data, Size);
  gemm_fuzz::begin(In, Data, Size);
  lt::setHandler(handle);
  const uint8_t Setup = In.byte();
  gemm::guard::setPointerInspector(Setup & 1 ? inspect : nullptr);
  lt::setDeviceInspector(Setup & 2 ? device : nullptr);
  for (unsigned Steps = 0; Steps < 16 && !In.empty(); ++Steps)
    step(In);
  return 0;
}
