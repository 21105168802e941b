// Offline experiments of Garbacki & Naik §5 (scenarios/paper/matching_*.xml):
//
// "matching-table2": one batch per run (resources of Table 1, `jobs` jobs of `complexity`, both
// from the seed and run index, workloads/matching/generator.hpp) matched by every matcher of
// `matchers` under `objective`; one row per matcher. Table 2 (execution time) and Fig. 2 (objective
// relative to the optimum) are drawn from it. Columns of results.csv: matcher, objective,
// complexity, jobs, resources, matchable (jobs with a candidate for every dependency), status,
// value, best_bound, gap ((best_bound - value) / max(1, |value|)), optimum (the best
// proven-optimal value of the run, empty if none), best_known (the best value of the run), ratio
// (value / best_known; 1 when both are 0), iterations, lp_solves, lp_nodes, work, trace_points.
// timings.csv: matcher_seconds.
//
// "matching-anytime": the same batch; ea, hybrid and lns (limits from the parameters) record
// their trace of incumbents, and CBC's incumbents are recorded by solving the complete model with
// solution limits 1, 2, ... until CBC proves the optimum. One row per trace point: matcher, point,
// work, value, best_known, ratio; timings.csv: at_seconds.
//
// Every matching is verified by model/matching/check.hpp (a violation aborts the run). Everything
// but the *_seconds columns is a function of (seed, run index) while no wall-clock limit is set.
#pragma once

#include "experiments/experiment.hpp"
#include "schedulers/resource_matcher.hpp"

namespace arsim::experiments::matching {

// Registers "matching-table2" and "matching-anytime"; both create matchers from `matchers`,
// which must outlive the experiment registry.
void register_experiments(experiments::ExperimentRegistry& registry,
                          const schedulers::MatcherRegistry& matchers);

}  // namespace arsim::experiments::matching
