// The scenario key workload.est_grain reaches the GridARS generator's config
// (sim/kinds/coallocation/config.cpp), is checked on load, and leaves the canonical text (so
// the hash) of a scenario that does not set it as it was.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "sim/kinds/coallocation/config.hpp"
#include "sim/scenario/scenario.hpp"
#include "tests/unit/sim/scenario/temp_files.hpp"

namespace arsim::scenario {
namespace {

using kinds::coallocation::gridars_config;

class GridarsWorkloadKeys : public testing::TempDirTest {
 protected:
  std::string file(const std::string& workload_attributes) {
    return write("g.xml",
                 "<scenario name=\"g\">\n"
                 "  <platform file=\"platform.xml\"/>\n"
                 "  <workload " +
                     workload_attributes + "/>\n  <user name=\"A\"/>\n</scenario>\n");
  }
  std::string error_of(const std::string& workload_attributes) {
    try {
      testing::load(file(workload_attributes));
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  }
};

TEST_F(GridarsWorkloadKeys, EstGrainReachesTheGenerator) {
  EXPECT_EQ(gridars_config(testing::load(file("generator=\"gridars\" est_grain=\"60\""))).est_grain,
            60);
  auto s = testing::load(file("generator=\"gridars\""));
  apply_overrides(s, {"workload.est_grain=300"});
  EXPECT_EQ(gridars_config(s).est_grain, 300);
}

TEST_F(GridarsWorkloadKeys, AbsentEstGrainIsOneSecondAndNotWritten) {
  const auto s = testing::load(file("generator=\"gridars\""));
  EXPECT_EQ(gridars_config(s).est_grain, 1);
  EXPECT_EQ(s.canonical().find("est_grain"), std::string::npos);
}

TEST_F(GridarsWorkloadKeys, BadEstGrainIsRefusedOnLoad) {
  EXPECT_THAT(error_of("generator=\"gridars\" est_grain=\"0.5\""),
              ::testing::HasSubstr("est_grain"));
  EXPECT_THAT(error_of("generator=\"gridars\" est_grain=\"minute\""),
              ::testing::HasSubstr("est_grain"));
  write("r.txt", "# no requests\n");  // the grain is refused, not the file
  EXPECT_THAT(error_of("generator=\"file\" file=\"r.txt\" est_grain=\"60\""),
              ::testing::HasSubstr("est_grain"));
}

}  // namespace
}  // namespace arsim::scenario
