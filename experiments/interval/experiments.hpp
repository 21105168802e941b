// The offline experiments reproducing SCS (Doulamis, Kokkinos, Varvarigos, IEEE TC 2013) on the
// execution model of §2.2–2.3 (periodic.hpp), one per kind of figure or table:
//
// - "scs-min-resources" (Figs. 3–5): the smallest M with zero time deviation per scheduler
//   (smallest_zero_deviation_resources), rho = B / M and rho_max = B / beta, per realization.
// - "scs-deviation" (Figs. 6–14): D(A, rho) of eq. (23) per scheduler at one utilization level
//   (rho, gain G or M), synthetic or on a window of an SWF trace, with G, theta and utilization.
// - "scs-spectrum" (the trap, scs.hpp): the M largest eigenvalues SCS returns, the whole spectrum
//   of L^{-1/2} Sigma L^{-1/2} from a dense reference, cluster sizes, and D of SCS vs the
//   baselines.
// - "scs-runtime" (Table 4): scheduler time of each scheduler on one workload (*_seconds only).
// - "scs-table1" (Table 1): the Fig. 1 example, Maxima IS vs the SCS assignment of Table 1 vs ours.
//
// Each is deterministic in (seed, run_index) apart from its *_seconds columns; the schedulers are
// created by name from the interval-scheduler registry, with their default parameters.
#pragma once

#include <memory>

#include "experiments/experiment.hpp"
#include "schedulers/interval_scheduler.hpp"

namespace arsim::experiments::interval {

// `schedulers` must outlive `experiments` (both live in one Registries).
void register_experiments(ExperimentRegistry& experiments,
                          const schedulers::IntervalRegistry& schedulers);

// The two analyses of experiments_analysis.cpp, registered by register_experiments.
void register_analysis_experiments(ExperimentRegistry& experiments,
                                   const schedulers::IntervalRegistry& schedulers);

}  // namespace arsim::experiments::interval
