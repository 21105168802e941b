#include "schedulers/gangmatch/engine.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <numeric>
#include <stdexcept>

namespace arsim::schedulers::gangmatch {

Engine::Engine(const model::gang::GangProblem& problem, const EngineOptions& options)
    : p_(problem), o_(options) {
  if (auto e = model::gang::validate(problem)) throw std::invalid_argument(*e);
  units_ = o_.clustered ? cluster_units(p_) : singleton_units(p_);
  cps_ = candidate_ports(p_, units_);
  cps_of_unit_.resize(units_.count());
  for (int c = 0; c < static_cast<int>(cps_.size()); ++c) cps_of_unit_[cps_[c].unit].push_back(c);
  if (o_.source == EngineOptions::Source::Index) index_.emplace(p_, units_, cps_, o_.index_only);
  std::vector<std::pair<int, int>> all;
  for (int c = 0; c < static_cast<int>(cps_.size()); ++c) all.push_back({0, c});
  scan_.build(std::move(all), static_cast<int>(cps_.size()));
  patterns_.resize(units_.count());
  for (int u = 0; u < units_.count(); ++u)
    for (const auto& port : p_.ads[units_.rep[u]].ports()) {
      patterns_[u].emplace_back();
      for (const classad::Expr* c : port.conjuncts)
        patterns_[u].back().push_back(comparison_pattern(*c));
    }
  uses_.assign(units_.count(), 0);
}

GangResult Engine::run() {
  GangResult result;
  for (int root : p_.roots) {
    ++stats_.roots;
    start(root);
    docks_this_root_ = 0;
    aborted_ = false;
    if (extend()) {
      model::gang::Gang g = instantiate(root);
      consume(g);
      result.gangs.push_back(std::move(g));
      ++stats_.matched;
    } else if (aborted_) {
      ++stats_.aborted;
    }
    while (nodes_.size() > 1) undo();
  }
  result.stats = stats_;
  return result;
}

std::vector<int> Engine::open_in_order() const {
  std::vector<std::vector<int>> keys(open_.size());
  for (std::size_t k = 0; k < open_.size(); ++k) {
    const Node& n = nodes_[open_[k].node];
    keys[k] = n.key;
    const int ports = p_.ads[n.ad].port_count();
    keys[k].push_back(o_.order == EngineOptions::Order::RightToLeft ? ports - 1 - open_[k].port
                                                                    : open_[k].port);
  }
  std::vector<int> idx(open_.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::sort(idx.begin(), idx.end(), [&](int a, int b) { return keys[a] < keys[b]; });
  return idx;
}

std::vector<int> Engine::probe(int n, int i, int limit) {
  ++stats_.probes;
  auto keep = [&](int cp) { return free_of(cp) > 0; };
  if (o_.source == EngineOptions::Source::Index)
    return index_->probe(probe_query(n, i), keep, limit);
  std::vector<int> out;
  scan_.each(0, scan_.size(), [&](int cp) {
    if (static_cast<int>(out.size()) < limit && keep(cp)) out.push_back(cp);
  });
  return out;
}

// A query determines its answer: a clustered run keeps the answer of every query it asks, and a
// later query with the same bounds reuses it (ads only disappear within a run, so the list stays
// a superset; free_of() filters it at use).
const std::vector<int>& Engine::cached_probe(int n, int i) {
  const ProbeQuery q = probe_query(n, i);
  const std::string key = query_key(q);
  auto it = cache_.find(key);
  if (it != cache_.end()) {
    ++stats_.cached_probes;
    return it->second;
  }
  ++stats_.probes;
  return cache_.emplace(key, index_->probe(q, [](int) { return true; })).first->second;
}

// The probing port's Rank of each candidate, or nothing when the rank is constant or off. Ranks
// depend on the whole partial gang: a clustered run keeps them per partial gang and port.
std::vector<double> Engine::ranks(int n, int i, const std::vector<int>& cps,
                                  const std::string& state) {
  const classad::Expr* rank = p_.ads[nodes_[n].ad].ports()[i].rank;
  if (!o_.use_rank || !rank || rank->kind == classad::ExprKind::Literal) return {};
  std::string key;
  if (o_.clustered) {
    key = state + '#' + nodes_[n].path + ':' + std::to_string(i);
    if (auto it = rank_cache_.find(key); it != rank_cache_.end()) return it->second;
  }
  std::vector<double> out;
  for (int cp : cps) out.push_back(*rank_of(n, i, cp));
  if (o_.clustered) rank_cache_.emplace(key, out);
  return out;
}

int Engine::estimate(const std::vector<int>& cps) const {
  int total = 0;
  for (int cp : cps) total += std::max(0, free_of(cp));
  return total;
}

// Free candidates by descending rank, then by the ad a dock would take (a unit's smallest free
// member), then by port: the order of the ads themselves, clustered or not.
std::vector<int> Engine::order(const std::vector<int>& cps,
                               const std::vector<double>& ranks) const {
  std::vector<int> idx;
  for (int k = 0; k < static_cast<int>(cps.size()); ++k)
    if (free_of(cps[k]) > 0) idx.push_back(k);
  if (ranks.empty() && !o_.clustered) {
    // Units of one ad and no ranks: the probe's ascending list is already in ad order.
    std::vector<int> out;
    for (int k : idx) out.push_back(cps[k]);
    return out;
  }
  auto ad_of = [&](int k) {
    const int u = cps_[cps[k]].unit;
    return units_.member(u, uses_[u]);
  };
  std::sort(idx.begin(), idx.end(), [&](int a, int b) {
    const double ra = ranks.empty() ? 0 : ranks[a], rb = ranks.empty() ? 0 : ranks[b];
    if (ra != rb) return ra > rb;
    if (ad_of(a) != ad_of(b)) return ad_of(a) < ad_of(b);
    return cps_[cps[a]].port < cps_[cps[b]].port;
  });
  std::vector<int> out;
  for (int k : idx) out.push_back(cps[k]);
  return out;
}

// The unbound port to fill next and its candidates. Dynamic: the port with the fewest free
// candidates, the first in port order on ties; a port is listed only until it has as many as
// the best so far (it cannot win then), but it is a probe all the same.
bool Engine::choose(const std::string& state, OpenPort& chosen, std::vector<int>& cps) {
  const std::vector<int> ports = open_in_order();
  if (o_.order != EngineOptions::Order::Dynamic) {
    chosen = open_[ports[0]];
    cps = o_.clustered ? cached_probe(chosen.node, chosen.port) : probe(chosen.node, chosen.port);
    return true;
  }
  int best = INT_MAX;
  for (int k : ports) {
    const OpenPort op = open_[k];
    int est = 0;
    if (o_.clustered) {
      const std::vector<int>& c = cached_probe(op.node, op.port);
      est = estimate(c);
      if (est > 0 && est < best) cps = c;
    } else {
      std::vector<int> c = probe(op.node, op.port, best);
      est = static_cast<int>(c.size());
      if (est > 0 && est < best) cps = std::move(c);
    }
    if (est == 0) return false;  // no candidate at all: the branch cannot complete
    if (est < best) {
      best = est;
      chosen = op;
    }
  }
  return true;
}

bool Engine::extend() {
  if (aborted_) return false;
  if (open_.empty()) return pending_.empty();
  std::string state;
  if (o_.clustered) {
    state = state_key();
    if (failed_.count(state)) {
      ++stats_.memo_hits;
      return false;
    }
  }
  auto fail = [&] {
    if (o_.clustered && !aborted_) failed_.insert(state);
    return false;
  };
  if (static_cast<int>(nodes_.size()) >= o_.max_gang_size) return fail();
  OpenPort chosen{};
  std::vector<int> cps;
  if (!choose(state, chosen, cps)) return fail();
  const std::vector<int> tries = order(cps, ranks(chosen.node, chosen.port, cps, state));
  for (int cp : tries) {
    if (free_of(cp) <= 0) continue;
    if (o_.max_docks && ++docks_this_root_ > o_.max_docks) {
      aborted_ = true;
      return false;
    }
    ++stats_.docks;
    dock(chosen.node, chosen.port, cp);
    std::string child;
    if (o_.clustered) {
      child = state_key();
      if (failed_.count(child)) {
        ++stats_.memo_hits;
        undo();
        continue;
      }
    }
    if (check_dock()) {
      if (extend()) return true;
    } else if (o_.clustered) {
      failed_.insert(child);
    }
    undo();
    if (aborted_) return false;
  }
  return fail();
}

model::gang::Gang Engine::instantiate(int root) const {
  model::gang::Gang g;
  std::unordered_map<int, int> taken;  // per unit: members given to earlier nodes
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    const Node& n = nodes_[i];
    const int ad = i == 0 ? root : units_.member(n.unit, taken[n.unit]++);
    g.nodes.push_back({ad, n.parent, n.parent_port, n.port});
  }
  return g;
}

void Engine::consume(const model::gang::Gang&) {
  for (std::size_t i = 1; i < nodes_.size(); ++i) {
    const int u = nodes_[i].unit;
    ++units_.taken[u];
    if (units_.available(u) > 0) continue;
    for (int cp : cps_of_unit_[u]) {
      if (index_) index_->remove(cp);
      scan_.kill(cp);
    }
  }
}

GangResult run_engine(const model::gang::GangProblem& problem, const EngineOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();  // building units and index counts too
  Engine e(problem, options);
  GangResult r = e.run();
  r.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace arsim::schedulers::gangmatch
