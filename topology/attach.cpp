#include "topology/attach.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "base/files.hpp"
#include "base/input_error.hpp"
#include "base/numbers.hpp"
#include "base/text.hpp"
#include "topology/geo.hpp"
#include "topology/readers.hpp"

namespace arsim::topology {

namespace {

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, sep);) out.push_back(item);
  return out;
}

// The node indices that get a site, in node order. External nodes never do.
std::vector<int> choose_sites(const Network& net, const std::string& spec) {
  const int n = static_cast<int>(net.nodes.size());
  std::vector<int> internal;
  for (int i = 0; i < n; ++i)
    if (!net.nodes[i].external) internal.push_back(i);
  if (spec == "all") return internal;
  if (spec.rfind("top:", 0) == 0) {
    const auto count = base::parse_int32(spec.substr(4));
    if (!count || *count < 1 || *count > static_cast<int>(internal.size()))
      throw InputError(
          fmt::format("--sites {}: expected top:N with N in [1, {}] (the internal "
                      "nodes)",
                      spec, internal.size()));
    const auto degree = degrees(net);
    std::stable_sort(internal.begin(), internal.end(), [&](int a, int b) {
      if (degree[a] != degree[b]) return degree[a] > degree[b];
      return net.nodes[a].name < net.nodes[b].name;
    });
    internal.resize(*count);
    std::sort(internal.begin(), internal.end());
    return internal;
  }
  if (spec.rfind("list:", 0) == 0) {
    std::map<std::string, int> by_name;
    for (int i = 0; i < n; ++i) by_name[net.nodes[i].name] = i;
    std::set<int> chosen;
    for (const auto& name : split(spec.substr(5), ',')) {
      const auto it = by_name.find(name);
      if (it == by_name.end())
        throw InputError(
            fmt::format("--sites {}: expected node names, '{}' is not one", spec, name));
      if (net.nodes[it->second].external)
        throw InputError(
            fmt::format("--sites {}: '{}' is an external node (Internal 0), "
                        "which gets no site",
                        spec, name));
      if (!chosen.insert(it->second).second)
        throw InputError(fmt::format("--sites {}: '{}' is named twice", spec, name));
    }
    return {chosen.begin(), chosen.end()};
  }
  throw InputError(fmt::format("--sites: expected all, top:N or list:A,B,..., got '{}'", spec));
}

// The cores of each chosen site, in the same order.
std::vector<int> draw_cores(const Network& net, const std::vector<int>& sites,
                            const AttachOptions& o) {
  std::vector<int> out;
  if (!o.cores_file.empty()) {
    std::map<std::string, int> cores;
    std::istringstream in(base::read_file(o.cores_file, "cores file"));
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      const auto words = base::split_words(line.substr(0, line.find('#')));
      if (words.empty()) continue;
      const auto c = words.size() == 2 ? base::parse_int32(words[1]) : std::nullopt;
      if (!c || *c < 1 || *c > 1'000'000)
        fail_at(o.cores_file, n, "", "expected 'NODE CORES' with CORES in [1, 1000000]");
      if (!cores.emplace(words[0], *c).second)
        fail_at(o.cores_file, n, "", fmt::format("node '{}' is listed twice", words[0]));
    }
    for (int s : sites) {
      const auto it = cores.find(net.nodes[s].name);
      if (it == cores.end())
        throw InputError(fmt::format("{}: expected a line for the site of node '{}'", o.cores_file,
                                     net.nodes[s].name));
      out.push_back(it->second);
    }
    return out;
  }
  std::vector<int> choice;
  if (o.cores.rfind("choice:", 0) == 0)
    for (const auto& item : split(o.cores.substr(7), ',')) {
      const auto c = base::parse_int32(item);
      if (!c || *c < 1 || *c > 1'000'000) {
        choice.clear();
        break;
      }
      choice.push_back(*c);
    }
  if (choice.empty())
    throw InputError(fmt::format(
        "--cores: expected choice:C1,C2,... with each C in [1, 1000000], got '{}'", o.cores));
  Rng rng(o.seed);
  for (std::size_t i = 0; i < sites.size(); ++i) out.push_back(choice[rng.index(choice.size())]);
  return out;
}

std::optional<Point> point_of(const Node& n) {
  if (!n.latitude || !n.longitude) return std::nullopt;
  return Point{*n.latitude, *n.longitude};
}

}  // namespace

std::string exchange_host(const Node& node) {
  return "x_" + node.name;
}

std::string site_host(const Node& node) {
  return "s_" + node.name;
}

std::string domain_of(const Network& net, const Node& node, const AttachOptions& options) {
  if (!node.network.empty()) return plain_name(node.network);
  if (!options.domain.empty()) return plain_name(options.domain);
  if (!net.network.empty()) return plain_name(net.network);
  return "net";
}

Plan attach(const Network& net, const AttachOptions& o) {
  Plan plan;
  const auto sites = choose_sites(net, o.sites);
  const auto cores = draw_cores(net, sites, o);
  std::set<std::string> domains;
  for (const auto& n : net.nodes) {
    const std::string d = domain_of(net, n, o);
    domains.insert(d);
    plan.hosts.push_back({exchange_host(n), "exchange", d, 0});
    plan.external += n.external;
    plan.missing_coordinates += !point_of(n);
  }
  for (const auto& l : net.links) {
    const Node &a = net.nodes[l.a], &b = net.nodes[l.b];
    // A link between two domains belongs to the one whose name sorts first.
    const std::string da = domain_of(net, a, o), db = domain_of(net, b, o);
    const std::string d = std::min(da, db);
    plan.paths.push_back({fmt::format("{}:{}-{}", d, exchange_host(a), exchange_host(b)),
                          exchange_host(a), exchange_host(b), d, l.gbps.value_or(o.default_gbps),
                          link_latency_s(point_of(a), point_of(b), o.default_latency_s),
                          da == db ? kInDomainPathValue : kInterDomainPathValue});
  }
  for (std::size_t i = 0; i < sites.size(); ++i) {
    const Node& n = net.nodes[sites[i]];
    const std::string d = domain_of(net, n, o);
    plan.hosts.push_back({site_host(n), "site", d, cores[i]});
    plan.paths.push_back({fmt::format("{}:{}-{}", d, site_host(n), exchange_host(n)), site_host(n),
                          exchange_host(n), d, o.site_gbps, o.site_latency_s, kInDomainPathValue});
  }
  plan.sites = static_cast<int>(sites.size());
  plan.domains.assign(domains.begin(), domains.end());
  return plan;
}

}  // namespace arsim::topology
