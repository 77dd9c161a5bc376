// Host side of the Matmul library (CANN: matmul_tiling::MatmulApiTiling and
// MultiCoreMatmulTiling, reached through tiling/tiling_api.h): describe the operands, the shape
// and the buffer space, then GetTiling fills a TCubeTiling the kernel's Matmul object runs with.
// The split respects the platform's L1 / L0A / L0B / L0C / bias-table capacities; GetTiling
// returns -1 when no split fits or the description is incomplete. The rule is documented in
// docs/api/matmul.md.
#pragma once

#include <cstdint>

#include "graph/types.h"
#include "lib/matmul/matmul_tilingdata.h"
#include "tiling/platform/platform_ascendc.h"

namespace matmul_tiling {

// Same values as ge::DataType: operator code casts one into the other.
enum class DataType : int32_t {
    DT_FLOAT = ge::DT_FLOAT,
    DT_FLOAT16 = ge::DT_FLOAT16,
    DT_INT8 = ge::DT_INT8,
    DT_INT32 = ge::DT_INT32,
    DT_UINT8 = ge::DT_UINT8,
    DT_INT16 = ge::DT_INT16,
    DT_UINT16 = ge::DT_UINT16,
    DT_UINT32 = ge::DT_UINT32,
    DT_INT64 = ge::DT_INT64,
    DT_UINT64 = ge::DT_UINT64,
    DT_DOUBLE = ge::DT_DOUBLE,
    DT_BOOL = ge::DT_BOOL,
    DT_BF16 = ge::DT_BF16,
    DT_INT4 = ge::DT_INT4,
    DT_BFLOAT16 = ge::DT_BF16,
    DT_MAX = ge::DT_MAX,
};

enum class TPosition : int32_t { GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM,
                                 SHM = SPM, TSCM, MAX };

enum class CubeFormat : int32_t { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR, ROW_MAJOR = ND, COLUMN_MAJOR };

enum class MatrixTraverse : int32_t { NOSET = 0, FIRSTM = 1, FIRSTN = 2 };

// SetDequantType: one (de)quantisation parameter for all of C, or one per column.
enum class DequantType { SCALAR = 0, TENSOR = 1 };

// What the tiling knows about one operand.
struct MatmulType {
    TPosition pos = TPosition::GM;
    CubeFormat type = CubeFormat::ND;
    DataType dataType = DataType::DT_MAX;
    bool isTrans = false;
    bool isSet = false;
};

// Capacities in bytes, for callers that have no PlatformAscendC.
struct PlatformInfo {
    platform_ascendc::SocVersion socVersion = platform_ascendc::SocVersion::ASCEND910B;
    uint64_t l1Size = 0;
    uint64_t l0CSize = 0;
    uint64_t ubSize = 0;
    uint64_t l0ASize = 0;
    uint64_t l0BSize = 0;
};

class MatmulApiTilingBase {
public:
    // The current platform (PlatformAscendCManager), as CANN's parameterless constructor.
    MatmulApiTilingBase();
    explicit MatmulApiTilingBase(const platform_ascendc::PlatformAscendC& ascendcPlatform);
    explicit MatmulApiTilingBase(const PlatformInfo& platform);
    virtual ~MatmulApiTilingBase() = default;

    int32_t SetAType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans = false);
    int32_t SetBType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans = false);
    int32_t SetCType(TPosition pos, CubeFormat type, DataType dataType);
    int32_t SetBiasType(TPosition pos, CubeFormat type, DataType dataType);
    // The shape this tiling computes; -1 keeps the original shape's value.
    int32_t SetShape(int32_t m, int32_t n, int32_t k);
    int32_t SetOrgShape(int32_t orgMIn, int32_t orgNIn, int32_t orgKIn);
    int32_t SetOrgShape(int32_t orgMIn, int32_t orgNIn, int32_t orgKaIn, int32_t orgKbIn);
    int32_t SetBias(bool isBiasIn = false);
    int32_t EnableBias(bool isBiasIn = false) { return SetBias(isBiasIn); }
    int32_t SetTraverse(MatrixTraverse traverse);
    // Fixed base block sizes; -1 leaves a dimension to the algorithm.
    int32_t SetFixSplit(int32_t baseMIn = -1, int32_t baseNIn = -1, int32_t baseKIn = -1);
    // Space the Matmul may use; -1 means the whole memory of the platform.
    int32_t SetBufferSpace(int32_t l1Size = -1, int32_t l0CSize = -1, int32_t ubSize = -1, int32_t btSize = -1);
    int32_t SetDoubleBuffer(bool a, bool b, bool c, bool bias, bool transND2NZ = true, bool transNZ2ND = true);
    // Must agree with the kernel's SetQuantScalar / SetQuantVector; the tiling does not depend on it.
    int32_t SetDequantType(DequantType dequantType);
    // Batch layouts for IterateBatch: the (b, s, n, g, d) axes of A, B and C (TCubeTiling's
    // ALayoutInfo* / BLayoutInfo* / CLayoutInfo*; C's s and d are S1 and S2), and the largest
    // number of batches one IterateBatch computes.
    int32_t SetALayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d);
    int32_t SetBLayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d);
    int32_t SetCLayout(int32_t b, int32_t s, int32_t n, int32_t g, int32_t d);
    int32_t SetBatchNum(int32_t batch);
    // NORMAL layout: batchA [m, k] and batchB [k, n] matrices; sets the shape to (m, n, k).
    int32_t SetBatchInfoForNormal(int32_t batchA, int32_t batchB, int32_t m, int32_t n, int32_t k);

    virtual int64_t GetTiling(optiling::TCubeTiling& tiling) = 0;
    virtual int64_t GetTiling(AscendC::tiling::TCubeTiling& tiling) = 0;

    int32_t GetBaseM() const { return result_.baseM; }
    int32_t GetBaseN() const { return result_.baseN; }
    int32_t GetBaseK() const { return result_.baseK; }

protected:
    // Fills result_ for the m x n x k product computed as `dim` single-core blocks of
    // singleM x singleN x singleK; false when nothing fits.
    bool Compute(int32_t dim, int32_t m, int32_t n, int32_t k, int32_t singleM, int32_t singleN, int32_t singleK);
    int64_t Publish(optiling::TCubeTiling& tiling) const;
    int64_t Publish(AscendC::tiling::TCubeTiling& tiling) const;

    MatmulType aType_, bType_, cType_, biasType_;
    int32_t orgM_ = -1, orgN_ = -1, orgKa_ = -1, orgKb_ = -1;
    int32_t m_ = -1, n_ = -1, k_ = -1;
    bool isBias_ = false;
    MatrixTraverse traverse_ = MatrixTraverse::NOSET;
    int32_t fixBaseM_ = -1, fixBaseN_ = -1, fixBaseK_ = -1;
    uint64_t l1Size_ = 0, l0aSize_ = 0, l0bSize_ = 0, l0cSize_ = 0, ubSize_ = 0, btSize_ = 0;
    uint64_t l1Limit_ = 0, l0cLimit_ = 0, btLimit_ = 0;
    int32_t coreNum_ = 1;
    DequantType dequantType_ = DequantType::SCALAR;
    int32_t aLayout_[5] = {}, bLayout_[5] = {}, cLayout_[5] = {};
    int32_t batchNum_ = 0;
    AscendC::tiling::TCubeTiling result_{};
};

// One core computes the whole SetShape.
class MatmulApiTiling : public MatmulApiTilingBase {
public:
    using MatmulApiTilingBase::MatmulApiTilingBase;
    int64_t GetTiling(optiling::TCubeTiling& tiling) override;
    int64_t GetTiling(AscendC::tiling::TCubeTiling& tiling) override;

private:
    bool Run();
};

// The tiling of one batch of an IterateBatch (Set*Layout / SetBatchInfoForNormal / SetBatchNum
// describe the batches): one core computes each product, as MatmulApiTiling's; the kernel spreads
// batches over cores itself, so GetCoreNum reports one core in every direction.
class BatchMatmulTiling : public MatmulApiTiling {
public:
    using MatmulApiTiling::MatmulApiTiling;
    int32_t GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim, int32_t& batchCoreM, int32_t& batchCoreN) const {
        dim = mDim = nDim = batchCoreM = batchCoreN = 1;
        return 0;
    }
};

// SetShape is split over at most SetDim cores along M and N, and along K with EnableMultiCoreSplitK.
class MultiCoreMatmulTiling : public MatmulApiTilingBase {
public:
    using MatmulApiTilingBase::MatmulApiTilingBase;
    int32_t SetDim(int32_t dim);
    // Fixes the per-core shape instead of letting the split choose it.
    int32_t SetSingleShape(int32_t singleMIn = -1, int32_t singleNIn = -1, int32_t singleKIn = -1);
    int64_t GetTiling(optiling::TCubeTiling& tiling) override;
    int64_t GetTiling(AscendC::tiling::TCubeTiling& tiling) override;
    int32_t GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim) const;
    int32_t GetSingleShape(int32_t& shapeM, int32_t& shapeN, int32_t& shapeK) const;
    // Lets the split cut K too; each core's C is then a partial sum the kernel adds into GM
    // (cleared first) with atomic add. SetSplitK is the older name.
    void EnableMultiCoreSplitK(bool flag) { splitK_ = flag; }
    void SetSplitK(bool flag) { splitK_ = flag; }

private:
    bool Run();
    bool splitK_ = false;
    int32_t dim_ = -1;
    int32_t singleM_ = -1, singleN_ = -1, singleK_ = -1;
    int32_t mDim_ = 1, nDim_ = 1, kDim_ = 1;
};

}  // namespace matmul_tiling
