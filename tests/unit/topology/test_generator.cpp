// The seeded multi-domain generator (topology/generator.hpp).
#include <functional>
#include <set>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "base/input_error.hpp"
#include "topology/attach.hpp"
#include "topology/generator.hpp"
#include "topology/platform_writer.hpp"

namespace arsim::topology {
namespace {

using ::testing::HasSubstr;

GenerateOptions options(int domains, int per_domain, std::uint64_t seed) {
  GenerateOptions o;
  o.domains = domains;
  o.nodes_per_domain = per_domain;
  o.seed = seed;
  return o;
}

// The nodes reachable from node 0 over the links whose ends `keep` accepts.
std::size_t reachable(const Network& net, const std::function<bool(int)>& keep, int from) {
  std::vector<std::vector<int>> next(net.nodes.size());
  for (const auto& l : net.links)
    if (keep(l.a) && keep(l.b)) next[l.a].push_back(l.b), next[l.b].push_back(l.a);
  std::set<int> seen = {from};
  std::vector<int> todo = {from};
  while (!todo.empty()) {
    const int v = todo.back();
    todo.pop_back();
    for (int w : next[v])
      if (seen.insert(w).second) todo.push_back(w);
  }
  return seen.size();
}

TEST(Generator, DomainsOfConnectedNodesInTheirRegion) {
  Network net = generate_network(options(3, 4, 11));
  normalize(net, 10);
  ASSERT_EQ(net.nodes.size(), 12u);
  EXPECT_EQ(net.nodes[5].name, "d1n1");
  EXPECT_EQ(net.nodes[5].network, "d1");
  for (const auto& n : net.nodes) {
    EXPECT_FALSE(n.external);
    EXPECT_GE(*n.latitude, kLatitudeLow - kDomainSpread);
    EXPECT_LE(*n.latitude, kLatitudeHigh + kDomainSpread);
    EXPECT_GE(*n.longitude, kLongitudeLow - kDomainSpread);
    EXPECT_LE(*n.longitude, kLongitudeHigh + kDomainSpread);
  }
  EXPECT_EQ(reachable(
                net, [](int) { return true; }, 0),
            12u);
  for (int k = 0; k < 3; ++k)  // each domain is connected by its own links
    EXPECT_EQ(reachable(
                  net, [&](int v) { return v / 4 == k; }, 4 * k),
              4u)
        << k;
  int between = 0;
  for (const auto& l : net.links) {
    ASSERT_TRUE(l.gbps.has_value());
    const bool inter = l.a / 4 != l.b / 4;
    between += inter;
    EXPECT_TRUE(inter ? *l.gbps == 100 : (*l.gbps == 10 || *l.gbps == 40 || *l.gbps == 100));
  }
  EXPECT_GE(between, 2);  // at least a tree over 3 domains
}

TEST(Generator, TheSameOptionsGiveTheSamePlatform) {
  auto text = [](std::uint64_t seed) {
    Network net = generate_network(options(4, 5, seed));
    normalize(net, 10);
    AttachOptions a;
    a.seed = seed;
    return platform_text(attach(net, a), "generated");
  };
  EXPECT_EQ(text(3), text(3));
  EXPECT_NE(text(3), text(4));
}

TEST(Generator, AThousandSitesInFiftyDomainsAreConnected) {
  Network net = generate_network(options(50, 20, 1));
  normalize(net, 10);
  EXPECT_EQ(net.nodes.size(), 1000u);
  EXPECT_EQ(reachable(
                net, [](int) { return true; }, 0),
            1000u);
  const Plan plan = attach(net, {});
  EXPECT_EQ(plan.sites, 1000);
  EXPECT_EQ(plan.domains.size(), 50u);
}

TEST(Generator, OneDomainOfOneNode) {
  Network net = generate_network(options(1, 1, 1));
  EXPECT_EQ(net.nodes.size(), 1u);
  EXPECT_TRUE(net.links.empty());
}

TEST(Generator, OptionsOutOfRangeAreRefused) {
  auto error = [](GenerateOptions o) {
    try {
      generate_network(o);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_THAT(error(options(0, 5, 1)), HasSubstr("--domains: expected an integer in [1, 100000]"));
  EXPECT_THAT(error(options(2000, 1000, 1)), HasSubstr("at most 1000000 sites"));
  GenerateOptions o = options(2, 2, 1);
  o.beta = 1.5;
  EXPECT_THAT(error(o), HasSubstr("--beta: expected a number in [0, 1]"));
  o = options(2, 2, 1);
  o.intra_gbps = "10,fast";
  EXPECT_THAT(error(o), HasSubstr("--intra-gbps: expected a list of Gbit/s"));
}

}  // namespace
}  // namespace arsim::topology
