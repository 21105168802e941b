// The partial gang of the search: docking and undoing, conjunct-level checks with pending
// (shunted) conjuncts, state keys, and the probe query of an unbound port.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "schedulers/gangmatch/engine.hpp"

namespace arsim::schedulers::gangmatch {

using classad::EvalState;
using classad::Value;

void Engine::start(int root) {
  nodes_.clear();
  saved_.clear();
  pending_.clear();
  open_.clear();
  Node r;
  r.unit = units_.unit_of[root];
  r.ad = units_.rep[r.unit];
  const int ports = p_.ads[r.ad].port_count();
  r.bound.assign(ports, {});
  nodes_.push_back(std::move(r));
  Node& n = nodes_.back();
  n.binding = {{}, n.bound.data(), ports};
  for (int k = 0; k < ports; ++k) open_.push_back({0, k});
}

void Engine::dock(int n, int i, int cp) {
  saved_.push_back({open_, pending_});
  const int u = cps_[cp].unit, j = cps_[cp].port, ad = units_.rep[u];
  const int ports = p_.ads[ad].port_count();
  nodes_.emplace_back();
  Node& m = nodes_.back();
  Node& parent = nodes_[n];
  const int idx = static_cast<int>(nodes_.size()) - 1;
  m.unit = u;
  m.ad = ad;
  m.parent = n;
  m.parent_port = i;
  m.port = j;
  m.bound.assign(ports, {});
  m.binding = {{}, m.bound.data(), ports};
  m.key = parent.key;
  const int parent_ports = p_.ads[parent.ad].port_count();
  m.key.push_back(o_.order == EngineOptions::Order::RightToLeft ? parent_ports - 1 - i : i);
  m.path = parent.path + '/' + std::to_string(i) + '.' + std::to_string(j);
  parent.bound[i] = {p_.ads[ad].ports()[j].record, &m.binding};
  m.bound[j] = {p_.ads[parent.ad].ports()[i].record, &parent.binding};
  ++uses_[u];
  open_.erase(std::find_if(open_.begin(), open_.end(),
                           [&](const OpenPort& o) { return o.node == n && o.port == i; }));
  for (int k = 0; k < ports; ++k)
    if (k != j) open_.push_back({idx, k});
}

void Engine::undo() {
  const Node& m = nodes_.back();
  nodes_[m.parent].bound[m.parent_port] = {};
  --uses_[m.unit];
  nodes_.pop_back();
  open_ = std::move(saved_.back().open);
  pending_ = std::move(saved_.back().pending);
  saved_.pop_back();
}

bool Engine::settle(int x, int k, const std::vector<int>& conjuncts) {
  if (conjuncts.empty()) return true;
  ++stats_.evaluations;
  const auto& port = p_.ads[nodes_[x].ad].ports()[k];
  for (int c : conjuncts) {
    EvalState st;
    st.clock = p_.clock;
    const Value v = classad::evaluate(*port.conjuncts[c], &nodes_[x].binding, st);
    if (st.touched_unbound)
      pending_.push_back({x, k, c});
    else if (!classad::is_true(v))
      return false;
  }
  return true;
}

bool Engine::check_dock() {
  const int idx = static_cast<int>(nodes_.size()) - 1;
  const Node& m = nodes_[idx];
  auto all = [&](int x, int k) {
    std::vector<int> c(p_.ads[nodes_[x].ad].ports()[k].conjuncts.size());
    for (std::size_t i = 0; i < c.size(); ++i) c[i] = static_cast<int>(i);
    return c;
  };
  const std::vector<Pending> old = std::move(pending_);
  pending_.clear();
  if (!settle(m.parent, m.parent_port, all(m.parent, m.parent_port))) return false;
  if (!settle(idx, m.port, all(idx, m.port))) return false;
  for (std::size_t b = 0; b < old.size();) {
    std::size_t e = b;
    std::vector<int> group;
    while (e < old.size() && old[e].node == old[b].node && old[e].port == old[b].port)
      group.push_back(old[e++].conjunct);
    if (!settle(old[b].node, old[b].port, group)) return false;
    b = e;
  }
  return true;
}

std::string Engine::state_key() const {
  std::vector<std::string> parts;
  for (std::size_t i = 1; i < nodes_.size(); ++i)
    parts.push_back(nodes_[i].path + '=' + std::to_string(nodes_[i].unit));
  std::sort(parts.begin(), parts.end());
  std::string key = std::to_string(nodes_[0].unit);
  for (const auto& s : parts) key += '|' + s;
  return key;
}

ProbeQuery Engine::probe_query(int n, int i) const {
  ProbeQuery q;
  const Node& pn = nodes_[n];
  auto literal = [&](const classad::Expr& e, int node, Value& out) {
    EvalState st;
    st.clock = p_.clock;
    out = classad::evaluate(e, &nodes_[node].binding, st);
    return !st.touched_unbound;
  };
  auto add_range = [&](const classad::Name& attr, classad::Op op, const Value& v) {
    const int a = index_->range_attr(attr);
    if (a < 0) return;
    if (auto r = index_->interval_of(op, v))
      q.ranges.push_back({a, *r});
    else
      q.impossible = true;
  };
  const auto& mine = patterns_[pn.unit][i];
  for (const Pattern& pt : mine) {
    Value v;
    if (pt.label_port == i && literal(*pt.other, n, v)) add_range(pt.attr, pt.op, v);
  }
  // Shunting: a pending comparison R.b op e whose R.b is written cpu.c by the probed port's ad.
  for (const Pending& pd : pending_) {
    const Pattern& pt = patterns_[nodes_[pd.node].unit][pd.port][pd.conjunct];
    if (pt.label_port < 0) continue;
    const classad::RecordRef r = nodes_[pd.node].bound[pt.label_port];
    if (!r.record || r.binding != &pn.binding) continue;
    const auto alias = label_alias(r.record, pt.attr);
    Value v;
    if (alias && alias->first == i && literal(*pt.other, pd.node, v))
      add_range(alias->second, pt.op, v);
  }
  const classad::RecordRef self{p_.ads[pn.ad].ports()[i].record, &pn.binding};
  const auto& names = index_->interval_attrs();
  for (int a = 0; a < static_cast<int>(names.size()); ++a) {
    EvalState st;
    st.clock = p_.clock;
    const Value v = classad::select(self, names[a], st);
    if (st.touched_unbound) continue;
    if (v.is_numeric() && std::fabs(v.as_real()) > 9007199254740992.0) continue;
    q.stabs.push_back(index_->stab(a, v));
  }
  return q;
}

std::string Engine::query_key(const ProbeQuery& q) {
  if (q.impossible) return "impossible";
  std::string key;
  auto bound = [&](const Bound& b) {
    key += b.inf ? "* " : fmt::format("{}{} ", b.incl ? '[' : '(', b.key);
  };
  for (const auto& r : q.ranges) {
    key += fmt::format("r{}{}", r.attr, static_cast<int>(r.bounds.state));
    bound(r.bounds.lo);
    bound(r.bounds.hi);
  }
  for (const auto& st : q.stabs)
    key += fmt::format("s{}{}={} ", st.attr, static_cast<int>(st.kind), st.key);
  return key;
}

std::optional<double> Engine::rank_of(int n, int i, int cp) {
  const classad::Expr* rank = p_.ads[nodes_[n].ad].ports()[i].rank;
  if (!o_.use_rank || !rank || rank->kind == classad::ExprKind::Literal) return std::nullopt;
  ++stats_.rank_evaluations;
  dock(n, i, cp);
  const Value v = classad::evaluate(*rank, &nodes_[n].binding, p_.clock);
  undo();
  return v.is_numeric() ? v.as_real() : 0.0;
}

}  // namespace arsim::schedulers::gangmatch
