// The byte stream of `external` (schedulers/external/channel.hpp): lines both ways, every wait
// bounded, a child that exits or hangs named and reaped.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <string>

#include <unistd.h>

#include "schedulers/external/channel.hpp"

namespace arsim::schedulers::external {
namespace {

// The process has ended: it no longer exists, or it is a zombie its new parent has not reaped.
bool ended(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string pid_text, name, state;
  if (!(stat >> pid_text >> name >> state)) return true;
  return state == "Z" || state == "X";
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(Channel, LinesGoThereAndBack) {
  auto c = Channel::start("cat", "", 5);
  c.write_line("first");
  c.write_line(std::string(300000, 'x'));  // more than one socket buffer
  EXPECT_EQ(c.read_line(), "first");
  EXPECT_EQ(c.read_line().size(), 300000u);
  EXPECT_EQ(c.finish(), "");
}

TEST(Channel, TheCommandRunsInTheGivenFolder) {
  auto c = Channel::start("pwd", "/", 5);
  EXPECT_EQ(c.read_line(), "/");
}

TEST(Channel, AClientThatExitsIsNamedWithItsStatus) {
  auto c = Channel::start("read line; exit 3", "", 5);
  c.write_line("hello");
  EXPECT_EQ(error_of([&] { c.read_line(); }),
            "the client closed its output without answering (exit status 3)");
}

TEST(Channel, WritingToAClientThatHasGoneIsAnErrorNotASignal) {
  auto c = Channel::start("exit 0", "", 5);
  std::string error;
  for (int i = 0; i < 100 && error.empty(); ++i)
    error = error_of([&] { c.write_line(std::string(100000, 'x')); });
  EXPECT_NE(error.find("the client has exited"), std::string::npos) << error;
}

TEST(Channel, ASilentClientTimesOut) {
  auto c = Channel::start("sleep 30", "", 0.2);
  c.write_line("anyone?");
  EXPECT_EQ(error_of([&] { c.read_line(); }), "no answer within 0.2 s");
  // It ignores the end of its input too: killed once the timeout has passed again.
  EXPECT_EQ(c.finish(), "killed after 0.2 s");
}

TEST(Channel, ACommandThatCannotRunIsNamed) {
  auto c = Channel::start("/nonexistent/client", "", 5);
  c.write_line("x");
  EXPECT_NE(error_of([&] { c.read_line(); }).find("exit status 127"), std::string::npos);
  EXPECT_NE(error_of([] { Channel::connect("/nonexistent/socket", 1); }).find("cannot connect"),
            std::string::npos);
}

TEST(Channel, TheClientsOwnChildrenEndWithIt) {
  // The client starts a background child that holds stdout open, then exits after `end`.
  auto c = Channel::start("sleep 30 & echo $!; read line", "", 0.5);
  const pid_t grandchild = std::stoi(c.read_line());
  c.finish();
  // Killed with the client's process group.
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    gone = ended(grandchild);
    if (!gone) usleep(10000);
  }
  EXPECT_TRUE(gone);
}

}  // namespace
}  // namespace arsim::schedulers::external
