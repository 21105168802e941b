#include "schedulers/external/channel.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <stdexcept>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

extern char** environ;

namespace arsim::schedulers::external {

namespace {

constexpr std::size_t kMaxLine = std::size_t{1} << 30;  // one answer of a gigabyte at most

std::string errno_text(const std::string& what) {
  return fmt::format("{}: {}", what, std::strerror(errno));
}

// Waits until `fd` is ready for `events` or `timeout` seconds pass; false on timeout.
bool wait_for(int fd, short events, double timeout) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout);
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                          deadline - std::chrono::steady_clock::now())
                          .count();
    pollfd p{fd, events, 0};
    const int n = poll(&p, 1, static_cast<int>(std::max<long long>(left, 0)));
    if (n > 0) return true;
    if (n == 0) return false;
    if (errno != EINTR) throw std::runtime_error(errno_text("poll"));
  }
}

std::string status_text(int status) {
  if (WIFEXITED(status))
    return WEXITSTATUS(status) == 0 ? "" : fmt::format("exit status {}", WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return fmt::format("killed by signal {}", WTERMSIG(status));
  return "stopped";
}

}  // namespace

Channel Channel::start(const std::string& command, const std::string& directory, double timeout) {
  int pair[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
    throw std::runtime_error(errno_text("socketpair"));
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_init(&attr);
  posix_spawn_file_actions_adddup2(&actions, pair[1], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, pair[1], STDOUT_FILENO);
  if (!directory.empty()) posix_spawn_file_actions_addchdir_np(&actions, directory.c_str());
  // Its own process group, so that a client's own children are stopped with it.
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  std::string sh = "sh", dash_c = "-c", cmd = command;
  char* argv[] = {sh.data(), dash_c.data(), cmd.data(), nullptr};
  pid_t pid = -1;
  const int err = posix_spawn(&pid, "/bin/sh", &actions, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close(pair[1]);
  if (err != 0) {
    close(pair[0]);
    throw std::runtime_error(fmt::format("cannot start '{}': {}", command, std::strerror(err)));
  }
  return Channel(pair[0], pid, timeout);
}

Channel Channel::connect(const std::string& path, double timeout) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path.size() >= sizeof(addr.sun_path))
    throw std::runtime_error(fmt::format("socket path '{}' is too long", path));
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  const int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error(errno_text("socket"));
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof(addr)) != 0) {
    const std::string why = errno_text(fmt::format("cannot connect to '{}'", path));
    close(fd);
    throw std::runtime_error(why);
  }
  return Channel(fd, -1, timeout);
}

Channel::Channel(Channel&& o) noexcept
    : fd_(o.fd_), child_(o.child_), timeout_(o.timeout_), buffer_(std::move(o.buffer_)) {
  o.fd_ = -1;
  o.child_ = -1;
}

Channel::~Channel() {
  try {
    finish();
  } catch (...) {  // a destructor must not throw; finish() already killed what it could not reap
  }
}

void Channel::gone(const std::string& what) {
  std::string status = child_ > 0 ? reap(1.0) : "";
  throw std::runtime_error(status.empty() ? what : what + " (" + status + ")");
}

void Channel::write_line(const std::string& line) {
  std::string out = line + '\n';
  std::size_t done = 0;
  while (done < out.size()) {
    if (!wait_for(fd_, POLLOUT, timeout_))
      throw std::runtime_error(fmt::format("no room to write within {} s", timeout_));
    const ssize_t n = send(fd_, out.data() + done, out.size() - done, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      gone(errno == EPIPE ? "the client has exited" : errno_text("write"));
    }
    done += static_cast<std::size_t>(n);
  }
}

std::string Channel::read_line() {
  for (;;) {
    if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      return line;
    }
    if (buffer_.size() > kMaxLine) throw std::runtime_error("an answer longer than 1 GiB");
    if (!wait_for(fd_, POLLIN, timeout_))
      throw std::runtime_error(fmt::format("no answer within {} s", timeout_));
    char chunk[65536];
    const ssize_t n = recv(fd_, chunk, sizeof(chunk), 0);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      gone(errno_text("read"));
    }
    if (n == 0) gone("the client closed its output without answering");
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

std::string Channel::reap(double wait_seconds) {
  if (child_ <= 0) return "";
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::duration<double>(wait_seconds);
  int status = 0;
  for (;;) {
    const pid_t r = waitpid(child_, &status, WNOHANG);
    if (r == child_ || (r < 0 && errno != EINTR)) break;
    if (std::chrono::steady_clock::now() >= deadline) {
      kill(-child_, SIGKILL);
      waitpid(child_, &status, 0);
      child_ = -1;
      return fmt::format("killed after {} s", wait_seconds);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  kill(-child_, SIGKILL);  // whatever the client left running in its group
  child_ = -1;
  return status_text(status);
}

std::string Channel::finish() {
  if (fd_ >= 0) {
    shutdown(fd_, SHUT_WR);
    // Wait for the client's end of stream (or exit) before closing, within the timeout.
    if (child_ > 0) wait_for(fd_, POLLIN | POLLHUP, timeout_);
    close(fd_);
    fd_ = -1;
  }
  return reap(timeout_);
}

}  // namespace arsim::schedulers::external
