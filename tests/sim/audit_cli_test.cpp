// arsim audit DIR: the auditor of every run kind on results already written, rebuilt from each
// run's run.json (scenario, overrides, run index).
#include <gtest/gtest.h>

#include "tests/sim/cli_support.hpp"

using namespace arsim_test;  // NOLINT: the helpers of every end-to-end test

namespace {

// A sweep of two runs made with a --set and a --seed, in dir/o.
fs::path two_runs(const fs::path& dir) {
  std::string body = good_scenario();
  body.replace(body.find("runs=\"1\""), 8, "runs=\"2\"");
  const auto f = write_scenario(dir, body);
  const auto out = dir / "o";
  const auto r =
      arsim(fmt::format("run {} --out {} --set grc.frames=2 --seed 11", f.string(), out.string()));
  EXPECT_EQ(r.status, 0) << r.output;
  return out;
}

// Replaces the amount of the first reservation of `csv` (its last field) by `amount`.
void change_first_amount(const fs::path& csv, const std::string& amount) {
  std::string text = slurp(csv);
  const auto row = text.find('\n') + 1;
  const auto end = text.find('\n', row);
  const auto comma = text.rfind(',', end);
  text.replace(comma + 1, end - comma - 1, amount);
  std::ofstream(csv, std::ios::binary) << text;
}

}  // namespace

TEST(AuditCli, AuditsEveryRunOfASweepMadeWithOverrides) {
  const auto out = two_runs(scratch("audit-sweep"));
  const auto r = arsim("audit " + out.string());
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("2 runs audited: 2 passed, 0 failed"), std::string::npos) << r.output;
}

TEST(AuditCli, FindsAReservationChangedAfterTheRun) {
  const auto out = two_runs(scratch("audit-changed"));
  change_first_amount(out / "run_001" / "reservations.csv", "1000");
  const auto r = arsim("audit " + out.string());
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("audit: FAILED (" + (out / "run_001").string() + ")"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("audit: passed (" + (out / "run_000").string() + ")"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("reserved 1000"), std::string::npos) << r.output;
}

// A failing run made by another arsim gets a note naming both commits; one made by this arsim not.
TEST(AuditCli, AFailedRunMadeByAnotherArsimSaysSo) {
  const auto out = two_runs(scratch("audit-commit"));
  change_first_amount(out / "run_001" / "reservations.csv", "1000");
  EXPECT_EQ(arsim("audit " + out.string()).output.find("audit: note:"), std::string::npos);
  const auto json = out / "run_001" / "run.json";
  std::string text = slurp(json);
  const auto at = text.find("\"arsim_commit\": \"") + 17;
  ASSERT_GT(at, 17u) << text;
  text.replace(at, text.find('"', at) - at, "0123456789ab");
  std::ofstream(json, std::ios::binary) << text;
  const auto r = arsim("audit " + out.string());
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("audit: note: the run was made by arsim 0123456789ab, audited by arsim "),
            std::string::npos)
      << r.output;
}

TEST(AuditCli, RefusesRunsTheirScenarioNoLongerGives) {
  const auto dir = scratch("audit-stale");
  const auto out = two_runs(dir);
  std::string body = slurp(dir / "s.xml");
  body.replace(body.find("seed=\"3\""), 8, "seed=\"4\"");  // --seed 11 overrides it: no change
  std::ofstream(dir / "s.xml") << body;
  EXPECT_EQ(arsim("audit " + out.string()).status, 0);
  body.replace(body.find("durations=\"600\""), 15, "durations=\"900\"");
  std::ofstream(dir / "s.xml") << body;
  const auto r = arsim("audit " + out.string());
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
  EXPECT_NE(r.output.find("run.json: field 'scenario_hash': "), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("audit: passed"), std::string::npos) << "nothing is audited";
}

TEST(AuditCli, AuditsAnIntervalRunAndRefusesAKindWithoutAuditor) {
  const auto dir = scratch("audit-kinds");
  const auto interval = (dir / "interval").string();
  ASSERT_EQ(arsim(fmt::format("run scenarios/interval_synthetic.xml --set workload.tasks=100 "
                              "--set scenario.runs=1 --set interval_rm.algorithm=est-ect --out {}",
                              interval))
                .status,
            0);
  auto r = arsim("audit " + interval);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("1 runs audited: 1 passed"), std::string::npos) << r.output;

  const auto offline = (dir / "offline").string();
  ASSERT_EQ(arsim(fmt::format("run scenarios/paper/scs_table1.xml --out {}", offline)).status, 0);
  r = arsim("audit " + offline);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("runs of kind 'offline' have no auditor"), std::string::npos) << r.output;
}

TEST(AuditCli, AFolderWithoutRunsIsOneLineAndStatusTwo) {
  const auto dir = scratch("audit-empty");
  for (const std::string& target : {dir.string(), (dir / "missing").string()}) {
    const auto r = arsim("audit " + target);
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_EQ(lines(r.output), 1u) << r.output;
  }
  fs::create_directories(dir / "r");
  std::ofstream(dir / "r" / "run.json") << "{\n  \"scenario\": \"s.xml\"\n}\n";
  auto r = arsim("audit " + dir.string());
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
  EXPECT_NE(r.output.find("run.json: field 'scenario_hash': expected a JSON string"),
            std::string::npos)
      << r.output;
  // Not JSON (a trailing comma): one line saying where it stops being JSON.
  std::ofstream(dir / "r" / "run.json") << "{\n  \"scenario\": \"s.xml\",\n}\n";
  r = arsim("audit " + dir.string());
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
  EXPECT_NE(r.output.find("run.json: not a JSON run record ("), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("line 3"), std::string::npos) << r.output;
}

// run.json is JSON that a reader in any language reads: numbers as numbers, the sweep point as an
// object, the overrides as a list of strings; resume and audit read it back.
TEST(AuditCli, RunJsonIsJsonThatResumeAndAuditRead) {
  const auto dir = scratch("audit-json");
  const auto out = two_runs(dir);
  const std::string text = slurp(out / "run_001" / "run.json");
  EXPECT_NE(text.find("\"run_index\": 1,\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\"point\": {},\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\"overrides\": [\n    \"grc.frames=2\",\n    \"scenario.seed=11\"\n  ]"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\"requests\": "), std::string::npos) << text;
  auto r = arsim("audit " + out.string());
  EXPECT_EQ(r.status, 0) << r.output;
  r = arsim(fmt::format("run {} --out {} --set grc.frames=2 --seed 11", (dir / "s.xml").string(),
                        out.string()));
  EXPECT_NE(r.output.find("2 runs in " + out.string() + " (2 resumed)"), std::string::npos)
      << r.output;
}
