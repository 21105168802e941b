#include "sim/platform/platform_check.hpp"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <csignal>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <sstream>
#include <string_view>

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
    const PlatformView view = read_platform(*engine, file, options);
    trace_route_lookups(-1);
    const std::string line = fmt::format("size: {} {} {}\n", view.graph.sites().size(),
                                         view.graph.edge_count(), view.profiled.size());
    [[maybe_unused]] auto n = ::write(trace_fd, line.data(), line.size());
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

// What the parent keeps of the child's trace pipe, read line by line as it comes: a platform of a
// few hundred hosts announces millions of look-ups, and only the last of each sort matters.
struct Trace {
  std::string partial;  // a line not ended yet
  std::string input, error, pair;
  PlatformSize size;

  void take(const char* data, std::size_t n) {
    partial.append(data, n);
    std::size_t start = 0;
    for (std::size_t end; (end = partial.find('\n', start)) != std::string::npos; start = end + 1)
      line(std::string_view(partial).substr(start, end - start));
    partial.erase(0, start);
  }

  void line(std::string_view l) {
    if (l.rfind("input: ", 0) == 0) {
      input = l.substr(7);
    } else if (l.rfind("error: ", 0) == 0) {
      error = l.substr(7);
    } else if (l.rfind("size: ", 0) == 0) {
      std::istringstream in{std::string(l.substr(6))};
      in >> size.sites >> size.paths >> size.profiles;
    } else {
      pair = l == "-" ? "" : std::string(l);  // "-": the look-up of "FROM TO" ended
    }
  }
};

// Reads both pipes to their end (the child may fill either first): the trace into `trace`, the
// child's stderr (SimGrid's last words) up to 1 MiB.
std::string drain(std::array<int, 2> fds, Trace& trace) {
  std::string errors;
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
      if (n > 0 && i == 0) {
        trace.take(buffer, static_cast<std::size_t>(n));
      } else if (n > 0) {
        if (errors.size() < (1u << 20)) errors.append(buffer, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        polled[i].fd = -1;
        --open;
      }
    }
  }
  return errors;
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

PlatformSize check_in_child(const std::string& file, const ReadOptions& options);

}  // namespace

PlatformSize check_platform_in_child(const std::string& file, const ReadOptions& options) {
  // A sweep checks every point before running any: each platform once per process is enough.
  static std::map<std::string, PlatformSize> passed;
  const std::string key =
      fmt::format("{}|{}|{}|{}|{}", file, options.default_paths, options.max_default_paths,
                  options.control_routes, options.failures);
  const auto found = passed.find(key);
  if (found != passed.end()) return found->second;
  const PlatformSize size = check_in_child(file, options);
  passed.emplace(key, size);
  return size;
}

namespace {

PlatformSize check_in_child(const std::string& file, const ReadOptions& options) {
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
  Trace traced;
  const std::string error_text = drain({trace[0], errors[0]}, traced);
  ::close(trace[0]);
  ::close(errors[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return traced.size;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 2) throw InputError(traced.input);
  std::string reason = traced.error;
  if (reason.empty()) reason = simgrid_reason(error_text);
  if (reason.empty())
    reason = WIFSIGNALED(status) ? std::string("killed by signal ") + strsignal(WTERMSIG(status))
                                 : "exit status " + std::to_string(WEXITSTATUS(status));
  const std::string& pair = traced.pair;
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
