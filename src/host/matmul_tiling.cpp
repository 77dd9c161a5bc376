// matmul_tiling::MatmulApiTiling / MultiCoreMatmulTiling: the split of a matrix product into
// per-core shapes, base blocks (one Mmad) and L1 steps that the platform's memories hold. The
// rule is ours (CANN's own search is not public); docs/api/matmul.md states it.
#include <algorithm>

#include "lib/matmul/matmul_tiling.h"

namespace matmul_tiling {

namespace {

constexpr int32_t kFractal = 16;       // rows / columns of one fractal: baseM and baseN align to it
constexpr int32_t kC0Bytes = 32;       // bytes of one fractal row
constexpr int32_t kL0cElemBytes = 4;   // L0C accumulates in float or int32
constexpr int32_t kBaseMTarget = 128;  // CANN's recommended base block (128, 256, 64 for 16-bit types)
constexpr int32_t kBaseNTarget = 256;
constexpr int32_t kBaseKBytesTarget = 128;

int32_t DataTypeBytes(DataType t) {
    switch (t) {
        case DataType::DT_FLOAT16:
        case DataType::DT_BF16:
        case DataType::DT_INT16:
        case DataType::DT_UINT16: return 2;
        case DataType::DT_FLOAT:
        case DataType::DT_INT32:
        case DataType::DT_UINT32: return 4;
        case DataType::DT_INT8:
        case DataType::DT_UINT8: return 1;
        default: return 0;
    }
}

int64_t CeilDiv(int64_t a, int64_t b) { return b == 0 ? 0 : (a + b - 1) / b; }
int32_t AlignUp(int32_t v, int32_t a) { return static_cast<int32_t>(CeilDiv(v, a) * a); }
// Halves `v`, keeping it a positive multiple of `a`.
int32_t HalveAligned(int32_t v, int32_t a) { return std::max(a, AlignUp(v / 2, a)); }

int32_t Pick(int32_t value, int32_t fallback) { return value > 0 ? value : fallback; }

}  // namespace

MatmulApiTilingBase::MatmulApiTilingBase()
    : MatmulApiTilingBase(*platform_ascendc::PlatformAscendCManager::GetInstance()) {}

MatmulApiTilingBase::MatmulApiTilingBase(const platform_ascendc::PlatformAscendC& ascendcPlatform) {
    using platform_ascendc::CoreMemType;
    ascendcPlatform.GetCoreMemSize(CoreMemType::L1, l1Size_);
    ascendcPlatform.GetCoreMemSize(CoreMemType::L0_A, l0aSize_);
    ascendcPlatform.GetCoreMemSize(CoreMemType::L0_B, l0bSize_);
    ascendcPlatform.GetCoreMemSize(CoreMemType::L0_C, l0cSize_);
    ascendcPlatform.GetCoreMemSize(CoreMemType::UB, ubSize_);
    ascendcPlatform.GetCoreMemSize(CoreMemType::BT, btSize_);
    coreNum_ = static_cast<int32_t>(std::max<uint32_t>(1, ascendcPlatform.GetCoreNum()));
    l1Limit_ = l1Size_;
    l0cLimit_ = l0cSize_;
    btLimit_ = btSize_;
}

MatmulApiTilingBase::MatmulApiTilingBase(const PlatformInfo& platform)
    : l1Size_(platform.l1Size),
      l0aSize_(platform.l0ASize),
      l0bSize_(platform.l0BSize),
      l0cSize_(platform.l0CSize),
      ubSize_(platform.ubSize),
      btSize_(1024),  // PlatformInfo has no bias-table size; every supported SoC has 1 KiB
      l1Limit_(platform.l1Size),
      l0cLimit_(platform.l0CSize),
      btLimit_(1024) {}

int32_t MatmulApiTilingBase::SetAType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans) {
    aType_ = {pos, type, dataType, isTrans, true};
    return 0;
}

int32_t MatmulApiTilingBase::SetBType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans) {
    bType_ = {pos, type, dataType, isTrans, true};
    return 0;
}

int32_t MatmulApiTilingBase::SetCType(TPosition pos, CubeFormat type, DataType dataType) {
    cType_ = {pos, type, dataType, false, true};
    return 0;
}

int32_t MatmulApiTilingBase::SetBiasType(TPosition pos, CubeFormat type, DataType dataType) {
    biasType_ = {pos, type, dataType, false, true};
    return 0;
}

int32_t MatmulApiTilingBase::SetShape(int32_t m, int32_t n, int32_t k) {
    m_ = m;
    n_ = n;
    k_ = k;
    return 0;
}

int32_t MatmulApiTilingBase::SetOrgShape(int32_t orgMIn, int32_t orgNIn, int32_t orgKIn) {
    return SetOrgShape(orgMIn, orgNIn, orgKIn, orgKIn);
}

int32_t MatmulApiTilingBase::SetOrgShape(int32_t orgMIn, int32_t orgNIn, int32_t orgKaIn, int32_t orgKbIn) {
    orgM_ = orgMIn;
    orgN_ = orgNIn;
    orgKa_ = orgKaIn;
    orgKb_ = orgKbIn;
    return 0;
}

int32_t MatmulApiTilingBase::SetBias(bool isBiasIn) {
    isBias_ = isBiasIn;
    return 0;
}

int32_t MatmulApiTilingBase::SetTraverse(MatrixTraverse traverse) {
    traverse_ = traverse;
    return 0;
}

int32_t MatmulApiTilingBase::SetFixSplit(int32_t baseMIn, int32_t baseNIn, int32_t baseKIn) {
    fixBaseM_ = baseMIn;
    fixBaseN_ = baseNIn;
    fixBaseK_ = baseKIn;
    return 0;
}

int32_t MatmulApiTilingBase::SetBufferSpace(int32_t l1Size, int32_t l0CSize, int32_t ubSize, int32_t btSize) {
    // More than the platform has is an error, as in CANN.
    if ((l1Size > 0 && uint64_t(l1Size) > l1Size_) || (l0CSize > 0 && uint64_t(l0CSize) > l0cSize_) ||
        (btSize > 0 && uint64_t(btSize) > btSize_))
        return -1;
    l1Limit_ = l1Size > 0 ? uint64_t(l1Size) : l1Size_;
    l0cLimit_ = l0CSize > 0 ? uint64_t(l0CSize) : l0cSize_;
    btLimit_ = btSize > 0 ? uint64_t(btSize) : btSize_;
    (void)ubSize;  // only the UB-staged formats of CANN use it; they are not modelled
    return 0;
}

int32_t MatmulApiTilingBase::SetDoubleBuffer(bool, bool, bool, bool, bool, bool) {
    return 0;  // the split always double-buffers L0A/L0B and L1 when they fit
}

int32_t MatmulApiTilingBase::SetDequantType(DequantType dequantType) {
    if (dequantType != DequantType::SCALAR && dequantType != DequantType::TENSOR) return -1;
    dequantType_ = dequantType;
    return 0;
}

namespace {
int32_t SetLayout(int32_t (&layout)[5], int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) {
    if (b <= 0 || s <= 0 || n <= 0 || g <= 0 || d <= 0) return -1;
    layout[0] = b;
    layout[1] = s;
    layout[2] = n;
    layout[3] = g;
    layout[4] = d;
    return 0;
}
}  // namespace

int32_t MatmulApiTilingBase::SetALayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) {
    return SetLayout(aLayout_, b, s, n, g, d);
}
int32_t MatmulApiTilingBase::SetBLayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) {
    return SetLayout(bLayout_, b, s, n, g, d);
}
int32_t MatmulApiTilingBase::SetCLayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d) {
    return SetLayout(cLayout_, b, s, n, g, d);
}

int32_t MatmulApiTilingBase::SetBatchNum(int32_t batch) {
    if (batch <= 0) return -1;
    batchNum_ = batch;
    return 0;
}

int32_t MatmulApiTilingBase::SetBatchInfoForNormal(int32_t batchA, int32_t batchB, int32_t m, int32_t n, int32_t k) {
    if (batchA <= 0 || batchB <= 0 || m <= 0 || n <= 0 || k <= 0) return -1;
    const int32_t batch = std::max(batchA, batchB);
    if (batch % batchA != 0 || batch % batchB != 0) return -1;
    SetLayout(aLayout_, batchA, m, 1, 1, k);
    SetLayout(bLayout_, batchB, n, 1, 1, k);
    SetLayout(cLayout_, batch, m, 1, 1, n);
    batchNum_ = batch;
    SetShape(m, n, k);
    return SetOrgShape(m, n, k);
}

bool MatmulApiTilingBase::Compute(int32_t dim, int32_t m, int32_t n, int32_t k, int32_t singleM, int32_t singleN,
                                  int32_t singleK) {
    const int32_t aBytes = DataTypeBytes(aType_.dataType);
    const int32_t bBytes = DataTypeBytes(bType_.dataType);
    const int32_t cBytes = DataTypeBytes(cType_.dataType);
    const int32_t biasBytes = biasType_.isSet ? DataTypeBytes(biasType_.dataType) : kL0cElemBytes;
    if (!aType_.isSet || !bType_.isSet || !cType_.isSet || aBytes == 0 || bBytes == 0 || cBytes == 0 ||
        biasBytes == 0 || aBytes != bBytes)
        return false;
    if (singleM <= 0 || singleN <= 0 || singleK <= 0) return false;
    // K of one base block is a whole number of fractal rows of the input type (and of 16).
    const int32_t kAlign = std::max(kFractal, kC0Bytes / aBytes);
    const int32_t fixM = fixBaseM_ > 0 ? AlignUp(fixBaseM_, kFractal) : 0;
    const int32_t fixN = fixBaseN_ > 0 ? AlignUp(fixBaseN_, kFractal) : 0;
    const int32_t fixK = fixBaseK_ > 0 ? AlignUp(fixBaseK_, kAlign) : 0;
    int32_t baseM = Pick(fixM, std::min(kBaseMTarget, AlignUp(singleM, kFractal)));
    int32_t baseN = Pick(fixN, std::min(kBaseNTarget, AlignUp(singleN, kFractal)));
    int32_t baseK = Pick(fixK, std::min(std::max(kAlign, kBaseKBytesTarget / aBytes), AlignUp(singleK, kAlign)));

    // The bias row of one base block sits in the bias table.
    while (isBias_ && uint64_t(baseN) * biasBytes > btLimit_) {
        if (fixN || baseN == kFractal) return false;
        baseN = HalveAligned(baseN, kFractal);
    }
    int32_t dbL0C = 1;
    while (uint64_t(baseM) * baseN * kL0cElemBytes * dbL0C > l0cLimit_) {
        if (!fixN && baseN > kFractal) baseN = HalveAligned(baseN, kFractal);
        else if (!fixM && baseM > kFractal) baseM = HalveAligned(baseM, kFractal);
        else return false;
    }
    // L0A and L0B: double-buffered when the block allows it, K shrinks before M and N.
    int32_t dbL0A = 2, dbL0B = 2;
    auto fitL0 = [&](int32_t& base, int32_t fixed, int32_t bytes, int32_t& db, uint64_t limit) {
        while (uint64_t(base) * baseK * bytes * db > limit) {
            if (!fixK && baseK > kAlign) baseK = HalveAligned(baseK, kAlign);
            else if (db > 1) db = 1;
            else if (!fixed && base > kFractal) base = HalveAligned(base, kFractal);
            else return false;
        }
        return true;
    };
    if (!fitL0(baseM, fixM, aBytes, dbL0A, l0aSize_) || !fitL0(baseN, fixN, bBytes, dbL0B, l0bSize_)) return false;
    if (uint64_t(baseM) * baseK * aBytes * dbL0A > l0aSize_) return false;  // baseK shrank for B: recheck A

    // L1: K wholly resident if possible (stepKa = stepKb = every K block), double-buffered.
    const uint64_t biasL1 = isBias_ ? uint64_t(baseN) * biasBytes : 0;
    akg::matmul::L1Steps l1{};
    if (!akg::matmul::FitL1Steps(baseM, baseN, baseK, aBytes, bBytes, int64_t(biasL1),
                                 static_cast<int32_t>(CeilDiv(singleK, baseK)), int64_t(l1Limit_), l1))
        return false;  // one base block of A and of B does not fit in L1
    const int32_t stepK = l1.stepK, dbL1 = l1.db;

    AscendC::tiling::TCubeTiling t{};
    t.usedCoreNum = dim;
    t.M = orgM_ > 0 ? orgM_ : m;
    t.N = orgN_ > 0 ? orgN_ : n;
    t.Ka = orgKa_ > 0 ? orgKa_ : k;
    t.Kb = orgKb_ > 0 ? orgKb_ : k;
    t.singleCoreM = singleM;
    t.singleCoreN = singleN;
    t.singleCoreK = singleK;
    t.baseM = baseM;
    t.baseN = baseN;
    t.baseK = baseK;
    t.stepM = 1;
    t.stepN = 1;
    t.stepKa = stepK;
    t.stepKb = stepK;
    t.depthA1 = stepK * dbL1;
    t.depthB1 = stepK * dbL1;
    t.isBias = isBias_ ? 1 : 0;
    t.iterateOrder = traverse_ == MatrixTraverse::FIRSTN ? 1 : 0;
    t.dbL0A = dbL0A;
    t.dbL0B = dbL0B;
    t.dbL0C = dbL0C;
    t.shareL1Size = static_cast<int32_t>(uint64_t(baseM) * baseK * aBytes * t.depthA1 +
                                         uint64_t(baseN) * baseK * bBytes * t.depthB1 + biasL1);
    t.shareL0CSize = baseM * baseN * kL0cElemBytes * dbL0C;
    t.BatchNum = batchNum_ > 0 ? batchNum_ : 1;
    t.ALayoutInfoB = aLayout_[0];
    t.ALayoutInfoS = aLayout_[1];
    t.ALayoutInfoN = aLayout_[2];
    t.ALayoutInfoG = aLayout_[3];
    t.ALayoutInfoD = aLayout_[4];
    t.BLayoutInfoB = bLayout_[0];
    t.BLayoutInfoS = bLayout_[1];
    t.BLayoutInfoN = bLayout_[2];
    t.BLayoutInfoG = bLayout_[3];
    t.BLayoutInfoD = bLayout_[4];
    t.CLayoutInfoB = cLayout_[0];
    t.CLayoutInfoS1 = cLayout_[1];
    t.CLayoutInfoN = cLayout_[2];
    t.CLayoutInfoG = cLayout_[3];
    t.CLayoutInfoS2 = cLayout_[4];
    result_ = t;
    return true;
}

int64_t MatmulApiTilingBase::Publish(optiling::TCubeTiling& tiling) const {
#define AKG_TCUBE_PUBLISH_FIELD(name) tiling.set_##name(result_.name);
    AKG_TCUBE_TILING_FIELDS(AKG_TCUBE_PUBLISH_FIELD)
#undef AKG_TCUBE_PUBLISH_FIELD
    return 0;
}

int64_t MatmulApiTilingBase::Publish(AscendC::tiling::TCubeTiling& tiling) const {
    tiling = result_;
    return 0;
}

bool MatmulApiTiling::Run() {
    const int32_t m = m_ > 0 ? m_ : orgM_, n = n_ > 0 ? n_ : orgN_, k = k_ > 0 ? k_ : orgKa_;
    return Compute(1, m, n, k, m, n, k);
}

int64_t MatmulApiTiling::GetTiling(optiling::TCubeTiling& tiling) { return Run() ? Publish(tiling) : -1; }

int64_t MatmulApiTiling::GetTiling(AscendC::tiling::TCubeTiling& tiling) { return Run() ? Publish(tiling) : -1; }

int32_t MultiCoreMatmulTiling::SetDim(int32_t dim) {
    if (dim <= 0) return -1;
    dim_ = dim;
    return 0;
}

int32_t MultiCoreMatmulTiling::SetSingleShape(int32_t singleMIn, int32_t singleNIn, int32_t singleKIn) {
    singleM_ = singleMIn;
    singleN_ = singleNIn;
    singleK_ = singleKIn;
    return 0;
}

bool MultiCoreMatmulTiling::Run() {
    const int32_t m = m_ > 0 ? m_ : orgM_;
    const int32_t n = n_ > 0 ? n_ : orgN_;
    const int32_t k = k_ > 0 ? k_ : orgKa_;
    if (m <= 0 || n <= 0 || k <= 0) return false;
    const int32_t dim = dim_ > 0 ? dim_ : coreNum_;
    const int32_t aBytes = DataTypeBytes(aType_.dataType);
    const int32_t kAlign = aBytes > 0 ? std::max(kFractal, kC0Bytes / aBytes) : kFractal;
    // A cut K is a whole number of the recommended base K blocks, so that kernels that assume
    // every core's K is singleCoreK (no K tail) stay right whenever K allows it.
    const int32_t kCut = aBytes > 0 ? std::max(kAlign, kBaseKBytesTarget / aBytes) : kAlign;
    // Per-core work is the aligned C block times the aligned K; among the splits with the least of
    // it, the one that reads the least A and B (smallest singleM + singleN, times singleK), then
    // the one with fewer cores, then the one that splits M more (CANN's choice: the official
    // matmul_advanced_api sample offsets its cores' A and C by singleCoreM rows for a 512 x 512 C
    // on two cores). K is cut only with EnableMultiCoreSplitK.
    int32_t bestM = m, bestN = n, bestK = k;
    int64_t bestLoad = -1, bestTraffic = 0, bestCores = 0;
    for (int32_t kDim = 1; kDim <= (splitK_ ? dim : 1); ++kDim) {
        const int32_t sk = singleK_ > 0 ? singleK_ : std::min(k, AlignUp(int32_t(CeilDiv(k, kDim)), kCut));
        for (int32_t mDim = 1; mDim * kDim <= dim; ++mDim) {
            for (int32_t nDim = 1; mDim * nDim * kDim <= dim; ++nDim) {
                const int32_t sm =
                    singleM_ > 0 ? singleM_ : std::min(m, AlignUp(int32_t(CeilDiv(m, mDim)), kFractal));
                const int32_t sn =
                    singleN_ > 0 ? singleN_ : std::min(n, AlignUp(int32_t(CeilDiv(n, nDim)), kFractal));
                const int64_t cores = CeilDiv(m, sm) * CeilDiv(n, sn) * CeilDiv(k, sk);
                if (cores > dim) continue;
                const int64_t load = int64_t(AlignUp(sm, kFractal)) * AlignUp(sn, kFractal) * AlignUp(sk, kAlign);
                const int64_t traffic = (int64_t(sm) + sn) * sk;
                if (bestLoad < 0 || load < bestLoad || (load == bestLoad && traffic < bestTraffic) ||
                    (load == bestLoad && traffic == bestTraffic && cores < bestCores) ||
                    (load == bestLoad && traffic == bestTraffic && cores == bestCores && sm < bestM)) {
                    bestLoad = load;
                    bestTraffic = traffic;
                    bestCores = cores;
                    bestM = sm;
                    bestN = sn;
                    bestK = sk;
                }
            }
        }
    }
    if (bestLoad < 0) return false;  // the fixed single shape needs more cores than SetDim allows
    mDim_ = static_cast<int32_t>(CeilDiv(m, bestM));
    nDim_ = static_cast<int32_t>(CeilDiv(n, bestN));
    kDim_ = static_cast<int32_t>(CeilDiv(k, bestK));
    return Compute(mDim_ * nDim_ * kDim_, m, n, k, bestM, bestN, bestK);
}

int64_t MultiCoreMatmulTiling::GetTiling(optiling::TCubeTiling& tiling) { return Run() ? Publish(tiling) : -1; }

int64_t MultiCoreMatmulTiling::GetTiling(AscendC::tiling::TCubeTiling& tiling) { return Run() ? Publish(tiling) : -1; }

int32_t MultiCoreMatmulTiling::GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim) const {
    dim = mDim_ * nDim_ * kDim_;
    mDim = mDim_;
    nDim = nDim_;
    return 0;
}

int32_t MultiCoreMatmulTiling::GetSingleShape(int32_t& shapeM, int32_t& shapeN, int32_t& shapeK) const {
    shapeM = result_.singleCoreM;
    shapeN = result_.singleCoreN;
    shapeK = result_.singleCoreK;
    return 0;
}

}  // namespace matmul_tiling
