// The transfers.* and background.* keys fill transfers::TransferConfig, whose initializers are
// their defaults: a scenario that does not set them gets those values and keeps the canonical text
// (so the hash) it had before transfers existed (keys.cpp, implicit()).
#include <gtest/gtest.h>

#include "sim/kinds/coallocation/transfers/launcher.hpp"
#include "sim/scenario/config.hpp"
#include "sim/scenario/scenario.hpp"
#include "tests/unit/sim/scenario/temp_files.hpp"

namespace arsim::scenario {
namespace {

using kinds::coallocation::transfers::transfer_config;
using kinds::coallocation::transfers::TransferConfig;

class TransferKeys : public testing::TempDirTest {
 protected:
  std::string file() {
    return write("t.xml",
                 "<scenario name=\"t\" seed=\"7\">\n"
                 "  <platform file=\"platform.xml\"/>\n"
                 "  <workload generator=\"gridars\"/>\n  <user name=\"A\"/>\n"
                 "  <site name=\"S1\" unit_value=\"2\"/>\n</scenario>\n");
  }
};

TEST_F(TransferKeys, AbsentKeysTakeTheInitializersAndAreNotWritten) {
  const auto s = testing::load(file());
  EXPECT_EQ(s.canonical().find("transfers."), std::string::npos);
  EXPECT_EQ(s.canonical().find("background."), std::string::npos);
  const TransferConfig defaults;
  const auto c = transfer_config(s, 3);
  EXPECT_EQ(c.enabled, defaults.enabled);
  EXPECT_EQ(c.volume, defaults.volume);
  EXPECT_TRUE(c.reserved());
  EXPECT_EQ(c.background_flows, defaults.background_flows);
  EXPECT_EQ(c.background_slot, defaults.background_slot);
  EXPECT_EQ(c.background_links, defaults.background_links);
  EXPECT_EQ(c.seed, 7u);
  EXPECT_EQ(c.run_index, 3);
}

TEST_F(TransferKeys, SetKeysFillTheirFields) {
  auto s = testing::load(file());
  apply_overrides(s,
                  {"transfers.enabled=true", "transfers.volume=0.25 1", "transfers.mode=unreserved",
                   "background.flows=2", "background.slot=300", "background.links=a b"});
  const auto c = transfer_config(s);
  EXPECT_TRUE(c.enabled);
  EXPECT_EQ(c.volume, (std::vector<double>{0.25, 1}));
  EXPECT_FALSE(c.reserved());
  EXPECT_EQ(c.background_flows, 2);
  EXPECT_EQ(c.background_slot, 300);
  EXPECT_EQ(c.background_links, "a b");
}

TEST_F(TransferKeys, NamesSetAreTheNamesOfTheKeysThatAreSet) {
  const auto s = testing::load(file());
  EXPECT_EQ(names_set(s, "site.*.unit_value"), (std::vector<std::string>{"S1"}));
  EXPECT_TRUE(names_set(s, "user.*.grc").empty());  // user A has no grc attribute
  EXPECT_THROW(names_set(s, "site.unit_value"), std::logic_error);
}

}  // namespace
}  // namespace arsim::scenario
