// arsim platform import|generate end to end (docs/guide/networks.md): an imported network and a
// generated one each carry a short co-allocation run that passes the audit; malformed files end
// in one line naming the file and line, exit status 2 and no output file; generate is
// deterministic.
#include <gtest/gtest.h>

#include "tests/sim/cli_support.hpp"

using namespace arsim_test;  // NOLINT: the helpers of every end-to-end test

namespace {

const std::string kData = "tests/unit/topology/data/";

// The short GridARS workload of cli_support.hpp (kGood) on `platform`, run with --audit.
Result run_on(const fs::path& dir, const fs::path& platform) {
  std::string body = kGood;
  body.replace(body.find("PLATFORM"), 8, fs::absolute(platform).string());
  const fs::path scenario = write_scenario(dir, body);
  return arsim(fmt::format("run {} --out {} --audit", scenario.string(), (dir / "o").string()));
}

TEST(PlatformCli, AnImportedNetworkRunsAndPassesTheAudit) {
  const auto dir = scratch("platform-import");
  const fs::path out = dir / "p.xml";
  const auto r = arsim(
      fmt::format("platform import {}two_networks.graphml --out {} --seed 2", kData, out.string()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("5 nodes (1 external, 1 without coordinates), 5 links (1 parallel "
                          "merged, 0 self-loops dropped), 2 domains, 4 sites, 0 demands"),
            std::string::npos)
      << r.output;
  const auto ran = run_on(dir, out);
  ASSERT_EQ(ran.status, 0) << ran.output;
  EXPECT_NE(ran.output.find("over 4 sites"), std::string::npos) << ran.output;
  EXPECT_NE(ran.output.find("audit: passed"), std::string::npos) << ran.output;
  EXPECT_GT(lines(slurp(dir / "o" / "jobs.csv")), 1u);
}

TEST(PlatformCli, EachFormatImportsAndChecks) {
  const auto dir = scratch("platform-formats");
  for (const char* file : {"tiny.gml", "four_nodes.txt"}) {
    const fs::path out = dir / (std::string(file) + ".xml");
    const auto r = arsim(
        fmt::format("platform import {}{} --out {} --sites top:2", kData, file, out.string()));
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find(", 2 sites,"), std::string::npos) << r.output;
    std::ofstream(dir / "c.xml") << fmt::format(
        "<scenario name=\"c\" runs=\"1\"><platform file=\"{}\"/><workload generator=\"gridars\" "
        "arrival_end=\"600\"/><user name=\"A\"/><grc algorithm=\"greedy\"/></scenario>\n",
        fs::absolute(out).string());
    const auto checked = arsim(fmt::format("check {}", (dir / "c.xml").string()));
    EXPECT_EQ(checked.status, 0) << file << "\n" << checked.output;
  }
}

TEST(PlatformCli, AGeneratedNetworkRunsAndPassesTheAudit) {
  const auto dir = scratch("platform-generate");
  const fs::path out = dir / "p.xml";
  const auto r = arsim(fmt::format(
      "platform generate --out {} --domains 3 --sites-per-domain 4 --seed 5", out.string()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("12 nodes"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("3 domains, 12 sites"), std::string::npos) << r.output;
  const auto ran = run_on(dir, out);
  ASSERT_EQ(ran.status, 0) << ran.output;
  EXPECT_NE(ran.output.find("over 12 sites"), std::string::npos) << ran.output;
  EXPECT_NE(ran.output.find("audit: passed"), std::string::npos) << ran.output;
}

TEST(PlatformCli, GenerateIsDeterministic) {
  const auto dir = scratch("platform-determinism");
  auto generate = [&](const std::string& name, int seed) {
    const fs::path out = dir / name;
    const auto r =
        arsim(fmt::format("platform generate --out {} --domains 4 --sites-per-domain 6 --seed {}",
                          out.string(), seed));
    EXPECT_EQ(r.status, 0) << r.output;
    return slurp(out);
  };
  const std::string a = generate("a.xml", 9);
  EXPECT_FALSE(a.empty());
  EXPECT_EQ(generate("b.xml", 9), a);
  EXPECT_NE(generate("c.xml", 10), a);
}

// One line on the output naming FILE:LINE, exit status 2, and the output file left as it was.
void expect_refused(const fs::path& dir, const std::string& args, const std::string& where) {
  const fs::path out = dir / "kept.xml";
  std::ofstream(out) << "old";
  const auto r = arsim(fmt::format("platform {} --out {}", args, out.string()));
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
  EXPECT_EQ(r.output.rfind("arsim: " + where, 0), 0u) << r.output;
  EXPECT_EQ(slurp(out), "old");
  EXPECT_FALSE(fs::exists(dir / "kept.xml.tmp"));
}

TEST(PlatformCli, MalformedFilesExitTwoWithTheirLine) {
  const auto dir = scratch("platform-malformed");
  auto derived = [&](const std::string& source, const std::string& from, const std::string& to) {
    std::string text = slurp(kData + source);
    text.replace(text.find(from), from.size(), to);
    const fs::path f = dir / source;
    std::ofstream(f) << text;
    return f.string();
  };
  const auto graphml = derived("two_networks.graphml", "target=\"2\"", "target=\"x\"");
  expect_refused(dir, "import " + graphml, graphml + ":38: ");
  const auto gml = derived("tiny.gml", "source 2 target 3", "source 2 target");
  expect_refused(dir, "import " + gml, gml + ":21: ");
  const auto sndlib = derived("four_nodes.txt", "L4 ( Charlie Delta )", "L4 ( Charlie )");
  expect_refused(dir, "import " + sndlib, sndlib + ":23: ");
  expect_refused(dir, "import " + kData + "tiny.gml --sites top:9", "--sites top:9: ");
  expect_refused(dir, "generate --domains 0 --sites-per-domain 2", "--domains: ");
  std::string text = slurp(kData + "tiny.gml");  // every node external
  for (auto at = text.find("Internal 1"); at != std::string::npos; at = text.find("Internal 1"))
    text.replace(at, 10, "Internal 0");
  const std::string all_external = (dir / "external.gml").string();
  std::ofstream(all_external) << text;
  expect_refused(dir, "import " + all_external,
                 all_external + ": expected a node that is not external");
  const auto missing = (dir / "no_such_folder" / "p.xml").string();
  const auto r = arsim("platform generate --domains 1 --sites-per-domain 2 --out " + missing);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(r.output, "arsim platform: --out: folder " + (dir / "no_such_folder").string() +
                          " does not exist\n");
  std::ofstream(dir / "net.csv") << "a,b\n";
  expect_refused(dir, "import " + (dir / "net.csv").string(), (dir / "net.csv").string() + ": ");
}

}  // namespace
