#include "workloads/matching/generator.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>
#include <string>

#include "model/random.hpp"

namespace arsim::workloads::matching {

namespace {

using Rng = std::mt19937_64;

int uniform_int(Rng& rng, int lo, int hi) {
  return lo + static_cast<int>(model::uniform_index(rng, static_cast<std::uint64_t>(hi - lo + 1)));
}

template <class T>
const T& pick(Rng& rng, const std::vector<T>& v) {
  return v[model::uniform_index(rng, v.size())];
}

// A free share of a capacity, uniform in [0.1, 1), rounded to an integer >= 1.
double free_part(Rng& rng, double total) {
  return std::max(1.0, std::round(total * (0.1 + 0.9 * model::uniform01(rng))));
}

mm::Resource server(Rng& rng) {
  const std::string cpus = pick(rng, std::vector<std::string>{"1", "2", "4", "8"});
  const double total_mem = pick(rng, std::vector<double>{2048, 4096, 8192, 16384});
  return {"",
          0,
          {pick(rng, std::vector<std::string>{"x86_64", "power", "sparc"}), cpus,
           "domain" + std::to_string(uniform_int(rng, 0, 4))},
          {std::stod(cpus) * uniform_int(rng, 10, 100), free_part(rng, total_mem)}};
}

mm::Resource database(Rng& rng) {
  return {"",
          1,
          {pick(rng, std::vector<std::string>{"db2", "oracle", "mysql", "postgresql"})},
          {static_cast<double>(uniform_int(rng, 10, 500))}};
}

mm::Resource network(Rng& rng) {
  const double link = pick(rng, std::vector<double>{100, 1000, 10000});
  return {"",
          2,
          {"subnet" + std::to_string(uniform_int(rng, 0, 9)),
           pick(rng, std::vector<std::string>{"tcp", "udp", "sctp"})},
          {free_part(rng, link)}};
}

mm::Resource storage(Rng& rng) {
  return {"",
          3,
          {pick(rng, std::vector<std::string>{"ext3", "ntfs", "gpfs", "nfs"})},
          {static_cast<double>(uniform_int(rng, 10, 2000))}};
}

// Indices i < n with a Bernoulli(p) success each; one uniform index when none succeeded.
std::vector<int> at_least_one(Rng& rng, int n, double p) {
  std::vector<int> out;
  for (int i = 0; i < n; ++i)
    if (model::uniform01(rng) < p) out.push_back(i);
  if (out.empty() && n > 0) out.push_back(uniform_int(rng, 0, n - 1));
  return out;
}

}  // namespace

mm::Instance table1_resources(std::uint64_t seed, std::uint64_t run_index, int per_type) {
  if (per_type < 0) throw std::invalid_argument("matching resources: per_type must be >= 0");
  mm::Instance inst;
  inst.types = {{"server", {"cpu_architecture", "cpus", "domain"}, {"utilization", "memory"}},
                {"database", {"vendor"}, {"connections"}},
                {"network", {"ip", "protocol"}, {"bandwidth"}},
                {"file_storage", {"filesystem"}, {"size"}}};
  auto rng = model::make_stream(seed, run_index, "matching-resources");
  const char* prefix[] = {"server", "db", "net", "fs"};
  for (int t = 0; t < 4; ++t)
    for (int i = 0; i < per_type; ++i) {
      mm::Resource r = t == 0   ? server(rng)
                       : t == 1 ? database(rng)
                       : t == 2 ? network(rng)
                                : storage(rng);
      r.name = std::string(prefix[t]) + std::to_string(i);
      inst.resources.push_back(std::move(r));
    }
  return inst;
}

void add_jobs(mm::Instance& inst, std::uint64_t seed, std::uint64_t run_index, int jobs,
              double complexity) {
  if (!(complexity > 0 && complexity <= 1))
    throw std::invalid_argument("matching jobs: complexity must be in (0, 1]");
  if (jobs < 0) throw std::invalid_argument("matching jobs: job count must be >= 0");
  const int types = static_cast<int>(inst.types.size());
  // Per type: the values each static attribute takes (sorted), the largest capacity per dynamic.
  std::vector<std::vector<std::vector<std::string>>> values(types);
  std::vector<std::vector<double>> top(types);
  for (int t = 0; t < types; ++t) {
    values[t].resize(inst.types[t].static_attributes.size());
    top[t].assign(inst.types[t].dynamic_attributes.size(), 0.0);
  }
  std::vector<std::vector<std::set<std::string>>> seen(types);
  for (int t = 0; t < types; ++t) seen[t].resize(values[t].size());
  for (const auto& r : inst.resources) {
    for (std::size_t a = 0; a < r.static_values.size(); ++a)
      seen[r.type][a].insert(r.static_values[a]);
    for (std::size_t a = 0; a < r.capacity.size(); ++a)
      top[r.type][a] = std::max(top[r.type][a], r.capacity[a]);
  }
  for (int t = 0; t < types; ++t)
    for (std::size_t a = 0; a < seen[t].size(); ++a)
      values[t][a].assign(seen[t][a].begin(), seen[t][a].end());
  auto rng = model::make_stream(seed, run_index, "matching-jobs");
  for (int j = 0; j < jobs; ++j) {
    mm::Job job{
        "job" + std::to_string(inst.jobs.size()), static_cast<double>(uniform_int(rng, 1, 10)), {}};
    for (int t : at_least_one(rng, types, complexity)) {
      mm::Dependency d{t, {}, std::vector<double>(top[t].size(), 0.0)};
      for (int a : at_least_one(rng, static_cast<int>(values[t].size()), complexity))
        if (!values[t][a].empty()) d.requirements.push_back({a, pick(rng, values[t][a])});
      for (int a : at_least_one(rng, static_cast<int>(top[t].size()), complexity))
        d.usage[a] = static_cast<double>(uniform_int(rng, 0, static_cast<int>(top[t][a])));
      job.depends.push_back(std::move(d));
    }
    inst.jobs.push_back(std::move(job));
  }
}

}  // namespace arsim::workloads::matching
