// The simulated interval-scheduling RM against the periodic driver of schedulers/interval: same
// tasks, same scheduler, so every task must run on the same resource at the same actual start, and
// the simulated execution must last the task's duration. One engine per test process.
#include <gtest/gtest.h>

#include <simgrid/s4u/Engine.hpp>

#include "schedulers/builtins.hpp"
#include "schedulers/interval/periodic.hpp"
#include "sim/actors/spawn.hpp"
#include "sim/kinds/interval/interval_rm.hpp"
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

void compare_with_driver(const std::string& name, double dependent) {
  schedulers::Registries reg;
  schedulers::register_builtins(reg);
  const auto ts = tasks(dependent);
  const int m = 4;
  const double period = 25;
  auto reference_scheduler = reg.intervals.create(name, {});
  const auto reference = schedulers::interval::run_periodic(*reference_scheduler, ts, m, period);

  int argc = 2;
  char a0[] = "test", a1[] = "--log=root.thresh:critical";
  char* argv[] = {a0, a1, nullptr};
  sg4::Engine e(&argc, argv);
  e.load_platform("platforms/cluster128.xml");
  const auto view = platform::read_platform(e, "platforms/cluster128.xml");
  auto sites = view.graph.sites();
  sites.resize(m);
  kinds::interval::Recorder recorder;
  actors::spawn<kinds::interval::IntervalRm>(
      "rm", view.grc_host, &view, &recorder,
      std::shared_ptr<schedulers::IntervalScheduler>(reg.intervals.create(name, {})), ts,
      kinds::interval::IntervalRmConfig{sites, period, 0});
  e.run();

  ASSERT_EQ(recorder.finished.size(), ts.size());
  for (const auto& j : recorder.finished) {
    const int i = j.request_id;
    EXPECT_EQ(j.site, sites.at(reference.schedule.resource.at(i))) << "task " << i;
    EXPECT_DOUBLE_EQ(j.start, reference.schedule.start.at(i)) << "task " << i;
    EXPECT_NEAR(j.end - j.start, ts[i].duration(), 1e-9 * std::max(1.0, ts[i].duration()));
  }
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
