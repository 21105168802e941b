#include "schedulers/interval/metrics.hpp"

#include <cmath>
#include <stdexcept>

#include "schedulers/interval/overlaps.hpp"

namespace arsim::schedulers::interval {

LoadMetrics load_metrics(const std::vector<IntervalTask>& tasks, int resources, double period,
                         int periods) {
  if (resources < 1 || !(period > 0) || periods < 1)
    throw std::invalid_argument(
        "load_metrics: resources >= 1, period > 0 and periods >= 1 expected");
  LoadMetrics m;
  m.tasks = static_cast<int>(tasks.size());
  m.resources = resources;
  m.periods = periods;
  m.period = period;
  if (tasks.empty()) return m;
  for (const auto& t : tasks) m.mean_duration += t.duration() / m.tasks;
  const double per_period = static_cast<double>(m.tasks) / periods;
  m.g = m.mean_duration / period;
  m.load = per_period * m.g;
  m.beta = max_overlap(tasks);
  m.rho = m.load / resources;
  m.rho_max = m.beta > 0 ? m.load / m.beta : 0;
  m.gain = per_period / resources;
  m.theta = resources / per_period;
  return m;
}

double total_deviation(const std::vector<IntervalTask>& tasks, const std::vector<double>& start) {
  if (tasks.size() != start.size())
    throw std::invalid_argument("total_deviation: one start per task expected");
  double total = 0;
  for (std::size_t i = 0; i < tasks.size(); ++i) total += std::abs(start[i] - tasks[i].start);
  return total;
}

double time_deviation(const std::vector<IntervalTask>& tasks, const std::vector<double>& start,
                      double period) {
  if (tasks.empty()) return 0;
  if (!(period > 0)) throw std::invalid_argument("time_deviation: period must be > 0");
  return total_deviation(tasks, start) / (static_cast<double>(tasks.size()) * period);
}

std::vector<double> resource_utilization(const IntervalProblem& p, const IntervalSchedule& s) {
  if (!(p.period > 0)) throw std::invalid_argument("resource_utilization: period must be > 0");
  std::vector<double> u(p.resources, 0);
  for (int i = 0; i < p.size(); ++i)
    if (s.resource[i] != kDeferred) u[s.resource[i]] += p.tasks[i].duration() / p.period;
  return u;
}

double utilization(const IntervalProblem& p, const IntervalSchedule& s) {
  double total = 0;
  for (double u : resource_utilization(p, s)) total += u / p.resources;
  return total;
}

}  // namespace arsim::schedulers::interval
