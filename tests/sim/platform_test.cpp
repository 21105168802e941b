// Platforms SimGrid loads but arsim cannot run on, and platforms SimGrid itself aborts on: each
// must end in one InputError naming the file (and the line or the pair of hosts where known)
// before any simulation starts. Every case loads its platform in a child process
// (check_platform_in_child), so this process never starts an engine and may run them all.
#include <gtest/gtest.h>

#include <string>

#include "sim/platform/platform_check.hpp"
#include "tests/support/temp_dir.hpp"

using namespace arsim;
using arsim::testing::TempDir;

namespace {

std::string platform_xml(const std::string& body, const std::string& routing = "Full") {
  return "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
         "<platform version=\"4.1\">\n<zone id=\"z\" routing=\"" +
         routing + "\">\n" + body + "</zone>\n</platform>\n";
}

const std::string kTwoHosts =
    "<host id=\"a\" speed=\"1Gf\" core=\"4\"/>\n<host id=\"b\" speed=\"1Gf\" core=\"4\"/>\n";
const std::string kLink = "<link id=\"l\" bandwidth=\"1GBps\" latency=\"1ms\"/>\n";
const std::string kRoute = "<route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route>\n";

// The message of the InputError check_platform_in_child throws, or "" when it accepts the file.
std::string error_of(const TempDir& dir, const std::string& text,
                     platform::ReadOptions options = {}) {
  const std::string path = dir.file("p.xml");
  std::ofstream(path) << text;
  try {
    platform::check_platform_in_child(path, options);
    return "";
  } catch (const InputError& e) {
    return e.what();
  }
}

}  // namespace

TEST(Platform, AValidPlatformPasses) {
  TempDir dir;
  EXPECT_EQ(error_of(dir, platform_xml(kTwoHosts + kLink + kRoute)), "");
}

TEST(Platform, AMissingRouteNamesThePair) {
  TempDir dir;
  const std::string third = "<host id=\"c\" speed=\"1Gf\" core=\"4\"/>\n";
  EXPECT_EQ(error_of(dir, platform_xml(kTwoHosts + third + kLink + kRoute)),
            dir.file("p.xml") +
                ": no route from host 'a' to host 'c' (the platform declares no route), which the "
                "coordinator and a resource manager or user need");
}

TEST(Platform, AZoneRouteWithoutGatewaysNamesThePair) {
  TempDir dir;
  const std::string text =
      "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
      "<platform version=\"4.1\"><zone id=\"w\" routing=\"Full\">\n"
      "<zone id=\"z1\" routing=\"Full\"><host id=\"a\" speed=\"1Gf\"/></zone>\n"
      "<zone id=\"z2\" routing=\"Full\"><host id=\"b\" speed=\"1Gf\"/></zone>\n"
      "</zone></platform>\n";
  const std::string e = error_of(dir, text);
  EXPECT_NE(e.find(dir.file("p.xml") + ": "), std::string::npos) << e;
  EXPECT_NE(e.find("'a'"), std::string::npos) << e;
  EXPECT_NE(e.find("'b'"), std::string::npos) << e;
}

TEST(Platform, WhatSimGridAbortsOnIsAnInputError) {
  TempDir dir;
  // SimGrid stops the process on both: a host without cores, a route declared twice.
  EXPECT_EQ(error_of(dir, platform_xml("<host id=\"a\" speed=\"1Gf\" core=\"0\"/>\n")),
            dir.file("p.xml") +
                ": SimGrid cannot use this platform: Host a must have at least one core, not 0.");
  EXPECT_EQ(error_of(dir, platform_xml(kTwoHosts + kLink + kRoute + kRoute)),
            dir.file("p.xml") +
                ": SimGrid cannot use this platform: The route between a and b already exists "
                "(Rq: routes are symmetrical by default).");
}

TEST(Platform, SpeedsAndBandwidthsSimGridWouldFailOnLaterNameTheLine) {
  TempDir dir;
  EXPECT_EQ(error_of(dir, platform_xml("<host id=\"a\" speed=\"nan\" core=\"4\"/>\n")),
            dir.file("p.xml") + ":5: host 'a' speed: expected a positive finite speed, got nan");
  EXPECT_EQ(
      error_of(dir, platform_xml(kTwoHosts +
                                 "<link id=\"l\" bandwidth=\"0Bps\" latency=\"1ms\"/>\n" + kRoute)),
      dir.file("p.xml") + ":7: link 'l' bandwidth: expected a positive finite bandwidth, got 0");
}

TEST(Platform, FailureProfilesAreRefusedWithoutTheFailureModel) {
  TempDir dir;
  std::ofstream(dir.file("down.txt")) << "1 0\n";
  EXPECT_EQ(
      error_of(dir, platform_xml("<host id=\"a\" speed=\"1Gf\" state_file=\"down.txt\"/>\n")),
      dir.file("p.xml") +
          ":5: state_file: a failure (state) profile; only co-allocation runs model hosts and "
          "links that fail, remove it");
}

TEST(Platform, HostNamesWithSpacesBecomeSiteNames) {
  TempDir dir;
  const std::string hosts =
      "<host id=\"Cpu A\" speed=\"1Gf\"/>\n<host id=\"Cpu,A\" speed=\"1Gf\"/>\n";
  const std::string route = "<route src=\"Cpu A\" dst=\"Cpu,A\"><link_ctn id=\"l\"/></route>\n";
  EXPECT_EQ(error_of(dir, platform_xml(hosts + kLink + route)), "");
}

TEST(Platform, ASingleHostIsOneSiteWithoutPaths) {
  TempDir dir;
  EXPECT_EQ(error_of(dir, platform_xml("<host id=\"a\" speed=\"1Gf\" core=\"8\"/>\n")), "");
}

TEST(Platform, TooManyDefaultPathsIsRefusedWithTheLimit) {
  TempDir dir;
  const std::string text =
      "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
      "<platform version=\"4.1\"><cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-99\" "
      "speed=\"1Gf\" bw=\"1GBps\" lat=\"1us\"/></platform>\n";
  platform::ReadOptions options;
  options.max_default_paths = 4950;  // 100 hosts: exactly 4,950 pairs
  EXPECT_EQ(error_of(dir, text, options), "");
  options.max_default_paths = 4949;
  EXPECT_EQ(error_of(dir, text, options),
            dir.file("p.xml") +
                ": without arsim props every one of its 100 sites would be joined to every other "
                "by a default path (4950 paths), more than the limit of 4949; group hosts into "
                "zones (one site per zone), annotate the platform (docs/design/coallocation.md, "
                "Platform), or raise "
                "platform.max_paths");
}

// A refusal that comes after hundreds of thousands of route look-ups (every pair of 600 hosts of
// one zone gets a default path; the first missing route is found after them all) still ends in
// its one line: the look-ups' trace is read as it comes, not kept up to a size.
TEST(Platform, ARefusalAfterManyRouteLookUpsKeepsItsLine) {
  TempDir dir;
  std::string hosts;
  for (int i = 0; i < 600; ++i)
    hosts += "<host id=\"h" + std::to_string(i) + "\" speed=\"1Gf\"/>\n";
  EXPECT_EQ(error_of(dir, platform_xml(hosts)),
            dir.file("p.xml") +
                ": no route from host 'h0' to host 'h1' (the platform declares no route), which "
                "the coordinator and a resource manager or user need");
}
