#include "serve/rewards.h"

#include <algorithm>

namespace akg::serve {

using nlohmann::json;

namespace {

bool StartsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

std::string RewardTier(const json& v) {
    const std::string cls = v.value("class", std::string());
    if (StartsWith(cls, "anticheat.") || cls == "sandbox_violation") return "hostile";
    if (StartsWith(cls, "gen.")) return "no_code";
    if (!v.value("compiled", false)) return "compile_failure";
    if (!v.value("passed", false)) return "compiled";
    return v.value("speedup", json()).is_number() ? "faster" : "correct";
}

double RewardOf(const RewardConfig& c, const json& v) {
    const std::string tier = RewardTier(v);
    if (tier == "hostile") return c.hostile;
    if (tier == "no_code") return c.noCode;
    if (tier == "compile_failure") return c.compileFailure;
    if (tier == "compiled") return c.compiled;
    double reward = c.correct;
    if (tier == "faster") {
        const double speedup = v.at("speedup").get<double>();
        for (const SpeedupTier& t : c.speedupTiers)
            if (speedup >= t.atLeast) reward = t.reward;
    }
    return reward;
}

json ToJson(const RewardConfig& c) {
    json tiers = json::array();
    for (auto& t : c.speedupTiers) tiers.push_back({{"at_least", t.atLeast}, {"reward", t.reward}});
    return {{"hostile", c.hostile},   {"no_code", c.noCode}, {"compile_failure", c.compileFailure},
            {"compiled", c.compiled}, {"correct", c.correct}, {"speedup_tiers", tiers}};
}

bool ApplyRewardOverrides(const json& o, RewardConfig* c, std::string* error) {
    if (!o.is_object()) return *error = "rewards: want a JSON object", false;
    for (auto& [key, value] : o.items()) {
        double* scalar = key == "hostile"           ? &c->hostile
                         : key == "no_code"         ? &c->noCode
                         : key == "compile_failure" ? &c->compileFailure
                         : key == "compiled"        ? &c->compiled
                         : key == "correct"         ? &c->correct
                                                    : nullptr;
        if (scalar) {
            if (!value.is_number()) return *error = "rewards." + key + ": want a number", false;
            *scalar = value.get<double>();
            continue;
        }
        if (key != "speedup_tiers") return *error = "rewards: unknown key '" + key + "'", false;
        if (!value.is_array()) return *error = "rewards.speedup_tiers: want an array", false;
        std::vector<SpeedupTier> tiers;
        for (auto& t : value) {
            if (!t.is_object() || !t.contains("at_least") || !t.at("at_least").is_number() || !t.contains("reward") ||
                !t.at("reward").is_number())
                return *error = "rewards.speedup_tiers: each tier wants numbers at_least and reward", false;
            tiers.push_back({t.at("at_least").get<double>(), t.at("reward").get<double>()});
        }
        std::sort(tiers.begin(), tiers.end(), [](auto& a, auto& b) { return a.atLeast < b.atLeast; });
        c->speedupTiers = tiers;
    }
    return true;
}

}  // namespace akg::serve
