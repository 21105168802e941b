// Capacity over time, per resource and dynamic attribute: what the running jobs held (from their
// start and finish) and what the providers offered (from their reports), as step functions the
// writers average over time buckets. Pure: no SimGrid.
#pragma once

#include <vector>

#include "model/matching/instance.hpp"
#include "sim/kinds/matching/output/events.hpp"

namespace arsim::kinds::matching {

namespace mm = arsim::model::matching;

// A right-continuous step function: `before` until time[0], then value[i] on [time[i],
// time[i + 1]), the last value for ever. Times strictly increase.
struct Steps {
  std::vector<double> time, value;
  double before = 0;

  double at(double t) const;
  double integral(double a, double b) const;  // over [a, b)
  double max(double a, double b) const;       // over [a, b), a < b
};

// The length of {t in [a, b): f(t) > g(t) + tol}.
double measure_above(const Steps& f, const Steps& g, double a, double b, double tol = 1e-9);

// steps[r][a]: the sum of U(j,a) over the jobs running on r, a job counting on [start, finish)
// (a job that finishes when another starts does not overlap it).
std::vector<std::vector<Steps>> held_steps(const mm::Instance& inst, const RunRecord& record);

// steps[r][a]: the offer of the latest report of r's provider (0 before its first report).
std::vector<std::vector<Steps>> offered_steps(const mm::Instance& inst, const RunRecord& record);

}  // namespace arsim::kinds::matching
