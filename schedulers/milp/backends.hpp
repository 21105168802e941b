// Internal: the two solver back-ends behind milp::solve, and what the two CBC paths share. Not
// installed for planners; they use solve.hpp.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "schedulers/milp/model.hpp"
#include "schedulers/milp/solve.hpp"

class CbcModel;
class OsiClpSolverInterface;

namespace arsim::schedulers::milp::detail {

// The model loaded into a Clp-based Osi solver (integrality, objective sense), silenced.
std::unique_ptr<OsiClpSolverInterface> to_osi(const Model& model);
// Every message handler of the solver and of the Clp model inside it at log level 0.
void silence(OsiClpSolverInterface& solver);
// The Result of a finished CbcModel search (either path), before milp::solve adds the time.
Result read_cbc_result(const CbcModel& cbc, const Model& model, const SolveOptions& options);

// CBC: the direct CbcModel path when options.cbc_args are the direct settings (kCbcDirectArgs),
// else CBC's command-line driver (cbc_driver.cpp).
Result solve_cbc(const Model& model, const SolveOptions& options);
Result solve_cbc_driver(const Model& model, const SolveOptions& options);
Result solve_glpk(const Model& model, const SolveOptions& options);
void check_cbc_args(const std::vector<std::string>& args);

}  // namespace arsim::schedulers::milp::detail
