// TCubeTiling, the Matmul library's tiling (CANN: kernel_tiling/kernel_tiling.h on the kernel
// side, optiling::TCubeTiling in lib/matmul/matmul_tilingdata.h on the host). One field list
// serves the plain struct, the host tiling-data class and the copy between them, so the two
// layouts cannot drift apart. Every field is an int32_t, in CANN's order.
#pragma once

#include <cstdint>

#define AKG_TCUBE_TILING_FIELDS(X)                                                                                   \
    X(usedCoreNum) X(M) X(N) X(Ka) X(Kb) X(singleCoreM) X(singleCoreN) X(singleCoreK) X(baseM) X(baseN) X(baseK)     \
    X(depthA1) X(depthB1) X(stepM) X(stepN) X(isBias) X(transLength) X(iterateOrder) X(shareMode) X(shareL1Size)      \
    X(shareL0CSize) X(shareUbSize) X(batchM) X(batchN) X(singleBatchM) X(singleBatchN) X(stepKa) X(stepKb)            \
    X(depthAL1CacheUB) X(depthBL1CacheUB) X(dbL0A) X(dbL0B) X(dbL0C) X(ALayoutInfoB) X(ALayoutInfoS) X(ALayoutInfoN) \
    X(ALayoutInfoG) X(ALayoutInfoD) X(BLayoutInfoB) X(BLayoutInfoS) X(BLayoutInfoN) X(BLayoutInfoG) X(BLayoutInfoD)  \
    X(CLayoutInfoB) X(CLayoutInfoS1) X(CLayoutInfoN) X(CLayoutInfoG) X(CLayoutInfoS2) X(BatchNum) X(mxTypePara)

namespace AscendC::tiling {

struct TCubeTiling {
#define AKG_TCUBE_PLAIN_FIELD(name) int32_t name = 0;
    AKG_TCUBE_TILING_FIELDS(AKG_TCUBE_PLAIN_FIELD)
#undef AKG_TCUBE_PLAIN_FIELD
};

}  // namespace AscendC::tiling

namespace akg::matmul {

// How many K blocks of A and of B stay in L1 (stepK, the same for both) and whether they are
// double-buffered (db 2 or 1): the whole K if it fits, else halved until the base blocks of A and
// B, times stepK and db, plus the bias row fit `l1Limit`. False when one block each does not fit.
// Shared by the host's GetTiling and the kernel's constant tiling (GetMatmulApiTiling).
struct L1Steps {
    int32_t stepK = 0;
    int32_t db = 0;
};
constexpr bool FitL1Steps(int64_t baseM, int64_t baseN, int64_t baseK, int64_t aBytes, int64_t bBytes, int64_t biasL1,
                          int32_t kIter, int64_t l1Limit, L1Steps& out) {
    int32_t stepK = kIter > 0 ? kIter : 1;
    int32_t db = 2;
    for (;;) {
        const int64_t a = baseM * baseK * aBytes * stepK * db;
        const int64_t b = baseN * baseK * bBytes * stepK * db;
        if (a + b + biasL1 <= l1Limit) break;
        if (stepK > 1) stepK = (stepK + 1) / 2;
        else if (db > 1) db = 1;
        else return false;
    }
    out.stepK = stepK;
    out.db = db;
    return true;
}

}  // namespace akg::matmul
