// The Matmul library's kernel side (CANN: lib/matmul_intf.h): MatmulType, Matmul and
// REGIST_MATMUL_OBJ. The object keeps what the API calls set (tiling, operands, shapes, the
// iteration cursor) and hands each base block to the simulator (lib/matmul/matmul_sim.h), which
// records its L1 / L0 traffic, cube work and fixpipe output and computes it. Its L1 and L0
// buffers come from the TPipe at Init, so they count against the core's capacities together with
// the kernel's own. The object runs on the core that calls it: in a mixed AIC/AIV launch the
// vector core's calls are not forwarded to a cube core (docs/api/matmul.md).
#pragma once

#include <type_traits>

#include "basic_api/kernel_tpipe.h"
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

// User copy callbacks; accepted in the type, not called by the simulator (docs/api/matmul.md).
template <void (*DataCopyOut)(const __gm__ void* gm, const LocalTensor<int8_t>& co1Local,
                              const void* dataCopyOutParams, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr,
          void (*CopyA1)(const LocalTensor<int8_t>& aMatrix, const __gm__ void* gm, int row, int col, int useM,
                         int useK, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr,
          void (*CopyB1)(const LocalTensor<int8_t>& bMatrix, const __gm__ void* gm, int row, int col, int useK,
                         int useN, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr>
struct MatmulCallBackFunc {};

// CANN's compile-time type choice (std::conditional), which kernels use to pick a Matmul type.
template <bool condition, class TrueType, class FalseType>
struct Conditional {
    using type = TrueType;
};
template <class TrueType, class FalseType>
struct Conditional<false, TrueType, FalseType> {
    using type = FalseType;
};

namespace matmul_detail {
template <class MM>
void Regist(TPipe* tpipe, MM& mm);
}  // namespace matmul_detail

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = MatmulType<TPosition::GM, CubeFormat::ND, float>,
          const MatmulConfig& MM_CFG = CFG_NORM, class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>>
class Matmul {
    using SrcAT = typename A_TYPE::T;
    using SrcBT = typename B_TYPE::T;
    using DstT = typename C_TYPE::T;
    using BiasT = typename BIAS_TYPE::T;
    static_assert(sizeof(SrcAT) == sizeof(SrcBT), "Matmul: A and B must have the same element width");

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
        run_.residentA = -1;
    }
    AKG_API void SetTensorA(const LocalTensor<SrcAT>& leftMatrix, bool isTransposeA = false) {
        SetOperand(run_.a, reinterpret_cast<const uint8_t*>(leftMatrix.GetPhyAddr()),
                   akg::sim::MemOf(static_cast<TPosition>(leftMatrix.GetPosition())), isTransposeA);
        run_.residentA = -1;
    }
    AKG_API void SetTensorB(const GlobalTensor<SrcBT>& gm, bool isTransposeB = false) {
        SetOperand(run_.b, reinterpret_cast<const uint8_t*>(gm.GetPhyAddr()), akg::sim::Mem::GM, isTransposeB);
        run_.residentB = -1;
    }
    AKG_API void SetTensorB(const LocalTensor<SrcBT>& rightMatrix, bool isTransposeB = false) {
        SetOperand(run_.b, reinterpret_cast<const uint8_t*>(rightMatrix.GetPhyAddr()),
                   akg::sim::MemOf(static_cast<TPosition>(rightMatrix.GetPosition())), isTransposeB);
        run_.residentB = -1;
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
    // The library's GM / UB scratch: the simulator computes without one.
    template <class T>
    __aicore__ inline void SetWorkspace(GlobalTensor<T>& addr) { (void)addr; }
    template <class T>
    __aicore__ inline void SetWorkspace(__gm__ const T* addr, int size) { (void)addr; (void)size; }
    __aicore__ inline void SetLocalWorkspace(const LocalTensor<uint8_t>& tmpBuffer) { (void)tmpBuffer; }
    __aicore__ inline void SetHF32(bool enableHF32 = false, int32_t transMode = 0) { (void)enableHF32; (void)transMode; }

    // Computes the next base block into L0C; false once every block of the single-core shape is done.
    template <bool sync = true>
    AKG_API bool Iterate(bool enPartialSum = false) {
        return Next(enPartialSum, AKG_CALLER);
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
        const uint32_t a1 = uint32_t(t.baseM) * t.baseK * sizeof(SrcAT) * t.depthA1;
        const uint32_t b1 = uint32_t(t.baseN) * t.baseK * sizeof(SrcBT) * t.depthB1;
        pipe_->InitBuffer(a1Buf_, a1);
        pipe_->InitBuffer(b1Buf_, b1);
        if (t.isBias) pipe_->InitBuffer(biasBuf_, uint32_t(t.baseN) * sizeof(BiasT));
        run_.l1A = Address(a1Buf_);
        run_.l1B = Address(b1Buf_);
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
        if (A_TYPE::format != CubeFormat::ND || B_TYPE::format != CubeFormat::ND || C_TYPE::format != CubeFormat::ND) {
            akg::sim::Report("MATMUL_UNSUPPORTED", caller, true,
                             "Matmul with a non-ND operand format (only ND is simulated)");
            return false;
        }
        return true;
    }

    // Advances to the next base block and computes it.
    bool Next(bool enPartialSum, const void* caller) {
        if (cursor_ < 0) {
            if (!Ready(caller)) return false;
            mIter_ = (run_.singleM + run_.baseM - 1) / run_.baseM;
            nIter_ = (run_.singleN + run_.baseN - 1) / run_.baseN;
        }
        ++cursor_;
        if (cursor_ >= mIter_ * nIter_) {
            cursor_ = -1;
            return false;
        }
        // iterateOrder 0 walks M first, 1 walks N first.
        const bool mFirst = tiling_.iterateOrder == 0;
        curM_ = mFirst ? cursor_ % mIter_ : cursor_ / nIter_;
        curN_ = mFirst ? cursor_ / mIter_ : cursor_ % nIter_;
        akg::sim::MatmulComputeBlock(run_, curM_, curN_, enPartialSum, caller);
        return true;
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
        const int64_t ldc = orgKc_ > 0 ? orgKc_ : run_.orgN;
        auto* base = reinterpret_cast<uint8_t*>(gm.GetPhyAddr(0));
        if (enSequentialWrite) {
            akg::sim::MatmulStoreBlock(run_, curM_, curN_, akg::sim::Mem::GM, base, run_.baseN, enAtomic, caller);
            return;
        }
        const int64_t offset = int64_t(curM_) * run_.baseM * ldc + int64_t(curN_) * run_.baseN;
        akg::sim::MatmulStoreBlock(run_, curM_, curN_, akg::sim::Mem::GM, base + offset * int64_t(sizeof(DstT)), ldc,
                                   enAtomic, caller);
    }

    TPipe* pipe_ = nullptr;
    TCubeTiling tiling_{};
    akg::sim::MatmulRun run_{};
    int32_t orgKc_ = 0;
    bool initialized_ = false;
    int32_t cursor_ = -1, mIter_ = 0, nIter_ = 0, curM_ = 0, curN_ = 0;
    TBuf<TPosition::A1> a1Buf_;
    TBuf<TPosition::B1> b1Buf_;
    TBuf<TPosition::C1> biasBuf_;
};

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

// REGIST_MATMUL_OBJ(&pipe, workspace, mm[, &tiling][, mm2, &tiling2 ...]): binds each object to
// the pipe and, with a tiling, initialises it; on the AIC of a mixed launch the kernel's own code
// ends here. The system workspace is not needed by the simulator.
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...)                  \
    do {                                                          \
        (void)(workspace);                                        \
        ::AscendC::matmul_detail::Regist(tpipe, __VA_ARGS__);     \
        ::akg::sim::MatmulRegistered();                           \
    } while (0)
