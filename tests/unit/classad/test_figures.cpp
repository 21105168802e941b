// Raman et al. Figs. 1-4 as files (scenarios/gangmatch/ads/), read and matched as the paper says:
// Fig. 1 matches a job bilaterally under the machine's policy; Figs. 2-4 dock into one gang
// (job, workstation, license) where the license's constraint reads the workstation's name through
// the job's license port.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "classad/eval.hpp"
#include "classad/match.hpp"
#include "classad/parser.hpp"
#include "classad/print.hpp"

namespace ca = arsim::classad;

namespace {

const std::string kDir = "scenarios/gangmatch/ads/";

std::string slurp(const std::string& name) {
  std::ifstream in(kDir + name);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

ca::ClassAd ad_from(const std::string& name, const std::string& from = "",
                    const std::string& to = "") {
  std::string text = slurp(name);
  if (!from.empty()) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
  }
  return ca::parse_ad(text, kDir + name);
}

// The gang of Figs. 2-4: job port 0 (cpu) <-> workstation port 0, job port 1 (license) <->
// license port 0. Returns the printed value of the four port constraints.
struct Gang {
  ca::ClassAd job, ws, lic;
  std::vector<ca::RecordRef> jp{2}, wp{1}, lp{1};
  ca::Binding jb, wb, lb;
  Gang(ca::ClassAd j, ca::ClassAd w, ca::ClassAd l)
      : job(std::move(j)), ws(std::move(w)), lic(std::move(l)) {
    jb = {{}, jp.data(), 2};
    wb = {{}, wp.data(), 1};
    lb = {{}, lp.data(), 1};
    jp[0] = {ws.ports()[0].record, &wb};
    wp[0] = {job.ports()[0].record, &jb};
    jp[1] = {lic.ports()[0].record, &lb};
    lp[0] = {job.ports()[1].record, &jb};
  }
  std::string constraint(const ca::ClassAd& ad, int port, const ca::Binding& b) const {
    return ca::to_string(ca::evaluate(*ad.ports()[port].constraint, &b));
  }
  std::vector<std::string> all() const {
    return {constraint(job, 0, jb), constraint(job, 1, jb), constraint(ws, 0, wb),
            constraint(lic, 0, lb)};
  }
};

}  // namespace

TEST(ClassadFigures, AllFiguresRead) {
  for (const char* f : {"fig1_machine.ad", "fig1_job.ad", "fig2_job.ad", "fig2_job_sim_app.ad",
                        "fig3_workstation.ad", "fig4_license.ad"})
    EXPECT_NO_THROW(ca::read_ads_file(kDir + f)) << f;
  const auto job = ca::read_ads_file(kDir + "fig2_job.ad").at(0);
  ASSERT_EQ(job.port_count(), 2);
  EXPECT_EQ(job.ports()[0].label, "cpu");
  EXPECT_EQ(job.ports()[1].label, "license");
  EXPECT_EQ(ca::to_string(ca::evaluate(*job.find("QDate"), nullptr)), "951769342");
  const auto machine = ca::read_ads_file(kDir + "fig1_machine.ad").at(0);
  EXPECT_EQ(machine.port_count(), 0);
  EXPECT_EQ(ca::to_string(ca::evaluate(*machine.find("KeybrdIdle"), nullptr)), "1392");
  EXPECT_EQ(ca::to_string(ca::evaluate(*machine.find("Memory"), nullptr)), "268435456");
}

TEST(ClassadFigures, Fig1MachineMatchesAJobUnderItsPolicy) {
  const auto machine = ad_from("fig1_machine.ad");
  const auto job = ad_from("fig1_job.ad");
  const auto m = ca::match_bilateral(machine, job, 10 * 3600.0);
  EXPECT_TRUE(m.matched);
  // The job's Rank: KFlops/1E3 + Memory/32 = 21.893 + 8388608.
  EXPECT_EQ(ca::to_string(m.b.rank), "8388629.893");
  // "Jobs belonging to user riffraff are never accepted".
  const auto rif_job = ad_from("fig1_job.ad", "\"raman\"", "\"riffraff\"");
  const auto rif = ca::match_bilateral(machine, rif_job);
  EXPECT_FALSE(rif.matched);
  ASSERT_NE(rif.a.failing, nullptr);
  EXPECT_EQ(ca::unparse(*rif.a.failing), "other.Owner != \"riffraff\"");
  EXPECT_TRUE(rif.b.satisfied);
  // "... only serviced when the machine has a low load average and its console has been idle
  // for at least fifteen minutes".
  // (The verdict points into the ads: keep them alive while reading it.)
  const auto busy_machine = ad_from("fig1_machine.ad", "0.042969", "0.5");
  const auto busy = ca::match_bilateral(busy_machine, job);
  ASSERT_NE(busy.a.failing, nullptr);
  EXPECT_EQ(ca::unparse(*busy.a.failing), "LoadAvg < 0.3");
  const auto active_machine = ad_from("fig1_machine.ad", "'00:23:12'", "'00:14:59'");
  const auto active = ca::match_bilateral(active_machine, job);
  ASSERT_NE(active.a.failing, nullptr);
  EXPECT_EQ(ca::unparse(*active.a.failing), "KeybrdIdle > 900");
  // The job's own constraint: a machine with too little memory.
  const auto small_machine = ad_from("fig1_machine.ad", "256M", "16M");
  const auto small = ca::match_bilateral(small_machine, job);
  EXPECT_TRUE(small.a.satisfied);
  ASSERT_NE(small.b.failing, nullptr);
  EXPECT_EQ(ca::unparse(*small.b.failing), "other.Memory >= ImageSize");
}

TEST(ClassadFigures, Fig1RankPrefersSmallImagesBetweenNineAndFive) {
  const auto machine = ad_from("fig1_machine.ad");
  // As printed, 1/other.ImageSize divides two integers: 0 for any image over one byte.
  const auto job = ad_from("fig1_job.ad");
  EXPECT_EQ(ca::to_string(ca::match_bilateral(machine, job, 10 * 3600.0).a.rank), "0");
  // With a real image size the daytime branch shows: 1/ImageSize by day, 0 at night.
  const auto real_job = ad_from("fig1_job.ad", "ImageSize  = 28M", "ImageSize  = 28.5M");
  const auto day = ca::match_bilateral(machine, real_job, 10 * 3600.0).a.rank;
  ASSERT_TRUE(day.is(ca::Kind::Real));
  EXPECT_DOUBLE_EQ(day.as_real(), 1.0 / (28.5 * 1048576));
  EXPECT_EQ(ca::to_string(ca::match_bilateral(machine, real_job, 20 * 3600.0).a.rank), "0");
  EXPECT_EQ(ca::to_string(ca::match_bilateral(machine, real_job).a.rank), "undefined");
}

TEST(ClassadFigures, Figs2To4FormTheGangTheTextDescribes) {
  // As printed, Fig. 2's license port wants App == Cmd = "run_sim", Fig. 4 offers "sim_app".
  const Gang printed(ad_from("fig2_job.ad"), ad_from("fig3_workstation.ad"),
                     ad_from("fig4_license.ad"));
  EXPECT_EQ(printed.all(), (std::vector<std::string>{"true", "false", "true", "true"}));
  // With the job's Cmd naming the license's application, all four constraints hold.
  const Gang gang(ad_from("fig2_job_sim_app.ad"), ad_from("fig3_workstation.ad"),
                  ad_from("fig4_license.ad"));
  EXPECT_EQ(gang.all(), (std::vector<std::string>{"true", "true", "true", "true"}));
  // The license reads the workstation's name through the job's license port (Host = cpu.Name).
  ca::EvalState st;
  EXPECT_EQ(ca::to_string(ca::select(gang.lp[0], ca::Name::of("Host"), st)), "\"foo.cs.wisc.edu\"");
  // "the license's constraint is satisfied only if the chosen workstation is the single valid
  // host foo.cs.wisc.edu".
  const Gang elsewhere(ad_from("fig2_job_sim_app.ad"),
                       ad_from("fig3_workstation.ad", "\"foo.cs.wisc.edu\"", "\"bar.cs.wisc.edu\""),
                       ad_from("fig4_license.ad"));
  EXPECT_EQ(elsewhere.all(), (std::vector<std::string>{"true", "true", "true", "false"}));
  // The job's cpu port with a riffraff owner: the workstation's port refuses.
  const Gang riffraff(ad_from("fig2_job_sim_app.ad", "\"raman\"", "\"riffraff\""),
                      ad_from("fig3_workstation.ad"), ad_from("fig4_license.ad"));
  EXPECT_EQ(riffraff.all(), (std::vector<std::string>{"true", "true", "false", "true"}));
}

TEST(ClassadFigures, LicenseCannotReadTheMachineDirectly) {
  // "The license ad cannot directly access the Name attribute of the machine ad."
  const Gang gang(ad_from("fig2_job_sim_app.ad"), ad_from("fig3_workstation.ad"),
                  ad_from("fig4_license.ad"));
  ca::EvalState st;
  EXPECT_EQ(ca::to_string(ca::select(gang.lp[0], ca::Name::of("Name"), st)), "undefined");
  EXPECT_EQ(ca::to_string(ca::select(gang.lp[0], ca::Name::of("cpu"), st)), "undefined");
}

TEST(ClassadFigures, TheCpuPortCannotReferToTheLicenseLabel) {
  std::string text = slurp("fig2_job.ad");
  const std::string from = "cpu.OpSys == \"LINUX\" &&";
  text.replace(text.find(from), from.size(), "license.App == Cmd &&");
  try {
    ca::parse_ad(text, "fig2_bad.ad");
    FAIL() << "a reference to a later label must be refused";
  } catch (const ca::ParseError& e) {
    EXPECT_EQ(e.line(), 18);
    EXPECT_EQ(e.col(), 22);
    EXPECT_NE(std::string(e.what()).find("label 'license' of port 2"), std::string::npos)
        << e.what();
  }
}
