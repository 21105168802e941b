#include "schedulers/spectral/refine.hpp"

#include <algorithm>
#include <stdexcept>

#include "schedulers/interval/execution.hpp"

namespace arsim::schedulers::spectral {

namespace {

// The tasks of every resource in service order with their starts under the local model:
// start = max(key, previous finish), the first previous finish being the resource's busy time.
class Lanes {
 public:
  Lanes(const IntervalProblem& p, const std::vector<int>& resource)
      : p_(p),
        key_(interval::service_keys(p)),
        rank_(p.size()),
        start_(p.size(), 0),
        lane_(p.resources) {
    const std::vector<int> order = interval::service_order(p);
    for (int k = 0; k < p.size(); ++k) rank_[order[k]] = k;
    for (int t : order) lane_[resource[t]].push_back(t);
    for (int r = 0; r < p.resources; ++r) restart(r, 0);
  }

  double total() const {
    double sum = 0;
    for (int t = 0; t < p_.size(); ++t) sum += start_[t] - p_.tasks[t].start;
    return sum;
  }

  int position(int r, int t) const {  // where t sits (or would sit) in lane r
    const auto& l = lane_[r];
    return static_cast<int>(
        std::lower_bound(l.begin(), l.end(), t, [&](int a, int b) { return rank_[a] < rank_[b]; }) -
        l.begin());
  }

  // Change of the total when t (at position pos of lane r) leaves it: <= own deviation removed.
  double removal_delta(int r, int pos) const {
    const auto& l = lane_[r];
    const int t = l[pos];
    double delta = -(start_[t] - p_.tasks[t].start);
    double free = finish_before(r, pos);
    for (std::size_t q = pos + 1; q < l.size(); ++q) {
      const double s = std::max(key_[l[q]], free);
      if (s >= start_[l[q]]) break;  // the cascade of advances ends here
      delta += s - start_[l[q]];
      free = s + p_.tasks[l[q]].duration();
    }
    return delta;
  }

  // Change of the total when t joins lane r (t not in it).
  double insertion_delta(int r, int t) const {
    const auto& l = lane_[r];
    const int pos = position(r, t);
    const double own = std::max(key_[t], finish_before(r, pos));
    double delta = own - p_.tasks[t].start;
    double free = own + p_.tasks[t].duration();
    for (std::size_t q = pos; q < l.size(); ++q) {
      const double s = std::max(key_[l[q]], free);
      if (s <= start_[l[q]]) break;  // the cascade of delays ends here
      delta += s - start_[l[q]];
      free = s + p_.tasks[l[q]].duration();
    }
    return delta;
  }

  void move(int t, int from, int to) {
    auto& a = lane_[from];
    const int pa = position(from, t);
    a.erase(a.begin() + pa);
    restart(from, pa);
    auto& b = lane_[to];
    const int pb = position(to, t);
    b.insert(b.begin() + pb, t);
    restart(to, pb);
  }

 private:
  double finish_before(int r, int pos) const {
    if (pos == 0) return p_.busy(r);
    const int prev = lane_[r][pos - 1];
    return start_[prev] + p_.tasks[prev].duration();
  }
  void restart(int r, int pos) {
    double free = finish_before(r, pos);
    for (std::size_t q = pos; q < lane_[r].size(); ++q) {
      const int t = lane_[r][q];
      start_[t] = std::max(key_[t], free);
      free = start_[t] + p_.tasks[t].duration();
    }
  }

  const IntervalProblem& p_;
  std::vector<double> key_;
  std::vector<int> rank_;
  std::vector<double> start_;
  std::vector<std::vector<int>> lane_;
};

}  // namespace

RefineResult refine_assignment(const IntervalProblem& p, std::vector<int>& resource,
                               int max_sweeps) {
  if (static_cast<int>(resource.size()) != p.size())
    throw std::invalid_argument("refine_assignment: size mismatch");
  Lanes lanes(p, resource);
  RefineResult out;
  out.before = lanes.total();
  const double eps = 1e-12 * std::max(1.0, std::abs(out.before));
  const std::vector<int> order = interval::service_order(p);
  for (bool moved = true; moved && out.sweeps < max_sweeps; ++out.sweeps) {
    moved = false;
    for (int t : order) {
      const int from = resource[t];
      const double leave = lanes.removal_delta(from, lanes.position(from, t));
      int best = -1;
      double best_delta = -eps;
      for (int r = 0; r < p.resources; ++r) {
        if (r == from) continue;
        const double delta = leave + lanes.insertion_delta(r, t);
        if (delta < best_delta) {
          best_delta = delta;
          best = r;
        }
      }
      if (best < 0) continue;
      lanes.move(t, from, best);
      resource[t] = best;
      ++out.moves;
      moved = true;
    }
  }
  out.after = lanes.total();
  return out;
}

}  // namespace arsim::schedulers::spectral
