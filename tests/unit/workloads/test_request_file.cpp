// Plain-text request files (workloads/request_file.hpp).
#include "workloads/request_file.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "workloads/gridars_generator.hpp"

namespace arsim::workloads {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A scratch directory per test, removed afterwards.
class RequestFile : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           (std::string("arsim-request-file-") + info->name() + "-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  std::filesystem::path dir_;
};

const std::string kHeader = "# id user type submit est lst duration service_level cpus pairs\n";

TEST_F(RequestFile, WritesTheDocumentedFormat) {
  model::Request r;
  r.id = 0;
  r.user = "UserA";
  r.type = 2;
  r.submit = 211.25;
  r.est = 120934;
  r.lst = 131734;
  r.duration = 3600;
  r.service_level = 0.5;
  r.components = {{4}, {2}, {8}};
  r.pairs = {{0, 1, 1.0}, {1, 2, 1.0}};
  EXPECT_EQ(format_request_line(r), "0 UserA 2 211.25 120934 131734 3600 0.5 4,2,8 0-1:1,1-2:1");
  r.pairs.clear();
  EXPECT_EQ(format_request_line(r), "0 UserA 2 211.25 120934 131734 3600 0.5 4,2,8 -");
  EXPECT_EQ(format_request_file({r}, {"seed 1"}),
            "# seed 1\n" + kHeader + "0 UserA 2 211.25 120934 131734 3600 0.5 4,2,8 -\n");
}

TEST_F(RequestFile, RoundTripIsByteIdentical) {
  GridarsConfig config;
  config.users = {{"UserA", 407.327, 1.0}, {"UserB", 407.327, 0.5}};
  const auto requests = generate_gridars(config, 2024, 3);
  const std::string first = path("a.req"), second = path("b.req");
  write_request_file(first, requests, {"generator gridars seed 2024 run 3"});
  EXPECT_FALSE(std::filesystem::exists(first + ".tmp"));
  const auto read = read_request_file(first);
  ASSERT_EQ(read.size(), requests.size());
  for (std::size_t i = 0; i < read.size(); ++i) {
    // Exact equality: the shortest round-trip decimal reads back to the same double.
    EXPECT_EQ(read[i].submit, requests[i].submit);
    EXPECT_EQ(read[i].est, requests[i].est);
    EXPECT_EQ(read[i].user, requests[i].user);
    EXPECT_EQ(read[i].total_cpus(), requests[i].total_cpus());
    EXPECT_EQ(read[i].pairs.size(), requests[i].pairs.size());
  }
  write_request_file(second, read, {"generator gridars seed 2024 run 3"});
  EXPECT_EQ(slurp(first), slurp(second));
}

TEST_F(RequestFile, OverwritesAtomically) {
  const std::string p = path("r.req");
  write_request_file(p, generate_gridars(GridarsConfig{}, 1, 0));
  write_request_file(p, {});
  EXPECT_EQ(slurp(p), kHeader);
  EXPECT_TRUE(read_request_file(p).empty());
}

TEST_F(RequestFile, SkipsCommentsAndBlankLinesAndKeepsOrder) {
  const auto rs = parse_request_text(
      "# a comment\n\n   \n  # indented comment\r\n"
      "5 UserB 1 10 100 130 10 1 1,2 0-1:1\r\n"
      "\t2 UserA 0 0 0 0 1 1 3 -",  // no final newline
      "mem");
  ASSERT_EQ(rs.size(), 2u);
  EXPECT_EQ(rs[0].id, 5);
  EXPECT_EQ(rs[0].pairs.size(), 1u);
  EXPECT_EQ(rs[1].id, 2);
  EXPECT_EQ(rs[1].components.size(), 1u);
}

std::string error_of(const std::string& text) {
  try {
    parse_request_text(text, "w.req");
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find('\n'), std::string::npos) << "message must be one line";
    return what;
  }
  ADD_FAILURE() << "no error for: " << text;
  return "";
}

const std::string kGood = "0 UserA 1 10 100 130 10 1 1,2 0-1:1\n";

TEST_F(RequestFile, BadNumberNamesFileLineAndField) {
  EXPECT_EQ(error_of(kHeader + kGood + "1 UserA 1 1O 100 130 10 1 1,2 0-1:1\n"),
            "w.req:3: field 'submit': expected a finite number, got '1O'");
  EXPECT_EQ(error_of(kGood + "1 UserA x 10 100 130 10 1 1,2 0-1:1\n"),
            "w.req:2: field 'type': expected an integer, got 'x'");
  EXPECT_EQ(error_of("1 UserA 1 10 100 nan 10 1 1,2 0-1:1\n"),
            "w.req:1: field 'lst': expected a finite number, got 'nan'");
  EXPECT_THAT(error_of("1 UserA 1 10 100 130 10 1 1,,2 0-1:1\n"),
              StartsWith("w.req:1: field 'cpus': expected a comma list of integers"));
  EXPECT_THAT(error_of("1 UserA 1 10 100 130 10 1 1,2 0-1\n"),
              StartsWith("w.req:1: field 'pairs': expected '-' or a comma list"));
}

TEST_F(RequestFile, UnknownPairComponent) {
  EXPECT_EQ(error_of("# c\n1 UserA 1 10 100 130 10 1 1,2 0-1:1,1-2:1\n"),
            "w.req:2: field 'pairs': expected component indices in [0, 2) (the request has 2 "
            "components), got '1-2:1'");
}

TEST_F(RequestFile, MissingAndExtraFields) {
  EXPECT_THAT(error_of(kGood + "1 UserA 1 10 100 130 10 1 1,2\n"),
              StartsWith("w.req:2: field 'pairs': expected a value"));
  EXPECT_THAT(error_of("1 UserA\n"), StartsWith("w.req:1: field 'type': expected a value"));
  EXPECT_THAT(error_of("1 UserA 1 10 100 130 10 1 1,2 - extra\n"),
              StartsWith("w.req:1: expected 10 fields"));
}

TEST_F(RequestFile, DuplicateId) {
  EXPECT_EQ(error_of(kGood + "\n" + kGood),
            "w.req:3: field 'id': expected a unique id (already on line 1), got '0'");
}

TEST_F(RequestFile, ModelValidationIsReportedWithFileAndLine) {
  // LST before EST passes the parser but not model::validate.
  EXPECT_EQ(error_of(kGood + "1 UserA 1 10 100 90 10 1 1,2 -\n"),
            "w.req:2: request 1: LST must be >= EST");
  EXPECT_THAT(error_of("1 UserA 1 10 100 130 10 1 1,0 -\n"),
              AllOf(StartsWith("w.req:1: "), HasSubstr("cpus must be > 0")));
  EXPECT_THAT(error_of("1 UserA 1 10 100 130 10 1 1,2 1-1:1\n"),
              AllOf(StartsWith("w.req:1: "), HasSubstr("pair 1-1")));
  // A frame at 1e20 s loses its duration to rounding; the planner would find it infeasible.
  EXPECT_EQ(error_of("1 UserA 1 10 100 1e20 10 1 1,2 -\n"),
            "w.req:1: request 1: LST + duration must be at most 1e+12 s");
}

// Found by fuzzing (tests/fuzz/fuzz_request_file.cpp): cores of int size each whose total
// overflowed total_cpus() (undefined behaviour) in every consumer of the request.
TEST_F(RequestFile, TotalCpusBeyondIntAreRefused) {
  EXPECT_EQ(error_of("0 UserA 2 0 0 0 9e3 0.4 1,1,1,2147483647 -\n"),
            "w.req:1: request 0: total cpus must be at most 2147483647");
  EXPECT_EQ(error_of("0 UserA 2 0 0 0 9e3 0.4 1073741824,1073741824 -\n"),
            "w.req:1: request 0: total cpus must be at most 2147483647");
  EXPECT_EQ(parse_request_text("0 UserA 2 0 0 0 9e3 0.4 1073741824,1073741823 -\n", "w.req")
                .front()
                .total_cpus(),
            2147483647);
}

TEST_F(RequestFile, MissingFileIsAnInputError) {
  EXPECT_THROW(read_request_file(path("absent.req")), InputError);
}

TEST_F(RequestFile, WriterRefusesWhatCannotBeReadBack) {
  model::Request r;
  r.id = 0;
  r.user = "User A";
  r.duration = 1;
  r.components = {{1}};
  EXPECT_THROW(format_request_line(r), std::invalid_argument);
  r.user = "UserA";
  r.lst = -1;  // fails model::validate
  EXPECT_THROW(format_request_line(r), std::invalid_argument);
}

}  // namespace
}  // namespace arsim::workloads
