// The simulated interval-scheduling RM against the periodic driver of schedulers/interval: same
// tasks, same scheduler, so every task must run on the same resource at the same actual start, and
// the simulated execution must last the task's duration; and the actors of a run stay a few per
// resource however many tasks are outstanding. One engine per test process.
#include <gtest/gtest.h>

#include <cmath>

#include <fmt/format.h>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include "schedulers/builtins.hpp"
#include "schedulers/interval/periodic.hpp"
#include "sim/actors/spawn.hpp"
#include "sim/engine/start_engine.hpp"
#include "sim/kinds/interval/actors/interval_rm.hpp"
#include "sim/kinds/interval/actors/task_lane.hpp"
#include "sim/platform/platform_order.hpp"
#include "workloads/intervals/synthetic.hpp"

namespace sg4 = simgrid::s4u;
using namespace arsim;

namespace {

std::vector<schedulers::IntervalTask> tasks(double dependent) {
  workloads::SyntheticIntervalParams p;
  p.tasks = 120;
  p.period = 100;
  p.granularity = 0.05;
  p.durations = "lognormal";
  p.duration_cv = 1;
  p.dependent_fraction = dependent;
  return workloads::generate_intervals(p, 11, 0);
}

struct Simulated {
  std::vector<metrics::JobRecord> finished;
  std::vector<int> sites;
  std::size_t most_actors = 0;  // alive at once, sampled every period / 10 while tasks are left
  std::size_t outstanding = 0;  // tasks not yet finished at the sample that saw most_actors
};

// Runs `ts` through the RM in SimGrid, with a probe actor sampling how many actors are alive.
Simulated simulate(const std::string& name, const std::vector<schedulers::IntervalTask>& ts, int m,
                   double period) {
  schedulers::Registries reg;
  schedulers::register_builtins(reg);
  const auto started = arsim::engine::start_engine({"--log=root.thresh:critical"});
  sg4::Engine& e = *started;
  e.load_platform("platforms/cluster128.xml");
  const auto view = platform::read_platform(e, "platforms/cluster128.xml");
  Simulated out;
  out.sites = view.graph.sites();
  out.sites.resize(m);
  kinds::interval::Recorder recorder;
  actors::spawn<kinds::interval::IntervalRm>(
      "rm", view.grc_host, &view, &recorder,
      std::shared_ptr<schedulers::IntervalScheduler>(reg.intervals.create(name, {})), ts,
      kinds::interval::IntervalRmConfig{out.sites, period, 0});
  sg4::Actor::create("probe", view.grc_host, [&] {
    // Until every task has finished, or the probe is alone (a task lost must fail, not hang).
    while (recorder.finished.size() < ts.size() &&
           sg4::Engine::get_instance()->get_actor_count() > 1) {
      sg4::this_actor::sleep_for(period / 10);
      const std::size_t alive = sg4::Engine::get_instance()->get_actor_count();
      if (alive > out.most_actors) {
        out.most_actors = alive;
        out.outstanding = ts.size() - recorder.finished.size();
      }
    }
  });
  e.run();
  out.finished = recorder.finished;
  return out;
}

// Every task ran on the resource and at the start of the periodic driver, for its duration.
void expect_like_driver(const std::string& name, const std::vector<schedulers::IntervalTask>& ts,
                        int m, double period, const Simulated& run) {
  schedulers::Registries reg;
  schedulers::register_builtins(reg);
  auto reference_scheduler = reg.intervals.create(name, {});
  const auto reference = schedulers::interval::run_periodic(*reference_scheduler, ts, m, period);
  ASSERT_EQ(run.finished.size(), ts.size());
  for (const auto& j : run.finished) {
    const int i = j.request_id;
    EXPECT_EQ(j.site, run.sites.at(reference.schedule.resource.at(i))) << "task " << i;
    EXPECT_DOUBLE_EQ(j.start, reference.schedule.start.at(i)) << "task " << i;
    EXPECT_NEAR(j.end - j.start, ts[i].duration(), 1e-9 * std::max(1.0, ts[i].duration()));
  }
}

void compare_with_driver(const std::string& name, double dependent) {
  const auto ts = tasks(dependent);
  expect_like_driver(name, ts, 4, 25, simulate(name, ts, 4, 25));
}

}  // namespace

TEST(IntervalRm, EarliestStartEarliestCompletionMatchesTheDriver) {
  compare_with_driver("est-ect", 0);
}
TEST(IntervalRm, HardMaximaIsDefersLikeTheDriver) {
  compare_with_driver("maxima-is", 0);
}
TEST(IntervalRm, DependentTasksWaitForPredecessorsLikeTheDriver) {
  compare_with_driver("est-ect", 0.3);
}
TEST(IntervalRm, RepairedSpectralSchedulerMatchesTheDriver) {
  compare_with_driver("scs-ls", 0.1);
}

// 3,000 tasks requested in one period on 3 resources (30 times what they can serve in it): the RM
// dispatches them all at once, and they stay outstanding for many periods. The actors alive stay
// the RM, two per resource and the probe, however many tasks wait; the tasks still run as the
// periodic driver says.
TEST(IntervalRm, ActorsStayBoundedWhileThousandsOfTasksAreOutstanding) {
  workloads::SyntheticIntervalParams p;
  p.tasks = 3000;
  p.period = 100;
  p.granularity = 0.01;
  const auto ts = workloads::generate_intervals(p, 5, 0);
  const int m = 3;
  const Simulated run = simulate("est-ect", ts, m, 100);
  ASSERT_EQ(run.finished.size(), ts.size());
  EXPECT_LE(run.most_actors, static_cast<std::size_t>(2 * m + 2));
  EXPECT_GE(run.outstanding, 2000u);  // the sample saw thousands of tasks waiting or running
  expect_like_driver("est-ect", ts, m, 100, run);
}

// A wait begun at `now` for duration_until(now, date) is dated now + d == date whenever some
// double d gives it, else the first date after it (no smaller d reaches date).
TEST(DurationUntil, AimsAtTheDateExactlyOrAtTheFirstDateAfterIt) {
  using kinds::interval::duration_until;
  EXPECT_EQ(duration_until(5, 5), 0);
  EXPECT_EQ(duration_until(6, 5), 0);
  EXPECT_EQ(duration_until(30, 53.97311053137843), 53.97311053137843 - 30);  // exact (Sterbenz)
  // From 19.555658666341902, 53.97311053137843 is skipped: the durations around the difference
  // give the doubles just below and just above it.
  const double now = 19.555658666341902, date = 53.97311053137843;
  const double d = duration_until(now, date);
  EXPECT_EQ(now + d, std::nextafter(date, INFINITY));
  EXPECT_LT(now + std::nextafter(d, 0.0), date);
  int exact = 0, pairs = 0;
  for (double a = 0.001; a < 5000; a *= 1.37)
    for (double b = a * 1.01; b < 1e7; b = b * 2.9 + 0.123) {
      const double e = duration_until(a, b);
      ++pairs;
      ASSERT_GE(a + e, b) << a << " " << b;
      if (a + e == b) {
        ++exact;
        continue;
      }
      EXPECT_LT(a + std::nextafter(e, 0.0), b) << a << " " << b;  // the first date after b
    }
  EXPECT_GT(exact, pairs / 2);  // the tie is the exception
}

// "The first M sites" are the platform's first M: cluster128.xml declares m0 ... m127 (radical
// 0-127), while SimGrid lists hosts by name (m0, m1, m10, m100, ...).
TEST(PlatformOrder, SitesComeInTheOrderThePlatformDeclaresThem) {
  const auto started = arsim::engine::start_engine({"--log=root.thresh:critical"});
  sg4::Engine& e = *started;
  e.load_platform("platforms/cluster128.xml");
  const auto view = platform::read_platform(e, "platforms/cluster128.xml");
  const auto sites = platform::sites_in_platform_order(e, view);
  ASSERT_EQ(sites.size(), 128u);
  for (std::size_t i = 0; i < sites.size(); ++i)
    EXPECT_EQ(view.graph.vertex(sites[i]).name, fmt::format("m{}", i));
  // The name order the sites had before: the third site is m10, not m2.
  EXPECT_EQ(view.graph.vertex(view.graph.sites()[2]).name, "m10");
}
