// The gangmatching kind's actors in SimGrid, one engine per test process: the inbox that waits
// for a message or a time; two tiny hand-computed pools where a claim is refused (the owner came
// back, the license was taken outside the pool), the gang released and the job matched again
// later; and the kind through the registry (bad keys refused by check, a run with --audit,
// identical files from identical runs).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include "schedulers/builtins.hpp"
#include "sim/engine/runner.hpp"
#include "sim/engine/start_engine.hpp"
#include "sim/kinds/builtins.hpp"
#include "sim/kinds/gangmatch/actors/inbox.hpp"
#include "sim/kinds/gangmatch/actors/start.hpp"
#include "sim/kinds/gangmatch/output/audit.hpp"
#include "sim/kinds/gangmatch/output/writers.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/unit/sim/kinds/gangmatch/fixture.hpp"

namespace sg4 = simgrid::s4u;

namespace arsim::kinds::gangmatch {
namespace {

const char* kPlatform = "platforms/condor_pool.xml";

std::unique_ptr<sg4::Engine> engine() {
  auto e = arsim::engine::start_engine({"--log=root.thresh:critical"});
  e->load_platform(kPlatform);
  return e;
}

// Messages sent so that each is in transit when the receiver's wait times out: none is lost.
TEST(GangsimInbox, AMessageInTransitAtTheTimeoutIsNotLost) {
  auto e = engine();
  auto* box = sg4::Mailbox::by_name("inbox-test");
  sg4::Actor::create("sender", sg4::Host::by_name("ws5"), [box] {
    for (int i = 0; i < 20; ++i) {
      sg4::this_actor::sleep_until(0.3 * i + 0.295);  // the transfer spans 0.3 (i + 1)
      box->put_init(new int(i), 1000000)->detach();
    }
  });
  std::vector<int> got;
  int timeouts = 0;
  sg4::Actor::create("receiver", sg4::Host::by_name("cm"), [&] {
    Inbox<int> inbox(box);
    for (double until = 0.1; got.size() < 20;) {
      if (auto m = inbox.next(until))
        got.push_back(*m);
      else {
        ++timeouts;
        until += 0.1;
      }
    }
  });
  e->run();
  ASSERT_EQ(got.size(), 20u);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(got[i], i);
  EXPECT_GT(timeouts, 40);
}

// One job (100 s) of user u, ws0 and lic0; cycles every 60 s costing 1 s per probe; the given
// unavailable periods. Runs the dynamic matcher, returns the record and audits its files.
RunRecord tiny_run(const std::map<Member, std::vector<Period>>& periods,
                   std::vector<std::string>& violations) {
  Workload w;
  w.jobs = {testing::job(0, "u", 0, 100)};
  w.workstations = {testing::workstation(0)};
  w.licenses = {testing::license(0)};
  RunConfig c;
  c.platform = kPlatform;
  c.period = 60;
  c.probe_cost = 1.0;
  c.evaluation_cost = 0;
  c.bucket = 100;
  c.horizon = 1000;
  auto e = engine();
  schedulers::Registries reg;
  schedulers::register_builtins(reg);
  Recorder recorder(w);
  AdPool pool;
  std::vector<std::string> users{"u"};
  start_actors(c, w, {&recorder, &pool, &users},
               std::shared_ptr<schedulers::GangMatcher>(reg.gang_matchers.create("dynamic", {})),
               periods);
  e->run();
  const RunRecord r = recorder.finish(sg4::Engine::get_clock());
  arsim::testing::TempDir dir;
  write_run(dir.path(), r, c.bucket, c.horizon);
  violations = audit_run(dir.path(), {1, 1, 1, c.bucket, c.horizon, c.cost()});
  return r;
}

// Cycles at 60, 120, 180 and 240 (each ends start + probes), gangs in cycles 0 and 3 only.
void expect_cycles(const RunRecord& r, const std::vector<int>& gangs) {
  ASSERT_EQ(r.cycles.size(), gangs.size());
  for (std::size_t k = 0; k < gangs.size(); ++k) {
    EXPECT_EQ(r.cycles[k].start, 60.0 * (k + 1)) << k;
    EXPECT_DOUBLE_EQ(r.cycles[k].end, r.cycles[k].start + r.cycles[k].probes) << k;
    EXPECT_EQ(r.cycles[k].gangs, gangs[k]) << k;
  }
}

// The committed gang's job ran 100 s on ws0 holding ws0 and lic0, right after its claim.
void expect_ran_after(const RunRecord& r, int gang, double matched) {
  const JobRow& j = r.jobs.at(0);
  EXPECT_EQ(j.gang, gang);
  EXPECT_EQ(j.match, matched);
  EXPECT_GT(j.claim, matched);
  EXPECT_LT(j.start - matched, 0.1);  // a few control messages
  EXPECT_NEAR(j.finish - j.start, 100, 1e-6);
  EXPECT_EQ(j.workstation, (Member{MemberKind::Workstation, 0}));
  EXPECT_EQ(j.licenses, (std::vector<Member>{{MemberKind::License, 0}}));
  EXPECT_LT(r.end - j.finish, 0.1);  // the submit agent hears of the end; nothing else is left
}

// ws0's owner is back at 60.5, during cycle 0 [60, 60 + probes]: ws0 refuses gang 0, lic0 said
// yes and lets go. ws0 advertises its Owner ad, which no job matches (cycles 1, 2); the owner
// leaves at 200 and cycle 3 at 240 marshals gang 1, which commits.
TEST(GangsimTiny, AnOwnerBackDuringTheCycleRefusesAndTheJobIsMatchedLater) {
  std::vector<std::string> violations;
  const Member ws0{MemberKind::Workstation, 0}, lic0{MemberKind::License, 0};
  const RunRecord r = tiny_run({{ws0, {{60.5, 200}}}}, violations);
  EXPECT_TRUE(violations.empty()) << violations.front();
  expect_cycles(r, {1, 0, 0, 1});
  ASSERT_EQ(r.gangs.size(), 2u);
  EXPECT_EQ(r.gangs[0].outcome, "refused");
  EXPECT_EQ(r.gangs[0].matched, r.cycles[0].end);
  ASSERT_EQ(r.gangs[0].refused_by.size(), 1u);
  EXPECT_EQ(r.gangs[0].refused_by[0], (std::pair<Member, std::string>{ws0, "owner"}));
  EXPECT_EQ(r.gangs[1].outcome, "committed");
  EXPECT_EQ(r.jobs[0].refusals, 1);
  EXPECT_EQ(r.jobs[0].first_match, r.cycles[0].end);
  expect_ran_after(r, 1, r.cycles[3].end);
  ASSERT_EQ(r.holds.size(), 3u);  // lic0 for gang 0, then ws0 and lic0 for gang 1
  EXPECT_EQ(r.holds[0].resource, lic0);
  EXPECT_FALSE(r.holds[0].committed);
  EXPECT_GT(r.holds[0].start, r.cycles[0].end);
  EXPECT_LT(r.holds[0].end, 120);
  ASSERT_EQ(r.unavailable.size(), 1u);
  EXPECT_EQ(r.unavailable[0].start, 60.5);
  EXPECT_EQ(r.unavailable[0].end, 200);
}

// lic0 is taken outside the pool at 60.5 until 150: it refuses gang 0 ("in-use") and withdraws
// its ad, so cycle 1 at 120 finds no license; cycle 2 at 180 marshals gang 1, which commits.
TEST(GangsimTiny, ALicenseTakenMeanwhileRefusesWithdrawsAndComesBack) {
  std::vector<std::string> violations;
  const Member ws0{MemberKind::Workstation, 0}, lic0{MemberKind::License, 0};
  const RunRecord r = tiny_run({{lic0, {{60.5, 150}}}}, violations);
  EXPECT_TRUE(violations.empty()) << violations.front();
  expect_cycles(r, {1, 0, 1});
  EXPECT_EQ(r.cycles[1].resources, 1);  // ws0 alone: lic0 withdrew
  ASSERT_EQ(r.gangs.size(), 2u);
  ASSERT_EQ(r.gangs[0].refused_by.size(), 1u);
  EXPECT_EQ(r.gangs[0].refused_by[0], (std::pair<Member, std::string>{lic0, "in-use"}));
  EXPECT_EQ(r.holds[0].resource, ws0);  // ws0 said yes to gang 0, then let go
  EXPECT_FALSE(r.holds[0].committed);
  expect_ran_after(r, 1, r.cycles[2].end);
}

// Without unavailability the gang of cycle 0 commits at once.
TEST(GangsimTiny, AvailableResourcesCommitInTheFirstCycle) {
  std::vector<std::string> violations;
  const RunRecord r = tiny_run({}, violations);
  EXPECT_TRUE(violations.empty()) << violations.front();
  expect_cycles(r, {1});
  expect_ran_after(r, 0, r.cycles[0].end);
}

// Licenses are passive state behind one license server: two jobs and 300 licenses, each taken
// outside the pool before the first cycle, make seven actors (collector, negotiator, two
// workstation agents, the license server and its availability actor, one submit agent), not one or
// two per license.
TEST(GangsimActors, LicensesAreServedByOneAgentAndOneAvailabilityActor) {
  Workload w;
  w.jobs = {testing::job(0, "u", 0, 100), testing::job(1, "u", 0, 100)};
  w.workstations = {testing::workstation(0), testing::workstation(1)};
  std::map<Member, std::vector<Period>> periods;
  for (int k = 0; k < 300; ++k) {
    w.licenses.push_back(testing::license(k));
    periods[{MemberKind::License, k}] = {{1 + 0.1 * k, 40 + 0.1 * k}};  // before cycle 0
  }
  RunConfig c;
  c.platform = kPlatform;
  c.probe_cost = 0.01;
  c.evaluation_cost = 0;
  c.bucket = 100;
  c.horizon = 1000;
  auto e = engine();
  schedulers::Registries reg;
  schedulers::register_builtins(reg);
  Recorder recorder(w);
  AdPool pool;
  std::vector<std::string> users{"u", "u"};
  start_actors(c, w, {&recorder, &pool, &users},
               std::shared_ptr<schedulers::GangMatcher>(reg.gang_matchers.create("dynamic", {})),
               periods);
  EXPECT_EQ(e->get_actor_count(), 7u);
  e->run();
  const RunRecord r = recorder.finish(sg4::Engine::get_clock());
  EXPECT_EQ(r.unavailable.size(), 300u);
  ASSERT_EQ(r.jobs.size(), 2u);
  for (const auto& j : r.jobs) EXPECT_NEAR(j.finish - j.start, 100, 1e-6);
  arsim::testing::TempDir dir;
  write_run(dir.path(), r, c.bucket, c.horizon);
  const auto violations = audit_run(dir.path(), {2, 2, 300, c.bucket, c.horizon, c.cost()});
  EXPECT_TRUE(violations.empty()) << violations.front();
}

std::string scenario_text(const std::string& extra_workload, const std::string& extra = "") {
  return "<scenario name=\"g\" kind=\"gangmatch\" runs=\"2\" seed=\"5\">\n"
         "  <platform file=\"" +
         std::filesystem::absolute(kPlatform).string() +
         "\"/>\n"
         "  <workload jobs=\"30\" license_density=\"0.5\" selectivity=\"2\" durations=\"600 "
         "1200\" " +
         extra_workload +
         "/>\n"
         "  <workstations owner_return_rate=\"0.002\" owner_stay=\"600\"/>\n"
         "  <licenses external_rate=\"0.002\" external_hold=\"300\"/>\n"
         "  <output bucket=\"600\" horizon=\"7200\"/>\n" +
         extra + "</scenario>\n";
}

scenario::Settings load(const engine::Catalog& catalog, const arsim::testing::TempDir& dir,
                        const std::string& text) {
  std::ofstream(dir.file("g.xml")) << text;
  return scenario::load_scenario(dir.file("g.xml"), catalog.kinds.schemas());
}

void expect_check_error(const engine::Catalog& catalog, const scenario::Settings& s,
                        const std::string& part) {
  try {
    catalog.kinds.of(s).check(catalog, s);
    FAIL() << "no error for " << part;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

TEST(GangsimKind, CheckRefusesBadKeys) {
  engine::Catalog catalog;
  kinds::register_builtins(catalog);
  arsim::testing::TempDir dir;
  auto s = load(catalog, dir, scenario_text(""));
  catalog.kinds.of(s).check(catalog, s);  // fine as written
  auto t = s;
  scenario::apply_override(t, "matchmaker.algorithm=nope");
  expect_check_error(catalog, t, "unknown gang matcher 'nope'; valid: clustered, dynamic");
  t = s;
  scenario::apply_override(t, "matcher.order=sideways");
  expect_check_error(catalog, t, "order");
  t = s;
  scenario::apply_override(t, "workload.selectivity=3000000");
  expect_check_error(catalog, t, "selectivity: expected 1..1000000");
  EXPECT_THROW(load(catalog, dir, scenario_text("mean_interarrival=\"5\"")), InputError);
  EXPECT_THROW(load(catalog, dir, scenario_text("arrival=\"sometimes\"")), InputError);
  EXPECT_THROW(scenario::apply_override(s, "workstations.owner_return_rate=-1"), InputError);
  EXPECT_THROW(scenario::apply_override(s, "matchmaker.period=0"), InputError);
  EXPECT_THROW(load(catalog, dir, scenario_text("", "<grc algorithm=\"greedy\"/>\n")), InputError);
}

// Values within every single key's range whose run would abort, hang or write without bound:
// refused by `arsim check` in one line naming the key and the limit.
TEST(GangsimKind, CheckRefusesWhatARunCouldNotDo) {
  engine::Catalog catalog;
  kinds::register_builtins(catalog);
  arsim::testing::TempDir dir;
  const auto s = load(catalog, dir, scenario_text(""));
  // A non-finite simulated time (SimGrid's sleep_for aborts; an execution never ends).
  for (const char* key :
       {"matchmaker.probe_cost", "matchmaker.evaluation_cost", "workstations.owner_stay",
        "licenses.external_hold", "workload.durations", "output.horizon", "matchmaker.period",
        "output.bucket", "workload.mean_interarrival"}) {
    auto t = s;
    EXPECT_THROW(scenario::apply_override(t, std::string(key) + "=1e308"), InputError) << key;
  }
  const std::pair<const char*, const char*> refused[] = {
      {"output.bucket=1e-9", "rows of utilisation.csv per kind) must be at most 100000"},
      {"matchmaker.period=1e-9", "(negotiation cycles) must be at most 1e+06"},
      {"licenses.external_rate=100000", "(unavailable periods expected) must be at most 1e+06"},
      {"workstations.owner_return_rate=10", "(unavailable periods expected) must be at most"},
  };
  for (const auto& [set, part] : refused) {
    auto t = s;
    scenario::apply_override(t, set);
    expect_check_error(catalog, t, part);
  }
  // What the exact reference cannot enumerate (a run aborted when its first cycle came).
  auto t = s;
  scenario::apply_override(t, "matchmaker.algorithm=exact");
  scenario::apply_override(t, "workload.jobs=400");
  expect_check_error(catalog, t, "exact: more than 2000000 complete trees");
}

// One audited run of scenario_text("") with `overrides` into `dir`/x: its report and report.txt.
std::string audited_run(const arsim::testing::TempDir& dir,
                        std::initializer_list<const char*> overrides) {
  engine::Catalog catalog;
  kinds::register_builtins(catalog);
  auto s = load(catalog, dir, scenario_text(""));
  scenario::apply_override(s, "scenario.runs=1");
  for (const char* set : overrides) scenario::apply_override(s, set);
  catalog.kinds.of(s).check(catalog, s);
  std::ostringstream report;
  EXPECT_EQ(engine::run_scenario(catalog, s, dir.file("x"), {1, {true, false}}, report), 0);
  return report.str() + arsim::testing::slurp(dir.file("x/report.txt"));
}

// The exact reference on a pool it can enumerate: checked, run and audited; its cycles cost
// evaluation_cost per candidate gang checked.
TEST(GangsimKind, ExactRunsWhereItCanAndItsCyclesCostTime) {
  arsim::testing::TempDir dir;
  const std::string report = audited_run(
      dir, {"matchmaker.algorithm=exact", "workload.jobs=6", "matchmaker.evaluation_cost=0.001"});
  EXPECT_NE(report.find("audit: passed"), std::string::npos) << report;
  const std::string cycles = arsim::testing::slurp(dir.file("x/cycles.csv"));
  const auto first = cycles.substr(cycles.find('\n') + 1);
  EXPECT_EQ(first.find("0,60,60,0,"), std::string::npos) << cycles;  // not a cycle of no time
}

// A run in which no job starts says so in its report, not "mean wait nan".
TEST(GangsimKind, AReportWithoutAStartedJobSaysSo) {
  arsim::testing::TempDir dir;
  const std::string report = audited_run(dir, {"output.horizon=30"});  // before cycle 0 at 60
  EXPECT_NE(report.find("no job started"), std::string::npos) << report;
  EXPECT_EQ(report.find("nan"), std::string::npos) << report;
}

// output.horizon far below a bucket: one bucket per kind, written and audited alike (the auditor
// expected none and failed an unmodified run).
TEST(GangsimKind, AHorizonShorterThanABucketPassesTheAudit) {
  arsim::testing::TempDir dir;
  const std::string report = audited_run(dir, {"output.horizon=1e-300"});
  EXPECT_NE(report.find("audit: passed"), std::string::npos) << report;
}

TEST(GangsimKind, AnAuditedSweepPassesAndRepeatsByteForByte) {
  engine::Catalog catalog;
  kinds::register_builtins(catalog);
  arsim::testing::TempDir dir;
  const auto s = load(catalog, dir, scenario_text("arrival=\"poisson\" mean_interarrival=\"60\""));
  for (const char* out : {"a", "b"}) {
    std::ostringstream report;
    ASSERT_EQ(engine::run_scenario(catalog, s, dir.file(out), {2, {true, false}}, report), 0)
        << report.str();
  }
  for (const char* run : {"run_000", "run_001"})
    for (const char* f : {"jobs.csv", "gangs.csv", "holds.csv", "unavailability.csv", "cycles.csv",
                          "utilisation.csv", "summary.csv"}) {
      const std::string a = arsim::testing::slurp(dir.file(std::string("a/") + run + "/" + f));
      EXPECT_FALSE(a.empty()) << f;
      EXPECT_EQ(a, arsim::testing::slurp(dir.file(std::string("b/") + run + "/" + f))) << f;
    }
  EXPECT_NE(arsim::testing::slurp(dir.file("a/run_000/jobs.csv")),
            arsim::testing::slurp(dir.file("a/run_001/jobs.csv")));  // another seed
  const std::string sweep = arsim::testing::slurp(dir.file("a/sweep.csv"));
  EXPECT_NE(sweep.find("refused_gangs"), std::string::npos) << sweep;
}

TEST(GangsimKind, ASingleAuditedRunInTheProcess) {
  engine::Catalog catalog;
  kinds::register_builtins(catalog);
  arsim::testing::TempDir dir;
  auto s = load(catalog, dir, scenario_text(""));
  scenario::apply_override(s, "scenario.runs=1");
  std::ostringstream report;
  ASSERT_EQ(engine::run_scenario(catalog, s, dir.file("one"), {1, {true, false}}, report), 0)
      << report.str();
  EXPECT_NE(report.str().find("audit: passed"), std::string::npos) << report.str();
  const std::string summary = arsim::testing::slurp(dir.file("one/summary.csv"));
  EXPECT_NE(summary.find("jobs,all,,all,30\n"), std::string::npos) << summary;
}

}  // namespace
}  // namespace arsim::kinds::gangmatch
