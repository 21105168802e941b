// The offline experiments: columns, determinism in (seed, run index) apart from *_seconds, and
// the ratios against the proven optimum.
#include <gtest/gtest.h>

#include "experiments/matching/experiments.hpp"
#include "schedulers/matching/register.hpp"

namespace arsim::test::matching {
namespace {

struct Registries {
  schedulers::MatcherRegistry matchers{"resource matcher"};
  experiments::ExperimentRegistry experiments{"experiment"};
  Registries() {
    schedulers::matching::register_matchers(matchers);
    experiments::matching::register_experiments(experiments, matchers);
  }
};

// Drops the *_seconds columns (wall-clock).
experiments::ResultTable deterministic(experiments::ResultTable t) {
  for (std::size_t c = t.header.size(); c-- > 0;)
    if (t.header[c].ends_with("_seconds")) {
      t.header.erase(t.header.begin() + static_cast<std::ptrdiff_t>(c));
      for (auto& row : t.rows) row.erase(row.begin() + static_cast<std::ptrdiff_t>(c));
    }
  return t;
}

std::string cell(const experiments::ResultTable& t, std::size_t row, const std::string& col) {
  for (std::size_t c = 0; c < t.header.size(); ++c)
    if (t.header[c] == col) return t.rows.at(row).at(c);
  ADD_FAILURE() << "no column " << col;
  return {};
}

TEST(MatchingExperiments, Table2RowsPerMatcherDeterministicAndAgainstTheOptimum) {
  Registries s;
  const std::map<std::string, std::string> raw = {
      {"jobs", "12"}, {"complexity", "0.3"}, {"objective", "prioritized"}};
  auto a = s.experiments.create("matching-table2", raw)->run(3, 1);
  auto b = s.experiments.create("matching-table2", raw)->run(3, 1);
  ASSERT_EQ(a.rows.size(), 5u);  // lp lp-glpk ea hybrid lns
  const auto da = deterministic(a), db = deterministic(b);
  EXPECT_EQ(da.rows, db.rows);
  EXPECT_EQ(cell(a, 0, "status"), "optimal");
  EXPECT_EQ(cell(a, 0, "value"), cell(a, 1, "value"));  // CBC and GLPK agree
  for (std::size_t r = 0; r < a.rows.size(); ++r) {
    EXPECT_LE(std::stod(cell(a, r, "value")), std::stod(cell(a, 0, "optimum")) + 1e-6);
    EXPECT_LE(std::stod(cell(a, r, "ratio")), 1.0);
  }
  EXPECT_NE(deterministic(s.experiments.create("matching-table2", raw)->run(3, 2)).rows, da.rows);
}

TEST(MatchingExperiments, AnytimeTracesEndAtTheBestKnown) {
  Registries s;
  auto t =
      s.experiments.create("matching-anytime", {{"jobs", "15"}, {"complexity", "0.4"}})->run(1, 0);
  ASSERT_FALSE(t.rows.empty());
  bool cbc = false;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    cbc |= cell(t, r, "matcher") == "cbc";
    EXPECT_LE(std::stod(cell(t, r, "ratio")), 1.0);
  }
  EXPECT_TRUE(cbc);
}

TEST(MatchingExperiments, UnknownMatcherIsAParameterError) {
  Registries s;
  EXPECT_THROW(s.experiments.create("matching-table2", {{"matchers", "lp simplex"}}),
               schedulers::ParamError);
  for (const char* bad :
       {"hybrid:partials", "hybrid:=one", "hybrid:partials=some", "ea:colour=red"})
    EXPECT_THROW(s.experiments.create("matching-table2", {{"matchers", bad}}),
                 schedulers::ParamError)
        << bad;
}

TEST(MatchingExperiments, MatcherOverridesAndTheGreedyStart) {
  // A matcher with overrides is its own row; `initial` (the best greedy start of ea and hybrid)
  // never exceeds the final value.
  Registries s;
  const std::string variant = "hybrid:partials=one:population=4:explore=1";
  auto t =
      s.experiments
          .create("matching-table2",
                  {{"jobs", "20"}, {"complexity", "0.4"}, {"matchers", "lp ea hybrid " + variant}})
          ->run(5, 0);
  ASSERT_EQ(t.rows.size(), 4u);
  EXPECT_EQ(cell(t, 3, "matcher"), variant);
  for (std::size_t r = 1; r < t.rows.size(); ++r)
    EXPECT_LE(std::stod(cell(t, r, "initial")), std::stod(cell(t, r, "value")) + 1e-9);
  EXPECT_NE(cell(t, 2, "lp_solves"), cell(t, 3, "lp_solves"));  // cover solves more partials
}

}  // namespace
}  // namespace arsim::test::matching
