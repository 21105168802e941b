// What the tests of the ctaap planners share (test_planner.cpp, test_pins.cpp): a small star of
// sites, and the plans of one frame by a registered planner, each checked.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "schedulers/builtins.hpp"
#include "tests/unit/schedulers/fixtures.hpp"

namespace arsim::schedulers::testing_fixtures {

// Sites A (4 cores), B (4), C (2) and exchange X: A–B 2, A–X 4, B–X 4, C–X `c_link` Gbit/s.
inline model::ResourceGraph star(double c_link) {
  model::ResourceGraph g;
  const int a = add_site(g, "A", 4), b = add_site(g, "B", 4), c = add_site(g, "C", 2);
  const int x = add_exchange(g, "X");
  add_link(g, a, b, 2);
  add_link(g, a, x, 4);
  add_link(g, b, x, 4);
  add_link(g, c, x, c_link);
  return g;
}

inline std::unique_ptr<CoallocationPlanner> planner(const std::string& name) {
  Registries reg;
  register_builtins(reg);
  return reg.planners.create(name, {});
}

// The plans of planner `name` for one frame, each checked by check_plan; `solves` the planner's
// subproblems expected.
inline std::vector<model::Plan> plan_with(const std::string& name, const model::ResourceGraph& g,
                                          const model::Request& r, const model::Availability& avail,
                                          int solves = 1) {
  PlannerStats stats;
  auto plans = planner(name)->plan(g, r, {avail}, stats);
  EXPECT_EQ(stats.solves, solves) << name;
  for (const auto& p : plans) EXPECT_EQ(model::check_plan(g, r, avail, p), std::nullopt);
  return plans;
}

}  // namespace arsim::schedulers::testing_fixtures
