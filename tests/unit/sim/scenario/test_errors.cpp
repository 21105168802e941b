// Every malformed input gives one line "FILE:LINE: ..." naming the element and attribute.
#include <gtest/gtest.h>

#include "sim/scenario/scenario.hpp"
#include "tests/unit/sim/scenario/temp_files.hpp"

namespace arsim::scenario {
namespace {

class ScenarioErrors : public testing::TempDirTest {
 protected:
  // Lines 1-5 are a valid scenario, `extra` starts at line 6, "</scenario>" follows.
  std::string with(const std::string& extra) {
    file_ = write("s.xml",
                  "<scenario name=\"t\">\n"
                  "  <platform file=\"platform.xml\"/>\n"
                  "  <workload generator=\"gridars\"/>\n"
                  "  <user name=\"UserA\"/>\n"
                  "  <user name=\"UserB\"/>\n" +
                      extra + "\n</scenario>\n");
    return error_of(file_);
  }
  // The message of the InputError that loading `file` throws.
  static std::string error_of(const std::string& file) {
    try {
      testing::load(file);
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << "not one line";
      return e.what();
    }
    return "no error";
  }
  // "DIR/NAME:LINE: ", the start of an error in file NAME.
  std::string at(int line, const std::string& name = "s.xml") const {
    return path(name) + ":" + std::to_string(line) + ": ";
  }

  std::string file_;
};

TEST_F(ScenarioErrors, UnknownElement) {
  EXPECT_EQ(with("  <workloda/>"),
            at(6) +
                "unknown element <workloda>; valid: description, platform, workload, user, "
                "site, grc, coordinator, output, transfers, background, failures, sweep");
  EXPECT_EQ(
      with("  <offline algorithm=\"x\"/>"),
      at(6) +
          "unknown element <offline>; valid: description, platform, workload, user, "
          "site, grc, coordinator, output, transfers, background, failures, sweep (<offline> is "
          "an element of kind offline; this scenario is of kind coallocation)");
  EXPECT_EQ(with("  <grc><parm name=\"a\" value=\"1\"/></grc>"),
            at(6) + "unknown element <parm> inside <grc>; valid: param");
  EXPECT_EQ(with("  <output><x/></output>"),
            at(6) + "unknown element <x> inside <output>; valid: none");
}

TEST_F(ScenarioErrors, WrongRootOrSecondRoot) {
  file_ = write("r.xml", "<?xml version=\"1.0\"?>\n<scenarios name=\"x\"/>\n");
  EXPECT_EQ(error_of(file_), at(2, "r.xml") + "unknown element <scenarios>; valid: scenario");
  file_ = write("r2.xml", "<scenario name=\"t\"/>\n<scenario name=\"u\"/>\n");
  EXPECT_EQ(error_of(file_), at(2, "r2.xml") + "unexpected second root element <scenario>");
}

TEST_F(ScenarioErrors, UnknownAttribute) {
  EXPECT_EQ(with("  <grc planer=\"greedy\"/>"),
            at(6) +
                "unknown attribute 'planer' on <grc>; valid: algorithm, frames, order, plan_all, "
                "hold_timeout, planning_delay");
  EXPECT_EQ(with("  <user name=\"C\" level=\"1\"/>"),
            at(6) +
                "unknown attribute 'level' on <user>; valid: name, mean_interarrival, "
                "service_level, grc, resubmit.attempts, resubmit.delay, resubmit.window_factor, "
                "resubmit.cpus_factor, resubmit.bandwidth_factor");
  EXPECT_EQ(with("  <sweep bad=\"1\"/>"),
            at(6) + "unknown attribute 'bad' on <sweep>; valid: none");
}

TEST_F(ScenarioErrors, BadNumber) {
  EXPECT_EQ(with("  <grc frames=\"ten\"/>"),
            at(6) + "<grc> attribute 'frames': expected an integer in [1, 10000], got 'ten'");
  EXPECT_EQ(with("  <grc frames=\"2.5\"/>"),
            at(6) + "<grc> attribute 'frames': expected an integer in [1, 10000], got '2.5'");
  EXPECT_EQ(with("  <output bucket=\"1e400\"/>"),
            at(6) + "<output> attribute 'bucket': expected a number > 0, got '1e400'");
  EXPECT_EQ(with("  <output bucket=\"8640s\"/>"),
            at(6) + "<output> attribute 'bucket': expected a number > 0, got '8640s'");
}

TEST_F(ScenarioErrors, OutOfRange) {
  EXPECT_EQ(with("  <user name=\"C\" service_level=\"1.5\"/>"),
            at(6) + "<user> attribute 'service_level': expected a number in (0, 1], got '1.5'");
  EXPECT_EQ(with("  <user name=\"C\" service_level=\"0\"/>"),
            at(6) + "<user> attribute 'service_level': expected a number in (0, 1], got '0'");
  EXPECT_EQ(with("  <grc frames=\"0\"/>"),
            at(6) + "<grc> attribute 'frames': expected an integer in [1, 10000], got '0'");
  EXPECT_EQ(
      with("  <grc order=\"cost\"/>"),
      at(6) + "<grc> attribute 'order': expected one of time, late, price, quality, got 'cost'");
}

TEST_F(ScenarioErrors, BadListAndAttributeOnItsOwnLine) {
  file_ = write("l.xml", R"(<scenario name="t">
  <platform file="platform.xml"/>
  <workload generator="gridars"
            types="1 5"/>
  <user name="U"/>
</scenario>
)");
  EXPECT_EQ(error_of(file_),
            at(4, "l.xml") +
                "<workload> attribute 'types': expected a list of integers in [1, 4], got '1 5'");
  file_ = write("l2.xml", R"(<scenario name="t"><platform file="platform.xml"/>
  <workload generator="gridars" durations=""/><user name="U"/></scenario>
)");
  EXPECT_EQ(
      error_of(file_),
      at(2, "l2.xml") + "<workload> attribute 'durations': expected a list of numbers > 0, got ''");
}

TEST_F(ScenarioErrors, MissingRequired) {
  file_ = write("m1.xml",
                "<scenario>\n  <platform file=\"platform.xml\"/>\n"
                "  <workload generator=\"gridars\"/><user name=\"U\"/>\n</scenario>\n");
  EXPECT_EQ(error_of(file_), at(1, "m1.xml") + "missing required attribute 'name' on <scenario>");
  file_ = write("m2.xml",
                "<scenario name=\"t\">\n  <workload generator=\"gridars\"/>\n"
                "  <user name=\"U\"/>\n</scenario>\n");
  EXPECT_EQ(error_of(file_),
            at(1, "m2.xml") + "missing required element <platform> with attribute 'file'");
  file_ = write("m3.xml",
                "<scenario name=\"t\">\n  <platform file=\"platform.xml\"/>\n"
                "  <workload generator=\"file\"/>\n</scenario>\n");
  EXPECT_EQ(error_of(file_), at(3, "m3.xml") +
                                 "missing required attribute 'file' on <workload> "
                                 "(required when workload.generator=file)");
  EXPECT_EQ(with("  <user service_level=\"1\"/>"),
            at(6) + "missing required attribute 'name' on <user>");
  EXPECT_EQ(with("  <grc><param name=\"a\"/></grc>"),
            at(6) + "missing required attribute 'value' on <param>");
}

TEST_F(ScenarioErrors, MissingPlatformFile) {
  EXPECT_EQ(with("  <platform file=\"../nope.xml\"/>"),
            at(6) + "duplicate element <platform> (first at line 2)");
  file_ = write("p.xml",
                "<scenario name=\"t\">\n  <platform file=\"nope.xml\"/>\n"
                "  <workload generator=\"gridars\"/><user name=\"U\"/>\n</scenario>\n");
  EXPECT_EQ(error_of(file_), at(2, "p.xml") +
                                 "<platform> attribute 'file': expected a path to an existing "
                                 "file (not found: " +
                                 path("nope.xml") + "), got 'nope.xml'");
}

TEST_F(ScenarioErrors, KeyThatDoesNotApply) {
  write("r.txt", "");
  file_ = write("na.xml",
                "<scenario name=\"t\">\n  <platform file=\"platform.xml\"/>\n"
                "  <workload generator=\"file\" file=\"r.txt\" durations=\"1\"/>\n</scenario>\n");
  EXPECT_EQ(error_of(file_), at(3, "na.xml") +
                                 "<workload> attribute 'durations' applies only when "
                                 "workload.generator=gridars, but workload.generator is 'file'");
}

TEST_F(ScenarioErrors, Duplicates) {
  EXPECT_EQ(with("  <user name=\"UserA\"/>"),
            at(6) + "duplicate <user name=\"UserA\"> (first at line 4)");
  EXPECT_EQ(with("  <grc/><grc/>"), at(6) + "duplicate element <grc> (first at line 6)");
  EXPECT_EQ(with("  <grc frames=\"1\" frames=\"2\"/>"),
            at(6) + "duplicate attribute 'frames' on <grc>");
  EXPECT_EQ(with("  <grc>\n<param name=\"a\" value=\"1\"/>\n<param name=\"a\" value=\"2\"/></grc>"),
            at(8) + "duplicate <param name=\"a\"> (first at line 7)");
}

TEST_F(ScenarioErrors, NamesMustFitInKeys) {
  EXPECT_EQ(
      with("  <user name=\"User.C\"/>"),
      at(6) +
          "<user> attribute 'name': expected a name of letters, digits, '_' or '-', got 'User.C'");
}

TEST_F(ScenarioErrors, CrossKeyRules) {
  file_ = write("u.xml",
                "<scenario name=\"t\">\n  <platform file=\"platform.xml\"/>\n"
                "  <workload generator=\"gridars\"/>\n</scenario>\n");
  EXPECT_EQ(error_of(file_), at(3, "u.xml") +
                                 "<workload> attribute 'generator': generator 'gridars' needs at "
                                 "least one <user> element");
  file_ = write("w.xml",
                "<scenario name=\"t\">\n  <platform file=\"platform.xml\"/><user name=\"U\"/>\n"
                "  <workload generator=\"gridars\" window_start=\"200000\"/>\n</scenario>\n");
  EXPECT_EQ(error_of(file_), at(3, "w.xml") +
                                 "<workload> attribute 'window_end': expected a number > "
                                 "window_start (200000), got '172800'");
}

TEST_F(ScenarioErrors, Text) {
  EXPECT_EQ(with("  <grc>greedy</grc>"), at(6) + "unexpected text inside <grc>");
  EXPECT_EQ(with("\n  stray"), at(7) + "unexpected text inside <scenario>");
  EXPECT_EQ(with("  <description>a <b/></description>"),
            at(6) + "unknown element <b> inside <description>; valid: none");
}

TEST_F(ScenarioErrors, MalformedXml) {
  EXPECT_EQ(with("  <grc frames=\"1\">\n  </grcx>"),
            at(7) + "malformed XML: Start-end tags mismatch");
  EXPECT_EQ(with("  <grc frames=\"1\"/"), at(6) + "malformed XML: Error parsing start element tag");
  file_ = write("empty.xml", "");
  EXPECT_EQ(error_of(file_), at(1, "empty.xml") + "malformed XML: No document element found");
}

TEST_F(ScenarioErrors, MissingFile) {
  EXPECT_EQ(error_of(path("none.xml")),
            path("none.xml") + ": cannot read scenario file: no such file");
  EXPECT_EQ(error_of(dir_.string()), dir_.string() + ": cannot read scenario file: is a directory");
}

TEST_F(ScenarioErrors, BadSweepKey) {
  EXPECT_EQ(with("  <sweep><param name=\"grc.planer\" values=\"a\"/></sweep>"),
            at(6) +
                "unknown key 'grc.planer'; valid: grc.algorithm, grc.frames, grc.order, "
                "grc.plan_all, grc.hold_timeout, grc.planning_delay, grc.param.*");
  EXPECT_EQ(with("  <sweep><param name=\"user.UserC.service_level\" values=\"1\"/></sweep>"),
            at(6) + "unknown user 'UserC' in key 'user.UserC.service_level'; valid: UserA, UserB");
  EXPECT_EQ(with("  <sweep><param name=\"scenario.seed\" values=\"1 2\"/></sweep>"),
            at(6) +
                "<param> attribute 'name': expected a key outside scenario.* (runs and seeds are "
                "not swept), got 'scenario.seed'");
  EXPECT_EQ(with("  <sweep>\n<param name=\"grc.order\" values=\"time\"/>\n"
                 "<param name=\"grc.order\" values=\"price\"/></sweep>"),
            at(8) + "duplicate sweep of key 'grc.order' (first at line 7)");
  EXPECT_EQ(with("  <sweep><param name=\"grc.order\"/></sweep>"),
            at(6) + "missing required attribute 'values' on <param>");
}

TEST_F(ScenarioErrors, BadSweepValue) {
  EXPECT_EQ(
      with("  <sweep>\n    <param name=\"user.UserB.service_level\" values=\"1 0\"/>\n  </sweep>"),
      at(7) +
          "<param name=\"user.UserB.service_level\"> attribute 'values': expected a number "
          "in (0, 1], got '0'");
  EXPECT_EQ(with("  <sweep><param name=\"grc.order\" values=\" \"/></sweep>"),
            at(6) +
                "<param name=\"grc.order\"> attribute 'values': expected one or more values "
                "separated by spaces, got ''");
  EXPECT_EQ(with("  <sweep><param name=\"grc.frames\" values=\"1 2 1\"/></sweep>"),
            at(6) + "<param name=\"grc.frames\"> attribute 'values': value '1' appears twice");
}

TEST_F(ScenarioErrors, InvalidSweepPoint) {
  // The second point switches to a request file while durations is set for the generator.
  write("r.txt", "");
  file_ = write("pt.xml", R"(<scenario name="t">
  <platform file="platform.xml"/>
  <workload generator="gridars" durations="60"/><user name="U"/>
  <sweep><param name="workload.generator" values="gridars file"/></sweep>
</scenario>
)");
  EXPECT_EQ(error_of(file_), at(3, "pt.xml") +
                                 "<workload> attribute 'durations' applies only when "
                                 "workload.generator=gridars, but workload.generator is 'file'");
}

}  // namespace
}  // namespace arsim::scenario
