// CSV writing, quoting, reading and atomic writes (sim/metrics/csv.hpp).
#include "sim/metrics/csv.hpp"

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

TEST(Csv, WriteAtomicallyLeavesNoTemporary) {
  arsim::testing::TempDir dir;
  const std::string path = dir.file("out.csv");
  write_atomically(path, "a\n1\n");
  write_atomically(path, "a\n2\n");  // replaces
  EXPECT_EQ(arsim::testing::slurp(path), "a\n2\n");
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  EXPECT_THROW(write_atomically(dir.file("missing/out.csv"), "x"), std::runtime_error);
  EXPECT_THROW(read_csv(dir.file("missing.csv")), std::runtime_error);
}

}  // namespace
}  // namespace arsim::metrics
