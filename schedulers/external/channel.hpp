// The byte stream of an `external` algorithm (docs/guide/protocol.md): a command started as a
// child (`sh -c COMMAND` in its own process group, its stdin and stdout one end of a socket pair),
// or a Unix socket some program listens on. Lines out, lines in, every wait bounded by a timeout.
// A socket, not pipes, so that writing to a client that has gone fails with an error instead of
// killing arsim with SIGPIPE.
#pragma once

#include <sys/types.h>
#include <string>

namespace arsim::schedulers::external {

class Channel {
 public:
  // Starts `command` in `directory` (empty: the current one). Throws std::runtime_error.
  static Channel start(const std::string& command, const std::string& directory, double timeout);
  // Connects to the Unix socket at `path`. Throws std::runtime_error.
  static Channel connect(const std::string& path, double timeout);

  Channel(Channel&& other) noexcept;
  Channel& operator=(Channel&&) = delete;
  Channel(const Channel&) = delete;
  ~Channel();  // closes the socket and reaps the child, killing it if it outlives the timeout

  // Writes `line` and a newline. Throws std::runtime_error when the other side has gone or does
  // not read within the timeout.
  void write_line(const std::string& line);
  // The next line, without its newline. Throws std::runtime_error on end of stream (naming the
  // child's exit status), after the timeout, or past max_line bytes.
  std::string read_line();
  // Says no more is coming (shuts the writing side), then waits up to the timeout for the child to
  // exit; kills its process group if it has not. Returns its exit status text ("" when it
  // exited with status 0, or there is no child).
  std::string finish();

 private:
  Channel(int fd, pid_t child, double timeout) : fd_(fd), child_(child), timeout_(timeout) {}
  std::string reap(double wait_seconds);
  [[noreturn]] void gone(const std::string& what);

  int fd_ = -1;
  pid_t child_ = -1;
  double timeout_ = 60;
  std::string buffer_;  // bytes read past the last line
};

}  // namespace arsim::schedulers::external
