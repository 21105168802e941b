// The pure steps of a modification (modification.hpp) on the hand-built graph of fixture.hpp
// (A, B: 4 cores, C: 2; A-B, A-X, B-X, C-X), after a site's failure and after a path's, every
// expectation worked out in the comments.
#include "sim/kinds/coallocation/modification.hpp"

#include <gtest/gtest.h>

#include "tests/unit/sim/kinds/coallocation/fixture.hpp"

namespace arsim::kinds::coallocation {
namespace {

using namespace fixture;  // NOLINT: the graph's ids

constexpr BrokenPart site(int v) {
  return {ResourceKind::Cores, v};
}
constexpr BrokenPart path(int e) {
  return {ResourceKind::Bandwidth, e};
}

// Components {2, 1, 1} on A, B, C under commit 7; pairs 0-1 (1 Gbit/s) on A-B, 1-2 (1) on B-X-C,
// 0-2 (2) on A-X-C: C-X carries pairs 1-2 and 0-2.
ReservedRequest three_sites() {
  ReservedRequest r;
  r.request.id = 5;
  r.request.user = "u";
  r.request.est = r.request.lst = 1200;
  r.request.duration = 600;
  r.request.components = {{2}, {1}, {1}};
  r.request.pairs = {{0, 1, 1}, {1, 2, 1}, {0, 2, 2}};
  r.plan = {{1200, 1800}, {kA, kB, kC}, {{kAB}, {kBX, kCX}, {kAX, kCX}}, 0};
  r.component_ids = {7, 7, 7};
  r.pair_ids = {7, 7, 7};
  return r;
}

// {2, 2} on A and B under commit 7, the pair (1 Gbit/s) on A-X-B.
ReservedRequest two_sites() {
  ReservedRequest r;
  r.request.est = r.request.lst = 1200;
  r.request.duration = 600;
  r.request.components = {{2}, {2}};
  r.request.pairs = {{0, 1, 1}};
  r.plan = {{1200, 1800}, {kA, kB}, {{kAX, kBX}}, 0};
  r.component_ids = {7, 7};
  r.pair_ids = {7};
  return r;
}

TEST(Modification, RequestOfASiteFailure) {
  const auto r = three_sites();
  const auto m = modification_request(r, site(kA), {1300, 1800});
  ASSERT_TRUE(m);
  // c0 (on A) re-planned, c1 and c2 pinned where they are; pairs 0-1 and 0-2 have a moved end.
  EXPECT_EQ(m->moved, std::vector<int>{0});
  EXPECT_EQ(m->pairs, (std::vector<int>{0, 2}));
  EXPECT_FALSE(m->request.components[0].pinned());
  EXPECT_EQ(m->request.components[1].site, kB);
  EXPECT_EQ(m->request.components[2].site, kC);
  ASSERT_EQ(m->request.pairs.size(), 2u);
  EXPECT_EQ(m->request.pairs[1].bandwidth, 2);
  EXPECT_EQ(m->request.est, 1300);
  EXPECT_EQ(m->request.lst, 1300);
  EXPECT_EQ(m->request.duration, 500);
  EXPECT_EQ(m->request.id, 5);
  EXPECT_NO_THROW(model::validate(m->request));
  EXPECT_FALSE(modification_request(r, site(kA), {1800, 1800}));  // no time left in the frame
  EXPECT_FALSE(modification_request(r, site(3), {1300, 1800}));   // nothing on X
}

TEST(Modification, RequestOfAPathFailure) {
  const auto r = three_sites();
  // C-X carries pairs 1-2 and 0-2: both re-routed, nothing moves, every component pinned.
  const auto m = modification_request(r, path(kCX), {1300, 1800});
  ASSERT_TRUE(m);
  EXPECT_TRUE(m->moved.empty());
  EXPECT_EQ(m->pairs, (std::vector<int>{1, 2}));
  EXPECT_EQ(m->request.components[0].site, kA);
  EXPECT_EQ(m->request.components[1].site, kB);
  EXPECT_EQ(m->request.components[2].site, kC);
  ASSERT_EQ(m->request.pairs.size(), 2u);
  EXPECT_EQ(m->request.pairs[0].a, 1);
  EXPECT_EQ(m->request.pairs[1].bandwidth, 2);
  EXPECT_EQ(m->request.est, 1300);
  EXPECT_EQ(m->request.duration, 500);
  EXPECT_NO_THROW(model::validate(m->request));
  // A-B: pair 0-1 only.
  EXPECT_EQ(modification_request(r, path(kAB), {1300, 1800})->pairs, std::vector<int>{0});
  EXPECT_FALSE(modification_request(r, path(kCX), {1800, 1800}));  // no time left in the frame
  auto two = r;  // {A, B} joined over A-B only: a failure of C-X concerns no route of it
  two.request.components.pop_back();
  two.request.pairs.resize(1);
  two.plan.sites.pop_back();
  two.plan.routes.resize(1);
  EXPECT_FALSE(modification_request(two, path(kCX), {1300, 1800}));
}

TEST(Modification, AvailabilityAddsBackThePinnedComponentsCores) {
  const auto r = three_sites();
  const auto m = modification_request(r, site(kA), {1300, 1800});
  ASSERT_TRUE(m);
  model::Availability reported{{1300, 1800}, {4, 3, 1, 0}, {9, 8, 8, 2}};
  const auto avail = modification_availability(reported, *m);
  // B and C get back c1's and c2's core; A, the failed site, has none; bandwidth as reported.
  EXPECT_EQ(avail.free_cores, (std::vector<int>{0, 4, 2, 0}));
  EXPECT_EQ(avail.free_bandwidth, reported.free_bandwidth);
}

TEST(Modification, AvailabilityOfAPathFailureHasNoBandwidthOnThePath) {
  const auto r = three_sites();
  const auto m = modification_request(r, path(kCX), {1300, 1800});
  ASSERT_TRUE(m);
  model::Availability reported{{1300, 1800}, {4, 3, 1, 0}, {9, 8, 8, 2}};
  const auto avail = modification_availability(reported, *m);
  // Every component pinned: A, B and C get back c0's 2, c1's 1 and c2's 1 cores; C-X has none.
  EXPECT_EQ(avail.free_cores, (std::vector<int>{6, 4, 2, 0}));
  EXPECT_EQ(avail.free_bandwidth, (std::vector<double>{9, 8, 8, 0}));
}

TEST(Modification, AvailabilityIsShownAtTheUsersServiceLevel) {
  auto r = three_sites();
  r.request.service_level = 0.5;
  const auto m = modification_request(r, site(kA), {1300, 1800});
  ASSERT_TRUE(m);
  model::Availability reported{{1300, 1800}, {4, 3, 1, 0}, {9, 8, 8, 2}};
  const auto avail = modification_availability(reported, *m);
  // Half of what is free, floored (B 1.5 -> 1, C 0.5 -> 0), then c1's and c2's own core in full.
  EXPECT_EQ(avail.free_cores, (std::vector<int>{0, 2, 1, 0}));
  EXPECT_EQ(avail.free_bandwidth, (std::vector<double>{4.5, 4, 4, 1}));
}

TEST(Modification, PartsToReleaseKeepAnEdgeAKeptPairUses) {
  const auto r = three_sites();
  const auto m = modification_request(r, site(kA), {1300, 1800});
  ASSERT_TRUE(m);
  // c0's cores on A; pair 0-1's A-B; pair 0-2's A-X. C-X stays: pair 1-2, kept, uses it under
  // the same commit 7.
  const auto parts = parts_to_release(r, *m);
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts[0].kind, ResourceKind::Cores);
  EXPECT_EQ(parts[0].resource, kA);
  EXPECT_EQ(parts[1].resource, kAB);
  EXPECT_EQ(parts[2].resource, kAX);
  for (const auto& p : parts) EXPECT_EQ(p.id, 7u);
}

TEST(Modification, PartsToReleaseOfAPathFailure) {
  auto r = three_sites();
  // C-X fails: pairs 1-2 (B-X, C-X) and 0-2 (A-X, C-X) re-routed; pair 0-1 keeps A-B.
  auto m = modification_request(r, path(kCX), {1300, 1800});
  ASSERT_TRUE(m);
  auto parts = parts_to_release(r, *m);
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts[0].resource, kAX);
  EXPECT_EQ(parts[1].resource, kBX);
  EXPECT_EQ(parts[2].resource, kCX);
  for (const auto& p : parts) {
    EXPECT_EQ(p.kind, ResourceKind::Bandwidth);
    EXPECT_EQ(p.id, 7u);
  }
  // A-X fails: pair 0-2 re-routed; C-X also carries pair 1-2, kept, under the same commit 7.
  m = modification_request(r, path(kAX), {1300, 1800});
  ASSERT_TRUE(m);
  parts = parts_to_release(r, *m);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0].resource, kAX);
  // Pair 1-2 under commit 9 (an earlier repair): C-X is two reservations, and 0-2's is its own.
  r.pair_ids[1] = 9;
  parts = parts_to_release(r, *m);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[1].resource, kCX);
  EXPECT_EQ(parts[1].id, 7u);
}

TEST(Modification, AmountsAndApplyOfAReroute) {
  // A-X fails; the modification routes the pair over A-B.
  auto r = two_sites();
  const auto m = modification_request(r, path(kAX), {1300, 1800});
  ASSERT_TRUE(m);
  const model::Plan p{{1300, 1800}, {kA, kB}, {{kAB}}, 0};
  // New: the route's 1 Gbit/s only; the cores are held already.
  const auto a = modification_amounts(*m, p);
  EXPECT_TRUE(a.cores.empty());
  EXPECT_EQ(a.bandwidth, (std::map<int, double>{{kAB, 1}}));
  // Given back: the old route, the failed A-X and B-X.
  const auto parts = parts_to_release(r, *m);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].resource, kAX);
  EXPECT_EQ(parts[1].resource, kBX);
  apply_modification(r, *m, p, 9);
  EXPECT_EQ(r.plan.sites, (std::vector<int>{kA, kB}));
  EXPECT_EQ(r.plan.routes[0], std::vector<int>{kAB});
  EXPECT_EQ(r.component_ids, (std::vector<model::ReservationId>{7, 7}));
  EXPECT_EQ(r.pair_ids, std::vector<model::ReservationId>{9});
  EXPECT_FALSE(holds_part(r, false, kAX));
  EXPECT_TRUE(holds_part(r, false, kAB));
  EXPECT_TRUE(holds_part(r, true, kA));
}

TEST(Modification, AmountsAndApplyOfAMove) {
  // A fails; the modification moves c0 to C and routes C-X-B.
  auto r = two_sites();
  const auto m = modification_request(r, site(kA), {1300, 1800});
  ASSERT_TRUE(m);
  const model::Plan p{{1300, 1800}, {kC, kB}, {{kCX, kBX}}, 0};
  // New: c0's 2 cores on C and the route's 1 Gbit/s; c1's cores on B are held already.
  const auto a = modification_amounts(*m, p);
  EXPECT_EQ(a.cores, (std::map<int, double>{{kC, 2}}));
  EXPECT_EQ(a.bandwidth, (std::map<int, double>{{kBX, 1}, {kCX, 1}}));
  // Given back: A's cores and the old route, B-X included (the new route holds its own).
  EXPECT_EQ(parts_to_release(r, *m).size(), 3u);
  apply_modification(r, *m, p, 9);
  EXPECT_EQ(r.plan.sites, (std::vector<int>{kC, kB}));
  EXPECT_EQ(r.plan.routes[0], (std::vector<int>{kCX, kBX}));
  EXPECT_EQ(r.component_ids, (std::vector<model::ReservationId>{9, 7}));
  EXPECT_EQ(r.pair_ids, std::vector<model::ReservationId>{9});
  EXPECT_EQ(r.plan.frame, (model::TimeFrame{1200, 1800}));  // the original frame
  EXPECT_FALSE(holds_part(r, true, kA));
  EXPECT_TRUE(holds_part(r, true, kC));
  EXPECT_FALSE(holds_part(r, false, kAX));
  EXPECT_TRUE(holds_part(r, false, kCX));
}

}  // namespace
}  // namespace arsim::kinds::coallocation
