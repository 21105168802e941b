// A tiny hand-built run shared by the co-allocation output tests, with every expected number
// computed by hand.
//
// Graph: sites A (4 cores), B (4) in domain P, C (2) in domain Q; exchange point X (P);
// paths P:A-B (10 Gbit/s), P:A-X (10), P:B-X (10), Q:C-X (5).
// Config: 600-s buckets (10 min), horizon 2400, arrivals [0, 1800), window [1200, 2400).
// Requests:
//   0 u1 submit  60  EST 1200 LST 1500 D 600  {2,2} 0-1:1  accepted [1200,1800) A;B  P:A-B
//   1 u2 submit 300  EST 1200 LST 1560 D 300  {2,2} 0-1:2  accepted [1260,1560) A;C  P:A-X+Q:C-X
//   2 u1 submit 720  EST 1200 LST 1800 D 600  {4}          rejected (its one plan, [1200,1800)
//                                                          on A, refused by A's RM at 721)
//   3 u2 submit 900  EST 1800 LST 1800 D 600  {4}          accepted [1800,2400) B
// On B, request 0 ([1200,1800), 2 cores) and request 3 ([1800,2400), 4 cores) touch at 1800 only.
// The job of request 3 ends early, at 2100, so used and reserved differ on B.
#pragma once

#include <gmock/gmock.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <unistd.h>

#include "sim/kinds/coallocation/output/records.hpp"
#include "sim/kinds/coallocation/output/writers.hpp"
#include "tests/support/temp_dir.hpp"

namespace arsim::kinds::coallocation::fixture {

inline model::ResourceGraph tiny_graph() {
  model::ResourceGraph g;
  auto site = [&](const char* name, const char* domain, int cores) {
    model::Vertex v;
    v.name = name;
    v.domain = domain;
    v.cores = cores;
    return g.add_vertex(v);
  };
  const int a = site("A", "P", 4), b = site("B", "P", 4), c = site("C", "Q", 2);
  model::Vertex x;
  x.name = "X";
  x.role = model::VertexRole::Exchange;
  x.domain = "P";
  const int xi = g.add_vertex(x);
  auto edge = [&](const char* name, int u, int v, const char* domain, double bw) {
    model::Edge e;
    e.name = name;
    e.a = u;
    e.b = v;
    e.domain = domain;
    e.bandwidth = bw;
    g.add_edge(e);
  };
  edge("P:A-B", a, b, "P", 10);
  edge("P:A-X", a, xi, "P", 10);
  edge("P:B-X", b, xi, "P", 10);
  edge("Q:C-X", c, xi, "Q", 5);
  return g;
}

// Vertex ids A=0, B=1, C=2, X=3; edge ids A-B=0, A-X=1, B-X=2, C-X=3.
enum : int { kA = 0, kB = 1, kC = 2 };
enum : int { kAB = 0, kAX = 1, kBX = 2, kCX = 3 };

inline RequestRecord request(int id, const char* user, double submit, double est, double lst,
                             double d, std::vector<int> cpus, std::vector<model::Pair> pairs) {
  RequestRecord r;
  r.request.id = id;
  r.request.user = user;
  r.request.type = id + 1;
  r.request.submit = submit;
  r.request.est = est;
  r.request.lst = lst;
  r.request.duration = d;
  for (int c : cpus) r.request.components.push_back({c});
  r.request.pairs = std::move(pairs);
  r.frames = 10;
  r.plans_found = 3;
  r.plans_tried = 1;
  r.decision_time = submit + 1.5;
  r.solver_nodes = 7;
  r.solves = 1;
  r.planning_wall = 0.25;
  r.planning_cpu = 0.125;
  return r;
}

inline void accept(RequestRecord& r, double start, std::vector<int> sites,
                   std::vector<std::vector<int>> routes) {
  r.outcome = Outcome::Accepted;
  r.plan.frame = {start, start + r.request.duration};
  r.plan.sites = std::move(sites);
  r.plan.routes = std::move(routes);
}

inline ReservationRecord cores(int request, int site, double s, double e, double n) {
  return {request, ResourceKind::Cores, site, {s, e}, n};
}

inline ReservationRecord bandwidth(int request, int edge, double s, double e, double gbps) {
  return {request, ResourceKind::Bandwidth, edge, {s, e}, gbps};
}

inline RunRecord tiny_run() {
  RunRecord rec;
  auto r0 = request(0, "u1", 60, 1200, 1500, 600, {2, 2}, {{0, 1, 1}});
  accept(r0, 1200, {kA, kB}, {{kAB}});
  auto r1 = request(1, "u2", 300, 1200, 1560, 300, {2, 2}, {{0, 1, 2}});
  accept(r1, 1260, {kA, kC}, {{kAX, kCX}});
  auto r2 = request(2, "u1", 720, 1200, 1800, 600, {4}, {});
  auto r3 = request(3, "u2", 900, 1800, 1800, 600, {4}, {});
  accept(r3, 1800, {kB}, {});
  rec.requests = {r0, r1, r2, r3};
  rec.reservations = {cores(0, kA, 1200, 1800, 2),      cores(0, kB, 1200, 1800, 2),
                      bandwidth(0, kAB, 1200, 1800, 1), cores(1, kA, 1260, 1560, 2),
                      cores(1, kC, 1260, 1560, 2),      bandwidth(1, kAX, 1260, 1560, 2),
                      bandwidth(1, kCX, 1260, 1560, 2), cores(3, kB, 1800, 2400, 4)};
  rec.jobs = {{1, kA, 2, 1260, 1560, {{"a2", 2}}},
              {1, kC, 2, 1260, 1560, {{"c1", 2}}},
              {0, kA, 2, 1200, 1800, {{"a1", 2}}},
              {0, kB, 2, 1200, 1800, {{"b1", 2}}},
              {3, kB, 4, 1800, 2100, {{"b1", 4}}}};
  rec.attempts = {{2, "grc", 1, AttemptPhase::Hold, {1200, 1800}, 721, 1, 1, 0}};
  rec.coordinators = {"grc"};
  rec.end_time = 2400;
  return rec;
}

inline MetricsConfig tiny_config() {
  MetricsConfig cfg;
  cfg.bucket = 600;
  cfg.horizon = 2400;
  cfg.arrival_end = 1800;
  cfg.window_start = 1200;
  cfg.window_end = 2400;
  return cfg;
}

using arsim::testing::slurp;
using arsim::testing::TempDir;
// The matchers the tests of this kind's outputs use.
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

}  // namespace arsim::kinds::coallocation::fixture
