#include "workloads/matching/online.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "model/random.hpp"
#include "workloads/matching/generator.hpp"

namespace arsim::workloads::matching {

namespace {

// P(an index is chosen) under at_least_one of generator.cpp: Bernoulli(p) each of n, one uniform
// index when none succeeded.
double chosen(double p, std::size_t n) {
  return n == 0 ? 0 : p + std::pow(1 - p, static_cast<double>(n)) / static_cast<double>(n);
}

void check(const OnlineParams& p) {
  if (p.per_type < 1) throw std::invalid_argument("online workload: per_type must be >= 1");
  if (p.jobs < 1) throw std::invalid_argument("online workload: jobs must be >= 1");
  if (!(p.complexity > 0 && p.complexity <= 1))
    throw std::invalid_argument("online workload: complexity must be in (0, 1]");
  if (!(p.load > 0) || !std::isfinite(p.load))
    throw std::invalid_argument("online workload: load must be > 0");
  if (!(p.mean_duration > 0) || !std::isfinite(p.mean_duration))
    throw std::invalid_argument("online workload: mean_duration must be > 0");
  if (p.submitters < 1) throw std::invalid_argument("online workload: submitters must be >= 1");
}

}  // namespace

std::vector<std::vector<double>> expected_usage(const mm::Instance& resources, double complexity) {
  const std::size_t types = resources.types.size();
  std::vector<std::vector<double>> top(types);
  for (std::size_t t = 0; t < types; ++t)
    top[t].assign(resources.types[t].dynamic_attributes.size(), 0.0);
  for (const auto& r : resources.resources)
    for (std::size_t a = 0; a < r.capacity.size(); ++a)
      top[r.type][a] = std::max(top[r.type][a], r.capacity[a]);
  std::vector<std::vector<double>> out(types);
  for (std::size_t t = 0; t < types; ++t) {
    const double type_p = chosen(complexity, types);
    const double attr_p = chosen(complexity, top[t].size());
    for (double m : top[t])  // usage uniform in 0..floor(m), as add_jobs draws it
      out[t].push_back(type_p * attr_p * std::floor(m) / 2);
  }
  return out;
}

bool fits_alone(const mm::Instance& inst, const mm::Candidates& candidates, int job) {
  const auto& depends = inst.jobs.at(job).depends;
  for (std::size_t d = 0; d < depends.size(); ++d) {
    const auto& cands = candidates.at(job).at(d);
    const bool any = std::any_of(cands.begin(), cands.end(), [&](int r) {
      for (std::size_t a = 0; a < depends[d].usage.size(); ++a)
        if (depends[d].usage[a] > inst.resources[r].capacity[a]) return false;
      return true;
    });
    if (!any) return false;
  }
  return true;
}

std::vector<std::vector<double>> placeable_usage(const mm::Instance& resources, double complexity,
                                                 std::uint64_t seed, std::uint64_t run_index,
                                                 int sample) {
  if (sample < 1) throw std::invalid_argument("online workload: load sample must be >= 1");
  mm::Instance inst{resources.types, resources.resources, {}};
  add_jobs(inst, model::derive_seed(seed, run_index, "matching-load"), run_index, sample,
           complexity);
  const mm::Candidates cand = mm::candidate_sets(inst);
  std::vector<std::vector<double>> out(inst.types.size());
  for (std::size_t t = 0; t < inst.types.size(); ++t)
    out[t].assign(inst.types[t].dynamic_attributes.size(), 0.0);
  for (int j = 0; j < sample; ++j) {
    if (!fits_alone(inst, cand, j)) continue;
    for (const auto& d : inst.jobs[j].depends)
      for (std::size_t a = 0; a < d.usage.size(); ++a) out[d.type][a] += d.usage[a];
  }
  for (auto& per_type : out)
    for (double& u : per_type) u /= sample;
  return out;
}

double arrival_rate(const mm::Instance& resources, const std::vector<std::vector<double>>& usage,
                    double load, double mean_duration) {
  std::vector<std::vector<double>> total(resources.types.size());
  for (std::size_t t = 0; t < total.size(); ++t)
    total[t].assign(resources.types[t].dynamic_attributes.size(), 0.0);
  for (const auto& r : resources.resources)
    for (std::size_t a = 0; a < r.capacity.size(); ++a) total[r.type][a] += r.capacity[a];
  double per_job = 0;  // sum over attributes of E[D] E[U_a] / N_a: offered load of one job/s
  int attributes = 0;
  for (std::size_t t = 0; t < total.size() && t < usage.size(); ++t)
    for (std::size_t a = 0; a < total[t].size() && a < usage[t].size(); ++a)
      if (total[t][a] > 0) {
        per_job += mean_duration * usage[t][a] / total[t][a];
        ++attributes;
      }
  if (attributes == 0 || !(per_job > 0))
    throw std::invalid_argument("online workload: no attribute with both capacity and usage");
  return load * attributes / per_job;
}

OnlineWorkload online_workload(const OnlineParams& p, std::uint64_t seed, std::uint64_t run_index) {
  check(p);
  OnlineWorkload w;
  w.instance = table1_resources(seed, run_index, p.per_type);
  w.rate = arrival_rate(w.instance,
                        placeable_usage(w.instance, p.complexity, seed, run_index, kLoadSample),
                        p.load, p.mean_duration);
  add_jobs(w.instance, seed, run_index, p.jobs, p.complexity);
  w.submitters = p.submitters;
  auto arrivals = model::make_stream(seed, run_index, "matching-arrivals");
  auto durations = model::make_stream(seed, run_index, "matching-durations");
  auto owners = model::make_stream(seed, run_index, "matching-submitters");
  double t = 0;
  for (int j = 0; j < p.jobs; ++j) {
    t += model::exponential(arrivals, 1 / w.rate);
    w.submit.push_back(t);
    // A zero draw would be a job that holds nothing for no time; the floor keeps every job real.
    w.duration.push_back(std::max(1e-3, model::exponential(durations, p.mean_duration)));
    w.submitter.push_back(
        static_cast<int>(model::uniform_index(owners, static_cast<std::uint64_t>(p.submitters))));
  }
  return w;
}

}  // namespace arsim::workloads::matching
