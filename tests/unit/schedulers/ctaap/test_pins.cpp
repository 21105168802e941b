// Pinned components in "ctaap" and "ctaap-ip" (planner.hpp, Pins): a pinned component stays on its
// site, the others are mapped around it, and a pin that cannot hold leaves no plan.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include <fmt/format.h>

#include "schedulers/ctaap/planner.hpp"
#include "tests/unit/schedulers/ctaap/planner_cases.hpp"

namespace ct = arsim::schedulers::ctaap;
namespace model = arsim::model;
using arsim::schedulers::PlannerStats;
using namespace arsim::schedulers::testing_fixtures;

namespace {

constexpr int kA = 0, kB = 1, kC = 2, kX = 3;  // the vertices of star()

model::Request pinned(model::Request r, int component, int site) {
  r.components[component].site = site;
  return r;
}

}  // namespace

// Two 2-core components exchanging 3 Gbit/s. C reaches the rest at 1 Gbit/s, and A–B directly at
// 2, so the pair runs A–X–B. With component 1 pinned to B, component 0 is the only task; its
// clusters are A and C (B holds the pin), and C is barred (1 < 3): 0 goes to A. Pinned to A, 0
// goes to B. With 0 pinned to C no cluster carries 3 Gbit/s to C: no plan.
TEST(CtaapPins, PinnedComponentStaysAndTheOtherIsMappedAroundIt) {
  const auto g = star(1);
  const auto avail = model::full_availability(g, {0, 10});
  const auto r = make_request({2, 2}, {{0, 1, 3}});
  const ct::SiteProblem p = ct::site_problem(g, pinned(r, 1, kB), avail);
  EXPECT_EQ(p.component_of_task, (std::vector<int>{0}));
  EXPECT_EQ(p.site_of_cluster, (std::vector<int>{kA, kC}));
  EXPECT_EQ(p.instance.allowed, (std::vector<char>{1, 0}));
  for (const char* name : {"ctaap", "ctaap-ip"}) {
    for (const auto& [component, pin, other] : {std::tuple{1, kB, kA}, std::tuple{1, kA, kB},
                                                std::tuple{0, kB, kA}, std::tuple{0, kA, kB}}) {
      const auto plans = plan_with(name, g, pinned(r, component, pin), avail, 1);
      ASSERT_EQ(plans.size(), 1u) << name;
      EXPECT_EQ(plans[0].sites[component], pin) << name;
      EXPECT_EQ(plans[0].sites[1 - component], other) << name;
      EXPECT_EQ(plans[0].routes[0].size(), 2u) << name;  // through X
    }
    EXPECT_TRUE(plan_with(name, g, pinned(r, 0, kC), avail, 1).empty()) << name;
  }
}

// A pin on a site without the component's cores, or on an exchange point, leaves no plan without
// a solve; with every component pinned there is nothing to map, and the pairs are only routed.
TEST(CtaapPins, PinsThatCannotHoldAndPinsOnly) {
  const auto g = star(1);
  auto avail = model::full_availability(g, {0, 10});
  const auto r = make_request({3, 2}, {{0, 1, 1}});
  for (const char* name : {"ctaap", "ctaap-ip"}) {
    EXPECT_TRUE(plan_with(name, g, pinned(r, 0, kC), avail, 0).empty()) << name;  // C has 2 cores
    EXPECT_TRUE(plan_with(name, g, pinned(r, 0, kX), avail, 0).empty()) << name;
    const auto both = pinned(pinned(r, 0, kB), 1, kC);
    const auto plans = plan_with(name, g, both, avail, 0);
    ASSERT_EQ(plans.size(), 1u) << name;
    EXPECT_EQ(plans[0].sites, (std::vector<int>{kB, kC})) << name;
    auto busy = avail;
    busy.free_cores[kB] = 2;  // B keeps 2 of its 4 cores free in this frame: 0 (3 cores) fails
    EXPECT_TRUE(plan_with(name, g, both, busy, 0).empty()) << name;
  }
}

// 40 sites on a star, site i with i + 1 cores: the 32 candidates are the emptiest sites, but a
// pinned site takes part whatever its cores (it is no cluster; its partner's clusters are barred
// by their bandwidth to it, here none).
TEST(CtaapPins, PinnedSiteNeedNotBeACandidate) {
  model::ResourceGraph g;
  const int x = add_exchange(g, "X");
  for (int i = 0; i < 40; ++i) add_link(g, add_site(g, fmt::format("s{}", i), i + 1), x, 10);
  const auto avail = model::full_availability(g, {0, 10});
  const int s0 = g.sites()[0];
  const auto r = pinned(make_request({1, 1}, {{0, 1, 1}}), 0, s0);
  const ct::SiteProblem p = ct::site_problem(g, r, avail, 32);
  std::vector<int> expected;
  for (int i = 8; i < 40; ++i) expected.push_back(g.sites()[i]);
  EXPECT_EQ(p.site_of_cluster, expected);
  EXPECT_EQ(p.instance.allowed, std::vector<char>(32, 1));
  const auto plans = plan_with("ctaap", g, r, avail, 1);
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_EQ(plans[0].sites[0], s0);
  EXPECT_GE(g.vertex(plans[0].sites[1]).cores, 9);
}

// Random graphs, requests and pins: every plan of both planners passes check_plan, which holds it
// to the pins, and keeps each pinned component on its site.
TEST(CtaapPins, RandomPlansHonourThePins) {
  std::mt19937_64 rng(20261127);
  auto heuristic = planner("ctaap"), exact = planner("ctaap-ip");
  int found = 0, pinned_found = 0;
  for (int t = 0; t < 200; ++t) {
    model::ResourceGraph g;
    const int sites = 3 + static_cast<int>(rng() % 4);
    for (int i = 0; i < sites; ++i) add_site(g, fmt::format("s{}", i), 4);
    const int x = add_exchange(g, "X");
    for (int i = 0; i < sites; ++i) add_link(g, i, x, 1 + static_cast<double>(rng() % 4));
    for (int e = static_cast<int>(rng() % 3); e > 0; --e)
      add_link(g, static_cast<int>(rng() % sites), x, 1 + static_cast<double>(rng() % 4));
    auto avail = model::full_availability(g, {0, 10});
    for (int i = 0; i < sites; ++i) avail.free_cores[i] = static_cast<int>(rng() % 5);
    for (double& b : avail.free_bandwidth) b = std::min(b, static_cast<double>(rng() % 5));
    std::vector<int> cpus(2 + rng() % 2);
    for (int& c : cpus) c = 1 + static_cast<int>(rng() % 3);
    std::vector<model::Pair> pairs;
    for (int i = 0; i < static_cast<int>(cpus.size()); ++i)
      for (int k = i + 1; k < static_cast<int>(cpus.size()); ++k)
        if (rng() % 3) pairs.push_back({i, k, static_cast<double>(rng() % 3)});
    auto r = make_request(cpus, pairs);
    std::vector<int> order = g.sites();
    std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t j = 0; j < cpus.size(); ++j)
      if (rng() % 2) r.components[j].site = order[j];
    for (auto* p : {heuristic.get(), exact.get()}) {
      PlannerStats stats;
      for (const auto& plan : p->plan(g, r, {avail}, stats)) {
        EXPECT_EQ(model::check_plan(g, r, avail, plan), std::nullopt) << "instance " << t;
        for (std::size_t j = 0; j < cpus.size(); ++j)
          if (r.components[j].pinned()) {
            EXPECT_EQ(plan.sites[j], r.components[j].site) << "instance " << t;
          }
        ++found;
        pinned_found += std::any_of(r.components.begin(), r.components.end(),
                                    [](const auto& c) { return c.pinned(); });
      }
    }
  }
  EXPECT_GT(pinned_found, 40);  // the instances must not all be infeasible
  EXPECT_GT(found, pinned_found);
}
