// The settings of a matching run read into the parameters of its parts (keys.cpp lists the
// keys). Values the schema cannot check alone become InputErrors at their key.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "schedulers/resource_matcher.hpp"
#include "sim/engine/catalog.hpp"
#include "sim/kinds/matching/background.hpp"
#include "sim/kinds/matching/cost.hpp"
#include "sim/kinds/matching/deadline.hpp"
#include "sim/kinds/matching/limits.hpp"
#include "sim/kinds/matching/output/audit.hpp"
#include "sim/kinds/matching/output/writers.hpp"
#include "sim/kinds/matching/state.hpp"
#include "sim/scenario/scenario.hpp"
#include "workloads/matching/online.hpp"

namespace arsim::kinds::matching {

// The settings of a run, one field per key of keys.cpp (the keys are bound to the fields, whose
// initializers are the keys' defaults); the functions below turn them into the parts' parameters.
struct MatchingConfig {
  std::string platform;  // platform.file (required)
  // workload.* fill workloads::matching::OnlineParams itself (online_params)
  double report_period = 60;  // providers.*
  double max_background = 0.2;
  double step = 0.05;
  std::string algorithm = "hybrid";  // matcher.*
  std::string objective = "throughput";
  double balance_weight = 0.5;
  int batch_size = 40;
  double period = 0;
  int max_attempts = 5;
  double max_wait = 3600;
  std::optional<double> deadline;  // none: no limit
  std::string on_deadline = "greedy";
  std::string time = "model";
  double seconds_per_batch = 0;
  double seconds_per_iteration = 0;
  double seconds_per_probe = 7e-6;
  double seconds_per_lp_solve = 5e-5;
  double seconds_per_lp_work = 7e-6;
  double bucket = 600;  // output.bucket
};

MatchingConfig read_config(const scenario::Settings& s);

workloads::matching::OnlineParams online_params(const scenario::Settings& s);
workloads::matching::OnlineWorkload make_workload(const scenario::Settings& s, std::uint64_t seed,
                                                  int run_index);
BackgroundParams background_params(const scenario::Settings& s);
QueuePolicy queue_policy(const scenario::Settings& s);
CostModel cost_model(const scenario::Settings& s);
model::matching::Policy match_policy(const scenario::Settings& s);
Deadline deadline(const scenario::Settings& s);
OutputOptions output_options(const scenario::Settings& s);
AuditContext audit_context(const scenario::Settings& s);
RunLimit run_limit(const scenario::Settings& s, const workloads::matching::OnlineWorkload& w);

// Refuses, at the key that decides it, a run that cannot stay within its limit of simulated time
// (limits.hpp): one bucket with more than kMaxRows rows, the last arrival (named at the key that
// binds the limit), the report period, the matcher period or the charge per batch past the limit.
void check_limits(const scenario::Settings& s, const workloads::matching::OnlineWorkload& w);

// The configured matcher with its match.* parameters. Throws an InputError at matcher.algorithm
// for an unknown name or parameter.
std::shared_ptr<schedulers::ResourceMatcher> make_matcher(const engine::Catalog& catalog,
                                                          const scenario::Settings& s);
// make_matcher, and for the literal load balance (which only some matchers solve) one call on a
// one-job instance: an InputError at matcher.objective when the matcher refuses the objective.
// For check(), before anything runs.
void check_matcher(const engine::Catalog& catalog, const scenario::Settings& s);

}  // namespace arsim::kinds::matching
