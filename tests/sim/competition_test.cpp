// Two GRCs competing for the RMs of the tiny platform (GridARS §2.1), with the real actors in one
// engine per test process. The winner's request takes 3 cores on one site over [100, 200); the
// loser's takes 3 cores on both A and B, over [100, 200) or else [300, 400). Both GRCs see the
// sites free; the loser plans `lag` seconds longer, so its holds arrive while the winner's are
// held, or after the winner committed. The loser's refused hold must abort its other holds at once,
// and the loser must get its second frame.
#include <gtest/gtest.h>

#include <string>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include "schedulers/builtins.hpp"
#include "sim/engine/start_engine.hpp"
#include "sim/kinds/coallocation/actors/compute_rm.hpp"
#include "sim/kinds/coallocation/actors/grc.hpp"
#include "sim/kinds/coallocation/actors/network_rm.hpp"
#include "sim/kinds/coallocation/actors/user.hpp"

namespace sg4 = simgrid::s4u;
using namespace arsim;
using namespace arsim::kinds::coallocation;

namespace {

model::Request request(int id, const std::string& user, double est, double lst,
                       std::vector<model::Component> components) {
  model::Request r;
  r.id = id;
  r.user = user;
  r.submit = 0;
  r.est = est;
  r.lst = lst;
  r.duration = 100;
  r.components = std::move(components);
  if (r.components.size() == 2) r.pairs = {{0, 1, 1.0}};
  return r;
}

struct World {
  platform::PlatformView view;
  Recorder recorder;
  RunRecord record;
  std::map<std::string, double> free_early, free_late;  // per site, over [100, 200) and [300, 400)
};

std::shared_ptr<schedulers::CoallocationPlanner> greedy() {
  schedulers::Registries reg;
  schedulers::register_builtins(reg);
  return std::shared_ptr<schedulers::CoallocationPlanner>(reg.planners.create("greedy", {}));
}

// Two frames per request, order time; fields set one by one (GCC 12 warns of an aggregate
// initialisation of the nested strings).
GrcConfig config(const std::string& name, int index, double planning_delay) {
  GrcConfig c;
  c.decision.frames = 2;
  c.name = name;
  c.index = index;
  c.timing.planning_delay = planning_delay;
  return c;
}

// GRC "grc" (user W, delay `winner_delay`) and GRC "g2" (user L, delay winner_delay + lag).
void run(World& w, double winner_delay, double lag, const model::Request& winner,
         const model::Request& loser) {
  // CM02: a message takes exactly its route's latency plus its size over the bandwidth.
  const auto started =
      arsim::engine::start_engine({"--log=root.thresh:critical", "--cfg=network/model:CM02"});
  sg4::Engine& e = *started;
  const std::string platform_file = "platforms/tiny.xml";
  e.load_platform(platform_file);
  e.seal_platform();
  w.view = platform::read_platform(e, platform_file);
  RunContext ctx{&w.view, &w.recorder};
  for (int site : w.view.graph.sites())
    spawn<ComputeRm>("crm", w.view.site_hosts.at(site).front(), ctx, site);
  for (const auto& [domain, host] : w.view.network_rm_hosts)
    spawn<NetworkRm>("nrm", host, ctx, domain);
  spawn<Grc>("grc", w.view.grc_host, ctx, greedy(), config("grc", 0, winner_delay));
  spawn<Grc>("grc-g2", w.view.grc_host, ctx, greedy(), config("g2", 1, winner_delay + lag));
  spawn<User>("user-W", w.view.user_host, "W", std::vector<model::Request>{winner},
              User::Submissions::start(grc_mailbox(), w.view.user_host));
  spawn<User>("user-L", w.view.user_host, "L", std::vector<model::Request>{loser},
              User::Submissions::start(grc_mailbox("g2"), w.view.user_host));
  sg4::Actor::create("probe", w.view.grc_host, [&w]() {
    auto* box = sg4::Mailbox::by_name("probe");
    sg4::this_actor::sleep_until(5);  // after both decisions, long before a hold could expire
    for (const char* site : {"A", "B"})
      for (auto [frame, out] : {std::pair{model::TimeFrame{100, 200}, &w.free_early},
                                std::pair{model::TimeFrame{300, 400}, &w.free_late}}) {
        compute_rm_mailbox(site)->put(
            new protocol::RmMessage(protocol::AvailabilityQuery{{frame}, box}), 1024);
        (*out)[site] = box->get_unique<protocol::AvailabilityReply>()->free.at(0).at(0);
      }
  });
  e.run();
  w.record = w.recorder.finish(sg4::Engine::get_clock());
}

// Checks what every collision must leave: the winner on its first frame, the loser refused once
// in phase one and accepted on its second frame, and no capacity held by the aborted attempt.
void expect_loser_moved_on(const World& w) {
  ASSERT_EQ(w.record.requests.size(), 2u);
  const auto& win = w.record.requests[0];
  const auto& lose = w.record.requests[1];
  EXPECT_EQ(win.coordinator, "grc");
  EXPECT_EQ(lose.coordinator, "g2");
  ASSERT_EQ(win.outcome, Outcome::Accepted);
  EXPECT_EQ(win.plans_tried, 1);
  EXPECT_DOUBLE_EQ(win.plan.frame.start, 100);
  ASSERT_EQ(lose.outcome, Outcome::Accepted) << "the loser must try its next plan";
  EXPECT_EQ(lose.plans_tried, 2);
  EXPECT_DOUBLE_EQ(lose.plan.frame.start, 300);

  ASSERT_EQ(w.record.attempts.size(), 1u);
  const auto& a = w.record.attempts[0];
  EXPECT_EQ(a.request_id, 1);
  EXPECT_EQ(a.coordinator, "g2");
  EXPECT_EQ(a.attempt, 1);
  EXPECT_EQ(a.phase, AttemptPhase::Hold);
  EXPECT_DOUBLE_EQ(a.frame.start, 100);
  EXPECT_EQ(a.rms, 3);      // A's and B's compute RMs and D1's network RM
  EXPECT_EQ(a.refused, 1);  // the site the winner took
  EXPECT_EQ(a.started, 0);

  const std::string taken = w.view.graph.vertex(win.plan.sites.at(0)).name;
  const std::string other = taken == "A" ? "B" : "A";
  EXPECT_EQ(w.free_early.at(taken), 1) << "the winner's 3 cores";
  EXPECT_EQ(w.free_early.at(other), 4)
      << "the loser's granted hold on " << other << " must be aborted, not left to expire";
  EXPECT_EQ(w.free_late.at("A"), 1);  // the loser's second frame
  EXPECT_EQ(w.free_late.at("B"), 1);
}

}  // namespace

TEST(Competition, HoldRefusedWhileTheOtherGrcHoldsAbortsTheRestAndTriesTheNextPlan) {
  // Both GRCs get every availability reply at ~15 ms. The winner's holds reach the RMs at ~20 ms
  // and its commit at ~30 ms; the loser's, 8 ms later, at ~28 ms: between the two, so the
  // winner's capacity is only held, not yet committed, when the loser's hold is refused.
  World w;
  run(w, 0, 0.008, request(0, "W", 100, 100, {{3}}), request(1, "L", 100, 300, {{3}, {3}}));
  expect_loser_moved_on(w);
}

TEST(Competition, HoldRefusedAfterTheOtherGrcCommittedTriesTheNextPlan) {
  World w;
  run(w, 0.5, 1.0, request(0, "W", 100, 100, {{3}}), request(1, "L", 100, 300, {{3}, {3}}));
  expect_loser_moved_on(w);
}

TEST(Competition, HoldsOfTwoGrcsArrivingAtOnceOnASharedSiteAreBothGranted) {
  // No planning time: both GRCs hold at the same instant on the site they share, and both fit
  // (2 + 2 of 4 cores). Their reservation ids come from disjoint ranges; were they equal, the
  // site would refuse the second hold as an id already in use.
  World w;
  run(w, 0, 0, request(0, "W", 100, 100, {{2}}), request(1, "L", 100, 300, {{2}, {2}}));
  ASSERT_EQ(w.record.requests.size(), 2u);
  for (const auto& r : w.record.requests) {
    EXPECT_EQ(r.outcome, Outcome::Accepted);
    EXPECT_EQ(r.plans_tried, 1);
  }
  EXPECT_TRUE(w.record.attempts.empty());
  EXPECT_EQ(w.free_early.at("A") + w.free_early.at("B"), 2);
}

TEST(Competition, HoldForAFrameAlreadyStartedIsRefusedByEveryRm) {
  // The GRC plans 1 s; the only frame starts at 0.5 s.
  World w;
  run(w, 1.0, 0, request(0, "W", 0.5, 0.5, {{3}}), request(1, "L", 100, 100, {{3}, {3}}));
  ASSERT_EQ(w.record.requests.size(), 2u);
  EXPECT_EQ(w.record.requests[0].outcome, Outcome::Rejected);
  ASSERT_GE(w.record.attempts.size(), 1u);
  const auto& a = w.record.attempts[0];
  EXPECT_EQ(a.request_id, 0);
  EXPECT_EQ(a.rms, 1);
  EXPECT_EQ(a.refused, 1);
  EXPECT_EQ(a.started, 1);
  EXPECT_GT(a.time, a.frame.start);
  EXPECT_EQ(w.record.requests[1].outcome, Outcome::Accepted);
}
