#include "schedulers/matching/state.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "model/random.hpp"

namespace arsim::schedulers::matching {

State::State(const mm::Instance& inst, const mm::Candidates& cand)
    : inst_(&inst), cand_(&cand), m_(mm::Matching::empty(inst)), load_(inst.resources.size()) {
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    load_[r].assign(inst.resources[r].capacity.size(), 0.0);
}

bool State::fits(int j, int d, int r) const {
  const auto& usage = inst_->jobs[j].depends[d].usage;
  const auto& cap = inst_->resources[r].capacity;
  for (std::size_t a = 0; a < usage.size(); ++a)
    if (load_[r][a] + usage[a] > cap[a]) return false;
  return true;
}

void State::place(int j, const std::vector<int>& resources) {
  const auto& deps = inst_->jobs[j].depends;
  for (std::size_t d = 0; d < deps.size(); ++d)
    for (std::size_t a = 0; a < deps[d].usage.size(); ++a)
      load_[resources[d]][a] += deps[d].usage[a];
  m_.assigned[j] = resources;
  ++matched_;
  priority_ += inst_->jobs[j].priority;
}

void State::remove(int j) {
  if (!m_.matched(j)) return;
  const auto& deps = inst_->jobs[j].depends;
  for (std::size_t d = 0; d < deps.size(); ++d)
    for (std::size_t a = 0; a < deps[d].usage.size(); ++a)
      load_[m_.assigned[j][d]][a] -= deps[d].usage[a];
  m_.assigned[j].clear();
  --matched_;
  priority_ -= inst_->jobs[j].priority;
}

double State::value(const mm::Policy& policy) const {
  switch (policy.objective) {
    case mm::Objective::Throughput:
      return matched_;
    case mm::Objective::Prioritized:
      return priority_;
    default:
      return matched_ + policy.balance_weight * mm::min_free_fraction(*inst_, load_);
  }
}

namespace {

// The largest load fraction of resource r's attributes with dependency d of job j added.
double peak_after(const State& s, int j, int d, int r) {
  const auto& usage = s.instance().jobs[j].depends[d].usage;
  const auto& cap = s.instance().resources[r].capacity;
  double peak = 0;
  for (std::size_t a = 0; a < usage.size(); ++a)
    if (cap[a] > 0) peak = std::max(peak, (s.load()[r][a] + usage[a]) / cap[a]);
  return peak;
}

}  // namespace

bool place_greedy(State& s, int j, Placement placement, std::mt19937_64& rng, Counter& c) {
  const auto& cand = s.candidates()[j];
  std::vector<int> chosen(cand.size(), -1);
  for (std::size_t d = 0; d < cand.size(); ++d) {
    const auto& set = cand[d];
    if (set.empty()) return false;
    const std::size_t offset = model::uniform_index(rng, set.size());
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < set.size(); ++k) {
      const int r = set[(offset + k) % set.size()];
      ++c.probes;
      if (!s.fits(j, static_cast<int>(d), r)) continue;
      if (placement == Placement::FirstFit) {
        chosen[d] = r;
        break;
      }
      double peak = peak_after(s, j, static_cast<int>(d), r);
      if (placement == Placement::Tightest) peak = -peak;
      if (peak < best) best = peak, chosen[d] = r;
    }
    if (chosen[d] < 0) return false;
  }
  s.place(j, chosen);
  return true;
}

void fill_greedy(State& s, const std::vector<int>& order, Placement placement, std::mt19937_64& rng,
                 Counter& c) {
  for (int j : order)
    if (!s.matched(j)) place_greedy(s, j, placement, rng, c);
}

std::vector<int> random_order(int n, std::mt19937_64& rng) {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), 0);
  for (int i = n - 1; i > 0; --i)
    std::swap(v[i], v[model::uniform_index(rng, static_cast<std::uint64_t>(i) + 1)]);
  return v;
}

}  // namespace arsim::schedulers::matching
