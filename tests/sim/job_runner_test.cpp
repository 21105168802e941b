// actors::JobRunner (sim/actors/job_runner.hpp) killed while it computes, as a compute RM kills
// the job of a released reservation (docs/design/coallocation.md, Failures): its cores go back to
// the site's allocator at once, and its execution stops, so a job reserved on the same cores from
// the release onwards starts and lasts exactly its frame. One engine per test process.
#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include "sim/actors/job_runner.hpp"
#include "sim/actors/spawn.hpp"
#include "sim/engine/start_engine.hpp"

namespace sg4 = simgrid::s4u;
using namespace arsim;

namespace {

struct Seen {
  std::optional<int> free_after_kill;  // the site's free cores just after the kill
  std::optional<double> second_start, second_end;
  bool first_finished = false;
};

// Site A of platforms/tiny.xml (one host of 4 cores): job 0 holds all 4 cores over [0, 100) and is
// killed at 50; job 1 is reserved on all 4 over [50, 150), from the instant of the kill.
Seen run_kill_then_reuse() {
  const auto started = engine::start_engine({"--log=root.thresh:critical"});
  sg4::Engine& e = *started;
  const std::string file = "platforms/tiny.xml";
  e.load_platform(file);
  const platform::PlatformView view = platform::read_platform(e, file);
  const int site = *view.graph.find_vertex("A");
  const auto allocator = actors::site_allocator(view, site);
  Seen seen;
  actors::JobHooks first{nullptr, [&](const auto&, const auto&) { seen.first_finished = true; }};
  actors::JobHooks second{
      [&](const metrics::JobRecord& j) { seen.second_start = j.start; },
      [&](const metrics::JobRecord& j, const auto&) { seen.second_end = j.end; }};
  sg4::Host* here = e.host_by_name("grc");
  const auto job0 = actors::spawn<actors::JobRunner>("job-0", here, &view, site, 0, 4,
                                                     model::TimeFrame{0, 100}, allocator, first);
  sg4::Actor::create("rm", here, [&] {
    sg4::this_actor::sleep_until(50);
    job0->kill();
    seen.free_after_kill = allocator->free_cores(0);
    actors::spawn<actors::JobRunner>("job-1", here, &view, site, 1, 4, model::TimeFrame{50, 150},
                                     allocator, second);
  });
  e.run();
  actors::rethrow_failure();
  return seen;
}

}  // namespace

TEST(JobRunner, AKilledJobGivesBackItsCoresAndStopsComputing) {
  Seen seen;
  ASSERT_NO_THROW(seen = run_kill_then_reuse());
  EXPECT_FALSE(seen.first_finished);
  ASSERT_TRUE(seen.free_after_kill.has_value());
  EXPECT_EQ(*seen.free_after_kill, 4);
  ASSERT_TRUE(seen.second_start.has_value());
  ASSERT_TRUE(seen.second_end.has_value());
  EXPECT_DOUBLE_EQ(*seen.second_start, 50);
  // Alone on the host's 4 cores: a killed job still computing would share them and stretch it.
  EXPECT_NEAR(*seen.second_end, 150, 1e-6);
}
