// The offline experiments of CTAAP Figs. 2-3 (experiments/ctaap/experiments.hpp): parameters
// checked by the registry, rows deterministic apart from their timings.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

#include "tests/unit/experiments/catalog.hpp"

using arsim::experiments::testing::catalog;

TEST(CtaapRegistry, ExperimentsByName) {
  const auto& reg = catalog();
  EXPECT_THROW(reg.experiments.create("ctaap-fig2", {{"capacity_min", "5"}, {"capacity_max", "2"}}),
               arsim::schedulers::ParamError);
  EXPECT_NO_THROW(reg.experiments.create("ctaap-fig3", {{"request_nodes", "20"}}));
}

TEST(CtaapExperiment, RowsAreDeterministicApartFromTimings) {
  const auto& reg = catalog();
  const std::map<std::string, std::string> params = {{"request_nodes", "12"}, {"offer_max", "200"}};
  const auto a = reg.experiments.create("ctaap-fig2", params)->run(1, 3);
  const auto b = reg.experiments.create("ctaap-fig2", params)->run(1, 3);
  ASSERT_EQ(a.header, b.header);
  ASSERT_EQ(a.rows.size(), 1u);
  for (std::size_t c = 0; c < a.header.size(); ++c)
    if (a.header[c].find("_seconds") == std::string::npos) {
      EXPECT_EQ(a.rows[0][c], b.rows[0][c]) << a.header[c];
    }
  auto col = [&](const std::string& name) {
    return a.rows[0][std::find(a.header.begin(), a.header.end(), name) - a.header.begin()];
  };
  EXPECT_EQ(col("ip_status"), "optimal");
  EXPECT_LE(std::stoi(col("ctaap_size")), std::stoi(col("ip_size")));
  EXPECT_EQ(col("request_nodes"), "12");
}
