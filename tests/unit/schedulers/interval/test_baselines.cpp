// The baselines of SCS §6.2 on hand-computed cases, and properties every registered interval
// scheduler must have.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "schedulers/interval/baselines.hpp"
#include "schedulers/interval/execution.hpp"
#include "schedulers/interval/metrics.hpp"
#include "schedulers/interval/partition.hpp"
#include "schedulers/interval/register.hpp"
#include "schedulers/spectral/register.hpp"
#include "tests/support/interval_tasks.hpp"

using namespace arsim::schedulers;
using namespace arsim::schedulers::interval;
using arsim::testing::task;

namespace {

double total(const IntervalProblem& p, const IntervalSchedule& s) {
  return total_deviation(p.tasks, s.start);
}

IntervalRegistry all_schedulers() {
  IntervalRegistry r{"interval scheduler"};
  register_schedulers(r);
  spectral::register_schedulers(r);
  return r;
}

}  // namespace

// Input order A [4,6), B [0,3), C [1,4), D [2,5) on two resources (worked out in comments).
TEST(Ect, QueueOrdersGiveTheHandComputedDeviations) {
  const IntervalProblem p{{task(4, 6), task(0, 3), task(1, 4), task(2, 5)}, 2, {}, 0, 10};
  IntervalStats st;
  // Input order: A, B free; C waits for B until 3 (2); D waits until 6 (4).
  EXPECT_EQ(total(p, EctScheduler(QueueOrder::Input).schedule(p, st)), 6);
  // By start: B, C free; D waits until 3 (1); A finds a resource free at 4.
  EXPECT_EQ(total(p, EctScheduler(QueueOrder::EarliestStart).schedule(p, st)), 1);
  EXPECT_EQ(total(p, EctScheduler(QueueOrder::EarliestDeadline).schedule(p, st)),
            1);  // 2 FT: B C D A
  EXPECT_EQ(total(p, EctScheduler(QueueOrder::LeastLaxity).schedule(p, st)),
            1);  // FT + ST: B C D A
  EXPECT_EQ(total(p, EctScheduler(QueueOrder::ShortestInterval).schedule(p, st)),
            6);  // A, then B C D
}

TEST(Ect, DependentTaskEntersTheQueueAfterItsPredecessor) {
  const IntervalProblem p{{task(0, 5), task(5, 6, 0)}, 2, {}, 0, 10};
  IntervalStats st;
  const auto s = EctScheduler(QueueOrder::ShortestInterval).schedule(p, st);
  EXPECT_FALSE(check_schedule(p, s).has_value());
  EXPECT_EQ(s.start, (std::vector<double>{0, 5}));
}

TEST(MaximaIs, HardDefersTheLatestFinishSoftShiftsIt) {
  const IntervalProblem p{{task(0, 10), task(2, 4)}, 1, {}, 0, 20};
  IntervalStats st;
  const auto hard = MaximaIsScheduler(false).schedule(p, st);
  EXPECT_EQ(hard.resource, (std::vector<int>{kDeferred, 0}));
  EXPECT_EQ(hard.start[1], 2);
  EXPECT_EQ(st.values.at("deferred"), 1);
  const auto soft = MaximaIsScheduler(true).schedule(p, st);
  EXPECT_EQ(soft.start, (std::vector<double>{4, 2}));  // the long task runs after the short one
  EXPECT_EQ(total(p, EctScheduler(QueueOrder::EarliestStart).schedule(p, st)), 8);  // vs 4
}

TEST(MaximaIs, CarriedOverWorkIsNeverRemoved) {
  const IntervalProblem p{{task(0, 2)}, 1, {5}, 0, 10};
  IntervalStats st;
  EXPECT_EQ(MaximaIsScheduler(false).schedule(p, st).resource[0], kDeferred);
  EXPECT_EQ(MaximaIsScheduler(true).schedule(p, st).start[0], 5);
}

// With equal durations, earliest start + earliest completion minimises the total deviation over
// every assignment served in request order (identical jobs with release dates on identical
// machines: the k-th start of the greedy is the earliest any schedule can achieve).
TEST(Ect, EarliestStartIsOptimalForEqualDurations) {
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<int> start(0, 12);
  for (int m = 2; m <= 3; ++m)
    for (int round = 0; round < 20; ++round) {
      IntervalProblem p{{}, m, {}, 0, 20};
      for (int i = 0; i < 7; ++i) {
        const double s = start(rng);
        p.tasks.push_back(task(s, s + 4));
      }
      double best = 1e300;
      std::vector<int> res(7, 0);
      for (long code = 0; code < std::lround(std::pow(m, 7)); ++code) {
        long c = code;
        for (int i = 0; i < 7; ++i, c /= m) res[i] = static_cast<int>(c % m);
        best = std::min(best, total_deviation(p.tasks, execute_in_request_order(p, res)));
      }
      IntervalStats st;
      EXPECT_DOUBLE_EQ(total(p, EctScheduler(QueueOrder::EarliestStart).schedule(p, st)), best);
    }
}

TEST(Partition, MetisAndScotchBalanceAndRespectTheSizeLimit) {
  IntervalProblem p{{}, 3, {}, 0, 100};
  for (int i = 0; i < 30; ++i) p.tasks.push_back(task(i * 3.0, i * 3.0 + 7));
  for (auto method : {Partitioner::Metis, Partitioner::Scotch}) {
    PartitionOptions o;
    o.method = method;
    IntervalStats st;
    const auto s = PartitionScheduler(o).schedule(p, st);
    EXPECT_FALSE(check_schedule(p, s).has_value());
    ASSERT_EQ(st.cluster_sizes.size(), 3u);
    for (int size : st.cluster_sizes) EXPECT_NEAR(size, 10, 2);
    o.max_edges = 100;
    EXPECT_THROW(PartitionScheduler(o).schedule(p, st), std::invalid_argument);
  }
}

// Every registered scheduler returns a valid schedule, with dependencies, carry-over, ties and
// zero-length tasks, including more resources than tasks.
TEST(AllSchedulers, ReturnValidSchedules) {
  const IntervalRegistry reg = all_schedulers();
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(0, 10);
  for (int round = 0; round < 6; ++round) {
    IntervalProblem p{{}, 1 + round % 4, {}, 0, 10};
    const int n = round == 5 ? 3 : 25;
    for (int i = 0; i < n; ++i) {
      const double s = std::floor(u(rng));
      const double d = i % 5 == 0 ? 0 : std::floor(u(rng)) / 4;
      p.tasks.push_back(task(s, s + d, i > 0 && i % 4 == 0 ? i - 3 : -1));
    }
    p.resources = round == 5 ? 5 : p.resources;
    for (int r = 0; r < p.resources; ++r) p.busy_until.push_back(r == 0 ? 3 : 0);
    validate(p);
    for (const auto& name : reg.names()) {
      IntervalStats st;
      const auto s = reg.create(name, {})->schedule(p, st);
      EXPECT_FALSE(check_schedule(p, s).has_value())
          << name << ": " << check_schedule(p, s).value_or("");
    }
  }
}

TEST(AllSchedulers, RegisteredWithTheirParameters) {
  const IntervalRegistry reg = all_schedulers();
  for (const char* name : {"maxima-is", "soft-maxima-is", "ect", "est-ect", "edf-ect", "si-ect",
                           "llf-ect", "metis", "scotch", "scs", "scs-ls"})
    EXPECT_NO_THROW(reg.get(name)) << name;
  EXPECT_THROW(reg.create("scs", {{"bogus", "1"}}), ParamError);
  EXPECT_THROW(reg.create("scs", {{"normalize", "rows"}}), ParamError);
  EXPECT_THROW(reg.create("nope", {}), ParamError);
}
