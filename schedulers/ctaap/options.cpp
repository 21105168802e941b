#include "schedulers/ctaap/options.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace arsim::schedulers::ctaap {

namespace {

// The compatibility held as its name: GraduatedOptions holds it as a function.
struct SolverText {
  std::string compatibility = kDefaultCompatibility;
};

}  // namespace

std::vector<ParamSpec> solver_param_specs() {
  using G = GraduatedOptions;
  return {
      field("beta0", &G::beta0)
          .at_least(1e-9)
          .at_most(1e9)
          .about("β0, first annealing parameter (§4)"),
      field("beta_f", &G::beta_f)
          .at_least(1e-9)
          .at_most(1e9)
          .about("βf, last annealing parameter (§4)"),
      field("beta_r", &G::beta_r).at_least(1.000001).at_most(1e9).about("βr, annealing rate (§4)"),
      field("i0", &G::i0).at_least(1).at_most(1e6).about("I0, iterations per β (§4)"),
      field("i1", &G::i1)
          .at_least(1)
          .at_most(1e6)
          .about("I1, normalisation sweeps per iteration (§4)"),
      field("tolerance", &G::tolerance)
          .at_least(1e-15)
          .at_most(1)
          .about("convergence: largest change of an entry of X"),
      field("compatibility", &SolverText::compatibility)
          .one_of(compatibility_names())
          .about("edge compatibility F(b, b̂) of step 1"),
      choice("q_scale", &G::q_scale, {{"none", QScale::None}, {"degree", QScale::Degree}})
          .about("none (paper) or degree: Q divided by the task's request edges"),
      field("size_bonus", &SolverOptions::size_bonus)
          .at_least(0)
          .at_most(1e9)
          .about("added to every matching weight (0 = paper)"),
      field("literal_columns", &G::literal_columns)
          .about("column divisor drops the cap-1 largest of all entries, slack included "
                 "(graduated.hpp)"),
      field("fill", &SolverOptions::fill)
          .about("after the clean-up, add tasks that fit (not in the paper)"),
  };
}

SolverOptions solver_options_from(const Params& p) {
  SolverOptions o = p.to<SolverOptions>();
  o.graduated = p.to<GraduatedOptions>();
  o.graduated.compatibility = compatibility_by_name(p.to<SolverText>().compatibility);
  if (o.graduated.beta_f < o.graduated.beta0)
    throw ParamError("ctaap: parameter 'beta_f' must be >= beta0");
  return o;
}

std::vector<ParamSpec> ip_param_specs(const std::string& prefix, double default_time_limit) {
  IpOptions d;
  d.time_limit = default_time_limit;
  return {
      choice(prefix + "backend", &IpOptions::backend,
             {{"cbc", milp::Backend::Cbc}, {"glpk", milp::Backend::Glpk}})
          .about("MILP solver of the exact IP"),
      field_from(d, prefix + "time_limit", &IpOptions::time_limit)
          .at_least(0)
          .at_most(1e9)
          .in("s")
          .about("seconds per IP solve (0 = none)"),
      choice(prefix + "linearisation", &IpOptions::linearisation,
             {{"clique", Linearisation::Clique},
              {"star", Linearisation::Star},
              {"pairwise", Linearisation::Pairwise}})
          .about("rows replacing eq. (4) (ip.hpp)"),
      words(prefix + "cbc_args", &IpOptions::cbc_args)
          .about("CBC options as on the cbc command line (empty = CBC defaults)"),
  };
}

IpOptions ip_options_from(const Params& p, const std::string& prefix, const std::string& owner) {
  IpOptions o = p.to<IpOptions>();
  try {
    milp::check_cbc_args(o.cbc_args);
  } catch (const std::invalid_argument& e) {
    throw ParamError(owner + ": parameter '" + prefix + "cbc_args': " + e.what());
  }
  return o;
}

}  // namespace arsim::schedulers::ctaap
