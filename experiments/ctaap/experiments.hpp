// The offline experiments of §4: "ctaap-fig2" (success rate of CTAAP-Solver against the optimum
// as the offer range grows) and "ctaap-fig3" (run time of CTAAP-Solver and CBC as the request
// graph grows). Both are one CtaapExperiment with different defaults; each run draws one instance
// (generator.hpp) from make_stream(seed, run_index, "ctaap-instance"), solves it with CTAAP-Solver
// and with the exact IP, and returns one row.
//
// Columns of results.csv: request_nodes, clusters, offer_max, total_capacity, fit_share (share of
// task–cluster pairs satisfying eq. 3: §4's 50.5 %, ≈75 %, ≈83 %), ctaap_size, ctaap_first_size
// (size of the first matching, before the clean-up), ctaap_rounds, ctaap_removed, ip_status
// (optimal | feasible | time_limit | skipped), ip_size, ip_bound (CBC's proven upper bound),
// bb_status (optimal | stopped | skipped), bb_size, bb_bound (ctaap-bb, exact.hpp, started from
// CTAAP's allocation), best_size (the largest of the three sizes: the optimum when best_size =
// bound), bound (the least proven upper bound on the optimum, empty without a reference), ratio
// (ctaap_size / best_size, 1 when both are 0), ip_nodes, ip_rows, bb_nodes. timings.csv:
// ctaap_seconds, ctaap_step1_seconds, ip_seconds (build + solve), ip_solve_seconds, bb_seconds.
//
// Determinism: everything but the *_seconds columns is a function of (seed, run index), except
// when an IP solve or ctaap-bb stops at its time limit — then its size, bound and nodes depend on
// the machine (ip_status, bb_status say so).
#pragma once

#include "experiments/experiment.hpp"
#include "schedulers/ctaap/exact.hpp"
#include "schedulers/ctaap/generator.hpp"
#include "schedulers/ctaap/ip.hpp"
#include "schedulers/ctaap/solver.hpp"

namespace arsim::experiments::ctaap {

using schedulers::ctaap::ExactOptions;
using schedulers::ctaap::GeneratorConfig;
using schedulers::ctaap::IpOptions;
using schedulers::ctaap::SolverOptions;

struct ExperimentConfig {
  GeneratorConfig generator;  // capacity_max 0 in the parameters becomes max(1, n / 5) (Fig. 3)
  SolverOptions solver;
  bool run_ip = true;
  IpOptions ip;
  bool run_bb = true;
  ExactOptions bb;  // start: CTAAP-Solver's allocation of the same run
};

class CtaapExperiment : public OfflineExperiment {
 public:
  explicit CtaapExperiment(ExperimentConfig config) : config_(std::move(config)) {}
  ResultTable run(std::uint64_t seed, int run_index) override;

 private:
  ExperimentConfig config_;
};

// Registers "ctaap-fig2" and "ctaap-fig3".
void register_experiments(ExperimentRegistry& registry);

}  // namespace arsim::experiments::ctaap
