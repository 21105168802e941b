// coallocation/scale/<planner>/<domains>/<sites per domain>/<limit>: a planner's cost per request
// against the size of a multi-domain network, the GRC's Coordinator and the RMs' reservation
// tables as in bench_coallocation_scale.cpp (no SimGrid). The network is the one `arsim platform
// generate` writes (generated_graph below); the workload is the GridARS generator's (Table 1) with
// its arrival rate multiplied by the network's cores over ELGL's 248, so that every size sees
// ELGL's load, and its arrival span and windows scaled alike so that at least about 2,000
// requests arrive (limit > 0: only the first `limit` are decided).
// Counters: "per_request" the time per request, of which "planner_us" the planner's CPU time
// (mean; also median and 90th percentile: what GridARS' GRC spends) and "rms_us" the reading of
// every table's availability (what the RMs spend, each its own tables, in parallel in a real
// grid); "accepted" the accepted share; "peak_rss_mb" the process's peak resident memory so far
// (one size per process to read it per size). docs/studies/scale.md has the figures.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <ctime>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "model/reservation_table.hpp"
#include "schedulers/builtins.hpp"
#include "sim/kinds/coallocation/coordinator.hpp"
#include "tests/bench/replay.hpp"
#include "topology/attach.hpp"
#include "topology/generator.hpp"
#include "workloads/gridars_generator.hpp"

namespace arsim::bench {

// The reservation graph of the platform `arsim platform generate --domains D --sites-per-domain S
// --seed 1` writes (topology/generator.hpp, docs/guide/networks.md): every node an exchange point
// with a site attached, the generator's links as paths.
model::ResourceGraph generated_graph(int domains, int sites_per_domain) {
  topology::GenerateOptions options;
  options.domains = domains;
  options.nodes_per_domain = sites_per_domain;
  topology::Network net = topology::generate_network(options);
  const topology::AttachOptions attach;
  topology::normalize(net, attach.default_gbps);
  const topology::Plan plan = topology::attach(net, attach);
  model::ResourceGraph g;
  for (const auto& h : plan.hosts)
    if (h.role == "site")
      g.add_vertex(
          {h.name, model::VertexRole::Site, h.domain, h.cores, 1e9, 0, topology::kCoreUnitValue});
    else if (h.role == "exchange")
      g.add_vertex({h.name, model::VertexRole::Exchange, h.domain, 0});
  for (const auto& l : plan.paths)
    g.add_edge({l.id, *g.find_vertex(l.a), *g.find_vertex(l.b), l.domain, l.gbps, l.unit_value,
                l.latency_s});
  return g;
}

}  // namespace arsim::bench

namespace {

using namespace arsim;

constexpr double kElglCores = 248;
constexpr double kRequests = 2000;

double thread_cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// The GridARS workload at ELGL's load on a network of `cores` cores (see the file comment).
std::vector<model::Request> workload(double cores) {
  workloads::GridarsConfig c;
  const double rate = cores / kElglCores;
  const double per_day = c.users.size() * c.arrival_end / c.users[0].mean_interarrival * rate;
  // Arrivals and windows over the same fraction of a day keep the load; at least a third of one,
  // so that the longest request (7,200 s, LST = EST + 3 D) fits in the window.
  const double f = std::max(kRequests / per_day, 1.0 / 3);
  for (auto& u : c.users) u.mean_interarrival /= rate;
  c.arrival_end *= f;
  c.window_start *= f;
  c.window_end *= f;
  return workloads::generate_gridars(c, 1, 0);
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  const auto k = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k];
}

// range(0) domains, range(1) sites per domain, range(2) requests decided at most (0: all).
void bm_scale(benchmark::State& state, std::string planner,
              std::map<std::string, std::string> params) {
  const auto g =
      bench::generated_graph(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  double cores = 0;
  for (const auto& v : g.vertices()) cores += v.cores;
  auto requests = workload(cores);
  if (state.range(2) > 0 && requests.size() > static_cast<std::size_t>(state.range(2)))
    requests.resize(static_cast<std::size_t>(state.range(2)));
  schedulers::Registries reg;
  schedulers::register_builtins(reg);
  const kinds::coallocation::Coordinator grc(reg.planners.create(planner, params), {10, "time"});
  std::size_t accepted = 0;
  std::vector<double> planner_cpu;  // per request, seconds
  double rms = 0;                   // CPU seconds reading the tables
  for (auto _ : state) {
    bench::Tables t = bench::empty_tables(g);
    model::ReservationId next_id = 1;
    accepted = 0;
    rms = 0;
    planner_cpu.clear();
    for (const auto& r : requests) {
      const double read = thread_cpu_seconds();
      auto availability = kinds::coallocation::availability_from_tables(grc.frames(r), t.cores,
                                                                        t.bandwidth, r.submit);
      rms += thread_cpu_seconds() - read;
      auto plans = grc.plans(g, r, std::move(availability));
      while (auto p = plans.next_plan())
        if (bench::reserve(r, *p, next_id++, t)) {
          ++accepted;
          break;
        }
      planner_cpu.push_back(plans.tally().cpu);
    }
  }
  const auto n = static_cast<double>(requests.size());
  double total = 0;
  for (double x : planner_cpu) total += x;
  state.counters["sites"] = static_cast<double>(g.sites().size());
  state.counters["edges"] = g.edge_count();
  state.counters["requests"] = n;
  state.counters["accepted"] = static_cast<double>(accepted) / n;
  state.counters["per_request"] = benchmark::Counter(
      n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["planner_us"] = total / n * 1e6;  // the planner's part of per_request, mean
  state.counters["planner_median_us"] = quantile(planner_cpu, 0.5) * 1e6;
  state.counters["planner_p90_us"] = quantile(planner_cpu, 0.9) * 1e6;
  state.counters["rms_us"] = rms / n * 1e6;  // the RMs' tables' part
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  state.counters["peak_rss_mb"] = static_cast<double>(usage.ru_maxrss) / 1024.0;  // KiB on Linux
}

// Sizes: (domains, sites per domain): 10, 30, 100, 200, 300, 1,000 sites.
const std::vector<std::pair<int, int>> kSizes = {{2, 5},   {3, 10},  {10, 10},
                                                 {10, 20}, {20, 15}, {50, 20}};

const bool registered = [] {
  const std::vector<std::pair<std::string, std::map<std::string, std::string>>> planners = {
      {"greedy", {}}, {"ctaap", {}}, {"ctaap", {{"candidates", "8"}}}, {"gridars-ip", {}}};
  for (const auto& [planner, params] : planners) {
    std::string name = "coallocation/scale/" + planner;
    for (const auto& [key, value] : params) name += "/" + key + "=" + value;
    auto* b = benchmark::RegisterBenchmark(name.c_str(), bm_scale, planner, params);
    // gridars-ip solves an IP per frame: its first 300 requests, up to 300 sites.
    for (const auto& [domains, per_domain] : kSizes)
      if (planner != "gridars-ip" || domains * per_domain <= 300)
        b->Args({domains, per_domain, planner == "gridars-ip" ? 300 : 0});
    b->Unit(benchmark::kMillisecond)->Iterations(1);
  }
  return true;
}();

}  // namespace
