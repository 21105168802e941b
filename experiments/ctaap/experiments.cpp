#include "experiments/ctaap/experiments.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <fmt/format.h>

#include "model/random.hpp"
#include "schedulers/ctaap/exact.hpp"
#include "schedulers/ctaap/options.hpp"

namespace arsim::experiments::ctaap {

using namespace schedulers::ctaap;
using schedulers::field_from;
using schedulers::ParamError;
using schedulers::Params;
using schedulers::ParamSpec;
namespace milp = schedulers::milp;

namespace {

std::string number(double v) {
  return fmt::format("{}", v);
}

// The parameters of the experiment, each filling a field of `d`'s type and defaulting to `d`'s
// value of it (Figs. 2 and 3 differ in their defaults only), then CTAAP-Solver's and the IP's.
std::vector<ParamSpec> experiment_specs(const ExperimentConfig& d) {
  using G = GeneratorConfig;
  const G& g = d.generator;
  std::vector<ParamSpec> specs = {
      field_from(g, "request_nodes", &G::tasks)
          .at_least(1)
          .at_most(100000)
          .about("tasks n of the request graph"),
      field_from(g, "clusters", &G::clusters)
          .at_least(1)
          .at_most(10000)
          .about("clusters m of the offer"),
      field_from(g, "request_max", &G::request_max)
          .at_least(1)
          .at_most(1e9)
          .about("request properties uniform in 1..request_max"),
      field_from(g, "offer_max", &G::offer_max)
          .at_least(1)
          .at_most(1e9)
          .about("offered properties uniform in 1..offer_max"),
      field_from(g, "capacity_min", &G::capacity_min)
          .at_least(0)
          .at_most(1e9)
          .about("cluster capacity uniform in capacity_min..capacity_max"),
      field_from(g, "capacity_max", &G::capacity_max)
          .at_least(0)
          .at_most(1e9)
          .about("upper end of the capacity range; 0 = max(1, request_nodes / 5) (Fig. 3)"),
      field_from(g, "edge_density", &G::edge_density)
          .at_least(0)
          .at_most(1)
          .about("probability that two tasks share a request edge"),
      field_from(g, "properties", &G::properties)
          .at_least(1)
          .at_most(2)
          .about("node properties compared by eq. (3): 1 = CPU, 2 = CPU and memory"),
      field_from(d, "ip", &ExperimentConfig::run_ip)
          .about("also solve the exact IP (the reference)"),
      field_from(d, "bb", &ExperimentConfig::run_bb)
          .about("also run ctaap-bb (exact.hpp), started from CTAAP's allocation"),
      field_from(d.bb, "bb_time_limit", &ExactOptions::time_limit)
          .at_least(0)
          .at_most(1e9)
          .about("seconds per ctaap-bb run (0 = none)"),
  };
  for (auto& s : solver_param_specs()) specs.push_back(s);
  for (auto& s : ip_param_specs("ip_", d.ip.time_limit)) specs.push_back(s);
  return specs;
}

// Fig. 2: n = 50, capacities 1..11, offers up to 100 (the defaults of GeneratorConfig); 2 s limits.
ExperimentConfig fig2_defaults() {
  ExperimentConfig c;
  c.ip.time_limit = c.bb.time_limit = 2;
  return c;
}

// Fig. 3: n from 10, offers up to 200, capacities 1..max(1, n / 5); 10 s limits.
ExperimentConfig fig3_defaults() {
  ExperimentConfig c;
  c.generator.tasks = 10;
  c.generator.offer_max = 200;
  c.generator.capacity_max = 0;
  c.ip.time_limit = c.bb.time_limit = 10;
  return c;
}

ExperimentConfig config_from(const Params& p, const std::string& owner) {
  ExperimentConfig c = p.to<ExperimentConfig>();
  c.generator = p.to<GeneratorConfig>();
  if (c.generator.capacity_max == 0) c.generator.capacity_max = std::max(1, c.generator.tasks / 5);
  if (c.generator.capacity_max < c.generator.capacity_min)
    throw ParamError(owner + ": parameter 'capacity_max' must be >= capacity_min");
  c.solver = solver_options_from(p);
  c.bb = p.to<ExactOptions>();
  c.ip = ip_options_from(p, "ip_", owner);
  return c;
}

// The columns of results.csv and timings.csv (experiments.hpp).
const std::vector<std::string>& columns() {
  static const std::vector<std::string> names = {"request_nodes",
                                                 "clusters",
                                                 "offer_max",
                                                 "total_capacity",
                                                 "fit_share",
                                                 "ctaap_size",
                                                 "ctaap_first_size",
                                                 "ctaap_rounds",
                                                 "ctaap_removed",
                                                 "ip_status",
                                                 "ip_size",
                                                 "ip_bound",
                                                 "bb_status",
                                                 "bb_size",
                                                 "bb_bound",
                                                 "best_size",
                                                 "bound",
                                                 "ratio",
                                                 "ip_nodes",
                                                 "ip_rows",
                                                 "bb_nodes",
                                                 "ctaap_seconds",
                                                 "ctaap_step1_seconds",
                                                 "ip_seconds",
                                                 "ip_solve_seconds",
                                                 "bb_seconds"};
  return names;
}

}  // namespace

ResultTable CtaapExperiment::run(std::uint64_t seed, int run_index) {
  auto rng = model::make_stream(seed, static_cast<std::uint64_t>(run_index), "ctaap-instance");
  const Instance inst = random_instance(config_.generator, rng);
  const SolverResult h = solve(inst, config_.solver);
  const int size = allocation_size(h.allocation);
  IpResult ip;
  if (config_.run_ip) ip = solve_ip(inst, config_.ip);
  ExactResult bb;
  if (config_.run_bb) {
    ExactOptions o = config_.bb;
    o.start = h.allocation;
    bb = solve_exact(inst, o);
  }
  const int ip_size = config_.run_ip ? allocation_size(ip.allocation) : 0;
  const int bb_size = config_.run_bb ? allocation_size(bb.allocation) : 0;
  const int best = std::max({size, ip_size, bb_size});
  // The least proven upper bound on the optimum; none (-1) without a reference.
  int bound = -1;
  if (config_.run_ip && std::isfinite(ip.bound))
    bound = std::max(best, static_cast<int>(std::floor(ip.bound + 1e-6)));
  if (config_.run_bb) bound = bound < 0 ? bb.bound : std::min(bound, bb.bound);
  ResultTable t;
  t.header = columns();
  const double h_seconds = h.step1_seconds + h.matching_seconds + h.cleanup_seconds;
  t.rows.push_back(
      {std::to_string(inst.tasks()),
       std::to_string(inst.clusters()),
       std::to_string(config_.generator.offer_max),
       std::to_string(std::accumulate(inst.capacity.begin(), inst.capacity.end(), 0)),
       fmt::format("{:.6f}", fit_share(inst)),
       std::to_string(size),
       std::to_string(h.initial_size),
       std::to_string(h.rounds),
       std::to_string(h.removed),
       config_.run_ip ? milp::to_string(ip.status) : "skipped",
       config_.run_ip ? std::to_string(ip_size) : "",
       config_.run_ip && std::isfinite(ip.bound) ? fmt::format("{:.4f}", ip.bound) : "",
       config_.run_bb ? (bb.optimal ? "optimal" : "stopped") : "skipped",
       config_.run_bb ? std::to_string(bb_size) : "",
       config_.run_bb ? std::to_string(bb.bound) : "",
       std::to_string(best),
       bound < 0 ? "" : std::to_string(bound),
       fmt::format("{:.6f}", best ? double(size) / best : 1.0),
       std::to_string(ip.nodes),
       std::to_string(ip.rows),
       std::to_string(bb.nodes),
       number(h_seconds),
       number(h.step1_seconds),
       number(ip.build_seconds + ip.solve_seconds),
       number(ip.solve_seconds),
       number(bb.seconds)});
  return t;
}

void register_experiments(ExperimentRegistry& registry) {
  registry.add({"ctaap-fig2",
                "CTAAP Fig. 2 (Kravtsov et al. §4): CTAAP-Solver's allocation size against the "
                "exact IP as the offer range grows (one instance per run)",
                experiment_specs(fig2_defaults()), [](const Params& p) {
                  return std::make_unique<CtaapExperiment>(
                      config_from(p, "experiment 'ctaap-fig2'"));
                }});
  registry.add({"ctaap-fig3",
                "CTAAP Fig. 3 (Kravtsov et al. §4): run time of CTAAP-Solver and of CBC on the "
                "exact IP as the request graph grows (one instance per run)",
                experiment_specs(fig3_defaults()), [](const Params& p) {
                  return std::make_unique<CtaapExperiment>(
                      config_from(p, "experiment 'ctaap-fig3'"));
                }});
}

}  // namespace arsim::experiments::ctaap
