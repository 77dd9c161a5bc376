// Configuration types of the high-level math APIs (template arguments of Tanh, Atan, Cos, Sin,
// Erf, Fmod and Power). On Atlas A2/A3 the algorithm choice is accepted and has no effect: the
// documentation reserves it for Ascend 950; the simulator computes every variant to the precision
// of the element type.
#pragma once

#include <cstdint>

namespace AscendC {

enum class TanhAlgo {
    INTRINSIC = 0,
    SUBSECTION_COMPENSATION,
};
struct TanhConfig {
    TanhAlgo algo = TanhAlgo::INTRINSIC;
};
inline constexpr TanhConfig DEFAULT_TANH_CONFIG = {};

enum class AtanAlgo {
    TAYLOR_EXPANSION = 0,
    POLYNOMIAL_APPROXIMATION,
};
struct AtanConfig {
    AtanAlgo algo = AtanAlgo::TAYLOR_EXPANSION;
};
inline constexpr AtanConfig defaultAtanConfig = {};

enum class CosAlgo {
    POLYNOMIAL_APPROXIMATION = 0,
    RADIAN_REDUCTION,
};
struct CosConfig {
    CosAlgo algo = CosAlgo::POLYNOMIAL_APPROXIMATION;
};
inline constexpr CosConfig defaultCosConfig = {};

enum class SinAlgo {
    POLYNOMIAL_APPROXIMATION = 0,
    RADIAN_REDUCTION,
};
struct SinConfig {
    SinAlgo algo = SinAlgo::POLYNOMIAL_APPROXIMATION;
};
inline constexpr SinConfig defaultSinConfig = {};

enum class ErfAlgo {
    PADE_APPROXIMATION = 0,
    SUBSECTION_POLYNOMIAL_APPROXIMATION,
};
struct ErfConfig {
    ErfAlgo algo = ErfAlgo::PADE_APPROXIMATION;
};
inline constexpr ErfConfig defaultErfConfig = {};

constexpr uint32_t FMOD_ITERATION_NUM_MAX = 11;
enum class FmodAlgo {
    NORMAL = 0,
    ITERATION_COMPENSATION = 1,
};
struct FmodConfig {
    FmodAlgo algo = FmodAlgo::NORMAL;
    uint32_t iterationNum = FMOD_ITERATION_NUM_MAX;
};
inline constexpr FmodConfig DEFAULT_FMOD_CONFIG = {};

enum class PowerAlgo {
    INTRINSIC = 0,
    DOUBLE_FLOAT_TECH,
};
struct PowerConfig {
    PowerAlgo algo = PowerAlgo::INTRINSIC;
};
inline constexpr PowerConfig defaultPowerConfig = {};

}  // namespace AscendC
