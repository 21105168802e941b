// The cost model of the on-line matching kind (sim/kinds/matching/cost.hpp) against the measured
// CPU time of the matchers, on batches like those of scenarios/matching_sim.xml: Table 1
// resources whose free capacity is 30-100 % of N, §5.1 jobs of complexity 0.3, batches of 1, 2, 5,
// 10, 20 and 40 jobs, kInstances of each, throughput; the EA at the scenario's limits.
//   matching-sim/cost/NAME   every batch once per iteration: cpu_median_s (thread CPU time per
//       call), model_median_s (the cost model with the rates of the scenario's variant NAME,
//       copied in kRates below), ratio_median, ratio_p10, ratio_p90 (model / CPU per call).
// The rates were fitted to this benchmark's calls (non-negative least squares on relative error,
// sim/kinds/matching/README.md); CPU times depend on the machine.
#include <benchmark/benchmark.h>

#include <time.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/matching/check.hpp"
#include "model/random.hpp"
#include "schedulers/matching/register.hpp"
#include "sim/kinds/matching/cost.hpp"
#include "workloads/matching/generator.hpp"

namespace {

namespace mm = arsim::model::matching;
using arsim::kinds::matching::CostModel;

constexpr int kInstances = 6;

struct Variant {
  std::map<std::string, std::string> params;
  CostModel
      rates;  // measured = false, per_batch, per_iteration, per_probe, per_lp_solve, per_lp_work
};

// The variants of scenarios/matching_sim.xml.
const std::map<std::string, Variant>& variants() {
  static const std::map<std::string, Variant> v = {
      {"lp", {{}, {false, 0, 0, 0, 2e-4, 7e-5}}},
      {"ea",
       {{{"max_iterations", "100"}, {"stall_iterations", "50"}}, {false, 0, 4e-4, 5e-8, 0, 0}}},
      {"hybrid", {{}, {false, 0, 0, 7e-6, 5e-5, 7e-6}}},
      {"lns", {{}, {false, 0, 0, 6e-6, 0, 5e-6}}},
  };
  return v;
}

double thread_cpu() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

std::vector<mm::Instance> batches() {
  std::vector<mm::Instance> out;
  for (int jobs : {1, 2, 5, 10, 20, 40})
    for (int k = 0; k < kInstances; ++k) {
      mm::Instance inst = arsim::workloads::matching::table1_resources(7, k, 50);
      auto rng = arsim::model::make_stream(7, k, "bench-free");
      for (auto& r : inst.resources)
        for (auto& c : r.capacity) c = std::floor(c * (0.3 + 0.7 * arsim::model::uniform01(rng)));
      arsim::workloads::matching::add_jobs(inst, 7, k, jobs, 0.3);
      out.push_back(std::move(inst));
    }
  return out;
}

double quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(q * static_cast<double>(v.size())))];
}

void cost_bench(benchmark::State& state, const std::string& name) {
  arsim::schedulers::MatcherRegistry reg("resource matcher");
  arsim::schedulers::matching::register_matchers(reg);
  const Variant& v = variants().at(name);
  const auto insts = batches();
  std::vector<double> cpu, model, ratio;
  for (auto _ : state) {
    for (const auto& inst : insts) {
      auto matcher = reg.create(name, v.params);
      const double t0 = thread_cpu();
      const auto r = matcher->match(inst, {}, 1);
      const double t = thread_cpu() - t0;
      if (auto bad = mm::check_matching(inst, r.matching, {}, r.objective))
        throw std::logic_error(name + ": " + *bad);
      cpu.push_back(t);
      model.push_back(v.rates.seconds(r.stats));
      ratio.push_back(model.back() / std::max(t, 1e-9));
    }
  }
  state.counters["cpu_median_s"] = quantile(cpu, 0.5);
  state.counters["model_median_s"] = quantile(model, 0.5);
  state.counters["ratio_median"] = quantile(ratio, 0.5);
  state.counters["ratio_p10"] = quantile(ratio, 0.1);
  state.counters["ratio_p90"] = quantile(ratio, 0.9);
}

int register_all() {
  for (const auto& [name, v] : variants())
    benchmark::RegisterBenchmark(("matching-sim/cost/" + name).c_str(), cost_bench, name)
        ->Iterations(2)
        ->Unit(benchmark::kMillisecond);
  return 0;
}

const int kRegistered = register_all();

}  // namespace
