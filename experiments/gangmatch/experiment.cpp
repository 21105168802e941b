#include "experiments/gangmatch/experiment.hpp"

#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/gangmatch/exact.hpp"

namespace arsim::experiments::gangmatch {

namespace {

using schedulers::field;
using schedulers::ParamError;
using workloads::gangmatch::Config;

// The parameters beyond the workload (Config).
struct Options {
  std::string matchers = "naive indexed dynamic clustered";
  int exact_max_jobs = 0;
};

const std::vector<std::string>& columns() {
  static const std::vector<std::string> names = {
      "matcher",         "jobs",          "workstations",  "licenses",
      "license_density", "selectivity",   "platforms",     "request_scale",
      "gangs",           "probes",        "evaluations",   "rank_evaluations",
      "docks",           "cached_probes", "memo_hits",     "aborted",
      "exact_gangs",     "check",         "match_seconds", "exact_seconds"};
  return names;
}

std::vector<schedulers::ParamSpec> specs() {
  return {
      field("jobs", &Config::jobs)
          .at_least(0)
          .at_most(1e7)
          .about("N: jobs, and as many workstations"),
      field("license_density", &Config::license_density)
          .at_least(0)
          .at_most(100)
          .about("L: licenses per job (0.5 and 1 in the paper)"),
      field("selectivity", &Config::selectivity)
          .at_least(1)
          .at_most(1e6)
          .about("S: partitions of workstations and licenses"),
      field("platforms", &Config::platforms)
          .at_least(1)
          .at_most(7)
          .about("(Arch, OpSys) pairs in use, most common first"),
      field("request_scale", &Config::request_scale)
          .at_least(1)
          .at_most(16)
          .about("jobs ask for this many times the default memory (a tighter workload)"),
      field("matchers", &Options::matchers)
          .may_be_empty()
          .about("gang matchers to run, each NAME or NAME:key=value,key=value"),
      field("exact_max_jobs", &Options::exact_max_jobs)
          .at_least(0)
          .at_most(1000)
          .about("also compute the exact optimum when jobs <= this (0 = never)"),
  };
}

}  // namespace

std::vector<MatcherSpec> parse_matchers(const std::string& text,
                                        const schedulers::GangMatcherRegistry& registry,
                                        const std::string& owner) {
  std::vector<MatcherSpec> out;
  std::istringstream in(text);
  for (std::string item; in >> item;) {
    MatcherSpec s;
    s.label = item;
    const auto colon = item.find(':');
    s.name = item.substr(0, colon);
    if (colon != std::string::npos) {
      std::istringstream kvs(item.substr(colon + 1));
      for (std::string kv; std::getline(kvs, kv, ',');) {
        const auto eq = kv.find('=');
        if (eq == std::string::npos || eq == 0)
          throw ParamError(
              fmt::format("{}: parameter 'matchers': expected NAME:key=value in "
                          "'{}', got '{}'",
                          owner, item, kv));
        s.params[kv.substr(0, eq)] = kv.substr(eq + 1);
      }
    }
    try {
      registry.validate(s.name, s.params);
    } catch (const ParamError& e) {
      throw ParamError(fmt::format("{}: parameter 'matchers': {}", owner, e.what()));
    }
    out.push_back(std::move(s));
  }
  if (out.empty())
    throw ParamError(owner + ": parameter 'matchers': expected at least one gang matcher");
  return out;
}

experiments::ResultTable GangmatchExperiment::run(std::uint64_t seed, int run_index) {
  const model::gang::GangProblem p = workloads::gangmatch::generate(workload_, seed, run_index);
  const int licenses = static_cast<int>(p.ads.size()) - 2 * workload_.jobs;
  std::string exact_gangs, exact_seconds;
  if (workload_.jobs <= exact_max_jobs_) {
    const auto e = schedulers::gangmatch::solve_exact(p);
    exact_gangs = std::to_string(e.gangs.size());
    exact_seconds = fmt::format("{}", e.seconds);
  }
  experiments::ResultTable t;
  t.header = columns();
  for (const auto& m : matchers_) {
    const schedulers::GangResult r = registry_.create(m.name, m.params)->match(p);
    if (auto e = model::gang::check_gangs(p, r.gangs))
      throw std::logic_error(fmt::format("gang matcher '{}': {}", m.label, *e));
    const auto& s = r.stats;
    t.rows.push_back({m.label,
                      std::to_string(workload_.jobs),
                      std::to_string(workload_.jobs),
                      std::to_string(licenses),
                      fmt::format("{}", workload_.license_density),
                      std::to_string(workload_.selectivity),
                      std::to_string(workload_.platforms),
                      std::to_string(workload_.request_scale),
                      std::to_string(r.gangs.size()),
                      std::to_string(s.probes),
                      std::to_string(s.evaluations),
                      std::to_string(s.rank_evaluations),
                      std::to_string(s.docks),
                      std::to_string(s.cached_probes),
                      std::to_string(s.memo_hits),
                      std::to_string(s.aborted),
                      exact_gangs,
                      "ok",
                      fmt::format("{}", s.seconds),
                      exact_seconds});
  }
  return t;
}

void register_experiments(experiments::ExperimentRegistry& registry,
                          const schedulers::GangMatcherRegistry& matchers) {
  registry.add({"gangmatch",
                "Raman et al. §6: gang matchers on N jobs, N workstations and L*N licenses in S "
                "partitions (one workload per run, one row per matcher, every gang checked)",
                specs(), [&matchers](const schedulers::Params& p) {
                  const auto o = p.to<Options>();
                  return std::make_unique<GangmatchExperiment>(
                      p.to<Config>(),
                      parse_matchers(o.matchers, matchers, "experiment 'gangmatch'"),
                      o.exact_max_jobs, matchers);
                }});
}

}  // namespace arsim::experiments::gangmatch
