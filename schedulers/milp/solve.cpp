#include "schedulers/milp/solve.hpp"

#include <chrono>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "schedulers/milp/backends.hpp"

namespace arsim::schedulers::milp {

Result solve(const Model& model, Backend backend, const SolveOptions& options) {
  if (options.time_limit < 0 || options.solution_limit < 0 || options.relative_gap < 0)
    throw std::invalid_argument("milp::solve: negative time limit, solution limit or gap");
  const auto start = std::chrono::steady_clock::now();
  Result r;
  if (model.num_vars() == 0) {  // neither solver accepts an empty problem gracefully
    const bool ok = model.max_violation({}) <= 0;
    r.status = ok ? Status::Optimal : Status::Infeasible;
    r.best_bound = ok ? 0.0 : std::nan("");
  } else {
    r = backend == Backend::Glpk ? detail::solve_glpk(model, options)
                                 : detail::solve_cbc(model, options);
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!r.has_solution()) r.values.clear();
  return r;
}

void check_cbc_args(const std::vector<std::string>& args) {
  if (args != split_words(kCbcDirectArgs)) detail::check_cbc_args(args);  // no driver otherwise
}

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

std::string to_string(Status s) {
  switch (s) {
    case Status::Optimal:
      return "optimal";
    case Status::Feasible:
      return "feasible";
    case Status::Infeasible:
      return "infeasible";
    case Status::TimeLimit:
      return "time_limit";
    case Status::Error:
      return "error";
  }
  return "?";
}

std::string to_string(Backend b) {
  return b == Backend::Glpk ? "glpk" : "cbc";
}

Backend parse_backend(const std::string& name) {
  if (name == "cbc") return Backend::Cbc;
  if (name == "glpk") return Backend::Glpk;
  throw std::invalid_argument("unknown MILP backend '" + name + "'; valid: cbc, glpk");
}

}  // namespace arsim::schedulers::milp
