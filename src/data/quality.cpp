#include "data/quality.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <unordered_map>

#include "common/sha256.h"

namespace akg::data {

namespace {

// splitmix64's finaliser: a cheap, well-mixed permutation of 64-bit values.
uint64_t Mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

bool IdentChar(unsigned char c) { return std::isalnum(c) || c == '_'; }

// Token hashes, without building the token strings; `words` (when given) flags identifiers and numbers.
std::vector<uint64_t> TokenHashes(const std::string& text, std::vector<bool>* words = nullptr) {
    std::vector<uint64_t> out;
    size_t i = 0;
    while (i < text.size()) {
        const unsigned char c = text[i];
        if (std::isspace(c)) {
            ++i;
            continue;
        }
        uint64_t h = 1469598103934665603ull;
        if (words) words->push_back(IdentChar(c));
        if (IdentChar(c)) {
            while (i < text.size() && IdentChar(text[i])) h = (h ^ (unsigned char)text[i++]) * 1099511628211ull;
        } else {
            h = (h ^ c) * 1099511628211ull;
            ++i;
        }
        out.push_back(h);
    }
    return out;
}

}  // namespace

std::string NormaliseCode(const std::string& code) {
    std::string out;
    out.reserve(code.size());
    bool pendingSpace = false;
    auto put = [&](char c) {
        if (pendingSpace && !out.empty()) out += ' ';
        pendingSpace = false;
        out += c;
    };
    for (size_t i = 0; i < code.size(); ++i) {
        const char c = code[i];
        if (c == '/' && i + 1 < code.size() && code[i + 1] == '/') {
            while (i < code.size() && code[i] != '\n') ++i;
            pendingSpace = true;
        } else if (c == '/' && i + 1 < code.size() && code[i + 1] == '*') {
            const size_t end = code.find("*/", i + 2);
            i = end == std::string::npos ? code.size() : end + 1;
            pendingSpace = true;
        } else if (c == '"' || c == '\'') {  // literals stay as written (a "//" inside one is no comment)
            put(c);
            for (++i; i < code.size() && code[i] != c; ++i) {
                out += code[i];
                if (code[i] == '\\' && i + 1 < code.size()) out += code[++i];
            }
            if (i < code.size()) out += c;
        } else if (std::isspace((unsigned char)c)) {
            pendingSpace = true;
        } else {
            put(c);
        }
    }
    return out;
}

std::string NormalisedHash(const std::map<std::string, std::string>& files) {
    Sha256 h;
    for (auto& [path, content] : files) h.Field(path).Field(NormaliseCode(content));
    return h.HexDigest();
}

std::vector<std::string> Tokens(const std::string& text) {
    std::vector<std::string> out;
    size_t i = 0;
    while (i < text.size()) {
        if (std::isspace((unsigned char)text[i])) {
            ++i;
            continue;
        }
        const size_t start = i;
        if (IdentChar(text[i]))
            while (i < text.size() && IdentChar(text[i])) ++i;
        else
            ++i;
        out.push_back(text.substr(start, i - start));
    }
    return out;
}

MinHash MinHashOf(const std::string& code) {
    MinHash sig;
    sig.fill(std::numeric_limits<uint64_t>::max());
    const std::vector<uint64_t> tokens = TokenHashes(NormaliseCode(code));
    if (tokens.size() < size_t(kShingle)) {
        uint64_t h = 0;
        for (uint64_t t : tokens) h = Mix(h ^ t);
        for (int k = 0; k < kMinHashes; ++k) sig[k] = Mix(h ^ Mix(uint64_t(k) + 1));
        return sig;
    }
    for (size_t i = 0; i + kShingle <= tokens.size(); ++i) {
        uint64_t shingle = 0;
        for (int j = 0; j < kShingle; ++j) shingle = Mix(shingle ^ tokens[i + j]);
        for (int k = 0; k < kMinHashes; ++k) sig[k] = std::min(sig[k], Mix(shingle ^ Mix(uint64_t(k) + 1)));
    }
    return sig;
}

double EstimatedJaccard(const MinHash& a, const MinHash& b) {
    int same = 0;
    for (int k = 0; k < kMinHashes; ++k) same += a[k] == b[k];
    return double(same) / kMinHashes;
}

std::vector<bool> NearDuplicates(const std::vector<MinHash>& signatures, double threshold) {
    // 16 bands of 4 rows: a pair at Jaccard 0.8 shares a band with probability 1 - (1 - 0.8^4)^16
    // > 0.999; every candidate pair is then checked on the whole signature.
    constexpr int kBands = 16, kRows = kMinHashes / kBands;
    std::vector<std::unordered_multimap<uint64_t, size_t>> buckets(kBands);
    std::vector<bool> dup(signatures.size(), false);
    for (size_t i = 0; i < signatures.size(); ++i) {
        std::vector<uint64_t> keys(kBands);
        for (int b = 0; b < kBands; ++b) {
            uint64_t h = uint64_t(b);
            for (int r = 0; r < kRows; ++r) h = Mix(h ^ signatures[i][b * kRows + r]);
            keys[b] = h;
            auto [lo, hi] = buckets[b].equal_range(h);
            for (auto it = lo; it != hi && !dup[i]; ++it)
                if (EstimatedJaccard(signatures[i], signatures[it->second]) >= threshold) dup[i] = true;
            if (dup[i]) break;
        }
        if (dup[i]) continue;  // only kept signatures stand for their group
        for (int b = 0; b < kBands; ++b) buckets[b].emplace(keys[b], i);
    }
    return dup;
}

std::vector<uint64_t> NgramHashes(const std::string& text, int n) {
    std::vector<bool> words;
    const std::vector<uint64_t> tokens = TokenHashes(text, &words);
    std::vector<uint64_t> out;
    if (n <= 0 || tokens.size() < size_t(n)) return out;
    std::vector<int> wordsBefore(tokens.size() + 1, 0);
    for (size_t i = 0; i < tokens.size(); ++i) wordsBefore[i + 1] = wordsBefore[i] + words[i];
    out.reserve(tokens.size() - n + 1);
    for (size_t i = 0; i + n <= tokens.size(); ++i) {
        // Windows of mostly punctuation (comment rulers, "} } ;") say nothing about their origin.
        if ((wordsBefore[i + n] - wordsBefore[i]) * 4 < n) continue;
        uint64_t h = uint64_t(n);
        for (int j = 0; j < n; ++j) h = Mix(h ^ tokens[i + j]);
        out.push_back(h);
    }
    return out;
}

void NgramIndex::AddText(const std::string& text) {
    for (uint64_t h : NgramHashes(text, n_)) hashes_.insert(h);
}

bool NgramIndex::SharesNgram(const std::string& text) const {
    if (hashes_.empty()) return false;
    for (uint64_t h : NgramHashes(text, n_))
        if (hashes_.count(h)) return true;
    return false;
}

bool IsValidationTask(const std::string& taskId, double validationFraction) {
    const std::string hex = Sha256Hex(taskId).substr(0, 8);
    const double x = double(std::stoul(hex, nullptr, 16)) / 4294967296.0;
    return x < validationFraction;
}

}  // namespace akg::data
