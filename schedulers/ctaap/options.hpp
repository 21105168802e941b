// Typed parameters shared by the ctaap planners and experiments (registry ParamSpecs), and their
// conversion into SolverOptions and IpOptions.
#pragma once

#include <string>
#include <vector>

#include "schedulers/ctaap/ip.hpp"
#include "schedulers/ctaap/solver.hpp"
#include "schedulers/params.hpp"

namespace arsim::schedulers::ctaap {

// beta0, beta_f, beta_r, i0, i1 (§4's constants as defaults), tolerance, compatibility, q_scale,
// size_bonus, literal_columns, fill.
std::vector<ParamSpec> solver_param_specs();
SolverOptions solver_options_from(const Params& p);

// `prefix` + backend, time_limit, linearisation, cbc_args (e.g. prefix "ip_" in experiments).
std::vector<ParamSpec> ip_param_specs(const std::string& prefix, double default_time_limit);
IpOptions ip_options_from(const Params& p, const std::string& prefix, const std::string& owner);

}  // namespace arsim::schedulers::ctaap
