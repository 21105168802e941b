// The parameters of every offline experiment are declarations bound to a field of the
// experiment's options (experiments/*/): each one fills a field, and a value of the wrong type or
// range, or an unknown key, is refused in one line that names the experiment, the parameter and
// what was expected, before the experiment exists.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

#include "tests/unit/experiments/catalog.hpp"

namespace {

using arsim::experiments::testing::catalog;
using arsim::schedulers::ParamError;
using arsim::schedulers::ParamType;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

// The ParamError message of creating `name` with `raw`, or "" when it was created.
std::string error_of(const std::string& name, const std::map<std::string, std::string>& raw) {
  try {
    catalog().experiments.create(name, raw);
  } catch (const ParamError& e) {
    return e.what();
  }
  return "";
}

TEST(ExperimentParams, EveryParameterFillsAField) {
  for (const auto& [name, entry] : catalog().experiments.entries()) {
    EXPECT_FALSE(entry.params.empty()) << name;
    for (const auto& d : entry.params) EXPECT_NE(d.binding, nullptr) << name << ": " << d.name;
  }
}

TEST(ExperimentParams, DefaultsCreateEveryExperiment) {
  for (const auto& name : catalog().experiments.names()) EXPECT_EQ(error_of(name, {}), "") << name;
}

TEST(ExperimentParams, UnknownParameterNamesItAndTheValidOnes) {
  const std::string err = error_of("gangmatch", {{"jbos", "10"}});
  EXPECT_THAT(err, AllOf(HasSubstr("experiment 'gangmatch'"), HasSubstr("unknown parameter 'jbos'"),
                         HasSubstr("valid: jobs, license_density"), Not(HasSubstr("\n"))));
}

TEST(ExperimentParams, IllTypedParameterNamesItAndWhatWasExpected) {
  EXPECT_EQ(error_of("gangmatch", {{"jobs", "1e3"}}),
            "experiment 'gangmatch': parameter 'jobs' = '1e3': expected an integer in [0, "
            "10000000]");
  EXPECT_EQ(error_of("ctaap-fig2", {{"edge_density", "dense"}}),
            "experiment 'ctaap-fig2': parameter 'edge_density' = 'dense': expected a number in "
            "[0, 1]");
  EXPECT_EQ(error_of("scs-deviation", {{"durations", "gamma"}}),
            "experiment 'scs-deviation': parameter 'durations' = 'gamma': expected one of "
            "constant, uniform, lognormal");
  EXPECT_EQ(error_of("matching-table2", {{"objective", "speed"}}),
            "experiment 'matching-table2': parameter 'objective' = 'speed': expected one of "
            "throughput, prioritized, load_balance, load_balance_literal");
  EXPECT_THAT(error_of("scs-min-resources", {{"realizations", "0"}}),
              AllOf(HasSubstr("parameter 'realizations' = '0'"), HasSubstr("an integer in [1")));
}

// An integer written as a number ("1e3", "2.0") is refused for every integer parameter of every
// experiment, as for the algorithms' parameters.
TEST(ExperimentParams, IntegersMustBeWrittenAsIntegers) {
  for (const auto& [name, entry] : catalog().experiments.entries()) {
    for (const auto& d : entry.params) {
      if (d.type != ParamType::Int) continue;
      EXPECT_THAT(
          error_of(name, {{d.name, "2.0"}}),
          AllOf(HasSubstr("parameter '" + d.name + "' = '2.0'"), HasSubstr("expected an integer")))
          << name;
    }
  }
}

TEST(ExperimentParams, GivenValuesReachTheExperiment) {
  const auto t =
      catalog()
          .experiments
          .create("gangmatch", {{"jobs", "12"}, {"matchers", "naive"}, {"platforms", "3"}})
          ->run(1, 0);
  ASSERT_EQ(t.rows.size(), 1u);
  const auto col = [&](const std::string& c) {
    return t.rows[0][std::find(t.header.begin(), t.header.end(), c) - t.header.begin()];
  };
  EXPECT_EQ(col("matcher"), "naive");
  EXPECT_EQ(col("jobs"), "12");
  EXPECT_EQ(col("platforms"), "3");
}

}  // namespace
