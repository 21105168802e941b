// Internal: the two solver back-ends behind milp::solve and the CBC/Osi translation shared with
// the MPS writer. Not installed for planners; they use solve.hpp.
#pragma once

#include <memory>

#include "schedulers/milp/model.hpp"
#include "schedulers/milp/solve.hpp"

class OsiClpSolverInterface;

namespace arsim::schedulers::milp::detail {

// The model loaded into a Clp-based Osi solver (names, integrality, objective sense), silenced.
std::unique_ptr<OsiClpSolverInterface> to_osi(const Model& model);

Result solve_cbc(const Model& model, const SolveOptions& options);
Result solve_glpk(const Model& model, const SolveOptions& options);
void check_cbc_args(const std::vector<std::string>& args);

}  // namespace arsim::schedulers::milp::detail
