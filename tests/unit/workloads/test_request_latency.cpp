// Latency bounds in request files (`a-b:bandwidth@max_latency`, workloads/request_file.hpp) and
// in the GridARS generator (`max_latency`, workloads/gridars_generator.hpp).
#include <limits>
#include <stdexcept>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "workloads/gridars_generator.hpp"
#include "workloads/request_file.hpp"

namespace arsim::workloads {
namespace {

const std::string kLine = "3 UserA 1 5 10 20 30 1 2,2,2 ";

TEST(RequestFileLatency, RoundTripWithAndWithoutBounds) {
  const std::string text = kLine + "0-1:1@0.05,1-2:2,0-2:0.5@0\n";
  const auto read = parse_request_text(text, "r.req");
  ASSERT_EQ(read.size(), 1u);
  const auto& p = read[0].pairs;
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[0].bandwidth, 1);
  EXPECT_EQ(p[0].max_latency, 0.05);
  EXPECT_EQ(p[1].bandwidth, 2);
  EXPECT_FALSE(p[1].has_latency_bound());
  EXPECT_EQ(p[1].max_latency, model::kNoLatencyBound);
  EXPECT_EQ(p[2].max_latency, 0);
  EXPECT_EQ(format_request_line(read[0]) + "\n", text);  // byte-identical back
}

TEST(RequestFileLatency, OldLinesReadAndWriteAsBefore) {
  const std::string text = kLine + "0-1:1,1-2:1";
  const auto read = parse_request_text(text, "r.req");
  ASSERT_EQ(read.size(), 1u);
  for (const auto& p : read[0].pairs) EXPECT_FALSE(p.has_latency_bound());
  EXPECT_EQ(format_request_line(read[0]), text);
}

TEST(RequestFileLatency, BadBoundsNameFileLineAndField) {
  auto error_of = [](const std::string& pairs) {
    try {
      parse_request_text("\n" + kLine + pairs + "\n", "r.req");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string expected =
      "expected '-' or a comma list of a-b:bandwidth[@max_latency] like 0-1:1,1-2:1@0.05";
  EXPECT_EQ(error_of("0-1:1@x"), "r.req:2: field 'pairs': " + expected + ", got '0-1:1@x'");
  EXPECT_EQ(error_of("0-1:1@"), "r.req:2: field 'pairs': " + expected + ", got '0-1:1@'");
  EXPECT_EQ(error_of("0-1:1@inf"), "r.req:2: field 'pairs': " + expected + ", got '0-1:1@inf'");
  EXPECT_EQ(error_of("0-1@1:1"), "r.req:2: field 'pairs': " + expected + ", got '0-1@1:1'");
  EXPECT_EQ(error_of("0-1:1@-0.5"),
            "r.req:2: request 3: pair 0-1: max_latency must be >= 0 seconds (or none)");
}

TEST(GridarsLatency, EveryPairGetsTheBoundAndNothingElseChanges) {
  GridarsConfig bounded;
  bounded.max_latency = 0.02;
  const auto plain = generate_gridars(GridarsConfig{}, 4, 1);
  const auto with = generate_gridars(bounded, 4, 1);
  ASSERT_EQ(plain.size(), with.size());
  ASSERT_GT(plain.size(), 100u);
  for (std::size_t i = 0; i < plain.size(); ++i) {
    auto same = with[i];
    for (auto& p : same.pairs) {
      EXPECT_EQ(p.max_latency, 0.02);
      p.max_latency = model::kNoLatencyBound;
    }
    EXPECT_EQ(format_request_line(same), format_request_line(plain[i]));
  }
  bounded.max_latency = -1;
  EXPECT_THROW(generate_gridars(bounded, 4, 1), std::invalid_argument);
}

}  // namespace
}  // namespace arsim::workloads
