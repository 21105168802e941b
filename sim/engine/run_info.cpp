#include "sim/engine/run_info.hpp"

#include <cstdint>
#include <fstream>
#include <sstream>

#include <coin/CbcConfig.h>
#include <fmt/format.h>
#include <glpk.h>
#include <simgrid/config.h>
#include <xbt/base.h>
#include <simgrid/version.h>

#include "sim/metrics/csv.hpp"

#ifndef ARSIM_GIT_COMMIT
#define ARSIM_GIT_COMMIT "unknown"
#endif

namespace arsim::engine {

namespace {
std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\', out += c;
    else if (c == '\n') out += "\\n";
    else if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\u{:04x}", c);
    else out += c;
  }
  return out + "\"";
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

std::string fnv1a_hex(const std::string& bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return fmt::format("{:016x}", h);
}

void write_run_info(const std::string& dir, const scenario::RunSpec& spec,
                    const metrics::RunRecord& record, const std::string& platform_file,
                    const std::string& workload_text, double wall_seconds) {
  double planning = 0;
  std::size_t accepted = 0;
  for (const auto& r : record.requests) {
    planning += r.planning_wall;
    accepted += r.outcome == metrics::Outcome::Accepted;
  }
  std::string point = "{";
  for (std::size_t i = 0; i < spec.point.size(); ++i)
    point += (i ? ", " : "") + json_string(spec.point[i].first) + ": " +
             json_string(spec.point[i].second);
  point += "}";
  const std::string json = fmt::format(
      "{{\n  \"scenario\": {},\n  \"scenario_hash\": \"{}\",\n  \"platform\": {},\n"
      "  \"platform_hash\": \"{}\",\n  \"workload_hash\": \"{}\",\n  \"seed\": {},\n"
      "  \"run_index\": {},\n  \"point\": {},\n  \"requests\": {},\n  \"accepted\": {},\n"
      "  \"simulated_end\": {},\n  \"arsim_commit\": \"{}\",\n  \"simgrid\": {},\n"
      "  \"cbc\": \"{}\",\n  \"glpk\": \"{}\",\n  \"wall_seconds\": {:.3f},\n"
      "  \"planning_wall_seconds\": {:.6f}\n}}\n",
      json_string(spec.settings.source()), fnv1a_hex(spec.settings.canonical()),
      json_string(platform_file), fnv1a_hex(file_bytes(platform_file)), fnv1a_hex(workload_text),
      spec.settings.get_uint64("scenario.seed"), spec.run_index, point, record.requests.size(), accepted, record.end_time,
      ARSIM_GIT_COMMIT, json_string(SIMGRID_VERSION_STRING), CBC_VERSION, glp_version(),
      wall_seconds, planning);
  metrics::write_atomically(dir + "/run.json", json);
}

}  // namespace arsim::engine
