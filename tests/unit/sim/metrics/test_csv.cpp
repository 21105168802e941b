// CSV writing, quoting, reading and atomic writes (sim/metrics/csv.hpp).
#include "sim/metrics/csv.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <stdexcept>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/support/temp_dir.hpp"

namespace arsim::metrics {
namespace {

using ::testing::HasSubstr;

TEST(Csv, QuotesOnlyFieldsThatNeedIt) {
  EXPECT_EQ(csv_quote("plain"), "plain");
  EXPECT_EQ(csv_quote("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_quote("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_quote("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_quote(""), "");
}

TEST(Csv, QuotingRoundTrips) {
  const std::vector<std::string> fields = {"plain", "a,b", "say \"hi\"", "two\nlines",
                                           "",      "\"",  "cr\r",       ",\",\n"};
  CsvWriter w({"x", "y"});
  for (const auto& f : fields) {
    w.field(f).field("tail");
    w.end_row();
  }
  const CsvTable t = parse_csv(w.str(), "mem.csv");
  ASSERT_EQ(t.rows.size(), fields.size());
  for (std::size_t i = 0; i < fields.size(); ++i) {
    EXPECT_EQ(t.rows[i][0], fields[i]) << "row " << i;
    EXPECT_EQ(t.rows[i][1], "tail");
  }
}

TEST(Csv, NumbersAreShortestRoundTrip) {
  EXPECT_EQ(format_number(0.1), "0.1");
  EXPECT_EQ(format_number(144.0), "144");
  EXPECT_EQ(format_number(172800.0), "172800");
  EXPECT_EQ(format_number(-2.5), "-2.5");
  for (double v : {1.0 / 3, 2.0 / 3 * 1e-7, 86400.123456789, 1e300}) {
    const std::string s = format_number(v);
    double back = 0;
    std::from_chars(s.data(), s.data() + s.size(), back);
    EXPECT_EQ(back, v) << s;
  }
}

TEST(Csv, WriterRejectsRowsOfTheWrongWidth) {
  CsvWriter w({"a", "b"});
  w.field(1).field(2.5);
  w.end_row();
  w.field("only one");
  EXPECT_THROW(w.end_row(), std::logic_error);
  EXPECT_EQ(w.rows(), 1u);
}

TEST(Csv, ReaderGivesLineNumbersPastMultiLineFields) {
  const CsvTable t = parse_csv("a,b\n\"x\ny\",1\n2,3\r\n4,5", "f.csv");
  ASSERT_EQ(t.rows.size(), 3u);
  EXPECT_EQ(t.lines, (std::vector<int>{2, 4, 5}));
  EXPECT_EQ(t.rows[2][1], "5");
  EXPECT_EQ(t.column("b"), 1u);
  EXPECT_EQ(t.where(1), "f.csv:4");
  EXPECT_THROW(t.column("c"), std::runtime_error);
}

TEST(Csv, ReaderNamesTheLineOfAnError) {
  try {
    parse_csv("a,b\n1,2\n3\n", "f.csv");
    FAIL() << "expected an error";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("f.csv:3"));
  }
  EXPECT_THROW(parse_csv("a,b\n\"open,1\n", "f.csv"), std::runtime_error);
  EXPECT_THROW(parse_csv("a,b\n\"x\"y,1\n", "f.csv"), std::runtime_error);
  EXPECT_THROW(parse_csv("", "f.csv"), std::runtime_error);
}

// The names in folder `dir`, sorted.
std::vector<std::string> names_in(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST(Csv, WriteAtomicallyLeavesNoTemporary) {
  arsim::testing::TempDir dir;
  const std::string path = dir.file("out.csv");
  write_atomically(path, "a\n1\n");
  write_atomically(path, "a\n2\n");  // replaces
  EXPECT_EQ(arsim::testing::slurp(path), "a\n2\n");
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"out.csv"});
  EXPECT_THROW(write_atomically(dir.file("missing/out.csv"), "x"), std::runtime_error);
  EXPECT_THROW(read_csv(dir.file("missing.csv")), std::runtime_error);
}

// Two processes writing one file at once (two sweeps into one folder both write sweep.csv): each
// write succeeds and the file is always one writer's whole content, never a mix or a failure.
TEST(Csv, TwoProcessesWritingOneFileAtOnceBothSucceed) {
  arsim::testing::TempDir dir;
  const std::string path = dir.file("sweep.csv");
  const std::string a(4096, 'a'), b(8192, 'b');
  std::vector<pid_t> writers;
  for (const std::string* content : {&a, &b}) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      int failed = 0;
      for (int i = 0; i < 2000; ++i) try {
          write_atomically(path, *content);
        } catch (const std::exception&) {
          ++failed;
        }
      ::_exit(failed == 0 ? 0 : 1);
    }
    writers.push_back(pid);
  }
  for (const pid_t pid : writers) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "a write failed";
  }
  const std::string last = arsim::testing::slurp(path);
  EXPECT_TRUE(last == a || last == b) << last.size() << " bytes";
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"sweep.csv"});
}

}  // namespace
}  // namespace arsim::metrics
