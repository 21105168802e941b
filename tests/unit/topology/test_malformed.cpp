// Malformed variants of the data/ networks: each reader throws one InputError of one line naming
// the file, the line and what it expected.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/unit/topology/fixtures.hpp"

namespace arsim::topology {
namespace {

using namespace testing;  // NOLINT: the fixtures of this folder
using ::testing::HasSubstr;
using ::testing::StartsWith;

struct Case {
  std::string file, from, to;
  std::string where;     // "FILE:LINE:" the message starts with
  std::string expected;  // part of the message
};

Network parse(const std::string& file, const std::string& text) {
  if (file == kGraphml) return parse_graphml(text, file);
  if (file == kGml) return parse_gml(text, file);
  return parse_sndlib(text, file);
}

void expect_rejected(const Case& c) {
  const std::string text = variant(c.file, c.from, c.to);
  const std::string message =
      error_of([&](const std::string& t, const std::string& f) { parse(f, t); }, text, c.file);
  ASSERT_FALSE(message.empty()) << c.to << ": accepted";
  EXPECT_THAT(message, StartsWith(c.file + ":" + c.where + ": ")) << message;
  EXPECT_THAT(message, HasSubstr(c.expected)) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST(MalformedGraphml, EachNamesItsLine) {
  for (const Case& c : std::vector<Case>{
           {kGraphml, R"(source="1" target="2")", R"(source="1" target="9")", "38",
            "target='9': expected the id of a <node>"},
           {kGraphml, "52.3676", "north", "28", "field 'Latitude': expected a number"},
           {kGraphml, R"(<node id="4">)", R"(<node id="3">)", "33", "declared twice"},
           {kGraphml, R"(<data key="d7">40)", R"(<data key="d77">40)", "38",
            "<data key='d77'>: expected the id of a declared <key>"},
           {kGraphml, "<data key=\"d8\">G</data>", "<data key=\"d8\">Q</data>", "38",
            "field 'LinkSpeedUnits': expected K, M, G or T"},
           {kGraphml, "  </graph>", "  </grap>", "43", "expected GraphML (XML)"},
       })
    expect_rejected(c);
}

TEST(MalformedGml, EachNamesItsLine) {
  for (const Case& c : std::vector<Case>{
           {kGml, "source 0 target 1 LinkSpeedRaw", "source 0 target 7 LinkSpeedRaw", "18",
            "field 'target': expected the id of a node, got '7'"},
           {kGml, R"(LinkSpeed "2.5")", R"(LinkSpeed "fast")", "19",
            "field 'LinkSpeed': expected a speed"},
           {kGml, R"("C" Latitude 1 Longitude 0 Internal 1)",
            R"("C" Latitude 1 Longitude 0 Internal 2)", "16", "field 'Internal': expected 0 or 1"},
           {kGml, R"("peering")", R"("peering)", "21", "expected a closing"},
           {kGml, "id 2 label", "id 1 label", "16", "'1' is used twice"},
       })
    expect_rejected(c);
  // A list left open runs into the end of the file.
  const std::string open = variant(kGml, "edge [ source 1 target 1 ]\n]", "edge [ source 1");
  EXPECT_THAT(error_of(parse_gml, open, kGml), HasSubstr("got the end of the file"));
}

TEST(MalformedSndlib, EachNamesItsLine) {
  for (const Case& c : std::vector<Case>{
           {kSndlib, "L2 ( Bravo Charlie )", "L2 ( Bravo Echo )", "21",
            "field 'target': expected a node of the NODES section, got 'Echo'"},
           {kSndlib, "1000.00 5.00 1.00 0.00", "lots 5.00 1.00 0.00", "21",
            "field 'pre_installed_capacity': expected a number >= 0"},
           {kSndlib, "( 10000.00 100.00 )", "( 10000.00 )", "21",
            "field 'module_cost': expected a number >= 0, got ')'"},
           {kSndlib, "Charlie ( -0.50 1.00 )", "Charlie ( -0.50 )", "11",
            "field 'latitude': expected a number, got ')'"},
           {kSndlib, "D2 ( Bravo Delta ) 1 35.50", "D2 ( Bravo Delta ) 1 many", "32",
            "field 'demand_value'"},
           {kSndlib, "ADMISSIBLE_PATHS (", "MORE_PATHS (", "40",
            "expected a section LINKS, DEMANDS or ADMISSIBLE_PATHS"},
       })
    expect_rejected(c);
}

TEST(MalformedFiles, AMessageQuotingTheFileStaysOneShortLine) {
  const std::string broken =
      error_of(parse_gml, "graph [\n node [ id 0 Latitude \"4\n5\" ] ]\n", "a.gml");
  EXPECT_EQ(broken, "a.gml:2: field 'Latitude': expected a number, got '4 5'");
  const std::string long_value = error_of(
      parse_gml, "graph [ node [ id 0 Latitude \"" + std::string(5000, 'x') + "\" ] ]", "a.gml");
  EXPECT_THAT(long_value, StartsWith("a.gml:1: field 'Latitude': expected a number, got 'xxx"));
  EXPECT_LT(long_value.size(), 400u);
}

TEST(MalformedFiles, NoNodesOrNoGraphAreRefused) {
  EXPECT_THAT(error_of(parse_gml, "Creator \"x\"\n", "a.gml"), HasSubstr("expected a 'graph"));
  EXPECT_THAT(error_of(parse_sndlib, "# nothing\n", "a.txt"), HasSubstr("expected a NODES"));
  EXPECT_THAT(error_of(parse_sndlib, "LINKS ( )\n", "a.txt"),
              HasSubstr("a.txt:1: expected the NODES section first"));
  EXPECT_THAT(error_of(parse_graphml, "<graphml/>", "a.graphml"),
              HasSubstr("a.graphml:1: <graphml>: expected a <graph> element"));
  arsim::testing::TempDir dir;
  const std::string empty = dir.file("empty.gml");
  std::ofstream(empty) << "graph [ ]\n";
  try {
    read_network(empty);
    FAIL() << "a network without nodes was read";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), empty + ": expected at least one node, got none");
  }
}

}  // namespace
}  // namespace arsim::topology
