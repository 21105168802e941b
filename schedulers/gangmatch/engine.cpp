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
  if (o_.source == EngineOptions::Source::Index) index_.emplace(p_, units_, cps_);
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
  const auto t0 = std::chrono::steady_clock::now();
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
  stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
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

std::vector<int> Engine::probe(int n, int i) {
  ++stats_.probes;
  // A clustered run caches lists for later roots, so it may not filter by the current gang.
  auto keep = [&](int cp) { return o_.clustered || free_of(cp) > 0; };
  if (o_.source == EngineOptions::Source::Index) return index_->probe(probe_query(n, i), keep);
  std::vector<int> out;
  scan_.each(0, scan_.size(), [&](int cp) {
    if (keep(cp)) out.push_back(cp);
  });
  return out;
}

const Engine::Candidates& Engine::candidates(int n, int i, const std::string& state) {
  std::string key;
  if (o_.clustered) {
    key = state + '#' + nodes_[n].path + ':' + std::to_string(i);
    if (auto it = cache_.find(key); it != cache_.end()) {
      ++stats_.cached_probes;
      return it->second;
    }
  }
  Candidates c;
  c.cps = probe(n, i);
  const classad::Expr* rank = p_.ads[nodes_[n].ad].ports()[i].rank;
  if (o_.use_rank && rank && rank->kind != classad::ExprKind::Literal)
    for (int cp : c.cps) c.ranks.push_back(*rank_of(n, i, cp));
  if (o_.clustered) return cache_.emplace(key, std::move(c)).first->second;
  scratch_ = std::move(c);
  return scratch_;
}

int Engine::estimate(const Candidates& c) const {
  int total = 0;
  for (int cp : c.cps) total += std::max(0, free_of(cp));
  return total;
}

// Free candidates by descending rank, then by the ad a dock would take (a unit's smallest free
// member), then by port: the order of the ads themselves, clustered or not.
std::vector<int> Engine::order(const Candidates& c) const {
  std::vector<int> idx;
  for (int k = 0; k < static_cast<int>(c.cps.size()); ++k)
    if (free_of(c.cps[k]) > 0) idx.push_back(k);
  auto ad_of = [&](int k) {
    const int u = cps_[c.cps[k]].unit;
    return units_.member(u, uses_[u]);
  };
  std::sort(idx.begin(), idx.end(), [&](int a, int b) {
    const double ra = c.ranks.empty() ? 0 : c.ranks[a], rb = c.ranks.empty() ? 0 : c.ranks[b];
    if (ra != rb) return ra > rb;
    if (ad_of(a) != ad_of(b)) return ad_of(a) < ad_of(b);
    return cps_[c.cps[a]].port < cps_[c.cps[b]].port;
  });
  std::vector<int> out;
  for (int k : idx) out.push_back(c.cps[k]);
  return out;
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
  const std::vector<int> ports = open_in_order();
  OpenPort chosen = open_[ports[0]];
  std::vector<int> tries;
  if (o_.order == EngineOptions::Order::Dynamic) {
    int best = INT_MAX;
    for (int k : ports) {
      const OpenPort op = open_[k];
      const Candidates& c = candidates(op.node, op.port, state);
      const int est = estimate(c);
      if (est == 0) return fail();  // no candidate at all: the branch cannot complete
      if (est < best) {
        best = est;
        chosen = op;
        tries = order(c);
      }
    }
  } else {
    tries = order(candidates(chosen.node, chosen.port, state));
  }
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
  Engine e(problem, options);
  return e.run();
}

}  // namespace arsim::schedulers::gangmatch
