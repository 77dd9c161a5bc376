#include "harness/workload.h"

#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <vector>

#include "common/tensor.h"
#include "harness/task_set.h"

namespace akg::harness {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The fields of workload.json and the Workload member each one sets.
const std::pair<const char*, int> kFields[] = {
    {"read_bytes", 0}, {"write_bytes", 1}, {"cube_flops", 2}, {"vector_elements", 3}};

std::string Trim(const std::string& s) {
    const size_t b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::optional<double> Number(const std::string& text) {
    const std::string t = Trim(text);
    if (t.empty()) return std::nullopt;
    char* end = nullptr;
    const double v = std::strtod(t.c_str(), &end);
    if (end != t.c_str() + t.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

// A list cell "[2, 3]" as numbers; a scalar number is a list of one.
std::optional<std::vector<double>> NumberList(const std::string& text) {
    const std::string t = Trim(text);
    if (auto v = Number(t)) return std::vector<double>{*v};
    if (t.size() < 2 || t.front() != '[' || t.back() != ']') return std::nullopt;
    std::vector<double> out;
    const std::string inner = Trim(t.substr(1, t.size() - 2));
    if (inner.empty()) return out;
    size_t start = 0;
    for (;;) {
        const size_t comma = inner.find(',', start);
        auto v = Number(inner.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (!v) return std::nullopt;
        out.push_back(*v);
        if (comma == std::string::npos) return out;
        start = comma + 1;
    }
}

std::optional<bool> Bool(const std::string& text) {
    std::string t = Trim(text);
    for (char& c : t) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (t == "true") return true;
    if (t == "false") return false;
    return std::nullopt;
}

// Recursive descent over  expr := term (('+'|'-') term)* ;  term := factor (('*'|'/') factor)* ;
// factor := number | column | function '(' args ')' | '(' expr ')'. The first argument of a
// function other than max/min is a column name. Throws std::runtime_error with the reason.
class Evaluator {
public:
    Evaluator(const std::string& text, const CaseRow& row) : s_(text), row_(row) {}

    double Run() {
        const double v = Expr();
        Skip();
        if (pos_ != s_.size()) Fail("unexpected '" + s_.substr(pos_, 1) + "'");
        return v;
    }

private:
    [[noreturn]] void Fail(const std::string& why) const {
        throw std::runtime_error(why + " at offset " + std::to_string(pos_));
    }
    void Skip() {
        while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    }
    bool Eat(char c) {
        Skip();
        if (pos_ < s_.size() && s_[pos_] == c) return ++pos_, true;
        return false;
    }
    void Expect(char c) {
        if (!Eat(c)) Fail(std::string("expected '") + c + "'");
    }
    std::string Name() {
        Skip();
        const size_t b = pos_;
        while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) ++pos_;
        if (b == pos_ || std::isdigit(static_cast<unsigned char>(s_[b]))) Fail("expected a name");
        return s_.substr(b, pos_ - b);
    }
    const std::string& Cell(const std::string& column) const {
        auto it = row_.find(column);
        if (it == row_.end()) throw std::runtime_error("no column '" + column + "' in the case table");
        return it->second;
    }
    std::vector<double> ListOf(const std::string& column) const {
        auto v = NumberList(Cell(column));
        if (!v) throw std::runtime_error("column '" + column + "' is not a number or a list of numbers");
        return *v;
    }

    double Expr() {
        double v = Term();
        for (;;) {
            if (Eat('+')) v += Term();
            else if (Eat('-')) v -= Term();
            else return v;
        }
    }
    double Term() {
        double v = Factor();
        for (;;) {
            if (Eat('*')) v *= Factor();
            else if (Eat('/')) {
                const double d = Factor();
                if (d == 0) Fail("division by zero");
                v /= d;
            } else {
                return v;
            }
        }
    }
    double Factor() {
        Skip();
        if (Eat('(')) {
            const double v = Expr();
            Expect(')');
            return v;
        }
        if (pos_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '.')) {
            const char* b = s_.c_str() + pos_;
            char* end = nullptr;
            const double v = std::strtod(b, &end);
            pos_ += size_t(end - b);
            return v;
        }
        const std::string name = Name();
        if (!Eat('(')) {
            auto v = Number(Cell(name));
            if (!v) throw std::runtime_error("column '" + name + "' is not a number");
            return *v;
        }
        return Call(name);
    }
    double Call(const std::string& f) {
        if (f == "max" || f == "min") {
            const double a = Expr();
            Expect(',');
            const double b = Expr();
            Expect(')');
            return f == "max" ? std::max(a, b) : std::min(a, b);
        }
        const std::string column = Name();
        double v = 0;
        if (f == "if") {
            auto cond = Bool(Cell(column));
            if (!cond) throw std::runtime_error("column '" + column + "' is not true or false");
            Expect(',');
            const double a = Expr();
            Expect(',');
            const double b = Expr();
            v = *cond ? a : b;
        } else if (f == "bytes") {
            ge::DataType t;
            if (!ParseDType(Trim(Cell(column)), &t) || DTypeBytes(t) == 0)
                throw std::runtime_error("column '" + column + "' is not a dtype");
            v = double(DTypeBytes(t));
        } else {
            const std::vector<double> list = ListOf(column);
            if (f == "prod") {
                v = 1;
                for (double x : list) v *= x;
            } else if (f == "sum") {
                for (double x : list) v += x;
            } else if (f == "len") {
                v = double(list.size());
            } else if (f == "nonzero") {
                for (double x : list) v += x != 0;
            } else if (f == "last") {
                if (list.empty()) throw std::runtime_error("column '" + column + "' is an empty list");
                v = list.back();
            } else {
                throw std::runtime_error("unknown function '" + f + "'");
            }
        }
        Expect(')');
        return v;
    }

    const std::string& s_;
    const CaseRow& row_;
    size_t pos_ = 0;
};

std::vector<std::string> Cells(const std::string& line) {
    std::vector<std::string> out;
    size_t start = 0;
    for (;;) {
        const size_t semi = line.find(';', start);
        out.push_back(Trim(line.substr(start, semi == std::string::npos ? std::string::npos : semi - start)));
        if (semi == std::string::npos) return out;
        start = semi + 1;
    }
}

// Every row of a case table (header, then one row per non-blank line; missing cells are empty).
// Without a case_id column a row's id is its number, as for the harness's case ids.
std::vector<CaseRow> ReadRows(const fs::path& csv) {
    std::vector<CaseRow> rows;
    std::ifstream f(csv);
    std::string line;
    if (!f || !std::getline(f, line)) return rows;
    const std::vector<std::string> header = Cells(line);
    while (std::getline(f, line)) {
        if (Trim(line).empty()) continue;
        const std::vector<std::string> cells = Cells(line);
        CaseRow row = {{"case_id", std::to_string(rows.size())}};
        for (size_t i = 0; i < header.size(); ++i) row[header[i]] = i < cells.size() ? cells[i] : "";
        rows.push_back(std::move(row));
    }
    return rows;
}

// The parsed declaration, nullopt when the task has none; throws with the reason when unreadable.
std::optional<json> LoadDeclaration(const std::string& taskDir) {
    const fs::path p = fs::path(taskDir) / kWorkloadFile;
    std::error_code ec;
    if (!fs::exists(p, ec)) return std::nullopt;
    std::ifstream f(p);
    json j = json::parse(f);  // throws on a syntax error
    if (!j.is_object()) throw std::runtime_error("not a JSON object");
    return j;
}

}  // namespace

bool EvaluateWorkload(const json& declaration, const CaseRow& row, cost::Workload* out, std::string* error) {
    if (!declaration.is_object() || declaration.empty()) {
        *error = "expected an object with read_bytes, write_bytes, cube_flops or vector_elements";
        return false;
    }
    double values[4] = {0, 0, 0, 0};
    for (auto& [key, value] : declaration.items()) {
        if (key == "comment") continue;  // a note for readers of the file
        int field = -1;
        for (auto& [name, index] : kFields)
            if (key == name) field = index;
        if (field < 0) {
            *error = "unknown field '" + key + "'";
            return false;
        }
        if (!value.is_string() && !value.is_number()) {
            *error = key + ": expected an expression (a string) or a number";
            return false;
        }
        try {
            const double v = value.is_number() ? value.get<double>() : Evaluator(value.get<std::string>(), row).Run();
            if (!std::isfinite(v) || v < 0) throw std::runtime_error("the value " + std::to_string(v) + " is negative or not finite");
            values[field] = v;
        } catch (const std::exception& e) {
            *error = key + ": " + e.what();
            return false;
        }
    }
    out->readBytes = uint64_t(std::llround(values[0]));
    out->writeBytes = uint64_t(std::llround(values[1]));
    out->cubeFlops = values[2];
    out->vectorElements = values[3];
    return true;
}

bool ReadCaseRow(const std::string& taskDir, const std::string& caseId, CaseRow* out) {
    for (const char* table : {"test_cases.csv", kHiddenCasesFile})
        for (CaseRow& row : ReadRows(fs::path(taskDir) / "validation" / table))
            if (row["case_id"] == caseId) return *out = std::move(row), true;
    return false;
}

bool DeclaredWorkload(const std::string& taskDir, const std::string& caseId, bool* declared, cost::Workload* out,
                      std::string* error) {
    *declared = false;
    std::optional<json> decl;
    try {
        decl = LoadDeclaration(taskDir);
    } catch (const std::exception& e) {
        *error = std::string(kWorkloadFile) + ": " + e.what();
        return false;
    }
    if (!decl) return true;
    CaseRow row;
    if (!ReadCaseRow(taskDir, caseId, &row)) {
        *error = "no case " + caseId + " in the task's case tables";
        return false;
    }
    if (!EvaluateWorkload(*decl, row, out, error)) {
        *error = std::string(kWorkloadFile) + ", case " + caseId + ": " + *error;
        return false;
    }
    *declared = true;
    return true;
}

std::string WorkloadDeclarationProblem(const std::string& taskDir) {
    std::optional<json> decl;
    try {
        decl = LoadDeclaration(taskDir);
    } catch (const std::exception& e) {
        return std::string(kWorkloadFile) + " does not parse: " + e.what();
    }
    if (!decl) return "";
    for (const char* table : {"test_cases.csv", kHiddenCasesFile})
        for (const CaseRow& row : ReadRows(fs::path(taskDir) / "validation" / table)) {
            cost::Workload w;
            std::string error;
            if (!EvaluateWorkload(*decl, row, &w, &error)) {
                auto id = row.find("case_id");
                return std::string(kWorkloadFile) + " does not evaluate for case " +
                       (id == row.end() ? "?" : id->second) + ": " + error;
            }
        }
    return "";
}

}  // namespace akg::harness
