// The "gangmatch" offline experiment: its table, its checks, its parameters; and the claims the
// matchers make on the paper's workload: clustered marshals the same gangs as dynamic with at
// most half its probes at every (L, S), and no greedy matcher beats the exact optimum.
#include <gtest/gtest.h>

#include "experiments/gangmatch/experiment.hpp"
#include "schedulers/gangmatch/exact.hpp"
#include "tests/unit/experiments/catalog.hpp"
#include "workloads/gangmatch/generator.hpp"

namespace sc = arsim::schedulers;

namespace {

using arsim::experiments::testing::catalog;

arsim::experiments::ResultTable run(const std::map<std::string, std::string>& params,
                                    int run_index = 0) {
  return catalog().experiments.create("gangmatch", params)->run(7, run_index);
}

std::string cell(const arsim::experiments::ResultTable& t, std::size_t row,
                 const std::string& column) {
  const auto at = std::find(t.header.begin(), t.header.end(), column) - t.header.begin();
  return t.rows.at(row).at(static_cast<std::size_t>(at));
}

}  // namespace

TEST(GangExperiment, OneCheckedRowPerMatcher) {
  const auto t = run({{"jobs", "40"},
                      {"license_density", "0.5"},
                      {"selectivity", "2"},
                      {"matchers", "naive indexed:order=right-to-left dynamic clustered"}});
  ASSERT_EQ(t.rows.size(), 4u);
  EXPECT_EQ(cell(t, 0, "matcher"), "naive");
  EXPECT_EQ(cell(t, 1, "matcher"), "indexed:order=right-to-left");
  for (std::size_t r = 0; r < 4; ++r) {
    EXPECT_EQ(cell(t, r, "check"), "ok");
    EXPECT_EQ(cell(t, r, "licenses"), "20");
    EXPECT_EQ(cell(t, r, "exact_gangs"), "");
    EXPECT_LE(std::stoi(cell(t, r, "gangs")), 20);
    EXPECT_GT(std::stoi(cell(t, r, "gangs")), 0);
  }
  EXPECT_EQ(cell(t, 2, "gangs"), cell(t, 3, "gangs"));
}

TEST(GangExperiment, DeterministicApartFromTimings) {
  const std::map<std::string, std::string> p = {{"jobs", "60"}, {"matchers", "indexed dynamic"}};
  const auto a = run(p), b = run(p), c = run(p, 1);
  auto deterministic = [](const arsim::experiments::ResultTable& t) {
    std::string s;
    for (const auto& row : t.rows)
      for (std::size_t i = 0; i < row.size(); ++i)
        if (t.header[i].find("_seconds") == std::string::npos) s += row[i] + ",";
    return s;
  };
  EXPECT_EQ(deterministic(a), deterministic(b));
  EXPECT_NE(deterministic(a), deterministic(c));
}

TEST(GangExperiment, ExactOptimumBoundsEveryGreedyMatcher) {
  for (const char* l : {"0.5", "1"}) {
    for (const char* s : {"1", "4"}) {
      const auto t =
          run({{"jobs", "12"},
               {"license_density", l},
               {"selectivity", s},
               {"request_scale", "2"},
               {"exact_max_jobs", "12"},
               {"matchers", "naive indexed indexed:order=right-to-left dynamic clustered"}});
      const int exact = std::stoi(cell(t, 0, "exact_gangs"));
      for (std::size_t r = 0; r < t.rows.size(); ++r)
        EXPECT_LE(std::stoi(cell(t, r, "gangs")), exact) << cell(t, r, "matcher");
    }
  }
}

TEST(GangExperiment, ClusteredHasDynamicsGangsWithAtMostHalfItsProbes) {
  for (const char* l : {"0.5", "1"}) {
    for (const char* s : {"1", "2", "4", "8"}) {
      const auto t = run({{"jobs", "1000"},
                          {"license_density", l},
                          {"selectivity", s},
                          {"request_scale", "2"},
                          {"matchers", "dynamic clustered"}});
      EXPECT_EQ(cell(t, 0, "gangs"), cell(t, 1, "gangs")) << "L " << l << " S " << s;
      EXPECT_LE(2 * std::stol(cell(t, 1, "probes")), std::stol(cell(t, 0, "probes")))
          << "L " << l << " S " << s;
    }
  }
}

TEST(GangExperiment, BadParametersAreRefused) {
  EXPECT_THROW(run({{"matchers", "dynamic nosuch"}}), sc::ParamError);
  EXPECT_THROW(run({{"matchers", "indexed:order=up"}}), sc::ParamError);
  EXPECT_THROW(run({{"matchers", "indexed:order"}}), sc::ParamError);
  EXPECT_THROW(run({{"matchers", " "}}), sc::ParamError);
  EXPECT_THROW(run({{"selectivity", "0"}}), sc::ParamError);
  EXPECT_THROW(run({{"jobs", "-1"}}), sc::ParamError);
  try {
    run({{"matchers", "dynamic nosuch"}});
  } catch (const sc::ParamError& e) {
    EXPECT_NE(std::string(e.what()).find("experiment 'gangmatch': parameter 'matchers'"),
              std::string::npos)
        << e.what();
  }
}
