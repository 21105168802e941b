// The SCS offline experiments (experiments/interval/experiments.hpp): columns, determinism in
// (seed, run_index), and cases small enough to check by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "tests/unit/experiments/catalog.hpp"

using namespace arsim::schedulers;
using arsim::experiments::ResultTable;
using arsim::experiments::testing::catalog;

namespace {

ResultTable run(const std::string& name, const std::map<std::string, std::string>& params,
                std::uint64_t seed = 1, int run_index = 0) {
  return catalog().experiments.create(name, params)->run(seed, run_index);
}

int column(const ResultTable& t, const std::string& name) {
  for (std::size_t c = 0; c < t.header.size(); ++c)
    if (t.header[c] == name) return static_cast<int>(c);
  ADD_FAILURE() << "no column " << name;
  return -1;
}

// The deterministic part: every column but *_seconds.
std::vector<std::vector<std::string>> without_timings(const ResultTable& t) {
  std::vector<std::vector<std::string>> out;
  for (const auto& row : t.rows) {
    std::vector<std::string> kept;
    for (std::size_t c = 0; c < t.header.size(); ++c)
      if (t.header[c].find("_seconds") == std::string::npos) kept.push_back(row[c]);
    out.push_back(kept);
  }
  return out;
}

// The rows whose column `key` equals `value`, as maps column -> text.
std::map<std::string, std::string> row_where(const ResultTable& t, const std::string& key,
                                             const std::string& value) {
  const int k = column(t, key);
  for (const auto& row : t.rows)
    if (row[k] == value) {
      std::map<std::string, std::string> out;
      for (std::size_t c = 0; c < t.header.size(); ++c) out[t.header[c]] = row[c];
      return out;
    }
  ADD_FAILURE() << "no row with " << key << " = " << value;
  return {};
}

// A small SWF file: one job per (submit, run time) pair.
std::string write_swf(const std::string& name, const std::vector<std::pair<int, int>>& jobs) {
  const auto path = std::filesystem::temp_directory_path() / (name + ".swf");
  std::ofstream out(path);
  out << "; tiny trace for test_interval_experiments\n";
  int id = 1;
  for (const auto& [submit, run] : jobs)
    out << id++ << " " << submit << " 0 " << run << " 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n";
  return path.string();
}

const std::map<std::string, std::string> kTiny = {
    {"tasks", "40"}, {"granularity", "0.1"}, {"schedulers", "scs,scs-ls,est-ect,ect,metis"}};

}  // namespace

TEST(IntervalExperiments, AllRegistered) {
  for (const char* name :
       {"scs-min-resources", "scs-deviation", "scs-spectrum", "scs-runtime", "scs-table1"})
    EXPECT_NO_THROW(catalog().experiments.get(name)) << name;
}

TEST(IntervalExperiments, UnknownSchedulerIsAParamError) {
  EXPECT_THROW(run("scs-deviation", {{"schedulers", "est-ect,nope"}}), ParamError);
}

TEST(IntervalExperiments, DeviationColumnsAndDeterminism) {
  const auto a = run("scs-deviation", kTiny, 7, 2);
  EXPECT_EQ(a.header,
            (std::vector<std::string>{
                "scheduler", "tasks",    "periods",     "period",        "granularity",
                "load",      "beta",     "resources",   "rho",           "rho_max",
                "gain",      "theta",    "deviation",   "utilization",   "largest_share",
                "max_shift", "deferred", "activations", "solve_seconds", "wall_seconds"}));
  ASSERT_EQ(a.rows.size(), 5u);
  EXPECT_EQ(without_timings(a), without_timings(run("scs-deviation", kTiny, 7, 2)));
  EXPECT_NE(without_timings(a),
            without_timings(run("scs-deviation", kTiny, 7, 3)));  // another realization
  // rho = 1 by default: M = round(B) = round(40 x 0.1) = 4.
  EXPECT_EQ(row_where(a, "scheduler", "est-ect")["resources"], "4");
}

TEST(IntervalExperiments, MinResourcesColumnsAndDeterminism) {
  auto params = kTiny;
  params["realizations"] = "2";
  params["scan_width"] = "5";
  const auto a = run("scs-min-resources", params);
  EXPECT_EQ(a.header, (std::vector<std::string>{"realization", "scheduler", "tasks", "granularity",
                                                "load", "beta", "resources", "rho", "rho_max",
                                                "scan_limit", "evaluations", "search_seconds"}));
  ASSERT_EQ(a.rows.size(), 10u);
  EXPECT_EQ(without_timings(a), without_timings(run("scs-min-resources", params)));
  // Earliest start, earliest completion colours an interval graph optimally: M = beta.
  auto est = row_where(a, "scheduler", "est-ect");
  EXPECT_EQ(est["resources"], est["beta"]);
  EXPECT_EQ(est["rho"], est["rho_max"]);
  EXPECT_EQ(std::stoi(est["scan_limit"]), std::stoi(est["beta"]) + 5);  // scan_width = 5
  // A scheduler that finds no M up to the limit says so: resources -1, rho empty.
  for (const auto& row : a.rows) {
    if (row[column(a, "resources")] == "-1") {
      EXPECT_EQ(row[column(a, "rho")], "");
    }
  }
}

TEST(IntervalExperiments, MutuallyNonOverlappingTasksNeedOneResource) {
  // Four jobs of 5 s every 10 s; g = 0.5 gives T = 10: one task per period, B = 0.5, beta = 1.
  const auto trace = write_swf("scs_exp_disjoint", {{0, 5}, {10, 5}, {20, 5}, {30, 5}});
  const auto t = run("scs-min-resources",
                     {{"trace", trace}, {"granularity", "0.5"}, {"schedulers", "est-ect,scs"}});
  for (const char* name : {"est-ect", "scs"}) {
    auto r = row_where(t, "scheduler", name);
    EXPECT_EQ(r["beta"], "1") << name;
    EXPECT_EQ(r["resources"], "1") << name;
    EXPECT_EQ(r["evaluations"], "1") << name;
    EXPECT_DOUBLE_EQ(std::stod(r["rho"]), 0.5) << name;
    EXPECT_DOUBLE_EQ(std::stod(r["rho_max"]), 0.5) << name;
  }
  std::remove(trace.c_str());
}

TEST(IntervalExperiments, TwoEqualTasksOnOneResourceDeviateByHalfADuration) {
  // Two 4 s jobs submitted together; g = 0.5 gives T = 8. On M = 1 the second waits 4 s:
  // D = 4 / (N T) = 4 / 16 (eq. 23); the resource is busy 8 of 8 s.
  const auto trace = write_swf("scs_exp_pair", {{0, 4}, {0, 4}});
  const auto t = run("scs-deviation", {{"trace", trace},
                                       {"granularity", "0.5"},
                                       {"resources", "1"},
                                       {"schedulers", "est-ect,scs"}});
  for (const char* name : {"est-ect", "scs"}) {
    auto r = row_where(t, "scheduler", name);
    EXPECT_DOUBLE_EQ(std::stod(r["deviation"]), 0.25) << name;
    EXPECT_DOUBLE_EQ(std::stod(r["utilization"]), 1.0) << name;
    EXPECT_DOUBLE_EQ(std::stod(r["period"]), 8.0) << name;
    EXPECT_EQ(r["beta"], "2") << name;
  }
  std::remove(trace.c_str());
}

TEST(IntervalExperiments, Table1RecomputesThePaperNumbers) {
  const auto t = run("scs-table1", {});
  EXPECT_EQ(t.header, (std::vector<std::string>{"algorithm", "total_deviation", "utilization",
                                                "utilization_1", "utilization_2", "assignment"}));
  auto maxima = row_where(t, "algorithm", "maxima-is");
  EXPECT_DOUBLE_EQ(std::stod(maxima["total_deviation"]), 32);
  EXPECT_DOUBLE_EQ(std::stod(maxima["utilization"]), 0.625);
  auto paper = row_where(t, "algorithm", "table1-scs-assignment");
  EXPECT_DOUBLE_EQ(std::stod(paper["total_deviation"]), 5);
  EXPECT_DOUBLE_EQ(std::stod(paper["utilization"]), 0.8125);
  EXPECT_EQ(paper["assignment"], "1 1 2 2 1 1 2 1");
  EXPECT_EQ(without_timings(t),
            without_timings(run("scs-table1", {}, 99, 5)));  // no randomness at all
}

TEST(IntervalExperiments, SpectrumMatchesTheDenseReference) {
  const std::map<std::string, std::string> params = {
      {"tasks", "60"}, {"granularity", "0.05"}, {"schedulers", "scs,est-ect"}};
  const auto t = run("scs-spectrum", params, 3);
  EXPECT_EQ(t.header, (std::vector<std::string>{"kind", "scheduler", "key", "value"}));
  EXPECT_EQ(without_timings(t), without_timings(run("scs-spectrum", params, 3)));
  std::map<std::string, double> dense, scs;
  int clusters = 0, dense_count = 0;
  for (const auto& r : t.rows) {
    if (r[0] == "dense_eigenvalue") dense[r[2]] = std::stod(r[3]), ++dense_count;
    if (r[0] == "eigenvalue" && r[1] == "scs") scs[r[2]] = std::stod(r[3]);
    if (r[0] == "cluster_size" && r[1] == "scs") clusters += std::stoi(r[3]);
    EXPECT_EQ(r[2].find("_seconds"), std::string::npos);  // timings stay out of results.csv
  }
  EXPECT_EQ(dense_count, 60);
  EXPECT_EQ(clusters, 60);
  ASSERT_EQ(scs.size(), 3u);           // M = round(60 x 0.05 / 1) = 3
  EXPECT_NEAR(dense["0"], 1.0, 1e-9);  // the trivial eigenvalue of a normalized matrix
  for (const auto& [k, v] : scs) EXPECT_NEAR(v, dense[k], 1e-8) << k;
}

TEST(IntervalExperiments, RuntimeKeepsTimingsInSecondsColumns) {
  const auto t =
      run("scs-runtime", {{"tasks", "30"}, {"granularity", "0.1"}, {"schedulers", "est-ect,scs"}});
  EXPECT_EQ(t.header,
            (std::vector<std::string>{"scheduler", "tasks", "periods", "granularity", "resources",
                                      "deviation", "solve_seconds", "wall_seconds"}));
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_GE(std::stod(t.rows[1][column(t, "solve_seconds")]), 0);
}
