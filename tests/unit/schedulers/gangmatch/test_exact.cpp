// The exact reference: enumeration checked gang by gang, the set-packing IP against brute force,
// and a pool where serving roots in order loses a gang.
#include <gtest/gtest.h>

#include "schedulers/builtins.hpp"
#include "schedulers/gangmatch/exact.hpp"
#include "schedulers/gangmatch/limited.hpp"
#include "tests/unit/schedulers/gangmatch/pools.hpp"

namespace gm = arsim::schedulers::gangmatch;
namespace t = arsim::test;
using arsim::model::gang::check_gangs;

namespace {

// The largest set of pairwise disjoint gangs, by trying every subset (few candidates only).
int brute_force_packing(const arsim::model::gang::GangProblem& p,
                        const std::vector<arsim::model::gang::Gang>& all) {
  const int n = static_cast<int>(all.size());
  int best = 0;
  for (unsigned mask = 0; mask < (1u << n); ++mask) {
    std::vector<char> used(p.ads.size(), 0);
    bool ok = true;
    int count = 0;
    for (int g = 0; g < n && ok; ++g) {
      if (!(mask >> g & 1u)) continue;
      ++count;
      for (const auto& node : all[g].nodes) ok = ok && !used[node.ad]++;
    }
    if (ok) best = std::max(best, count);
  }
  return best;
}

}  // namespace

TEST(GangExact, OrderCanLoseAGangThatTheOptimumKeeps) {
  // Job 0 can use either machine and takes the first; job 1 can only use the first machine.
  const auto p = t::pool({t::job("INTEL", 64), t::job("INTEL", 200), t::machine("INTEL", 256, 1),
                          t::machine("INTEL", 128, 1), t::license(1), t::license(1)},
                         {0, 1});
  for (const auto& m : {"naive", "indexed", "dynamic", "clustered"}) {
    const auto r = t::run(m, p);
    EXPECT_EQ(r.gangs.size(), 1u) << m;
  }
  const gm::ExactResult e = gm::solve_exact(p);
  EXPECT_EQ(e.gangs.size(), 2u);
  EXPECT_EQ(check_gangs(p, e.gangs), std::nullopt);
  // Job 0: 2 machines x 2 licenses; job 1: 1 machine x 2 licenses.
  EXPECT_EQ(e.candidates, 6);
}

TEST(GangExact, TheIpEqualsBruteForceOnRandomPools) {
  int compared = 0;
  for (int k = 0; k < 60; ++k) {
    auto rng = arsim::model::make_stream(11, static_cast<std::uint64_t>(k), "gang-exact");
    const auto p = t::random_pool(rng, 3, 5);
    gm::ExactOptions o;
    const auto all = gm::enumerate_gangs(p, o);
    for (const auto& g : all) ASSERT_EQ(arsim::model::gang::check_gang(p, g), std::nullopt);
    if (all.size() > 16) continue;
    const gm::ExactResult e = gm::solve_exact(p, o);
    ASSERT_EQ(static_cast<int>(e.gangs.size()), brute_force_packing(p, all)) << "pool " << k;
    ASSERT_EQ(check_gangs(p, e.gangs), std::nullopt);
    ++compared;
  }
  EXPECT_GT(compared, 40);
}

TEST(GangExact, RefusesPoolsBeyondItsLimits) {
  std::vector<std::string> ads = {t::job("INTEL", 64)};
  for (int i = 0; i < 30; ++i) ads.push_back(t::machine("INTEL", 128, 1));
  for (int i = 0; i < 30; ++i) ads.push_back(t::license(1));
  const auto p = t::pool(ads, {0});
  gm::ExactOptions o;
  o.max_trees = 1000;
  EXPECT_THROW(gm::solve_exact(p, o), gm::ExactLimitError);
  o.max_trees = 2000000;
  o.max_candidates = 100;
  EXPECT_THROW(gm::solve_exact(p, o), gm::ExactLimitError);
}

// A pool too large is bad input (exit status 2, one line naming the parameter), not an internal
// error; through the registry, `refuses` says so before matching, and the matcher's counters
// price its work: one evaluation per complete tree checked.
TEST(GangExact, ItsLimitsAreInputErrorsAndItsWorkIsCounted) {
  std::vector<std::string> ads = {t::job("INTEL", 64)};
  for (int i = 0; i < 30; ++i) ads.push_back(t::machine("INTEL", 128, 1));
  for (int i = 0; i < 30; ++i) ads.push_back(t::license(1));
  const auto p = t::pool(ads, {0});
  arsim::schedulers::Registries reg;
  arsim::schedulers::register_builtins(reg);
  auto small = reg.gang_matchers.create("exact", {{"max_candidates", "100"}});
  auto* limited = dynamic_cast<gm::LimitedMatcher*>(small.get());
  ASSERT_NE(limited, nullptr);
  const auto why = limited->refuses(p);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("more than 100 candidate gangs (parameter max_candidates)"),
            std::string::npos)
      << *why;
  EXPECT_THROW(small->match(p), arsim::InputError);
  auto exact = reg.gang_matchers.create("exact", {});
  EXPECT_EQ(dynamic_cast<gm::LimitedMatcher*>(exact.get())->refuses(p), std::nullopt);
  const auto r = exact->match(p);
  EXPECT_EQ(r.gangs.size(), 1u);
  EXPECT_EQ(r.stats.evaluations, 60 * 59);  // the job's two ports over 60 one-port ads
  EXPECT_EQ(r.stats.probes, 0);
}
