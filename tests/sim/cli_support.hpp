// Helpers of the tests that run the arsim binary end to end (cli_test.cpp, audit_cli_test.cpp):
// run it, read its files, write scenarios into scratch folders removed at exit.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include <fmt/format.h>

namespace arsim_test {

namespace fs = std::filesystem;

struct Result {
  int status;
  std::string output;  // stdout and stderr
};

// A shell command line: its exit status and output (stdout and stderr).
inline Result shell(const std::string& script) {
  FILE* p = popen(fmt::format("{} 2>&1", script).c_str(), "r");
  std::string out;
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  const int st = pclose(p);
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

inline Result arsim(const std::string& args) {
  return shell(fmt::format("{} {}", ARSIM_BINARY, args));
}

// The output of a shell command line.
inline std::string arsim_shell(const std::string& script) {
  FILE* p = popen(script.c_str(), "r");
  std::string out;
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  pclose(p);
  return out;
}

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The scratch directories of this process, removed when it exits.
struct ScratchDirs {
  std::vector<fs::path> dirs;
  ~ScratchDirs() {
    for (const auto& d : dirs) {
      std::error_code ignored;
      fs::remove_all(d, ignored);
    }
  }
};

inline fs::path scratch(const std::string& name) {
  static ScratchDirs all;
  fs::path dir = fs::temp_directory_path() / fmt::format("arsim-cli-{}-{}", name, getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  all.dirs.push_back(dir);
  return dir;
}

// The values of one column of a CSV text whose fields hold no quoted commas (arsim's files).
inline std::vector<std::string> column(const std::string& csv, const std::string& name) {
  auto split = [](const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string f; std::getline(in, f, ',');) out.push_back(f);
    return out;
  };
  std::istringstream rows(csv);
  std::string line;
  std::getline(rows, line);
  const auto header = split(line);
  const auto at = std::find(header.begin(), header.end(), name) - header.begin();
  std::vector<std::string> out;
  while (std::getline(rows, line)) out.push_back(split(line).at(at));
  return out;
}

// How often `what` occurs in `text`.
inline std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

inline std::size_t lines(const std::string& s) {
  return std::count(s.begin(), s.end(), '\n');
}

// Writes a scenario next to the test data (so its relative platform path resolves).
inline fs::path write_scenario(const fs::path& dir, const std::string& body) {
  fs::path f = dir / "s.xml";
  std::ofstream(f) << body;
  return f;
}

inline const char* kGood = R"(<scenario name="t" runs="1" seed="3">
  <platform file="PLATFORM"/>
  <workload generator="gridars" arrival_end="3600" window_start="3600" window_end="28800"
            durations="600" cpus="1 2" types="1 2"/>
  <user name="A" mean_interarrival="400"/>
  <grc planner="greedy" frames="3"/>
  <output bucket="720" horizon="28800"/>
</scenario>
)";

inline std::string good_scenario() {
  std::string s = kGood;
  s.replace(s.find("PLATFORM"), 8, fs::absolute("platforms/tiny.xml").string());
  return s;
}

}  // namespace arsim_test
