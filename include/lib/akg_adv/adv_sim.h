// The interface between the high-level element-wise API headers and the simulator runtime
// (libakg_sim, src/sim/adv_math.cpp). Every call of Tanh, Sigmoid, Power, ... becomes one
// AdvCall, which the runtime describes as one vector-pipe instruction, checks (operands and the
// temporary space), and computes.
#pragma once

#include <cstdint>

#include "akg/sim/sim.h"
#include "lib/akg_adv/adv_tmp_rules.h"

namespace akg::sim {

struct AdvCall {
    adv::Op op = adv::Op::Count;
    const char* api = "";
    DType type = DType::F32;     // element type of dst (and of every source except Axpy's)
    DType srcType = DType::F32;  // Axpy: element type of src and the scalar
    void* dst = nullptr;
    const void* src0 = nullptr;
    const void* src1 = nullptr;
    uint64_t count = 0;
    // The caller's sharedTmpBuffer, or (sharedTmp = false) space the API takes from the
    // unallocated end of UB, as CANN's implementation pops it from its stack buffer.
    bool sharedTmp = false;
    void* tmp = nullptr;
    uint64_t tmpBytes = 0;
    double scalar = 0;  // Power/ClampMax/ClampMin/Swish/SwiGLU/Axpy scalar, as the API's type holds it
    bool isReuseSource = false;
    bool highPrecision = false;
    bool highPerformance = false;
    uint8_t taylorExpandLevel = 0;
    bool v200 = false;  // Atlas inference AI Core (__CCE_AICORE__ == 200) temporary-space rules
    const void* caller = nullptr;
};

void AdvRun(const AdvCall& call);

}  // namespace akg::sim
