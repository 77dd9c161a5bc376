// Shared by the Matmul library tests: a tiling as a host would write it by hand.
#pragma once

#include "lib/matmul_intf.h"

namespace akg::test {

// Base block, K steps resident in L1, double buffers; one core.
inline AscendC::tiling::TCubeTiling HandTiling(int m, int n, int k, int baseM, int baseN, int baseK, int stepK,
                                               bool bias) {
    AscendC::tiling::TCubeTiling t{};
    t.usedCoreNum = 1;
    t.M = t.singleCoreM = m;
    t.N = t.singleCoreN = n;
    t.Ka = t.Kb = t.singleCoreK = k;
    t.baseM = baseM;
    t.baseN = baseN;
    t.baseK = baseK;
    t.stepM = t.stepN = 1;
    t.stepKa = t.stepKb = stepK;
    t.depthA1 = t.depthB1 = stepK * 2;
    t.dbL0A = t.dbL0B = 2;
    t.dbL0C = 1;
    t.isBias = bias ? 1 : 0;
    return t;
}

}  // namespace akg::test
