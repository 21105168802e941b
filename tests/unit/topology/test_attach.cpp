// Sites, domains, bandwidths, latencies and unit values of the plan (topology/attach.hpp), the
// great-circle latency (topology/geo.hpp) and the platform text (topology/platform_writer.hpp).
#include <fstream>
#include <map>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/unit/topology/fixtures.hpp"
#include "topology/attach.hpp"
#include "topology/geo.hpp"
#include "topology/platform_writer.hpp"

namespace arsim::topology {
namespace {

using namespace testing;  // NOLINT: the fixtures of this folder
using ::testing::HasSubstr;

Network normalized(const std::string& file) {
  Network net = read_network(file);
  normalize(net, 10);
  return net;
}

const PlanLink& path(const Plan& plan, const std::string& a, const std::string& b) {
  for (const auto& l : plan.paths)
    if ((l.a == a && l.b == b) || (l.a == b && l.b == a)) return l;
  throw std::runtime_error("no path " + a + " " + b);
}

std::vector<std::string> sites(const Plan& plan) {
  std::vector<std::string> out;
  for (const auto& h : plan.hosts)
    if (h.role == "site") out.push_back(h.name);
  return out;
}

std::string attach_error(const Network& net, const AttachOptions& o) {
  try {
    attach(net, o);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(GreatCircle, OneDegreeOfTheEquatorAndParisLondon) {
  // 2 pi 6371 km / 360 = 111.195 km; at 5 us/km 555.97 us.
  EXPECT_NEAR(great_circle_km({0, 0}, {0, 1}), 111.195, 1e-3);
  EXPECT_NEAR(fibre_latency_s({0, 0}, {0, 1}), 555.97e-6, 1e-8);
  EXPECT_NEAR(great_circle_km({0, 0}, {1, 0}), 111.195, 1e-3);
  // Paris (48.8566 N, 2.3522 E) to London (51.5074 N, 0.1278 W): 343.6 km.
  EXPECT_NEAR(great_circle_km({48.8566, 2.3522}, {51.5074, -0.1278}), 343.6, 0.1);
  EXPECT_DOUBLE_EQ(link_latency_s(Point{0, 0}, std::nullopt, 0.001), 0.001);
}

TEST(Attach, EveryInternalNodeGetsASiteAndEveryNodeAnExchangePoint) {
  const Plan plan = attach(normalized(kGraphml), {});
  EXPECT_EQ(plan.sites, 4);  // Peer is external
  EXPECT_EQ(sites(plan),
            (std::vector<std::string>{"s_Paris", "s_London", "s_Amsterdam", "s_Berlin"}));
  EXPECT_EQ(plan.hosts.size(), 9u);  // 5 exchange points, 4 sites
  EXPECT_EQ(plan.paths.size(), 9u);  // 5 links, 4 site paths
  EXPECT_EQ(plan.external, 1);
  EXPECT_EQ(plan.missing_coordinates, 1);
  EXPECT_EQ(plan.domains, (std::vector<std::string>{"Alpha", "Beta"}));
}

TEST(Attach, DomainsBandwidthsLatenciesAndUnitValues) {
  AttachOptions o;
  o.default_gbps = 7;
  o.default_latency_s = 0.002;
  Network net = read_network(kGraphml);
  normalize(net, o.default_gbps);
  const Plan plan = attach(net, o);
  const auto& paris_london = path(plan, "x_Paris", "x_London");
  EXPECT_EQ(paris_london.domain, "Alpha");
  EXPECT_EQ(paris_london.unit_value, kInDomainPathValue);
  EXPECT_NEAR(paris_london.latency_s, 343.6 * 5e-6, 1e-6);
  EXPECT_EQ(paris_london.id, "Alpha:x_Paris-x_London");
  // Between Alpha and Beta: the domain that sorts first, the inter-domain value.
  const auto& london_amsterdam = path(plan, "x_London", "x_Amsterdam");
  EXPECT_EQ(london_amsterdam.domain, "Alpha");
  EXPECT_EQ(london_amsterdam.unit_value, kInterDomainPathValue);
  const auto& to_berlin = path(plan, "x_Amsterdam", "x_Berlin");
  EXPECT_EQ(to_berlin.domain, "Beta");
  EXPECT_DOUBLE_EQ(to_berlin.gbps, 7);           // no speed in the file
  EXPECT_DOUBLE_EQ(to_berlin.latency_s, 0.002);  // Berlin has no coordinates
  const auto& site = path(plan, "s_Berlin", "x_Berlin");
  EXPECT_EQ(site.domain, "Beta");
  EXPECT_DOUBLE_EQ(site.gbps, o.site_gbps);
  EXPECT_DOUBLE_EQ(site.latency_s, o.site_latency_s);
  EXPECT_EQ(site.unit_value, kInDomainPathValue);
}

TEST(Attach, TheDomainOfANodeWithoutNetwork) {
  const Network gml = normalized(kGml);  // the graph says Network "Tiny"
  EXPECT_EQ(attach(gml, {}).domains, std::vector<std::string>{"Tiny"});
  AttachOptions named;
  named.domain = "my net";
  EXPECT_EQ(attach(gml, named).domains, std::vector<std::string>{"my_net"});
  EXPECT_EQ(attach(normalized(kSndlib), {}).domains, std::vector<std::string>{"net"});
  // A node's own Network wins over --domain.
  EXPECT_EQ(attach(normalized(kGraphml), named).domains,
            (std::vector<std::string>{"Alpha", "Beta"}));
}

TEST(Attach, TopNByDegreeTiesByNameAndLists) {
  const Network net = normalized(kGraphml);
  AttachOptions o;
  o.sites = "top:2";  // Amsterdam has 4 links, Paris and London 2 each: London sorts first
  EXPECT_EQ(sites(attach(net, o)), (std::vector<std::string>{"s_London", "s_Amsterdam"}));
  o.sites = "list:Berlin,Paris";
  EXPECT_EQ(sites(attach(net, o)), (std::vector<std::string>{"s_Paris", "s_Berlin"}));
  o.sites = "list:Peer";
  EXPECT_THAT(attach_error(net, o), HasSubstr("'Peer' is an external node"));
  o.sites = "list:Rome";
  EXPECT_THAT(attach_error(net, o), HasSubstr("'Rome' is not one"));
  o.sites = "top:5";  // 4 internal nodes
  EXPECT_THAT(attach_error(net, o), HasSubstr("expected top:N with N in [1, 4]"));
  o.sites = "some";
  EXPECT_THAT(attach_error(net, o), HasSubstr("--sites: expected all, top:N or list:"));
}

TEST(Attach, CoresAreSeededDrawsOrFromAFile) {
  const Network net = normalized(kGraphml);
  auto cores = [&](const AttachOptions& o) {
    std::vector<int> out;
    for (const auto& h : attach(net, o).hosts)
      if (h.role == "site") out.push_back(h.cores);
    return out;
  };
  AttachOptions o;
  o.cores = "choice:8";
  EXPECT_EQ(cores(o), (std::vector<int>{8, 8, 8, 8}));
  o.cores = "choice:1,2,3,4,5,6,7,8,9,10,11,12";
  o.seed = 5;
  const auto first = cores(o);
  EXPECT_EQ(cores(o), first);
  for (int c : first) EXPECT_TRUE(c >= 1 && c <= 12) << c;
  o.seed = 6;
  EXPECT_NE(cores(o), first);
  o.cores = "choice:8,x";
  EXPECT_THAT(attach_error(net, o), HasSubstr("--cores: expected choice:"));

  arsim::testing::TempDir dir;
  o.cores_file = dir.file("cores.txt");
  std::ofstream(o.cores_file) << "# node cores\nParis 4\nLondon 6\nAmsterdam 1 # a comment\n"
                                 "Berlin 12\n";
  EXPECT_EQ(cores(o), (std::vector<int>{4, 6, 1, 12}));
  std::ofstream(o.cores_file) << "Paris 4\nLondon 0\n";
  EXPECT_EQ(attach_error(net, o),
            o.cores_file + ":2: expected 'NODE CORES' with CORES in [1, 1000000]");
  std::ofstream(o.cores_file) << "Paris 4\nLondon 6\n";
  EXPECT_EQ(attach_error(net, o),
            o.cores_file + ": expected a line for the site of node 'Amsterdam'");
}

TEST(PlatformText, AnnotatedAsElglWithControlHostsAndRoutes) {
  const Plan plan = attach(normalized(kGraphml), {});
  const std::string text = platform_text(plan, "a -- comment");
  auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_THAT(text, HasSubstr("<!-- a -  comment -->"));
  EXPECT_EQ(count("<host "), 13u);  // grc, portal, 2 nrm, 5 exchange points, 4 sites
  EXPECT_EQ(count(R"(<prop id="role" value="site"/>)"), 4u);
  EXPECT_EQ(count(R"(<prop id="role" value="exchange"/>)"), 5u);
  EXPECT_EQ(count(R"(<prop id="role" value="path"/>)"), 9u);
  EXPECT_EQ(count("<link id=\"ctl_"), 7u);  // portal, 2 nrm, 4 sites
  EXPECT_EQ(count("<route "), 16u);         // one per path and per control link
  EXPECT_THAT(text, HasSubstr(R"(<host id="nrm_Beta" speed="1Gf"><prop id="role" )"
                              R"(value="control"/><prop id="domain" value="Beta"/></host>)"));
  EXPECT_THAT(text, HasSubstr(R"(<link id="Alpha:x_Paris-x_London" bandwidth="20Gbps" )"));
  EXPECT_THAT(text, HasSubstr(R"(<prop id="ends" value="x_Paris x_London"/>)"));
  EXPECT_THAT(text, HasSubstr(R"(<route src="grc" dst="s_Berlin"><link_ctn id="ctl_s_Berlin"/>)"));
}

}  // namespace
}  // namespace arsim::topology
