// Enumerations and constants shared by every Ascend C API family: memory positions, pipes,
// hardware events, rounding modes, and the fixed sizes of the vector unit.
#pragma once

#include "akg/lang/device_lang.h"

// Compiler-builtin enums of the CCE toolchain; kernels use them unqualified.
enum pipe_t : uint8_t {
    PIPE_S = 0,
    PIPE_V,
    PIPE_M,
    PIPE_MTE1,
    PIPE_MTE2,
    PIPE_MTE3,
    PIPE_ALL,
    PIPE_MTE4,
    PIPE_MTE5,
    PIPE_V2,
    PIPE_FIX,
};

enum event_t : uint8_t {
    EVENT_ID0 = 0,
    EVENT_ID1,
    EVENT_ID2,
    EVENT_ID3,
    EVENT_ID4,
    EVENT_ID5,
    EVENT_ID6,
    EVENT_ID7,
};

// Core kinds of the split AI core (arch 2201): one cube core and two vector cores per block.
enum CoreType : uint8_t { AIC = 1, AIV = 2, MIX = 3 };

namespace AscendC {

// CANN names the core kinds in both scopes (`AscendC::AIC` as template arguments).
using ::CoreType;
using ::AIC;
using ::AIV;
using ::MIX;

enum class TPosition : uint8_t {
    GM,
    A1,
    A2,
    B1,
    B2,
    C1,
    C2,
    CO1,
    CO2,
    VECIN,
    VECOUT,
    VECCALC,
    LCM = VECCALC,
    SPM,
    SHM = SPM,
    TSCM,
    C2PIPE2GM,
    C2PIPE2LOCAL,
    MAX,
};
using QuePosition = TPosition;

// SRC_DST: the DST pipe waits for the SRC pipe.
enum class HardEvent : uint8_t {
    MTE2_MTE1,
    MTE1_MTE2,
    MTE1_M,
    M_MTE1,
    MTE2_V,
    V_MTE2,
    MTE3_V,
    V_MTE3,
    M_V,
    V_M,
    V_V,
    MTE3_MTE1,
    MTE1_MTE3,
    MTE1_V,
    MTE2_M,
    M_MTE2,
    V_MTE1,
    M_FIX,
    FIX_M,
    MTE3_MTE2,
    MTE2_MTE3,
    S_V,
    V_S,
    S_MTE2,
    MTE2_S,
    S_MTE3,
    MTE3_S,
    MTE2_FIX,
    FIX_MTE2,
    FIX_S,
    M_S,
    FIX_MTE3,
    MTE1_FIX,
    FIX_MTE1,
    FIX_FIX,
    MAX,
};

enum class RoundMode : uint8_t {
    CAST_NONE = 0,
    CAST_RINT,
    CAST_FLOOR,
    CAST_CEIL,
    CAST_ROUND,
    CAST_TRUNC,
    CAST_ODD,
    CAST_HYBRID,
    // Ascend 950's register Cast: no rounding named (the conversion is exact, or the default).
    UNKNOWN,
};

enum class MaskMode : uint8_t { NORMAL = 0, COUNTER };

enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };

enum class SELMODE : uint8_t { VSEL_CMPMASK_SPR = 0, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };

enum class ReduceOrder : uint8_t { ORDER_VALUE_INDEX = 0, ORDER_INDEX_VALUE, ORDER_ONLY_VALUE, ORDER_ONLY_INDEX };

enum class CacheMode : uint8_t { CACHE_MODE_DISABLE = 0, CACHE_MODE_NORMAL, CACHE_MODE_LAST, CACHE_MODE_PERSISTENT };

using TEventID = int8_t;
using TTagType = int32_t;

// Sizes of the vector unit: a repeat reads 8 data blocks of 32 bytes.
constexpr int32_t ONE_BLK_SIZE = 32;
constexpr int32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr int32_t DEFAULT_BLK_NUM = 8;
constexpr int32_t MAX_REPEAT_TIMES = 255;
constexpr int32_t DEFAULT_REPEAT_STRIDE = 8;
constexpr int32_t DEFAULT_BLK_STRIDE = 1;
constexpr int32_t ONE_BLK_FLOAT_NUM = 8;
constexpr int32_t ONE_BLK_HALF_NUM = 16;
constexpr int32_t BRCB_BROADCAST_NUMBER = 8;

// Element sizes, the L0 fractal (16 x 16 halves) and C0 (one fractal row, 32 bytes).
constexpr int32_t B8_BYTE_SIZE = 1;
constexpr int32_t B16_BYTE_SIZE = 2;
constexpr int32_t B32_BYTE_SIZE = 4;
constexpr int32_t B64_BYTE_SIZE = 8;
constexpr int32_t HALF_FACTOR = 2;
constexpr int32_t DEFAULT_C0_SIZE = 32;
constexpr int32_t BYTE_PER_FRACTAL = 512;

// Local memory sizes as CANN's headers fix them per architecture. TOTAL_VEC_LOCAL_SIZE is what
// kernels may place in UB: the last TMP_UB_SIZE bytes from TMP_UB_OFFSET on are the toolchain's.
// (Our simulator sizes memories from the --soc platform file; these are the compile-time values.)
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
const int32_t TOTAL_VEC_LOCAL_SIZE = 248 * 1024;
const uint32_t TOTAL_UB_SIZE = 256 * 1024;
const uint32_t TMP_UB_OFFSET = 248 * 1024;
const uint32_t TOTAL_L1_SIZE = 1024 * 1024;
const uint32_t TOTAL_L0C_SIZE = 256 * 1024;
#else
const int32_t TOTAL_VEC_LOCAL_SIZE = 184 * 1024;
const uint32_t TOTAL_UB_SIZE = 192 * 1024;
const uint32_t TMP_UB_OFFSET = 184 * 1024;
const uint32_t TOTAL_L1_SIZE = 512 * 1024 - 128;  // KFC keeps the last 128 bytes of L1
const uint32_t TOTAL_L0C_SIZE = 128 * 1024;
#endif
const uint32_t TMP_UB_SIZE = 8 * 1024;
const uint32_t TOTAL_L0A_SIZE = 64 * 1024;
const uint32_t TOTAL_L0B_SIZE = 64 * 1024;
constexpr int32_t VECTOR_REG_WIDTH = 256;
constexpr int32_t B16_DATA_NUM_PER_REPEAT = 128;
constexpr int32_t B32_DATA_NUM_PER_REPEAT = 64;
constexpr int32_t ONE_BYTE_BIT_SIZE = 8;
constexpr int32_t QUE_MAX_EVENT = 8;
constexpr uint64_t MASK_PLACEHOLDER = 0;
constexpr uint64_t FULL_MASK = 0xffffffffffffffffULL;

template <typename T, typename U>
struct IsSameType {
    static constexpr bool value = false;
};
template <typename T>
struct IsSameType<T, T> {
    static constexpr bool value = true;
};

__aicore__ constexpr inline uint32_t DivCeil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
__aicore__ constexpr inline uint32_t AlignUp(uint32_t a, uint32_t b) { return DivCeil(a, b) * b; }
// The scalar forms of asc-devkit's basic_api utilities (kernels call Ceil(count, align) with
// mixed integer types, which convert to these).
__aicore__ constexpr inline uint32_t ConstCeil(uint32_t a, uint32_t b) { return DivCeil(a, b); }
__aicore__ inline uint32_t Ceil(uint32_t a, uint32_t b) { return DivCeil(a, b); }

}  // namespace AscendC
