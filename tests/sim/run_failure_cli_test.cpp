// The arsim binary when a run fails or is bounded: a full disk names the system's reason and the
// run is made again on resume, a failed run's report.txt says why, two sweeps into one folder
// make each run once, a long run of every kind prints progress, and the co-allocation limits refuse
// at check.
#include <gtest/gtest.h>

#include "tests/sim/cli_support.hpp"

using namespace arsim_test;  // NOLINT: the helpers of every end-to-end test

namespace {

// arsim with `args`, its files limited to 2 KiB (RLIMIT_FSIZE, whose signal is ignored): a write
// past it fails with EFBIG as a write to a full disk fails with ENOSPC, for root as for others.
Result arsim_with_small_files(const std::string& args) {
  return shell(fmt::format("trap '' XFSZ; ulimit -f 4; exec {} {}", ARSIM_BINARY, args));
}

// The good scenario with `runs` runs and the user's mean inter-arrival time `interarrival` (s).
fs::path scenario_with(const fs::path& dir, int runs, const std::string& interarrival = "400") {
  std::string body = good_scenario();
  body.replace(body.find("runs=\"1\""), 8, fmt::format("runs=\"{}\"", runs));
  const std::string old = "mean_interarrival=\"400\"";
  body.replace(body.find(old), old.size(), fmt::format("mean_interarrival=\"{}\"", interarrival));
  return write_scenario(dir, body);
}

}  // namespace

TEST(RunFailure, AFullDiskNamesTheReasonAndTheSweepRedoesTheRunOnResume) {
  const auto dir = scratch("fulldisk");
  const auto f = scenario_with(dir, 2);
  const auto out = dir / "o";
  auto r = arsim_with_small_files(fmt::format("run {} --out {}", f.string(), out.string()));
  EXPECT_EQ(r.status, 1) << r.output;  // a run failed; no defect of arsim's, no bad input
  EXPECT_EQ(count(r.output, "failed (exit 1)"), 2u) << r.output;
  for (const char* run : {"run_000", "run_001"}) {
    const std::string report = slurp(out / run / "report.txt");
    EXPECT_NE(report.find("run failed (exit 1): "), std::string::npos) << run << ": " << report;
    EXPECT_NE(report.find(".tmp: write failed: File too large"), std::string::npos) << report;
    EXPECT_FALSE(fs::exists(out / run / "run.json")) << run;
    for (const auto& e : fs::directory_iterator(out / run))
      EXPECT_NE(e.path().extension(), ".tmp") << e.path();
  }
  r = arsim(fmt::format("run {} --out {}", f.string(), out.string()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("2 runs in " + out.string() + " (0 resumed)"), std::string::npos)
      << r.output;
}

TEST(RunFailure, AFullDiskInASingleRunIsOneLineWithTheReasonAndStatus1) {
  const auto dir = scratch("fulldisk1");
  const auto f = scenario_with(dir, 1);
  const auto r =
      arsim_with_small_files(fmt::format("run {} --out {}", f.string(), (dir / "o").string()));
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("arsim: error: "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(": write failed: File too large\n"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir / "o" / "run.json"));
}

TEST(RunFailure, ARunKilledBySignalSaysSoInItsReport) {
  const auto dir = scratch("killed");
  const auto f = scenario_with(dir, 2, "0.5");  // runs of thousands of requests: long enough
  const auto out = (dir / "o").string();
  // The first run's child is killed once it made its folder (the sweep's only child then).
  const auto r = shell(fmt::format(
      "{0} run {1} --out {2} >{2}.log 2>&1 & pid=$!; "
      "for i in $(seq 200); do [ -f {2}/run_000/report.txt ] && break; sleep 0.05; done; "
      "kill -KILL $(pgrep -P $pid); wait $pid; echo status=$?",
      ARSIM_BINARY, f.string(), out));
  EXPECT_NE(r.output.find("status=1"), std::string::npos) << r.output;
  const std::string report = slurp(dir / "o" / "run_000" / "report.txt");
  EXPECT_NE(report.find("run failed: the process died of signal 9 (Killed)"), std::string::npos)
      << report << slurp(out + ".log");
}

TEST(RunFailure, TwoSweepsIntoOneFolderMakeEachRunOnce) {
  const auto dir = scratch("twosweeps");
  const auto f = scenario_with(dir, 6, "20");
  const auto out = (dir / "o").string();
  // Both start at once; each says how many runs it found complete ("resumed").
  const auto r = shell(fmt::format(
      "{0} run {1} --out {2} >{2}.a 2>&1 & a=$!; {0} run {1} --out {2} >{2}.b 2>&1 & b=$!; "
      "wait $a; echo a=$?; wait $b; echo b=$?",
      ARSIM_BINARY, f.string(), out));
  EXPECT_NE(r.output.find("a=0"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("b=0"), std::string::npos) << r.output;
  auto resumed = [](const std::string& log) {
    const auto at = log.find("6 runs in ");
    if (at == std::string::npos) return -1;
    return std::stoi(log.substr(log.find('(', at) + 1));
  };
  const std::string a = slurp(out + ".a"), b = slurp(out + ".b");
  ASSERT_GE(resumed(a), 0) << a;
  ASSERT_GE(resumed(b), 0) << b;
  EXPECT_EQ(resumed(a) + resumed(b), 6) << "each run made by one sweep only\n" << a << b;
  EXPECT_EQ(lines(slurp(dir / "o" / "sweep.csv")), 7u);
}

TEST(RunLimits, ALongRunPrintsProgressOnStderr) {
  const auto dir = scratch("progress");
  const auto f = scenario_with(dir, 1, "2");
  const auto r = shell(fmt::format("({} run {} --out {} --progress 0.05 >/dev/null)", ARSIM_BINARY,
                                   f.string(), (dir / "o").string()));
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("arsim: " + (dir / "o").string() + ": "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(" s of wall time, simulated time "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(" requests decided\n"), std::string::npos) << r.output;
}

// One small run of each other simulating kind; `{}` in its text is the source folder.
struct KindRun {
  const char* kind;
  const char* counted;  // the things its progress line counts
  const char* text;
};

const KindRun kKindRuns[] = {
    {"gangmatch", " of 100 jobs finished\n", R"(<scenario name="g" kind="gangmatch" seed="5">
  <platform file="{}/platforms/condor_pool.xml"/>
  <workload jobs="100" license_density="0.5" selectivity="2" durations="600 1200"/>
  <output bucket="600" horizon="7200"/>
</scenario>
)"},
    {"matching", " of 120 jobs finished\n", R"(<scenario name="m" kind="matching" seed="4">
  <platform file="{}/platforms/cluster128.xml"/>
  <workload jobs="120" load="0.8" complexity="0.3" mean_duration="300"/>
  <matcher algorithm="lp" batch_size="10" period="20"/>
</scenario>
)"},
    {"interval", " of 500 tasks finished\n", R"(<scenario name="i" kind="interval" seed="5">
  <platform file="{}/platforms/cluster128.xml"/>
  <workload generator="intervals" tasks="500" period="1000" dependent_fraction="0.1"/>
  <interval_rm algorithm="est-ect" resources="10" period="1000"/>
</scenario>
)"},
};

TEST(RunLimits, ARunOfEveryKindPrintsProgressOnStderr) {
  for (const auto& k : kKindRuns) {
    const auto dir = scratch(std::string("progress-") + k.kind);
    const auto f =
        write_scenario(dir, fmt::format(fmt::runtime(k.text), fs::current_path().string()));
    const auto r = shell(fmt::format("({} run {} --out {} --progress 0.001 >/dev/null)",
                                     ARSIM_BINARY, f.string(), (dir / "o").string()));
    EXPECT_EQ(r.status, 0) << k.kind << ": " << r.output;
    EXPECT_NE(r.output.find("arsim: " + (dir / "o").string() + ": "), std::string::npos)
        << k.kind << ": " << r.output;
    EXPECT_NE(r.output.find(k.counted), std::string::npos) << k.kind << ": " << r.output;
  }
}

namespace {

// `arsim check` of elgl_greedy.xml with `set` refuses in one line naming `key` and `limit`.
void expect_refused_at_check(const std::string& set, const std::string& key,
                             const std::string& limit) {
  const auto r = arsim("check scenarios/elgl_greedy.xml --set " + set);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
  EXPECT_NE(r.output.find("key '" + key + "'"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("the limit is " + limit), std::string::npos) << r.output;
}

}  // namespace

TEST(RunLimits, CoallocationOutputRowsAreBoundedAtCheck) {
  expect_refused_at_check("output.bucket=0.2", "output.bucket", "2e+06 rows per run");
  EXPECT_EQ(arsim("check scenarios/elgl_greedy.xml --set output.bucket=864").status, 0);
}

TEST(RunLimits, CoallocationRequestsAreBoundedAtCheck) {
  expect_refused_at_check("user.UserA.mean_interarrival=1e-6", "user.UserA.mean_interarrival",
                          "100000");
  EXPECT_EQ(arsim("check scenarios/elgl_greedy.xml --set user.UserA.mean_interarrival=2").status,
            0);
}

// gridars-ip's model grows with paths x pairs; CBC's root cuts do not stop at time_limit, so a
// platform of hundreds of sites with a default path per pair would plan for hours. A SimGrid
// <cluster> of 256 hosts: 256 sites, 32,640 paths, 262,000 variables for a Type 4 ring.
TEST(RunLimits, GridarsIpModelsAreBoundedAtCheck) {
  const auto dir = scratch("ip-size");
  std::ofstream(dir / "c256.xml") << R"(<?xml version="1.0"?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="world" routing="Full">
    <cluster id="c" prefix="node-" suffix="" radical="0-255" speed="1Gf" core="8" bw="10Gbps"
             lat="10us" bb_bw="100Gbps" bb_lat="10us"/>
  </zone>
</platform>
)";
  std::string body = slurp("scenarios/elgl_greedy.xml");
  const std::string platform = "../platforms/elgl.xml";
  body.replace(body.find(platform), platform.size(), (dir / "c256.xml").string());
  const auto f = write_scenario(dir, body);
  const std::string ip = " --set grc.algorithm=gridars-ip --set output.bucket=86400";
  auto r = arsim("check " + f.string() + ip);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
  EXPECT_NE(r.output.find("key 'grc.algorithm': planner 'gridars-ip': a request of 4 components "
                          "(4 pairs with bandwidth) on 256 sites and 32640 paths makes a model of "
                          "2.621e+05 variables per frame; the limit is max_variables=200000"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(arsim("check " + f.string() + ip + " --set grc.param.max_variables=0").status, 0);
  // On ELGL (10 sites, 31 paths) a Type 1 request makes 2 x 10 + 2 x 31 x 1 = 82 variables,
  // Type 3 3 x 10 + 2 x 31 x 2 = 154, a Type 4 ring 4 x 10 + 2 x 31 x 4 = 288.
  r = arsim(
      "check scenarios/elgl_greedy.xml --set grc.algorithm=gridars-ip --set "
      "grc.param.max_variables=100");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("3 components (2 pairs with bandwidth) on 10 sites and 31 paths makes "
                          "a model of 154 variables"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(arsim("check scenarios/elgl_greedy.xml --set grc.algorithm=gridars-ip --set "
                  "grc.param.max_variables=288")
                .status,
            0);
}
