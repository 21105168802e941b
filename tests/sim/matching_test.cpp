// The actors of the on-line matching kind in SimGrid, on cases computed by hand (one engine per
// test process), and the kind through the registry: a sweep run in child processes, audited,
// byte-identical for the same seed, a measured-time run flagged as not deterministic, a run
// stopped at its limit of simulated time, and batches that miss their deadline.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include <fmt/format.h>
#include <simgrid/s4u/Engine.hpp>

#include "model/random.hpp"
#include "schedulers/builtins.hpp"
#include "sim/actors/spawn.hpp"
#include "sim/engine/runner.hpp"
#include "sim/engine/start_engine.hpp"
#include "sim/kinds/builtins.hpp"
#include "sim/kinds/matching/actors/matcher_service.hpp"
#include "sim/kinds/matching/actors/provider.hpp"
#include "sim/kinds/matching/actors/submitter.hpp"
#include "sim/metrics/csv.hpp"
#include "sim/platform/platform_view.hpp"
#include "sim/scenario/sweep.hpp"
#include "tests/support/temp_dir.hpp"

namespace sg4 = simgrid::s4u;
using namespace arsim;
using namespace arsim::kinds::matching;
namespace mm = arsim::model::matching;

namespace {

// One linux server r0 with 10 units of memory; jobs of the given usages and submit times, each
// on linux, all by submitter 0.
workloads::matching::OnlineWorkload one_server(const std::vector<double>& mem,
                                               const std::vector<double>& submit,
                                               const std::vector<double>& duration) {
  workloads::matching::OnlineWorkload w;
  w.instance.types = {{"server", {"os"}, {"mem"}}};
  w.instance.resources = {{"r0", 0, {"linux"}, {10}}};
  for (std::size_t j = 0; j < mem.size(); ++j)
    w.instance.jobs.push_back({"j" + std::to_string(j), 1, {{0, {{0, "linux"}}, {mem[j]}}}});
  w.submit = submit;
  w.duration = duration;
  w.submitter.assign(mem.size(), 0);
  w.submitters = 1;
  w.rate = 1;
  return w;
}

// Runs the workload with the lp matcher, no background load and `busy` simulated seconds per
// batch; returns the record.
RunRecord simulate(const workloads::matching::OnlineWorkload& w, double busy) {
  const auto started = arsim::engine::start_engine({"--log=root.thresh:critical"});
  sg4::Engine& e = *started;
  e.load_platform("platforms/cluster128.xml");
  const auto view = platform::read_platform(e, "platforms/cluster128.xml");
  schedulers::Registries reg;
  schedulers::register_builtins(reg);
  Recorder recorder(static_cast<int>(w.instance.jobs.size()));
  sg4::Host* provider_host = view.site_hosts.at(view.graph.sites().at(1)).front();
  actors::spawn<Provider>("provider", provider_host, 0,
                          Background(w.instance, 0, {0, 0}, model::make_stream(1, 0, "bg")), 1000.0,
                          &recorder);
  MatcherConfig config{{}, {40, 5, 3600}, 0, {}, {provider_host}};
  config.cost.per_batch = busy;
  actors::spawn<MatcherService>(
      "matcher", view.grc_host, &w, &recorder,
      std::shared_ptr<schedulers::ResourceMatcher>(reg.matchers.create("lp", {})), config,
      model::make_stream(1, 0, "seeds"));
  std::vector<int> jobs;
  for (std::size_t j = 0; j < w.submit.size(); ++j) jobs.push_back(static_cast<int>(j));
  actors::spawn<Submitter>("submitter", view.user_host, 0, jobs, &w, &recorder);
  e.run();
  return recorder.finish(sg4::Engine::get_clock());
}

// Messages take well under a millisecond each on the cluster; times below are exact up to this.
constexpr double kLatency = 5e-3;

}  // namespace

// j0 (8 of 10) at 1 is matched alone in batch 0 [1, 2) and runs [2, 102). j1 (5) at 5 does not fit
// the 2 left, so it is not even tried: it waits in the queue until j0's release reaches the
// matcher, is matched in batch 1 [102, 103) and runs [103, 153).
TEST(MatchingActors, TwoJobsCompeteForOneResourceAndTheSecondWaitsForTheRelease) {
  const auto w = one_server({8, 5}, {1, 5}, {100, 50});
  const RunRecord r = simulate(w, 1);
  ASSERT_EQ(r.batches.size(), 2u);
  const auto& a = r.jobs[0];
  const auto& b = r.jobs[1];
  EXPECT_EQ(a.status, JobStatus::Completed);
  EXPECT_EQ(b.status, JobStatus::Completed);
  EXPECT_NEAR(a.start, 2, kLatency);
  EXPECT_NEAR(a.finish - a.start, 100, 1e-9);
  EXPECT_EQ(a.resources, std::vector<int>{0});
  EXPECT_EQ(b.resources, std::vector<int>{0});
  EXPECT_NEAR(b.start, 103, kLatency);
  EXPECT_GE(b.start, a.finish + 1);  // the release, then one batch of matcher time
  EXPECT_NEAR(b.finish, 153, kLatency);
  EXPECT_EQ(b.attempts, 1);  // never tried while it could not fit
  EXPECT_EQ(r.batches[0].size, 1);
  EXPECT_EQ(r.batches[1].size, 1);
  EXPECT_NEAR(r.batches[1].start, 102, kLatency);
  EXPECT_NEAR(r.batches[1].matcher_time, 1, 1e-9);
  EXPECT_NEAR(r.end_time, 153, kLatency);
}

// While batch 0 [1, 11) matches j0, j1 and j2 arrive and wait; both fit beside j0 (2 + 3 + 4 of
// 10) and are matched together by batch 1 [11, 21).
TEST(MatchingActors, JobsArrivingWhileTheMatcherIsBusyFormTheNextBatch) {
  const auto w = one_server({2, 3, 4}, {1, 5, 6}, {100, 100, 100});
  const RunRecord r = simulate(w, 10);
  ASSERT_EQ(r.batches.size(), 2u);
  EXPECT_EQ(r.batches[0].size, 1);
  EXPECT_EQ(r.batches[1].size, 2);
  EXPECT_EQ(r.batches[1].matched, 2);
  EXPECT_NEAR(r.batches[1].start, 11, kLatency);
  EXPECT_NEAR(r.jobs[0].start, 11, kLatency);
  EXPECT_NEAR(r.jobs[1].start, 21, kLatency);
  EXPECT_NEAR(r.jobs[2].start, 21, kLatency);
  EXPECT_NEAR(r.jobs[2].start - r.jobs[2].submit, 15, kLatency);
}

// A job that fits the capacity but never the offers (max_background keeps 30 % away): it waits
// untried and expires after max_wait; a job that fits nothing is rejected on arrival.
TEST(MatchingActors, AJobThatNeverFitsTheOffersExpiresAndAnImpossibleOneIsRejected) {
  auto w = one_server({10, 11}, {1, 2}, {5, 5});
  const auto started = arsim::engine::start_engine({"--log=root.thresh:critical"});
  sg4::Engine& e = *started;
  e.load_platform("platforms/cluster128.xml");
  const auto view = platform::read_platform(e, "platforms/cluster128.xml");
  schedulers::Registries reg;
  schedulers::register_builtins(reg);
  Recorder recorder(2);
  actors::spawn<Provider>("provider", view.grc_host, 0,
                          Background(w.instance, 0, {0.5, 0}, model::make_stream(1, 0, "bg")), 60.0,
                          &recorder);
  MatcherConfig config{{}, {40, 5, 300}, 0, {}, {view.grc_host}};
  actors::spawn<MatcherService>(
      "matcher", view.grc_host, &w, &recorder,
      std::shared_ptr<schedulers::ResourceMatcher>(reg.matchers.create("ea", {})), config,
      model::make_stream(1, 0, "seeds"));
  actors::spawn<Submitter>("submitter", view.user_host, 0, std::vector<int>{0, 1}, &w, &recorder);
  e.run();
  const RunRecord r = recorder.finish(sg4::Engine::get_clock());
  EXPECT_TRUE(r.offers.at(0).offered.at(0).at(0) < 10);  // the background holds some back
  EXPECT_EQ(r.jobs[0].status, JobStatus::Expired);
  EXPECT_EQ(r.jobs[0].attempts, 0);
  EXPECT_EQ(r.jobs[1].status, JobStatus::Rejected);
  EXPECT_TRUE(r.batches.empty());
  // Expiry is noticed at the first report after 1 + 300: the one at 360.
  EXPECT_NEAR(r.end_time, 360, kLatency);
}

namespace {

const char* kScenario = R"(<scenario name="m" kind="matching" runs="2" seed="4">
  <platform file="PLATFORM"/>
  <workload jobs="120" load="0.8" complexity="0.3" mean_duration="300"/>
  <providers period="60"/>
  <matcher algorithm="lns" batch_size="10" period="20"/>
  <output bucket="300"/>
  <sweep><param name="matcher.algorithm" values="lp lns"/></sweep>
</scenario>)";

std::string scenario_file(const arsim::testing::TempDir& dir) {
  std::string text = kScenario;
  text.replace(text.find("PLATFORM"), 8,
               std::filesystem::absolute("platforms/cluster128.xml").string());
  const std::string path = dir.file("m.xml");
  std::ofstream(path) << text;
  return path;
}

}  // namespace

TEST(MatchingKind, ASweepThroughTheRegistryIsAuditedAndByteIdenticalForTheSameSeed) {
  engine::Catalog catalog;
  kinds::register_builtins(catalog);
  arsim::testing::TempDir dir;
  const auto s = scenario::load_scenario(scenario_file(dir), catalog.kinds.schemas());
  std::ostringstream report;
  ASSERT_EQ(engine::run_scenario(catalog, s, dir.file("a"), {2, {true, false}}, report), 0)
      << report.str();
  ASSERT_EQ(engine::run_scenario(catalog, s, dir.file("b"), {2, {true, false}}, report), 0);
  for (const char* point : {"matcher.algorithm=lp", "matcher.algorithm=lns"})
    for (const char* run : {"run_000", "run_001"}) {
      const std::string at = std::string(point) + "/" + run + "/";
      EXPECT_NE(arsim::testing::slurp(dir.file("a/" + at + "report.txt")).find("audit: passed"),
                std::string::npos)
          << at;
      for (const char* file : {"jobs.csv", "batches.csv", "resources.csv", "summary.csv"}) {
        const std::string rel = std::string(point) + "/" + run + "/" + file;
        const std::string a = arsim::testing::slurp(dir.file("a/" + rel));
        EXPECT_FALSE(a.empty()) << rel;
        EXPECT_EQ(a, arsim::testing::slurp(dir.file("b/" + rel))) << rel;
      }
    }
  const std::string sweep = arsim::testing::slurp(dir.file("a/sweep.csv"));
  EXPECT_NE(sweep.find("match_ratio"), std::string::npos);
  EXPECT_NE(arsim::testing::slurp(dir.file("a/matcher.algorithm=lp/run_000/run.json"))
                .find(R"("deterministic": true)"),
            std::string::npos);
}

TEST(MatchingKind, MeasuredMatcherTimeIsFlaggedAsNotDeterministic) {
  engine::Catalog catalog;
  kinds::register_builtins(catalog);
  arsim::testing::TempDir dir;
  auto s = scenario::load_scenario(scenario_file(dir), catalog.kinds.schemas());
  scenario::apply_override(s, "matcher.time=measured");
  scenario::apply_override(s, "scenario.runs=1");
  s.sweep().clear();
  std::ostringstream report;
  ASSERT_EQ(engine::run_scenario(catalog, s, dir.file("m"), {1, {true, false}}, report), 0)
      << report.str();
  const std::string json = arsim::testing::slurp(dir.file("m/run.json"));
  EXPECT_NE(json.find(R"("deterministic": false)"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("matcher_time": "measured")"), std::string::npos) << json;
  // The cost model's rates do not apply to measured time.
  EXPECT_THROW(scenario::apply_override(s, "matcher.seconds_per_probe=1"), scenario::InputError);
}

namespace {

// One run of the test scenario with `overrides`, in this process, through the kind.
engine::RunOutcome run_here(const arsim::testing::TempDir& dir,
                            const std::vector<std::string>& overrides, std::ostream& report) {
  engine::Catalog catalog;
  kinds::register_builtins(catalog);
  auto s = scenario::load_scenario(scenario_file(dir), catalog.kinds.schemas());
  s.sweep().clear();
  scenario::apply_override(s, "scenario.runs=1");
  for (const auto& o : overrides) scenario::apply_override(s, o);
  const auto spec = scenario::expand(s).at(0);
  std::filesystem::create_directories(dir.file("run"));
  return catalog.kinds.of(spec.settings).run(catalog, spec, dir.file("run"), {true, false}, report);
}

}  // namespace

// A MILP solve charged 2^31 s passes check (it cannot know how many solves a batch makes); before,
// the run went on with providers reporting every 60 s for ever, its record and resources.csv
// growing without bound. Now the matcher stops the run before the batch would pass the limit of
// simulated time, with one line naming the key that binds it.
TEST(MatchingKind, ABatchThatWouldPassTheLimitOfSimulatedTimeStopsTheRun) {
  arsim::testing::TempDir dir;
  std::ostringstream report;
  try {
    run_here(dir, {"matcher.algorithm=lp", "matcher.seconds_per_lp_solve=2147483647"}, report);
    FAIL() << "the run was not stopped";
  } catch (const scenario::InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    EXPECT_NE(what.find("<providers> attribute 'period': the run reached its limit of"),
              std::string::npos)
        << what;
    EXPECT_NE(what.find("batch 0 would end at 2.1"), std::string::npos) << what;
  }
}

// With a deadline shorter than any batch of the hybrid, every batch misses it: each is charged
// the deadline and answered by the greedy placement, summary.csv counts them, and the audit
// (which recomputes the count and every batch's charge from its counts) passes.
TEST(MatchingKind, BatchesThatMissTheDeadlineAnswerGreedyAtTheDeadline) {
  arsim::testing::TempDir dir;
  std::ostringstream report;
  const auto out = run_here(dir, {"matcher.algorithm=hybrid", "matcher.deadline=1e-6"}, report);
  ASSERT_TRUE(out.violations.has_value());
  std::string violations;
  for (const auto& v : *out.violations) violations += v + "\n";
  EXPECT_EQ(violations, "");
  const auto batches = metrics::read_csv(dir.file("run/batches.csv"));
  ASSERT_FALSE(batches.rows.empty());
  std::size_t matched = 0;
  for (const auto& row : batches.rows) {
    EXPECT_EQ(row[batches.column("status")], "missed_deadline");
    EXPECT_NEAR(std::stod(row[batches.column("matcher_time")]), 1e-6, 1e-9);
    matched += std::stoul(row[batches.column("matched")]);
  }
  EXPECT_GT(matched, 0u);
  const std::string summary = arsim::testing::slurp(dir.file("run/summary.csv"));
  EXPECT_NE(summary.find(fmt::format("missed_deadline,all,,all,{}\n", batches.rows.size())),
            std::string::npos)
      << summary;
}
