// Input files are read only when they are regular files of a bounded size: a FIFO, a device or a
// folder is refused at once with one line, never read (which would block or never end).
#include "base/files.hpp"

#include <sys/stat.h>

#include <fstream>

#include <gtest/gtest.h>

#include "base/input_error.hpp"
#include "tests/support/temp_dir.hpp"

namespace arsim::base {
namespace {

std::string error_of(const std::string& path, std::uintmax_t limit = kMaxInputBytes) {
  try {
    read_file(path, "test file", limit);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Files, RegularFilesAreRead) {
  arsim::testing::TempDir dir;
  std::ofstream(dir.file("a.txt")) << "hello";
  EXPECT_EQ(read_file(dir.file("a.txt"), "test file"), "hello");
}

TEST(Files, FifoDeviceFolderAndMissingFileAreRefusedWithoutReading) {
  arsim::testing::TempDir dir;
  ASSERT_EQ(::mkfifo(dir.file("fifo").c_str(), 0600), 0);
  EXPECT_EQ(error_of(dir.file("fifo")),
            dir.file("fifo") + ": cannot read test file: not a regular file");
  EXPECT_EQ(error_of("/dev/zero"), "/dev/zero: cannot read test file: not a regular file");
  EXPECT_EQ(error_of(dir.path()), dir.path() + ": cannot read test file: is a directory");
  EXPECT_EQ(error_of(dir.file("none")), dir.file("none") + ": cannot read test file: no such file");
}

TEST(Files, AFileLargerThanTheLimitIsRefused) {
  arsim::testing::TempDir dir;
  std::ofstream(dir.file("big")) << std::string(100, 'x');
  EXPECT_EQ(error_of(dir.file("big"), 10),
            dir.file("big") + ": cannot read test file: larger than 10 bytes (100)");
  EXPECT_EQ(read_file(dir.file("big"), "test file", 100).size(), 100u);
}

}  // namespace
}  // namespace arsim::base
