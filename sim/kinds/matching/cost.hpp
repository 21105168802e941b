// The simulated time the Resource Matcher spends on a batch. Deterministic by default: a cost
// model from the scenario over the deterministic counts every matcher reports
// (schedulers/resource_matcher.hpp): seconds per call, per iteration (EA and hybrid generations,
// LNS moves, one per exact solve), per greedy probe (one resource tested for one dependency), per
// MILP solve and per MILP work unit ((nodes + 1) x nonzeros per solve, i.e. MatchStats::work less
// the probes). Probes and MILP work differ by orders of magnitude in cost, and a solve has a fixed
// cost of its own, so each has its rate (sim/kinds/matching/README.md gives fitted values).
// Optionally the measured wall time of the call instead, which makes the whole run depend on the
// machine (run.json then says "deterministic": false).
#pragma once

#include <algorithm>

#include "schedulers/resource_matcher.hpp"

namespace arsim::kinds::matching {

struct CostModel {
  bool measured = false;
  double per_batch = 0;      // seconds per call (queue, repository query, answers); both modes
  double per_iteration = 0;  // the rest: cost model only
  double per_probe = 0;
  double per_lp_solve = 0;
  double per_lp_work = 0;

  double seconds(const schedulers::MatchStats& s) const {
    if (measured) return per_batch + s.seconds;
    const double lp_work = std::max(0.0, s.work - static_cast<double>(s.probes));
    return per_batch + per_iteration * static_cast<double>(s.iterations) +
           per_probe * static_cast<double>(s.probes) +
           per_lp_solve * static_cast<double>(s.lp_solves) + per_lp_work * lp_work;
  }
  bool valid() const {
    return per_batch >= 0 && per_iteration >= 0 && per_probe >= 0 && per_lp_solve >= 0 &&
           per_lp_work >= 0;
  }
};

}  // namespace arsim::kinds::matching
