#include "sim/kinds/interval/speed_model.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace arsim::kinds::interval {

namespace {

constexpr double kInf = INFINITY;

// The host's scale as time advances: the steps up to the clock applied, the next date ahead.
class Speed {
 public:
  explicit Speed(const SpeedSteps& s) : s_(s) {
    if (s_.date.size() != s_.scale.size())
      throw std::invalid_argument("finish_times: one scale per date expected");
  }
  void advance_to(double t) {
    for (; next_ < s_.date.size() && s_.date[next_] <= t; ++next_) scale_ = s_.scale[next_];
  }
  double scale() const { return scale_; }
  double next_date() const { return next_ < s_.date.size() ? s_.date[next_] : kInf; }

 private:
  const SpeedSteps& s_;
  std::size_t next_ = 0;
  double scale_ = 1;
};

}  // namespace

std::vector<double> finish_times(const std::vector<Execution>& runs, int cores,
                                 const SpeedSteps& speed) {
  if (cores < 1) throw std::invalid_argument("finish_times: cores >= 1 expected");
  for (const auto& r : runs)
    if (!(r.work > 0)) throw std::invalid_argument("finish_times: work > 0 expected");
  std::vector<std::size_t> order(runs.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return runs[a].start < runs[b].start; });
  std::vector<double> end(runs.size(), kInf), left(runs.size());
  std::vector<std::size_t> active;
  Speed host(speed);
  std::size_t next = 0;  // in `order`: the next execution to start
  double t = -kInf;
  while (next < order.size() || !active.empty()) {
    if (active.empty()) t = std::max(t, runs[order[next]].start);
    host.advance_to(t);
    for (; next < order.size() && runs[order[next]].start <= t; ++next) {
      active.push_back(order[next]);
      left[order[next]] = runs[order[next]].work;
    }
    // Every running task gets the same rate, so the one with the least work left ends first.
    const double rate = host.scale() * std::min(1.0, static_cast<double>(cores) /
                                                         static_cast<double>(active.size()));
    double least = kInf;
    for (auto i : active) least = std::min(least, left[i]);
    const double done = rate > 0 ? t + least / rate : kInf;
    const double event =
        std::min(next < order.size() ? runs[order[next]].start : kInf, host.next_date());
    if (done == kInf && event == kInf) break;  // the speed stays 0: the rest never end
    const double until = std::min(done, event);
    const bool ending = done <= event;  // then the tasks with the least work left end at `until`
    std::vector<std::size_t> still;
    for (auto i : active) {
      if (ending && left[i] <= least * (1 + 1e-12)) {
        end[i] = until;
        continue;
      }
      left[i] -= rate * (until - t);
      still.push_back(i);
    }
    active.swap(still);
    t = until;
  }
  return end;
}

}  // namespace arsim::kinds::interval
