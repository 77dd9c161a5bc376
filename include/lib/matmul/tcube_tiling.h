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
