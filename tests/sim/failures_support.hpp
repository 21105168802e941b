// The helpers of the end-to-end failure tests (failures_cli_test.cpp, monitoring_cli_test.cpp):
// one hand-made request on platforms/tiny.xml with state profiles written by the test.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "tests/sim/cli_support.hpp"

namespace arsim_test::failures {

// UserA's request 0: `cpus` on as many sites, over [7200, 10800) exactly (EST = LST), submitted
// at `submit`; `pairs` as in a request file.
inline constexpr const char* kReservationsHeader =
    "request_id,kind,resource,domain,start,end,amount,broken_at,released_at,repair\n";

inline std::string request(const std::string& cpus, const std::string& pairs, double submit = 0) {
  return fmt::format(
      "# id user type submit est lst duration service_level cpus pairs\n"
      "0 UserA 0 {} 7200 7200 3600 1 {} {}\n",
      submit, cpus, pairs);
}

// platforms/tiny.xml with a state profile ("TIME STATE" lines) on each of `profiles` (host or link
// id → profile text), the request file and a scenario reading both, in `dir`.
inline fs::path scenario(const fs::path& dir,
                         const std::vector<std::pair<std::string, std::string>>& profiles,
                         const std::string& requests, const std::string& extra = "") {
  std::string platform = slurp(fs::absolute("platforms/tiny.xml"));
  for (const auto& [id, text] : profiles) {
    const std::string file = "state-" + id.substr(id.find(':') + 1) + ".txt";
    std::ofstream(dir / file) << text;
    const std::string head = "id=\"" + id + "\"";
    platform.replace(platform.find(head), head.size(), head + " state_file=\"" + file + "\"");
  }
  std::ofstream(dir / "p.xml") << platform;
  std::ofstream(dir / "requests.txt") << requests;
  return write_scenario(dir, R"(<scenario name="f" kind="coallocation" runs="1" seed="7">
  <platform file="p.xml"/>
  <workload generator="file" file="requests.txt" arrival_end="7200" window_start="7200"
            window_end="36000"/>
  <user name="UserA" mean_interarrival="300"/>
  <grc planner="greedy" frames="4" order="time" hold_timeout="60"/>
  <output bucket="720" horizon="36000"/>
)" + extra + "</scenario>\n");
}

inline fs::path run(const fs::path& s, const std::string& args = "") {
  const auto out = s.parent_path() / "o";
  const auto r =
      arsim(fmt::format("run {} --out {} --audit --progress 0 {}", s.string(), out.string(), args));
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("audit: passed"), std::string::npos) << r.output;
  return out;
}

// A control message (1024 bytes) between two actors of the coordinator's host crosses SimGrid's
// loopback (10 GB/s, no latency) at the LV08 model's bandwidth factor 0.97.
inline constexpr double kLoopback = 1024 / (0.97 * 10e9);

// UserA resubmits once, 600 s after a rejection or a release.
inline fs::path with_policy(const fs::path& s) {
  std::string text = slurp(s);
  const std::string user = "mean_interarrival=\"300\"";
  text.replace(text.find(user), user.size(),
               user + " resubmit.attempts=\"1\" resubmit.delay=\"600\"");
  std::ofstream(s) << text;
  return s;
}

// A hold timeout of a whole frame (3600 s): a modification's parts would start at the break + the
// timeout or later, past the frame's end, so the GRC repairs nothing and releases the request
// (modification_cli_test.cpp has the repairs).
inline fs::path without_repair(const fs::path& s) {
  std::string text = slurp(s);
  const std::string timeout = "hold_timeout=\"60\"";
  text.replace(text.find(timeout), timeout.size(), "hold_timeout=\"3600\"");
  std::ofstream(s) << text;
  return s;
}

// Replaces `from` by `to` in `file` of run `out`, expects `arsim audit` to fail naming `expected`,
// and puts the file back.
inline void expect_audit_catches(const fs::path& out, const char* file, const std::string& from,
                                 const std::string& to, const std::string& expected) {
  const std::string original = slurp(out / file);
  std::string text = original;
  ASSERT_NE(text.find(from), std::string::npos) << text;
  text.replace(text.find(from), from.size(), to);
  std::ofstream(out / file) << text;
  const auto r = arsim("audit " + out.string());
  EXPECT_EQ(r.status, 1) << file << ": " << r.output;
  EXPECT_NE(r.output.find(expected), std::string::npos) << r.output;
  std::ofstream(out / file) << original;
}

// The value of a metric of summary.csv (user all, bucket all).
inline std::string metric(const fs::path& out, const std::string& name) {
  const std::string summary = slurp(out / "summary.csv");
  const auto at = summary.find("\n" + name + ",all,,all,");
  if (at == std::string::npos) return "absent";
  const auto from = at + name.size() + 11;
  return summary.substr(from, summary.find('\n', from) - from);
}

}  // namespace arsim_test::failures
