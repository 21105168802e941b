#include "model/gang/gang.hpp"

#include <set>

#include <fmt/format.h>

#include "classad/eval.hpp"
#include "classad/print.hpp"

namespace arsim::model::gang {

namespace {

using classad::Binding;
using classad::RecordRef;

std::optional<std::string> check_shape(const GangProblem& p, const Gang& g,
                                       const std::vector<char>& roots) {
  if (g.nodes.empty()) return "empty gang";
  const int n_ads = static_cast<int>(p.ads.size());
  std::set<int> seen;
  for (std::size_t i = 0; i < g.nodes.size(); ++i) {
    const GangNode& n = g.nodes[i];
    if (n.ad < 0 || n.ad >= n_ads) return fmt::format("node {}: ad {} out of range", i, n.ad);
    if (!seen.insert(n.ad).second)
      return fmt::format("node {}: ad {} is used twice in the gang", i, ad_name(p, n.ad));
    if (i == 0) {
      if (n.parent != -1 || !roots[n.ad])
        return fmt::format("node 0: {} is not a root of the problem", ad_name(p, n.ad));
      continue;
    }
    if (roots[n.ad])
      return fmt::format("node {}: {} is a root, not a resource", i, ad_name(p, n.ad));
    if (n.parent < 0 || n.parent >= static_cast<int>(i))
      return fmt::format("node {}: parent {} does not come before it", i, n.parent);
    const auto& parent_ad = p.ads[g.nodes[n.parent].ad];
    if (n.parent_port < 0 || n.parent_port >= parent_ad.port_count())
      return fmt::format("node {}: parent port {} out of range", i, n.parent_port + 1);
    if (n.port < 0 || n.port >= p.ads[n.ad].port_count())
      return fmt::format("node {}: port {} out of range", i, n.port + 1);
  }
  return std::nullopt;
}

std::vector<char> root_flags(const GangProblem& p) {
  std::vector<char> roots(p.ads.size(), 0);
  for (int r : p.roots)
    if (r >= 0 && r < static_cast<int>(roots.size())) roots[r] = 1;
  return roots;
}

std::optional<std::string> check_one(const GangProblem& p, const Gang& g,
                                     const std::vector<char>& roots) {
  if (auto e = check_shape(p, g, roots)) return e;
  const std::size_t n = g.nodes.size();
  // Which node each port of each node is bound to.
  std::vector<std::vector<int>> peer(n);
  for (std::size_t i = 0; i < n; ++i) peer[i].assign(p.ads[g.nodes[i].ad].port_count(), -1);
  for (std::size_t i = 1; i < n; ++i) {
    const GangNode& c = g.nodes[i];
    int& up = peer[c.parent][c.parent_port];
    if (up != -1)
      return fmt::format("port {} of node {} is bound twice", c.parent_port + 1, c.parent);
    up = static_cast<int>(i);
    int& down = peer[i][c.port];
    down = c.parent;
  }
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < peer[i].size(); ++k)
      if (peer[i][k] == -1)
        return fmt::format("port '{}' of {} is unbound", p.ads[g.nodes[i].ad].ports()[k].label,
                           ad_name(p, g.nodes[i].ad));
  // Bind every port to its partner's port record and evaluate every constraint.
  std::vector<std::vector<RecordRef>> refs(n);
  std::vector<Binding> bindings(n);
  for (std::size_t i = 0; i < n; ++i) {
    refs[i].resize(peer[i].size());
    bindings[i] = {{}, refs[i].data(), static_cast<int>(refs[i].size())};
  }
  for (std::size_t i = 1; i < n; ++i) {
    const GangNode& c = g.nodes[i];
    const auto& pa = p.ads[g.nodes[c.parent].ad];
    const auto& ca = p.ads[c.ad];
    refs[c.parent][c.parent_port] = {ca.ports()[c.port].record, &bindings[i]};
    refs[i][c.port] = {pa.ports()[c.parent_port].record, &bindings[c.parent]};
  }
  for (std::size_t i = 0; i < n; ++i) {
    const auto& ad = p.ads[g.nodes[i].ad];
    for (int k = 0; k < ad.port_count(); ++k) {
      const classad::Expr* c = ad.ports()[k].constraint;
      if (!c) continue;
      classad::EvalState st;
      st.clock = p.clock;
      const classad::Value v = classad::evaluate(*c, &bindings[i], st);
      if (!classad::is_true(v) || st.touched_unbound)
        return fmt::format("the Constraint of port '{}' of {} is {}", ad.ports()[k].label,
                           ad_name(p, g.nodes[i].ad), classad::to_string(v));
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> validate(const GangProblem& problem) {
  std::set<int> seen;
  for (int r : problem.roots) {
    if (r < 0 || r >= static_cast<int>(problem.ads.size()))
      return fmt::format("root {} out of range (the pool has {} ads)", r, problem.ads.size());
    if (!seen.insert(r).second) return fmt::format("root {} listed twice", r);
  }
  return std::nullopt;
}

std::optional<std::string> check_gang(const GangProblem& p, const Gang& g) {
  return check_one(p, g, root_flags(p));
}

std::optional<std::string> check_gangs(const GangProblem& p, const std::vector<Gang>& gangs) {
  std::vector<int> owner(p.ads.size(), -1);
  const std::vector<char> roots = root_flags(p);
  for (std::size_t g = 0; g < gangs.size(); ++g) {
    if (auto e = check_one(p, gangs[g], roots)) return fmt::format("gang {}: {}", g + 1, *e);
    for (const auto& node : gangs[g].nodes) {
      if (owner[node.ad] != -1)
        return fmt::format("{} is in gangs {} and {}", ad_name(p, node.ad), owner[node.ad] + 1,
                           g + 1);
      owner[node.ad] = static_cast<int>(g);
    }
  }
  return std::nullopt;
}

std::string ad_name(const GangProblem& p, int ad) {
  if (ad < 0 || ad >= static_cast<int>(p.ads.size())) return fmt::format("ad {}", ad);
  const classad::ClassAd& a = p.ads[ad];
  if (const classad::Expr* name = a.find("Name")) {
    const classad::Value v = classad::evaluate(*name, nullptr, p.clock);
    if (v.is(classad::Kind::String)) return v.as_string();
  }
  return a.where();
}

}  // namespace arsim::model::gang
