#include "workloads/intervals/synthetic.hpp"

#include <cmath>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

#include "model/random.hpp"

namespace arsim::workloads {

namespace {

void require(bool ok, const char* field, const std::string& what) {
  if (!ok)
    throw std::invalid_argument(fmt::format("synthetic intervals: field '{}': {}", field, what));
}

// Standard normal by Box–Muller from two uniforms (portable, unlike std::normal_distribution).
double standard_normal(std::mt19937_64& rng) {
  const double u1 = 1 - model::uniform01(rng), u2 = model::uniform01(rng);
  return std::sqrt(-2 * std::log(u1)) * std::cos(2 * M_PI * u2);
}

double draw_duration(const SyntheticIntervalParams& p, std::mt19937_64& rng) {
  const double mean = p.granularity * p.period;
  if (p.durations == "constant" || p.duration_cv == 0) return mean;
  if (p.durations == "uniform") {
    const double half = std::sqrt(3.0) * p.duration_cv * mean;
    return mean - half + 2 * half * model::uniform01(rng);
  }
  const double s2 = std::log1p(p.duration_cv * p.duration_cv);  // lognormal with that mean and cv
  return std::exp(std::log(mean) - s2 / 2 + std::sqrt(s2) * standard_normal(rng));
}

}  // namespace

void validate(const SyntheticIntervalParams& p) {
  require(p.tasks >= 0, "tasks", "expected >= 0");
  require(std::isfinite(p.period) && p.period > 0, "period", "expected a number > 0");
  require(std::isfinite(p.granularity) && p.granularity > 0, "granularity",
          "expected a number > 0");
  require(p.durations == "constant" || p.durations == "uniform" || p.durations == "lognormal",
          "durations",
          fmt::format("expected constant, uniform or lognormal, got '{}'", p.durations));
  require(std::isfinite(p.duration_cv) && p.duration_cv >= 0, "duration_cv",
          "expected a number >= 0");
  require(p.durations != "uniform" || p.duration_cv <= 1 / std::sqrt(3.0), "duration_cv",
          "uniform durations need cv <= 1/sqrt(3) to stay non-negative");
  require(p.dependent_fraction >= 0 && p.dependent_fraction <= 1, "dependent_fraction",
          "expected a number in [0, 1]");
  require(std::isfinite(p.delay) && p.delay >= 0, "delay", "expected a number >= 0");
}

std::vector<model::IntervalTask> generate_intervals(const SyntheticIntervalParams& p,
                                                    std::uint64_t seed, std::uint64_t run_index) {
  validate(p);
  auto starts = model::make_stream(seed, run_index, "intervals-start");
  auto durations = model::make_stream(seed, run_index, "intervals-duration");
  auto deps = model::make_stream(seed, run_index, "intervals-dependency");
  std::vector<model::IntervalTask> tasks(p.tasks);
  std::vector<double> duration(p.tasks);
  for (int i = 0; i < p.tasks; ++i) {
    tasks[i].id = i;
    tasks[i].start = p.period * model::uniform01(starts);
    duration[i] = draw_duration(p, durations);
  }
  auto finish_all = [&] {
    for (int i = 0; i < p.tasks; ++i) tasks[i].finish = tasks[i].start + duration[i];
    return tasks;
  };
  if (p.tasks < 2) return finish_all();
  // Which tasks depend: a uniform subset of 1..N-1 of the asked size (partial Fisher–Yates).
  const int dependent = static_cast<int>(std::lround(p.dependent_fraction * (p.tasks - 1)));
  std::vector<int> pool(p.tasks - 1);
  std::iota(pool.begin(), pool.end(), 1);
  for (int k = 0; k < dependent; ++k)
    std::swap(pool[k], pool[k + model::uniform_index(deps, pool.size() - k)]);
  std::vector<char> is_dependent(p.tasks, 0);
  for (int k = 0; k < dependent; ++k) is_dependent[pool[k]] = 1;
  // In index order, so a predecessor's requested times are final before its successors read them.
  for (int i = 1; i < p.tasks; ++i) {
    if (!is_dependent[i]) continue;
    const int pred = static_cast<int>(model::uniform_index(deps, static_cast<std::uint64_t>(i)));
    tasks[i].predecessor = pred;
    tasks[i].start = tasks[pred].start + duration[pred] + p.delay;
  }
  return finish_all();
}

}  // namespace arsim::workloads
