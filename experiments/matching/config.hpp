// The parameters of the matching experiments (experiments.hpp) and what they fill: the batch and
// objective (Config, mm::Policy), the matchers to compare and the limits handed to them.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "model/matching/matching.hpp"
#include "schedulers/resource_matcher.hpp"

namespace arsim::experiments::matching {

namespace mm = model::matching;

struct Config {
  int jobs = 10;
  double complexity = 0.1;
  int per_type = 50;
  mm::Policy policy;
  std::vector<std::string> matchers;
  std::map<std::string, std::map<std::string, std::string>> params;  // per matcher
};

// The matchers to run and the limits handed to them (config_from turns them into Config).
struct MatcherOptions {
  std::string matchers;  // each experiment's own default
  double lp_time_limit = 0;
  int ea_max_iterations = 1000;
  int ea_stall_iterations = 500;
  int hybrid_max_iterations = 100;
  int hybrid_stall_iterations = 50;
  int lns_max_iterations = 1000;
  int lns_stall_iterations = 100;
  int max_solutions = 50;  // matching-anytime only
};

// A matcher of the `matchers` list: a registered name or the alias lp-glpk (lp on GLPK), then
// ":key=value" overrides of its parameters, e.g. hybrid:partials=one:population=4:explore=1.
struct MatcherSpec {
  std::string name;
  std::map<std::string, std::string> params;
};

// The declarations of both experiments, the list of matchers defaulting to `d.matchers`
// (matching-anytime adds max_solutions).
std::vector<schedulers::ParamSpec> specs(const MatcherOptions& d);
MatcherOptions listing(std::string matchers);

// The matcher `token` with its parameters: those of `c` for its name, then its overrides.
MatcherSpec parse_matcher(const std::string& token, const Config& c,
                          const schedulers::MatcherRegistry& registry);

// Config from the parameters; every listed matcher is created once to check it (ParamError).
Config config_from(const schedulers::Params& p, const schedulers::MatcherRegistry& registry);

}  // namespace arsim::experiments::matching
