// The Matmul library's interface to the simulator (libakg_sim). The Matmul object (lib/matmul/
// matmul.h) keeps the API state; each base block it computes is one call here, which records the
// block's L1 / L0 traffic and cube work as instructions and applies the arithmetic.
#pragma once

#include <cstdint>

#include "akg/sim/sim.h"

namespace akg::sim {

// One operand of the product as the kernel gave it: where it lives and how it is stored.
struct MatmulOperand {
    const uint8_t* data = nullptr;  // element (0, 0) of this core's matrix
    Mem mem = Mem::GM;
    bool trans = false;             // stored transposed ([K, M] for A, [N, K] for B)
    bool set = false;
    // NZ: the stored matrix is column blocks of 32 bytes, each `ld` rows (rounded up to 16) deep.
    bool nz = false;
    // ND: elements between stored rows; NZ: stored rows. 0: from the org shape (SetOrgShape), whose
    // rows are rounded up to 32 bytes for an operand in UB.
    int64_t ld = 0;
};

// Everything one base block needs. The Matmul object owns it; the simulator keeps L1 residency
// (which A / B panel is already in L1) in it between blocks.
struct MatmulRun {
    DType aType = DType::F16, bType = DType::F16, cType = DType::F32, biasType = DType::F32;
    MatmulOperand a, b, bias;
    bool biasEnabled = false;
    // Row lengths of the stored matrices (SetOrgShape): A is [orgM, orgKa], B [orgKb, orgN].
    int32_t orgM = 0, orgN = 0, orgKa = 0, orgKb = 0;
    int32_t singleM = 0, singleN = 0, singleK = 0;
    int32_t baseM = 0, baseN = 0, baseK = 0;
    int32_t stepKa = 1, stepKb = 1;
    // The library's buffers, placed by TPipe::InitBuffer at Init.
    uint8_t* l1A = nullptr;
    uint8_t* l1B = nullptr;
    uint8_t* l1Bias = nullptr;
    uint8_t* l0A = nullptr;
    uint8_t* l0B = nullptr;
    uint8_t* l0C = nullptr;
    // L0C holds the block in the cube's NZ layout (C in CO1, the kernel's own L0C tensor) rather
    // than as rows of baseN accumulators (the library's L0C, which its fixpipe step reads).
    bool l0cNz = false;
    // The A row block / B column block resident in L1 (-1: none), when the whole K fits there.
    int32_t residentA = -1, residentB = -1;
    // Quantised output (SetQuantScalar / SetQuantVector): the fixpipe's QuantMode_t (0: none), its
    // scalar parameter, or the per-column parameters (uint64_t) and their copy in L1.
    uint8_t quantMode = 0;
    uint64_t quantScalar = 0;
    const uint8_t* quantVector = nullptr;  // element 0 of this core's columns (GM or L1)
    uint8_t* l1Quant = nullptr;            // their copy in L1 when quantVector is in GM
};

// Ends the kernel on an AIC of a mixed launch: after REGIST_MATMUL_OBJ the cube core executes
// none of the kernel's own code, only the Matmul work its vector cores ask for (which the
// simulator runs on the calling vector core).
void MatmulRegistered();
// The same for an object in CANN's default MIX mode (ASCENDC_CUBE_ONLY not defined before
// lib/matmul_intf.h): the vector cores drive it, so a kernel that registers one is a mixed
// (MIX_AIC_1_2) kernel even without vector instructions of its own (src/sim/kernel_type.cpp).
void MatmulMixRegistered();

// SetQuantVector with the parameters in GM: copies those of block column nIdx into L1 (MTE2),
// where the fixpipe reads them (parameters given in L1 are read there).
void MatmulLoadQuantVector(const MatmulRun& run, int32_t nIdx, const void* caller);

// Computes C block (mIdx, nIdx) of the single-core problem into L0C (float, or int32 for int8
// inputs; baseM x baseN row-major). `accumulate` adds to what L0C holds (Iterate's enPartialSum).
// `kBlock` >= 0 computes that base K block alone (isPartialOutput), else the whole single-core K.
void MatmulComputeBlock(MatmulRun& run, int32_t mIdx, int32_t nIdx, bool accumulate, const void* caller,
                        int32_t kBlock = -1);

// Moves block (mIdx, nIdx) from L0C to `dst` (GM or UB), converted to the C type (quantised when
// run.quantMode is set), rows `dstRowStride` elements apart. enAtomic: 0 store (or the core's
// atomic mode), 1 add, 2 max, 3 min. `padRows` (C format ND_ALIGN) writes each row up to whole
// 32 bytes, zeros past the block's columns.
void MatmulStoreBlock(const MatmulRun& run, int32_t mIdx, int32_t nIdx, Mem dstMem, uint8_t* dst,
                      int64_t dstRowStride, uint8_t enAtomic, const void* caller, bool padRows = false);

}  // namespace akg::sim
