// Shared pieces of the vector instruction families beyond element-wise arithmetic (compare and
// select, reductions, gather, broadcast, index, copy, transpose): the special registers those
// instructions read and write, per-family cost classes, and small helpers.
#pragma once

#include <cstring>

#include "sim/runtime.h"
#include "sim/scalar_math.h"
#include "sim/vec_engine.h"

namespace akg::sim {

// Special registers of one core. CMPMASK (128 bits) is written by Compare-to-register and
// SetCmpMask and read by Select and GetCmpMask; ACC_VAL holds the last ReduceSum result
// (GetAccVal / GetReduceRepeatSumSpr); MAX_MIN_CNT holds the best value (low bits) and its index
// (high 32 bits) of the last WholeReduceMax/Min, ReduceMax/Min (GetReduceMaxMinCount /
// GetReduceRepeatMaxMinSpr); RSVD_CNT is the element count the last GatherMask kept. They are
// kept in a side table keyed by core index and start zeroed at every launch.
struct VecSpr {
    uint8_t cmpMask[16] = {};
    uint64_t accVal = 0;
    uint64_t maxMinCnt = 0;
    uint64_t rsvdCnt = 0;
    // VA0..VA7: the address registers of the raw vnchwconv (set_va_reg_sb), 8 UB addresses each.
    uint64_t va[8][8] = {};
    // VMS4_SR: how many records of each of the 4 lists the last MrgSort / MrgSort4 took, 16 bits
    // each from list 1 in the low bits (GetMrgSortResult).
    uint64_t vms4Sr = 0;
};
VecSpr& CurSpr();

// Cost classes of the instructions these families issue (Instr::costClass). Element-wise ops
// use their VecOp value, which stays below 64.
namespace cost {
constexpr uint8_t kCompare = 64;
constexpr uint8_t kCmpMaskReg = 65;
constexpr uint8_t kSelect = 66;
constexpr uint8_t kReduceRepeat = 67;
constexpr uint8_t kReduceBlock = 68;
constexpr uint8_t kReducePair = 69;
constexpr uint8_t kReduceAll = 70;
constexpr uint8_t kGather = 71;
constexpr uint8_t kGatherMask = 72;
constexpr uint8_t kBrcb = 73;
constexpr uint8_t kCreateVecIndex = 74;
constexpr uint8_t kCopy = 75;
constexpr uint8_t kTranspose = 76;
constexpr uint8_t kTransData5HD = 77;
constexpr uint8_t kSprRead = 78;
constexpr uint8_t kBroadcast = 79;
constexpr uint8_t kMean = 80;
constexpr uint8_t kSoftmax = 81;
constexpr uint8_t kSum = 82;
constexpr uint8_t kSelectBytesMask = 83;
constexpr uint8_t kSort = 84;
constexpr uint8_t kCumSum = 85;
constexpr uint8_t kRmsNorm = 86;
}  // namespace cost

template <typename T>
inline T LoadAs(const void* p) {
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;
}
template <typename T>
inline void StoreAs(void* p, const T& v) {
    std::memcpy(p, &v, sizeof(T));
}
template <typename T>
inline uint64_t BitsOf(const T& v) {
    uint64_t b = 0;
    std::memcpy(&b, &v, sizeof(T));
    return b;
}
template <typename T>
inline T FromBits(uint64_t b) {
    T v;
    std::memcpy(&v, &b, sizeof(T));
    return v;
}

// a + b rounded to T, as one lane of a vector add.
template <typename T>
T AddT(T a, T b) {
    return Narrow<T>(Wide<T>(Widen(a) + Widen(b)));
}

// Binary-tree sum of n values (n a power of two), rounding every partial sum to T: the order of
// the repeat reductions (vcadd) and of the high-level Sum built on them.
template <typename T>
T TreeSum(T* v, uint32_t n) {
    for (; n > 1; n /= 2)
        for (uint32_t i = 0; i < n / 2; ++i) v[i] = AddT(v[2 * i], v[2 * i + 1]);
    return v[0];
}

// A repeat-by-repeat iteration over every lane (for instructions that ignore the mask).
inline Iteration FullIteration(uint32_t lanes, uint32_t repeats) {
    Iteration it;
    it.lanes = lanes;
    it.repeats = repeats;
    it.mask[0] = lanes >= 64 ? ~0ull : ((uint64_t(1) << lanes) - 1);
    it.mask[1] = lanes > 64 ? (lanes >= 128 ? ~0ull : ((uint64_t(1) << (lanes - 64)) - 1)) : 0;
    return it;
}

// The count form as counter mode, so that LaneEnabled / LaneAddress / RepeatsOf apply.
inline void AsCounter(Iteration& it) {
    if (it.contiguous) {
        it.contiguous = false;
        it.counter = true;
    }
}

// Whether [addr, addr + bytes) lies inside the current core's unified buffer. Used before an
// instruction reads data that decides its own footprint (offsets, patterns, register-held
// addresses), so that such data is never read from outside simulated memory.
bool InUb(uintptr_t addr, uint64_t bytes);
// The current core's unified buffer [begin, end).
uintptr_t UbBegin();
uintptr_t UbEnd();

}  // namespace akg::sim
