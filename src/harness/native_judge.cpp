#include "harness/native_judge.h"

#include <unistd.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>

#include "common/npy.h"

namespace akg::harness {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Tolerances and bounds of akgen_checks.py (ABS_TOL, REL_TOL, STRICT_BOUNDS).
constexpr double kAbsTol = 1e-3, kRelTol = 1e-3;
struct StrictBounds {
    double mere, mare, small;
};
StrictBounds StrictBoundsOf(ge::DataType t) {
    switch (t) {
        case ge::DT_FLOAT16: return {std::ldexp(1.0, -10), std::ldexp(1.0, -7), std::ldexp(1.0, -11)};
        case ge::DT_BF16: return {std::ldexp(1.0, -7), std::ldexp(1.0, -4), std::ldexp(1.0, -8)};
        case ge::DT_DOUBLE: return {std::ldexp(1.0, -26), std::ldexp(1.0, -20), std::ldexp(1.0, -30)};
        default: return {std::ldexp(1.0, -13), std::ldexp(1.0, -10), std::ldexp(1.0, -14)};
    }
}

bool Supported(ge::DataType t) {
    switch (t) {
        case ge::DT_FLOAT: case ge::DT_DOUBLE: case ge::DT_FLOAT16: case ge::DT_BF16: case ge::DT_INT8:
        case ge::DT_UINT8: case ge::DT_INT16: case ge::DT_INT32: case ge::DT_INT64: case ge::DT_BOOL:
            return true;
        default: return false;
    }
}

bool Floating(ge::DataType t) {
    return t == ge::DT_FLOAT || t == ge::DT_DOUBLE || t == ge::DT_FLOAT16 || t == ge::DT_BF16;
}

template <typename T>
T Raw(const uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// Element `p` as torch's `.to(W)` gives it: integers convert directly (an int64 rounds once to
// float, not through double), half and bfloat16 are exact in both.
template <typename W>
W Load(ge::DataType t, const uint8_t* p) {
    switch (t) {
        case ge::DT_FLOAT: return W(Raw<float>(p));
        case ge::DT_DOUBLE: return W(Raw<double>(p));
        case ge::DT_INT8: return W(Raw<int8_t>(p));
        case ge::DT_UINT8: return W(Raw<uint8_t>(p));
        case ge::DT_INT16: return W(Raw<int16_t>(p));
        case ge::DT_INT32: return W(Raw<int32_t>(p));
        case ge::DT_INT64: return W(Raw<int64_t>(p));
        case ge::DT_BOOL: return W(p[0] != 0);
        default: return W(ReadElement(t, p));  // float16, bfloat16
    }
}

// Whether no element is inf or NaN, from the exponent bits (one pass, no conversion).
template <typename U>
bool ExponentsFinite(const uint8_t* p, size_t n, U mask) {
    for (size_t i = 0; i < n; ++i)
        if ((Raw<U>(p + i * sizeof(U)) & mask) == mask) return false;
    return true;
}
bool AllFinite(const Tensor& t) {
    const size_t n = size_t(t.Numel());
    switch (t.dtype) {
        case ge::DT_FLOAT: return ExponentsFinite<uint32_t>(t.bytes.data(), n, 0x7f800000u);
        case ge::DT_DOUBLE: return ExponentsFinite<uint64_t>(t.bytes.data(), n, 0x7ff0000000000000ull);
        case ge::DT_FLOAT16: return ExponentsFinite<uint16_t>(t.bytes.data(), n, 0x7c00);
        case ge::DT_BF16: return ExponentsFinite<uint16_t>(t.bytes.data(), n, 0x7f80);
        default: return true;
    }
}

bool SameBits(const Tensor& a, const Tensor& b) {
    return a.dtype == b.dtype && a.bytes.size() == b.bytes.size() &&
           std::memcmp(a.bytes.data(), b.bytes.data(), a.bytes.size()) == 0;
}

// Python's max(current, x): keeps `current` unless x is larger (a NaN never is).
void PyMax(double& current, double x) {
    if (x > current) current = x;
}

struct Totals {
    bool ok = true;
    double maxAbs = 0, maxRel = 0;
    int64_t mismatches = 0;
};

// default_check's element loop in the wide type W (float32 unless float64 or integers are
// involved), every operation in W as torch does it on W tensors with Python scalars.
template <typename W>
void DefaultPair(const Tensor& out, const Tensor& got, Totals& t) {
    const size_t n = size_t(out.Numel()), so = out.ElemSize(), sg = got.ElemSize();
    const W absTol = W(kAbsTol), relTol = W(kRelTol), eps = W(1e-7);
    double maxAbs = 0, maxRel = 0;
    int64_t bad = 0;
    bool finiteAll = true;
    for (size_t i = 0; i < n; ++i) {
        const W x = Load<W>(out.dtype, out.bytes.data() + i * so);
        const W y = Load<W>(got.dtype, got.bytes.data() + i * sg);
        const W absDiff = std::fabs(x - y);
        const W relDiff = absDiff / W(std::fabs(x) + eps);
        bool b = absDiff > absTol && relDiff > relTol;
        if (!std::isfinite(x) || !std::isfinite(y)) {
            finiteAll = false;
            // A non-finite element fails unless the reference holds the same (NaN with NaN).
            if (!((std::isnan(x) && std::isnan(y)) || x == y)) b = true;
        }
        bad += b;
        if (std::isfinite(absDiff) && double(absDiff) > maxAbs) maxAbs = double(absDiff);
        if (std::isfinite(relDiff) && double(relDiff) > maxRel) maxRel = double(relDiff);
    }
    if (!finiteAll) t.ok = false;
    t.mismatches += bad;
    PyMax(t.maxAbs, maxAbs);
    PyMax(t.maxRel, maxRel);
}

void DefaultRule(const std::vector<Tensor>& expected, const std::vector<Tensor>& actual, Totals& t) {
    t.ok = std::min(expected.size(), actual.size()) > 0;
    for (size_t k = 0; k < std::min(expected.size(), actual.size()); ++k) {
        const Tensor &out = expected[k], &got = actual[k];
        if (out.Numel() != got.Numel()) {
            t.ok = false;
            continue;
        }
        if (SameBits(out, got)) {  // equal values: no error; only a non-finite one fails the case
            if (Floating(out.dtype) && !AllFinite(out)) t.ok = false;
            continue;
        }
        if (out.dtype == ge::DT_DOUBLE || got.dtype == ge::DT_DOUBLE || !Floating(out.dtype))
            DefaultPair<double>(out, got, t);
        else
            DefaultPair<float>(out, got, t);
    }
    if (t.mismatches) t.ok = false;
}

void StrictRule(const std::vector<Tensor>& expected, const std::vector<Tensor>& actual, Totals& t) {
    t.ok = expected.size() == actual.size();
    for (size_t k = 0; k < std::min(expected.size(), actual.size()); ++k) {
        const Tensor &out = expected[k], &got = actual[k];
        if (out.Numel() != got.Numel()) {
            t.ok = false;
            continue;
        }
        if (SameBits(out, got)) continue;  // equal values, infinities included
        const size_t n = size_t(out.Numel()), so = out.ElemSize(), sg = got.ElemSize();
        if (!Floating(out.dtype)) {  // integers and booleans: exactly
            double maxAbs = 0;
            bool nan = false;
            for (size_t i = 0; i < n; ++i) {
                const double g = Load<double>(out.dtype, out.bytes.data() + i * so);
                const double a = Load<double>(got.dtype, got.bytes.data() + i * sg);
                t.mismatches += g != a;
                const double d = std::fabs(g - a);
                if (std::isnan(d)) nan = true;
                else if (d > maxAbs) maxAbs = d;
            }
            if (n) PyMax(t.maxAbs, nan ? std::nan("") : maxAbs);  // torch's max propagates NaN
            continue;
        }
        const StrictBounds bounds = StrictBoundsOf(out.dtype);
        long double relSum = 0;
        size_t counted = 0;
        double maxAbs = 0, maxRel = 0;
        for (size_t i = 0; i < n; ++i) {
            const double g = Load<double>(out.dtype, out.bytes.data() + i * so);
            const double a = Load<double>(got.dtype, got.bytes.data() + i * sg);
            if (!std::isfinite(g) || !std::isfinite(a)) {  // must agree exactly: NaN with NaN, inf with inf
                t.mismatches += !((std::isnan(g) && std::isnan(a)) || g == a);
                continue;
            }
            const double absErr = std::fabs(g - a);
            const double relErr = std::fabs(g) < bounds.small ? absErr : absErr / std::fabs(g);
            t.mismatches += relErr > bounds.mare;
            relSum += relErr;
            ++counted;
            if (absErr > maxAbs) maxAbs = absErr;
            if (relErr > maxRel) maxRel = relErr;
        }
        if (!counted) continue;
        if (double(relSum / (long double)counted) > bounds.mere) t.ok = false;
        PyMax(t.maxAbs, maxAbs);
        PyMax(t.maxRel, maxRel);
    }
    if (t.mismatches) t.ok = false;
}

// akgen_checks.stats' number: a float, or its repr when not finite.
json Number(double v) {
    if (std::isfinite(v)) return v;
    return std::isnan(v) ? "nan" : v > 0 ? "inf" : "-inf";
}

struct Unsupported {
    std::string why;
};

Tensor LoadTensor(const json& entry, const std::string& dir) {
    ge::DataType declared = ge::DT_UNDEFINED;
    const std::string dtype = entry.at("dtype").get<std::string>();
    if (!ParseDType(dtype, &declared)) throw Unsupported{"dtype " + dtype};
    Tensor t;
    std::string error;
    if (!ReadNpy((fs::path(dir) / entry.at("tensor").get<std::string>()).string(), &t, &error, declared))
        throw Unsupported{error};
    int64_t numel = 1;
    for (int64_t d : entry.at("shape").get<std::vector<int64_t>>()) numel *= d;
    if (!Supported(t.dtype)) throw Unsupported{"dtype " + DTypeName(t.dtype)};
    if (numel != t.Numel()) throw Unsupported{"a tensor whose shape does not match its file"};
    return t;
}

Tensor Scalar(ge::DataType dtype, double v) {
    Tensor t = Tensor::Zeros({}, dtype);
    if (dtype == ge::DT_FLOAT) {
        const float f = float(v);  // torch.as_tensor(float): float32
        std::memcpy(t.bytes.data(), &f, sizeof f);
    } else {
        t.Set(0, v);
    }
    return t;
}

// The tensors of a returned value in order, as akgen_golden.flatten: a bool, int or float
// becomes a 0-d tensor of torch's default type for it; strings and None vanish.
void Flatten(const json& v, const std::string& dir, std::vector<Tensor>& out) {
    if (v.contains("tensor")) return out.push_back(LoadTensor(v, dir));
    if (v.contains("list")) {
        for (auto& e : v.at("list")) Flatten(e, dir, out);
        return;
    }
    if (v.contains("bool")) return out.push_back(Scalar(ge::DT_BOOL, v.at("bool").get<bool>()));
    if (v.contains("int")) {
        Tensor t = Tensor::Zeros({}, ge::DT_INT64);
        const int64_t i = v.at("int").get<int64_t>();
        std::memcpy(t.bytes.data(), &i, sizeof i);
        return out.push_back(std::move(t));
    }
    if (v.contains("float")) {
        const json& f = v.at("float");
        return out.push_back(
            Scalar(ge::DT_FLOAT, f.is_string() ? std::strtod(f.get<std::string>().c_str(), nullptr) : f.get<double>()));
    }
    if (v.contains("str") || v.contains("none")) return;
    throw Unsupported{"a returned value of kind " + v.dump().substr(0, 40)};
}

json ReadJson(const fs::path& path) {
    std::ifstream f(path);
    if (!f) throw Unsupported{"cannot read " + path.string()};
    return json::parse(f);
}

}  // namespace

json JudgeStoredOutputs(const std::string& expectedDir, const std::string& returnedDir, const std::string& rule) {
    if (rule != "default" && rule != "strict") return {{"unsupported", "rule " + rule}};
    std::vector<Tensor> expected, actual;
    try {
        for (auto& e : ReadJson(fs::path(expectedDir) / "expected.json")) expected.push_back(LoadTensor(e, expectedDir));
        Flatten(ReadJson(fs::path(returnedDir) / "value.json"), returnedDir, actual);
    } catch (const Unsupported& u) {
        return {{"unsupported", u.why}};
    } catch (const std::exception& e) {
        return {{"unsupported", e.what()}};
    }
    Totals t;
    if (rule == "strict") StrictRule(expected, actual, t);
    else DefaultRule(expected, actual, t);
    json result = {{"passed", t.ok}, {"check", rule}, {"max_abs_error", Number(t.maxAbs)},
                   {"max_rel_error", Number(t.maxRel)}, {"mismatches", t.mismatches}};
    if (expected.size() != actual.size()) {
        const std::string counts = "ModelNew returned " + std::to_string(actual.size()) +
                                   " output tensor(s); the reference Model returns " + std::to_string(expected.size());
        if (!t.ok) result["error"] = counts;
        else result["note"] = counts + ": compared the first " + std::to_string(std::min(actual.size(), expected.size()));
    }
    return result;
}

void ServeNativeJudge() {
    std::string pending;
    char buf[65536];
    for (;;) {
        for (size_t nl; (nl = pending.find('\n')) != std::string::npos;) {
            json reply;
            try {
                const json req = json::parse(pending.substr(0, nl));
                reply = {{"ok", true},
                         {"result", JudgeStoredOutputs(req.at("expected_dir"), req.at("returned_dir"), req.at("rule"))},
                         {"id", req.value("id", json())}};
            } catch (const std::exception& e) {
                reply = {{"ok", false}, {"error", e.what()}};
            }
            pending.erase(0, nl + 1);
            const std::string line = reply.dump() + "\n";
            for (size_t sent = 0; sent < line.size();) {
                const ssize_t n = write(1, line.data() + sent, line.size() - sent);
                if (n <= 0) return;
                sent += size_t(n);
            }
        }
        const ssize_t n = read(0, buf, sizeof buf);
        if (n <= 0) return;
        pending.append(buf, size_t(n));
    }
}

}  // namespace akg::harness
