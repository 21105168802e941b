#include "experiments/matching/experiments.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "experiments/matching/config.hpp"
#include "model/matching/check.hpp"
#include "workloads/matching/generator.hpp"

namespace arsim::experiments::matching {

namespace {

using experiments::ResultTable;
using schedulers::field;
using schedulers::MatchResult;
using schedulers::Params;
using schedulers::ParamSpec;

std::string num(double v) {
  return std::isnan(v) ? "" : fmt::format("{:.6f}", v);
}

mm::Instance make_instance(const Config& c, std::uint64_t seed, int run_index) {
  mm::Instance inst = workloads::matching::table1_resources(seed, run_index, c.per_type);
  workloads::matching::add_jobs(inst, seed, run_index, c.jobs, c.complexity);
  return inst;
}

MatchResult run_matcher(const schedulers::MatcherRegistry& registry, const Config& c,
                        const std::string& token, const mm::Instance& inst, std::uint64_t seed,
                        const std::map<std::string, std::string>& extra = {}) {
  MatcherSpec m = parse_matcher(token, c, registry);
  for (const auto& [k, v] : extra) m.params[k] = v;
  MatchResult r = registry.create(m.name, m.params)->match(inst, c.policy, seed);
  if (auto v = mm::check_matching(inst, r.matching, c.policy, r.objective))  // Verify
    throw std::logic_error(token + " returned an invalid matching: " + *v);
  return r;
}

int matchable(const mm::Instance& inst) {
  int n = 0;
  for (const auto& sets : mm::candidate_sets(inst))
    n += std::all_of(sets.begin(), sets.end(), [](const auto& s) { return !s.empty(); });
  return n;
}

double ratio(double value, double best) {
  return best != 0 ? value / best : 1.0;
}

class Table2 : public experiments::OfflineExperiment {
 public:
  Table2(Config c, const schedulers::MatcherRegistry& r) : c_(std::move(c)), registry_(r) {}
  ResultTable run(std::uint64_t seed, int run_index) override {
    const mm::Instance inst = make_instance(c_, seed, run_index);
    std::vector<MatchResult> results;
    double best = -1e300, optimum = std::nan("");
    for (const auto& m : c_.matchers) {
      results.push_back(run_matcher(registry_, c_, m, inst, seed + run_index));
      best = std::max(best, results.back().objective);
      if (results.back().optimal)
        optimum = std::isnan(optimum) ? results.back().objective
                                      : std::max(optimum, results.back().objective);
    }
    ResultTable t;
    t.header = {"matcher",   "objective",  "complexity",   "jobs",       "resources",
                "matchable", "status",     "value",        "best_bound", "gap",
                "optimum",   "best_known", "ratio",        "iterations", "lp_solves",
                "lp_nodes",  "work",       "trace_points", "initial",    "matcher_seconds"};
    const std::string m_count = std::to_string(matchable(inst));
    for (std::size_t i = 0; i < results.size(); ++i) {
      const MatchResult& r = results[i];
      t.rows.push_back({c_.matchers[i],
                        mm::to_string(c_.policy.objective),
                        fmt::format("{}", c_.complexity),
                        std::to_string(c_.jobs),
                        std::to_string(inst.resources.size()),
                        m_count,
                        r.status,
                        num(r.objective),
                        num(r.best_bound),
                        num(r.gap()),
                        num(optimum),
                        num(best),
                        num(ratio(r.objective, best)),
                        std::to_string(r.stats.iterations),
                        std::to_string(r.stats.lp_solves),
                        std::to_string(r.stats.lp_nodes),
                        fmt::format("{:.0f}", r.stats.work),
                        std::to_string(r.stats.trace.size()),
                        num(r.stats.trace.empty() ? std::nan("") : r.stats.trace.front().objective),
                        fmt::format("{}", r.stats.seconds)});
    }
    return t;
  }

 private:
  Config c_;
  const schedulers::MatcherRegistry& registry_;
};

// CBC's incumbents: the complete model with solution limits 1, 2, ... (each a fresh,
// deterministic solve) until CBC proves the optimum or `max_solutions` is reached.
std::vector<schedulers::MatchTracePoint> cbc_incumbents(const schedulers::MatcherRegistry& registry,
                                                        const Config& c, const mm::Instance& inst,
                                                        std::uint64_t seed, int max_solutions) {
  std::vector<schedulers::MatchTracePoint> trace;
  for (int k = 1; k <= max_solutions; ++k) {
    const MatchResult r =
        run_matcher(registry, c, "lp", inst, seed,
                    {{"solution_limit", std::to_string(k)}, {"lexicographic", "false"}});
    if (r.status != "stopped" && (trace.empty() || r.objective > trace.back().objective))
      trace.push_back({r.stats.work, r.stats.seconds, r.objective});
    if (r.optimal) break;
  }
  return trace;
}

class Anytime : public experiments::OfflineExperiment {
 public:
  Anytime(Config c, const schedulers::MatcherRegistry& r, int max_solutions)
      : c_(std::move(c)), registry_(r), max_solutions_(max_solutions) {}
  ResultTable run(std::uint64_t seed, int run_index) override {
    const mm::Instance inst = make_instance(c_, seed, run_index);
    std::vector<std::pair<std::string, std::vector<schedulers::MatchTracePoint>>> traces;
    double best = -1e300;
    for (const auto& m : c_.matchers) {
      if (m == "lp") {
        traces.push_back(
            {"cbc", cbc_incumbents(registry_, c_, inst, seed + run_index, max_solutions_)});
      } else {
        traces.push_back({m, run_matcher(registry_, c_, m, inst, seed + run_index).stats.trace});
      }
      for (const auto& p : traces.back().second) best = std::max(best, p.objective);
    }
    ResultTable t;
    t.header = {"matcher", "objective", "complexity", "jobs",  "resources", "point",
                "work",    "value",     "best_known", "ratio", "at_seconds"};
    for (const auto& [name, trace] : traces)
      for (std::size_t i = 0; i < trace.size(); ++i)
        t.rows.push_back(
            {name, mm::to_string(c_.policy.objective), fmt::format("{}", c_.complexity),
             std::to_string(c_.jobs), std::to_string(inst.resources.size()), std::to_string(i),
             fmt::format("{:.0f}", trace[i].work), num(trace[i].objective), num(best),
             num(ratio(trace[i].objective, best)), fmt::format("{}", trace[i].seconds)});
    return t;
  }

 private:
  Config c_;
  const schedulers::MatcherRegistry& registry_;
  int max_solutions_;
};

}  // namespace

void register_experiments(experiments::ExperimentRegistry& registry,
                          const schedulers::MatcherRegistry& matchers) {
  registry.add({"matching-table2",
                "Garbacki & Naik Table 2 and Fig. 2: every matcher on one batch (run time, "
                "objective relative to the optimum)",
                specs(listing("lp lp-glpk ea hybrid lns")), [&matchers](const Params& p) {
                  return std::make_unique<Table2>(config_from(p, matchers), matchers);
                }});
  auto anytime = specs(listing("lp ea hybrid lns"));
  anytime.push_back(field("max_solutions", &MatcherOptions::max_solutions)
                        .at_least(1)
                        .at_most(1e6)
                        .about("CBC incumbents recorded at most"));
  registry.add({"matching-anytime",
                "Garbacki & Naik matchers anytime: incumbent objective against work and time for "
                "ea, hybrid, lns and CBC",
                anytime, [&matchers](const Params& p) {
                  return std::make_unique<Anytime>(config_from(p, matchers), matchers,
                                                   p.to<MatcherOptions>().max_solutions);
                }});
}

}  // namespace arsim::experiments::matching
