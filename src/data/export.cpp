#include "data/export.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

namespace akg::data {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

bool IsSft(const json& r) { return r.value("kind", "") != "dpo"; }

// The conversation of a supervised record: its prompt messages and the response, or a repair
// record's whole dialogue.
json Conversation(const json& r) {
    if (r.contains("messages")) return r["messages"];
    json m = r.at("prompt");
    m.push_back({{"role", "assistant"}, {"content", r.value("response", "")}});
    return m;
}

std::string SystemOf(const json& messages) {
    for (auto& m : messages)
        if (m.value("role", "") == "system") return m.value("content", "");
    return "";
}

json WithoutSystem(const json& messages) {
    json out = json::array();
    for (auto& m : messages)
        if (m.value("role", "") != "system") out.push_back(m);
    return out;
}

// alpaca: the last user turn is the instruction, earlier (user, assistant) pairs the history.
json AlpacaSft(const json& r) {
    const json conv = WithoutSystem(Conversation(r));
    json history = json::array();
    for (size_t i = 0; i + 2 < conv.size(); i += 2)
        history.push_back({conv[i].value("content", ""), conv[i + 1].value("content", "")});
    return {{"instruction", conv[conv.size() - 2].value("content", "")},
            {"input", ""},
            {"output", conv.back().value("content", "")},
            {"system", SystemOf(Conversation(r))},
            {"history", history}};
}

const std::map<std::string, std::string> kShareGptRole = {{"user", "human"}, {"assistant", "gpt"}};

json ShareGpt(const json& messages) {
    json out = json::array();
    for (auto& m : messages)
        if (m.value("role", "") != "system")
            out.push_back({{"from", kShareGptRole.at(m.value("role", "user"))}, {"value", m.value("content", "")}});
    return out;
}

json Assistant(const std::string& content) { return json::array({{{"role", "assistant"}, {"content", content}}}); }

class Writer {
public:
    Writer(const fs::path& root, ExportOutcome* out) : root_(root), out_(out) {}
    bool Write(const std::string& rel, const std::vector<json>& lines) {
        const fs::path p = root_ / rel;
        std::error_code ec;
        fs::create_directories(p.parent_path(), ec);
        std::string text;
        for (auto& l : lines) text += l.dump() + "\n";
        std::ofstream f(p, std::ios::binary);
        f << text;
        if (!f) return out_->error = "cannot write " + p.string(), false;
        out_->files.push_back(rel);
        return true;
    }
    bool WriteJson(const std::string& rel, const json& j) {
        const fs::path p = root_ / rel;
        std::error_code ec;
        fs::create_directories(p.parent_path(), ec);
        std::ofstream f(p, std::ios::binary);
        f << j.dump(2) << "\n";
        if (!f) return out_->error = "cannot write " + p.string(), false;
        out_->files.push_back(rel);
        return true;
    }

private:
    fs::path root_;
    ExportOutcome* out_;
};

using Split = std::map<std::string, std::vector<json>>;  // "train" / "validation" -> lines

template <class F>
Split Map(const std::vector<json>& records, bool (*keep)(const json&), F f) {
    Split s = {{"train", {}}, {"validation", {}}};
    for (auto& r : records)
        if (keep(r)) s[r.value("split", "train")].push_back(f(r));
    return s;
}

bool IsDpo(const json& r) { return r.value("kind", "") == "dpo"; }

bool WriteSplit(Writer& w, const std::string& stem, const Split& s) {
    for (auto& [split, lines] : s)
        if (!w.Write(stem + "_" + split + ".jsonl", lines)) return false;
    return true;
}

bool LlamaFactory(Writer& w, const std::vector<json>& records) {
    json info = json::object();
    auto entry = [&](const std::string& name, json e) {
        for (const char* split : {"train", "validation"}) {
            json x = e;
            x["file_name"] = name + "_" + split + ".jsonl";
            info[name + "_" + split] = x;
        }
    };
    if (!WriteSplit(w, "llamafactory/akg_sft_alpaca", Map(records, IsSft, AlpacaSft))) return false;
    entry("akg_sft_alpaca",
          {{"columns", {{"prompt", "instruction"}, {"query", "input"}, {"response", "output"}, {"system", "system"},
                        {"history", "history"}}}});
    if (!WriteSplit(w, "llamafactory/akg_sft_sharegpt", Map(records, IsSft, [](const json& r) {
                        const json conv = Conversation(r);
                        return json{{"conversations", ShareGpt(conv)}, {"system", SystemOf(conv)}};
                    })))
        return false;
    const json sharegptTags = {{"role_tag", "from"}, {"content_tag", "value"}, {"user_tag", "human"},
                               {"assistant_tag", "gpt"}};
    entry("akg_sft_sharegpt",
          {{"formatting", "sharegpt"}, {"columns", {{"messages", "conversations"}, {"system", "system"}}},
           {"tags", sharegptTags}});
    if (!WriteSplit(w, "llamafactory/akg_dpo_alpaca", Map(records, IsDpo, [](const json& r) {
                        const json& p = r.at("prompt");
                        return json{{"instruction", p.back().value("content", "")},
                                    {"input", ""},
                                    {"chosen", r.value("chosen", "")},
                                    {"rejected", r.value("rejected", "")},
                                    {"system", SystemOf(p)}};
                    })))
        return false;
    entry("akg_dpo_alpaca",
          {{"ranking", true},
           {"columns", {{"prompt", "instruction"}, {"query", "input"}, {"chosen", "chosen"}, {"rejected", "rejected"},
                        {"system", "system"}}}});
    if (!WriteSplit(w, "llamafactory/akg_dpo_sharegpt", Map(records, IsDpo, [](const json& r) {
                        const json& p = r.at("prompt");
                        return json{{"conversations", ShareGpt(p)},
                                    {"chosen", {{"from", "gpt"}, {"value", r.value("chosen", "")}}},
                                    {"rejected", {{"from", "gpt"}, {"value", r.value("rejected", "")}}},
                                    {"system", SystemOf(p)}};
                    })))
        return false;
    entry("akg_dpo_sharegpt",
          {{"formatting", "sharegpt"},
           {"ranking", true},
           {"columns", {{"messages", "conversations"}, {"chosen", "chosen"}, {"rejected", "rejected"}, {"system", "system"}}},
           {"tags", sharegptTags}});
    return w.WriteJson("llamafactory/dataset_info.json", info);
}

bool Trl(Writer& w, const std::vector<json>& records) {
    if (!WriteSplit(w, "trl/sft", Map(records, IsSft, [](const json& r) { return json{{"messages", Conversation(r)}}; })))
        return false;
    return WriteSplit(w, "trl/dpo", Map(records, IsDpo, [](const json& r) {
                          return json{{"prompt", r.at("prompt")},
                                      {"chosen", Assistant(r.value("chosen", ""))},
                                      {"rejected", Assistant(r.value("rejected", ""))}};
                      }));
}

// OpenRLHF's DPO reader with --apply_chat_template: chosen and rejected are whole conversations.
bool OpenRlhf(Writer& w, const std::vector<json>& records) {
    return WriteSplit(w, "openrlhf/dpo", Map(records, IsDpo, [](const json& r) {
                          json chosen = r.at("prompt"), rejected = r.at("prompt");
                          chosen.push_back({{"role", "assistant"}, {"content", r.value("chosen", "")}});
                          rejected.push_back({{"role", "assistant"}, {"content", r.value("rejected", "")}});
                          return json{{"chosen", chosen}, {"rejected", rejected}};
                      }));
}

// verl RL prompts: one per distinct (task, prompt); the reward service judges the answer by task id.
bool Verl(Writer& w, const std::vector<json>& records) {
    Split s = {{"train", {}}, {"validation", {}}};
    std::map<std::pair<std::string, std::string>, bool> seen;
    for (auto& r : records) {
        const std::string kind = r.value("kind", "");
        if (kind != "sft" && kind != "dpo") continue;  // their prompts are the tasks' first prompts
        const json& prompt = r.at("prompt");
        if (!seen.emplace(std::make_pair(r.value("task", ""), prompt.dump()), true).second) continue;
        const std::string split = r.value("split", "train");
        s[split].push_back({{"data_source", "akgen/" + r.value("task", "")},
                            {"prompt", prompt},
                            {"ability", "ascendc_kernel"},
                            {"reward_model", {{"style", "rule"}, {"ground_truth", r.value("task", "")}}},
                            {"extra_info",
                             {{"task", r.value("task", "")},
                              {"level", r.value("level", 0)},
                              {"mode", r.value("mode", "kernel")},
                              {"split", split},
                              {"index", s[split].size()}}}});
    }
    return WriteSplit(w, "verl/rl", s);
}

}  // namespace

const std::vector<std::string>& ExportFormats() {
    static const std::vector<std::string> f = {"llamafactory", "trl", "openrlhf", "verl", "all"};
    return f;
}

ExportOutcome ExportRecords(const std::vector<json>& records, const std::string& format, const std::string& outDir) {
    ExportOutcome out;
    if (std::find(ExportFormats().begin(), ExportFormats().end(), format) == ExportFormats().end())
        return out.error = "unknown export format '" + format + "' (llamafactory, trl, openrlhf, verl, all)", out;
    Writer w(outDir, &out);
    const bool all = format == "all";
    if ((all || format == "llamafactory") && !LlamaFactory(w, records)) return out;
    if ((all || format == "trl") && !Trl(w, records)) return out;
    if ((all || format == "openrlhf") && !OpenRlhf(w, records)) return out;
    if ((all || format == "verl") && !Verl(w, records)) return out;
    return out;
}

json RecordStats(const std::vector<json>& records) {
    std::map<std::string, int> kinds, splits, levels, pairs;
    std::map<std::string, std::map<std::string, int>> classes;  // role -> class -> records
    std::vector<double> lengths;
    for (auto& r : records) {
        ++kinds[r.value("kind", "")];
        ++splits[r.value("split", "")];
        ++levels[std::to_string(r.value("level", 0))];
        if (r.contains("pair")) ++pairs[r.value("pair", "")];
        for (auto& s : r.value("sources", json::array())) ++classes[s.value("role", "")][s.value("class", "")];
        size_t bytes = 0;
        for (const char* field : {"prompt", "messages"})
            if (r.contains(field))
                for (auto& m : r[field]) bytes += m.value("content", "").size();
        for (const char* field : {"response", "chosen"})
            if (r.contains(field)) bytes += r[field].get<std::string>().size();
        lengths.push_back(std::ceil(double(bytes) / 4));
    }
    std::sort(lengths.begin(), lengths.end());
    auto pct = [&](double p) -> json {
        if (lengths.empty()) return nullptr;
        return lengths[std::min(lengths.size() - 1, size_t(std::ceil(p / 100 * lengths.size())) - (p > 0 ? 1 : 0))];
    };
    return {{"records", records.size()}, {"kinds", kinds},   {"splits", splits}, {"levels", levels},
            {"pairs", pairs},            {"classes", classes},
            {"approx_tokens", {{"p50", pct(50)}, {"p90", pct(90)}, {"p99", pct(99)}, {"max", pct(100)}}}};
}

std::string FormatStats(const json& s) {
    std::string out = "records: " + s["records"].dump() + "\n";
    for (const char* group : {"kinds", "splits", "levels", "pairs"}) {
        out += std::string(group) + ":";
        for (auto& [k, v] : s[group].items()) out += " " + k + "=" + v.dump();
        out += "\n";
    }
    for (auto& [role, byClass] : s["classes"].items()) {
        out += "classes of " + role + ":";
        for (auto& [k, v] : byClass.items()) out += " " + k + "=" + v.dump();
        out += "\n";
    }
    out += "approx tokens (bytes/4):";
    for (auto& [k, v] : s["approx_tokens"].items()) out += " " + k + "=" + v.dump();
    return out + "\n";
}

}  // namespace akg::data
