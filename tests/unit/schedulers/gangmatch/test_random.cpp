// Random differential test: on random pools every matcher's gangs pass the checker; naive and
// indexed (same order, different candidate sources) marshal the same gangs, as do dynamic and
// clustered (same order, units of one ad or autoclusters); no greedy matcher beats the exact
// optimum, and indexes and caches cost fewer probes than the scans they replace.
#include <gtest/gtest.h>

#include "schedulers/gangmatch/exact.hpp"
#include "tests/unit/schedulers/gangmatch/pools.hpp"

namespace gm = arsim::schedulers::gangmatch;
namespace t = arsim::test;
using arsim::model::gang::check_gangs;

namespace {

std::string text(const std::vector<arsim::model::gang::Gang>& gangs) {
  std::string s;
  for (const auto& g : gangs) {
    for (const auto& n : g.nodes)
      s += std::to_string(n.ad) + "<" + std::to_string(n.parent) + ":" +
           std::to_string(n.parent_port) + ":" + std::to_string(n.port) + " ";
    s += "| ";
  }
  return s;
}

}  // namespace

TEST(GangRandom, AllMatchersAgreeWhereTheyShouldAndStayBelowTheOptimum) {
  long gangs = 0, deep = 0, below_optimum = 0, exact_runs = 0;
  for (int k = 0; k < 150; ++k) {
    auto rng = arsim::model::make_stream(5, static_cast<std::uint64_t>(k), "gang-random");
    const bool small = k % 3 == 0;
    const auto p = t::random_pool(rng, small ? 3 : 12, small ? 6 : 30);
    std::map<std::string, arsim::schedulers::GangResult> r;
    for (const auto& m : {"naive", "indexed", "dynamic", "clustered"}) {
      r[m] = t::run(m, p);
      ASSERT_EQ(check_gangs(p, r[m].gangs), std::nullopt) << m << " pool " << k;
    }
    r["naive-rl"] = t::run("naive", p, {{"order", "right-to-left"}});
    r["naive-type"] = t::run("naive", p, {{"scan", "type"}});
    r["indexed-rl"] = t::run("indexed", p, {{"order", "right-to-left"}});
    ASSERT_EQ(check_gangs(p, r["indexed-rl"].gangs), std::nullopt) << k;
    ASSERT_EQ(text(r["naive"].gangs), text(r["indexed"].gangs)) << "pool " << k;
    ASSERT_EQ(text(r["naive"].gangs), text(r["naive-type"].gangs)) << "pool " << k;
    ASSERT_EQ(text(r["naive-rl"].gangs), text(r["indexed-rl"].gangs)) << "pool " << k;
    ASSERT_EQ(text(r["dynamic"].gangs), text(r["clustered"].gangs)) << "pool " << k;
    ASSERT_LE(r["indexed"].stats.evaluations, r["naive"].stats.evaluations) << k;
    ASSERT_LE(r["clustered"].stats.probes, r["dynamic"].stats.probes) << k;
    gangs += static_cast<long>(r["dynamic"].gangs.size());
    for (const auto& g : r["naive"].gangs) deep += g.nodes.size() > 3;
    if (small) {
      const auto e = gm::solve_exact(p);
      ++exact_runs;
      for (const auto& [name, res] : r) ASSERT_LE(res.gangs.size(), e.gangs.size()) << name;
      below_optimum += r["dynamic"].gangs.size() < e.gangs.size();
    }
  }
  // The pools must exercise what they claim to: many gangs, some deeper than three ads.
  EXPECT_GT(gangs, 200);
  EXPECT_GT(deep, 3);
  EXPECT_EQ(exact_runs, 50);
  RecordProperty("below_optimum", static_cast<int>(below_optimum));
}

TEST(GangRandom, ResultsAreDeterministic) {
  auto rng = arsim::model::make_stream(5, 3, "gang-random");
  const auto p = t::random_pool(rng, 12, 30);
  for (const auto& m : {"naive", "indexed", "dynamic", "clustered"}) {
    const auto a = t::run(m, p), b = t::run(m, p);
    EXPECT_EQ(text(a.gangs), text(b.gangs)) << m;
    EXPECT_EQ(a.stats.probes, b.stats.probes) << m;
    EXPECT_EQ(a.stats.evaluations, b.stats.evaluations) << m;
  }
}
