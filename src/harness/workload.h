// A task's declared minimum workload (validation/workload.json): the least GM traffic, cube and
// vector work any correct kernel of the task must do for a case, written as expressions over the
// case's row of test_cases.csv / hidden_cases.csv. T_hw is computed from it when the task
// declares one, from run::MinimumWorkload (op-agnostic) otherwise. docs/tasks.md describes the
// file, docs/cost-model.md the bound.
#pragma once

#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "akg/launch/cost.h"

namespace akg::harness {

inline constexpr const char* kWorkloadFile = "validation/workload.json";

// One case row: column name -> cell text as the CSV holds it ("128", "[2, 3]", "float16", "true").
using CaseRow = std::map<std::string, std::string>;

// Evaluates a declaration (the parsed workload.json) for one row; false with `error` naming the
// field and what is wrong (unknown field, syntax, unknown column or function, a negative or
// non-finite result).
bool EvaluateWorkload(const nlohmann::json& declaration, const CaseRow& row, cost::Workload* out, std::string* error);

// The row of case `caseId` in the task's test_cases.csv or hidden_cases.csv; false when absent.
bool ReadCaseRow(const std::string& taskDir, const std::string& caseId, CaseRow* out);

// The declared workload of one case. False with `error` when the declaration is malformed or does
// not evaluate for this case; true with *declared = false when the task declares none.
bool DeclaredWorkload(const std::string& taskDir, const std::string& caseId, bool* declared, cost::Workload* out,
                      std::string* error);

// Why the task's declaration is malformed (it does not parse, or does not evaluate for one of its
// cases), or "" when it is well formed or absent. Part of harness::MalformedReason.
std::string WorkloadDeclarationProblem(const std::string& taskDir);

}  // namespace akg::harness
