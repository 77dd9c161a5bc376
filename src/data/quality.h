// Quality controls of `akgen data build` (docs/data.md, "Quality controls"): the normalised code
// hash of exact dedup, MinHash signatures of near-dup detection, the long shared n-gram test of
// decontamination, and the by-task train/validation split.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_set>
#include <vector>

namespace akg::data {

// Code with comments removed and every run of whitespace collapsed to one space, so that two
// answers differing only in layout or comments hash alike.
std::string NormaliseCode(const std::string& code);

// sha256 of the normalised files (path and content, in path order).
std::string NormalisedHash(const std::map<std::string, std::string>& files);

// Tokens of source or prose: identifiers, numbers, and single punctuation characters.
std::vector<std::string> Tokens(const std::string& text);

// MinHash over shingles of kShingle consecutive tokens; kMinHashes independent hash functions.
inline constexpr int kShingle = 5;
inline constexpr int kMinHashes = 64;
using MinHash = std::array<uint64_t, kMinHashes>;
MinHash MinHashOf(const std::string& code);
// The share of equal positions: an estimate of the shingle sets' Jaccard similarity.
double EstimatedJaccard(const MinHash& a, const MinHash& b);

// Finds near-duplicates among signatures with locality-sensitive banding (kBands bands of
// kMinHashes / kBands rows): returns, for each signature in order, whether an earlier kept one has
// an estimated Jaccard similarity of at least `threshold` with it.
std::vector<bool> NearDuplicates(const std::vector<MinHash>& signatures, double threshold);

// Hashes of every window of `n` consecutive tokens of a text in which at least a quarter of the
// tokens are identifiers or numbers.
std::vector<uint64_t> NgramHashes(const std::string& text, int n);

// A set of n-gram hashes from named evaluation sets; a text is contaminated when it shares any
// window of n tokens with them.
class NgramIndex {
public:
    explicit NgramIndex(int n) : n_(n) {}
    void AddText(const std::string& text);
    bool SharesNgram(const std::string& text) const;
    int N() const { return n_; }
    size_t Size() const { return hashes_.size(); }

private:
    int n_;
    std::unordered_set<uint64_t> hashes_;
};

// Deterministic by-task split: a task goes to validation when the first 32 bits of sha256(task id),
// read as a fraction of 2^32, fall below `validationFraction`.
bool IsValidationTask(const std::string& taskId, double validationFraction);

}  // namespace akg::data
