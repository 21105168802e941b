// The GridARS workload generator (workloads/gridars_generator.hpp; GridARS §4.1, Table 1).
#include "workloads/gridars_generator.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace arsim::workloads {
namespace {

using ::testing::HasSubstr;

constexpr int kElglCores = 232;   // N{8,16,32,64} + S{8,16,32} + U{8,16,32} (Table 1)
constexpr double kBucket = 8640;  // 144 min, the buckets of Fig. 7

bool same(const model::Request& x, const model::Request& y) {
  if (x.id != y.id || x.user != y.user || x.type != y.type || x.submit != y.submit ||
      x.est != y.est || x.lst != y.lst || x.duration != y.duration ||
      x.service_level != y.service_level || x.components.size() != y.components.size() ||
      x.pairs.size() != y.pairs.size())
    return false;
  for (std::size_t j = 0; j < x.components.size(); ++j)
    if (x.components[j].cpus != y.components[j].cpus) return false;
  for (std::size_t l = 0; l < x.pairs.size(); ++l)
    if (x.pairs[l].a != y.pairs[l].a || x.pairs[l].b != y.pairs[l].b ||
        x.pairs[l].bandwidth != y.pairs[l].bandwidth)
      return false;
  return true;
}

bool same(const std::vector<model::Request>& x, const std::vector<model::Request>& y) {
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i)
    if (!same(x[i], y[i])) return false;
  return true;
}

class GridarsLoad : public ::testing::TestWithParam<CpuDraw> {};

TEST_P(GridarsLoad, ReachesHundredPercentAt1440Minutes) {
  // §4.1: "the request loads are set to 10 % at 144 min to 100 % at 1440 min". One run has about
  // 424 requests and a relative sd of about 6 % (8 % with one core draw per request), so the mean
  // of 10 runs lies within 5 %. Both draws ask 3.75 cores per site on average.
  GridarsConfig config;
  config.cpu_draw = GetParam();
  double load_sum = 0, first_bucket_sum = 0;
  std::size_t count = 0;
  for (std::uint64_t run = 0; run < 10; ++run) {
    const auto requests = generate_gridars(config, 1, run);
    count += requests.size();
    const auto curve = load_curve(requests, kElglCores, 86400, kBucket, 86400);
    ASSERT_EQ(curve.size(), 10u);
    EXPECT_EQ(curve.back().t, 86400);
    for (std::size_t k = 1; k < curve.size(); ++k) ASSERT_GE(curve[k].load, curve[k - 1].load);
    load_sum += curve.back().load;
    first_bucket_sum += curve.front().load;
  }
  EXPECT_NEAR(load_sum / 10, 1.0, 0.05);
  EXPECT_NEAR(first_bucket_sum / 10, 0.1, 0.03);
  EXPECT_NEAR(count / 10.0, 2 * 86400 / 407.327, 15);  // 424.2 expected; sd of the mean ≈ 6.5
}

INSTANTIATE_TEST_SUITE_P(BothDraws, GridarsLoad,
                         ::testing::Values(CpuDraw::PerRequest, CpuDraw::PerComponent),
                         [](const auto& info) {
                           return info.param == CpuDraw::PerRequest ? "per_request"
                                                                    : "per_component";
                         });

TEST(GridarsGenerator, SameSeedSameRequests) {
  const GridarsConfig config;
  EXPECT_TRUE(same(generate_gridars(config, 7, 2), generate_gridars(config, 7, 2)));
}

TEST(GridarsGenerator, DifferentSeedOrRunDifferentRequests) {
  const GridarsConfig config;
  const auto base = generate_gridars(config, 7, 2);
  EXPECT_FALSE(same(base, generate_gridars(config, 8, 2)));
  EXPECT_FALSE(same(base, generate_gridars(config, 7, 3)));
}

TEST(GridarsGenerator, UsersHaveIndependentStreams) {
  // Removing UserB must leave UserA's requests unchanged (apart from ids).
  GridarsConfig both, only_a;
  only_a.users = {{"UserA"}};
  std::vector<model::Request> a_from_both;
  for (auto r : generate_gridars(both, 3, 0))
    if (r.user == "UserA") a_from_both.push_back(r);
  auto alone = generate_gridars(only_a, 3, 0);
  ASSERT_EQ(a_from_both.size(), alone.size());
  for (std::size_t i = 0; i < alone.size(); ++i) {
    alone[i].id = a_from_both[i].id;
    EXPECT_TRUE(same(alone[i], a_from_both[i])) << "request " << i;
  }
}

TEST(GridarsGenerator, EveryRequestValidAndInsideTheWindows) {
  GridarsConfig config;
  config.users = {{"UserA", 407.327, 1.0}, {"UserB", 407.327, 0.5}};
  const auto requests = generate_gridars(config, 11, 0);
  ASSERT_GT(requests.size(), 300u);
  const std::set<double> durations(config.durations.begin(), config.durations.end());
  const std::set<int> cpus(config.cpus.begin(), config.cpus.end());
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const auto& r = requests[i];
    SCOPED_TRACE(i);
    EXPECT_NO_THROW(model::validate(r));
    EXPECT_EQ(r.id, static_cast<int>(i));
    if (i > 0) {
      EXPECT_LE(requests[i - 1].submit, r.submit);
    }
    EXPECT_GE(r.submit, 0);
    EXPECT_LT(r.submit, config.arrival_end);
    EXPECT_GE(r.est, config.window_start);
    EXPECT_LE(r.lst + r.duration, config.window_end);
    EXPECT_EQ(r.lst - r.est, 3 * r.duration);
    EXPECT_EQ(r.est, std::floor(r.est));  // whole seconds
    EXPECT_TRUE(durations.count(r.duration));
    for (const auto& c : r.components) EXPECT_TRUE(cpus.count(c.cpus));
    // Default reading of Table 1: one core count for all sites of the request.
    for (const auto& c : r.components) EXPECT_EQ(c.cpus, r.components.front().cpus);
    for (const auto& p : r.pairs) EXPECT_EQ(p.bandwidth, 1.0);
    EXPECT_EQ(r.service_level, r.user == "UserB" ? 0.5 : 1.0);
  }
}

TEST(GridarsGenerator, TypeShapesFollowOurReadingOfFig6) {
  using P = std::vector<std::pair<int, int>>;
  EXPECT_EQ(type_shape(1).components, 2);
  EXPECT_EQ(type_shape(1).paths, (P{{0, 1}}));
  EXPECT_EQ(type_shape(2).components, 3);
  EXPECT_EQ(type_shape(2).paths, (P{{0, 1}, {1, 2}}));
  EXPECT_EQ(type_shape(3).components, 3);
  EXPECT_EQ(type_shape(3).paths, (P{{0, 1}, {1, 2}, {0, 2}}));
  EXPECT_EQ(type_shape(4).components, 4);
  EXPECT_EQ(type_shape(4).paths, (P{{0, 1}, {1, 2}, {2, 3}, {0, 3}}));
  EXPECT_EQ(type_shape(4, Type4Shape::Complete).components, 4);
  EXPECT_EQ(type_shape(4, Type4Shape::Complete).paths,
            (P{{0, 1}, {1, 2}, {2, 3}, {0, 3}, {0, 2}, {1, 3}}));
  for (int t = 1; t <= 3; ++t)
    EXPECT_EQ(type_shape(t, Type4Shape::Complete).paths, type_shape(t).paths) << "type " << t;
  EXPECT_THROW(type_shape(0), std::invalid_argument);
  EXPECT_THROW(type_shape(5), std::invalid_argument);
}

TEST(GridarsGenerator, GeneratedRequestsHaveTheShapeOfTheirType) {
  const auto requests = generate_gridars(GridarsConfig{}, 5, 0);
  std::set<int> seen;
  double sites = 0;
  for (const auto& r : requests) {
    const TypeShape shape = type_shape(r.type);
    seen.insert(r.type);
    sites += r.components.size();
    ASSERT_EQ(static_cast<int>(r.components.size()), shape.components);
    ASSERT_EQ(r.pairs.size(), shape.paths.size());
    for (std::size_t l = 0; l < r.pairs.size(); ++l) {
      EXPECT_EQ(r.pairs[l].a, shape.paths[l].first);
      EXPECT_EQ(r.pairs[l].b, shape.paths[l].second);
    }
  }
  EXPECT_EQ(seen, (std::set<int>{1, 2, 3, 4}));
  EXPECT_NEAR(sites / requests.size(), 3.0, 0.15);  // the calibration needs 3 sites on average
}

TEST(GridarsGenerator, CoreDrawsOfBothReadings) {
  // Both readings draw inter-arrival, type, duration and EST first, so the first request of each
  // user is the same under both up to its cores, and its first core draw is the same number: the
  // shared count of the per-request reading is the first component's of the per-component one.
  GridarsConfig per_request, per_component;
  per_component.cpu_draw = CpuDraw::PerComponent;
  const auto a = generate_gridars(per_request, 9, 1);
  const auto b = generate_gridars(per_component, 9, 1);
  for (const std::string user : {"UserA", "UserB"}) {
    SCOPED_TRACE(user);
    const auto first = [&](const std::vector<model::Request>& rs) {
      return *std::find_if(rs.begin(), rs.end(), [&](const auto& r) { return r.user == user; });
    };
    const model::Request x = first(a), y = first(b);
    EXPECT_EQ(x.submit, y.submit);
    EXPECT_EQ(x.type, y.type);
    EXPECT_EQ(x.duration, y.duration);
    EXPECT_EQ(x.est, y.est);
    ASSERT_EQ(x.components.size(), y.components.size());
    EXPECT_EQ(x.components.front().cpus, y.components.front().cpus);
  }
  // Per component, sites of one request do differ (P(all equal) is 1/4 to 1/64 per request);
  // per request, they never do.
  int mixed = 0;
  for (const auto& r : b)
    for (const auto& c : r.components) mixed += c.cpus != r.components.front().cpus;
  EXPECT_GT(mixed, 100);
  std::map<int, int> counts;
  for (const auto& r : a) ++counts[r.components.front().cpus];
  // One draw per request, uniform over {1, 2, 4, 8}: each about a quarter of ~424 requests
  // (sd ≈ 9 requests, so 106 ± 40 is more than 4 sd).
  ASSERT_EQ(counts.size(), 4u);
  for (const auto& [cores, n] : counts) EXPECT_NEAR(n, a.size() / 4.0, 40) << cores << " cores";
}

TEST(GridarsGenerator, CompleteType4ChangesOnlyTheType4Paths) {
  // The shape takes no random draw, so the same seed gives the same requests but for the two
  // extra pairs 0-2 and 1-3 of every Type 4 request.
  GridarsConfig complete;
  complete.type4 = Type4Shape::Complete;
  const auto ring = generate_gridars(GridarsConfig{}, 4, 0);
  const auto full = generate_gridars(complete, 4, 0);
  ASSERT_EQ(ring.size(), full.size());
  int type4 = 0;
  for (std::size_t i = 0; i < ring.size(); ++i) {
    auto r = full[i];
    if (r.type == 4) {
      ++type4;
      ASSERT_EQ(r.pairs.size(), 6u);
      EXPECT_EQ(std::make_pair(r.pairs[4].a, r.pairs[4].b), std::make_pair(0, 2));
      EXPECT_EQ(std::make_pair(r.pairs[5].a, r.pairs[5].b), std::make_pair(1, 3));
      r.pairs.resize(4);
    }
    EXPECT_TRUE(same(r, ring[i])) << "request " << i;
  }
  EXPECT_GT(type4, 50);
}

TEST(GridarsGenerator, RestrictedChoicesAreHonoured) {
  GridarsConfig config;
  config.types = {4};
  config.cpus = {2};
  config.durations = {600};
  config.bandwidth = 2.5;
  for (const auto& r : generate_gridars(config, 1, 0)) {
    EXPECT_EQ(r.type, 4);
    EXPECT_EQ(r.total_cpus(), 8);
    EXPECT_EQ(r.duration, 600);
    for (const auto& p : r.pairs) EXPECT_EQ(p.bandwidth, 2.5);
  }
}

void expect_invalid(GridarsConfig config, const std::string& field) {
  try {
    validate(config);
    ADD_FAILURE() << "no error for " << field;
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), HasSubstr(field));
  }
}

TEST(GridarsGenerator, ConfigErrorsNameTheField) {
  const GridarsConfig ok;
  EXPECT_NO_THROW(validate(ok));
  auto c = ok;
  c.users.clear();
  expect_invalid(c, "users");
  c = ok;
  c.users[1].name = "UserA";
  expect_invalid(c, "users[1].name");
  c = ok;
  c.users[0].name = "User A";
  expect_invalid(c, "users[0].name");
  c = ok;
  c.users[1].mean_interarrival = 0;
  expect_invalid(c, "users[1].mean_interarrival");
  c = ok;
  c.users[0].service_level = 1.5;
  expect_invalid(c, "users[0].service_level");
  c = ok;
  c.window_start = 80000;  // before the last arrival
  expect_invalid(c, "window_start");
  c = ok;
  c.window_end = c.window_start;
  expect_invalid(c, "window_end");
  c = ok;
  c.durations = {1800, 30000};  // 4 D does not fit in one day
  expect_invalid(c, "durations[1]");
  c = ok;
  c.cpus = {1, 0};
  expect_invalid(c, "cpus[1]");
  c = ok;
  c.types = {1, 5};
  expect_invalid(c, "types[1]");
  c = ok;
  c.bandwidth = -1;
  expect_invalid(c, "bandwidth");
  c = ok;
  c.lst_factor = -1;
  expect_invalid(c, "lst_factor");
  c = ok;
  c.users[0].name.clear();
  EXPECT_THROW(generate_gridars(c, 1, 0), std::invalid_argument);
}

TEST(GridarsGenerator, LoadCurveByHand) {
  // 10 cores, window 100 s: request 0 asks 2 × 10 core-s = 2 % , request 1 asks 3 × 20 = 6 %.
  model::Request a, b;
  a.submit = 5;
  a.duration = 10;
  a.components = {{1}, {1}};
  b.submit = 10;  // at a bucket end: counted only in the next bucket ("submitted before t")
  b.duration = 20;
  b.components = {{3}};
  const auto curve = load_curve({b, a}, 10, 100, 10, 30);
  ASSERT_EQ(curve.size(), 3u);
  EXPECT_EQ(curve[0].t, 10);
  EXPECT_DOUBLE_EQ(curve[0].load, 0.02);
  EXPECT_EQ(curve[1].t, 20);
  EXPECT_DOUBLE_EQ(curve[1].load, 0.08);
  EXPECT_DOUBLE_EQ(curve[2].load, 0.08);
  // horizon 0: up to the first bucket end after the latest submit.
  const auto open = load_curve({a, b}, 10, 100, 10);
  ASSERT_EQ(open.size(), 2u);
  EXPECT_DOUBLE_EQ(open.back().load, 0.08);
  EXPECT_TRUE(load_curve({}, 10, 100, 10).empty());
  EXPECT_THROW(load_curve({a}, 0, 100, 10), std::invalid_argument);
  EXPECT_THROW(load_curve({a}, 10, 100, 0), std::invalid_argument);
}

}  // namespace
}  // namespace arsim::workloads
