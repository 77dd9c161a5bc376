// The reward `akgen serve` gives a verdict (docs/serve.md, "Rewards"). The tiers follow what the
// harness decides; speedup tiers use the simulated time, which is deterministic, so the same
// candidate always earns the same reward.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace akg::serve {

struct SpeedupTier {
    double atLeast = 1;  // simulated speedup over the task's answer
    double reward = 0;
};

struct RewardConfig {
    double hostile = -1.0;         // anticheat.* and sandbox_violation: the candidate attacked the judge
    double noCode = -0.5;          // gen.*: the answer held no usable file
    double compileFailure = -0.5;  // did not build (compile.*, or the build crashed or hung)
    double compiled = -0.2;        // built, but some case failed (wrong values, crash, timeout, diagnostic)
    double correct = 0.5;          // every case passed, not faster than the answer (or not timed)
    std::vector<SpeedupTier> speedupTiers = {{1.0, 0.7}, {1.5, 0.85}, {2.0, 1.0}};  // ascending by atLeast
};

// Which tier a verdict falls in: hostile, no_code, compile_failure, compiled, correct, faster.
std::string RewardTier(const nlohmann::json& verdict);

// The reward of a verdict ({"class", "compiled", "passed", "speedup"}).
double RewardOf(const RewardConfig& config, const nlohmann::json& verdict);

// Applies the fields `overrides` sets (the keys of ToJson) on top of `config`; false with `error`
// on an unknown key or a value of the wrong type.
bool ApplyRewardOverrides(const nlohmann::json& overrides, RewardConfig* config, std::string* error);
nlohmann::json ToJson(const RewardConfig& config);

}  // namespace akg::serve
