#include "sim/engine/run_info.hpp"

#include <cstdint>
#include <fstream>
#include <sstream>

#include <coin/CbcConfig.h>
#include <fmt/format.h>
#include <glpk.h>
#include <simgrid/config.h>
#include <simgrid/version.h>
#include <xbt/base.h>

#include "sim/metrics/csv.hpp"

#ifndef ARSIM_GIT_COMMIT
#define ARSIM_GIT_COMMIT "unknown"
#endif

namespace arsim::engine {

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (c == '\n')
      out += "\\n";
    else if (static_cast<unsigned char>(c) < 0x20)
      out += fmt::format("\\u{:04x}", c);
    else
      out += c;
  }
  return out + "\"";
}

namespace {
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

std::string scenario_hash(const scenario::RunSpec& spec) {
  return fnv1a_hex(spec.settings.canonical());
}

namespace {
// The --set and --seed values the run was made with, as "key=value" in key order: with the
// scenario file they rebuild its settings (arsim audit).
std::string overrides_json(const scenario::Settings& s) {
  std::string out = "[";
  for (const auto& [key, setting] : s.all())
    if (setting.where.file == "--set")
      out += (out.size() > 1 ? ", " : "") + json_string(key + "=" + setting.value);
  return out + "]";
}
}  // namespace

void write_run_json(const std::string& dir, const scenario::RunSpec& spec, const JsonFields& extra,
                    double wall_seconds) {
  std::string point = "{";
  for (std::size_t i = 0; i < spec.point.size(); ++i)
    point += (i ? ", " : "") + json_string(spec.point[i].first) + ": " +
             json_string(spec.point[i].second);
  point += "}";
  JsonFields fields = {{"scenario", json_string(spec.settings.source())},
                       {"scenario_hash", json_string(scenario_hash(spec))},
                       {"seed", std::to_string(spec.settings.get_uint64("scenario.seed"))},
                       {"run_index", std::to_string(spec.run_index)},
                       {"point", point},
                       {"overrides", overrides_json(spec.settings)}};
  fields.insert(fields.end(), extra.begin(), extra.end());
  fields.insert(fields.end(), {{"arsim_commit", json_string(ARSIM_GIT_COMMIT)},
                               {"simgrid", json_string(SIMGRID_VERSION_STRING)},
                               {"cbc", json_string(CBC_VERSION)},
                               {"glpk", json_string(glp_version())},
                               {"wall_seconds", fmt::format("{:.3f}", wall_seconds)}});
  std::string json = "{\n";
  for (std::size_t i = 0; i < fields.size(); ++i)
    json += fmt::format("  {}: {}{}\n", json_string(fields[i].first), fields[i].second,
                        i + 1 < fields.size() ? "," : "");
  metrics::write_atomically(dir + "/run.json", json + "}\n");
}

std::string file_hash(const std::string& path) {
  return fnv1a_hex(file_bytes(path));
}

}  // namespace arsim::engine
