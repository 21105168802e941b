#include "schedulers/interval/overlaps.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace arsim::schedulers::interval {

std::vector<OverlapPair> overlapping_pairs(const std::vector<double>& begin,
                                           const std::vector<double>& end) {
  if (begin.size() != end.size()) throw std::invalid_argument("overlapping_pairs: size mismatch");
  const int n = static_cast<int>(begin.size());
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return begin[a] < begin[b]; });
  // Sweep by start: the active list holds the intervals started so far that may still be open.
  // Every active interval still open at the new start overlaps the new one, so enumerating them is
  // output work; the expired ones are dropped during the same scan.
  std::vector<int> active;
  std::vector<OverlapPair> pairs;
  for (int k : order) {
    if (!(end[k] > begin[k])) continue;
    std::size_t kept = 0;
    for (int a : active) {
      if (end[a] <= begin[k]) continue;
      active[kept++] = a;
      const double len = std::min(end[a], end[k]) - begin[k];
      pairs.push_back({std::min(a, k), std::max(a, k), len});
    }
    active.resize(kept);
    active.push_back(k);
  }
  return pairs;
}

void requested_intervals(const std::vector<IntervalTask>& tasks, std::vector<double>& begin,
                         std::vector<double>& end) {
  begin.resize(tasks.size());
  end.resize(tasks.size());
  for (std::size_t k = 0; k < tasks.size(); ++k) {
    begin[k] = tasks[k].ready();
    end[k] = begin[k] + tasks[k].duration();
  }
}

std::vector<OverlapPair> overlapping_pairs(const std::vector<IntervalTask>& tasks) {
  std::vector<double> b, e;
  requested_intervals(tasks, b, e);
  return overlapping_pairs(b, e);
}

int max_overlap(const std::vector<double>& begin, const std::vector<double>& end) {
  std::vector<std::pair<double, int>> events;  // (time, +1 start / -1 end); ends sort first
  for (std::size_t k = 0; k < begin.size(); ++k) {
    if (!(end[k] > begin[k])) continue;
    events.emplace_back(begin[k], +1);
    events.emplace_back(end[k], -1);
  }
  std::sort(events.begin(), events.end());
  int now = 0, best = 0;
  for (const auto& [t, d] : events) best = std::max(best, now += d);
  return best;
}

int max_overlap(const std::vector<IntervalTask>& tasks) {
  std::vector<double> b, e;
  requested_intervals(tasks, b, e);
  return max_overlap(b, e);
}

}  // namespace arsim::schedulers::interval
