// The Matmul library's kernel side (CANN: lib/matmul_intf.h): MatmulType, Matmul and
// REGIST_MATMUL_OBJ. The object keeps what the API calls set (tiling, operands, shapes, the
// iteration cursor) and hands each base block to the simulator (lib/matmul/matmul_sim.h), which
// records its L1 / L0 traffic, cube work and fixpipe output and computes it. Its L1 and L0
// buffers come from the TPipe at Init, so they count against the core's capacities together with
// the kernel's own. The object runs on the core that calls it: in a mixed AIC/AIV launch the
// vector core's calls are not forwarded to a cube core (docs/api/matmul.md).
#pragma once

#include <type_traits>

#include "basic_api/kernel_struct_fixpipe.h"
#include "basic_api/kernel_tpipe.h"
#include "kernel_utils.h"
#include "lib/akg_adv/kernel_library_tiling.h"
#include "lib/matmul/matmul_config.h"
#include "lib/matmul/matmul_sim.h"

// Global, as in CANN: kernels spell `CubeFormat::ND` with no namespace (AscendC re-exports them).
enum class CubeFormat : int32_t { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR, ROW_MAJOR = ND, COLUMN_MAJOR };
enum class LayoutMode : int32_t { NONE = 0, BSNGD, SBNGD, BNGS1S2, NORMAL };

namespace AscendC {

using ::CubeFormat;
using ::LayoutMode;

template <TPosition POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false,
          LayoutMode LAYOUT = LayoutMode::NONE, bool IBSHARE = false>
struct MatmulType {
    constexpr static TPosition pos = POSITION;
    constexpr static CubeFormat format = FORMAT;
    using T = TYPE;
    constexpr static bool isTrans = ISTRANS;
    constexpr static LayoutMode layout = LAYOUT;
    constexpr static bool ibShare = IBSHARE;
};

// The type the cube accumulates an input type in (L0C): float for half / bfloat16_t / float,
// int32_t for int8_t and int4b_t (Atlas A2 / A3).
template <typename T>
struct GetMmDstType {
    using Type = T;
};
template <>
struct GetMmDstType<half> {
    using Type = float;
};
template <>
struct GetMmDstType<bfloat16_t> {
    using Type = float;
};
template <>
struct GetMmDstType<int8_t> {
    using Type = int32_t;
};
template <>
struct GetMmDstType<int4b_t> {
    using Type = int32_t;
};

// Batch-Matmul helpers CANN declares in AscendC for the MatMulV3 / BatchMatMulV3 operators'
// kernels (impl/adv_api/detail/matmul/utils/batch_matmul_utils.h), in 16-bit arithmetic as there.
__aicore__ inline uint16_t CeilDiv(uint16_t num1, uint16_t num2) { return (num1 + num2 - 1) / num2; }
__aicore__ inline uint16_t CeilAlign(uint16_t num1, uint16_t num2) { return CeilDiv(num1, num2) * num2; }

// User copy callbacks. The simulator does not call them: a block computed by an object that has
// one stops with MATMUL_UNSUPPORTED rather than computing from the operands the callback would
// have bypassed (docs/api/matmul.md).
template <void (*DataCopyOut)(const __gm__ void* gm, const LocalTensor<int8_t>& co1Local,
                              const void* dataCopyOutParams, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr,
          void (*CopyA1)(const LocalTensor<int8_t>& aMatrix, const __gm__ void* gm, int row, int col, int useM,
                         int useK, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr,
          void (*CopyB1)(const LocalTensor<int8_t>& bMatrix, const __gm__ void* gm, int row, int col, int useK,
                         int useN, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr>
struct MatmulCallBackFunc {
    static constexpr bool kAny = DataCopyOut != nullptr || CopyA1 != nullptr || CopyB1 != nullptr;
};

// The extensible module's policies (the MATMUL_POLICY template argument). MatmulPolicy is the
// default; NBuffer33MatmulPolicy keeps a 3 x 3 block of A in L1 while B streams (MDL, GM
// operands): a schedule with the default's results. The triangular policies, which skip blocks,
// are not provided.
namespace Impl::Detail {
template <const auto& MM_CFG, typename... Rest>
class MatmulPolicy {};
template <const auto& MM_CFG, typename... Rest>
class NBuffer33MatmulPolicy {};
}  // namespace Impl::Detail

namespace matmul_detail {
template <template <const auto&, typename...> class P>
constexpr bool kProvidedPolicy = false;
template <>
constexpr bool kProvidedPolicy<Impl::Detail::MatmulPolicy> = true;
template <>
constexpr bool kProvidedPolicy<Impl::Detail::NBuffer33MatmulPolicy> = true;
}  // namespace matmul_detail

namespace matmul_detail {
template <class MM>
void Regist(TPipe* tpipe, MM& mm);
}  // namespace matmul_detail

// MM_CFG is a MatmulConfig or a MatmulApiStaticTiling (constant tiling), as in CANN.
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = MatmulType<TPosition::GM, CubeFormat::ND, float>,
          const auto& MM_CFG = CFG_NORM, class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>,
          template <const auto& = MM_CFG, typename...> class MM_POLICY = Impl::Detail::MatmulPolicy>
class Matmul {
    using SrcAT = typename A_TYPE::T;
    using SrcBT = typename B_TYPE::T;
    using DstT = typename C_TYPE::T;
    using BiasT = typename BIAS_TYPE::T;
    static_assert(sizeof(SrcAT) == sizeof(SrcBT), "Matmul: A and B must have the same element width");
    static constexpr const MatmulConfig& kConfig = ToMatmulConfig(MM_CFG);
    static constexpr bool kStaticTiling = std::is_same_v<std::decay_t<decltype(MM_CFG)>, MatmulApiStaticTiling>;
    static_assert(matmul_detail::kProvidedPolicy<MM_POLICY>,
                  "Matmul: of the MATMUL_POLICY templates only MatmulPolicy and NBuffer33MatmulPolicy are provided");
    // An operand already in L1 (A1 / B1 / TSCM) is used where it is; C in CO1 is the caller's L0C
    // tensor (Iterate(enPartialSum, localCmatrix)), in the cube's NZ layout.
    static constexpr bool InL1(TPosition p) { return p == TPosition::A1 || p == TPosition::B1 || p == TPosition::TSCM; }
    static constexpr bool kCInL0c = C_TYPE::pos == TPosition::CO1;

public:
    __aicore__ inline Matmul() = default;

    AKG_API void Init(const TCubeTiling* __restrict cubeTiling, TPipe* tpipe = nullptr) {
        InitAt(cubeTiling, tpipe, AKG_CALLER);
    }
    AKG_API void SetOrgShape(int orgM, int orgN, int orgK) { SetOrgShape(orgM, orgN, orgK, orgK, 0); }
    AKG_API void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0) {
        run_.orgM = orgM;
        run_.orgN = orgN;
        run_.orgKa = orgKa;
        run_.orgKb = orgKb;
        orgKc_ = orgKc;
        Restart();
    }
    AKG_API void SetSingleShape(int singleM, int singleN, int singleK) { SetTail(singleM, singleN, singleK); }
    AKG_API void SetTail(int tailM = -1, int tailN = -1, int tailK = -1) {
        if (tailM > 0) run_.singleM = tailM;
        if (tailN > 0) run_.singleN = tailN;
        if (tailK > 0) run_.singleK = tailK;
        Restart();
    }

    AKG_API void SetTensorA(const GlobalTensor<SrcAT>& gm, bool isTransposeA = false) {
        SetOperand(run_.a, reinterpret_cast<const uint8_t*>(gm.GetPhyAddr()), akg::sim::Mem::GM, isTransposeA);
        run_.a.nz = A_TYPE::format == CubeFormat::NZ;
        run_.residentA = -1;
    }
    AKG_API void SetTensorA(const LocalTensor<SrcAT>& leftMatrix, bool isTransposeA = false) {
        SetOperand(run_.a, reinterpret_cast<const uint8_t*>(leftMatrix.GetPhyAddr()),
                   akg::sim::MemOf(static_cast<TPosition>(leftMatrix.GetPosition())), isTransposeA);
        run_.a.nz = A_TYPE::format == CubeFormat::NZ;
        run_.residentA = -1;
    }
    AKG_API void SetTensorB(const GlobalTensor<SrcBT>& gm, bool isTransposeB = false) {
        SetOperand(run_.b, reinterpret_cast<const uint8_t*>(gm.GetPhyAddr()), akg::sim::Mem::GM, isTransposeB);
        run_.b.nz = B_TYPE::format == CubeFormat::NZ;
        run_.residentB = -1;
    }
    AKG_API void SetTensorB(const LocalTensor<SrcBT>& rightMatrix, bool isTransposeB = false) {
        SetOperand(run_.b, reinterpret_cast<const uint8_t*>(rightMatrix.GetPhyAddr()),
                   akg::sim::MemOf(static_cast<TPosition>(rightMatrix.GetPosition())), isTransposeB);
        run_.b.nz = B_TYPE::format == CubeFormat::NZ;
        run_.residentB = -1;
    }

    // Quantised output: one parameter for every element of C, or one per column (uint64_t, the
    // fixpipe's format: scale bits [31:13], offset bits [45:37], bit 46 signed). The input and
    // output types choose the mode: int8_t -> half dequantises, int8_t -> int8_t requantises,
    // half / bfloat16_t -> int8_t quantises (SetDequantType on the host must agree).
    AKG_API void SetQuantScalar(const uint64_t quantScalar) {
        if (!QuantTypes(AKG_CALLER)) return;
        run_.quantMode = uint8_t(QuantModeFor(false));
        run_.quantScalar = quantScalar;
        run_.quantVector = nullptr;
        run_.l1Quant = nullptr;
    }
    AKG_API void SetQuantVector(const GlobalTensor<uint64_t>& quantTensor) {
        SetQuantVectorAt(reinterpret_cast<const uint8_t*>(quantTensor.GetPhyAddr()), false, AKG_CALLER);
    }
    AKG_API void SetQuantVector(const LocalTensor<uint64_t>& quantTensor) {
        SetQuantVectorAt(reinterpret_cast<const uint8_t*>(quantTensor.GetPhyAddr()), true, AKG_CALLER);
    }
    AKG_API void SetBias(const GlobalTensor<BiasT>& biasGlobal) {
        SetOperand(run_.bias, reinterpret_cast<const uint8_t*>(biasGlobal.GetPhyAddr()), akg::sim::Mem::GM, false);
        run_.biasEnabled = true;
    }
    AKG_API void SetBias(const LocalTensor<BiasT>& inputBias) {
        SetOperand(run_.bias, reinterpret_cast<const uint8_t*>(inputBias.GetPhyAddr()),
                   akg::sim::MemOf(static_cast<TPosition>(inputBias.GetPosition())), false);
        run_.biasEnabled = true;
    }
    __aicore__ inline void DisableBias() { run_.biasEnabled = false; }
    __aicore__ inline void ClearBias() { run_.biasEnabled = false; }
    // The library's GM scratch: the simulator computes without one, but IterateNBatch writes its
    // results there (and GetBatchTensorC reads them back).
    template <class T>
    __aicore__ inline void SetWorkspace(GlobalTensor<T>& addr) {
        workspace_ = reinterpret_cast<uint8_t*>(addr.GetPhyAddr(0));
    }
    template <class T>
    __aicore__ inline void SetWorkspace(__gm__ const T* addr, int size) {
        (void)size;
        workspace_ = reinterpret_cast<uint8_t*>(const_cast<T*>(addr));
    }
    __aicore__ inline void SetLocalWorkspace(const LocalTensor<uint8_t>& tmpBuffer) { (void)tmpBuffer; }
    __aicore__ inline void SetHF32(bool enableHF32 = false, int32_t transMode = 0) { (void)enableHF32; (void)transMode; }
    // Which vector core of the AI core drives the object in a mixed launch (0 or 1); the
    // simulator runs the object's work on the calling core either way.
    __aicore__ inline void SetSubBlockIdx(uint8_t subBlockIdx) { subBlockIdx_ = subBlockIdx; }
    __aicore__ inline uint8_t GetSubBlockIdx() const { return subBlockIdx_; }
    // The tiling pointer and user data handed to the copy callbacks, which the simulator does not
    // run (an object with one stops at its first block).
    __aicore__ inline void SetUserDefInfo(const uint64_t tilingPtr) { (void)tilingPtr; }
    __aicore__ inline void SetSelfDefineData(const uint64_t dataPtr) { (void)dataPtr; }
    // How many batches one multi-batch output step writes (BatchOutMode::MULTI_BATCH): a schedule,
    // the results are the same.
    __aicore__ inline void SetNBatchOutNum(int32_t nBatchOutNum) { (void)nBatchOutNum; }

    // Computes the next base block into L0C; false once every block of the single-core shape is done.
    template <bool sync = true>
    AKG_API bool Iterate(bool enPartialSum = false) {
        return Next(enPartialSum, AKG_CALLER);
    }

    // Computes the next base block into the caller's L0C tensor (C in CO1), in the NZ layout an
    // Mmad leaves there: column blocks of 16, each the block's rows rounded up to 16 deep, which
    // the kernel then moves out with its own Fixpipe.
    template <bool sync = true>
    AKG_API bool Iterate(bool enPartialSum, const LocalTensor<DstT>& localCmatrix) {
        const void* caller = AKG_CALLER;
        if constexpr (!kCInL0c) {
            akg::sim::Report("MATMUL_UNSUPPORTED", caller, true,
                             "Iterate into a local tensor needs C in TPosition::CO1 (this object's C is position %d)",
                             int(C_TYPE::pos));
            return false;
        }
        if (akg::sim::MemOf(static_cast<TPosition>(localCmatrix.GetPosition())) != akg::sim::Mem::L0C) {
            akg::sim::Report("MATMUL_UNSUPPORTED", caller, true,
                             "Iterate(enPartialSum, localCmatrix) with a tensor of position %d: it must be in CO1 (L0C)",
                             int(localCmatrix.GetPosition()));
            return false;
        }
        uint8_t* own = run_.l0C;
        run_.l0C = reinterpret_cast<uint8_t*>(localCmatrix.GetPhyAddr());
        run_.l0cNz = true;
        const bool more = Next(enPartialSum, caller);
        run_.l0C = own;
        run_.l0cNz = false;
        return more;
    }

    // Writes the block the last Iterate computed: to its place in C (GM), or packed to UB.
    template <bool sync = true>
    AKG_API void GetTensorC(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false) {
        StoreCurrent(gm, enAtomic, enSequentialWrite, AKG_CALLER);
    }
    template <bool sync = true>
    AKG_API void GetTensorC(const LocalTensor<DstT>& co2Local, uint8_t enAtomic = 0, bool enSequentialWrite = false) {
        (void)enSequentialWrite;  // a UB block is always packed (baseM x baseN)
        if (!Current(AKG_CALLER)) return;
        akg::sim::MatmulStoreBlock(run_, curM_, curN_, akg::sim::MemOf(static_cast<TPosition>(co2Local.GetPosition())),
                                   reinterpret_cast<uint8_t*>(co2Local.GetPhyAddr()), run_.baseN, enAtomic, AKG_CALLER);
    }

    // Every block of the single-core shape, into C in GM (row stride orgN, or orgKc when set).
    template <bool sync = true>
    AKG_API void IterateAll(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                            bool waitIterateAll = false, bool fakeMsg = false) {
        (void)waitIterateAll;
        (void)fakeMsg;
        const void* caller = AKG_CALLER;
        while (Next(false, caller)) StoreCurrent(gm, enAtomic, enSequentialWrite, caller);
    }
    // Every block into UB, C laid out row-major [singleM, singleN rounded up to 32 bytes].
    template <bool sync = true>
    AKG_API void IterateAll(const LocalTensor<DstT>& ubCmatrix, uint8_t enAtomic = 0) {
        const void* caller = AKG_CALLER;
        const int64_t stride = (run_.singleN * int64_t(sizeof(DstT)) + 31) / 32 * 32 / int64_t(sizeof(DstT));
        auto* base = reinterpret_cast<uint8_t*>(ubCmatrix.GetPhyAddr());
        const auto mem = akg::sim::MemOf(static_cast<TPosition>(ubCmatrix.GetPosition()));
        while (Next(false, caller))
            akg::sim::MatmulStoreBlock(run_, curM_, curN_, mem,
                                       base + (int64_t(curM_) * run_.baseM * stride + int64_t(curN_) * run_.baseN) *
                                                  int64_t(sizeof(DstT)),
                                       stride, enAtomic, caller);
    }
    // Several products of one call (batch layouts, docs/api/matmul.md): batch c of C is A batch
    // c / (batchC / batchA) times B batch c / (batchC / batchB), batchC = max(batchA, batchB); where
    // each batch's matrix starts and how far apart its rows are follow the operand's LayoutMode
    // and the tiling's ALayoutInfo* / BLayoutInfo* / CLayoutInfo*, or matrixStrideA / B (elements).
    template <bool sync = true, bool waitIterateBatch = false>
    AKG_API void IterateBatch(const GlobalTensor<DstT>& gm, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                              const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0,
                              const uint32_t matrixStrideC = 0, const bool enPartialSum = false,
                              const uint8_t enAtomic = 0) {
        (void)enSequentialWrite;
        (void)matrixStrideC;  // reserved
        RunBatch(akg::sim::Mem::GM, reinterpret_cast<uint8_t*>(gm.GetPhyAddr(0)), batchA, batchB, matrixStrideA,
                 matrixStrideB, enPartialSum, enAtomic, AKG_CALLER);
    }
    // Into UB: batch after batch, each [singleM, singleN rounded up to 32 bytes].
    template <bool sync = true>
    AKG_API void IterateBatch(const LocalTensor<DstT>& ubCmatrix, uint32_t batchA, uint32_t batchB,
                              bool enSequentialWrite, const uint32_t matrixStrideA = 0,
                              const uint32_t matrixStrideB = 0, const uint32_t matrixStrideC = 0,
                              const bool enPartialSum = false, const uint8_t enAtomic = 0) {
        (void)enSequentialWrite;
        (void)matrixStrideC;
        RunBatch(akg::sim::MemOf(static_cast<TPosition>(ubCmatrix.GetPosition())),
                 reinterpret_cast<uint8_t*>(ubCmatrix.GetPhyAddr()), batchA, batchB, matrixStrideA, matrixStrideB,
                 enPartialSum, enAtomic, AKG_CALLER);
    }
    // The pure-cube forms take the batch counts from SetBatchNum (the flags are exactly bool, so a
    // call with batch counts picks the forms above).
    template <class PartialSum, class Atomic, std::enable_if_t<std::is_same_v<PartialSum, bool>, int> = 0>
    AKG_API void IterateBatch(const GlobalTensor<DstT>& gm, PartialSum enPartialSum, Atomic enAtomic,
                              bool enSequentialWrite, const uint32_t matrixStrideA = 0,
                              const uint32_t matrixStrideB = 0, const uint32_t matrixStrideC = 0) {
        (void)enSequentialWrite;
        (void)matrixStrideC;
        RunBatch(akg::sim::Mem::GM, reinterpret_cast<uint8_t*>(gm.GetPhyAddr(0)), batchA_, batchB_, matrixStrideA,
                 matrixStrideB, enPartialSum, uint8_t(enAtomic), AKG_CALLER);
    }
    template <class PartialSum, class Atomic, std::enable_if_t<std::is_same_v<PartialSum, bool>, int> = 0>
    AKG_API void IterateBatch(const LocalTensor<DstT>& ubCmatrix, PartialSum enPartialSum, Atomic enAtomic,
                              bool enSequentialWrite, const uint32_t matrixStrideA = 0,
                              const uint32_t matrixStrideB = 0, const uint32_t matrixStrideC = 0) {
        (void)enSequentialWrite;
        (void)matrixStrideC;
        RunBatch(akg::sim::MemOf(static_cast<TPosition>(ubCmatrix.GetPosition())),
                 reinterpret_cast<uint8_t*>(ubCmatrix.GetPhyAddr()), batchA_, batchB_, matrixStrideA, matrixStrideB,
                 enPartialSum, uint8_t(enAtomic), AKG_CALLER);
    }
    // batchLoop IterateBatch calls over consecutive batch groups (batchA A batches and batchB B
    // batches each), their C groups one after another in the SetWorkspace memory; needs
    // MatmulConfig isNBatch. Synchronous here, so GetBatchTensorC then hands out the groups in order.
    template <bool sync = true, bool waitIterateBatch = false>
    AKG_API void IterateNBatch(const uint32_t batchLoop, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                               const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0,
                               const uint32_t matrixStrideC = 0) {
        (void)enSequentialWrite;
        (void)matrixStrideC;  // reserved
        if (!kConfig.isNBatch || workspace_ == nullptr) {
            akg::sim::Report("MATMUL_BATCH_INVALID", AKG_CALLER, true,
                             "IterateNBatch %s: it needs MatmulConfig isNBatch and a SetWorkspace for its results",
                             kConfig.isNBatch ? "without SetWorkspace" : "without isNBatch in the MatmulConfig");
            return;
        }
        const uint32_t batchC = batchA > batchB ? batchA : batchB;
        for (uint32_t loop = 0; loop < batchLoop; ++loop)
            RunBatch(akg::sim::Mem::GM, workspace_, batchA, batchB, matrixStrideA, matrixStrideB, false, 0, AKG_CALLER,
                     loop * batchA, loop * batchB, loop * batchC);
        nBatchGroupBytes_ = int64_t(batchC) * BatchCGeometry(akg::sim::Mem::GM).stride * int64_t(sizeof(DstT));
        nBatchFetched_ = 0;
    }
    // The next IterateNBatch group's C (asynchronous mode only, as in CANN).
    template <bool sync = true>
    AKG_API GlobalTensor<DstT> GetBatchTensorC(uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false) {
        static_assert(!sync, "GetBatchTensorC supports only the asynchronous mode (sync = false)");
        (void)batchA;
        (void)batchB;
        (void)enSequentialWrite;
        return BatchGroup(AKG_CALLER);
    }
    template <bool sync = true>
    AKG_API void GetBatchTensorC(const LocalTensor<DstT>& c, uint32_t batchA, uint32_t batchB,
                                 bool enSequentialWrite = false) {
        static_assert(!sync, "GetBatchTensorC supports only the asynchronous mode (sync = false)");
        (void)batchA;
        (void)batchB;
        (void)enSequentialWrite;
        DataCopy(c, BatchGroup(AKG_CALLER), uint32_t(nBatchGroupBytes_ / int64_t(sizeof(DstT))));
    }
    __aicore__ inline void SetBatchNum(int32_t batchA, int32_t batchB) {
        batchA_ = uint32_t(batchA);
        batchB_ = uint32_t(batchB);
    }
    __aicore__ inline void WaitIterateBatch() {}

    // Asynchronous forms complete immediately in the simulator.
    __aicore__ inline void WaitIterateAll() {}
    __aicore__ inline void WaitGetTensorC() {}

    __aicore__ inline void End() {
        cursor_ = -1;
        run_.residentA = run_.residentB = -1;
    }

private:
    // REGIST_MATMUL_OBJ without a tiling: Init comes later.
    template <class MM>
    friend void matmul_detail::Regist(TPipe* tpipe, MM& mm);
    void BindPipe(TPipe* tpipe) { pipe_ = tpipe; }

    void InitAt(const TCubeTiling* tiling, TPipe* tpipe, const void* caller) {
        if (tpipe) pipe_ = tpipe;
        if (!pipe_) pipe_ = GetTPipePtr();
        // A constant tiling with the single-core and base shapes fixed stands in for a null one.
        TCubeTiling constant{};
        if constexpr (kStaticTiling) {
            if (tiling == nullptr && MM_CFG.singleCoreM > 0 && MM_CFG.baseM > 0) {
#define AKG_MATMUL_STATIC_FIELD(name) constant.name = MM_CFG.name;
                AKG_MATMUL_STATIC_FIELD(M) AKG_MATMUL_STATIC_FIELD(N) AKG_MATMUL_STATIC_FIELD(Ka)
                AKG_MATMUL_STATIC_FIELD(Kb) AKG_MATMUL_STATIC_FIELD(singleCoreM) AKG_MATMUL_STATIC_FIELD(singleCoreN)
                AKG_MATMUL_STATIC_FIELD(singleCoreK) AKG_MATMUL_STATIC_FIELD(baseM) AKG_MATMUL_STATIC_FIELD(baseN)
                AKG_MATMUL_STATIC_FIELD(baseK) AKG_MATMUL_STATIC_FIELD(depthA1) AKG_MATMUL_STATIC_FIELD(depthB1)
                AKG_MATMUL_STATIC_FIELD(stepM) AKG_MATMUL_STATIC_FIELD(stepN) AKG_MATMUL_STATIC_FIELD(stepKa)
                AKG_MATMUL_STATIC_FIELD(stepKb) AKG_MATMUL_STATIC_FIELD(isBias) AKG_MATMUL_STATIC_FIELD(iterateOrder)
                AKG_MATMUL_STATIC_FIELD(dbL0A) AKG_MATMUL_STATIC_FIELD(dbL0B) AKG_MATMUL_STATIC_FIELD(dbL0C)
#undef AKG_MATMUL_STATIC_FIELD
                constant.usedCoreNum = 1;
                tiling = &constant;
            }
        }
        if (tiling == nullptr || pipe_ == nullptr) {
            akg::sim::Report("MATMUL_NOT_INITIALIZED", caller, true, "Matmul Init without a %s",
                             tiling == nullptr ? "tiling (TCubeTiling pointer is null)" : "TPipe");
            return;
        }
        tiling_ = *tiling;
        const TCubeTiling& t = tiling_;
        if (t.baseM <= 0 || t.baseN <= 0 || t.baseK <= 0 || t.singleCoreM <= 0 || t.singleCoreN <= 0 ||
            t.singleCoreK <= 0 || t.depthA1 <= 0 || t.depthB1 <= 0) {
            akg::sim::Report("MATMUL_TILING_INVALID", caller, true,
                             "Matmul tiling has baseM/N/K = %d/%d/%d, singleCoreM/N/K = %d/%d/%d, depthA1/B1 = %d/%d: "
                             "every one must be positive (fill it with matmul_tiling GetTiling)",
                             t.baseM, t.baseN, t.baseK, t.singleCoreM, t.singleCoreN, t.singleCoreK, t.depthA1, t.depthB1);
            return;
        }
        run_.aType = akg::sim::DTypeOf<SrcAT>();
        run_.bType = akg::sim::DTypeOf<SrcBT>();
        run_.cType = akg::sim::DTypeOf<DstT>();
        run_.biasType = akg::sim::DTypeOf<BiasT>();
        run_.orgM = t.M;
        run_.orgN = t.N;
        run_.orgKa = t.Ka;
        run_.orgKb = t.Kb;
        run_.singleM = t.singleCoreM;
        run_.singleN = t.singleCoreN;
        run_.singleK = t.singleCoreK;
        run_.baseM = t.baseM;
        run_.baseN = t.baseN;
        run_.baseK = t.baseK;
        run_.stepKa = t.stepKa > 0 ? t.stepKa : 1;
        run_.stepKb = t.stepKb > 0 ? t.stepKb : 1;
        // The buffers GetTiling sized: depthA1 / depthB1 base blocks in L1, dbL0x blocks in L0.
        // Operands the kernel placed in L1 need none.
        const uint32_t a1 = uint32_t(t.baseM) * t.baseK * sizeof(SrcAT) * t.depthA1;
        const uint32_t b1 = uint32_t(t.baseN) * t.baseK * sizeof(SrcBT) * t.depthB1;
        if constexpr (!InL1(A_TYPE::pos)) {
            pipe_->InitBuffer(a1Buf_, a1);
            run_.l1A = Address(a1Buf_);
        }
        if constexpr (!InL1(B_TYPE::pos)) {
            pipe_->InitBuffer(b1Buf_, b1);
            run_.l1B = Address(b1Buf_);
        }
        if (t.isBias) pipe_->InitBuffer(biasBuf_, uint32_t(t.baseN) * sizeof(BiasT));
        run_.l1Bias = t.isBias ? Address(biasBuf_) : nullptr;
        // CANN's Matmul takes all of L0A and L0B for every object and as much L0C as its own
        // tiling plans (each host tiling may assume the whole L0C), so kernels with several
        // objects (FlashAttention's bmm1 and bmm2) work on the device only because the objects
        // share the L0 memories; the cube runs one object at a time. Every object here uses
        // L0A, L0B and L0C from their start.
        run_.l0A = reinterpret_cast<uint8_t*>(akg::sim::PipeBaseAddr(TPosition::A2));
        run_.l0B = reinterpret_cast<uint8_t*>(akg::sim::PipeBaseAddr(TPosition::B2));
        run_.l0C = reinterpret_cast<uint8_t*>(akg::sim::PipeBaseAddr(TPosition::CO1));
        initialized_ = true;
        Restart();
    }

    template <TPosition P>
    static uint8_t* Address(TBuf<P>& buf) {
        return reinterpret_cast<uint8_t*>(buf.template Get<uint8_t>().GetPhyAddr());
    }

    void SetOperand(akg::sim::MatmulOperand& o, const uint8_t* data, akg::sim::Mem mem, bool trans) {
        o.data = data;
        o.mem = mem;
        o.trans = trans;
        o.set = true;
        Restart();
    }

    void Restart() { cursor_ = -1; }

    // The fixpipe mode the operand types give a quantised output (NoQuant: they do not quantise).
    static constexpr QuantMode_t QuantModeFor(bool perColumn) {
        constexpr bool int8In = std::is_same_v<SrcAT, int8_t>;
        constexpr bool floatIn = std::is_same_v<SrcAT, half> || std::is_same_v<SrcAT, bfloat16_t>;
        if constexpr (int8In && std::is_same_v<DstT, half>) return perColumn ? VDEQF16 : DEQF16;
        else if constexpr (int8In && std::is_same_v<DstT, int8_t>) return perColumn ? VREQ8 : REQ8;
        else if constexpr (floatIn && std::is_same_v<DstT, int8_t>) return perColumn ? VQF322B8_PRE : QF322B8_PRE;
        else return NoQuant;
    }

    bool QuantTypes(const void* caller) {
        if (QuantModeFor(false) != NoQuant) return true;
        akg::sim::Report("MATMUL_QUANT_MISMATCH", caller, true,
                         "SetQuantScalar / SetQuantVector on a Matmul whose types do not quantise (%zu-byte A -> "
                         "%zu-byte C): only int8_t -> half, int8_t -> int8_t and half / bfloat16_t -> int8_t do",
                         sizeof(SrcAT), sizeof(DstT));
        return false;
    }

    void SetQuantVectorAt(const uint8_t* params, bool inL1, const void* caller) {
        if (!QuantTypes(caller)) return;
        if (!initialized_) {
            akg::sim::Report("MATMUL_NOT_INITIALIZED", caller, true, "SetQuantVector before Init / REGIST_MATMUL_OBJ");
            return;
        }
        run_.quantMode = uint8_t(QuantModeFor(true));
        run_.quantVector = params;
        run_.l1Quant = nullptr;
        if (!inL1) {
            // The parameters of one block column are staged in L1 for the fixpipe.
            if (!quantBufReady_) pipe_->InitBuffer(quantBuf_, uint32_t(tiling_.baseN) * sizeof(uint64_t));
            quantBufReady_ = true;
            run_.l1Quant = Address(quantBuf_);
        }
        quantN_ = -1;
    }

    // Checks that a computation can start; fatal diagnostics stop the core.
    bool Ready(const void* caller) {
        if (!initialized_) {
            akg::sim::Report("MATMUL_NOT_INITIALIZED", caller, true,
                             "Matmul used before Init / REGIST_MATMUL_OBJ gave it a tiling");
            return false;
        }
        if (!run_.a.set || !run_.b.set) {
            akg::sim::Report("MATMUL_TENSOR_UNSET", caller, true, "Matmul computes before SetTensor%s",
                             !run_.a.set ? "A" : "B");
            return false;
        }
        // ND or NZ operands; A may be a VECTOR (one row, ND); C is ND (ND_ALIGN: rows padded).
        constexpr bool aFormat = A_TYPE::format == CubeFormat::ND || A_TYPE::format == CubeFormat::NZ ||
                                 A_TYPE::format == CubeFormat::VECTOR;
        constexpr bool bFormat = B_TYPE::format == CubeFormat::ND || B_TYPE::format == CubeFormat::NZ;
        constexpr bool cFormat = C_TYPE::format == CubeFormat::ND || C_TYPE::format == CubeFormat::ND_ALIGN ||
                                 (kCInL0c && C_TYPE::format == CubeFormat::NZ);
        if (!aFormat || !bFormat || !cFormat) {
            akg::sim::Report("MATMUL_UNSUPPORTED", caller, true,
                             "Matmul with A format %d, B format %d, C format %d: the simulator computes ND and NZ "
                             "A / B, a VECTOR A and an ND / ND_ALIGN C",
                             int(A_TYPE::format), int(B_TYPE::format), int(C_TYPE::format));
            return false;
        }
        if (MM_CB::kAny) {
            akg::sim::Report("MATMUL_UNSUPPORTED", caller, true,
                             "Matmul with copy callbacks (MatmulCallBackFunc): the simulator does not run them");
            return false;
        }
        if (A_TYPE::format == CubeFormat::VECTOR && run_.singleM != 1) {
            akg::sim::Report("MATMUL_UNSUPPORTED", caller, true,
                             "Matmul with a VECTOR A computes one row, but its single-core M is %d", run_.singleM);
            return false;
        }
        if (QuantModeFor(false) != NoQuant && run_.quantMode == NoQuant) {
            akg::sim::Report("MATMUL_QUANT_MISMATCH", caller, true,
                             "a Matmul from %zu-byte A to %zu-byte C quantises its output: call SetQuantScalar or "
                             "SetQuantVector before Iterate / IterateAll",
                             sizeof(SrcAT), sizeof(DstT));
            return false;
        }
        return true;
    }

    // Advances to the next base block and computes it. With isPartialOutput each block is one
    // base K block of a C block (K innermost), not accumulated over K.
    bool Next(bool enPartialSum, const void* caller) {
        if (cursor_ < 0) {
            if (!Ready(caller)) return false;
            mIter_ = (run_.singleM + run_.baseM - 1) / run_.baseM;
            nIter_ = (run_.singleN + run_.baseN - 1) / run_.baseN;
            kIter_ = kConfig.isPartialOutput ? (run_.singleK + run_.baseK - 1) / run_.baseK : 1;
        }
        ++cursor_;
        if (cursor_ >= mIter_ * nIter_ * kIter_) {
            cursor_ = -1;
            return false;
        }
        // iterateOrder 0 walks M first, 1 walks N first.
        const bool mFirst = tiling_.iterateOrder == 0;
        const int32_t block = cursor_ / kIter_;
        curM_ = mFirst ? block % mIter_ : block / nIter_;
        curN_ = mFirst ? block / mIter_ : block % nIter_;
        if (run_.l1Quant && run_.quantVector && quantN_ != curN_) {
            akg::sim::MatmulLoadQuantVector(run_, curN_, caller);
            quantN_ = curN_;
        }
        akg::sim::MatmulComputeBlock(run_, curM_, curN_, enPartialSum, caller,
                                     kConfig.isPartialOutput ? cursor_ % kIter_ : -1);
        return true;
    }

    // Where batch `index` of an operand starts (elements) and its `ld`, by layout (IterateBatch).
    struct BatchGeometry {
        int64_t stride = 0;
        int64_t ld = 0;
    };
    // Layout info (b, s, n, g, d) of an input: BSNGD rows are n*g*d apart, SBNGD b*n*g*d, a batch
    // starts d further; BNGS1S2 batches are whole [s, d] matrices; NORMAL keeps the org shape
    // (`normalSize` elements per batch).
    static BatchGeometry InputGeometry(LayoutMode layout, int64_t b, int64_t s, int64_t n, int64_t g, int64_t d,
                                       int64_t normalSize) {
        switch (layout) {
            case LayoutMode::BSNGD: return {d, n * g * d};
            case LayoutMode::SBNGD: return {d, b * n * g * d};
            case LayoutMode::BNGS1S2: return {s * d, d};
            default: return {normalSize, 0};
        }
    }

    // C's batch geometry: in UB packed batch after batch; in GM by its layout (B, S1, N, G, S2).
    BatchGeometry BatchCGeometry(akg::sim::Mem cMem) const {
        const TCubeTiling& t = tiling_;
        const int64_t ubLdc = (run_.singleN * int64_t(sizeof(DstT)) + 31) / 32 * 32 / int64_t(sizeof(DstT));
        if (cMem != akg::sim::Mem::GM) return {run_.singleM * ubLdc, ubLdc};
        if (C_TYPE::layout == LayoutMode::BSNGD) return {t.CLayoutInfoS2, int64_t(t.CLayoutInfoN) * t.CLayoutInfoG * t.CLayoutInfoS2};
        if (C_TYPE::layout == LayoutMode::SBNGD)
            return {t.CLayoutInfoS2, int64_t(t.CLayoutInfoB) * t.CLayoutInfoN * t.CLayoutInfoG * t.CLayoutInfoS2};
        if (C_TYPE::layout == LayoutMode::BNGS1S2) return {int64_t(t.CLayoutInfoS1) * t.CLayoutInfoS2, t.CLayoutInfoS2};
        return {int64_t(run_.orgM) * (orgKc_ > 0 ? orgKc_ : run_.orgN), orgKc_ > 0 ? orgKc_ : run_.orgN};
    }

    // The next IterateNBatch group of C in the workspace.
    GlobalTensor<DstT> BatchGroup(const void* caller) {
        GlobalTensor<DstT> group;
        if (nBatchGroupBytes_ == 0) {
            akg::sim::Report("MATMUL_TENSOR_UNSET", caller, true, "GetBatchTensorC with no IterateNBatch result");
            return group;
        }
        group.SetGlobalBuffer(reinterpret_cast<__gm__ DstT*>(workspace_ + nBatchGroupBytes_ * nBatchFetched_++),
                              uint64_t(nBatchGroupBytes_ / int64_t(sizeof(DstT))));
        return group;
    }

    // The batches from firstA / firstB / firstC on (IterateNBatch's groups; 0 for IterateBatch).
    void RunBatch(akg::sim::Mem cMem, uint8_t* cBase, uint32_t batchA, uint32_t batchB, uint32_t strideA,
                  uint32_t strideB, bool enPartialSum, uint8_t enAtomic, const void* caller, uint32_t firstA = 0,
                  uint32_t firstB = 0, uint32_t firstC = 0) {
        if (!Ready(caller)) return;
        const uint32_t batchC = batchA > batchB ? batchA : batchB;
        if (batchA == 0 || batchB == 0 || batchC % batchA != 0 || batchC % batchB != 0) {
            akg::sim::Report("MATMUL_BATCH_INVALID", caller, true,
                             "IterateBatch with batchA %u and batchB %u: both must be positive and one a multiple "
                             "of the other (SetBatchNum for the forms without them)",
                             batchA, batchB);
            return;
        }
        if (A_TYPE::layout != B_TYPE::layout) {
            akg::sim::Report("MATMUL_BATCH_INVALID", caller, true,
                             "IterateBatch with A layout %d and B layout %d: they must be the same",
                             int(A_TYPE::layout), int(B_TYPE::layout));
            return;
        }
        const TCubeTiling& t = tiling_;
        if (A_TYPE::layout != LayoutMode::NORMAL && A_TYPE::layout != LayoutMode::NONE &&
            int64_t(t.ALayoutInfoB) * t.ALayoutInfoS * t.ALayoutInfoN * t.ALayoutInfoG * t.ALayoutInfoD == 0) {
            akg::sim::Report("MATMUL_BATCH_INVALID", caller, true,
                             "IterateBatch with layout %d but the tiling's ALayoutInfo is unset (SetALayout / "
                             "SetBLayout / SetCLayout on the host)",
                             int(A_TYPE::layout));
            return;
        }
        const BatchGeometry ga = InputGeometry(A_TYPE::layout, t.ALayoutInfoB, t.ALayoutInfoS, t.ALayoutInfoN,
                                               t.ALayoutInfoG, t.ALayoutInfoD, int64_t(run_.orgM) * run_.orgKa);
        const BatchGeometry gb = InputGeometry(B_TYPE::layout, t.BLayoutInfoB, t.BLayoutInfoS, t.BLayoutInfoN,
                                               t.BLayoutInfoG, t.BLayoutInfoD, int64_t(run_.orgKb) * run_.orgN);
        const BatchGeometry gc = BatchCGeometry(cMem);
        const akg::sim::MatmulOperand a0 = run_.a, b0 = run_.b, bias0 = run_.bias;
        const int64_t strideAElems = strideA > 0 ? strideA : ga.stride, strideBElems = strideB > 0 ? strideB : gb.stride;
        for (uint32_t c = 0; c < batchC; ++c) {
            run_.a.data = a0.data + int64_t(firstA + c / (batchC / batchA)) * strideAElems * int64_t(sizeof(SrcAT));
            run_.a.ld = ga.ld;
            run_.b.data = b0.data + int64_t(firstB + c / (batchC / batchB)) * strideBElems * int64_t(sizeof(SrcBT));
            run_.b.ld = gb.ld;
            // A batched bias holds one row per batch unless the configuration reuses one row.
            if (kConfig.isBiasBatch) run_.bias.data = bias0.data + int64_t(firstC + c) * run_.singleN * int64_t(sizeof(BiasT));
            run_.residentA = run_.residentB = -1;
            uint8_t* cBatch = cBase + int64_t(firstC + c) * gc.stride * int64_t(sizeof(DstT));
            Restart();
            while (Next(enPartialSum, caller)) {
                const int64_t offset = int64_t(curM_) * run_.baseM * gc.ld + int64_t(curN_) * run_.baseN;
                akg::sim::MatmulStoreBlock(run_, curM_, curN_, cMem, cBatch + offset * int64_t(sizeof(DstT)), gc.ld,
                                           enAtomic, caller);
            }
        }
        run_.a = a0;
        run_.b = b0;
        run_.bias = bias0;
        run_.residentA = run_.residentB = -1;
        Restart();
    }

    bool Current(const void* caller) {
        if (cursor_ < 0) {
            akg::sim::Report("MATMUL_TENSOR_UNSET", caller, true, "GetTensorC without a block computed by Iterate");
            return false;
        }
        return true;
    }

    void StoreCurrent(const GlobalTensor<DstT>& gm, uint8_t enAtomic, bool enSequentialWrite, const void* caller) {
        if (!Current(caller)) return;
        // ND_ALIGN: C's rows are N rounded up to 32 bytes, the padding written as zeros.
        constexpr bool ndAlign = C_TYPE::format == CubeFormat::ND_ALIGN;
        constexpr int64_t c0 = 32 / int64_t(sizeof(DstT));
        const int64_t n = orgKc_ > 0 ? orgKc_ : run_.orgN;
        const int64_t ldc = ndAlign ? (n + c0 - 1) / c0 * c0 : n;
        auto* base = reinterpret_cast<uint8_t*>(gm.GetPhyAddr(0));
        if (enSequentialWrite) {
            akg::sim::MatmulStoreBlock(run_, curM_, curN_, akg::sim::Mem::GM, base, run_.baseN, enAtomic, caller,
                                       ndAlign);
            return;
        }
        const int64_t offset = int64_t(curM_) * run_.baseM * ldc + int64_t(curN_) * run_.baseN;
        akg::sim::MatmulStoreBlock(run_, curM_, curN_, akg::sim::Mem::GM, base + offset * int64_t(sizeof(DstT)), ldc,
                                   enAtomic, caller, ndAlign);
    }

    TPipe* pipe_ = nullptr;
    TCubeTiling tiling_{};
    akg::sim::MatmulRun run_{};
    int32_t orgKc_ = 0;
    bool initialized_ = false;
    int32_t cursor_ = -1, mIter_ = 0, nIter_ = 0, kIter_ = 1, curM_ = 0, curN_ = 0;
    uint32_t batchA_ = 1, batchB_ = 1;  // SetBatchNum
    uint8_t* workspace_ = nullptr;      // SetWorkspace
    int64_t nBatchGroupBytes_ = 0;      // one IterateNBatch group of C
    int64_t nBatchFetched_ = 0;         // groups GetBatchTensorC handed out
    int32_t quantN_ = -1;                // the block column whose quantisation parameters are in L1
    uint8_t subBlockIdx_ = 0;
    bool quantBufReady_ = false;
    TBuf<TPosition::A1> a1Buf_;
    TBuf<TPosition::B1> b1Buf_;
    TBuf<TPosition::C1> biasBuf_;
    TBuf<TPosition::C1> quantBuf_;
};

// CANN's implementation class, which Matmul names on the cube core (or in cube-only builds);
// kernels that drive the cube themselves declare it directly. One class here, whatever the core.
// Its bias type defaults to the C type, as CANN's does.
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>,
          template <const auto& = MM_CFG, typename...> class MM_POLICY = Impl::Detail::MatmulPolicy>
using MatmulImpl = Matmul<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MM_POLICY>;

namespace matmul_detail {

template <class MM>
__aicore__ inline void Regist(TPipe* tpipe, MM& mm) {
    mm.BindPipe(tpipe);
}
template <class MM, class Tiling, class... Rest>
__aicore__ inline void Regist(TPipe* tpipe, MM& mm, Tiling tiling, Rest&&... rest) {
    mm.Init(tiling, tpipe);
    if constexpr (sizeof...(Rest) > 0) Regist(tpipe, rest...);
}

}  // namespace matmul_detail

}  // namespace AscendC

// CANN spells the library's names both AscendC:: and matmul::.
namespace matmul {
using namespace AscendC;
}

// Marks the kernel parameter that carries the Matmul library's workspace (CANN's compiler uses it
// to pass the message area between AIV and AIC); the simulator needs none.
#define __kfc_workspace__

// REGIST_MATMUL_OBJ(&pipe, workspace, mm[, &tiling][, mm2, &tiling2 ...]): binds each object to
// the pipe and, with a tiling, initialises it; on the AIC of a mixed launch the kernel's own code
// ends here. The system workspace is not needed by the simulator. Without ASCENDC_CUBE_ONLY
// (defined before this header, as CANN requires) the objects are in MIX mode, which makes the
// kernel a mixed one.
#ifdef ASCENDC_CUBE_ONLY
#define AKG_MATMUL_REGISTERED ::akg::sim::MatmulRegistered
#else
#define AKG_MATMUL_REGISTERED ::akg::sim::MatmulMixRegistered
#endif
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...)                  \
    do {                                                          \
        (void)(workspace);                                        \
        ::AscendC::matmul_detail::Regist(tpipe, __VA_ARGS__);     \
        AKG_MATMUL_REGISTERED();                                  \
    } while (0)
