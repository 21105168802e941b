#include "experiments/matching/config.hpp"

#include <sstream>
#include <utility>

#include <fmt/format.h>

namespace arsim::experiments::matching {

using schedulers::choice;
using schedulers::field;
using schedulers::field_from;
using schedulers::Params;
using schedulers::ParamSpec;

namespace {

std::vector<std::pair<std::string, mm::Objective>> objectives() {
  std::vector<std::pair<std::string, mm::Objective>> out;
  for (const auto& name : mm::objective_names()) out.emplace_back(name, mm::parse_objective(name));
  return out;
}

// `at_least` (1 for stall counts, 0 for iteration counts) up to 2e9.
ParamSpec count(std::string name, int MatcherOptions::*member, double at_least, std::string doc) {
  return field(std::move(name), member).at_least(at_least).at_most(2e9).about(std::move(doc));
}

}  // namespace

std::vector<ParamSpec> specs(const MatcherOptions& d) {
  using O = MatcherOptions;
  return {
      field("jobs", &Config::jobs)
          .at_least(0)
          .at_most(1e6)
          .about("jobs per batch (§5.2: 10, 20, 30, 40)"),
      field("complexity", &Config::complexity)
          .at_least(0.01)
          .at_most(1)
          .about("p of §5.1: Bernoulli probability of types, attributes"),
      field("resources_per_type", &Config::per_type)
          .at_least(1)
          .at_most(1e6)
          .about("instances of each Table 1 type"),
      choice("objective", &mm::Policy::objective, objectives()).about("what the matchers maximise"),
      field("balance_weight", &mm::Policy::balance_weight)
          .at_least(0)
          .at_most(0.999)
          .about("w of load_balance (throughput + w F)"),
      field_from(d, "matchers", &O::matchers)
          .may_be_empty()
          .about("registered matchers, space-separated; lp-glpk = lp on GLPK; name:key=value:... "
                 "overrides parameters"),
      field("lp_time_limit", &O::lp_time_limit)
          .at_least(0)
          .at_most(1e9)
          .about("wall seconds per lp solve (0 = none; machine-dependent)"),
      count("ea_max_iterations", &O::ea_max_iterations, 0, "ea generations (§5.1: 1,000)"),
      count("ea_stall_iterations", &O::ea_stall_iterations, 1,
            "ea: stop after this many without improvement (§5.1: 500)"),
      count("hybrid_max_iterations", &O::hybrid_max_iterations, 0,
            "hybrid generations (§5.1: 100)"),
      count("hybrid_stall_iterations", &O::hybrid_stall_iterations, 1,
            "hybrid: stop after this many without improvement (§5.1: 50)"),
      count("lns_max_iterations", &O::lns_max_iterations, 0, "lns moves"),
      count("lns_stall_iterations", &O::lns_stall_iterations, 1,
            "lns: stop after this many moves without improvement"),
  };
}

MatcherOptions listing(std::string matchers) {
  MatcherOptions o;
  o.matchers = std::move(matchers);
  return o;
}

MatcherSpec parse_matcher(const std::string& token, const Config& c,
                          const schedulers::MatcherRegistry& registry) {
  std::istringstream in(token);
  MatcherSpec m;
  std::getline(in, m.name, ':');
  if (c.params.count(m.name)) m.params = c.params.at(m.name);
  if (m.name == "lp-glpk") m.name = "lp";
  for (std::string kv; std::getline(in, kv, ':');) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      throw schedulers::ParamError("parameter 'matchers': '" + token +
                                   "': expected name:key=value");
    m.params[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  registry.create(m.name, m.params);  // throws naming the valid names, keys and ranges
  return m;
}

Config config_from(const Params& p, const schedulers::MatcherRegistry& registry) {
  Config c = p.to<Config>();
  c.policy = p.to<mm::Policy>();
  const auto o = p.to<MatcherOptions>();
  const std::string lp_limit = fmt::format("{}", o.lp_time_limit);
  c.params["lp"] = {{"time_limit", lp_limit}};
  c.params["lp-glpk"] = {{"time_limit", lp_limit}, {"backend", "glpk"}};
  const auto limits = [](int max, int stall) {
    return std::map<std::string, std::string>{{"max_iterations", std::to_string(max)},
                                              {"stall_iterations", std::to_string(stall)}};
  };
  c.params["ea"] = limits(o.ea_max_iterations, o.ea_stall_iterations);
  c.params["hybrid"] = limits(o.hybrid_max_iterations, o.hybrid_stall_iterations);
  c.params["lns"] = limits(o.lns_max_iterations, o.lns_stall_iterations);
  std::istringstream in(o.matchers);
  for (std::string m; in >> m;) {
    parse_matcher(m, c, registry);
    c.matchers.push_back(m);
  }
  if (c.matchers.empty()) throw schedulers::ParamError("parameter 'matchers' names no matcher");
  return c;
}

}  // namespace arsim::experiments::matching
