#include "sim/kinds/matching/output/usage.hpp"

#include <algorithm>
#include <map>

namespace arsim::kinds::matching {

double Steps::at(double t) const {
  const auto it = std::upper_bound(time.begin(), time.end(), t);
  return it == time.begin() ? before : value[it - time.begin() - 1];
}

double Steps::integral(double a, double b) const {
  if (!(b > a)) return 0;
  double sum = 0, from = a, v = at(a);
  for (auto it = std::upper_bound(time.begin(), time.end(), a); it != time.end() && *it < b; ++it) {
    sum += v * (*it - from);
    from = *it;
    v = value[it - time.begin()];
  }
  return sum + v * (b - from);
}

double Steps::max(double a, double b) const {
  double m = at(a);
  for (auto it = std::upper_bound(time.begin(), time.end(), a); it != time.end() && *it < b; ++it)
    m = std::max(m, value[it - time.begin()]);
  return m;
}

double measure_above(const Steps& f, const Steps& g, double a, double b, double tol) {
  if (!(b > a)) return 0;
  std::vector<double> cuts{a, b};
  for (const auto* s : {&f, &g})
    for (double t : s->time)
      if (t > a && t < b) cuts.push_back(t);
  std::sort(cuts.begin(), cuts.end());
  double out = 0;
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i)
    if (cuts[i + 1] > cuts[i] && f.at(cuts[i]) > g.at(cuts[i]) + tol) out += cuts[i + 1] - cuts[i];
  return out;
}

namespace {

// Builds a step function from (time, delta) changes: equal times are summed into one step.
Steps from_changes(const std::map<double, double>& changes) {
  Steps s;
  double level = 0;
  for (const auto& [t, d] : changes) {
    level += d;
    s.time.push_back(t);
    s.value.push_back(level);
  }
  return s;
}

}  // namespace

std::vector<std::vector<Steps>> held_steps(const mm::Instance& inst, const RunRecord& record) {
  // changes[r][a]: time -> net change (a finish and a start at the same instant net out, so a
  // job that ends when another begins never counts together with it)
  std::vector<std::vector<std::map<double, double>>> changes(inst.resources.size());
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    changes[r].resize(inst.resources[r].capacity.size());
  for (std::size_t j = 0; j < record.jobs.size(); ++j) {
    const auto& h = record.jobs[j];
    if (!h.started) continue;
    const double end = h.finished ? h.finish : record.end_time;
    const auto& depends = inst.jobs.at(j).depends;
    for (std::size_t d = 0; d < h.resources.size(); ++d)
      for (std::size_t a = 0; a < depends.at(d).usage.size(); ++a) {
        const double u = depends[d].usage[a];
        if (u == 0) continue;
        changes[h.resources[d]][a][h.start] += u;
        changes[h.resources[d]][a][end] -= u;
      }
  }
  std::vector<std::vector<Steps>> out(inst.resources.size());
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    for (const auto& c : changes[r]) out[r].push_back(from_changes(c));
  return out;
}

std::vector<std::vector<Steps>> offered_steps(const mm::Instance& inst, const RunRecord& record) {
  std::vector<std::vector<Steps>> out(inst.resources.size());
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    out[r].resize(inst.resources[r].capacity.size());
  std::vector<std::vector<int>> of_type(inst.types.size());
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    of_type.at(inst.resources[r].type).push_back(static_cast<int>(r));
  for (const auto& step : record.offers) {
    const auto& rs = of_type.at(step.type);
    for (std::size_t i = 0; i < rs.size() && i < step.offered.size(); ++i)
      for (std::size_t a = 0; a < step.offered[i].size(); ++a) {
        Steps& s = out[rs[i]][a];
        if (!s.time.empty() && s.time.back() == step.time) {
          s.value.back() = step.offered[i][a];  // two reports at one instant: the later holds
        } else {
          s.time.push_back(step.time);
          s.value.push_back(step.offered[i][a]);
        }
      }
  }
  return out;
}

}  // namespace arsim::kinds::matching
