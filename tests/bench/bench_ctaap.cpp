// ctaap and ctaap-ip: CTAAP-Solver (Kravtsov et al. §3.3) against CBC on the exact 0-1 IP, on the
// same pre-drawn instances (schedulers/ctaap/generator.hpp):
//   .../N:200/C:5        Fig. 3's largest size: 200 request nodes, 5 clusters of capacity
//                        1..40 (n/5), request properties 1..100, offers 1..200;
//   .../N:50/C:5/R:200   Fig. 2's point at offer range 1..200: 50 nodes, capacity 1..11.
// Each benchmark cycles through the same 5 instances. ctaap-ip solves each once (5 iterations)
// with a time limit of kIpTimeLimit seconds per solve, and also runs CTAAP-Solver on it (outside
// the timing) to report:
//   median_s / median_ms      median wall time of one solve (median_cpu_ms: thread CPU time)
//   proven                    instances CBC proved optimal within the limit
//   ratio_best                mean of CTAAP size / max(CBC incumbent, CTAAP size)
//   ratio_bound               mean of CTAAP size / CBC's proven upper bound (a lower estimate;
//                             0 for an instance where CBC proved no bound)
//   ratio_opt, ratio_opt_min  mean and least of CTAAP size / the best proven upper bound, CBC's
//                             or the sub-offer bound of bound.hpp (ctaap-bb on every set of at
//                             most 3 clusters, kSubsetTimeLimit s each, started from CTAAP's
//                             allocation): CTAAP's share of the optimum is at least this
//   speedup                   CBC median / CTAAP-Solver median on these instances
// When CBC stops at its limit, its median is the limit (plus the overrun of a root node): the
// speedup is then a lower bound.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <limits>
#include <vector>

#include <fmt/format.h>

#include "model/random.hpp"
#include "schedulers/ctaap/bound.hpp"
#include "schedulers/ctaap/generator.hpp"
#include "schedulers/ctaap/ip.hpp"
#include "schedulers/ctaap/solver.hpp"

namespace {

using namespace arsim::schedulers::ctaap;

constexpr int kInstances = 5;
constexpr double kIpTimeLimit = 30;
constexpr double kSubsetTimeLimit = 3;

struct Setting {
  int n;
  int offer_max;
  int capacity_max;
};

std::vector<Instance> instances(const Setting& s) {
  GeneratorConfig c;
  c.tasks = s.n;
  c.clusters = 5;
  c.offer_max = s.offer_max;
  c.capacity_max = s.capacity_max;
  std::vector<Instance> out;
  for (int k = 0; k < kInstances; ++k) {
    auto rng = arsim::model::make_stream(2024, static_cast<std::uint64_t>(k), "ctaap-bench");
    out.push_back(random_instance(c, rng));
  }
  return out;
}

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double median(std::vector<double> v) {
  auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  return *mid;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void bm_ctaap(benchmark::State& state, Setting s) {
  const auto inst = instances(s);
  std::size_t next = 0;
  std::vector<double> seconds, cpu;
  double size = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    const double cpu_start = thread_cpu_seconds();
    SolverResult r = solve(inst[next++ % inst.size()]);
    cpu.push_back(thread_cpu_seconds() - cpu_start);
    seconds.push_back(seconds_since(start));
    size += allocation_size(r.allocation);
    benchmark::DoNotOptimize(r);
  }
  state.counters["median_ms"] = median(seconds) * 1e3;
  state.counters["median_cpu_ms"] = median(cpu) * 1e3;
  state.counters["size"] = size / static_cast<double>(seconds.size());
}

void bm_ctaap_ip(benchmark::State& state, Setting s) {
  const auto inst = instances(s);
  IpOptions o;
  o.time_limit = kIpTimeLimit;
  std::size_t next = 0;
  std::vector<double> seconds, heuristic_seconds;
  double proven = 0, ratio_best = 0, ratio_bound = 0, ratio_opt = 0, ratio_opt_min = 1;
  for (auto _ : state) {
    const Instance& x = inst[next++ % inst.size()];
    const auto start = std::chrono::steady_clock::now();
    IpResult ip = solve_ip(x, o);
    seconds.push_back(seconds_since(start));
    state.PauseTiming();
    const auto h_start = std::chrono::steady_clock::now();
    const Allocation heuristic = solve(x).allocation;
    heuristic_seconds.push_back(seconds_since(h_start));
    const int h = allocation_size(heuristic);
    const int best = std::max(h, allocation_size(ip.allocation));
    // CBC's proven bound; none (infinite) when it stopped before proving one.
    const double bound = std::isfinite(ip.bound) ? std::max<double>(h, std::floor(ip.bound + 1e-6))
                                                 : std::numeric_limits<double>::infinity();
    SubsetBoundOptions so;
    so.time_limit = kSubsetTimeLimit;
    so.start = heuristic;
    const double opt_bound = std::min<double>(bound, subset_bound(x, so).bound);
    proven += ip.optimal();
    ratio_best += best ? double(h) / best : 1;
    ratio_bound += bound > 0 ? h / bound : 1;
    ratio_opt += opt_bound > 0 ? h / opt_bound : 1;
    ratio_opt_min = std::min(ratio_opt_min, opt_bound > 0 ? h / opt_bound : 1);
    state.ResumeTiming();
  }
  const double runs = static_cast<double>(seconds.size());
  state.counters["median_s"] = median(seconds);
  state.counters["proven"] = proven;
  state.counters["ratio_best"] = ratio_best / runs;
  state.counters["ratio_bound"] = ratio_bound / runs;
  state.counters["ratio_opt"] = ratio_opt / runs;
  state.counters["ratio_opt_min"] = ratio_opt_min;
  state.counters["speedup"] = median(seconds) / median(heuristic_seconds);
}

const bool registered = [] {
  const std::vector<std::pair<std::string, Setting>> settings = {
      {"N:200/C:5", {200, 200, 40}},
      {"N:50/C:5/R:200", {50, 200, 11}},
  };
  for (const auto& [name, s] : settings) {
    benchmark::RegisterBenchmark(fmt::format("ctaap/{}", name).c_str(), bm_ctaap, s)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(fmt::format("ctaap-ip/{}", name).c_str(), bm_ctaap_ip, s)
        ->Unit(benchmark::kSecond)
        ->Iterations(kInstances);
  }
  return true;
}();

}  // namespace
