#include "sim/platform/platform_check.hpp"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <csignal>
#include <cstring>
#include <exception>
#include <memory>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "sim/engine/start_engine.hpp"
#include "sim/platform/routes.hpp"

namespace arsim::platform {

namespace {

// The child's side: load, read, report. Never returns.
[[noreturn]] void child(const std::string& file, const ReadOptions& options, int trace_fd,
                        int error_fd) {
  ::dup2(error_fd, STDERR_FILENO);  // SimGrid's last words, read by the parent
  ::dup2(error_fd, STDOUT_FILENO);
  int status = 0;
  try {
    const auto engine = engine::start_engine({"--log=root.thresh:critical"});
    engine->load_platform(file);
    engine->seal_platform();
    trace_route_lookups(trace_fd);
    read_platform(*engine, file, options);
    trace_route_lookups(-1);
  } catch (const InputError& e) {
    std::string line = std::string("input: ") + e.what() + "\n";
    [[maybe_unused]] auto n = ::write(trace_fd, line.data(), line.size());
    status = 2;
  } catch (const std::exception& e) {
    std::string line = std::string("error: ") + e.what() + "\n";
    [[maybe_unused]] auto n = ::write(trace_fd, line.data(), line.size());
    status = 3;
  }
  ::_exit(status);  // no destructors of the parent's objects in the child
}

// Reads both pipes to their end (the child may fill either first).
std::array<std::string, 2> drain(std::array<int, 2> fds) {
  std::array<std::string, 2> text;
  std::array<pollfd, 2> polled{pollfd{fds[0], POLLIN, 0}, pollfd{fds[1], POLLIN, 0}};
  int open = 2;
  char buffer[4096];
  while (open > 0) {
    if (::poll(polled.data(), polled.size(), -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (std::size_t i = 0; i < 2; ++i) {
      if (polled[i].fd < 0 || !(polled[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const auto n = ::read(polled[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        if (text[i].size() < (1u << 20)) text[i].append(buffer, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        polled[i].fd = -1;
        --open;
      }
    }
  }
  return text;
}

std::string last_line_starting(const std::string& text, const std::string& prefix) {
  std::istringstream in(text);
  std::string line, found;
  while (std::getline(in, line))
    if (line.rfind(prefix, 0) == 0) found = line.substr(prefix.size());
  return found;
}

// SimGrid's reason: the first critical line, without its "[time] file:line: [cat/CRITICAL] " head.
std::string simgrid_reason(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const auto at = line.find("CRITICAL] ");
    if (at != std::string::npos) return line.substr(at + 10);
  }
  return "";
}

// The pair of a look-up that started ("FROM TO") and never ended ("-"), if any.
std::string last_pair(const std::string& trace) {
  std::istringstream in(trace);
  std::string line, last;
  while (std::getline(in, line))
    if (line == "-")
      last.clear();
    else if (line.rfind("input: ", 0) != 0 && line.rfind("error: ", 0) != 0)
      last = line;
  return last;
}

void check_in_child(const std::string& file, const ReadOptions& options);

}  // namespace

void check_platform_in_child(const std::string& file, const ReadOptions& options) {
  // A sweep checks every point before running any: each platform once per process is enough.
  static std::set<std::string> passed;
  const std::string key = fmt::format("{}|{}|{}|{}", file, options.default_paths,
                                      options.max_default_paths, options.control_routes);
  if (passed.count(key)) return;
  check_in_child(file, options);
  passed.insert(key);
}

namespace {

void check_in_child(const std::string& file, const ReadOptions& options) {
  int trace[2], errors[2];
  if (::pipe(trace) != 0) throw std::runtime_error("pipe: " + std::string(std::strerror(errno)));
  if (::pipe(errors) != 0) {
    ::close(trace[0]);
    ::close(trace[1]);
    throw std::runtime_error("pipe: " + std::string(std::strerror(errno)));
  }
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork: " + std::string(std::strerror(errno)));
  if (pid == 0) {
    ::close(trace[0]);
    ::close(errors[0]);
    child(file, options, trace[1], errors[1]);
  }
  ::close(trace[1]);
  ::close(errors[1]);
  const auto [trace_text, error_text] = drain({trace[0], errors[0]});
  ::close(trace[0]);
  ::close(errors[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 2)
    throw InputError(last_line_starting(trace_text, "input: "));
  std::string reason = last_line_starting(trace_text, "error: ");
  if (reason.empty()) reason = simgrid_reason(error_text);
  if (reason.empty())
    reason = WIFSIGNALED(status) ? std::string("killed by signal ") + strsignal(WTERMSIG(status))
                                 : "exit status " + std::to_string(WEXITSTATUS(status));
  const std::string pair = last_pair(trace_text);
  const auto space = pair.find(' ');
  const std::string where = pair.empty() || space == std::string::npos
                                ? ""
                                : " while looking up the route from host '" +
                                      pair.substr(0, space) + "' to host '" +
                                      pair.substr(space + 1) + "'";
  throw InputError(file + ": SimGrid cannot use this platform" + where + ": " + reason);
}

}  // namespace

}  // namespace arsim::platform
