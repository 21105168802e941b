#include "schedulers/interval/period_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace arsim::schedulers::interval {

std::vector<long> request_periods(const std::vector<IntervalTask>& tasks, double period,
                                  double origin) {
  if (!(period > 0)) throw std::invalid_argument("request_periods: period must be > 0");
  const int n = static_cast<int>(tasks.size());
  std::vector<long> out(n, -1);
  std::vector<int> chain;
  for (int i = 0; i < n; ++i) {
    // Walk up to the first task of the chain (or one already placed), then place the walk.
    int at = i;
    while (out[at] < 0 && tasks[at].predecessor >= 0) {
      chain.push_back(at);
      at = tasks[at].predecessor;
      if (at >= n || static_cast<int>(chain.size()) > n)
        throw std::invalid_argument("request_periods: predecessor out of range or cyclic");
    }
    if (out[at] < 0)
      out[at] = std::max(0L, static_cast<long>(std::floor((tasks[at].start - origin) / period)));
    for (int t : chain) out[t] = out[at];
    chain.clear();
  }
  return out;
}

RunMetrics run_metrics(const std::vector<IntervalTask>& tasks, const std::vector<double>& start,
                       int resources, double period, double origin) {
  if (start.size() != tasks.size())
    throw std::invalid_argument("run_metrics: one start per task expected");
  RunMetrics out;
  out.load = load_metrics(tasks, resources, period);  // validates resources and period
  out.deviation = time_deviation(tasks, start, period);
  if (tasks.empty()) return out;
  const auto k = request_periods(tasks, period, origin);
  std::map<long, std::vector<int>> members;
  for (std::size_t i = 0; i < tasks.size(); ++i) members[k[i]].push_back(static_cast<int>(i));
  out.spanned = members.rbegin()->first - members.begin()->first + 1;
  int beta = 0;
  for (const auto& [period_index, indices] : members) {
    std::vector<IntervalTask> own;
    std::vector<double> own_start;
    for (int i : indices) {
      own.push_back(tasks[i]);
      own.back().predecessor = -1;  // only durations and requested intervals are measured
      own_start.push_back(start[i]);
    }
    PeriodMetrics p;
    p.period = period_index;
    p.end = origin + static_cast<double>(period_index + 1) * period;
    p.load = load_metrics(own, resources, period);
    p.deviation = time_deviation(own, own_start, period);
    beta = std::max(beta, p.load.beta);
    out.periods.push_back(std::move(p));
  }
  // Means over the P periods of N_k g, N_k g / M and N_k / M: the one-period values over P.
  const double spanned = static_cast<double>(out.spanned);
  out.load.load /= spanned;
  out.load.rho /= spanned;
  out.load.gain /= spanned;
  out.load.theta *= spanned;
  out.load.beta = beta;
  out.load.rho_max = beta > 0 ? out.load.load / beta : 0;
  return out;
}

}  // namespace arsim::schedulers::interval
