// The arsim binary end to end: runs with the audit, determinism, resumable sweeps, and one-line
// errors with exit status 2 for bad input.
#include <gtest/gtest.h>

#include "tests/sim/cli_support.hpp"

using namespace arsim_test;  // NOLINT: the helpers of every end-to-end test

TEST(Cli, RunWithAuditWritesEveryFile) {
  const auto out = scratch("files");
  auto r = arsim(fmt::format("run tests/sim/data/tiny_greedy.xml --out {} --audit", out.string()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("audit: passed"), std::string::npos) << r.output;
  for (const char* f : {"requests.csv", "reservations.csv", "jobs.csv", "resources.csv",
                        "summary.csv", "timings.csv", "workload.txt", "run.json"})
    EXPECT_TRUE(fs::is_regular_file(out / f)) << f;
  EXPECT_GT(lines(slurp(out / "requests.csv")), 10u);
}

TEST(Cli, SameSeedGivesByteIdenticalOutputs) {
  const auto a = scratch("det-a"), b = scratch("det-b");
  ASSERT_EQ(arsim(fmt::format("run tests/sim/data/tiny_greedy.xml --out {}", a.string())).status,
            0);
  ASSERT_EQ(arsim(fmt::format("run tests/sim/data/tiny_greedy.xml --out {}", b.string())).status,
            0);
  for (const char* f : {"requests.csv", "reservations.csv", "jobs.csv", "resources.csv",
                        "summary.csv", "workload.txt"})
    EXPECT_EQ(slurp(a / f), slurp(b / f)) << f;
  const auto c = scratch("det-c");
  ASSERT_EQ(
      arsim(fmt::format("run tests/sim/data/tiny_greedy.xml --seed 8 --out {}", c.string())).status,
      0);
  EXPECT_NE(slurp(a / "workload.txt"), slurp(c / "workload.txt"));
}

TEST(Cli, ElglDefaultScenarioHasBothUsersAndPassesTheAudit) {
  const auto out = scratch("elgl");
  auto r = arsim(fmt::format("run scenarios/elgl_greedy.xml --out {} --audit", out.string()));
  ASSERT_EQ(r.status, 0) << r.output;
  const std::string req = slurp(out / "requests.csv");
  const std::size_t rows = lines(req) - 1;
  EXPECT_GT(rows, 350u);  // about 424 expected: 2 users × 86400 s / 407.327 s
  EXPECT_LT(rows, 500u);
  EXPECT_NE(req.find(",UserA,"), std::string::npos);
  EXPECT_NE(req.find(",UserB,"), std::string::npos);
  const std::string summary = slurp(out / "summary.csv");
  EXPECT_NE(summary.find("success_ratio,UserA"), std::string::npos);
  EXPECT_NE(summary.find("success_ratio,UserB"), std::string::npos);
}

TEST(Cli, SweepRunsEveryPointAndResumes) {
  const auto dir = scratch("sweep");
  std::string body = good_scenario();
  body.replace(body.find("runs=\"1\""), 8, "runs=\"2\"");
  body.replace(body.find("</scenario>"), 11,
               "  <sweep><param name=\"grc.frames\" values=\"1 3\"/></sweep>\n</scenario>");
  const auto f = write_scenario(dir, body);
  auto r = arsim(fmt::format("run {} --out {} --jobs 2 --audit", f.string(), (dir / "o").string()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(fs::is_regular_file(dir / "o" / "aggregate.csv"));
  EXPECT_EQ(lines(slurp(dir / "o" / "sweep.csv")), 5u);  // header + 2 points × 2 runs
  const std::string agg = slurp(dir / "o" / "aggregate.csv");
  r = arsim(fmt::format("run {} --out {}", f.string(), (dir / "o").string()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("(4 resumed)"), std::string::npos) << r.output;
  EXPECT_EQ(slurp(dir / "o" / "aggregate.csv"), agg);
}

TEST(Cli, BadInputIsOneLineWithFileLineAndStatus2) {
  const auto dir = scratch("bad");
  struct Case {
    std::string from, to, expect;
  };
  const std::vector<Case> cases = {
      {"frames=\"3\"", "frames=\"x\"", ":6:"},
      {"frames=\"3\"", "frams=\"3\"", ":6:"},
      {"planner=\"greedy\"", "planner=\"nope\"", "valid:"},
      {"durations=\"600\"", "durations=\"-1\"", ":4:"},
      {"<output", "<outptu", ":7:"},
  };
  for (const auto& c : cases) {
    std::string body = good_scenario();
    body.replace(body.find(c.from), c.from.size(), c.to);
    const auto f = write_scenario(dir, body);
    for (const char* verb : {"check", "run"}) {
      auto r = arsim(fmt::format("{} {} --out {}", verb, f.string(), (dir / "o").string()));
      if (std::string(verb) == "check") r = arsim(fmt::format("check {}", f.string()));
      EXPECT_EQ(r.status, 2) << c.to << ": " << r.output;
      EXPECT_EQ(lines(r.output), 1u) << r.output;
      EXPECT_NE(r.output.find(f.string()), std::string::npos) << r.output;
      EXPECT_NE(r.output.find(c.expect), std::string::npos) << r.output;
    }
    EXPECT_FALSE(fs::exists(dir / "o")) << "nothing may be written on bad input: " << c.to;
  }
}

TEST(Cli, ListNamesThePlanners) {
  auto r = arsim("list");
  ASSERT_EQ(r.status, 0);
  EXPECT_NE(r.output.find("greedy"), std::string::npos);
}

TEST(Cli, GeneratedWorkloadReplaysToTheSameRun) {
  const auto dir = scratch("replay");
  const auto gen = write_scenario(dir, good_scenario());
  ASSERT_EQ(
      arsim(fmt::format("generate {} --out {}", gen.string(), (dir / "w.txt").string())).status, 0);
  ASSERT_EQ(arsim(fmt::format("run {} --out {}", gen.string(), (dir / "gen").string())).status, 0);
  std::string body = good_scenario();
  const auto from = body.find("<workload"), to = body.find("/>", from) + 2;
  body.replace(from, to - from,
               "<workload generator=\"file\" file=\"w.txt\" arrival_end=\"3600\" "
               "window_start=\"3600\" window_end=\"28800\"/>");
  std::ofstream(dir / "replay.xml") << body;
  auto r =
      arsim(fmt::format("run {} --out {}", (dir / "replay.xml").string(), (dir / "file").string()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(slurp(dir / "gen" / "requests.csv"), slurp(dir / "file" / "requests.csv"));
  EXPECT_EQ(slurp(dir / "gen" / "summary.csv"), slurp(dir / "file" / "summary.csv"));
}

TEST(Cli, DumpModelsWritesEverySolvedModelWithItsStatus) {
  const auto dir = scratch("dump");
  auto r =
      arsim(fmt::format("run tests/sim/data/tiny_greedy.xml --set grc.algorithm=gridars-ip "
                        "--dump-models {} --out {} --audit",
                        (dir / "models").string(), (dir / "o").string()));
  ASSERT_EQ(r.status, 0) << r.output;
  std::size_t mps = 0, sidecars = 0;
  for (const auto& entry : fs::directory_iterator(dir / "models")) {
    if (entry.path().extension() == ".mps") ++mps;
    if (entry.path().extension() == ".json") {
      ++sidecars;
      EXPECT_NE(slurp(entry.path()).find("\"status\""), std::string::npos);
    }
  }
  EXPECT_GT(mps, 0u);
  EXPECT_EQ(mps, sidecars);
  // Every solve of the run left a model: requests.csv counts the solves.
  std::size_t solves = 0;
  for (const auto& v : column(slurp(dir / "o" / "requests.csv"), "solves")) solves += std::stoul(v);
  EXPECT_EQ(mps, solves);
}

TEST(Cli, IntervalWorkloadRunsEveryTaskAndReportsTheDeviation) {
  const auto dir = scratch("interval");
  auto r =
      arsim(fmt::format("run scenarios/interval_synthetic.xml --set workload.tasks=100 "
                        "--set scenario.runs=1 --set interval_rm.algorithm=est-ect --out {}",
                        dir.string()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(column(slurp(dir / "jobs.csv"), "job_id").size(), 100u);
  for (const auto& w : column(slurp(dir / "jobs.csv"), "waiting_time")) EXPECT_GE(std::stod(w), 0);
  EXPECT_NE(slurp(dir / "summary.csv").find("time_deviation,all,,all,"), std::string::npos);
  r =
      arsim(fmt::format("run scenarios/interval_synthetic.xml --set interval_rm.algorithm=nope "
                        "--out {}",
                        (dir / "bad").string()));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("valid:"), std::string::npos) << r.output;
}

TEST(Cli, PartitionBaselinesAreDeterministic) {
  for (const char* scheduler : {"scotch", "metis"}) {
    std::string jobs[2];
    for (int k = 0; k < 2; ++k) {
      const auto dir = scratch(fmt::format("{}-{}", scheduler, k));
      auto r =
          arsim(fmt::format("run scenarios/interval_synthetic.xml --set scenario.runs=1 "
                            "--set workload.tasks=400 --set interval_rm.algorithm={} --out {}",
                            scheduler, dir.string()));
      ASSERT_EQ(r.status, 0) << r.output;
      jobs[k] = slurp(dir / "jobs.csv");
    }
    EXPECT_EQ(jobs[0], jobs[1]) << scheduler;
  }
}

TEST(Cli, AnOutputThatIsAFileFailsBeforeAnythingRuns) {
  const auto dir = scratch("outfile");
  const auto f = write_scenario(dir, good_scenario());
  std::ofstream(dir / "taken") << "x";
  for (const auto& out : {dir / "taken", dir / "taken" / "sub"}) {
    const auto r = arsim(fmt::format("run {} --out {}", f.string(), out.string()));
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_EQ(lines(r.output), 1u) << r.output;
    EXPECT_NE(r.output.find("--out " + out.string() + ": expected a folder"), std::string::npos)
        << r.output;
  }
  EXPECT_EQ(slurp(dir / "taken"), "x");
}

TEST(Cli, ASweepFolderOfOtherSettingsIsNeverResumed) {
  const auto dir = scratch("stale");
  std::string body = good_scenario();
  body.replace(body.find("runs=\"1\""), 8, "runs=\"2\"");
  const auto f = write_scenario(dir, body);
  const auto out = (dir / "o").string();
  ASSERT_EQ(arsim(fmt::format("run {} --out {}", f.string(), out)).status, 0);
  const std::string sweep = slurp(dir / "o" / "sweep.csv");
  for (const char* change : {"--seed 7", "--set grc.frames=2"}) {
    const auto r = arsim(fmt::format("run {} --out {} {}", f.string(), out, change));
    EXPECT_EQ(r.status, 2) << change << ": " << r.output;
    EXPECT_EQ(lines(r.output), 1u) << r.output;
    EXPECT_NE(r.output.find("run.json: field 'scenario_hash': this folder holds a run made from "
                            "other settings"),
              std::string::npos)
        << r.output;
    EXPECT_EQ(slurp(dir / "o" / "sweep.csv"), sweep) << "old results must stay as they were";
  }
}

TEST(Cli, SigtermStopsASweepAtOnceWithItsChildren) {
  const auto dir = scratch("signal");
  std::string body = good_scenario();
  body.replace(body.find("runs=\"1\""), 8, "runs=\"400\"");
  const auto f = write_scenario(dir, body);
  const auto out = (dir / "o").string();
  // The shell starts the sweep, signals it after 1 s, and reports its status and how long it took
  // to stop and whether any process still runs in the output folder.
  const auto r = arsim_shell(
      fmt::format("{} run {} --out {} --jobs 2 >{}.log 2>&1 & pid=$!; sleep 1; t0=$(date +%s%N); "
                  "kill -TERM $pid; wait $pid; status=$?; t1=$(date +%s%N); "
                  "echo status=$status ms=$(( (t1 - t0) / 1000000 )) left=$(pgrep -f -c -- '^{} "
                  "run .*{}' || true)",
                  ARSIM_BINARY, f.string(), out, out, ARSIM_BINARY, out));
  EXPECT_NE(r.find("status=143 "), std::string::npos) << r;
  EXPECT_NE(slurp(out + ".log").find("stopped by SIGTERM after"), std::string::npos);
  const auto ms = std::stol(r.substr(r.find("ms=") + 3));
  EXPECT_LT(ms, 1000) << r;
  EXPECT_NE(r.find("left=0"), std::string::npos) << r;
  EXPECT_FALSE(fs::exists(dir / "o" / "sweep.csv"));
}

TEST(Cli, CheckReadsTheTraceOfAnIntervalScenario) {
  const auto dir = scratch("badtrace");
  std::ofstream(dir / "bad.swf") << "1 0 0 10 1 -1 -1 1 10 -1 1 1 1 1 1 1 -1 -1\nxx\n";
  const auto r = arsim(fmt::format("check scenarios/interval_kth.xml --set workload.trace={}",
                                   (dir / "bad.swf").string()));
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
  EXPECT_NE(r.output.find((dir / "bad.swf").string() + ":2: expected 18 fields"), std::string::npos)
      << r.output;
}

TEST(Cli, CheckLoadsThePlatformOfEveryKindThatSimulates) {
  const auto dir = scratch("badplatform");
  // Well-formed XML that SimGrid refuses: a host without a speed.
  const auto bad = (dir / "bad.xml").string();
  std::ofstream(bad) << "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
                        "\"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n"
                        "<zone id=\"z\" routing=\"Full\"><host id=\"h\"/></zone>\n</platform>\n";
  for (const char* scenario : {"scenarios/elgl_greedy.xml", "scenarios/interval_synthetic.xml",
                               "scenarios/gangmatch_sim.xml", "scenarios/matching_sim.xml"}) {
    const auto r = arsim(fmt::format("check {} --set platform.file={}", scenario, bad));
    EXPECT_EQ(r.status, 2) << scenario << ": " << r.output;
    EXPECT_EQ(lines(r.output), 1u) << scenario << ": " << r.output;
    EXPECT_NE(r.output.find(bad), std::string::npos) << scenario << ": " << r.output;
  }
}
