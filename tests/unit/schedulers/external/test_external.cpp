// `external` as a planner (schedulers/external/external.hpp) with a client in Python: the
// conversation's messages, in order, and the plans it answers.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "schedulers/external/external.hpp"
#include "tests/unit/schedulers/fixtures.hpp"

namespace arsim::schedulers::external {
namespace {

using namespace testing_fixtures;

// Answers as the protocol asks, and writes the type of every message to the file in argv[1], and
// after hello its params but the command.
const char* kClient = R"(import json, sys
log = open(sys.argv[1], "w")
for line in sys.stdin:
    m = json.loads(line)
    log.write(m["type"] + "\n")
    if m["type"] == "end":
        break
    if m["type"] == "hello":
        log.write(" ".join(f"{k}={v}" for k, v in sorted(m["params"].items()) if k != "command") + "\n")
        answer = {"protocol": 1}
    elif m["type"] == "plan":
        answer = {"plans": [{"frame": 0, "sites": [0, 1], "routes": [[0]]}], "nodes": 2}
    else:
        answer = {}
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
)";

TEST(External, APlannerClientIsGreetedGivenTheGraphOnceAndAskedPerRequest) {
  model::ResourceGraph g;
  const int a = add_site(g, "A", 4), b = add_site(g, "B", 4);
  add_link(g, a, b, 10);
  const auto r = make_request({1, 1}, {{0, 1, 1}});
  const std::vector<model::Availability> frames = {model::full_availability(g, {0, 10})};
  const std::string log = ::testing::TempDir() + "external_messages.txt";
  ExternalOptions options;
  options.command = "/usr/bin/python3 -c '" + std::string(kClient) + "' " + log;
  options.client_params = {"max_hops=2", "label=a=b"};
  {
    protocol::ForeignPlanner planner(std::make_shared<ExternalConversation>("planner", options));
    PlannerStats stats;
    for (int i = 0; i < 2; ++i) {
      const auto plans = planner.plan(g, r, frames, stats);
      ASSERT_EQ(plans.size(), 1u);
      EXPECT_EQ(plans[0].sites, (std::vector<int>{0, 1}));
      EXPECT_FALSE(model::check_plan(g, r, frames[0], plans[0]).has_value());
    }
    planner.decided(r, true);
    EXPECT_EQ(stats.nodes, 4);
    EXPECT_EQ(stats.solves, 2);
  }  // destroyed: `end`, then the client exits and is reaped
  std::ifstream in(log);
  std::string types, params, line;
  std::getline(in, types);  // hello's type, then its params
  std::getline(in, params);
  EXPECT_EQ(params, "label=a=b max_hops=2 timeout=60");
  while (std::getline(in, line)) types += " " + line;
  EXPECT_EQ(types, "hello graph plan plan outcome end");
}

TEST(External, ExactlyOneOfCommandAndConnect) {
  EXPECT_THROW(ExternalConversation("planner", {}), ParamError);
  ExternalOptions both;
  both.command = "cat";
  both.connect = "client.sock";
  EXPECT_THROW(ExternalConversation("planner", both), ParamError);
}

TEST(External, ClientParamsAreKeyValueWordsNotExternalsOwn) {
  ExternalOptions options;
  options.command = "cat";
  for (const char* bad : {"max_hops", "=2", "timeout=5", "seed=3"}) {
    options.client_params = {bad};
    EXPECT_THROW(ExternalConversation("planner", options), ParamError) << bad;
  }
  options.client_params = {"max_hops=2", "empty="};
  EXPECT_NO_THROW(ExternalConversation("planner", options));
}

TEST(External, NothingStartsBeforeTheFirstQuestion) {
  const std::string marker = ::testing::TempDir() + "external_started";
  std::remove(marker.c_str());
  ExternalOptions options;
  options.command = "touch " + marker;
  { ExternalConversation made("planner", options); }  // made and destroyed, never asked
  EXPECT_FALSE(std::ifstream(marker).good());
  {
    ExternalConversation asked("planner", options);
    EXPECT_THROW(asked.ask(protocol::Json::object()), std::runtime_error);  // it answers nothing
  }
  EXPECT_TRUE(std::ifstream(marker).good());  // the marker works: the asked one did start
  std::remove(marker.c_str());
}

}  // namespace
}  // namespace arsim::schedulers::external
