// The job stream of the on-line matcher (workloads/matching/online.hpp): the closed form of the
// expected usage against the sample mean of the generator itself, the placeable usage against the
// closed form where every job fits, the rate on a hand case, and the stream's own properties.
#include <gtest/gtest.h>

#include <cmath>

#include "model/random.hpp"
#include "tests/support/tiny_matching_workload.hpp"
#include "workloads/matching/generator.hpp"
#include "workloads/matching/online.hpp"

namespace arsim::workloads::matching {
namespace {

// Per type and attribute: the sample mean and standard error of U(j,a) over the jobs of `inst`.
struct Moments {
  std::vector<std::vector<double>> mean, error;
};
Moments moments(const mm::Instance& inst, bool only_fitting) {
  const auto cand = mm::candidate_sets(inst);
  Moments m;
  std::vector<std::vector<double>> sq;
  for (const auto& t : inst.types) {
    m.mean.emplace_back(t.dynamic_attributes.size(), 0.0);
    sq.emplace_back(t.dynamic_attributes.size(), 0.0);
  }
  const double n = static_cast<double>(inst.jobs.size());
  for (std::size_t j = 0; j < inst.jobs.size(); ++j) {
    if (only_fitting && !fits_alone(inst, cand, static_cast<int>(j))) continue;
    for (const auto& d : inst.jobs[j].depends)
      for (std::size_t a = 0; a < d.usage.size(); ++a) {
        m.mean[d.type][a] += d.usage[a] / n;
        sq[d.type][a] += d.usage[a] * d.usage[a] / n;
      }
  }
  m.error = sq;
  for (std::size_t t = 0; t < sq.size(); ++t)
    for (std::size_t a = 0; a < sq[t].size(); ++a)
      m.error[t][a] = std::sqrt((sq[t][a] - m.mean[t][a] * m.mean[t][a]) / n);
  return m;
}

TEST(OnlineWorkload, ExpectedUsageIsTheMeanOfTheGeneratorsDraws) {
  for (double p : {0.1, 0.3, 0.7}) {
    auto inst = table1_resources(3, 0, 50);
    const auto closed = expected_usage(inst, p);
    add_jobs(inst, 3, 0, 40000, p);
    const auto m = moments(inst, false);
    for (std::size_t t = 0; t < closed.size(); ++t)
      for (std::size_t a = 0; a < closed[t].size(); ++a) {
        EXPECT_GT(closed[t][a], 0);
        EXPECT_NEAR(m.mean[t][a], closed[t][a], 5 * m.error[t][a]) << "p " << p << " type " << t;
      }
  }
}

// Resources of one type all alike: every candidate set is the whole type and no usage exceeds the
// capacity, so every job fits and the placeable usage must be the closed form.
TEST(OnlineWorkload, PlaceableUsageIsTheExpectedUsageWhereEveryJobFits) {
  mm::Instance inst;
  inst.types = {{"server", {"os", "domain"}, {"cpu", "mem"}}, {"db", {"vendor"}, {"conn"}}};
  for (int i = 0; i < 5; ++i) {
    inst.resources.push_back({"s", 0, {"linux", "d0"}, {100, 4096}});
    inst.resources.push_back({"d", 1, {"db2"}, {50}});
  }
  const auto closed = expected_usage(inst, 0.4);
  const auto placeable = placeable_usage(inst, 0.4, 9, 0, 40000);
  mm::Instance sample{inst.types, inst.resources, {}};
  add_jobs(sample, model::derive_seed(9, 0, "matching-load"), 0, 40000, 0.4);
  const auto m = moments(sample, true);
  for (std::size_t t = 0; t < closed.size(); ++t)
    for (std::size_t a = 0; a < closed[t].size(); ++a) {
      EXPECT_NEAR(placeable[t][a], m.mean[t][a], 1e-9 * m.mean[t][a]);  // the same draws
      EXPECT_NEAR(placeable[t][a], closed[t][a], 5 * m.error[t][a]);
    }
}

TEST(OnlineWorkload, PlaceableUsageLeavesOutJobsNoResourceHolds) {
  auto inst = table1_resources(4, 0, 50);
  const auto closed = expected_usage(inst, 0.3);
  const auto placeable = placeable_usage(inst, 0.3, 4, 0, 4000);
  for (std::size_t t = 0; t < closed.size(); ++t)
    for (std::size_t a = 0; a < closed[t].size(); ++a) {
      EXPECT_GT(placeable[t][a], 0);
      EXPECT_LT(placeable[t][a], closed[t][a]);  // the big usages are the ones that fit nowhere
    }
}

TEST(OnlineWorkload, FitsAloneNeedsACandidateWithTheCapacityForEveryDependency) {
  const auto w = arsim::testing::tiny_workload();
  const auto cand = mm::candidate_sets(w.instance);
  EXPECT_TRUE(fits_alone(w.instance, cand, 0));   // 8 <= r0's 10
  EXPECT_TRUE(fits_alone(w.instance, cand, 1));   // 5 <= 10
  EXPECT_FALSE(fits_alone(w.instance, cand, 2));  // 12 > every capacity
  EXPECT_FALSE(fits_alone(w.instance, cand, 3));  // no solaris resource
  EXPECT_TRUE(fits_alone(w.instance, cand, 4));
}

TEST(OnlineWorkload, RateOnAHandCase) {
  // One attribute, total capacity 100, E[U] 10, E[D] 5 s: one job per second offers 0.5.
  mm::Instance inst;
  inst.types = {{"server", {}, {"mem"}}};
  inst.resources = {{"a", 0, {}, {60}}, {"b", 0, {}, {40}}};
  EXPECT_DOUBLE_EQ(arrival_rate(inst, {{10}}, 1, 5), 2);
  EXPECT_DOUBLE_EQ(arrival_rate(inst, {{10}}, 0.25, 5), 0.5);
  // Two attributes of loads 0.5 and 0.1 per job/s: the mean is 0.3 per job/s.
  inst.types[0].dynamic_attributes.push_back("cpu");
  inst.resources[0].capacity.push_back(10);
  inst.resources[1].capacity.push_back(40);
  EXPECT_DOUBLE_EQ(arrival_rate(inst, {{10, 1}}, 0.3, 5), 1);
  EXPECT_THROW(arrival_rate(inst, {{0, 0}}, 1, 5), std::invalid_argument);
}

TEST(OnlineWorkload, StreamIsSeededSortedAndPoisson) {
  OnlineParams p;
  p.jobs = 3000;
  p.submitters = 3;
  const auto a = online_workload(p, 5, 2), b = online_workload(p, 5, 2),
             c = online_workload(p, 5, 3);
  EXPECT_EQ(a.submit, b.submit);
  EXPECT_EQ(a.duration, b.duration);
  EXPECT_EQ(a.submitter, b.submitter);
  EXPECT_NE(a.submit, c.submit);
  ASSERT_EQ(a.instance.jobs.size(), 3000u);
  EXPECT_EQ(a.instance.resources.size(), 200u);
  std::vector<int> per(3, 0);
  double duration = 0;
  for (std::size_t j = 0; j < a.submit.size(); ++j) {
    EXPECT_GT(a.submit[j], j ? a.submit[j - 1] : 0.0);
    EXPECT_GT(a.duration[j], 0);
    duration += a.duration[j] / 3000;
    ++per.at(a.submitter[j]);
  }
  // Mean inter-arrival 1 / rate and mean duration within 5 standard errors (both exponential).
  const double gap = a.submit.back() / 3000;
  EXPECT_NEAR(gap * a.rate, 1, 5 / std::sqrt(3000.0));
  EXPECT_NEAR(duration / p.mean_duration, 1, 5 / std::sqrt(3000.0));
  for (int n : per) EXPECT_NEAR(n, 1000, 5 * std::sqrt(3000 * (1 / 3.0) * (2 / 3.0)));
  // Twice the load, twice the rate; the jobs themselves do not change.
  p.load *= 2;
  const auto d = online_workload(p, 5, 2);
  EXPECT_DOUBLE_EQ(d.rate, 2 * a.rate);
  EXPECT_EQ(d.instance.jobs[7].depends.size(), a.instance.jobs[7].depends.size());
}

TEST(OnlineWorkload, BadParametersAreRefused) {
  OnlineParams p;
  for (auto bad : {&OnlineParams::load, &OnlineParams::mean_duration, &OnlineParams::complexity}) {
    OnlineParams q = p;
    q.*bad = 0;
    EXPECT_THROW(online_workload(q, 1, 0), std::invalid_argument);
  }
  p.submitters = 0;
  EXPECT_THROW(online_workload(p, 1, 0), std::invalid_argument);
}

}  // namespace
}  // namespace arsim::workloads::matching
