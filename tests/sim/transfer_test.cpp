// Transfers over reserved paths in SimGrid, hand-computed on platforms/tiny.xml, with the default
// network model of a run (LV08: link latency × 13.01). Path D1:A-B has 2 Gbit/s and 1 ms. A pair
// reserved at 1 Gbit/s over [100, 200) carrying 0.08 of 100 s × 1 Gbit/s = 1e9 bytes = 8 Gbit
// takes 8 s plus 13.01 × 1 ms: it ends at 108.01301. One engine per test process. Transfers start
// from the GRC that committed the plan (TransferStarter), never from a reader of the run's events.
#include <gtest/gtest.h>

#include <simgrid/s4u/Engine.hpp>

#include "model/random.hpp"
#include "sim/actors/spawn.hpp"
#include "sim/engine/kind_registry.hpp"
#include "sim/engine/start_engine.hpp"
#include "sim/kinds/coallocation/kind.hpp"
#include "sim/kinds/coallocation/transfers/background.hpp"
#include "sim/kinds/coallocation/transfers/launcher.hpp"
#include "sim/kinds/coallocation/transfers/network.hpp"
#include "sim/scenario/scenario.hpp"

using namespace arsim;
using namespace arsim::kinds::coallocation;
using namespace arsim::kinds::coallocation::transfers;

namespace {

constexpr double kEnd = 108.01301;

// Request 0 accepted with sites A and B and one pair at `gbps` over D1:A-B for [100, 200).
RequestRecord accepted(const platform::PlatformView& view, double gbps) {
  RequestRecord r;
  r.request.id = 0;
  r.request.duration = 100;
  r.request.components = {{1}, {1}};
  r.request.pairs = {{0, 1, gbps}};
  r.outcome = kinds::coallocation::Outcome::Accepted;
  r.plan.frame = {100, 200};
  r.plan.sites = {*view.graph.find_vertex("A"), *view.graph.find_vertex("B")};
  r.plan.routes = {{*view.graph.find_edge("D1:A-B")}};
  return r;
}

struct Carried {
  std::vector<TransferRecord> transfers;
  std::vector<FlowRecord> flows;
};

// One accepted request: sites A and B, one pair at `gbps` over D1:A-B for [100, 200), carrying
// `volume` of what the reservation can. `background_flows` > 0: background traffic on D1:A-B in
// 10-s slots over [0, 300).
Carried run(double gbps, double volume, bool reserved, double background_flows) {
  const std::string file = "platforms/tiny.xml";
  const auto engine = engine::start_engine({"--log=root.thresh:critical"});
  engine->load_platform(file);
  engine->seal_platform();
  const auto view = platform::read_platform(*engine, file);
  const int ab = *view.graph.find_edge("D1:A-B");
  Recorder recorder;
  TransferConfig config;
  config.enabled = true;
  config.volume = {volume};
  config.mode = reserved ? "reserved" : "unreserved";
  Launcher launcher(&view, read_hops(view, file), config, &recorder);
  configure_lightpaths(launcher.hops());
  if (background_flows > 0)
    actors::spawn<Background>("background", launcher.hops()[ab].from, &launcher.hops()[ab],
                              view.graph.edge(ab).bandwidth, &launcher.reserved(),
                              BackgroundConfig{background_flows, 10, 0, 300},
                              model::make_stream(1, 0, "background:D1:A-B"), &recorder);
  const RequestRecord r = accepted(view, gbps);
  launcher.start(r.request, r.plan);  // as the GRC does once the plan committed
  engine->run();
  RunRecord rec = recorder.finish(simgrid::s4u::Engine::get_clock());
  return {rec.transfers_done, rec.flows};
}

}  // namespace

TEST(Transfer, OneGigabyteAtOneGbitTakesEightSecondsPlusLatency) {
  const auto out = run(1, 0.08, true, 0);
  ASSERT_EQ(out.transfers.size(), 1u);
  const auto& t = out.transfers.front();
  EXPECT_EQ(t.bytes, 1e9);
  EXPECT_DOUBLE_EQ(t.start, 100);
  EXPECT_NEAR(t.end, kEnd, 1e-6);
  EXPECT_TRUE(t.exact);
  EXPECT_EQ(t.links, std::vector<std::string>{"D1:A-B"});
  ASSERT_EQ(out.flows.size(), 1u);
  EXPECT_EQ(out.flows.front().bytes, 1e9);
}

TEST(Transfer, ReservedKeepsItsRateUnderBackgroundTraffic) {
  // 8 background flows on average per 10-s slot share what the reservation leaves (1 Gbit/s).
  const auto out = run(1, 0.08, true, 8);
  ASSERT_EQ(out.transfers.size(), 1u);
  EXPECT_NEAR(out.transfers.front().end, kEnd, 1e-6);
  double background = 0;
  for (const auto& f : out.flows)
    if (f.start != 100) background += f.bytes;
  EXPECT_GT(background, 0);  // the background did run beside it
}

TEST(Transfer, ReservationAsWideAsThePathStillRunsAtRate) {
  // 2 Gbit/s reserved on the 2 Gbit/s path: 0.04 × 100 s × 2 Gbit/s = 1e9 bytes in 4 s, with
  // background traffic offered on the same path (it gets nothing during the transfer).
  const auto out = run(2, 0.04, true, 8);
  ASSERT_EQ(out.transfers.size(), 1u);
  EXPECT_NEAR(out.transfers.front().end, 104.01301, 1e-6);
}

TEST(Transfer, UnreservedAloneRunsAtTheLinkRate) {
  // Best effort has no cap: alone on the 2 Gbit/s path, 8 Gbit take 4 s.
  const auto alone = run(1, 0.08, false, 0);
  ASSERT_EQ(alone.transfers.size(), 1u);
  EXPECT_NEAR(alone.transfers.front().end, 104.01301, 1e-6);
}

TEST(Transfer, UnreservedUnderBackgroundIsLate) {
  const auto out = run(1, 0.08, false, 8);
  ASSERT_EQ(out.transfers.size(), 1u);
  // 9 flows sharing 2 Gbit/s: about 0.22 Gbit/s each, so 1e9 bytes need about 36 s.
  EXPECT_GT(out.transfers.front().end, 120);
}

// The run's events are records only: a decision reported to the sink the transfers were wired to
// (as kind.cpp wires them) starts no transfer, whatever else reads that sink and in whatever order.
TEST(Transfer, ADecisionReportedToTheRunsSinkStartsNoTransfer) {
  engine::KindRegistry kinds;
  kinds.add("coallocation", std::make_unique<kinds::coallocation::Kind>());
  kinds.set_default("coallocation");
  auto s = scenario::load_scenario("tests/sim/data/tiny_greedy.xml", kinds.schemas());
  scenario::apply_override(s, "transfers.enabled=true");
  const std::string file = s.get_path("platform.file");
  const auto engine = engine::start_engine({"--log=root.thresh:critical"});
  engine->load_platform(file);
  engine->seal_platform();
  const auto view = platform::read_platform(*engine, file);
  Recorder recorder;
  EventBus bus;
  bus.subscribe(recorder);
  const auto launcher = start_transfers(s, 0, view, file, bus);
  ASSERT_NE(launcher, nullptr);
  bus.on(RequestDecided{accepted(view, 1)});
  engine->run();
  const RunRecord rec = recorder.finish(simgrid::s4u::Engine::get_clock());
  EXPECT_EQ(rec.requests.size(), 1u);
  EXPECT_TRUE(rec.transfers_done.empty());
  EXPECT_TRUE(rec.flows.empty());
}
