#include "topology/generator.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include <fmt/format.h>

#include "base/input_error.hpp"
#include "base/numbers.hpp"
#include "base/text.hpp"
#include "topology/geo.hpp"

namespace arsim::topology {

namespace {

std::vector<double> capacities(const std::string& option, const std::string& text) {
  std::vector<double> out;
  for (const auto& item : base::split_list(text)) {
    const auto v = base::parse_double(item);
    if (!v || *v <= 0 || *v > 1e9)
      throw InputError(
          fmt::format("{}: expected a list of Gbit/s in (0, 1e9], got '{}'", option, text));
    out.push_back(*v);
  }
  if (out.empty()) throw InputError(option + ": expected at least one capacity");
  return out;
}

void check(const GenerateOptions& o) {
  auto require = [](bool ok, const std::string& what) {
    if (!ok) throw InputError(what);
  };
  require(o.domains >= 1 && o.domains <= 100'000, "--domains: expected an integer in [1, 100000]");
  require(o.nodes_per_domain >= 1 && o.nodes_per_domain <= 100'000,
          "--sites-per-domain: expected an integer in [1, 100000]");
  require(static_cast<long long>(o.domains) * o.nodes_per_domain <= 1'000'000,
          "--domains, --sites-per-domain: expected at most 1000000 sites in all");
  require(std::isfinite(o.alpha) && o.alpha > 0, "--alpha: expected a number > 0");
  require(o.beta >= 0 && o.beta <= 1, "--beta: expected a number in [0, 1]");
  require(o.borders >= 1, "--borders: expected an integer >= 1");
}

// Union-find over node indices, to make a graph connected.
struct Components {
  std::vector<int> parent;
  explicit Components(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  int find(int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void join(int a, int b) { parent[find(a)] = find(b); }
};

double distance(const Node& a, const Node& b) {
  return great_circle_km({*a.latitude, *a.longitude}, {*b.latitude, *b.longitude});
}

// Waxman edges among `ids` (indices into net.nodes), then for each node in order not yet connected
// to the first, an edge to the nearest earlier node (which is connected by then).
void waxman(Network& net, const std::vector<int>& ids, double alpha, double beta, Rng& rng,
            const std::vector<double>& gbps) {
  double longest = 0;
  for (std::size_t i = 0; i < ids.size(); ++i)
    for (std::size_t j = i + 1; j < ids.size(); ++j)
      longest = std::max(longest, distance(net.nodes[ids[i]], net.nodes[ids[j]]));
  Components parts(net.nodes.size());
  auto add = [&](int a, int b) {
    net.links.push_back({a, b, gbps[rng.index(gbps.size())], 0});
    parts.join(a, b);
  };
  for (std::size_t i = 0; i < ids.size(); ++i)
    for (std::size_t j = i + 1; j < ids.size(); ++j) {
      const double d = distance(net.nodes[ids[i]], net.nodes[ids[j]]);
      const double p = longest > 0 ? beta * std::exp(-d / (alpha * longest)) : beta;
      if (rng.uniform() < p) add(ids[i], ids[j]);
    }
  for (std::size_t i = 1; i < ids.size(); ++i) {
    if (parts.find(ids[i]) == parts.find(ids[0])) continue;
    std::size_t nearest = 0;
    for (std::size_t j = 1; j < i; ++j)
      if (distance(net.nodes[ids[i]], net.nodes[ids[j]]) <
          distance(net.nodes[ids[i]], net.nodes[ids[nearest]]))
        nearest = j;
    add(ids[i], ids[nearest]);
  }
}

}  // namespace

Network generate_network(const GenerateOptions& o) {
  check(o);
  const auto intra = capacities("--intra-gbps", o.intra_gbps);
  const auto inter = capacities("--inter-gbps", o.inter_gbps);
  Rng rng(o.seed);
  Network net;
  net.source = "generated";
  net.format = "generated";
  // Centres are nodes of their own network, kept aside, so distances use one function.
  Network centres;
  std::vector<std::vector<int>> members(o.domains);
  for (int k = 0; k < o.domains; ++k) {
    Node c;
    c.latitude = rng.uniform(kLatitudeLow, kLatitudeHigh);
    c.longitude = rng.uniform(kLongitudeLow, kLongitudeHigh);
    for (int i = 0; i < o.nodes_per_domain; ++i) {
      Node n;
      n.id = n.label = fmt::format("d{}n{}", k, i);
      n.network = fmt::format("d{}", k);
      n.latitude = *c.latitude + rng.uniform(-kDomainSpread, kDomainSpread);
      n.longitude = *c.longitude + rng.uniform(-kDomainSpread, kDomainSpread);
      members[k].push_back(static_cast<int>(net.nodes.size()));
      net.nodes.push_back(std::move(n));
    }
    centres.nodes.push_back(std::move(c));
  }
  for (int k = 0; k < o.domains; ++k) waxman(net, members[k], o.alpha, o.beta, rng, intra);
  // Border nodes: the first `borders` nodes of each domain by degree (ties by index).
  const auto degree = degrees(net);
  std::vector<std::vector<int>> borders(o.domains);
  for (int k = 0; k < o.domains; ++k) {
    borders[k] = members[k];
    std::stable_sort(borders[k].begin(), borders[k].end(),
                     [&](int a, int b) { return degree[a] > degree[b]; });
    borders[k].resize(std::min<std::size_t>(borders[k].size(), o.borders));
  }
  // The domain graph: Waxman on the centres (itself made connected), one link per domain pair
  // between its closest pair of border nodes.
  std::vector<int> domain_ids(o.domains);
  std::iota(domain_ids.begin(), domain_ids.end(), 0);
  waxman(centres, domain_ids, o.alpha, o.beta, rng, inter);
  for (const auto& l : centres.links) {
    int best_a = borders[l.a][0], best_b = borders[l.b][0];
    for (int a : borders[l.a])
      for (int b : borders[l.b])
        if (distance(net.nodes[a], net.nodes[b]) < distance(net.nodes[best_a], net.nodes[best_b]))
          best_a = a, best_b = b;
    net.links.push_back({best_a, best_b, l.gbps, 0});
  }
  return net;
}

}  // namespace arsim::topology
