// The cost classes of the instruction tables (include/akg/sim/instr_table.h): what the cost model
// keys a vector instruction's per-repeat cycles by. Shared by the simulator's Instr and the
// platform's timing (include/akg/launch/platform.h), so it depends on nothing.
#pragma once

#include <cstddef>
#include <cstdint>

namespace akg::sim {

// How the cost model times one 256-byte repeat of an instruction: the platform's timing table
// (platforms/timing/common.json, "vector_repeat_cycles") gives cycles per class, the same key
// names as CostClassName. Folded: the instruction has already folded its steps into `repeats`
// (the advanced APIs), so each repeat is one cycle on every platform.
#define AKG_COST_CLASSES(X) X(Simple, "simple") X(Transcendental, "transcendental") X(CrossLane, "cross_lane") \
    X(Folded, "folded")

enum class CostClass : uint8_t {
#define AKG_COST_ENUM(NAME, KEY) NAME,
    AKG_COST_CLASSES(AKG_COST_ENUM)
#undef AKG_COST_ENUM
    COUNT
};

inline constexpr size_t kCostClasses = size_t(CostClass::COUNT);

constexpr const char* CostClassName(CostClass c) {
    switch (c) {
#define AKG_COST_NAME(NAME, KEY) \
    case CostClass::NAME: return KEY;
        AKG_COST_CLASSES(AKG_COST_NAME)
#undef AKG_COST_NAME
        case CostClass::COUNT: break;
    }
    return "?";
}

}  // namespace akg::sim
