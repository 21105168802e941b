#include "support.hpp"

#include <functional>

#include <fmt/format.h>

#include "model/matching/check.hpp"
#include "model/random.hpp"

namespace arsim::test::matching {

mm::Instance two_types() {
  mm::Instance inst;
  inst.types.push_back({"server", {"os"}, {"cpu", "mem"}});
  inst.types.push_back({"disk", {"fs"}, {"size"}});
  return inst;
}

int add_server(mm::Instance& inst, const char* os, double cpu, double mem) {
  inst.resources.push_back({fmt::format("s{}", inst.resources.size()), 0, {os}, {cpu, mem}});
  return static_cast<int>(inst.resources.size()) - 1;
}

int add_disk(mm::Instance& inst, const char* fs, double size) {
  inst.resources.push_back({fmt::format("d{}", inst.resources.size()), 1, {fs}, {size}});
  return static_cast<int>(inst.resources.size()) - 1;
}

mm::Dependency server_dep(const char* os, double cpu, double mem) {
  mm::Dependency d{0, {}, {cpu, mem}};
  if (*os) d.requirements.push_back({0, os});
  return d;
}

mm::Dependency disk_dep(const char* fs, double size) {
  mm::Dependency d{1, {}, {size}};
  if (*fs) d.requirements.push_back({0, fs});
  return d;
}

int add_job(mm::Instance& inst, double priority, std::vector<mm::Dependency> deps) {
  inst.jobs.push_back({fmt::format("j{}", inst.jobs.size()), priority, std::move(deps)});
  return static_cast<int>(inst.jobs.size()) - 1;
}

mm::Instance example() {
  mm::Instance inst = two_types();
  add_server(inst, "linux", 10, 10);
  add_server(inst, "aix", 4, 4);
  add_disk(inst, "ext3", 10);
  add_job(inst, 5, {server_dep("linux", 6, 2)});
  add_job(inst, 1, {server_dep("", 6, 2)});
  add_job(inst, 3, {server_dep("", 3, 3), disk_dep("ext3", 4)});
  return inst;
}

mm::Instance random_tiny(std::uint64_t seed, int jobs) {
  auto rng = model::make_stream(seed, 0, "tiny");
  auto pick = [&](int lo, int hi) {
    return lo +
           static_cast<int>(model::uniform_index(rng, static_cast<std::uint64_t>(hi - lo + 1)));
  };
  const char* os[] = {"linux", "aix"};
  const char* fs[] = {"ext3", "gpfs"};
  mm::Instance inst = two_types();
  for (int i = pick(2, 3); i > 0; --i) add_server(inst, os[pick(0, 1)], pick(1, 10), pick(1, 10));
  for (int i = pick(2, 3); i > 0; --i) add_disk(inst, fs[pick(0, 1)], pick(1, 10));
  for (int j = 0; j < jobs; ++j) {
    const int need = pick(1, 3);  // 1 server, 2 disk, 3 both
    std::vector<mm::Dependency> deps;
    if (need & 1)
      deps.push_back(server_dep(pick(0, 2) ? "" : os[pick(0, 1)], pick(0, 8), pick(0, 8)));
    if (need & 2) deps.push_back(disk_dep(pick(0, 2) ? "" : fs[pick(0, 1)], pick(0, 8)));
    add_job(inst, pick(1, 10), std::move(deps));
  }
  return inst;
}

Optimum brute_force(const mm::Instance& inst, const mm::Policy& policy) {
  const mm::Candidates cand = mm::candidate_sets(inst);
  Optimum best;
  best.value = -1e300;
  mm::Matching m = mm::Matching::empty(inst);
  std::function<void(std::size_t)> rec = [&](std::size_t j) {
    if (j == inst.jobs.size()) {
      if (mm::check_feasible(inst, m, policy)) return;
      const double v = mm::objective_value(inst, m, policy);
      if (v > best.value + 1e-12) best = {v, m};
      return;
    }
    rec(j + 1);  // unmatched
    std::vector<int> pick(cand[j].size());
    std::function<void(std::size_t)> choose = [&](std::size_t d) {
      if (d == cand[j].size()) {
        m.assigned[j] = pick;
        rec(j + 1);
        m.assigned[j].clear();
        return;
      }
      for (int r : cand[j][d]) {
        pick[d] = r;
        choose(d + 1);
      }
    };
    choose(0);
  };
  rec(0);
  return best;
}

}  // namespace arsim::test::matching
