#include "sim/kinds/matching/config.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "sim/scenario/config.hpp"

namespace arsim::kinds::matching {

namespace mm = arsim::model::matching;

MatchingConfig read_config(const scenario::Settings& s) {
  return scenario::read_config<MatchingConfig>(s);
}

workloads::matching::OnlineParams online_params(const scenario::Settings& s) {
  return scenario::read_config<workloads::matching::OnlineParams>(s);
}

workloads::matching::OnlineWorkload make_workload(const scenario::Settings& s, std::uint64_t seed,
                                                  int run_index) {
  try {
    return workloads::matching::online_workload(online_params(s), seed,
                                                static_cast<std::uint64_t>(run_index));
  } catch (const std::invalid_argument& e) {
    s.fail_message("workload.load", e.what());
  }
}

BackgroundParams background_params(const scenario::Settings& s) {
  const MatchingConfig c = read_config(s);
  return {c.max_background, c.step};
}

QueuePolicy queue_policy(const scenario::Settings& s) {
  const MatchingConfig c = read_config(s);
  return {c.batch_size, c.max_attempts, c.max_wait};
}

CostModel cost_model(const scenario::Settings& s) {
  const MatchingConfig cfg = read_config(s);
  CostModel c;
  c.measured = cfg.time == "measured";
  c.per_batch = cfg.seconds_per_batch;
  if (!c.measured) {
    c.per_iteration = cfg.seconds_per_iteration;
    c.per_probe = cfg.seconds_per_probe;
    c.per_lp_solve = cfg.seconds_per_lp_solve;
    c.per_lp_work = cfg.seconds_per_lp_work;
  }
  return c;
}

mm::Policy match_policy(const scenario::Settings& s) {
  const MatchingConfig c = read_config(s);
  mm::Policy p;
  p.objective = mm::parse_objective(c.objective);  // schema: one of them
  p.balance_weight = c.balance_weight;
  return p;
}

Deadline deadline(const scenario::Settings& s) {
  const MatchingConfig c = read_config(s);
  Deadline d;
  if (c.deadline) d.seconds = *c.deadline;
  d.greedy = c.on_deadline == "greedy";
  return d;
}

OutputOptions output_options(const scenario::Settings& s) {
  return {read_config(s).bucket, deadline(s).set()};
}

AuditContext audit_context(const scenario::Settings& s) {
  return {read_config(s).bucket, cost_model(s), deadline(s), match_policy(s)};
}

RunLimit run_limit(const scenario::Settings& s, const workloads::matching::OnlineWorkload& w) {
  const MatchingConfig c = read_config(s);
  return matching::run_limit(w.instance, c.bucket, c.report_period);
}

void check_limits(const scenario::Settings& s, const workloads::matching::OnlineWorkload& w) {
  const MatchingConfig c = read_config(s);
  const RunLimit limit = run_limit(s, w);
  const auto params = online_params(s);
  const double v = resource_attributes(w.instance);
  if (v > kMaxRows)
    s.fail_message("workload.resources_per_type",
                   fmt::format("{:g} resource attributes: more than the 10^6 rows resources.csv "
                               "may have in one bucket",
                               v));
  double last = 0;
  for (double t : w.submit) last = std::max(last, t);
  if (last > limit.seconds)
    s.fail_message(limit.key, fmt::format("the run may last at most {:g} s of simulated time "
                                          "({}), but its last job arrives at {:g} s "
                                          "(workload.load {:g}, workload.mean_duration {:g})",
                                          limit.seconds, limit.because, last, params.load,
                                          params.mean_duration));
  auto past = [&](const std::string& key, double t, const std::string& what) {
    if (t > limit.seconds)
      s.fail_message(key, fmt::format("{} {:g} s, past the run's limit of {:g} s of simulated "
                                      "time ({})",
                                      what, t, limit.seconds, limit.because));
  };
  past("providers.period", c.report_period, "the providers would report once: every");
  past("matcher.period", c.period, "batches would start at most every");
  past("matcher.seconds_per_batch", c.seconds_per_batch, "every batch would take at least");
}

namespace {

// One resource and one job that fits it: enough to learn whether a matcher solves an objective
// (the heuristics refuse the literal load balance), before anything runs.
mm::Instance probe_instance() {
  mm::Instance inst;
  inst.types = {{"server", {"os"}, {"memory"}}};
  inst.resources = {{"r", 0, {"linux"}, {2}}};
  inst.jobs = {{"j", 1, {{0, {{0, "linux"}}, {1}}}}};
  return inst;
}

}  // namespace

std::shared_ptr<schedulers::ResourceMatcher> make_matcher(const engine::Catalog& catalog,
                                                          const scenario::Settings& s) {
  return engine::at_setting(s, "matcher.algorithm", [&] {
    const auto& registry = catalog.algorithms.matchers;
    const std::string name = read_config(s).algorithm;
    return std::shared_ptr<schedulers::ResourceMatcher>(registry.create(
        name, engine::algorithm_params(s, "matcher.param.", registry.get(name).params)));
  });
}

void check_matcher(const engine::Catalog& catalog, const scenario::Settings& s) {
  auto matcher = make_matcher(catalog, s);
  // Every matcher solves the three objectives of §3.2.3; only the literal load balance may be
  // refused (schedulers/matching/README.md), so only it costs a probe call.
  if (match_policy(s).objective != mm::Objective::LoadBalanceLiteral) return;
  try {
    matcher->match(probe_instance(), match_policy(s), 0);
  } catch (const std::invalid_argument& e) {
    s.fail_message("matcher.objective", e.what());
  }
}

}  // namespace arsim::kinds::matching
