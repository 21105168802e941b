// The SWF reader: format corners, error messages with line numbers, gzip, and the real traces.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <zlib.h>

#include "workloads/intervals/swf.hpp"

using namespace arsim::workloads;

namespace {

const char* kSample =
    "; Version: 2.2\n"
    "; MaxJobs: 99\n"
    "\n"
    "    1   0   5   10   4  -1 -1  4  60 -1 1 1 1 -1 -1 -1 -1 -1\n"
    "    2  30  -1   -1   1  -1 -1  1  -1 -1 0 1 1 -1 -1 -1 -1 -1\n"
    "   \t\n"
    "    3  40   0  2.5  -1  -1 -1  8  60 -1 1 2 1 -1 -1 -1  1 -1\n";

std::string error_of(const std::string& text) {
  std::istringstream in(text);
  try {
    parse_swf(in, "t.swf");
  } catch (const SwfError& e) {
    return e.what();
  }
  return "";
}

// Tests run from the source root; the traces are part of the project (data/README.md).
std::string trace(const std::string& name) {
  return "data/traces/" + name;
}

}  // namespace

TEST(Swf, ReadsJobsCommentsBlankLinesAndMissingFields) {
  std::istringstream in(kSample);
  const SwfTrace t = parse_swf(in, "sample.swf");
  EXPECT_EQ(t.header.size(), 2u);
  EXPECT_EQ(t.jobs, 3);
  EXPECT_EQ(t.skipped, 1);  // job 2 has no run time
  ASSERT_EQ(t.tasks.size(), 2u);
  EXPECT_EQ(t.tasks[0].id, 1);
  EXPECT_EQ(t.tasks[0].start, 0);
  EXPECT_EQ(t.tasks[0].duration(), 10);
  EXPECT_EQ(t.tasks[0].processors, 4);
  EXPECT_EQ(t.tasks[1].id, 3);
  EXPECT_EQ(t.tasks[1].duration(), 2.5);
  EXPECT_EQ(t.tasks[1].processors, 8);   // allocated -1: the requested count
  EXPECT_EQ(t.tasks[1].predecessor, 0);  // preceding job 1 is task index 0
}

TEST(Swf, MalformedLinesNameFileLineAndField) {
  const std::string head = "; c\n    1   0   5   10   4  -1 -1  4  60 -1 1 1 1 -1 -1 -1 -1 -1\n";
  EXPECT_EQ(error_of(head + "2 5 1\n"), "t.swf:3: expected 18 fields, got 3");
  EXPECT_EQ(error_of(head + "2 x5 1 3 4 -1 -1 4 60 -1 1 1 1 -1 -1 -1 -1 -1\n"),
            "t.swf:3: field 'submit_time': expected a number, got 'x5'");
  EXPECT_EQ(error_of(head + "2 5 1 -7 4 -1 -1 4 60 -1 1 1 1 -1 -1 -1 -1 -1\n"),
            "t.swf:3: field 'run_time': expected a number >= 0 or -1, got '-7'");
  EXPECT_EQ(error_of(head + "2.5 5 1 3 4 -1 -1 4 60 -1 1 1 1 -1 -1 -1 -1 -1\n"),
            "t.swf:3: field 'job_number': expected an integer in [-2147483648, 2147483647], "
            "got '2.5'");
}

// Fields that become ints are whole numbers in int's range, and a job's end is finite: found by
// fuzzing (tests/fuzz/fuzz_swf.cpp), where converting 8.5e53 to an int was undefined behaviour.
TEST(Swf, IntegerFieldsOutOfRangeAndInfiniteEndsAreErrors) {
  const std::string rest = " -1 1 1 1 -1 -1 -1 -1 -1\n";
  EXPECT_EQ(error_of("8.5e53 0 5 10 4 -1 -1 4 60" + rest),
            "t.swf:1: field 'job_number': expected an integer in [-2147483648, 2147483647], "
            "got '8.5e53'");
  EXPECT_EQ(error_of("1 0 5 10 2147483648 -1 -1 4 60" + rest),
            "t.swf:1: field 'allocated_processors': expected an integer in [-2147483648, "
            "2147483647], got '2147483648'");
  EXPECT_EQ(error_of("1 0 5 10 -1 -1 -1 2.5 60" + rest),
            "t.swf:1: field 'requested_processors': expected an integer in [-2147483648, "
            "2147483647], got '2.5'");
  EXPECT_EQ(error_of("1 0 5 10 4 -1 -1 4 60 -1 1 1 1 -1 -1 -1 1e300 -1\n"),
            "t.swf:1: field 'preceding_job': expected an integer in [-2147483648, 2147483647], "
            "got '1e300'");
  EXPECT_EQ(error_of("1 1e308 5 1.7e308 4 -1 -1 4 60" + rest),
            "t.swf:1: field 'run_time': expected submit_time + run_time to be a finite number, "
            "got '1e308' + '1.7e308'");
  // A skipped job (no run time) still needs a valid job number; its processors are not read.
  EXPECT_EQ(error_of("1 0 5 -1 1e12 -1 -1 4 60" + rest), "");
}

TEST(Swf, ReadsGzipAndPlainFilesAlike) {
  const auto dir = std::filesystem::temp_directory_path();
  const std::string plain = (dir / "arsim_swf_test.swf").string(),
                    gz = (dir / "arsim_swf_test.swf.gz").string();
  std::ofstream(plain) << kSample;
  gzFile f = gzopen(gz.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  gzputs(f, kSample);
  gzclose(f);
  EXPECT_EQ(read_swf(plain).tasks.size(), 2u);
  EXPECT_EQ(read_swf(gz).tasks.size(), 2u);
  EXPECT_THROW(read_swf((dir / "arsim_no_such_file.swf").string()), SwfError);
  std::remove(plain.c_str());
  std::remove(gz.c_str());
}

TEST(Swf, RealTracesOfTheParallelWorkloadsArchive) {
  ASSERT_TRUE(std::filesystem::exists(trace("KTH-SP2-1996-2.1-cln.swf")))
      << "the Parallel Workloads Archive traces are expected in data/traces/";
  const SwfTrace kth = read_swf(trace("KTH-SP2-1996-2.1-cln.swf"));
  EXPECT_EQ(kth.jobs, 28476);  // the header claims MaxJobs 28490
  EXPECT_EQ(kth.tasks.size() + kth.skipped, 28476u);
  EXPECT_EQ(kth.tasks.front().id, 15);
  EXPECT_EQ(kth.tasks.front().start, 599850);
  const SwfTrace nasa = read_swf(trace("NASA-iPSC-1993-3.1-cln.swf.gz"));
  EXPECT_EQ(nasa.jobs, 18239);
  EXPECT_EQ(nasa.tasks.size() + nasa.skipped, 18239u);
  // A cut of the real file gets the line number of the cut.
  std::ifstream in(trace("KTH-SP2-1996-2.1-cln.swf"));
  std::string text, line;
  for (int k = 0; k < 40 && std::getline(in, line); ++k) text += line + "\n";
  text += line.substr(0, 20) + "\n";
  const std::string err = error_of(text);
  EXPECT_NE(err.find("t.swf:41: expected 18 fields"), std::string::npos) << err;
}
