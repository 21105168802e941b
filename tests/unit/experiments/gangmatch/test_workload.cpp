// The workload of Raman et al. §6 (workloads/gangmatch/): sizes, partitions, determinism, and
// the gangs it admits.
#include <gtest/gtest.h>

#include <map>

#include "classad/eval.hpp"
#include "classad/print.hpp"
#include "workloads/gangmatch/generator.hpp"

namespace wg = arsim::workloads::gangmatch;
namespace ca = arsim::classad;

namespace {

std::string attr(const ca::ClassAd& ad, const char* name) {
  return ca::to_string(ca::evaluate(*ad.find(name), nullptr));
}

}  // namespace

TEST(GangWorkload, SizesPartitionsAndRoots) {
  wg::Config c;
  c.jobs = 200;
  c.license_density = 0.5;
  c.selectivity = 4;
  const auto p = wg::generate(c, 3, 0);
  ASSERT_EQ(p.ads.size(), 200u + 200u + 100u);
  ASSERT_EQ(p.roots.size(), 200u);
  for (int j = 0; j < 200; ++j) {
    EXPECT_EQ(p.roots[j], j);
    EXPECT_EQ(attr(p.ads[j], "Type"), "\"Job\"");
    EXPECT_EQ(p.ads[j].port_count(), 2);
  }
  std::map<std::string, int> ws, lic;
  for (int i = 200; i < 400; ++i) {
    EXPECT_EQ(attr(p.ads[i], "Type"), "\"Machine\"");
    ++ws[attr(p.ads[i], "Partition")];
  }
  for (int i = 400; i < 500; ++i) {
    EXPECT_EQ(attr(p.ads[i], "Type"), "\"License\"");
    ++lic[attr(p.ads[i], "Partition")];
  }
  // S disjoint, equally sized partitions of workstations and of licenses.
  EXPECT_EQ(ws, (std::map<std::string, int>{{"0", 50}, {"1", 50}, {"2", 50}, {"3", 50}}));
  EXPECT_EQ(lic, (std::map<std::string, int>{{"0", 25}, {"1", 25}, {"2", 25}, {"3", 25}}));
}

TEST(GangWorkload, SameSeedSameAdsOtherSeedOtherAds) {
  wg::Config c;
  c.jobs = 50;
  EXPECT_EQ(wg::generate_text(c, 1, 0), wg::generate_text(c, 1, 0));
  EXPECT_NE(wg::generate_text(c, 1, 0), wg::generate_text(c, 1, 1));
  EXPECT_NE(wg::generate_text(c, 1, 0), wg::generate_text(c, 2, 0));
  // More licenses do not change the jobs and workstations drawn.
  wg::Config more = c;
  more.license_density = 2;
  const auto a = wg::generate_text(c, 1, 0), b = wg::generate_text(more, 1, 0);
  EXPECT_TRUE(std::equal(a.begin(), a.begin() + 100, b.begin()));
}

TEST(GangWorkload, JobsAskForMoreWithTheRequestScale) {
  wg::Config c;
  c.jobs = 300;
  auto demand = [&](int scale) {
    c.request_scale = scale;
    const auto p = wg::generate(c, 9, 0);
    double total = 0;
    for (int j = 0; j < c.jobs; ++j) {
      // The cpu port's conjunct cpu.Memory >= M: the fourth of its five.
      const auto* conj = p.ads[j].ports()[0].conjuncts.at(4);
      total += ca::evaluate(*static_cast<const ca::BinaryExpr*>(conj)->rhs, nullptr).as_real();
    }
    return total;
  };
  const double one = demand(1), two = demand(2);
  EXPECT_DOUBLE_EQ(two, 2 * one);
}

TEST(GangWorkload, BadConfigsAreRefusedNamingTheField) {
  wg::Config c;
  c.selectivity = 0;
  EXPECT_THROW(wg::generate_text(c, 1, 0), std::invalid_argument);
  c = {};
  c.license_density = -1;
  try {
    wg::generate_text(c, 1, 0);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("license_density"), std::string::npos);
  }
  c = {};
  c.platforms = 8;
  EXPECT_THROW(wg::generate_text(c, 1, 0), std::invalid_argument);
}
