#include "experiments/gangmatch/experiment.hpp"

#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/gangmatch/exact.hpp"

namespace arsim::experiments::gangmatch {

namespace {

using schedulers::legacy_spec;
using schedulers::ParamError;
using schedulers::ParamType;

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
  using T = ParamType;
  return {
      legacy_spec("jobs", T::Int, "1000", "N: jobs, and as many workstations", {}, 0, 10000000),
      legacy_spec("license_density", T::Double, "1", "L: licenses per job (0.5 and 1 in the paper)",
                  {}, 0, 100),
      legacy_spec("selectivity", T::Int, "1", "S: partitions of workstations and licenses", {}, 1,
                  1000000),
      legacy_spec("platforms", T::Int, "7", "(Arch, OpSys) pairs in use, most common first", {}, 1,
                  7),
      legacy_spec("request_scale", T::Int, "1",
                  "jobs ask for this many times the default memory (a tighter workload)", {}, 1,
                  16),
      legacy_spec("matchers", T::String, "naive indexed dynamic clustered",
                  "gang matchers to run, each NAME or NAME:key=value,key=value", {}),
      legacy_spec("exact_max_jobs", T::Int, "0",
                  "also compute the exact optimum when jobs <= this (0 = never)", {}, 0, 1000),
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
                  const std::string owner = "experiment 'gangmatch'";
                  workloads::gangmatch::Config c;
                  c.jobs = p.get_int("jobs");
                  c.license_density = p.get_double("license_density");
                  c.selectivity = p.get_int("selectivity");
                  c.platforms = p.get_int("platforms");
                  c.request_scale = p.get_int("request_scale");
                  return std::make_unique<GangmatchExperiment>(
                      c, parse_matchers(p.get_string("matchers"), matchers, owner),
                      p.get_int("exact_max_jobs"), matchers);
                }});
}

}  // namespace arsim::experiments::gangmatch
