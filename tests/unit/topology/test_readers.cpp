// The three readers on the hand-written networks of data/ (topology/readers.hpp), and
// normalize() (topology/network.hpp).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/unit/topology/fixtures.hpp"

namespace arsim::topology {
namespace {

using namespace testing;  // NOLINT: the fixtures of this folder
using ::testing::HasSubstr;

TEST(GraphmlReader, ReadsNodesNetworksCoordinatesAndTheExternalPeer) {
  Network net = read_network(kGraphml);
  EXPECT_EQ(net.format, "graphml");
  EXPECT_EQ(net.network, "AlphaBeta");
  ASSERT_EQ(net.nodes.size(), 5u);
  EXPECT_EQ(net.links.size(), 6u);  // before parallel links are merged
  EXPECT_EQ(net.nodes[0].label, "Paris");
  EXPECT_EQ(net.nodes[0].network, "Alpha");
  EXPECT_EQ(net.nodes[2].network, "Beta");
  EXPECT_DOUBLE_EQ(*net.nodes[1].latitude, 51.5074);
  EXPECT_DOUBLE_EQ(*net.nodes[1].longitude, -0.1278);
  EXPECT_FALSE(net.nodes[3].latitude.has_value());  // Berlin
  EXPECT_FALSE(net.nodes[3].external);
  EXPECT_TRUE(net.nodes[4].external);  // Peer, Internal 0
  EXPECT_EQ(net.nodes[4].line, 33);
}

TEST(GraphmlReader, LinkSpeedsInGbpsAndParallelLinksAddUp) {
  Network net = read_network(kGraphml);
  normalize(net, 10);
  EXPECT_EQ(net.links.size(), 5u);
  EXPECT_EQ(net.parallel_links, 1);
  EXPECT_DOUBLE_EQ(*link_between(net, "Paris", "London")->gbps, 20);      // 1e10 b/s twice
  EXPECT_DOUBLE_EQ(*link_between(net, "London", "Amsterdam")->gbps, 40);  // 40 G
  EXPECT_DOUBLE_EQ(*link_between(net, "Paris", "Amsterdam")->gbps, 0.1);  // 100 M
  EXPECT_DOUBLE_EQ(*link_between(net, "Amsterdam", "Peer")->gbps, 1);     // raw 1e9
  EXPECT_FALSE(link_between(net, "Amsterdam", "Berlin")->gbps.has_value());
}

TEST(GmlReader, ReadsTheZooAttributesSkipsListsAndDropsSelfLoops) {
  Network net = read_network(kGml);
  EXPECT_EQ(net.format, "gml");
  EXPECT_EQ(net.network, "Tiny");
  ASSERT_EQ(net.nodes.size(), 4u);
  EXPECT_EQ(net.links.size(), 5u);
  EXPECT_EQ(net.nodes[1].line, 8);
  EXPECT_DOUBLE_EQ(*net.nodes[1].longitude, 1);
  EXPECT_TRUE(net.nodes[3].external);
  normalize(net, 10);
  EXPECT_EQ(net.nodes[0].name, "New_York");
  EXPECT_EQ(net.links.size(), 4u);
  EXPECT_EQ(net.self_loops, 1);
  EXPECT_DOUBLE_EQ(*link_between(net, "New_York", "B")->gbps, 10);
  EXPECT_DOUBLE_EQ(*link_between(net, "B", "C")->gbps, 2.5);
  EXPECT_FALSE(link_between(net, "C", "New_York")->gbps.has_value());
}

TEST(SndlibReader, CapacityIsPreInstalledPlusTheLargestModuleInMbps) {
  Network net = read_network(kSndlib);
  EXPECT_EQ(net.format, "sndlib");
  ASSERT_EQ(net.nodes.size(), 4u);
  EXPECT_EQ(net.demands, 3);
  normalize(net, 10);
  ASSERT_EQ(net.links.size(), 4u);
  EXPECT_DOUBLE_EQ(*link_between(net, "Alpha", "Bravo")->gbps, 2.488);  // 0 + 2488
  EXPECT_DOUBLE_EQ(*link_between(net, "Bravo", "Charlie")->gbps, 11);   // 1000 + 10000
  EXPECT_FALSE(link_between(net, "Charlie", "Alpha")->gbps.has_value());
  EXPECT_DOUBLE_EQ(*link_between(net, "Charlie", "Delta")->gbps, 0.622);
  // SNDlib gives (longitude latitude).
  EXPECT_DOUBLE_EQ(*net.nodes[1].longitude, 1);
  EXPECT_DOUBLE_EQ(*net.nodes[1].latitude, 0);
  // Delta's (500 700) is no place on Earth: treated as missing.
  EXPECT_FALSE(net.nodes[3].latitude.has_value());
  EXPECT_FALSE(net.nodes[3].longitude.has_value());
  EXPECT_DOUBLE_EQ(*net.nodes[2].longitude, -0.5);
}

TEST(SndlibReader, CoordinatesAndTheEmptyGroupsSndlibAllowsAreOptional) {
  const Network net = parse_sndlib(
      "NODES ( a b ( 3 4 ) ( ) ( ) )\nLINKS ( l ( a b ) 0 0 0 0 ( ) ( ) )\n"
      "DEMANDS ( d ( b a ) 1 2.5 7 ( ) )\n",
      "inline.txt");
  ASSERT_EQ(net.nodes.size(), 2u);
  EXPECT_FALSE(net.nodes[0].latitude.has_value());
  EXPECT_DOUBLE_EQ(*net.nodes[1].longitude, 3);
  EXPECT_DOUBLE_EQ(*net.nodes[1].latitude, 4);
  ASSERT_EQ(net.links.size(), 1u);
  EXPECT_FALSE(net.links[0].gbps.has_value());
  EXPECT_EQ(net.demands, 1);
}

TEST(ReadNetwork, TheExtensionOrFormatPicksTheReader) {
  arsim::testing::TempDir dir;
  const std::string renamed = dir.file("net.sndlib");
  std::filesystem::copy_file(kSndlib, renamed);
  EXPECT_EQ(read_network(renamed).format, "sndlib");
  const std::string odd = dir.file("net.data");
  std::filesystem::copy_file(kGml, odd);
  EXPECT_EQ(read_network(odd, "gml").nodes.size(), 4u);
  try {
    read_network(odd);
    FAIL() << "an unknown extension was read";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("expected a .graphml, .gml, .txt or .sndlib file"));
  }
  EXPECT_THROW(read_network(odd, "csv"), InputError);
}

TEST(Normalize, NamesArePlainAndUnique) {
  Network net;
  for (const char* label : {"A", "A", "a b", "", "A_2"}) {
    Node n;
    n.id = "i";
    n.label = label;
    net.nodes.push_back(n);
  }
  normalize(net, 10);
  std::vector<std::string> names;
  for (const auto& n : net.nodes) names.push_back(n.name);
  // "" falls back to the id; the second "A" is "A_2", so the later "A_2" becomes "A_2_2".
  EXPECT_EQ(names, (std::vector<std::string>{"A", "A_2", "a_b", "i", "A_2_2"}));
}

}  // namespace
}  // namespace arsim::topology
