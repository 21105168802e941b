#include "schedulers/ctaap/options.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace arsim::schedulers::ctaap {

namespace {

ParamSpec number(std::string name, ParamType type, std::string value, std::string about, double min,
                 double max) {
  return legacy_spec(std::move(name), type, std::move(value), std::move(about), {}, min, max);
}

ParamSpec choice(std::string name, std::string value, std::string about,
                 std::vector<std::string> choices) {
  return legacy_spec(std::move(name), ParamType::String, std::move(value), std::move(about),
                     std::move(choices));
}

}  // namespace

std::vector<ParamSpec> solver_param_specs() {
  using T = ParamType;
  return {
      number("beta0", T::Double, "0.5", "β0, first annealing parameter (§4)", 1e-9, 1e9),
      number("beta_f", T::Double, "10", "βf, last annealing parameter (§4)", 1e-9, 1e9),
      number("beta_r", T::Double, "1.075", "βr, annealing rate (§4)", 1.000001, 1e9),
      number("i0", T::Int, "4", "I0, iterations per β (§4)", 1, 1e6),
      number("i1", T::Int, "30", "I1, normalisation sweeps per iteration (§4)", 1, 1e6),
      number("tolerance", T::Double, "0.001", "convergence: largest change of an entry of X", 1e-15,
             1),
      choice("compatibility", "binary", "edge compatibility F(b, b̂) of step 1",
             compatibility_names()),
      choice("q_scale", "none", "none (paper) or degree: Q divided by the task's request edges",
             {"none", "degree"}),
      number("size_bonus", T::Double, "0", "added to every matching weight (0 = paper)", 0, 1e9),
      legacy_spec(
          "literal_columns", T::Bool, "false",
          "column divisor drops the cap-1 largest of all entries, slack included (graduated.hpp)"),
      legacy_spec("fill", T::Bool, "false",
                  "after the clean-up, add tasks that fit (not in the paper)"),
  };
}

SolverOptions solver_options_from(const Params& p) {
  SolverOptions o;
  o.graduated.beta0 = p.get_double("beta0");
  o.graduated.beta_f = p.get_double("beta_f");
  o.graduated.beta_r = p.get_double("beta_r");
  o.graduated.i0 = p.get_int("i0");
  o.graduated.i1 = p.get_int("i1");
  o.graduated.tolerance = p.get_double("tolerance");
  o.graduated.compatibility = compatibility_by_name(p.get_string("compatibility"));
  o.graduated.q_scale = parse_q_scale(p.get_string("q_scale"));
  o.size_bonus = p.get_double("size_bonus");
  o.graduated.literal_columns = p.get_bool("literal_columns");
  o.fill = p.get_bool("fill");
  if (o.graduated.beta_f < o.graduated.beta0)
    throw ParamError("ctaap: parameter 'beta_f' must be >= beta0");
  return o;
}

std::vector<ParamSpec> ip_param_specs(const std::string& prefix, double default_time_limit) {
  return {
      choice(prefix + "backend", "cbc", "MILP solver of the exact IP", {"cbc", "glpk"}),
      number(prefix + "time_limit", ParamType::Double, fmt::format("{}", default_time_limit),
             "seconds per IP solve (0 = none)", 0, 1e9),
      choice(prefix + "linearisation", "clique", "rows replacing eq. (4) (ip.hpp)",
             {"clique", "star", "pairwise"}),
      legacy_spec(prefix + "cbc_args", ParamType::String, milp::kCbcDirectArgs,
                  "CBC options as on the cbc command line (empty = CBC defaults)"),
  };
}

IpOptions ip_options_from(const Params& p, const std::string& prefix, const std::string& owner) {
  IpOptions o;
  o.backend = milp::parse_backend(p.get_string(prefix + "backend"));
  o.time_limit = p.get_double(prefix + "time_limit");
  o.linearisation = parse_linearisation(p.get_string(prefix + "linearisation"));
  o.cbc_args = milp::split_words(p.get_string(prefix + "cbc_args"));
  try {
    milp::check_cbc_args(o.cbc_args);
  } catch (const std::invalid_argument& e) {
    throw ParamError(owner + ": parameter '" + prefix + "cbc_args': " + e.what());
  }
  return o;
}

}  // namespace arsim::schedulers::ctaap
