// The request of a resubmission attempt (sim/kinds/coallocation/resubmit.hpp), hand-computed.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "sim/kinds/coallocation/resubmit.hpp"

using arsim::kinds::coallocation::ResubmitPolicy;
using arsim::kinds::coallocation::resubmitted;
using arsim::model::Request;

namespace {

Request three_sites() {
  Request r;
  r.id = 4;
  r.user = std::string(1, 'U');  // not = "U": GCC 12 -Wrestrict false positive
  r.type = 2;
  r.submit = 100;
  r.est = 1000;
  r.lst = 1600;  // a window of 600 s
  r.duration = 3600;
  r.service_level = 0.5;
  r.components = {{8}, {3}, {1}};
  r.pairs = {{0, 1, 1.0}, {1, 2, 0.5}};
  return r;
}

}  // namespace

TEST(Resubmitted, DefaultPolicyKeepsWindowAndDemands) {
  const Request r = resubmitted(three_sites(), ResubmitPolicy{}, 200, 9);
  EXPECT_EQ(r.id, 9);
  EXPECT_EQ(r.user, "U");
  EXPECT_EQ(r.type, 2);
  EXPECT_DOUBLE_EQ(r.submit, 800);  // 200 + the default 600 s
  EXPECT_DOUBLE_EQ(r.est, 1000);    // EST was later than the resubmission
  EXPECT_DOUBLE_EQ(r.lst, 1600);
  EXPECT_DOUBLE_EQ(r.duration, 3600);
  EXPECT_DOUBLE_EQ(r.service_level, 0.5);
  ASSERT_EQ(r.components.size(), 3u);
  EXPECT_EQ(r.components[0].cpus, 8);
  EXPECT_EQ(r.components[2].cpus, 1);
  EXPECT_DOUBLE_EQ(r.pairs[1].bandwidth, 0.5);
}

TEST(Resubmitted, LateResubmissionMovesTheWindowAndWidensIt) {
  ResubmitPolicy p;
  p.delay = 300;
  p.window_factor = 2.5;
  const Request r = resubmitted(three_sites(), p, 1200, 5);
  EXPECT_DOUBLE_EQ(r.submit, 1500);
  EXPECT_DOUBLE_EQ(r.est, 1500);              // max(1000, 1500)
  EXPECT_DOUBLE_EQ(r.lst, 1500 + 600 * 2.5);  // 3000
  EXPECT_DOUBLE_EQ(r.duration, 3600);
}

TEST(Resubmitted, DemandsScaledCoresRoundedDownAtLeastOne) {
  ResubmitPolicy p;
  p.delay = 0;
  p.cpus_factor = 0.3;
  p.bandwidth_factor = 0.5;
  const Request r = resubmitted(three_sites(), p, 50, 6);
  EXPECT_DOUBLE_EQ(r.submit, 50);
  EXPECT_EQ(r.components[0].cpus, 2);  // 8 × 0.3 = 2.4
  EXPECT_EQ(r.components[1].cpus, 1);  // 3 × 0.3 = 0.9, at least 1
  EXPECT_EQ(r.components[2].cpus, 1);  // 0.3
  EXPECT_DOUBLE_EQ(r.pairs[0].bandwidth, 0.5);
  EXPECT_DOUBLE_EQ(r.pairs[1].bandwidth, 0.25);
  EXPECT_EQ(r.pairs[1].a, 1);
  EXPECT_EQ(r.pairs[1].b, 2);
}

TEST(Resubmitted, ADecimalFactorGivesTheCoresItNames) {
  ResubmitPolicy p;
  p.cpus_factor = 0.29;  // 100 × 0.29 is 28.999999999999996 in doubles
  Request big = three_sites();
  big.components = {{100}};
  big.pairs = {};
  EXPECT_EQ(resubmitted(big, p, 0, 1).components[0].cpus, 29);
}

TEST(Resubmitted, RefusesAPolicyOutsideTheKeysRanges) {
  ResubmitPolicy p;
  p.window_factor = 0.5;
  EXPECT_THROW(resubmitted(three_sites(), p, 0, 1), std::invalid_argument);
  p = {};
  p.cpus_factor = 0;
  EXPECT_THROW(resubmitted(three_sites(), p, 0, 1), std::invalid_argument);
  p = {};
  p.bandwidth_factor = 1.5;
  EXPECT_THROW(resubmitted(three_sites(), p, 0, 1), std::invalid_argument);
  p = {};
  p.delay = -1;
  EXPECT_THROW(resubmitted(three_sites(), p, 0, 1), std::invalid_argument);
}

TEST(Resubmitted, AWindowWidenedPastTheLastInstantIsRefusedByName) {
  ResubmitPolicy p;
  p.window_factor = 1e6;
  Request r = three_sites();
  r.lst = r.est + 2e6;  // widened to 2e12 s
  try {
    resubmitted(r, p, 0, 7);
    FAIL() << "accepted a window past 1e12 s";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "the attempt of request 7 of U would end after 1e12 s (its window widened by "
              "user.*.resubmit.window_factor)");
  }
  r.lst = r.est + 600;  // 6e8 s: fine
  EXPECT_EQ(resubmitted(r, p, 0, 7).lst, r.est + 6e8);
}
