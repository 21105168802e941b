// The JSON form of the families' questions and answers (schedulers/protocol/messages.hpp): what a
// message carries, answers read back, and every wrong shape named by its field.
#include <gtest/gtest.h>

#include "schedulers/protocol/messages.hpp"
#include "tests/unit/schedulers/fixtures.hpp"

namespace arsim::schedulers::protocol {
namespace {

using namespace testing_fixtures;

// Two sites joined by a path through an exchange point, and a request of two components.
struct Small {
  model::ResourceGraph g;
  model::Request r;
  std::vector<model::Availability> frames;
  Small() {
    const int a = add_site(g, "A", 4, "d1", 2), b = add_site(g, "B", 4), x = add_exchange(g, "X");
    add_link(g, a, x, 10, "d1", 3);
    add_link(g, x, b, 10, "d1", 3);
    r = make_request({2, 1}, {{0, 1, 1.5}}, 0.1, 0.1 + 0.2, 10);
    frames = {model::full_availability(g, {0.1, 10.1}), model::full_availability(g, {5, 15})};
  }
};

TEST(ProtocolMessages, APlanMessageCarriesTheRequestAndEachFrameExactly) {
  Small s;
  const Json m = Json::parse(line_of(plan_message(s.r, s.frames)));
  EXPECT_EQ(m["type"], "plan");
  EXPECT_EQ(m["request"]["lst"].get<double>(), 0.1 + 0.2);  // 17 digits: read back exactly
  EXPECT_EQ(m["request"]["components"][0]["cpus"], 2);
  EXPECT_EQ(m["request"]["pairs"][0]["bandwidth"].get<double>(), 1.5);
  ASSERT_EQ(m["frames"].size(), 2u);
  EXPECT_EQ(m["frames"][1]["start"].get<double>(), 5);
  EXPECT_EQ(m["frames"][0]["free_cores"], Json::parse("[4, 4, 0]"));
  EXPECT_EQ(m["frames"][0]["free_bandwidth"], Json::parse("[10.0, 10.0]"));
  const Json graph = graph_message(s.g);
  EXPECT_EQ(graph["vertices"][2]["role"], "exchange");
  EXPECT_EQ(graph["edges"][1]["a"], 2);
}

// Latencies (docs/guide/coallocation.md, Latency bounds): every edge carries its own; a pair
// carries max_latency only when it has a bound, so a request without bounds is sent as before.
TEST(ProtocolMessages, EdgesCarryTheirLatencyAndPairsOnlyTheirBounds) {
  Small s;
  model::ResourceGraph g;
  const int a = add_site(g, "A", 4), b = add_site(g, "B", 4);
  add_link(g, a, b, 10, "d1", 1, 0.1 + 0.2);
  add_link(g, a, b, 10, "d1", 1, 0);
  const Json graph = Json::parse(line_of(graph_message(g)));
  EXPECT_EQ(graph["edges"][0]["latency"].get<double>(), 0.1 + 0.2);  // read back exactly
  EXPECT_EQ(graph["edges"][1]["latency"].get<double>(), 0);
  EXPECT_EQ(Json::parse(line_of(graph_message(s.g)))["edges"][0]["latency"].get<double>(), 0);

  const std::string unbounded = line_of(plan_message(s.r, s.frames));
  EXPECT_EQ(Json::parse(unbounded)["request"]["pairs"][0],
            Json::parse(R"({"a": 0, "b": 1, "bandwidth": 1.5})"));
  EXPECT_EQ(unbounded.find("max_latency"), std::string::npos);

  s.r.pairs.push_back({1, 0, 2, 0.1 + 0.7});
  s.r.pairs.push_back({0, 1, 0, 0});  // a bound of 0 is a bound
  const Json bounded = Json::parse(line_of(plan_message(s.r, s.frames)))["request"]["pairs"];
  ASSERT_EQ(bounded.size(), 3u);
  EXPECT_FALSE(bounded[0].contains("max_latency"));
  EXPECT_EQ(bounded[1]["max_latency"].get<double>(), 0.1 + 0.7);
  EXPECT_EQ(bounded[1].size(), 4u);
  EXPECT_EQ(bounded[2]["max_latency"].get<double>(), 0);
}

// Pins (model::Component::site): a pinned component carries "site", after "cpus"; an unpinned one
// only "cpus", so a request without pins is sent as before pins existed.
TEST(ProtocolMessages, OnlyPinnedComponentsCarryTheirSite) {
  Small s;
  const std::string unpinned = line_of(plan_message(s.r, s.frames));
  EXPECT_EQ(unpinned.find("\"site\""), std::string::npos);
  EXPECT_NE(unpinned.find(R"("components":[{"cpus":2},{"cpus":1}])"), std::string::npos);
  s.r.components[1].site = 1;
  const std::string pinned = line_of(plan_message(s.r, s.frames));
  EXPECT_NE(pinned.find(R"("components":[{"cpus":2},{"cpus":1,"site":1}])"), std::string::npos);
}

TEST(ProtocolMessages, PlansAreReadWithTheirFramesAndTheValueOfObjective3) {
  Small s;
  PlannerStats stats;
  const auto plans = read_plans(
      Json::parse(R"({"plans": [{"frame": 1, "sites": [0, 1], "routes": [[0, 1]]}], "nodes": 4})"),
      s.g, s.r, s.frames, stats);
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_EQ(plans[0].frame, s.frames[1].frame);
  EXPECT_EQ(plans[0].sites, (std::vector<int>{0, 1}));
  EXPECT_EQ(plans[0].routes, (std::vector<std::vector<int>>{{0, 1}}));
  // 2 cores × 2 + 1 core × 1 + 1.5 Gbit/s on two edges of value 3 (objective (3), plan_value).
  EXPECT_DOUBLE_EQ(plans[0].cost, 2 * 2 + 1 * 1 + 1.5 * 3 * 2);
  EXPECT_EQ(stats.nodes, 4);
  const auto priced = read_plans(
      Json::parse(R"({"plans": [{"frame": 0, "sites": [1, 0], "routes": [[1, 0]], "cost": 7}]})"),
      s.g, s.r, s.frames, stats);
  EXPECT_EQ(priced[0].cost, 7);
}

void expect_refused(const std::string& answer, const std::string& named) {
  Small s;
  PlannerStats stats;
  try {
    read_plans(Json::parse(answer), s.g, s.r, s.frames, stats);
    ADD_FAILURE() << "accepted " << answer;
  } catch (const ProtocolError& e) {
    EXPECT_NE(std::string(e.what()).find(named), std::string::npos) << e.what();
  }
}

TEST(ProtocolMessages, EveryWrongShapeOfAPlanAnswerIsNamed) {
  expect_refused(R"([])", "expected an object");
  expect_refused(R"({})", "'plans': expected a value");
  expect_refused(R"({"plans": 3})", "'plans': expected a list");
  expect_refused(R"({"plans": [{"frame": 2, "sites": [0, 1], "routes": [[]]}]})",
                 "'plans[0].frame': expected a frame index in [0, 2)");
  expect_refused(R"({"plans": [{"frame": 0, "routes": [[]]}]})", "'plans[0].sites'");
  expect_refused(R"({"plans": [{"frame": 0, "sites": [0], "routes": [[]]}]})",
                 "'plans[0].sites': expected a list of 2 items, found 1");
  expect_refused(R"({"plans": [{"frame": 0, "sites": [0, 1.5], "routes": [[]]}]})",
                 "'plans[0].sites[1]': expected an integer");
  expect_refused(R"({"plans": [{"frame": 0, "sites": [0, 1], "routes": [["e"]]}]})",
                 "'plans[0].routes[0][0]': expected an integer");
  expect_refused(R"({"plans": [{"frame": 0, "sites": [0, 1], "routes": []}]})",
                 "'plans[0].routes': expected a list of 1 items, found 0");
  expect_refused(R"({"plans": [{"frame": 0, "sites": [0, 99999999999], "routes": [[]]}]})",
                 "in the range of int");
  expect_refused(R"({"plans": [{"frame": 0, "sites": [0, 3], "routes": [[]]}]})",
                 "'plans[0].sites[1]': expected an id in [0, 3)");
  expect_refused(R"({"plans": [{"frame": 0, "sites": [0, 1], "routes": [[0, -1]]}]})",
                 "'plans[0].routes[0][1]': expected an id in [0, 2)");
  expect_refused(R"({"error": "out of ideas"})", "out of ideas");
}

TEST(ProtocolMessages, ASchedulesDeferredTasksMayHaveNoStart) {
  IntervalProblem p;
  p.resources = 2;
  p.tasks = {{1, 0, 10}, {2, 5, 7}};
  const Json m = schedule_message(p);
  EXPECT_EQ(m["busy_until"], Json::parse("[0.0, 0.0]"));
  const auto s = read_schedule(Json::parse(R"({"resource": [1, -1], "start": [0, null]})"), p);
  EXPECT_EQ(s.resource, (std::vector<int>{1, kDeferred}));
  EXPECT_EQ(s.start[0], 0);
  EXPECT_THROW(read_schedule(Json::parse(R"({"resource": [1, 0], "start": [0, null]})"), p),
               ProtocolError);
  EXPECT_THROW(read_schedule(Json::parse(R"({"resource": [1], "start": [0]})"), p), ProtocolError);
}

TEST(ProtocolMessages, MatchingsAndGangsAreReadBack) {
  model::matching::Instance inst;
  inst.types = {{"cpu", {"arch"}, {"load"}}};
  inst.resources = {{"r0", 0, {"x86"}, {1.0}}};
  inst.jobs = {{"j0", 2, {{0, {{0, "x86"}}, {0.5}}}}, {"j1", 1, {{0, {}, {0.75}}}}};
  const Json m = match_message(inst, {}, 9);
  EXPECT_EQ(m["objective"], "throughput");
  EXPECT_EQ(m["jobs"][0]["depends"][0]["requirements"][0]["value"], "x86");
  const auto matching = read_matching(Json::parse(R"({"assigned": [[0], []]})"), inst);
  EXPECT_EQ(matching.assigned, (std::vector<std::vector<int>>{{0}, {}}));
  EXPECT_THROW(read_matching(Json::parse(R"({"assigned": [[0]]})"), inst), ProtocolError);
  const auto gangs = read_gangs(Json::parse(
      R"({"gangs": [[{"ad": 0, "parent": -1, "parent_port": -1, "port": -1},
                     {"ad": 2, "parent": 0, "parent_port": 1, "port": 0}]]})"));
  ASSERT_EQ(gangs.size(), 1u);
  EXPECT_EQ(gangs[0].nodes[1].ad, 2);
  EXPECT_EQ(gangs[0].nodes[1].parent_port, 1);
  EXPECT_THROW(read_gangs(Json::parse(R"({"gangs": [[{"ad": 0}]]})")), ProtocolError);
}

TEST(ProtocolMessages, HelloNamesTheVersionAndTheAnswerMustAgree) {
  const Json h = hello(kPlanner, "external", {{"k", "v"}}, 3);
  EXPECT_EQ(h["protocol"], kVersion);
  EXPECT_EQ(h["params"]["k"], "v");
  EXPECT_NO_THROW(read_hello(Json::parse(R"({"protocol": 1})")));
  EXPECT_THROW(read_hello(Json::parse(R"({"protocol": 2})")), ProtocolError);
  EXPECT_THROW(read_hello(Json::parse(R"({})")), ProtocolError);
}

}  // namespace
}  // namespace arsim::schedulers::protocol
