// `arsim classad eval|match|gang` end to end, with one-line errors and exit status 2 for bad
// input.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>

namespace fs = std::filesystem;

namespace {

struct Result {
  int status;
  std::string out;  // stdout and stderr
};

Result arsim(const std::string& args) {
  const std::string cmd = fmt::format("{} classad {} 2>&1", ARSIM_BINARY, args);
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  const int st = pclose(p);
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

std::size_t lines(const std::string& s) {
  return std::count(s.begin(), s.end(), '\n');
}

const std::string kAds = "scenarios/gangmatch/ads/";

// A file in a scratch folder of this process, removed at exit.
struct Scratch {
  fs::path dir = fs::temp_directory_path() / fmt::format("arsim-classad-cli-{}", getpid());
  Scratch() { fs::create_directories(dir); }
  ~Scratch() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
  std::string file(const std::string& name, const std::string& body) const {
    std::ofstream(dir / name) << body;
    return (dir / name).string();
  }
};

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST(ClassadCli, EvalPrintsOneValueALine) {
  const auto r = arsim(
      "eval '1 + 2' '\"a\" == \"A\"' '7 / 0' 'x' '{1, \"b\"}' '[a = 1; b = a + 1].b' "
      "'DayTime() >= '\"'\"'9:00'\"'\"'' --time 10:30");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, "3\ntrue\nerror\nundefined\n{1, \"b\"}\n2\ntrue\n");
}

TEST(ClassadCli, EvalInTheContextOfAnAdAndItsPartner) {
  const auto r =
      arsim(fmt::format("eval --ad {0}fig1_machine.ad --other {0}fig1_job.ad Constraint "
                        "KeybrdIdle Memory other.Owner Rank --time 36000",
                        kAds));
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, "true\n1392\n268435456\n\"raman\"\n0\n");
}

TEST(ClassadCli, MatchSaysWhyNotAndOnWhichSide) {
  auto r = arsim(fmt::format("match {0}fig1_machine.ad {0}fig1_job.ad", kAds));
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out.rfind("match: ", 0), 0u) << r.out;
  const Scratch s;
  std::string job = slurp(kAds + "fig1_job.ad");
  job.replace(job.find("\"raman\""), 7, "\"riffraff\"");
  const std::string rif = s.file("riffraff.ad", job);
  r = arsim(fmt::format("match {}fig1_machine.ad {}", kAds, rif));
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("no match"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("fig1_machine.ad:22:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("other.Owner != \"riffraff\" is false"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(rif + ":4: Constraint is true"), std::string::npos) << r.out;
  // The job's own constraint fails on a small machine.
  std::string small = slurp(kAds + "fig1_machine.ad");
  small.replace(small.find("256M"), 4, "16M");
  r = arsim(fmt::format("match {} {}fig1_job.ad", s.file("small.ad", small), kAds));
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("fig1_job.ad:13:18:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("other.Memory >= ImageSize is false"), std::string::npos) << r.out;
}

TEST(ClassadCli, GangListsTheGangsOfAChosenMatcher) {
  for (const char* m : {"naive", "indexed", "dynamic", "clustered", "exact"}) {
    const auto r =
        arsim(fmt::format("gang --matcher {0} {1}fig2_job.ad {1}fig2_job_sim_app.ad "
                          "{1}fig3_workstation.ad {1}fig4_license.ad",
                          m, kAds));
    ASSERT_EQ(r.status, 0) << m << ": " << r.out;
    EXPECT_NE(r.out.find("gang 1: " + kAds + "fig2_job_sim_app.ad:3\n"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("fig2_job_sim_app.ad:3 port cpu -> " + kAds +
                         "fig3_workstation.ad:3 port requester"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("fig2_job_sim_app.ad:3 port license -> " + kAds +
                         "fig4_license.ad:3 port requester"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("unmatched roots: " + kAds + "fig2_job.ad:6"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(std::string(m) + ": 1 of 2 roots matched from 4 ads"), std::string::npos)
        << r.out;
  }
  const auto rl =
      arsim(fmt::format("gang --matcher indexed --param order=right-to-left "
                        "--roots 'Owner == \"raman\" && Cmd == \"sim_app\"' "
                        "{0}fig2_job.ad {0}fig2_job_sim_app.ad {0}fig3_workstation.ad "
                        "{0}fig4_license.ad",
                        kAds));
  ASSERT_EQ(rl.status, 0) << rl.out;
  EXPECT_NE(rl.out.find("indexed: 1 of 1 roots matched"), std::string::npos) << rl.out;
}

TEST(ClassadCli, GangOptionsAndFilesComeInAnyOrder) {
  const std::string files = fmt::format(
      "{0}fig2_job.ad {0}fig2_job_sim_app.ad {0}fig3_workstation.ad {0}fig4_license.ad", kAds);
  for (const std::string& args :
       {"gang --param order=right-to-left --matcher indexed " + files,
        "gang --matcher indexed --param order=right-to-left " + files,
        "gang " + files + " --param order=right-to-left --matcher indexed",
        fmt::format("gang {0}fig2_job.ad --param order=right-to-left {0}fig2_job_sim_app.ad "
                    "--matcher indexed {0}fig3_workstation.ad --param order=right-to-left "
                    "{0}fig4_license.ad",
                    kAds)}) {
    const auto r = arsim(args);
    ASSERT_EQ(r.status, 0) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("indexed: 1 of 2 roots matched from 4 ads"), std::string::npos)
        << args << "\n"
        << r.out;
  }
}

TEST(ClassadCli, BadInputIsOneLineWithFileLineColumnAndStatus2) {
  const Scratch s;
  const std::string bad = s.file("bad.ad", "[\n  a = 1;\n  b = (2 + ;\n]\n");
  struct Case {
    std::string args, expect;
  };
  const std::vector<Case> cases = {
      {"eval '1 +'", "argument 1:1:4: expected an expression, got end of input"},
      {"eval 1 'foo(2)'", "argument 2:1:1: unknown function 'foo'"},
      {"eval --ad " + bad + " x", bad + ":3:12: expected an expression, got ';'"},
      {"match " + bad + " " + kAds + "fig1_job.ad", bad + ":3:12:"},
      {"gang " + bad, bad + ":3:12:"},
      {"gang --roots 'Type ==' " + kAds + "fig2_job.ad", "--roots:1:8: expected an expression"},
      {"gang --matcher nope " + kAds + "fig2_job.ad", "unknown gang matcher 'nope'; valid:"},
      {"gang --param order=up " + kAds + "fig2_job.ad", "parameter 'order'"},
      {"gang --param x " + kAds + "fig2_job.ad", "--param: expected key=value"},
      {"match no/such.ad " + kAds + "fig1_job.ad",
       "no/such.ad: cannot read classad file: no such file"},
      {"eval --time noon x", "--time: expected seconds"},
      {"eval", "eval: expected at least one expression"},
      {"nosuch", "arsim classad"},
  };
  for (const auto& c : cases) {
    const auto r = arsim(c.args);
    EXPECT_EQ(r.status, 2) << c.args << "\n" << r.out;
    EXPECT_EQ(lines(r.out), 1u) << c.args << "\n" << r.out;
    EXPECT_NE(r.out.find(c.expect), std::string::npos) << c.args << "\n" << r.out;
  }
}
