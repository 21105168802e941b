#include "schedulers/interval/periodic.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/interval/execution.hpp"
#include "schedulers/interval/metrics.hpp"
#include "schedulers/interval/overlaps.hpp"

namespace arsim::schedulers::interval {

namespace {

// The activation problem of `batch` (indices into `tasks`, ascending).
IntervalProblem make_problem(const std::vector<IntervalTask>& tasks, const std::vector<int>& batch,
                             const PeriodicRun& run, const std::vector<char>& deferred,
                             const std::vector<double>& busy, double period_start, double period) {
  IntervalProblem p;
  p.resources = static_cast<int>(busy.size());
  p.busy_until = busy;
  p.period_start = period_start;
  p.period = period;
  std::map<int, int> local;
  for (int k = 0; k < static_cast<int>(batch.size()); ++k) local[batch[k]] = k;
  for (int i : batch) {
    IntervalTask t = tasks[i];
    if (deferred[i]) t.release = std::max(t.release, period_start);
    const int pred = t.predecessor;
    t.predecessor = -1;
    if (pred >= 0 && local.count(pred)) {
      t.predecessor = local[pred];
    } else if (pred >= 0) {
      if (run.activation[pred] < 0)
        throw std::logic_error(
            fmt::format("run_periodic: task {} scheduled before its predecessor {}", i, pred));
      t.release = std::max(t.release, run.schedule.start[pred] + tasks[pred].duration());
    }
    p.tasks.push_back(t);
  }
  return p;
}

}  // namespace

PeriodicRun run_periodic(IntervalScheduler& scheduler, const std::vector<IntervalTask>& tasks,
                         int resources, double period, double origin, bool keep_stats) {
  const int n = static_cast<int>(tasks.size());
  IntervalProblem all{tasks, resources, {}, origin, period};
  validate(all);
  PeriodicRun run;
  run.schedule = {std::vector<int>(n, kDeferred), std::vector<double>(n, 0)};
  run.activation.assign(n, -1);
  if (n == 0) return run;
  // Bucket by service key, so a predecessor's period never follows its successor's.
  const std::vector<double> key = service_keys(all);
  std::map<long, std::vector<int>> buckets;
  for (int i = 0; i < n; ++i)
    buckets[period > 0 ? std::max(0L, static_cast<long>(std::floor((key[i] - origin) / period)))
                       : 0]
        .push_back(i);
  run.periods = static_cast<int>(buckets.rbegin()->first - buckets.begin()->first + 1);
  std::vector<double> busy(resources, origin);
  std::vector<char> deferred(n, 0);
  std::vector<int> pending;
  long k = buckets.begin()->first;
  for (int guard = 0; !pending.empty() || !buckets.empty(); ++k, ++guard) {
    if (guard > 10'000'000) throw std::logic_error("run_periodic: tasks keep being deferred");
    if (pending.empty() && buckets.begin()->first > k)
      k = buckets.begin()->first;  // skip idle periods
    std::vector<int> batch = pending;
    if (!buckets.empty() && buckets.begin()->first == k) {
      batch.insert(batch.end(), buckets.begin()->second.begin(), buckets.begin()->second.end());
      buckets.erase(buckets.begin());
    }
    std::sort(batch.begin(), batch.end());
    const double period_start = origin + k * period;
    IntervalProblem p = make_problem(tasks, batch, run, deferred, busy, period_start, period);
    IntervalStats stats;
    const IntervalSchedule s = scheduler.schedule(p, stats);
    if (auto err = check_schedule(p, s))
      throw std::logic_error(fmt::format("run_periodic: activation {}: {}", k, *err));
    pending.clear();
    for (int local = 0; local < p.size(); ++local) {
      const int i = batch[local];
      if (s.resource[local] == kDeferred) {
        deferred[i] = 1;
        pending.push_back(i);
        continue;
      }
      run.schedule.resource[i] = s.resource[local];
      run.schedule.start[i] = s.start[local];
      run.activation[i] = run.activations;
      busy[s.resource[local]] =
          std::max(busy[s.resource[local]], s.start[local] + tasks[i].duration());
    }
    ++run.activations;
    run.solve_seconds += stats.solve_seconds;
    run.iterations += stats.iterations;
    if (keep_stats) run.stats.push_back(std::move(stats));
  }
  run.total_deviation = total_deviation(tasks, run.schedule.start);
  run.deviation = period > 0 ? run.total_deviation / (static_cast<double>(n) * period) : 0;
  return run;
}

ZeroDeviationSearch smallest_zero_deviation_resources(
    const std::function<std::unique_ptr<IntervalScheduler>()>& make,
    const std::vector<IntervalTask>& tasks, double period, double origin, int max_resources,
    double tolerance) {
  ZeroDeviationSearch out;
  const int n = static_cast<int>(tasks.size());
  out.lower_bound = max_overlap(tasks);
  const int limit = max_resources > 0 ? max_resources : std::max(n, 1);
  for (int m = std::max(1, out.lower_bound); m <= limit; ++m) {
    auto scheduler = make();
    const PeriodicRun run = run_periodic(*scheduler, tasks, m, period, origin);
    ++out.evaluations;
    if (run.total_deviation <= tolerance * std::max(1, n) * std::max(period, 1e-300)) {
      out.resources = m;
      break;
    }
  }
  return out;
}

}  // namespace arsim::schedulers::interval
