#include "sim/scalar_math.h"
#include "basic_api/kernel_operator_scalar_intf.h"

namespace akg::sim {

using AscendC::RoundMode;

long double RoundIntegral(long double x, RoundMode mode) {
    switch (mode) {
        case RoundMode::CAST_FLOOR: return std::floor(x);
        case RoundMode::CAST_CEIL: return std::ceil(x);
        case RoundMode::CAST_ROUND: return std::round(x);  // ties away from zero
        case RoundMode::CAST_TRUNC: return std::trunc(x);
        case RoundMode::CAST_ODD: {
            // Von Neumann rounding: exact values stay, inexact ones go to the odd neighbour.
            long double f = std::floor(x);
            if (f == x) return x;
            return std::fmod(f, 2.0L) != 0 ? f : f + 1;
        }
        default: return std::rint(x);  // CAST_NONE / CAST_RINT: nearest, ties to even
    }
}

long double RoundToFormat(long double x, int mantBits, int emin, long double maxFinite, RoundMode mode) {
    if (std::isnan(x) || std::isinf(x) || x == 0) return x;
    int exp = 0;
    std::frexp(x, &exp);  // x = m * 2^exp, 0.5 <= |m| < 1
    int e = exp - 1;
    int quantum = (e < emin ? emin : e) - mantBits;
    long double r = std::ldexp(RoundIntegral(std::ldexp(x, -quantum), mode), quantum);
    if (std::fabs(r) > maxFinite) {
        const long double inf = std::numeric_limits<long double>::infinity();
        bool pos = x > 0;
        switch (mode) {
            case RoundMode::CAST_TRUNC:
            case RoundMode::CAST_ODD: return pos ? maxFinite : -maxFinite;
            case RoundMode::CAST_FLOOR: return pos ? maxFinite : -inf;
            case RoundMode::CAST_CEIL: return pos ? inf : -maxFinite;
            default: return pos ? inf : -inf;
        }
    }
    return r;
}

}  // namespace akg::sim

namespace akg::sim {

double ScalarRound(double v, int kind, AscendC::RoundMode mode) {
    switch (kind) {
        case 0: return static_cast<double>(RoundFloatTo<half>(v, mode));
        case 1: return RoundToInt<int32_t>(v, mode == RoundMode::CAST_NONE ? RoundMode::CAST_RINT : mode);
        default: return static_cast<double>(float(RoundFloatTo<bfloat16_t>(v, mode)));
    }
}

}  // namespace akg::sim
